//! Settings, theme, command palette and navigation.

use std::time::Duration;

use egui_kittest::kittest::{NodeT, Queryable};
use leasedesk::ui::commands;
use leasedesk::ui::panes::Nav;
use leasedesk::ui::theme::ThemeChoice;

use crate::support::{TestApp, app};

#[test]
fn switching_theme() {
    let mut t = app();
    t.click("Settings");
    assert_eq!(t.harness.state().nav, Nav::Settings);
    t.click("Dark");
    t.harness.step();
    assert_eq!(t.harness.ctx.theme(), egui::Theme::Dark);
    assert_eq!(t.harness.state().prefs().theme, ThemeChoice::Dark);
    t.click("Light");
    t.harness.step();
    assert_eq!(t.harness.ctx.theme(), egui::Theme::Light);
}

#[test]
fn the_high_contrast_theme_is_white_on_black_and_kept() {
    use leasedesk::ui::theme::{Tokens, is_high_contrast};
    let mut t = app();
    t.click("Settings");
    t.click("High contrast");
    t.harness.step();
    assert_eq!(t.harness.ctx.theme(), egui::Theme::Dark);
    let visuals = t.harness.ctx.global_style().visuals.clone();
    assert!(is_high_contrast(&visuals));
    assert_eq!(visuals.panel_fill, egui::Color32::BLACK);
    assert_eq!(Tokens::for_ctx(&t.harness.ctx), Tokens::high_contrast());
    assert_eq!(t.harness.state().prefs().theme, ThemeChoice::HighContrast);
    // Dark again is the ordinary dark theme.
    t.click("Dark");
    t.harness.step();
    assert!(!is_high_contrast(&t.harness.ctx.global_style().visuals));
    assert_eq!(
        Tokens::for_ctx(&t.harness.ctx),
        Tokens::for_theme(egui::Theme::Dark)
    );
}

#[test]
fn the_command_palette_runs_commands_from_the_keyboard() {
    let mut t = app();
    t.harness.step();
    t.harness
        .key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::K);
    t.harness.step();
    t.harness.get_by_label("Command");
    t.harness
        .get_by_label("Command")
        .type_text("go to settings");
    t.harness.step();
    t.harness.key_press(egui::Key::Enter);
    t.harness.step();
    t.harness.step();
    assert_eq!(t.harness.state().nav, Nav::Settings);
    assert!(
        t.harness.query_by_label("Command").is_none(),
        "the palette closed"
    );
}

#[test]
fn the_palette_finds_my_day_and_keeps_the_highlighted_entry_in_view() {
    let mut t = app();
    t.harness.step();
    t.harness
        .key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::K);
    t.harness.step();
    // The list is taller than its 320-point window: the last entry starts out of view.
    let list_top = t.harness.get_by_label("Command").rect().bottom();
    let last = "Help: the user guide";
    let below = |t: &TestApp| t.harness.get_by_label(last).rect().bottom() - list_top;
    assert!(below(&t) > 340.0, "the last entry starts in view");
    // Past the end (the highlight stops at the last entry), however many commands there are.
    for _ in 0..commands::catalogue().len() + 5 {
        t.harness.key_press(egui::Key::ArrowDown);
        t.harness.step();
    }
    t.harness.run_steps(4);
    assert!(
        below(&t) <= 340.0,
        "the highlighted entry is {} points below the filter",
        below(&t)
    );
    // What people call things finds the command.
    t.type_into("Command", "my day");
    t.harness.step();
    t.harness.key_press(egui::Key::Enter);
    t.harness.step();
    t.harness.step();
    assert_eq!(t.harness.state().nav, Nav::Calendar);
}

#[test]
fn every_pane_opens_from_the_navigation_and_the_palette() {
    let mut t = app();
    for (nav, heading) in [
        (
            Nav::Campaigns,
            "Choose a campaign on the left to see its RSVP board.",
        ),
        (Nav::Admissions, "Admission checklist"),
        (Nav::Users, "Create users"),
        (Nav::Plugin, "Plugin endpoint"),
        (Nav::MoveIn, "Who is moving in?"),
    ] {
        t.click(&nav.title());
        assert_eq!(t.harness.state().nav, nav);
        t.wait_for_text(heading);
    }
    // The palette runs the same navigation.
    t.harness
        .key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::K);
    t.harness.step();
    t.type_into("Command", "go to inventory");
    t.harness.key_press(egui::Key::Enter);
    t.harness.step();
    t.harness.step();
    assert_eq!(t.harness.state().nav, Nav::Inventory);
}

#[test]
fn sandbox_needs_no_credentials_and_settings_say_where_secrets_live() {
    let mut t = app();
    t.click("Settings");
    t.wait_for_text("In use");
    t.harness.get_by_label_contains(
        "No system keyring can be used: this run keeps secrets for the session only. \
         The subscription key and password are kept for this session only",
    );
    t.step_until("connected", Duration::from_secs(60), |h| {
        h.query_by_label_contains("Connected to the embedded sandbox")
            .is_some()
    });
}

#[test]
fn test_connection_says_what_failed_and_profiles_switch_without_restart() {
    let mut t = app();
    t.step_until("the sandbox", Duration::from_secs(60), |h| {
        matches!(
            h.state().backend().connection().link(),
            leasedesk::engine::Link::Sandbox { .. }
        )
    });
    let leasedesk::engine::Link::Sandbox { base_url, .. } =
        t.harness.state().backend().connection().link()
    else {
        unreachable!()
    };
    t.click("Settings");
    t.field("Profile name").focus();
    t.harness.step();
    t.harness
        .key_combination_modifiers(egui::Modifiers::COMMAND, &[egui::Key::A]);
    t.type_into("Profile name", "Training");
    t.field("Base URL").focus();
    t.harness.step();
    t.harness
        .key_combination_modifiers(egui::Modifiers::COMMAND, &[egui::Key::A]);
    t.type_into("Base URL", &base_url);
    t.type_into("PortalId", "4200");
    t.type_into("Subscription key", "wrong-key");
    t.click("Test connection");
    t.wait_for_text("was refused");
    // A valid key on a portal it may not use.
    t.field("Subscription key").focus();
    t.harness.step();
    t.harness
        .key_combination_modifiers(egui::Modifiers::COMMAND, &[egui::Key::A]);
    t.type_into("Subscription key", leasedesk::sandbox::SECOND_KEY);
    t.click("Test connection");
    t.wait_for_text("may not use this PortalId");
    t.field("Subscription key").focus();
    t.harness.step();
    t.harness
        .key_combination_modifiers(egui::Modifiers::COMMAND, &[egui::Key::A]);
    t.type_into("Subscription key", leasedesk::sandbox::DEMO_KEY);
    t.click("Test connection");
    t.wait_for_text("Connected: portal 4200 has 3 communities");
    t.click("Save and connect");
    t.wait_for_text("Connected to Training");
    assert_eq!(
        t.harness.state().prefs().active_profile.as_deref(),
        Some("Training")
    );
    assert!(
        t.harness.query_by_label("Sandbox · demo data").is_none(),
        "the badge goes with the sandbox"
    );
    t.click("Use the sandbox");
    t.wait_for_text("Connected to the embedded sandbox");
    assert_eq!(t.harness.state().prefs().active_profile, None);
}

#[test]
fn keeping_an_offline_copy_counts_from_save_and_connect_not_from_the_next_start() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = crate::support::Setup {
        keyring: true,
        data_dir: Some(dir.path().to_path_buf()),
        ..crate::support::Setup::default()
    }
    .start();
    t.wait_connected();
    let leasedesk::engine::Link::Sandbox { base_url, .. } =
        t.harness.state().backend().connection().link()
    else {
        unreachable!()
    };
    t.click("Settings");
    t.field("Profile name").focus();
    t.harness.step();
    t.harness
        .key_combination_modifiers(egui::Modifiers::COMMAND, &[egui::Key::A]);
    t.type_into("Profile name", "Kept");
    t.field("Base URL").focus();
    t.harness.step();
    t.harness
        .key_combination_modifiers(egui::Modifiers::COMMAND, &[egui::Key::A]);
    t.type_into("Base URL", &base_url);
    t.type_into("PortalId", "4200");
    t.type_into("Subscription key", leasedesk::sandbox::DEMO_KEY);
    t.click("Save and connect");
    t.wait_for_text("Connected to Kept");
    t.step_until("the copy opened", Duration::from_secs(60), |h| {
        h.state().backend().outbox().kind().is_some()
    });
    assert_eq!(
        t.harness.state().backend().outbox().kind(),
        Some(leasedesk::engine::OutboxKind::ThisRunOnly),
        "not ticked: nothing kept on disk"
    );
    // Ticked now, on the connection in use.
    t.click("Keep an encrypted offline copy of this portal on this computer");
    t.click("Save and connect");
    t.step_until("the copy on disk", Duration::from_secs(60), |h| {
        h.state().backend().outbox().kind() == Some(leasedesk::engine::OutboxKind::OnDisk)
    });
    assert_eq!(
        t.harness.state().backend().outbox().kind(),
        Some(leasedesk::engine::OutboxKind::OnDisk),
        "changes made offline from now on survive a restart"
    );
    let status = t.harness.state().backend().offline_copy().status();
    assert!(status.on_disk, "{status:?}");
    let store = leasedesk::engine::store::Store::path_for(
        dir.path(),
        &leasedesk::engine::store_id::profile("Kept", 4200),
    );
    assert!(store.exists(), "{}", store.display());
}

/// Who the service takes this desk for is on screen: in the top bar, and in Settings with the
/// user's id.
#[test]
fn who_is_signed_in_is_shown_in_the_top_bar_and_in_settings() {
    let mut t = app();
    t.step_until("the signed-in user known", Duration::from_secs(60), |h| {
        h.state().backend().connection().me().is_some()
    });
    let me = t.harness.state().backend().connection().me().unwrap();
    assert!(!me.name.is_empty());
    t.wait_for_label(&format!("Signed in as {}", me.name));
    t.click("Settings");
    t.wait_for_text(&format!("Signed in as {} (user {})", me.name, me.user_id));
}

#[test]
fn a_profile_name_that_folds_to_anothers_is_refused_and_what_was_typed_stays() {
    use leasedesk::ui::prefs::{Prefs, Profile};
    let mut t = crate::support::app_with(Prefs {
        profiles: vec![Profile {
            name: "Maple Grove".into(),
            base_url: "https://api.example.com".into(),
            portal_id: "4200".into(),
            ..Profile::default()
        }],
        ..Prefs::default()
    });
    t.wait_connected();
    t.click("Settings");
    t.click("New profile");
    t.replace_text("Profile name", "maple_grove!");
    t.replace_text("Base URL", "https://other.example.com");
    t.replace_text("PortalId", "4300");
    t.type_into("Subscription key", "some-key");
    t.click("Save");
    t.wait_for_text("A profile named \"Maple Grove\" exists");
    assert_eq!(t.harness.state().prefs().profiles.len(), 1, "not saved");
    assert_eq!(
        t.field("Profile name").value().as_deref(),
        Some("maple_grove!"),
        "what was typed stays"
    );
}

/// The system's text size (GNOME's text-scaling-factor, Windows' Text size) is followed when
/// it changes, on top of the user's own zoom, and only the user's own zoom is saved.
#[test]
fn the_systems_text_size_is_followed_and_the_users_zoom_kept() {
    let mut t = app();
    t.harness.step();
    assert!((t.harness.ctx.zoom_factor() - 1.0).abs() < 0.01);
    t.text_scale.set(1.5);
    t.harness.step();
    t.harness.step();
    assert!(
        (t.harness.ctx.zoom_factor() - 1.5).abs() < 0.01,
        "{}",
        t.harness.ctx.zoom_factor()
    );
    assert!((t.harness.state().prefs().zoom - 1.0).abs() < 0.01);
    // The user zooms in on top of it; the system goes back to normal; their zoom stays.
    t.harness
        .key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Plus);
    t.harness.step();
    let own = t.harness.state().prefs().zoom;
    assert!(own > 1.05, "the user's own zoom: {own}");
    t.text_scale.set(1.0);
    t.harness.step();
    t.harness.step();
    assert!((t.harness.ctx.zoom_factor() - own).abs() < 0.01);
    assert!((t.harness.state().prefs().zoom - own).abs() < 0.01);
}

/// WCAG 2.2's 3.3.8 (Accessible Authentication): nothing is to be remembered or transcribed;
/// the subscription key and the password are pasted (from a password manager) and work.
#[test]
fn the_key_and_password_are_pasted_from_a_password_manager() {
    let mut t = crate::support::app();
    t.wait_connected();
    let base_url = crate::support::sandbox_connection(&t).base_url;
    t.click("Settings");
    t.type_into("Profile name", "Pasted");
    t.replace_text("Base URL", &base_url);
    t.type_into("PortalId", "4200");
    for field in ["Subscription key", "Password (optional)"] {
        t.field(field).focus();
        t.harness.step();
        let secret = if field == "Subscription key" {
            leasedesk::sandbox::DEMO_KEY
        } else {
            "a password from the manager"
        };
        t.send_in_one_frame(vec![egui::Event::Paste(secret.to_owned())]);
        t.harness.step();
    }
    t.click("Test connection");
    t.wait_for_text("Connected: portal 4200 has 3 communities");
}

/// WCAG 2.4.2 (Page Titled, as WCAG2ICT applies it to a window): the window's title says
/// what it is connected to, and changes with it.
#[test]
fn the_window_title_says_which_portal_the_desk_works_on() {
    let mut t = crate::support::app();
    t.wait_connected();
    t.step_until("the title", Duration::from_secs(10), |h| {
        h.state().window_title() == "LeaseDesk — portal 4200 (sandbox, demo data)"
    });
    // The name a screen reader says of the window (Orca read "frame" before it had one).
    t.harness.run_steps(2);
    assert_eq!(
        t.harness.root().accesskit_node().label().as_deref(),
        Some("LeaseDesk — portal 4200 (sandbox, demo data)")
    );
    t.click("Settings");
    t.click("Use the second demo portal");
    t.step_until("the second portal's title", Duration::from_secs(60), |h| {
        h.state().window_title() == "LeaseDesk — portal 4300 (sandbox, demo data)"
    });
}
