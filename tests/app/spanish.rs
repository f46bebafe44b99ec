//! The window in Spanish: chosen in Settings (or the palette), at once and without a restart;
//! what is translated so far (the navigation, the top and status bars, the palette's places)
//! speaks it, and English comes back the same way.

use egui::{Event, Key, Modifiers};
use egui_kittest::kittest::{NodeT, Queryable};
use leasedesk::i18n::Language;

use crate::support::{app, key_events};

/// A Spanish window whose network can be made to fail (not yet connected).
fn spanish_app_with_faults() -> crate::support::TestApp {
    spanish_app_with(crate::support::fault_options())
}

fn spanish_app_with(options: leasedesk::api::ClientOptions) -> crate::support::TestApp {
    crate::support::Setup {
        prefs: leasedesk::ui::prefs::Prefs {
            language: Some(Language::Spanish),
            ..Default::default()
        },
        options,
        ..Default::default()
    }
    .start()
}

/// Connects `t` through the faulty network and opens the inventory, loaded.
fn inventory_behind_faults(
    t: &mut crate::support::TestApp,
) -> std::sync::Arc<crate::faults::Faults> {
    let faults = crate::faults::connect_through_proxy(t);
    t.click("Inventario");
    t.step_until("the inventory", std::time::Duration::from_secs(60), |h| {
        let inventory = &h.state().panes.inventory;
        inventory.data().is_some() && !inventory.loading() && !inventory.failed()
    });
    faults
}

/// A window whose preferences say Spanish, connected.
fn spanish_app() -> crate::support::TestApp {
    let mut t = crate::support::app_with(leasedesk::ui::prefs::Prefs {
        language: Some(Language::Spanish),
        ..Default::default()
    });
    t.wait_connected();
    t
}

#[test]
fn settings_switches_the_window_to_spanish_at_once_and_back() {
    let mut t = app();
    t.wait_connected();
    t.click("Settings");
    t.wait_for_label("English");
    // Each language's own name is said as a word of that language (3.1.2), whatever the
    // window's.
    let language_of = |t: &crate::support::TestApp, name: &str| {
        t.harness
            .get_by_label(name)
            .accesskit_node()
            .language()
            .map(str::to_owned)
    };
    assert_eq!(language_of(&t, "Español").as_deref(), Some("es-US"));
    assert_eq!(language_of(&t, "English").as_deref(), Some("en-US"));
    t.click("Español");
    t.wait_for_label("Buscar");
    t.wait_for_label("Configuración");
    t.wait_for_label("Bandeja de salida");
    assert_eq!(
        t.harness.query_all_by_label("Search").count(),
        0,
        "the navigation no longer says Search"
    );
    assert_eq!(
        t.harness.state().prefs().language,
        Some(Language::Spanish),
        "the choice is kept with the preferences"
    );
    t.wait_at_rest();
    t.wait_for_text("✔ Conectado al sandbox integrado");
    t.wait_for_label("Trabajar sin conexión");
    t.wait_for_label("Comandos (Ctrl+K)");
    assert_eq!(
        t.harness.root().accesskit_node().language(),
        Some("es-US"),
        "a screen reader is told the window is in Spanish"
    );

    // The palette's places are said in Spanish too, and found by their Spanish words.
    t.send_in_frames(vec![
        key_events(Key::K, Modifiers::COMMAND),
        vec![Event::Text("Ir a Calen".to_owned())],
    ]);
    t.harness.run_steps(2);
    t.wait_for_label("Ir a Calendario");
    t.harness.key_press(Key::Escape);
    t.harness.run_steps(2);

    t.click("English");
    t.wait_for_label("Search");
    assert_eq!(t.harness.query_all_by_label("Buscar").count(), 0);
    assert_eq!(t.harness.state().prefs().language, Some(Language::English));
    assert_eq!(t.harness.root().accesskit_node().language(), Some("en-US"));
}

#[test]
fn my_day_and_the_calendars_bar_speak_spanish() {
    let mut t = spanish_app();
    t.click("Calendario");
    t.wait_for_label("Mi día");
    for label in [
        "Semana",
        "Mes",
        "Agenda",
        "Actualizar",
        "Comunidad",
        "Tipo de actividad",
        "Asignada a",
        "Registrar actividad…",
        "Importar llamadas…",
        "Por color",
        "Llamar…",
        "Correo…",
    ] {
        t.wait_for_label(label);
    }
    // Days and times the Spanish way (the clock is Saturday, November 21, 2026).
    t.wait_for_text("Hoy, sáb 21 nov 2026");
    t.step_until(
        "a time of day in Spanish",
        std::time::Duration::from_secs(30),
        |h| {
            h.query_all_by_label_contains(" p. m.").count()
                + h.query_all_by_label_contains(" a. m.").count()
                > 0
        },
    );
    assert_eq!(
        t.harness.query_all_by_label_contains(" pm").count()
            + t.harness.query_all_by_label_contains(" am").count(),
        0,
        "no time of day the English way: {:?}",
        t.harness
            .query_all_by_label_contains(" pm")
            .chain(t.harness.query_all_by_label_contains(" am"))
            .filter_map(|n| n.accesskit_node().label().or(n.accesskit_node().value()))
            .collect::<Vec<_>>()
    );
    t.wait_for_text("Para hoy (");
    t.wait_for_text("Próximas visitas, en los siguientes 14 días (");
    t.wait_for_text("Clientes potenciales nuevos (");
    t.wait_for_text("Llamadas perdidas (");
    t.wait_for_text("Pasos del plan (");
    assert!(
        t.harness.query_all_by_label("Resultado…").count() > 0,
        "each item's outcome button"
    );
    for english in [
        "My day",
        "Log outcome…",
        "Refresh",
        "Community",
        "Log first contact…",
        "Call…",
        "Import calls…",
        "By colour",
    ] {
        assert_eq!(
            t.harness.query_all_by_label(english).count(),
            0,
            "{english} is not shown in Spanish"
        );
    }
}

/// Search's filters and its count in Spanish.
#[test]
fn search_speaks_spanish() {
    let mut t = spanish_app();
    t.wait_for_cases();
    for label in [
        "Buscar casos",
        "Nombre",
        "Apellido",
        "Tipo",
        "Lista guardada",
        "Etapa",
        "Seguimiento",
        "Pidió no ser contactado",
        "Posibles duplicados",
        "Nombre ⏶",
        "Nueva persona…",
        "Exportar casos a CSV…",
    ] {
        t.wait_for_label(label);
    }
    let total = t.harness.state().panes.cases.search.total();
    t.wait_for_text(&format!(
        "{} casos",
        leasedesk::domain::format::thousands(total as u64)
    ));
    // The stage and follow-up filters' choices shown, in Spanish.
    for (filter, choice) in [
        ("Etapa", "Cualquier etapa"),
        ("Seguimiento", "Cualquier seguimiento"),
    ] {
        let combo = t
            .harness
            .query_all_by_role_and_label(egui::accesskit::Role::ComboBox, filter)
            .next()
            .unwrap_or_else(|| panic!("the {filter} filter"));
        assert_eq!(combo.accesskit_node().value().as_deref(), Some(choice));
    }
    // A row's stage, worked out by the app, is said in Spanish too (the service's own names,
    // such as its statuses, stay as the portal names them).
    t.wait_for_label("Consulta");
    for english in [
        "Search cases",
        "Last name",
        "Possible duplicates",
        "Saved list",
        "Inquiry",
        "Tour",
    ] {
        assert_eq!(
            t.harness.query_all_by_label(english).count(),
            0,
            "{english} is not shown in Spanish"
        );
    }
}

#[test]
fn sales_partner_packs_and_region_speak_spanish() {
    let mut t = spanish_app();
    t.click("Ventas");
    t.step_until(
        "the sales figures",
        std::time::Duration::from_secs(60),
        |h| h.state().panes.sales.derived().is_some(),
    );
    t.click("Paquetes para socios");
    for label in [
        "Guardar el PDF del paquete…",
        "Socio",
        "Libre ahora y en los próximos 60 días",
    ] {
        t.wait_for_label(label);
    }
    for english in ["Save pack PDF…", "Free now and within 60 days", "Partner"] {
        assert_eq!(
            t.harness.query_all_by_label(english).count(),
            0,
            "{english} is not shown in Spanish"
        );
    }

    t.click("Región");
    for label in [
        "Exportar CSV de la región…",
        "Comunidad",
        "Portal ⏶",
        "Ocupación\nhoy",
        "Por debajo",
    ] {
        t.wait_for_label(label);
    }
    assert_eq!(
        t.harness.query_all_by_label("Export region CSV…").count(),
        0
    );
    // The demo portal is named in Spanish on its rows (its label, in English, identifies it).
    t.wait_for_text("Portal de demostración (sandbox integrado)");
    assert_eq!(
        t.harness
            .query_all_by_label_contains(leasedesk::domain::report::SANDBOX_PORTAL)
            .count(),
        0
    );
}

#[test]
fn the_guide_opens_in_spanish() {
    let mut t = spanish_app();
    t.harness.key_press(Key::F1);
    t.harness.run_steps(2);
    t.wait_for_text("La mañana del personal de admisión");
    t.wait_for_text("Trabajar cuando se cae la red");
    t.wait_for_label("Cerrar");
    assert!(
        t.harness
            .query_all_by_value("The admission staff's morning")
            .next()
            .is_none(),
        "the English guide is not shown"
    );
    t.click("Cerrar");
    t.step_until(
        "the guide closed",
        std::time::Duration::from_secs(10),
        |h| {
            h.query_all_by_value("La mañana del personal de admisión")
                .next()
                .is_none()
        },
    );
}

#[test]
fn days_and_times_are_written_and_read_the_spanish_way_in_a_form() {
    let mut t = spanish_app();
    t.click("Calendario");
    t.wait_for_label("Mi día");
    t.click("Registrar actividad…");
    t.wait_for_label("Registrar una actividad");
    // The clock is Saturday, November 21, 2026: the form starts on that day, written in
    // Spanish, at a time of day with "a. m." or "p. m.".
    assert_eq!(t.field("Fecha").value().as_deref(), Some("21 nov 2026"));
    let start = t.field("Hora de inicio").value().unwrap_or_default();
    assert!(
        start.ends_with(" a. m.") || start.ends_with(" p. m."),
        "{start:?}"
    );
    // A day typed the Spanish way is understood; one that is not says why in Spanish.
    t.replace_text("Fecha", "3 de diciembre");
    t.wait_for_text("significa jue 3 dic 2026");
    t.replace_text("Fecha", "30 feb");
    t.wait_for_label("no es un día");
    assert_eq!(
        t.harness
            .query_all_by_label_contains("is not a day")
            .count(),
        0
    );
    // Saved as it is, the form says what is wrong in Spanish, with the examples the form
    // itself writes (so what it suggests it reads).
    t.replace_text("Hora de inicio", "25:99");
    t.click("Guardar la actividad");
    t.wait_for_text("La hora de inicio debe escribirse como ");
    t.wait_for_text("La fecha debe ser un día como 21 nov 2026 (se escribió \"30 feb\")");
    for english in ["must look like", "must be a day", "Choose "] {
        assert_eq!(
            t.harness.query_all_by_label_contains(english).count(),
            0,
            "{english}"
        );
    }
    assert_eq!(
        t.field("Hora de inicio").value().as_deref(),
        Some("25:99"),
        "nothing typed is lost"
    );
}

#[test]
fn settings_suggest_a_spanish_profile_name_and_say_why_secrets_stay_for_the_session() {
    let mut t = spanish_app();
    t.click("Configuración");
    t.wait_for_label("Nombre del perfil");
    assert_eq!(
        t.field("Nombre del perfil").value().as_deref(),
        Some("Mi portal")
    );
    t.harness.get_by_label_contains(
        "No se puede usar un llavero del sistema: esta ejecución guarda los secretos solo \
         durante la sesión.",
    );
}

/// A failure of the service and a refusal of the rules, in the Spanish window: said in Spanish
/// (the service's own status quoted), none of it in English.
#[test]
fn the_services_failures_and_the_rules_refusals_are_said_in_spanish() {
    use crate::faults::Fault;
    let mut t = spanish_app_with_faults();
    t.wait_connected();
    let faults = inventory_behind_faults(&mut t);
    faults.set("GET", "/v3/Unit", Fault::Unavailable);
    t.click_first("Actualizar");
    t.wait_for_text("El servicio falló (HTTP 503)");
    assert_eq!(
        t.harness
            .query_all_by_label_contains("The service failed")
            .count(),
        0
    );
    faults.clear();

    // The plugin endpoint's rule refuses an address that is not https, in Spanish.
    t.click("Conexión del plugin");
    t.type_into(
        "Dirección del punto de conexión",
        "http://hooks.example.org/events",
    );
    t.click("Guardar punto de conexión");
    t.wait_for_text("Solo se aceptan direcciones https://");
    assert_eq!(
        t.harness
            .query_all_by_label_contains("Only https:// addresses")
            .count(),
        0
    );
}

/// A call held at night, in Spanish at 1000×650: the sentence that says why (the family's
/// clock, their state's hours, "hora local") is whole in the dialog's two lines, not cut.
#[test]
fn a_call_held_at_night_says_why_whole_in_spanish_at_the_smallest_window() {
    use leasedesk::domain::next_step::is_active_lead_of;
    let mut t = spanish_app();
    t.harness.set_size(egui::vec2(1000.0, 650.0));
    let client = crate::support::direct_client(&t);
    let case = crate::agent_day::all_leads(&client)
        .into_iter()
        .filter(|c| is_active_lead_of(c, None))
        .find(|c| !c.primary.best_phone().trim().is_empty())
        .expect("a lead with a phone in the demo");
    // Tuesday 3 am in New York, 10 pm in Honolulu: no state's window is open.
    t.clock.advance(chrono::Duration::hours(2 * 24 + 17));
    t.open_found_case(&case.primary.individual_name, &case.primary.case_number);
    t.wait_for_label("Llamar…");
    crate::outreach::open_draft(&mut t, "Llamar…");
    t.wait_for_text("⛔ Retenido: Para ellos son las");
    let held = t
        .harness
        .query_all_by_label_contains("⛔ Retenido:")
        .next()
        .expect("the held line");
    let node = held.accesskit_node();
    let text = node.value().or_else(|| node.label()).unwrap_or_default();
    let rect = held.rect();
    assert!(
        text.ends_with("(su hora).") && text.contains("hora local"),
        "{text:?}"
    );
    let font = egui::TextStyle::Body.resolve(&t.harness.ctx.global_style());
    let whole = t
        .harness
        .ctx
        .layer_painter(egui::LayerId::background())
        .layout(text.clone(), font, egui::Color32::WHITE, rect.width() + 1.0);
    assert!(
        whole.size().y <= rect.height() + 1.0 && whole.rows.len() <= 2,
        "{text:?} takes {} lines ({:.0} px) in {:.0}×{:.0}",
        whole.rows.len(),
        whole.size().y,
        rect.width(),
        rect.height()
    );
}

/// In Spanish, a request in flight is said beside the spinner only where the words fit on the
/// status bar's line, else by the spinner alone (on hover and to a screen reader): "1 solicitud
/// en curso" took a second line, at 1000×650 and at 1360×840, and the bar grew under the hands.
#[test]
fn a_request_in_flight_keeps_the_status_bar_on_one_line_in_spanish() {
    use crate::faults::Fault;
    // The stalled request outlasts the test (the fault options' 3 s timeout, with a retry,
    // ended it between two frames of a loaded machine): the bar is looked at while it is in
    // flight.
    let mut t = spanish_app_with(leasedesk::api::ClientOptions {
        request_timeout: std::time::Duration::from_secs(50),
        ..crate::support::fault_options()
    });
    t.harness.set_size(egui::vec2(1000.0, 650.0));
    t.wait_connected();
    let faults = inventory_behind_faults(&mut t);
    let idle_bar = t.harness.get_by_label("Trabajar sin conexión").rect();
    faults.set("GET", "/v3/Unit", Fault::Stall);
    t.rest_before_clicks = false;
    t.click_first("Actualizar");
    // What says a request is in flight: the words beside the spinner where they fit on the
    // line, else the spinner itself (named for a screen reader). How many are in flight is
    // not this test's (other reads of the units stall too).
    let in_flight = |text: Option<String>| {
        text.is_some_and(|t| {
            t.ends_with("solicitud en curso") || t.ends_with("solicitudes en curso")
        })
    };
    let said = |h: &egui_kittest::Harness<'static, leasedesk::ui::LeaseDeskApp>| {
        h.query_all_by(|n| in_flight(n.label()) || in_flight(n.value()))
            .map(|n| (n.accesskit_node().role(), n.rect()))
            .filter(|(role, _)| *role != egui::accesskit::Role::TextRun)
            .collect::<Vec<_>>()
    };
    t.step_until(
        "the request in flight",
        std::time::Duration::from_secs(60),
        |h| !said(h).is_empty(),
    );
    for size in [egui::vec2(1000.0, 650.0), egui::vec2(1360.0, 840.0)] {
        t.harness.set_size(size);
        t.harness.run_steps(4);
        let bar = t.harness.get_by_label("Trabajar sin conexión").rect();
        let shown = said(&t.harness);
        assert_eq!(shown.len(), 1, "said once, at {size:?}: {shown:?}");
        assert!(
            (shown[0].1.center().y - bar.center().y).abs() < 4.0,
            "on the bar's line at {size:?}: {shown:?}, the bar's button at {bar:?}"
        );
        if size.x == 1000.0 {
            assert_eq!(bar, idle_bar, "the bar did not grow under the hands");
        }
    }
    faults.clear();
}

/// The connection's own sentences in Spanish: a test that reached the portal, and a connection
/// refused before anything was sent (the status bar says why): none of it in English.
#[test]
fn the_connections_test_and_a_refused_connection_speak_spanish() {
    use leasedesk::engine::Link;
    let mut t = spanish_app();
    let Link::Sandbox { base_url, .. } = t.harness.state().backend().connection().link() else {
        unreachable!()
    };
    t.click("Configuración");
    t.wait_for_label("Nombre del perfil");
    t.replace_text("URL base", &base_url);
    t.replace_text("PortalId", "4200");
    t.type_into("Clave de suscripción", leasedesk::sandbox::DEMO_KEY);
    t.click("Probar la conexión");
    t.wait_for_text("Conectado: el portal 4200 tiene 3 comunidades");

    t.harness.state().backend().connection().connect_portal(
        "Real por error",
        leasedesk::api::Connection {
            base_url: leasedesk::api::HOSTED_BASE_URL.into(),
            subscription_key: leasedesk::api::Secret::new("trainee-AbCdEf0123456789"),
            portal_id: 4200,
        },
        None,
    );
    t.wait_for_text("Real por error: Esta es una clave de capacitación");
    assert_eq!(
        t.harness
            .query_all_by_label_contains("This is a training key")
            .count(),
        0
    );
}

/// A walk-in whose answer was lost on the way back, with no email or phone to look them up
/// by, in Spanish: the Outbox says who and when the Spanish way, the status bar keeps one
/// line with the refusal and the new leads beside it (at 1360×840 the two took a second
/// line), and Search says the person waits for a decision in the Outbox, not to be sent.
#[test]
fn a_walk_in_whose_answer_was_lost_is_told_in_spanish_and_the_bar_keeps_one_line() {
    use crate::faults::Fault;
    use leasedesk::engine::{QueueState, WhyRefused};
    let mut t = spanish_app_with_faults();
    t.harness.set_size(egui::vec2(1360.0, 840.0));
    t.wait_connected();
    let faults = crate::faults::connect_through_proxy(&mut t);
    t.click("Buscar");
    t.wait_for_cases();
    t.wait_at_rest();
    t.harness.run_steps(4);
    let idle_bar = t.harness.get_by_label("Trabajar sin conexión").rect();

    faults.set("POST", "/v3/Individual", Fault::ForwardThenDrop);
    t.click("Nueva persona…");
    t.step_until(
        "the new person's form",
        std::time::Duration::from_secs(60),
        |h| h.query_by_label("Calle, línea 2").is_some(),
    );
    t.until_still("Crear");
    t.type_into("Nombre", "Rosalía");
    t.type_into("Apellido", "Quinterosa");
    t.until_still("Crear");
    t.click("Crear");
    t.step_until(
        "the answer told as lost",
        std::time::Duration::from_secs(60),
        |h| {
            h.state()
                .backend()
                .outbox()
                .entries()
                .iter()
                .any(|e| matches!(e.state, QueueState::Refused(WhyRefused::CannotTell { .. })))
        },
    );
    faults.clear();
    // The dialog says so too, not that they are created once the service answers.
    t.wait_for_text("no se puede saber si se creó el caso de Rosalía Quinterosa");
    t.click("Cerrar");
    // Measured as it stays: back online and at rest (a dropped connection is "offline" until
    // the next request answers).
    t.step_until("back online", std::time::Duration::from_secs(60), |h| {
        h.state().backend().connection().reach() == leasedesk::engine::Reach::Online
    });
    t.wait_at_rest();
    t.harness.run_steps(4);
    assert_eq!(
        t.harness.get_by_label("Trabajar sin conexión").rect(),
        idle_bar,
        "the status bar did not grow under the hands"
    );
    // In short where the bar has no room for it whole; whole in a wider window.
    t.wait_for_label("Bandeja de salida (1)");
    t.harness.set_size(egui::vec2(1700.0, 840.0));
    t.wait_for_label("Bandeja de salida: 1 rechazado");
    t.harness.set_size(egui::vec2(1360.0, 840.0));

    t.replace_text("Buscar casos", "quinterosa");
    t.wait_for_text("y 1 persona guardada sin conexión, retenida en la Bandeja de salida");

    t.click("Bandeja de salida");
    t.wait_for_label("Persona nueva (cliente potencial): Rosalía Quinterosa");
    let saved = t
        .harness
        .query_all_by_label_contains("guardado ")
        .filter_map(|n| n.accesskit_node().value())
        .collect::<Vec<_>>();
    assert_eq!(saved.len(), 1, "one saved line: {saved:?}");
    assert!(
        saved[0].ends_with(" a. m.") || saved[0].ends_with(" p. m."),
        "saved when, the Spanish way: {saved:?}"
    );
    t.wait_for_text("no se puede saber si se creó el caso de Rosalía Quinterosa");
}
