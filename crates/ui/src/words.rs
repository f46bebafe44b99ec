//! The domain's names in the window's language: the domain names its stages and filters in
//! English for logs and files; what the window shows of them comes from the Fluent files.

use leasedesk_i18n::tr;

use crate::domain::calendar::ItemState;
use crate::domain::cases::{ColourFilter, StageFilter};
use crate::domain::funnel::{Dimension, PeriodChoice};
use crate::domain::move_in::Step;
use crate::domain::move_in_score::Band;
use crate::domain::occupancy::{UnitState, Vacancy};
use crate::domain::outreach::merge::Field;
use crate::domain::outreach::{CallOutcome, Channel, Purpose};
use crate::domain::speed_to_lead::Colour;
use crate::theme::ThemeChoice;

/// A sales stage: "Inquiry", "Consulta".
pub use crate::report::words::stage;

/// A choice of Search's stage filter.
pub fn stage_filter(filter: StageFilter) -> String {
    match filter {
        StageFilter::Any => tr!("stage-any"),
        StageFilter::At(at) => stage(at),
        StageFilter::None => tr!("stage-none"),
    }
}

/// A choice of Search's follow-up filter, the colour with what it means.
pub fn colour_filter(filter: ColourFilter) -> String {
    match filter {
        ColourFilter::Any => tr!("follow-up-any"),
        ColourFilter::Is(Colour::Red) => tr!("follow-up-red"),
        ColourFilter::Is(Colour::Amber) => tr!("follow-up-amber"),
        ColourFilter::Is(Colour::Green) => tr!("follow-up-green"),
    }
}

/// A choice of theme: "Dark", "Oscuro".
pub fn theme(choice: ThemeChoice) -> String {
    match choice {
        ThemeChoice::System => tr!("theme-system"),
        ThemeChoice::Dark => tr!("theme-dark"),
        ThemeChoice::Light => tr!("theme-light"),
        ThemeChoice::HighContrast => tr!("theme-high-contrast"),
    }
}

/// Why a message is sent: "After a tour", "Después de una visita".
pub fn purpose(purpose: Purpose) -> String {
    match purpose {
        Purpose::FirstReply => tr!("purpose-first-reply"),
        Purpose::AfterTour => tr!("purpose-after-tour"),
        Purpose::NoAnswer => tr!("purpose-no-answer"),
        Purpose::ChecklistReminder => tr!("purpose-checklist"),
        Purpose::ReferralPartner => tr!("purpose-referral-partner"),
        Purpose::PartnerPack => tr!("purpose-partner-pack"),
    }
}

/// How a message goes: "Letter", "Carta".
pub fn channel(channel: Channel) -> String {
    match channel {
        Channel::Email => tr!("channel-email"),
        Channel::Text => tr!("channel-text"),
        Channel::Call => tr!("channel-call"),
        Channel::Letter => tr!("channel-letter"),
    }
}

/// What became of a call: "No answer", "Sin respuesta".
pub fn call_outcome(outcome: CallOutcome) -> String {
    match outcome {
        CallOutcome::Reached => tr!("call-reached"),
        CallOutcome::Voicemail => tr!("call-voicemail"),
        CallOutcome::NoAnswer => tr!("call-no-answer"),
    }
}

/// What a merge field stands for, beside its `{token}` (which is the same in every language).
pub fn field_meaning(field: Field) -> String {
    match field {
        Field::Person => tr!("field-person"),
        Field::PersonFirst => tr!("field-person-first"),
        Field::Contact => tr!("field-contact"),
        Field::ContactFirst => tr!("field-contact-first"),
        Field::Community => tr!("field-community"),
        Field::Agent => tr!("field-agent"),
        Field::TourDay => tr!("field-tour-day"),
        Field::TourTime => tr!("field-tour-time"),
        Field::Unit => tr!("field-unit"),
        Field::Rate => tr!("field-rate"),
        Field::ChecklistNeeds => tr!("field-checklist-needs"),
    }
}

/// A likelihood as the window writes it: "12%", "under 0.1%" (US Spanish writes its figures
/// as US English does: "menos de 0.1%").
pub fn likelihood(value: f64) -> String {
    if value.is_finite() && value > 0.0 && value < 0.001 {
        tr!("likelihood-under-tenth")
    } else {
        crate::domain::move_in_score::written(value)
    }
}

/// An item's state in the calendar: "Overdue", "Vencida".
pub fn item_state(state: ItemState) -> String {
    match state {
        ItemState::Overdue => tr!("state-overdue"),
        ItemState::Open => tr!("state-open"),
        ItemState::Completed => tr!("state-done"),
        ItemState::Cancelled => tr!("state-cancelled"),
        ItemState::NoShow => tr!("state-no-show"),
        ItemState::Rescheduled => tr!("state-rescheduled"),
    }
}

/// A lead's follow-up colour: "Amber", "Ámbar".
pub fn colour(colour: Colour) -> String {
    match colour {
        Colour::Red => tr!("colour-red"),
        Colour::Amber => tr!("colour-amber"),
        Colour::Green => tr!("colour-green"),
    }
}

/// A lead's move-in score band: "Hot", "Caliente".
pub fn band(band: Band) -> String {
    match band {
        Band::Hot => tr!("band-hot"),
        Band::Warm => tr!("band-warm"),
        Band::Cold => tr!("band-cold"),
    }
}

/// Why a row is listed: "via Patricia Ashworth, daughter", "en la Bandeja de salida".
pub fn listed(listed: &crate::domain::cases::Listed) -> String {
    use crate::domain::cases::Listed;
    match listed {
        Listed::Via { name, how } => tr!("search-via", name = name.as_str(), how = how.as_str()),
        Listed::InOutbox => tr!("search-in-outbox"),
    }
}

/// A case's status as its row says it: the service's, but "Moving in Dec 3", "Ingresa el
/// 3 dic" while a signed contract's move-in day is still ahead.
pub fn case_status(row: &crate::domain::cases::CaseRow) -> String {
    match row.moving_in_ahead() {
        Some(m) if m.another_year => tr!("case-moving-in", day = crate::dates::day(m.day)),
        Some(m) => tr!("case-moving-in", day = crate::dates::month_day(m.day)),
        None => row.status.clone(),
    }
}

/// A cell of Search's table in the window's language: the stage, the day created and a
/// move-in ahead said from the files; the service's own names (type, status, source) as they
/// came. The domain's `CaseColumn::text` stays English, for the CSV export.
pub fn case_cell(
    column: crate::domain::cases::CaseColumn,
    row: &crate::domain::cases::CaseRow,
) -> std::borrow::Cow<'_, str> {
    use crate::domain::cases::CaseColumn;
    match column {
        CaseColumn::Stage => row.stage.map(stage).unwrap_or_default().into(),
        CaseColumn::Created => crate::dates::day(row.created.date_naive()).into(),
        CaseColumn::Status if row.moving_in_ahead().is_some() => case_status(row).into(),
        _ => column.text(row),
    }
}

/// An activity to create with its Outbox line in the window's words: "Call Out for Margaret
/// Ellison, Nov 23, 2026 2:30 pm: …", "Call Out para Margaret Ellison, 23 nov 2026 2:30 p. m.".
pub fn said_write(mut write: crate::engine::ActivityWrite) -> crate::engine::ActivityWrite {
    write.summary = activity_said(&write);
    write
}

/// A queued change's line as the window says it now: activities and new people are worded
/// from what they keep (the line saved with them is in the language of that moment, or the
/// engine's English for an inquiry it queued itself); the other kinds keep the line they were
/// saved with.
pub fn queued_said(write: &crate::engine::QueuedWrite) -> String {
    use crate::engine::QueuedWrite;
    match write {
        QueuedWrite::LogActivity(activity) => activity_said(activity),
        QueuedWrite::NewIndividual(person) => {
            new_person_said(&person.draft, person.body.get("casenumber").is_some())
        }
        other => other.summary().to_owned(),
    }
}

/// Why a change waits for a person, in the window's language (the service's own message
/// quoted as it came).
pub fn refused_words(why: &crate::engine::WhyRefused) -> String {
    use crate::engine::WhyRefused;
    match why {
        WhyRefused::Service(message) => tr!("outbox-refused", message = message.as_str()),
        WhyRefused::CannotTell { name } => tr!("outbox-cannot-tell", name = name.as_str()),
    }
}

/// "New prospect Margaret Ellison", "Persona nueva (cliente potencial): Margaret Ellison"; a
/// person added to a case is a contact unless typed otherwise.
pub fn new_person_said(draft: &crate::domain::individual_draft::Draft, in_a_case: bool) -> String {
    use crate::api::model::IndividualType;
    let kind = draft.kind.unwrap_or(if in_a_case {
        IndividualType::Contact
    } else {
        IndividualType::Prospect
    });
    tr!(
        "outbox-new-person",
        kind = individual_type(kind).to_lowercase(),
        name = format!("{} {}", draft.first_name.trim(), draft.last_name.trim())
    )
}

fn activity_said(write: &crate::engine::ActivityWrite) -> String {
    let who = write.draft.who.as_ref().map_or("", |w| w.name.as_str());
    let start = write.body.start;
    let when = format!(
        "{} {}",
        crate::dates::day(start.date_naive()),
        crate::dates::time(start.time())
    );
    let mut summary = tr!(
        "outbox-activity",
        kind = write.type_name.as_str(),
        who = who,
        when = when
    );
    let about = Some(write.draft.description.trim())
        .filter(|d| !d.is_empty())
        .unwrap_or(write.draft.note.trim());
    if !about.is_empty() {
        summary.push_str(": ");
        summary.extend(about.chars().take(120));
    }
    summary
}

/// What a form for a person lacks: "First name is required".
pub fn person_problem(problem: &crate::domain::person_problem::PersonProblem) -> String {
    use crate::domain::person_problem::PersonProblem;
    match problem {
        PersonProblem::FirstNameRequired => tr!("person-first-name-required"),
        PersonProblem::LastNameRequired => tr!("person-last-name-required"),
        PersonProblem::NotAnEmail(text) => {
            tr!("person-not-an-email", text = crate::typed::shown(text))
        }
        PersonProblem::AddressIncomplete => tr!("person-address-incomplete"),
        PersonProblem::NoCommunity => tr!("person-no-community"),
        PersonProblem::NoTimeZone => tr!("person-no-time-zone"),
    }
}

/// Business time waited, the office's days counted (the documents say it too).
pub use crate::report::words::waited;

/// Money per month: "$5,350.00/month", "$5,350.00/mes".
pub fn monthly(amount: f64) -> String {
    tr!(
        "money-monthly",
        amount = crate::domain::format::money(amount)
    )
}

/// A choice of Inventory's occupancy filter: "Has a free bed", "Con una cama libre".
pub fn vacancy(vacancy: Vacancy) -> String {
    match vacancy {
        Vacancy::All => tr!("vacancy-any"),
        Vacancy::Vacant => tr!("vacancy-vacant"),
        Vacancy::WithRoom => tr!("vacancy-with-room"),
        Vacancy::Full => tr!("vacancy-full"),
    }
}

/// A unit's occupancy: "Partly occupied", "Parcialmente ocupada".
pub fn unit_state(state: UnitState) -> String {
    match state {
        UnitState::Vacant => tr!("vacancy-vacant"),
        UnitState::Partial => tr!("unit-partial"),
        UnitState::Full => tr!("vacancy-full"),
    }
}

/// A step of the move-in wizard: "When and money", "Cuándo y cuánto".
pub fn move_in_step(step: Step) -> String {
    match step {
        Step::Who => tr!("movein-step-who"),
        Step::Where => tr!("movein-step-where"),
        Step::When => tr!("movein-step-when"),
        Step::Options => tr!("movein-step-options"),
        Step::Review => tr!("movein-step-review"),
    }
}

/// What the funnel is broken down by: "Market source", "Fuente de mercado".
pub fn dimension(dimension: Dimension) -> String {
    match dimension {
        Dimension::Community => tr!("calling-col-community"),
        Dimension::Agent => tr!("dimension-agent"),
        Dimension::Source => tr!("lead-rules-market-source"),
        Dimension::Campaign => tr!("log-campaign"),
    }
}

/// A choice of the funnel's period: "Last 30 days", "Últimos 30 días".
pub fn period_choice(choice: PeriodChoice) -> String {
    match choice {
        PeriodChoice::Last30Days => tr!("period-last-30"),
        PeriodChoice::Last90Days => tr!("period-last-90"),
        PeriodChoice::ThisMonth => tr!("period-this-month"),
        PeriodChoice::LastMonth => tr!("period-last-month"),
        PeriodChoice::ThisQuarter => tr!("period-this-quarter"),
        PeriodChoice::LastQuarter => tr!("period-last-quarter"),
        PeriodChoice::Custom => tr!("period-custom"),
    }
}

/// A kind of person as the window says it: "Prospect", "Cliente potencial" (the service's own
/// code, unknown to this release, as it comes).
pub fn individual_type(kind: crate::api::model::IndividualType) -> String {
    use crate::api::model::IndividualType;
    match kind {
        IndividualType::Prospect => tr!("kind-prospect"),
        IndividualType::Resident => tr!("kind-resident"),
        IndividualType::Contact => tr!("kind-contact"),
        IndividualType::ReferralSource => tr!("kind-referral-source"),
        IndividualType::PreLead => tr!("kind-pre-lead"),
        other @ IndividualType::Other(_) => other.to_string(),
    }
}

/// A campaign member's status as the window says it: "No Show", "No asistió".
pub fn campaign_status(status: crate::api::model::CampaignStatus) -> String {
    use crate::api::model::CampaignStatus;
    match status {
        CampaignStatus::Invited => tr!("rsvp-invited"),
        CampaignStatus::Rsvp => tr!("rsvp-rsvp"),
        CampaignStatus::Attended => tr!("rsvp-attended"),
        CampaignStatus::NoShow => tr!("rsvp-no-show"),
        CampaignStatus::Cancelled => tr!("rsvp-cancelled"),
        other @ CampaignStatus::Other(_) => other.to_string(),
    }
}

/// What is wrong with an activity's form, in the window's words; the examples are written as
/// the window writes a day and a time, so what it suggests it also reads.
pub fn draft_problem(problem: &crate::domain::activity_draft::DraftProblem) -> String {
    use crate::domain::activity_draft::DraftProblem;
    let example_day = chrono::NaiveDate::from_ymd_opt(2026, 11, 21).unwrap_or_default();
    match problem {
        DraftProblem::NoType => tr!("draft-no-type"),
        DraftProblem::NoWho => tr!("draft-no-who"),
        DraftProblem::Date(text) => tr!(
            "draft-bad-date",
            example = crate::dates::typed_day(example_day),
            text = crate::typed::quoted(text)
        ),
        DraftProblem::Time { end: false, text } => tr!(
            "draft-bad-start-time",
            example = crate::dates::time_hint(),
            text = crate::typed::quoted(text)
        ),
        DraftProblem::Time { end: true, text } => tr!(
            "draft-bad-end-time",
            example = crate::dates::time_hint(),
            text = crate::typed::quoted(text)
        ),
        DraftProblem::EndBeforeStart => tr!("draft-end-before-start"),
        // The field reads a moment the one way its hint shows, in every language.
        DraftProblem::CompletedAt(text) => {
            tr!("draft-bad-completed-at", text = crate::typed::quoted(text))
        }
        DraftProblem::Incomplete => tr!("draft-incomplete"),
        DraftProblem::NoSuchStart => tr!("draft-no-such-start"),
    }
}

/// An address's type in the window's words: the spec names two (`Primary`, `Secondary`); a
/// type it does not name is shown as the service wrote it.
pub fn address_kind(kind: &str) -> String {
    match kind {
        "Primary" => tr!("address-primary"),
        "Secondary" => tr!("address-secondary"),
        other => other.to_owned(),
    }
}

/// [`draft_problem`] for each.
pub fn draft_problems(problems: Vec<crate::domain::activity_draft::DraftProblem>) -> Vec<String> {
    problems.iter().map(draft_problem).collect()
}

/// What a tour's form still lacks, in the window's words, its field first.
pub fn tour_problem(problem: crate::domain::tour::TourProblem) -> String {
    use crate::domain::tour::TourProblem;
    match problem {
        TourProblem::NoCommunity => tr!("tour-problem-community"),
        TourProblem::NoDay => tr!("tour-problem-day"),
        TourProblem::NoTime => tr!("tour-problem-time"),
        TourProblem::NoGuide => tr!("tour-problem-guide"),
        TourProblem::NoSuchTime => tr!("tour-problem-no-such-time"),
    }
}

/// Why a paid source's fee may not be owed: the person was known before, and when and how
/// ("Known since Mar 3, 2026 via Website at Maple Grove: …"). The inquiry's note keeps the
/// domain's English evidence, which the service stores.
pub fn referral_warning(before: &crate::domain::referral::KnownBefore) -> String {
    let f = &before.first;
    let day = crate::dates::day(f.at.date_naive());
    let community = f.community.as_str();
    match f.source.as_deref() {
        Some(source) => tr!(
            "referral-known-since-via",
            day = day,
            source = source,
            community = community
        ),
        None => tr!("referral-known-since", day = day, community = community),
    }
}

/// A portal's name as printed and listed: the demo portals' labels (which identify them, in
/// English, to the engine and the command line's JSON) in the window's language; a profile's
/// own name as it is.
pub fn portal_name(label: &str) -> String {
    crate::report::words::portal_name(label)
}

/// Why two people may be one, in the window's words (`Why::text` is the domain's English).
pub fn duplicate_why(why: crate::domain::duplicates::Why) -> String {
    use crate::domain::duplicates::Why;
    match why {
        Why::Email => tr!("duplicate-same-email"),
        Why::Phone => tr!("duplicate-same-phone"),
        Why::Name => tr!("duplicate-same-name"),
        Why::SwappedName => tr!("duplicate-swapped-name"),
    }
}

/// A follow-up plan's name as the window says it. The name itself is what the case's marker
/// activity records (every desk reads it back), so only the standard plans are translated; a
/// plan this desk does not know keeps the name it was logged with.
pub fn plan_name(name: &str) -> String {
    use crate::domain::outreach::cadence::{AFTER_A_TOUR, GONE_QUIET, NEW_LEAD};
    match name {
        NEW_LEAD => tr!("plan-name-new-lead"),
        AFTER_A_TOUR => tr!("plan-name-after-tour"),
        GONE_QUIET => tr!("plan-name-gone-quiet"),
        other => other.to_owned(),
    }
}

/// A region row's "short of", with its base said: which benchmarks, of how many it can be
/// measured on, and which it cannot (nothing to count yet), for the cell's hover.
pub fn short_of(row: &crate::domain::region::RegionRow) -> String {
    let named = |labels: &[String]| -> String {
        let published = crate::domain::benchmarks::published();
        labels
            .iter()
            .map(|label| {
                published
                    .iter()
                    .find(|b| &b.label == label)
                    .map_or_else(|| label.clone(), crate::report::words::benchmark_label)
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut said = if row.short_of_names.is_empty() {
        tr!(
            "region-short-of-base",
            short = row.short_of,
            measured = row.measured
        )
    } else {
        tr!(
            "region-short-of-named",
            short = row.short_of,
            measured = row.measured,
            names = named(&row.short_of_names)
        )
    };
    if !row.not_measured.is_empty() {
        said.push(' ');
        said.push_str(&tr!(
            "region-not-measured",
            names = named(&row.not_measured)
        ));
    }
    said
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::funnel::Stage;
    use leasedesk_i18n::Language;

    #[test]
    fn an_addresss_type_is_worded_when_the_spec_names_it() {
        let english = leasedesk_i18n::in_language(Language::English, || {
            (address_kind("Primary"), address_kind("Secondary"))
        });
        assert_eq!(english, ("Primary".to_owned(), "Secondary".to_owned()));
        let spanish = leasedesk_i18n::in_language(Language::Spanish, || {
            (address_kind("Primary"), address_kind("Billing"))
        });
        assert_eq!(spanish, ("Principal".to_owned(), "Billing".to_owned()));
    }

    /// Each name in English is the domain's own (logs and files say the same words), and in
    /// Spanish is not.
    #[test]
    fn an_activity_waiting_in_the_outbox_is_listed_in_the_windows_words() {
        use crate::domain::activity_draft::ActivityDraft;
        let draft = ActivityDraft {
            date: "Nov 23, 2026".into(),
            start: "2:30 pm".into(),
            description: "Asked about respite stays".into(),
            ..Default::default()
        };
        let start = crate::api::model::stamp::parse("2026-11-23T14:30:00-05:00").unwrap();
        let body = crate::api::model::NewActivity::new(3, start);
        let english = Language::English;
        let english = leasedesk_i18n::in_language(english, || {
            said_write(crate::engine::ActivityWrite::new(
                &draft,
                body.clone(),
                "Call Out".into(),
            ))
        });
        let engine = crate::engine::ActivityWrite::new(&draft, body.clone(), "Call Out".into());
        assert_eq!(
            english.summary, engine.summary,
            "English as the engine says it"
        );
        let spanish = leasedesk_i18n::in_language(Language::Spanish, || {
            said_write(crate::engine::ActivityWrite::new(
                &draft,
                body,
                "Call Out".into(),
            ))
        });
        assert_eq!(
            spanish.summary,
            "Call Out para , 23 nov 2026 2:30 p. m.: Asked about respite stays"
        );
    }

    /// What the engine queued itself (in English) and a person saved in English are listed in
    /// Spanish once the window is: worded when shown, not when saved.
    #[test]
    fn a_queued_change_saved_in_english_is_listed_in_the_windows_words_now() {
        use crate::engine::{IndividualWrite, QueuedWrite};
        let draft = crate::domain::activity_draft::ActivityDraft::default();
        let start = crate::api::model::stamp::parse("2026-11-23T14:30:00-05:00").unwrap();
        let body = crate::api::model::NewActivity::new(3, start);
        let engine: QueuedWrite =
            crate::engine::ActivityWrite::new(&draft, body, "Call Out".into()).into();
        assert_eq!(engine.summary(), "Call Out for , Nov 23, 2026 2:30 pm");
        let spanish = leasedesk_i18n::in_language(Language::Spanish, || queued_said(&engine));
        assert_eq!(spanish, "Call Out para , 23 nov 2026 2:30 p. m.");

        let person = crate::domain::individual_draft::Draft {
            first_name: " Rosa ".into(),
            last_name: "Quintero".into(),
            ..Default::default()
        };
        let saved =
            leasedesk_i18n::in_language(Language::English, || new_person_said(&person, false));
        assert_eq!(saved, "New prospect Rosa Quintero");
        let write: QueuedWrite = IndividualWrite {
            draft: Box::new(person),
            body: Box::default(),
            inquiry: None,
            summary: saved,
        }
        .into();
        let spanish = leasedesk_i18n::in_language(Language::Spanish, || queued_said(&write));
        assert_eq!(spanish, "Persona nueva (cliente potencial): Rosa Quintero");
    }

    #[test]
    fn a_move_in_ahead_is_said_in_the_windows_language() {
        use crate::domain::cases::{CaseRow, MovingIn};
        let saved = crate::api::model::stamp::parse("2026-11-01T10:00:00-05:00").unwrap();
        let mut row = CaseRow::waiting_to_be_sent(&Default::default(), saved);
        row.status = "Moved In".into();
        let today = chrono::NaiveDate::from_ymd_opt(2026, 11, 28).unwrap();
        let said = |lang, row: &CaseRow| leasedesk_i18n::in_language(lang, || case_status(row));
        assert_eq!(
            said(Language::Spanish, &row),
            "Moved In",
            "nothing ahead: the service's"
        );
        row.moving_in = Some(MovingIn::new(
            chrono::NaiveDate::from_ymd_opt(2026, 12, 3).unwrap(),
            today,
        ));
        assert_eq!(said(Language::English, &row), "Moving in Dec 3");
        assert_eq!(said(Language::English, &row), row.status_shown());
        assert_eq!(said(Language::Spanish, &row), "Ingresa el 3 dic");
        row.moving_in = Some(MovingIn::new(
            chrono::NaiveDate::from_ymd_opt(2027, 3, 2).unwrap(),
            today,
        ));
        assert_eq!(said(Language::English, &row), row.status_shown());
        assert_eq!(said(Language::Spanish, &row), "Ingresa el 2 mar 2027");
        use crate::domain::cases::Listed;
        let via = Listed::Via {
            name: "Robert Ellison".into(),
            how: "son".into(),
        };
        for l in [&via, &Listed::InOutbox] {
            assert_eq!(
                leasedesk_i18n::in_language(Language::English, || listed(l)),
                l.to_string()
            );
        }
        let es = |l| leasedesk_i18n::in_language(Language::Spanish, || listed(l));
        assert_eq!(es(&via), "por Robert Ellison, son");
        assert_eq!(es(&Listed::InOutbox), "en la Bandeja de salida");
    }

    #[test]
    fn a_person_forms_problems_are_said_in_both_languages() {
        use crate::domain::person_problem::PersonProblem;
        let email = PersonProblem::NotAnEmail("nope".into());
        let en = leasedesk_i18n::in_language(Language::English, || person_problem(&email));
        assert_eq!(
            en,
            "\"nope\" is not an email address: write it as name@example.com"
        );
        let es = leasedesk_i18n::in_language(Language::Spanish, || {
            [
                PersonProblem::FirstNameRequired,
                email.clone(),
                PersonProblem::NoCommunity,
            ]
            .map(|p| person_problem(&p))
        });
        assert_eq!(
            es,
            [
                "El nombre es obligatorio",
                "\"nope\" no es una dirección de correo: escríbala como nombre@ejemplo.com",
                "Dé acceso al menos a una comunidad",
            ]
        );
    }

    #[test]
    fn a_forms_problems_are_the_domains_in_english_and_translated_in_spanish() {
        use crate::domain::activity_draft::DraftProblem;
        use crate::domain::tour::TourProblem;
        let drafts = [
            DraftProblem::NoType,
            DraftProblem::NoWho,
            DraftProblem::Date("24/11".into()),
            DraftProblem::Time {
                end: false,
                text: "noon".into(),
            },
            DraftProblem::Time {
                end: true,
                text: "late".into(),
            },
            DraftProblem::EndBeforeStart,
            DraftProblem::CompletedAt("yesterday".into()),
            DraftProblem::Incomplete,
            DraftProblem::NoSuchStart,
        ];
        let tours = [
            TourProblem::NoCommunity,
            TourProblem::NoDay,
            TourProblem::NoTime,
            TourProblem::NoGuide,
            TourProblem::NoSuchTime,
        ];
        leasedesk_i18n::in_language(Language::English, || {
            for p in &drafts {
                assert_eq!(draft_problem(p), p.to_string());
            }
            assert_eq!(
                tour_problem(TourProblem::NoGuide),
                "Assigned to: Choose who gives the tour"
            );
        });
        leasedesk_i18n::in_language(Language::Spanish, || {
            for p in &drafts {
                assert_ne!(draft_problem(p), p.to_string(), "{p:?}");
            }
            // The example is the day as the Spanish form writes it, so it is read back.
            let said = draft_problem(&drafts[2]);
            assert_eq!(
                said,
                format!(
                    "La fecha debe ser un día como {} (se escribió \"24/11\")",
                    crate::dates::typed_day(chrono::NaiveDate::from_ymd_opt(2026, 11, 21).unwrap())
                )
            );
            assert_eq!(
                crate::domain::dates::read_written(&crate::dates::typed_day(
                    chrono::NaiveDate::from_ymd_opt(2026, 11, 21).unwrap()
                )),
                chrono::NaiveDate::from_ymd_opt(2026, 11, 21)
            );
            assert!(draft_problem(&drafts[3]).starts_with("La hora de inicio debe"));
            let english: Vec<String> = leasedesk_i18n::in_language(Language::English, || {
                tours.iter().map(|t| tour_problem(*t)).collect()
            });
            for (t, english) in tours.iter().zip(&english) {
                assert_ne!(&tour_problem(*t), english, "{t:?}");
            }
        });
    }

    #[test]
    fn why_a_referral_fee_may_not_be_owed_is_said_in_the_windows_words() {
        use crate::domain::duplicates::FirstContact;
        use crate::domain::referral::KnownBefore;
        let before = |source: Option<&str>| KnownBefore {
            case_number: "100".into(),
            first: FirstContact {
                at: crate::api::model::stamp::parse("2026-03-03T09:00:00-05:00").unwrap(),
                source: source.map(str::to_owned),
                community: "Maple Grove".into(),
            },
        };
        leasedesk_i18n::in_language(Language::English, || {
            assert_eq!(
                referral_warning(&before(Some("Website"))),
                "Known since Mar 3, 2026 via Website at Maple Grove: a referral fee may not be owed"
            );
            assert_eq!(
                referral_warning(&before(None)),
                "Known since Mar 3, 2026 at Maple Grove: a referral fee may not be owed"
            );
        });
        leasedesk_i18n::in_language(Language::Spanish, || {
            assert_eq!(
                referral_warning(&before(Some("Website"))),
                format!(
                    "Conocida desde el {} por Website en Maple Grove: puede que no se deba la \
                     comisión de referencia",
                    crate::dates::day(chrono::NaiveDate::from_ymd_opt(2026, 3, 3).unwrap())
                )
            );
        });
    }

    #[test]
    fn the_demo_portals_are_named_in_the_windows_language_and_a_profile_as_it_is() {
        use crate::domain::report::{SANDBOX_PORTAL, SECOND_SANDBOX_PORTAL};
        leasedesk_i18n::in_language(Language::English, || {
            assert_eq!(portal_name(SANDBOX_PORTAL), SANDBOX_PORTAL);
            assert_eq!(portal_name(SECOND_SANDBOX_PORTAL), SECOND_SANDBOX_PORTAL);
        });
        leasedesk_i18n::in_language(Language::Spanish, || {
            assert_eq!(
                portal_name(SANDBOX_PORTAL),
                "Portal de demostración (sandbox integrado)"
            );
            assert_ne!(portal_name(SECOND_SANDBOX_PORTAL), SECOND_SANDBOX_PORTAL);
            assert_eq!(portal_name("Oak (portal 42)"), "Oak (portal 42)");
        });
    }

    #[test]
    fn why_two_people_may_be_one_and_a_plans_name_are_translated() {
        use crate::domain::duplicates::Why;
        let whys = [Why::Email, Why::Phone, Why::Name, Why::SwappedName];
        let plans = crate::domain::outreach::cadence::standard_plans();
        leasedesk_i18n::in_language(Language::English, || {
            for w in whys {
                assert_eq!(duplicate_why(w), w.text());
            }
            for p in &plans {
                assert_eq!(plan_name(p.name), p.name);
            }
        });
        leasedesk_i18n::in_language(Language::Spanish, || {
            for w in whys {
                assert_ne!(duplicate_why(w), w.text(), "{w:?}");
            }
            for p in &plans {
                assert_ne!(plan_name(p.name), p.name, "{}", p.name);
            }
            assert_eq!(duplicate_why(Why::Email), "mismo correo electrónico");
            assert_eq!(plan_name("Gone quiet"), "Sin respuesta");
            // A plan logged by a desk that knows more plans keeps its name.
            assert_eq!(plan_name("Spring push"), "Spring push");
        });
    }

    #[test]
    fn a_region_rows_short_of_names_its_base_in_the_windows_words() {
        let published = crate::domain::benchmarks::published();
        let label = |measure: &str| {
            published
                .iter()
                .find(|b| b.measure == measure)
                .unwrap()
                .label
                .clone()
        };
        let row = crate::domain::region::RegionRow {
            short_of: 1,
            measured: 6,
            short_of_names: vec![label("occupancy")],
            not_measured: vec![label("inquiry_to_tour"), "A measure of its own".into()],
            ..Default::default()
        };
        let english = leasedesk_i18n::in_language(Language::English, || short_of(&row));
        assert_eq!(
            english,
            format!(
                "Short of 1 of the 6 benchmarks this community can be measured on: {}. \
                 Not measured (nothing to count yet): {}, A measure of its own.",
                label("occupancy"),
                label("inquiry_to_tour")
            )
        );
        let spanish = leasedesk_i18n::in_language(Language::Spanish, || short_of(&row));
        let occupancy = leasedesk_i18n::in_language(Language::Spanish, || {
            crate::report::words::benchmark_label(&published[0])
        });
        assert!(
            spanish.starts_with("Por debajo de 1 de las 6 referencias"),
            "{spanish}"
        );
        assert!(
            spanish.contains("Sin medir (aún no hay nada que contar): "),
            "{spanish}"
        );
        assert!(spanish.contains(&occupancy), "{spanish}");
        assert!(!spanish.contains(&label("inquiry_to_tour")), "{spanish}");
        let none = crate::domain::region::RegionRow {
            measured: 8,
            ..Default::default()
        };
        let english = leasedesk_i18n::in_language(Language::English, || short_of(&none));
        assert_eq!(
            english,
            "Short of 0 of the 8 benchmarks this community can be measured on."
        );
    }

    #[test]
    fn the_windows_names_are_the_domains_in_english_and_translated_in_spanish() {
        leasedesk_i18n::set_language_on_this_thread(Language::English);
        let filters: Vec<StageFilter> = std::iter::once(StageFilter::Any)
            .chain(Stage::ALL.into_iter().map(StageFilter::At))
            .chain([StageFilter::None])
            .collect();
        for f in &filters {
            assert_eq!(stage_filter(*f), f.label());
        }
        for f in ColourFilter::ALL {
            assert_eq!(colour_filter(f), f.label());
        }
        leasedesk_i18n::set_language_on_this_thread(Language::Spanish);
        for f in &filters {
            assert_ne!(stage_filter(*f), f.label(), "{f:?}");
        }
        for f in ColourFilter::ALL {
            assert_ne!(colour_filter(f), f.label(), "{f:?}");
        }
        assert_eq!(stage(Stage::MoveIn), "Ingreso");
        assert_eq!(purpose(Purpose::AfterTour), "Después de una visita");
        assert_eq!(channel(Channel::Letter), "Carta");
        leasedesk_i18n::set_language_on_this_thread(Language::English);
        for p in Purpose::ALL {
            assert_eq!(purpose(p), p.name());
        }
        for c in Channel::ALL {
            assert_eq!(channel(c), c.name());
        }
        for o in CallOutcome::ALL {
            assert_eq!(call_outcome(o), o.name());
        }
        for s in [
            ItemState::Overdue,
            ItemState::Open,
            ItemState::Completed,
            ItemState::Cancelled,
            ItemState::NoShow,
            ItemState::Rescheduled,
        ] {
            assert_eq!(item_state(s), s.word());
        }
        let office = crate::domain::speed_to_lead::BusinessHours::default();
        for minutes in [0, 45, 60, 190, 600, 900, 1500, 5000] {
            assert_eq!(
                waited(minutes, &office),
                crate::domain::speed_to_lead::waited_text(minutes, &office),
                "{minutes}"
            );
        }
        assert_eq!(monthly(5350.0), crate::domain::format::monthly(5350.0));
        for d in Dimension::ALL {
            assert_eq!(dimension(d), d.label());
        }
        for p in PeriodChoice::ALL {
            assert_eq!(period_choice(p), p.label());
        }
        for s in Step::ALL {
            assert_eq!(move_in_step(s), s.title());
        }
        for v in Vacancy::ALL {
            assert_eq!(vacancy(v), v.label());
        }
        for u in [UnitState::Vacant, UnitState::Partial, UnitState::Full] {
            assert_eq!(unit_state(u), u.label());
        }
        for b in [Band::Hot, Band::Warm, Band::Cold] {
            assert_eq!(band(b), b.label());
        }
        for c in [Colour::Red, Colour::Amber, Colour::Green] {
            assert_eq!(colour(c), c.name());
        }
        for f in Field::ALL {
            assert_eq!(field_meaning(f), f.meaning());
        }
        assert_eq!(
            likelihood(0.0005),
            crate::domain::move_in_score::written(0.0005)
        );
        leasedesk_i18n::set_language_on_this_thread(Language::English);
    }
}
