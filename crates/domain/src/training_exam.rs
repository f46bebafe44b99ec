//! The training class's exam: nine tasks on the scenario's story, each graded from what the
//! trainee's portal holds (its records read through the service), never from what the window
//! showed. A record counts as the trainee's when its id comes after the scenario's own.

use crate::api::model::{Activity, SearchCase, SearchIndividual};
use crate::checklist::means_not_yet;
use crate::lost_leads::LostLead;

/// The story's people, as the scenario names them (the sandbox's seed holds the same names; a
/// test compares them).
pub const ROSA: (&str, &str) = ("Rosa", "Alvarez");
pub const HAROLD: (&str, &str) = ("Harold", "Finch");
pub const MARGARET: (&str, &str) = ("Margaret", "Okafor");
pub const WALTER: (&str, &str) = ("Walter", "Brennan");
pub const EDNA: (&str, &str) = ("Edna", "Pruitt");
pub const EVELYN: (&str, &str) = ("Evelyn", "Hart");
/// The daughter to add to Rosa's case, and the new lead to enter.
pub const LUCIA: (&str, &str) = ("Lucia", "Alvarez");
pub const JEAN: (&str, &str) = ("Jean", "Baptiste");
pub const OPEN_HOUSE: &str = "Spring open house";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Task {
    HaroldCall,
    HaroldNextStep,
    MargaretCall,
    WalterTour,
    LuciaAdded,
    EdnaLost,
    JeanEntered,
    OpenHouse,
    TbTest,
}

impl Task {
    pub const ALL: [Task; 9] = [
        Task::HaroldCall,
        Task::HaroldNextStep,
        Task::MargaretCall,
        Task::WalterTour,
        Task::LuciaAdded,
        Task::EdnaLost,
        Task::JeanEntered,
        Task::OpenHouse,
        Task::TbTest,
    ];

    /// The task as the trainee's sheet says it.
    pub fn words(self) -> &'static str {
        match self {
            Task::HaroldCall => "Log Harold Finch's overdue call as made",
            Task::HaroldNextStep => "Book Harold Finch's next step",
            Task::MargaretCall => "Log Margaret Okafor's overdue call with its result",
            Task::WalterTour => "Book Walter Brennan's tour without a clash",
            Task::LuciaAdded => "Add Lucia Alvarez to her mother Rosa's case",
            Task::EdnaLost => "Close Edna Pruitt as a lost lead, with a reason",
            Task::JeanEntered => "Enter the new lead Jean Baptiste, with a phone number",
            Task::OpenHouse => "RSVP two families to the spring open house",
            Task::TbTest => "Mark Evelyn Hart's TB test met, with a note",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mark {
    Done,
    NotDone,
    /// Something was written, but not what the task asks.
    Wrong(Wrong),
}

impl Mark {
    /// The mark in English, as the class table (CSV) writes it.
    pub fn words(&self) -> String {
        match self {
            Mark::Done => "done".to_owned(),
            Mark::NotDone => "not done".to_owned(),
            Mark::Wrong(why) => format!("wrong: {why}"),
        }
    }
}

/// What was written instead of what a task asks (the exam's page says it in its language).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Wrong {
    CallWithoutResult,
    NotACallMade,
    NextStepBeforeCall,
    /// The tour overlaps another tour of the same agent: whose, and when it starts.
    TourClash {
        with: String,
        at: chrono::NaiveTime,
    },
    RosasCaseGone,
    LuciaOnHerOwn,
    LostWithoutReason,
    NoPhone,
    EnteredTimes(usize),
    /// Saved with a result that means not yet (the result as the portal names it).
    MeansNotYet(String),
    MetWithoutNote,
    NoCampaign,
    OneFamilyOfTwo,
}

impl std::fmt::Display for Wrong {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Wrong::CallWithoutResult => f.write_str("the call was logged without its result"),
            Wrong::NotACallMade => f.write_str("something was logged, but not a call made"),
            Wrong::NextStepBeforeCall => {
                f.write_str("the next step is due before the call it follows")
            }
            Wrong::TourClash { with, at } => write!(
                f,
                "the tour clashes with {with}'s at {}",
                at.format("%-I:%M %P")
            ),
            Wrong::RosasCaseGone => f.write_str("Rosa Alvarez's case is gone"),
            Wrong::LuciaOnHerOwn => {
                f.write_str("Lucia was entered as a case of her own, not in her mother's")
            }
            Wrong::LostWithoutReason => f.write_str("closed as lost without a reason"),
            Wrong::NoPhone => f.write_str("entered without a phone number"),
            Wrong::EnteredTimes(n) => write!(f, "entered {n} times"),
            Wrong::MeansNotYet(result) => write!(f, "saved as \"{result}\", which means not yet"),
            Wrong::MetWithoutNote => f.write_str("marked met without a note"),
            Wrong::NoCampaign => f.write_str("the campaign is not there"),
            Wrong::OneFamilyOfTwo => f.write_str("one family of two"),
        }
    }
}

/// What one trainee's portal holds, as read through the service.
pub struct ExamRecords<'a> {
    /// Ids from these on are the trainee's writes.
    pub first_activity_id: i64,
    pub first_individual_id: i64,
    pub activities: &'a [Activity],
    pub cases: &'a [SearchCase],
    /// Members of the open house campaign (`None`: the campaign is gone).
    pub open_house_members: Option<usize>,
}

/// Each task's mark, in [`Task::ALL`]'s order.
pub fn grade(records: &ExamRecords<'_>) -> Vec<(Task, Mark)> {
    Task::ALL
        .iter()
        .map(|&task| (task, mark(task, records)))
        .collect()
}

fn named<'a>(cases: &'a [SearchCase], who: (&str, &str)) -> Option<&'a SearchIndividual> {
    cases.iter().map(|c| &c.primary).find(|p| {
        p.first_name.eq_ignore_ascii_case(who.0) && p.last_name.eq_ignore_ascii_case(who.1)
    })
}

/// The trainee's activities for the story person `who`.
fn written_for<'a>(records: &'a ExamRecords<'_>, who: (&str, &str)) -> Vec<&'a Activity> {
    let Some(person) = named(records.cases, who) else {
        return Vec::new();
    };
    records
        .activities
        .iter()
        .filter(|a| a.individual_id == person.individual_id && a.id >= records.first_activity_id)
        .collect()
}

fn is_call(a: &Activity) -> bool {
    a.activity_type
        .as_deref()
        .is_some_and(|t| t.to_lowercase().contains("call"))
}

fn is_tour(a: &Activity) -> bool {
    a.activity_type
        .as_deref()
        .is_some_and(|t| t.eq_ignore_ascii_case("tour"))
}

fn call_made(records: &ExamRecords<'_>, who: (&str, &str), result_needed: bool) -> Mark {
    let written = written_for(records, who);
    let calls: Vec<&&Activity> = written
        .iter()
        .filter(|a| is_call(a) && a.completed)
        .collect();
    match calls
        .iter()
        .find(|a| !result_needed || !a.result_name.trim().is_empty())
    {
        Some(_) => Mark::Done,
        None if !calls.is_empty() => Mark::Wrong(Wrong::CallWithoutResult),
        None if !written.is_empty() => Mark::Wrong(Wrong::NotACallMade),
        None => Mark::NotDone,
    }
}

fn mark(task: Task, records: &ExamRecords<'_>) -> Mark {
    match task {
        Task::HaroldCall => call_made(records, HAROLD, false),
        Task::MargaretCall => call_made(records, MARGARET, true),
        Task::HaroldNextStep => {
            let written = written_for(records, HAROLD);
            let made = written
                .iter()
                .filter(|a| is_call(a) && a.completed)
                .map(|a| a.due_date)
                .max();
            let next = written.iter().find(|a| !a.completed && !a.cancelled);
            match (next, made) {
                (Some(next), Some(made)) if next.due_date <= made => {
                    Mark::Wrong(Wrong::NextStepBeforeCall)
                }
                (Some(_), _) => Mark::Done,
                (None, _) => Mark::NotDone,
            }
        }
        Task::WalterTour => {
            let written = written_for(records, WALTER);
            let Some(tour) = written.iter().find(|a| is_tour(a) && !a.cancelled) else {
                return Mark::NotDone;
            };
            let clash = records.activities.iter().find(|other| {
                other.id != tour.id
                    && is_tour(other)
                    && !other.cancelled
                    && other.assigned_name == tour.assigned_name
                    && other.due_date < tour.due_date_end
                    && tour.due_date < other.due_date_end
            });
            match clash {
                Some(other) => Mark::Wrong(Wrong::TourClash {
                    with: other.individual_full_name.clone(),
                    at: other.due_date.time(),
                }),
                None => Mark::Done,
            }
        }
        Task::LuciaAdded => {
            let Some(rosa) = named(records.cases, ROSA) else {
                return Mark::Wrong(Wrong::RosasCaseGone);
            };
            let in_case = |p: &&SearchIndividual| {
                p.first_name.eq_ignore_ascii_case(LUCIA.0)
                    && p.individual_id >= records.first_individual_id
            };
            let case = records
                .cases
                .iter()
                .find(|c| c.primary.case_number == rosa.case_number);
            if case.is_some_and(|c| c.relationships.iter().any(|p| in_case(&p))) {
                Mark::Done
            } else if records.cases.iter().any(|c| in_case(&&c.primary)) {
                Mark::Wrong(Wrong::LuciaOnHerOwn)
            } else {
                Mark::NotDone
            }
        }
        Task::EdnaLost => {
            let written = written_for(records, EDNA);
            match written.iter().find_map(|a| LostLead::of(a)) {
                Some(lost) if !lost.reason.trim().is_empty() => Mark::Done,
                Some(_) => Mark::Wrong(Wrong::LostWithoutReason),
                None => Mark::NotDone,
            }
        }
        Task::JeanEntered => {
            let entered: Vec<&SearchCase> = records
                .cases
                .iter()
                .filter(|c| {
                    c.primary.individual_id >= records.first_individual_id
                        && c.primary.first_name.eq_ignore_ascii_case(JEAN.0)
                        && c.primary.last_name.eq_ignore_ascii_case(JEAN.1)
                })
                .collect();
            let phoned = |p: &SearchIndividual| {
                [
                    &p.home_phone_format,
                    &p.mobile_phone_format,
                    &p.work_phone_format,
                ]
                .iter()
                .any(|n| n.chars().filter(char::is_ascii_digit).count() >= 10)
            };
            match entered.as_slice() {
                [] => Mark::NotDone,
                [one] if phoned(&one.primary) => Mark::Done,
                [_] => Mark::Wrong(Wrong::NoPhone),
                _ => Mark::Wrong(Wrong::EnteredTimes(entered.len())),
            }
        }
        // The checklist's update writes the requirement's activity (named for it): met is
        // completed, with the result and the note (read through the activities, which carry the
        // portal; the checklist's own read does not).
        Task::TbTest => {
            let written = written_for(records, EVELYN);
            let Some(tb) = written.iter().find(|a| a.activity_name == "TB test") else {
                return Mark::NotDone;
            };
            let noted = tb
                .notes
                .as_ref()
                .is_some_and(|notes| notes.iter().any(|n| !n.message.trim().is_empty()));
            match (tb.completed, means_not_yet(&tb.result_name), noted) {
                (true, false, true) => Mark::Done,
                (true, true, _) => Mark::Wrong(Wrong::MeansNotYet(tb.result_name.clone())),
                (true, false, false) => Mark::Wrong(Wrong::MetWithoutNote),
                (false, _, _) => Mark::NotDone,
            }
        }
        Task::OpenHouse => match records.open_house_members {
            None => Mark::Wrong(Wrong::NoCampaign),
            Some(n) if n >= 2 => Mark::Done,
            Some(1) => Mark::Wrong(Wrong::OneFamilyOfTwo),
            Some(_) => Mark::NotDone,
        },
    }
}
