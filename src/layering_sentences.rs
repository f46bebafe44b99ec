//! The sentences of the crates below the window (engine, service, domain), counted per file,
//! each file named with why none of its sentences is shown to people as written: English for
//! logs and tests, words written to the service or to files for other tools, a value of the
//! command line's JSON, the letters themselves, or the English `Display` of a kind that the
//! window and the command line word from the Fluent files. A new sentence changes its file's
//! count and fails until someone decides: a sentence a person reads belongs in the files.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use crate::layering_words::{NOT_FOR_PEOPLE, literals, reads_as_words, statement_before};

/// The engine's sentences, per file, and why none is shown to people as written.
const ENGINE_SENTENCES: &[(&str, usize, &str)] = &[
    (
        "access_log/desk.rs",
        4,
        "KeyProblem's English (logs; `cli::audit` words each kind) and the name of no user, \
         kept in the record",
    ),
    (
        "access_log/format.rs",
        5,
        "the seal's domain labels (bytes, never shown) and sealing failures, logged",
    ),
    (
        "access_log/mod.rs",
        12,
        "the access log's record of what was done, kept in its own names for auditors, and its \
         write failures, logged",
    ),
    (
        "access_log/verify.rs",
        4,
        "Broken's English, for logs; `cli::audit` words each kind",
    ),
    (
        "connection/failure.rs",
        4,
        "LinkFailure's English, for logs; `ui::error_words::link_failure` words each kind",
    ),
    (
        "connection/reach.rs",
        1,
        "Work offline's failure detail, known by `is_chosen_offline`; the window words it",
    ),
    (
        "embedded.rs",
        1,
        "a build without the sandbox: the detail LinkFailure::SandboxDidNotStart quotes",
    ),
    (
        "follow_up_file/mod.rs",
        2,
        "the local file's failures: a failure's detail, quoted as it came",
    ),
    (
        "lib.rs",
        1,
        "the sandbox's link label; `ui::error_words::link_label` says it in the window's words",
    ),
    (
        "prefs.rs",
        1,
        "the default profile's name in a new prefs file; Settings suggests its own",
    ),
    ("reads/contact_holds.rs", 1, "a read's name, logged"),
    ("reads/day_reads.rs", 2, "a read's name, logged"),
    ("reads/figures.rs", 5, "a read's name, logged"),
    ("reads/outreach_due.rs", 1, "a read's name, logged"),
    (
        "reads/region.rs",
        5,
        "Unread's English, for the command line's JSON; the window's `unread_words`",
    ),
    (
        "store/figures.rs",
        1,
        "the service's activity type name, matched as the service writes it",
    ),
    (
        "store/mod.rs",
        6,
        "StoreError's English: logs, and a failure's detail quoted in the window's sentence",
    ),
    (
        "store/outbox.rs",
        1,
        "RolledBack's English: logged, and the copy is set aside (SetAside, worded)",
    ),
    (
        "store/queued.rs",
        1,
        "WhyRefused's English, for logs; the Outbox pane words each kind",
    ),
    (
        "store/rows.rs",
        2,
        "the index's domain label (bytes) and a compression failure's detail",
    ),
    (
        "store/sealed.rs",
        3,
        "SealError's English: a failure's detail",
    ),
    ("store_id.rs", 1, "a copy's origin, compared, never shown"),
    (
        "store_state/mod.rs",
        2,
        "CopyProblem's English for the command line (`ui::copy_words` words each kind) and a \
         read's name, logged",
    ),
    (
        "sync/mod.rs",
        1,
        "SyncFailure's English, for logs; `ui::copy_words` words each kind",
    ),
    (
        "updates/feed.rs",
        27,
        "Refusal, FeedFault and Unreached's English, for logs; `ui::update_words` words each",
    ),
    (
        "updates/mod.rs",
        2,
        "the HTTP client's redirect errors, never shown (Unreached::Redirected is)",
    ),
    (
        "updates/staged.rs",
        1,
        "an installer refused on a system whose package manager installs: logged",
    ),
];

/// The service crate's sentences, per file, and why none is shown to people as written.
const SERVICE_SENTENCES: &[(&str, usize, &str)] = &[
    (
        "calls.rs",
        7,
        "the service's type names (matched), a call's description written to the service, and ImportError's English; `cli::calls_words` words each",
    ),
    (
        "follow_up.rs",
        2,
        "CreateError's English, for logs; `ui::error_words::create_error` words each",
    ),
    (
        "reports.rs",
        3,
        "a read's name, and ReportError's English for logs; `cli::report::failure_of` words each",
    ),
];

/// The domain's sentences, per file, and why none is shown to people as written.
const DOMAIN_SENTENCES: &[(&str, usize, &str)] = &[
    (
        "active_lead.rs",
        1,
        "the service's status name, matched as it writes it",
    ),
    (
        "activity_draft.rs",
        8,
        "DraftProblem's English, for tests; `ui::words::draft_problem` words each kind",
    ),
    (
        "activity_results.rs",
        1,
        "a checklist result as the service writes it, matched",
    ),
    (
        "benchmarks.rs",
        10,
        "the published figures' English (the command line's JSON, the CSV); the window and the PDF word them (`report::words`: `all_communities`, `nothing_to_count`, the target's name)",
    ),
    (
        "calendar.rs",
        1,
        "ItemState's English; `ui::words::item_state` words it",
    ),
    (
        "calls/export.rs",
        22,
        "phone systems' column names and result words, matched in their files, and ExportError's English; `call_export_words` words each kind",
    ),
    (
        "calls/hours.rs",
        3,
        "the service's type names, matched, and the description's prefix written to the service",
    ),
    (
        "calls/missed.rs",
        5,
        "the domain's English of where missed calls wait, for tests; the window's own `where_they_wait` says it",
    ),
    (
        "calls/mod.rs",
        8,
        "a logged call's description and result, written to the service (every desk reads them back), and the service's type names",
    ),
    (
        "campaigns.rs",
        3,
        "a members CSV's column names, for other tools",
    ),
    (
        "cases.rs",
        13,
        "the search CSV's column names (for other tools) and the English of filters and states; `ui::words` words each",
    ),
    (
        "census.rs",
        2,
        "the forecast's portal line's English names; the window and the PDF say their own",
    ),
    (
        "checklist.rs",
        6,
        "the service's requirement state names, matched, and their English; the window words each",
    ),
    (
        "contact/attempts.rs",
        3,
        "the service's type names and the channel's name, matched",
    ),
    (
        "contact/plan_marker.rs",
        5,
        "markers written to the service as activities' descriptions, read back by every desk",
    ),
    (
        "contact/preference.rs",
        13,
        "a family's word as the marker writes it (read back by every desk) and the stop words matched in replies",
    ),
    (
        "contact/reason.rs",
        8,
        "Reason's English, for logs and the command line's JSON; `ui::guard_words` words each kind",
    ),
    (
        "contact/replies.rs",
        7,
        "ReplyProblem's English, for tests; `cli::contact::reply_problem` words each kind",
    ),
    (
        "contact/rules_problem.rs",
        18,
        "RulesProblem and LineProblem's English, for tests; Settings' `rules_words` words each kind",
    ),
    (
        "contact_story.rs",
        5,
        "Standing's English, for tests; `ui::lead_words::standing` words each",
    ),
    (
        "duplicates.rs",
        4,
        "Why's English, for tests; `ui::words::duplicate_why` words each",
    ),
    (
        "follow_up.rs",
        1,
        "the reference written into an activity's description, matched when looked for",
    ),
    (
        "format.rs",
        2,
        "the domain's English date phrases, for tests; `ui::dates` writes them in the window's language",
    ),
    (
        "funnel.rs",
        13,
        "the service's type names (matched) and the English of stages, periods and dimensions; `ui::words` and `report::words` word each",
    ),
    (
        "individual_draft.rs",
        1,
        "the inquiry's description written to the service",
    ),
    ("inquiry.rs", 3, "the service's type names, matched"),
    (
        "lost_leads.rs",
        7,
        "a lost lead's marker written to the service and the service's type names",
    ),
    (
        "move_in.rs",
        1,
        "a wizard step's English; `ui::words::move_in_step` words each",
    ),
    (
        "move_in_score/features.rs",
        6,
        "the model's term names, never shown",
    ),
    (
        "move_in_score/mod.rs",
        3,
        "the score's English, kept in the dispute marker written to the service, and NoScore's; `ui::scores` and `ui::lead_words` word each",
    ),
    (
        "move_in_score/reasons.rs",
        20,
        "the reasons' English, for tests; `ui::lead_words` words each",
    ),
    (
        "occupancy/mod.rs",
        13,
        "the units CSV's column names (for other tools), the service's type names and states' English; `ui::words` words each",
    ),
    (
        "occupancy/summary.rs",
        6,
        "the summary CSV's column names (for other tools) and the portal line's English name; the window says its own",
    ),
    (
        "outreach/cadence.rs",
        8,
        "plan names written in their markers (the window translates the standard ones: `ui::words::plan_name`) and the service's type names, matched",
    ),
    (
        "outreach/hand_off.rs",
        5,
        "HandOffError's English, for tests; the outreach dialog's `hand_off_words` words each",
    ),
    (
        "outreach/language.rs",
        1,
        "the language marker written to the service",
    ),
    (
        "outreach/merge.rs",
        32,
        "the letter's own words in its language (English and Spanish templates, and a gap as each says it) and fields' meanings; `ui::words::field_meaning` words them",
    ),
    (
        "outreach/mod.rs",
        11,
        "what was sent, written to the service as the activity's description and note, and outcomes' English; `ui::words::call_outcome` words each",
    ),
    (
        "outreach/templates/mod.rs",
        40,
        "the English letters and messages themselves, and purposes' English; `ui::words::purpose` words each",
    ),
    (
        "outreach/templates/spanish.rs",
        36,
        "the Spanish letters and messages themselves",
    ),
    ("outreach_due.rs", 4, "values of the command line's JSON"),
    (
        "partner_pack.rs",
        5,
        "the note written to the service when a pack is sent, and the families' standing in English; the PDF words it",
    ),
    (
        "person_problem.rs",
        3,
        "a field's key, matched by the form (`ui::words::person_problem` words the problem)",
    ),
    (
        "plugin.rs",
        4,
        "EndpointProblem's English, for tests; the Plugin pane's `endpoint_problem` words each",
    ),
    (
        "referral.rs",
        3,
        "the referral check written into the inquiry's note (the service keeps it as evidence); `ui::words::referral_warning` says the warning",
    ),
    (
        "reminders.rs",
        7,
        "the service's type names and a reminder's English text, for logs; the window says `said`",
    ),
    (
        "report.rs",
        6,
        "the sandbox portals' labels (the window and the command line say theirs) and ReportNote's English, for the JSON; the PDF words each",
    ),
    (
        "response_times.rs",
        1,
        "the domain's English, for tests; `report::words` says it",
    ),
    (
        "speed_to_lead.rs",
        10,
        "the service's type names, matched, a paid source's default name (data in Settings) and waits' English; `ui::words` says them",
    ),
    (
        "tour.rs",
        2,
        "the tour's description written to the service",
    ),
    (
        "training_exam.rs",
        24,
        "the exam's names of people and the campaign (the training portal's data) and its English, for tests; `cli::training` and the window word each",
    ),
    (
        "waitlist.rs",
        6,
        "the waitlist note written to the service, read back by every desk",
    ),
];

/// SQL reads as words too; it is the store's, never shown.
fn is_sql(text: &str) -> bool {
    const SQL: &[&str] = &[
        "SELECT ", "INSERT ", "UPDATE ", "DELETE ", "CREATE ", "DROP ", "ALTER ", " WHERE ",
        "PRAGMA ", "?1", " IS NULL",
    ];
    SQL.iter().any(|k| text.contains(k)) || text.starts_with("activities (")
}

/// The sentences of a crate's sources (outside tests, SQL aside), counted per file.
fn sentences_of(src: &Path) -> BTreeMap<String, usize> {
    let mut files = Vec::new();
    crate::layering::sources(src, &mut files);
    let mut counted = BTreeMap::new();
    for file in &files {
        let name = file
            .strip_prefix(src)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        if name.ends_with("tests.rs") || name.contains("tests/") {
            continue;
        }
        let text = std::fs::read_to_string(file).unwrap();
        let code = text.split("#[cfg(test)]").next().unwrap_or_default();
        let chars: Vec<char> = code.chars().collect();
        for (_, at, literal) in literals(code) {
            if !reads_as_words(&literal) || is_sql(&literal) {
                continue;
            }
            let before = statement_before(&chars, at);
            if NOT_FOR_PEOPLE.iter().any(|m| before.contains(m)) {
                continue;
            }
            *counted.entry(name.clone()).or_insert(0usize) += 1;
        }
    }
    counted
}

/// Fails, naming each file whose count moved, unless `table` names each file's count.
fn assert_named(krate: &str, table: &[(&str, usize, &str)]) {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("crates/{krate}/src"));
    let counted = sentences_of(&src);
    let named: BTreeMap<String, usize> = table
        .iter()
        .map(|(file, count, _)| ((*file).to_owned(), *count))
        .collect();
    assert!(
        counted == named,
        "the {krate} crate's sentences moved (file: found, named): a new one that a person reads \
         belongs in the Fluent files (worded by the window or the command line from a kind), \
         else name its file's count with why:\n{}",
        counted
            .keys()
            .chain(named.keys())
            .collect::<BTreeSet<_>>()
            .into_iter()
            .filter(|f| counted.get(*f) != named.get(*f))
            .map(|f| format!("{f}: {:?}, {:?}", counted.get(f), named.get(f)))
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn the_engines_sentences_are_each_named_with_why_they_are_not_shown() {
    assert_named("engine", ENGINE_SENTENCES);
}

#[test]
fn the_services_sentences_are_each_named_with_why_they_are_not_shown() {
    assert_named("service", SERVICE_SENTENCES);
}

#[test]
fn the_domains_sentences_are_each_named_with_why_they_are_not_shown() {
    assert_named("domain", DOMAIN_SENTENCES);
}

#[test]
fn a_sentence_added_to_a_file_fails_the_count() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("a.rs"),
        "fn f() -> &'static str { \"a sentence here\" }\nfn g() { tracing::info!(\"logged words\"); }\n#[cfg(test)]\nmod tests { const T: &str = \"test words\"; }\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("b.rs"),
        "const Q: &str = \"SELECT a FROM b WHERE c\";\n",
    )
    .unwrap();
    let counted = sentences_of(dir.path());
    assert_eq!(counted, BTreeMap::from([("a.rs".to_owned(), 1)]));
}
