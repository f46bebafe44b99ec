use std::collections::{BTreeMap, BTreeSet};

use super::*;

/// Each message of a file with the variables it uses: `id = …` at the start of a line, its
/// indented lines after it.
fn messages(source: &str) -> BTreeMap<String, BTreeSet<String>> {
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in source.lines() {
        let starts_message = line.chars().next().is_some_and(|c| c.is_ascii_lowercase());
        if starts_message && let Some((id, _)) = line.split_once('=') {
            current = Some(id.trim().to_owned());
            out.entry(id.trim().to_owned()).or_default();
        } else if !line.starts_with(' ') {
            current = None;
        }
        if let Some(id) = &current {
            let mut rest = line;
            while let Some(at) = rest.find('$') {
                rest = &rest[at + 1..];
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-')
                    .collect();
                out.get_mut(id).unwrap().insert(name);
            }
        }
    }
    out
}

#[test]
fn every_file_reads_without_an_error() {
    for (language, source) in SOURCES {
        if let Err((_, errors)) = FluentResource::try_new(source.to_owned()) {
            panic!("{}: {errors:?}", language.tag());
        }
    }
}

#[test]
fn every_message_is_in_every_language_with_the_same_variables() {
    let english = messages(SOURCES[0].1);
    assert!(english.len() >= 20, "{} messages", english.len());
    for (language, source) in &SOURCES[1..] {
        let other = messages(source);
        let missing: Vec<_> = english
            .keys()
            .filter(|id| !other.contains_key(*id))
            .collect();
        let extra: Vec<_> = other
            .keys()
            .filter(|id| !english.contains_key(*id))
            .collect();
        assert!(missing.is_empty(), "{} lacks {missing:?}", language.tag());
        assert!(extra.is_empty(), "{} has only {extra:?}", language.tag());
        for (id, variables) in &english {
            assert_eq!(&other[id], variables, "{}: {id}", language.tag());
        }
    }
    for (id, _) in english {
        assert!(
            has(Language::English, &id) && has(Language::Spanish, &id),
            "{id}"
        );
    }
}

#[test]
fn a_message_is_said_in_the_language_in_force_with_its_plural() {
    let mut args = FluentArgs::new();
    args.set("count", 1);
    assert_eq!(
        text_in(Language::Spanish, "outbox-waiting", Some(&args)),
        "Bandeja de salida: 1 en espera"
    );
    args.set("count", 3);
    assert_eq!(
        text_in(Language::English, "outbox-waiting", Some(&args)),
        "Outbox: 3 waiting"
    );
    assert_eq!(text_in(Language::Spanish, "nav-search", None), "Buscar");
    let mut args = FluentArgs::new();
    args.set("cases", 1624);
    args.set("when", "9:38 pm");
    args.set("today", "yes");
    assert_eq!(
        text_in(Language::Spanish, "status-copy", Some(&args)),
        "Copia sin conexión de las 9:38 pm, 1,624 casos"
    );
    assert_eq!(
        text_in(Language::English, "status-copy", Some(&args)),
        "Offline copy as of 9:38 pm, 1,624 cases"
    );
    assert_eq!(
        text_in(Language::Spanish, "no-such-message", None),
        "no-such-message"
    );
}

#[test]
fn the_systems_language_is_read_from_its_tag() {
    assert_eq!(Language::of_tag("es-MX"), Language::Spanish);
    assert_eq!(Language::of_tag("es_US.UTF-8"), Language::Spanish);
    assert_eq!(Language::of_tag("en-GB"), Language::English);
    assert_eq!(Language::of_tag("fr-FR"), Language::English);
    assert_eq!(Language::of_tag(""), Language::English);
}

#[test]
fn the_pseudo_locale_accents_lengthens_and_brackets_english() {
    assert_eq!(pseudo("Search"), "[Séárçh ···]");
    assert_eq!(
        text_in(Language::Pseudo, "nav-search", None),
        "[Séárçh ···]"
    );
    let mut args = FluentArgs::new();
    args.set("count", 3);
    let waiting = text_in(Language::Pseudo, "outbox-waiting", Some(&args));
    assert!(waiting.starts_with("[Óútbóx: 3 wáítíñg"), "{waiting}");
    assert!(is_pseudo(&waiting) && !is_pseudo("Outbox: 3 waiting"));
    let english = text_in(Language::English, "outbox-waiting", Some(&args));
    let letters = |t: &str| t.chars().filter(|c| c.is_alphabetic() || *c == '·').count();
    assert!(
        letters(&waiting) as f32 >= 1.4 * letters(&english) as f32,
        "{waiting} against {english}"
    );
    assert_eq!(Language::of_tag("en_XA.UTF-8"), Language::Pseudo);
    assert!(!Language::ALL.contains(&Language::Pseudo), "never offered");
}

#[test]
fn a_language_put_in_force_for_a_piece_of_work_is_taken_back_after_it() {
    set_language_on_this_thread(Language::English);
    let inside = in_language(Language::Spanish, || {
        assert_eq!(language(), Language::Spanish);
        text("nav-search")
    });
    assert_eq!(inside, "Buscar");
    assert_eq!(
        language(),
        Language::English,
        "the thread's own language is back"
    );
    assert_eq!(text("nav-search"), "Search");
}

#[test]
fn a_message_of_several_paragraphs_keeps_its_breaks() {
    let said = in_language(Language::English, || {
        let mut args = FluentArgs::new();
        args.set("message", "no GPU");
        args.set("variable", "LEASEDESK_RENDERER");
        args.set("alt", "glow");
        text_with("start-no-window", &args)
    });
    assert_eq!(
        said,
        "LeaseDesk could not open its window.\n\nno GPU\n\nUpdate the graphics driver, or start \
         LeaseDesk with --renderer glow (or set LEASEDESK_RENDERER=glow). The log in the data \
         folder has the details."
    );
}

/// Counts a message shows are grouped as the window writes numbers ("100,529 casos"): on the
/// huge portal Search said "Se muestran 4000 de 100529 casos". A count shown bare would be
/// one of these names written `{ $name }`.
#[test]
fn every_count_shown_is_grouped() {
    const COUNTS: &[&str] = &[
        "count", "done", "units", "most", "beds", "total", "tasks", "logged", "lines", "items",
        "waiting", "vacant", "trainees", "people", "entries", "changes", "cases", "shown",
        "served", "rows", "pending", "leads", "calls", "created", "refused", "matched",
    ];
    for (language, source) in SOURCES {
        for name in COUNTS {
            let bare = format!("{{ ${name} }}");
            assert!(
                !source.contains(&bare),
                "{}: {bare} is not grouped",
                language.tag()
            );
        }
    }
    let mut args = FluentArgs::new();
    args.set("served", 4000);
    args.set("total", 100_529);
    assert_eq!(
        text_in(Language::Spanish, "search-showing", Some(&args)),
        "Se muestran 4,000 de 100,529 casos"
    );
    assert_eq!(
        text_in(Language::English, "search-showing", Some(&args)),
        "Showing 4,000 of 100,529 cases"
    );
}
