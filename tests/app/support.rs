//! Building the app for a test and waiting for asynchronous results.

use std::time::{Duration, Instant};

use chrono::{TimeZone, Utc};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use leasedesk::api::{Client, ClientOptions, Connection, Secret};
use leasedesk::clock::Clock;
use leasedesk::engine::Backend;
use leasedesk::engine::Link;
use leasedesk::engine::secrets::SecretStore;
use leasedesk::sandbox::{DEMO_KEY, SandboxConfig, Storage};
use leasedesk::ui::prefs::Prefs;
use leasedesk::ui::reminders::RecordingSink;
use leasedesk::ui::{AppConfig, LeaseDeskApp};

pub struct TestApp {
    pub harness: Harness<'static, LeaseDeskApp>,
    /// The clock the app and its sandbox share; tests move it forward.
    pub clock: Clock,
    /// Reminders the app sent (instead of desktop notifications).
    pub reminders: RecordingSink,
    /// Whether a click first waits for the engine to rest (see [`TestApp::wait_at_rest`]);
    /// off in a test whose point is a click while a read hangs.
    pub rest_before_clicks: bool,
    /// The system's text size as the app sees it; tests change it.
    pub text_scale: leasedesk::ui::text_scale::SystemTextScale,
    // Dropped after the harness: the backend's tasks run here.
    _runtime: tokio::runtime::Runtime,
}

pub fn clock() -> Clock {
    Clock::fixed(Utc.with_ymd_and_hms(2026, 11, 21, 15, 0, 0).unwrap())
}

/// How a test's app is set up; `Setup::default()` is a fresh in-memory sandbox with the demo
/// seed, light theme, 1360×840, nothing kept on disk.
#[derive(Default)]
pub struct Setup {
    pub prefs: Prefs,
    /// A folder for preferences, local files and the sandbox's database (as on a desktop),
    /// so a second app on the same folder is the same user after a restart.
    pub data_dir: Option<std::path::PathBuf>,
    pub sandbox: SandboxConfig,
    pub options: ClientOptions,
    /// The clock to share (a restart keeps the time where the test left it).
    pub clock: Option<Clock>,
    /// A (mock) system keyring, so what needs one (an offline copy on disk) can be kept.
    pub keyring: bool,
}

/// Frames a widget may take to come to rest before a click is aimed at it.
const SETTLE_FRAMES: usize = 120;

pub fn app() -> TestApp {
    Setup::default().start()
}

pub fn app_with(prefs: Prefs) -> TestApp {
    Setup {
        prefs,
        ..Setup::default()
    }
    .start()
}

/// Short timeouts and few retries, for fault tests.
pub fn fault_options() -> ClientOptions {
    ClientOptions {
        connect_timeout: Duration::from_secs(2),
        request_timeout: Duration::from_secs(3),
        retry: leasedesk::api::RetryPolicy {
            max_retries: 1,
            base_delay: Duration::from_millis(100),
            max_delay: Duration::from_millis(200),
            max_retry_after: Duration::from_secs(2),
        },
        ..ClientOptions::default()
    }
}

/// The app with short client timeouts and few retries, for fault tests.
pub fn app_with_client(options: ClientOptions) -> TestApp {
    Setup {
        options,
        ..Setup::default()
    }
    .start()
}

/// The app keeping its preferences in `data_dir` (as on a desktop), on a sandbox whose demo
/// portal answers to `sandbox_key`.
pub fn app_in(data_dir: &std::path::Path, sandbox_key: &str) -> TestApp {
    Setup {
        data_dir: Some(data_dir.to_path_buf()),
        sandbox: SandboxConfig {
            key: Some(sandbox_key.to_owned()),
            ..SandboxConfig::default()
        },
        ..Setup::default()
    }
    .start()
}

/// The app as a person sees it, drawn by wgpu at the size of the README's pictures, in `theme`.
#[cfg(feature = "screenshots")]
#[allow(dead_code)]
pub fn app_for_screenshots(theme: egui::Theme) -> TestApp {
    Setup::default()
        .start_with(|builder| builder.with_theme(theme).with_render_cursor(false).wgpu())
}

impl Setup {
    pub fn start(self) -> TestApp {
        self.start_with(|builder| builder)
    }

    pub fn start_with(
        self,
        adjust: impl FnOnce(
            egui_kittest::HarnessBuilder<LeaseDeskApp>,
        ) -> egui_kittest::HarnessBuilder<LeaseDeskApp>,
    ) -> TestApp {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        let clock = self.clock.unwrap_or_else(clock);
        let storage = match &self.data_dir {
            // A sandbox on disk when the test keeps a folder: a restart finds its writes.
            Some(dir) if self.sandbox.key.is_none() => Storage::File(dir.join("sandbox.db")),
            _ => Storage::InMemory,
        };
        let sandbox = SandboxConfig {
            storage,
            clock: clock.clone(),
            ..self.sandbox
        };
        let backend = Backend::with_options(
            runtime.handle().clone(),
            leasedesk::embedded::sandbox(sandbox),
            self.options,
        );
        let reminders = RecordingSink::default();
        let text_scale = leasedesk::ui::text_scale::SystemTextScale::default();
        let config = AppConfig {
            backend,
            prefs: self.prefs,
            prefs_path: self.data_dir.as_ref().map(|d| d.join("prefs.json")),
            secrets: if self.keyring {
                // One mock keyring for the whole test process: tests run side by side, and a
                // store replaced under one of them would lose the keys it put there.
                static MOCK_KEYRING: std::sync::Once = std::sync::Once::new();
                MOCK_KEYRING.call_once(|| {
                    keyring_core::set_default_store(keyring_core::mock::Store::new().unwrap())
                });
                SecretStore::detect()
            } else {
                SecretStore::session_only(leasedesk::engine::secrets::NoKeyring::NotWanted)
            },
            clock: clock.clone(),
            data_dir: self.data_dir.clone(),
            reminder_sink: Some(std::sync::Arc::new(reminders.clone())),
            start_on: None,
            text_scale: text_scale.clone(),
            // Whatever this computer's language, the tests read English unless they choose.
            system_language: leasedesk::i18n::Language::English,
            build: leasedesk::build::VERSION,
        };
        let builder = Harness::builder()
            .with_size(egui::vec2(1360.0, 840.0))
            .with_theme(egui::Theme::Light)
            .with_max_steps(40);
        let harness = adjust(builder).build_ui_state(
            |ui, app: &mut LeaseDeskApp| {
                app.logic(ui.ctx());
                app.show(ui);
            },
            LeaseDeskApp::new(config),
        );
        TestApp {
            harness,
            clock,
            reminders,
            rest_before_clicks: true,
            text_scale,
            _runtime: runtime,
        }
    }
}

impl TestApp {
    /// Steps frames (letting background answers arrive) until `done` holds, or fails the test
    /// after `timeout` naming `what` was awaited. Bounded: spinners never let `run()` settle.
    pub fn step_until(
        &mut self,
        what: &str,
        timeout: Duration,
        done: impl Fn(&Harness<'static, LeaseDeskApp>) -> bool,
    ) {
        let start = Instant::now();
        loop {
            self.harness.step();
            if done(&self.harness) {
                // One more frame so the tree shows what the state now holds.
                self.harness.step();
                return;
            }
            if start.elapsed() >= timeout {
                let shown: Vec<String> = self
                    .harness
                    .root()
                    .children_recursive()
                    .filter_map(|n| n.accesskit_node().label().map(|l| l.to_string()))
                    .collect();
                let state = self.harness.state();
                panic!(
                    "timed out after {timeout:?} waiting for {what}; link {:?}, reach {:?}, \
                     pane {:?}, a dialog open: {}; on screen: {shown:?}",
                    state.backend().connection().link(),
                    state.backend().connection().reach(),
                    state.nav,
                    !state.has_no_dialog()
                );
            }
            std::thread::sleep(Duration::from_millis(15));
        }
    }

    /// Before a click: when no frame ran for a while (the test was reading the service), lets
    /// the answers that arrived meanwhile be drawn until the first widget labelled `label`
    /// stays put for two frames, as a person looks before clicking.
    fn settle(&mut self, label: &str) {
        self.settle_where(|h| h.query_all_by_label(label).next().map(|n| n.rect()));
    }

    /// [`Self::settle`] for the widget `place` finds (its rect, if shown).
    fn settle_where(
        &mut self,
        place: impl Fn(&Harness<'static, LeaseDeskApp>) -> Option<egui::Rect>,
    ) {
        if self.rest_before_clicks {
            self.wait_at_rest();
        }
        // Counted in frames, not seconds: a busy machine draws fewer frames a second, and a
        // dialog takes as many frames to find its place however slowly they come.
        let (mut last, mut still) = (None, 0);
        for _ in 0..SETTLE_FRAMES {
            let rect = place(&self.harness);
            still = if rect.is_some() && rect == last {
                still + 1
            } else {
                0
            };
            last = rect;
            if still >= 2 {
                return;
            }
            self.harness.step();
        }
    }

    /// Steps until the engine has nothing under way (no request, side task, sync or untaken
    /// change) through one whole frame: whatever the window was waiting for is drawn. A test
    /// whose service never answers (a stub that drops connections) carries on after a while,
    /// saying so on stderr.
    pub fn wait_at_rest(&mut self) {
        let start = Instant::now();
        let mut rested = 0;
        while rested < 2 {
            self.harness.step();
            rested = if self.harness.state().backend().at_rest() {
                rested + 1
            } else {
                0
            };
            if start.elapsed() > Duration::from_secs(20) {
                eprintln!("the engine was still busy after 20 s; carrying on");
                return;
            }
            if rested == 0 {
                std::thread::sleep(Duration::from_millis(5));
            }
        }
    }

    /// Steps until the widget labelled `label` stays where it is for a few frames (a dialog
    /// re-centres as its content settles; a click aimed at last frame's place would miss).
    pub fn until_still(&mut self, label: &str) {
        if self.rest_before_clicks {
            self.wait_at_rest();
        }
        let (mut last, mut still) = (None, 0);
        for _ in 0..SETTLE_FRAMES {
            if still >= 3 {
                break;
            }
            self.harness.step();
            let rect = self.harness.query_by_label(label).map(|n| n.rect());
            still = if rect.is_some() && rect == last {
                still + 1
            } else {
                0
            };
            last = rect;
        }
    }

    /// Scrolls to the first widget labelled `label` when it is outside the window (below a
    /// long pane's fold), as a person scrolls to what they mean to click.
    pub fn scroll_into_view_if_hidden(&mut self, label: &str) {
        let window = self.harness.ctx.content_rect();
        let outside = self
            .harness
            .query_all_by_label(label)
            .next()
            .is_some_and(|n| !window.contains_rect(n.rect()));
        if outside {
            self.scroll_into_view(label);
        }
    }

    /// Scrolls the first widget labelled `label` into view and lets the animated scroll come
    /// to rest, as a person scrolls and looks before clicking.
    pub fn scroll_into_view(&mut self, label: &str) {
        self.wait_for_label(label);
        self.harness
            .query_all_by_label(label)
            .next()
            .expect("waited for")
            .scroll_to_me();
        for _ in 0..20 {
            self.harness.step();
        }
        self.settle(label);
    }

    /// Scrolls to and clicks the widget labelled `label` until `done` holds, a few times at
    /// most: a banner arriving or a list read again between the look and the click can move
    /// the widget from under the pointer, and a person then clicks again.
    pub fn click_until(
        &mut self,
        label: &str,
        what: &str,
        done: impl Fn(&Harness<'static, LeaseDeskApp>) -> bool,
    ) {
        for _ in 0..3 {
            self.scroll_into_view(label);
            self.harness
                .query_all_by_label(label)
                .next()
                .expect("scrolled to")
                .click();
            let start = Instant::now();
            while start.elapsed() < Duration::from_secs(3) {
                self.harness.step();
                if done(&self.harness) {
                    self.harness.step();
                    return;
                }
                std::thread::sleep(Duration::from_millis(15));
            }
        }
        self.step_until(what, Duration::from_secs(5), done);
    }

    pub fn wait_for_label(&mut self, label: &str) {
        let wanted = label.to_owned();
        self.step_until(
            &format!("a widget labelled {label:?}"),
            Duration::from_secs(60),
            move |h| h.query_all_by_label(&wanted).count() > 0,
        );
    }

    pub fn wait_for_text(&mut self, part: &str) {
        let wanted = part.to_owned();
        self.step_until(
            &format!("text containing {part:?}"),
            Duration::from_secs(60),
            move |h| h.query_all_by_label_contains(&wanted).count() > 0,
        );
    }

    /// Waits until the first page of cases is in.
    pub fn wait_for_cases(&mut self) {
        self.step_until("the first page of cases", Duration::from_secs(60), |h| {
            h.state().panes.cases.search.total() > 0
        });
    }

    /// Focuses the text field with this label and types into it. When a modal covers a pane
    /// with a field of the same name, the modal's (drawn last) is the one a person would use.
    pub fn type_into(&mut self, label: &str, text: &str) {
        // A modal's first frame only measures it, so focus may need another frame to stick.
        for _ in 0..5 {
            self.field(label).focus();
            self.harness.step();
            if self.field(label).is_focused() {
                break;
            }
        }
        assert!(self.field(label).is_focused(), "could not focus {label:?}");
        self.field(label).type_text(text);
        self.harness.step();
    }

    pub fn field<'a>(&'a self, label: &'a str) -> egui_kittest::Node<'a> {
        self.harness
            .query_all_by_role_and_label(egui::accesskit::Role::TextInput, label)
            .chain(
                self.harness
                    .query_all_by_role_and_label(egui::accesskit::Role::MultilineTextInput, label),
            )
            .chain(
                self.harness
                    .query_all_by_role_and_label(egui::accesskit::Role::PasswordInput, label),
            )
            .last()
            .unwrap_or_else(|| panic!("no text field labelled {label:?}"))
    }

    /// Clicks, then lets the frame that applies the click's command and the one that draws its
    /// result run.
    pub fn click(&mut self, label: &str) {
        // On a busy machine the answer that draws it may still be on its way.
        self.wait_for_label(label);
        self.settle(label);
        self.scroll_into_view_if_hidden(label);
        self.harness.get_by_label(label).click();
        self.harness.step();
        self.harness.step();
    }

    /// Clicks the button with this label (a table cell may show the same word: "Move-in" is a
    /// place in the navigation and a stage in the Search table).
    pub fn click_button(&mut self, label: &str) {
        self.harness
            .get_by_role_and_label(egui::accesskit::Role::Button, label)
            .click();
        self.harness.step();
        self.harness.step();
    }

    pub fn check(&mut self, label: &str) {
        self.harness
            .get_by_role_and_label(egui::accesskit::Role::CheckBox, label)
            .click();
        self.harness.step();
    }

    fn option<'a>(&'a self, combo: &str, option: &'a str) -> egui_kittest::Node<'a> {
        self.harness
            .query_all_by_label(option)
            .find(|n| n.accesskit_node().role() != egui::accesskit::Role::Label)
            .unwrap_or_else(|| panic!("no option {option:?} in {combo:?}"))
    }

    /// Where the widget labelled `label` is, whether it is enabled, which layer takes a click
    /// at its centre, where the focus is, and what else is on screen: what a failed click
    /// needs to be understood.
    fn what_is_at(&self, label: &str) -> String {
        let node = self.harness.query_all_by_label(label).last();
        let rect = node.as_ref().map(|n| n.rect());
        let disabled = node.as_ref().map(|n| n.accesskit_node().is_disabled());
        let ctx = &self.harness.ctx;
        let layer = rect.and_then(|r| ctx.layer_id_at(r.center()));
        let focused = ctx.memory(|m| m.focused());
        let shown: Vec<String> = self
            .harness
            .root()
            .children_recursive()
            .filter_map(|n| {
                let node = n.accesskit_node();
                let at = node.bounding_box().map(|b| (b.x0 as i32, b.y0 as i32));
                node.label().map(|l| format!("{l}@{at:?}"))
            })
            .collect();
        format!(
            "at {rect:?}, disabled {disabled:?}, the layer there {layer:?}, focus {focused:?}, \
             a dialog open: {}; on screen: {shown:?}",
            !self.harness.state().has_no_dialog()
        )
    }

    /// Opens a drop-down and picks an option. When a dialog covers a pane with a drop-down of
    /// the same name, the dialog's (drawn last) is the one used.
    pub fn choose(&mut self, combo: &str, option: &str) {
        // A click that missed (something arrived and moved the drop-down between the look
        // and the click) leaves the list closed: a person looks again and clicks again.
        let mut opened = false;
        for _ in 0..3 {
            // Below a scrolling form's fold it is drawn clipped, and a click there lands on
            // whatever is shown instead: scrolled to first, as a person scrolls to it.
            drop_down(&self.harness, combo).scroll_to_me();
            self.harness.step();
            // A dialog still finding its size re-centres: the click would land on its neighbour.
            self.settle_where(|h| Some(drop_down(h, combo).rect()));
            drop_down(&self.harness, combo).click();
            for _ in 0..5 {
                self.harness.step();
                opened = egui::Popup::is_any_open(&self.harness.ctx);
                if opened {
                    break;
                }
            }
            if opened {
                break;
            }
        }
        if !opened {
            panic!(
                "the drop-down {combo:?} did not open after three clicks; {}",
                self.what_is_at(combo)
            );
        }
        // The option in the open list, not a table cell showing the same word; scrolled to,
        // as a person scrolls a long list. The list may still be on its way.
        let wanted = option.to_owned();
        self.step_until(
            &format!("option {option:?} in {combo:?}"),
            Duration::from_secs(30),
            move |h| {
                h.query_all_by_label(&wanted)
                    .any(|n| n.accesskit_node().role() != egui::accesskit::Role::Label)
            },
        );
        self.option(combo, option).scroll_to_me();
        // Scrolling is animated: let it settle before the click.
        for _ in 0..20 {
            self.harness.step();
        }
        self.option(combo, option).click();
        self.harness.step();
        self.harness.step();
    }
}

/// The drop-down labelled `combo`: the last drawn (a dialog's, over a pane's of the same name).
fn drop_down<'a>(h: &'a Harness<'static, LeaseDeskApp>, combo: &'a str) -> egui_kittest::Node<'a> {
    h.query_all_by_role_and_label(egui::accesskit::Role::ComboBox, combo)
        .last()
        .unwrap_or_else(|| panic!("no drop-down {combo:?}"))
}

/// How to reach the sandbox the app is connected to, with the demo key.
pub fn sandbox_connection(t: &TestApp) -> Connection {
    let Link::Sandbox {
        base_url,
        portal_id,
    } = t.harness.state().backend().connection().link()
    else {
        panic!("not on the sandbox")
    };
    Connection {
        base_url,
        subscription_key: Secret::new(DEMO_KEY),
        portal_id,
    }
}

/// The sandbox the app is connected to, read directly (to choose test data and check results).
pub fn direct_client(t: &TestApp) -> Client {
    Client::new(sandbox_connection(t)).unwrap()
}

/// Runs a direct API call to completion (test set-up and checks only).
/// Every activity of one person, as the service has them.
pub fn activities_of(client: &Client, individual_id: i64) -> Vec<leasedesk::api::model::Activity> {
    block_on(client.activities(&leasedesk::api::model::ActivityQuery {
        individual_id: Some(individual_id),
        page_size: Some(500),
        ..Default::default()
    }))
    .unwrap()
    .into_vec()
}

pub fn block_on<F: std::future::Future>(f: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(f)
}

impl TestApp {
    /// Clicks the first widget with this label (for lists where a name may repeat).
    pub fn click_first(&mut self, label: &str) {
        self.wait_for_label(label);
        self.settle(label);
        self.scroll_into_view_if_hidden(label);
        self.harness
            .query_all_by_label(label)
            .next()
            .unwrap_or_else(|| panic!("nothing labelled {label:?}"))
            .click();
        self.harness.step();
        self.harness.step();
    }

    /// Replaces what a text field holds.
    pub fn replace_text(&mut self, label: &str, text: &str) {
        for _ in 0..5 {
            self.type_into(label, "");
            // Select all once focused (focusing again would drop the selection), then type.
            self.harness
                .key_combination_modifiers(egui::Modifiers::COMMAND, &[egui::Key::A]);
            self.harness.step();
            if text.is_empty() {
                self.harness.key_press(egui::Key::Backspace);
            } else {
                self.field(label).type_text(text);
            }
            self.harness.step();
            if self.field(label).value().unwrap_or_default() == text {
                return;
            }
        }
        panic!("could not replace the text of {label:?}");
    }

    /// Waits until the app is connected to its sandbox.
    pub fn wait_connected(&mut self) {
        self.step_until("the sandbox connection", Duration::from_secs(60), |h| {
            matches!(
                h.state().backend().connection().link(),
                Link::Sandbox { .. }
            )
        });
    }
}

/// Held while a test has files saved without a dialog (the folder is one for the process).
pub static SAVE_FOLDER_LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// While held, the app saves into `folder` without a dialog (and no other test's app does).
pub struct SavingInto(#[allow(dead_code)] std::sync::MutexGuard<'static, ()>);

pub fn saving_into(folder: &std::path::Path) -> SavingInto {
    let guard = SAVE_FOLDER_LOCK.lock().unwrap_or_else(|p| p.into_inner());
    leasedesk::ui::files::save_without_asking_into(Some(folder.to_path_buf()));
    SavingInto(guard)
}

impl Drop for SavingInto {
    fn drop(&mut self) {
        leasedesk::ui::files::save_without_asking_into(None);
    }
}

impl TestApp {
    /// Opens the new-individual dialog and waits until it is drawn (the Search pane has First
    /// name and Last name fields too) and, with `lists`, until its community checkboxes are in
    /// (they change the form's height).
    pub fn open_new_individual(&mut self, lists: bool) {
        self.click("New individual…");
        self.step_until("the new-individual form", Duration::from_secs(60), |h| {
            h.query_by_label("Street, line 2").is_some()
                && (!lists
                    || h.query_all_by_role_and_label(
                        egui::accesskit::Role::CheckBox,
                        "Cedar Ridge Commons",
                    )
                    .next()
                    .is_some())
        });
    }
}

/// Whether one of My day's new leads answers `wanted`.
pub fn a_new_lead(
    h: &egui_kittest::Harness<'static, leasedesk::ui::LeaseDeskApp>,
    wanted: impl Fn(&leasedesk::domain::next_step::NewLead) -> bool,
) -> bool {
    h.state()
        .panes
        .calendar
        .next_step
        .new_leads()
        .iter()
        .any(wanted)
}

/// Waits until the store holds everyone's activities (its first fill finished) and the user is
/// known, so the panes read it.
pub fn wait_for_filled_store(t: &mut TestApp) {
    t.step_until(
        "the store to hold everyone's activities",
        Duration::from_secs(120),
        |h| {
            h.state()
                .backend()
                .offline_copy()
                .store()
                .is_some_and(|r| r.activities_kept_at().is_some())
                && h.state().backend().connection().me().is_some()
        },
    );
}

impl TestApp {
    /// Sends `events` as one frame's input, ordered by the app as the window's raw-input hook
    /// does, and steps until nothing is held back.
    pub fn send_in_one_frame(&mut self, events: Vec<egui::Event>) {
        self.send_in_frames(vec![events]);
    }

    /// Sends each list of `frames` as one frame's input, in turn, ordered by the app as the
    /// window's raw-input hook does; then steps until nothing is held back (a fast typist:
    /// what was typed between two frames arrives in the second).
    pub fn send_in_frames(&mut self, frames: Vec<Vec<egui::Event>>) {
        let mut frames = frames.into_iter();
        let mut more = true;
        let mut empty = 0;
        while more || frames.len() > 0 {
            let mut events = frames.next().unwrap_or_default();
            if events.is_empty() {
                empty += 1;
                assert!(empty < 60, "typed keys were held back for 60 frames");
            }
            let ctx = self.harness.ctx.clone();
            more = self
                .harness
                .state_mut()
                .order_typed_ahead(&ctx, &mut events);
            self.harness.input_mut().events.append(&mut events);
            self.harness.step();
        }
        self.harness.step();
    }
}

impl TestApp {
    /// Opens the case `case_number` of `name` from Search's results once the first page is in
    /// (as a click on its row does), without typing into the search box.
    pub fn open_found_case(&mut self, name: &str, case_number: &str) {
        self.wait_for_cases();
        self.harness
            .state_mut()
            .panes
            .cases
            .search
            .open_case_of(name, case_number);
    }

    /// Searches for `name` as a person would and opens their case `case_number` from the
    /// results.
    pub fn search_and_open(&mut self, name: &str, case_number: &str) {
        self.type_into("Search cases", name);
        let number = case_number.to_owned();
        self.step_until(
            "the case in the results",
            Duration::from_secs(60),
            move |h| {
                h.state()
                    .panes
                    .cases
                    .search
                    .rows_in_order()
                    .any(|r| r.case_number == number)
            },
        );
        self.harness
            .state_mut()
            .panes
            .cases
            .search
            .open_case_of(name, case_number);
    }
}

/// A key pressed and let go, as one frame's events.
pub fn key_events(key: egui::Key, modifiers: egui::Modifiers) -> Vec<egui::Event> {
    [true, false]
        .into_iter()
        .map(|pressed| egui::Event::Key {
            key,
            physical_key: None,
            pressed,
            repeat: false,
            modifiers,
        })
        .collect()
}

/// Whether a polite live region (read out by a screen reader when it appears or changes)
/// holds `words`. A label's text runs inherit its liveness; the platform reads the label.
pub fn said_aloud(h: &Harness<'static, LeaseDeskApp>, words: &str) -> bool {
    h.query_all_by(|n| {
        n.live() == egui::accesskit::Live::Polite && n.role() == egui::accesskit::Role::Label
    })
    .any(|n| {
        let node = n.accesskit_node();
        node.value()
            .or(node.label())
            .is_some_and(|s| s.contains(words))
    })
}

/// Where a table's heading is: a column header (its words its value, as a label's are) or a
/// widget labelled so.
pub fn heading_rect(h: &Harness<'static, LeaseDeskApp>, words: &str) -> Option<egui::Rect> {
    h.query_all_by_label(words)
        .chain(
            h.query_all_by_role(egui::accesskit::Role::ColumnHeader)
                .filter(|n| n.accesskit_node().value().as_deref() == Some(words)),
        )
        .map(|n| n.rect())
        .next()
}
