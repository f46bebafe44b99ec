//! The move-in wizard's rules: its steps, what each step requires, the contract request built
//! from the answers, and which step a server refusal belongs to.

use chrono::{NaiveDate, NaiveTime, TimeZone, Utc};

use crate::api::model::{ContractIndividual, HousingContract, HousingContractCreate};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Step {
    Who,
    Where,
    When,
    Options,
    Review,
}

impl Step {
    pub const ALL: [Step; 5] = [
        Step::Who,
        Step::Where,
        Step::When,
        Step::Options,
        Step::Review,
    ];

    pub fn title(self) -> &'static str {
        match self {
            Step::Who => "Who",
            Step::Where => "Where",
            Step::When => "When and money",
            Step::Options => "Options",
            Step::Review => "Review",
        }
    }

    pub fn number(self) -> usize {
        Step::ALL.iter().position(|s| *s == self).unwrap_or(0) + 1
    }

    pub fn next(self) -> Option<Step> {
        Step::ALL.get(self.number()).copied()
    }

    pub fn previous(self) -> Option<Step> {
        self.number().checked_sub(2).map(|i| Step::ALL[i])
    }
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Mover {
    pub individual_id: i64,
    pub name: String,
    pub case_number: String,
}

/// The chosen unit, with what the later steps show and pre-fill from it.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ChosenUnit {
    pub unit_id: i64,
    pub community_id: i64,
    pub number: String,
    pub community_name: String,
    pub community_unique: String,
    pub capacity: i64,
    pub room: i64,
    pub base_monthly: Option<f64>,
    pub base_entrance: Option<f64>,
}

/// Everything typed into the wizard, as typed: going Back never loses it (nor a move-in kept
/// in the outbox, which is edited here again if the service refuses it).
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct MoveInDraft {
    pub movers: Vec<Mover>,
    pub unit: Option<ChosenUnit>,
    pub move_in: String,
    pub move_out: String,
    pub entrance_fee: String,
    pub deposit: String,
    pub monthly_fee: String,
    pub transfer: bool,
    pub create_activity: bool,
    pub waitlist: bool,
    pub repayable: bool,
}

impl Default for MoveInDraft {
    fn default() -> Self {
        MoveInDraft {
            movers: Vec::new(),
            unit: None,
            move_in: String::new(),
            move_out: String::new(),
            entrance_fee: String::new(),
            deposit: String::new(),
            monthly_fee: String::new(),
            transfer: false,
            create_activity: true,
            waitlist: false,
            repayable: false,
        }
    }
}

impl MoveInDraft {
    /// Chooses a unit; the monthly fee and deposit follow the unit's rates unless typed over.
    pub fn choose_unit(&mut self, unit: ChosenUnit) {
        let previous = self.unit.as_ref();
        let follows = |text: &str, rate: Option<f64>| {
            text.trim().is_empty() || rate.map(money_text).as_deref() == Some(text.trim())
        };
        if follows(&self.monthly_fee, previous.and_then(|u| u.base_monthly)) {
            self.monthly_fee = unit.base_monthly.map(money_text).unwrap_or_default();
        }
        if follows(&self.deposit, previous.and_then(|u| u.base_entrance)) {
            self.deposit = unit.base_entrance.map(money_text).unwrap_or_default();
        }
        self.unit = Some(unit);
    }
}

pub fn money_text(amount: f64) -> String {
    format!("{amount:.2}")
}

/// Reads an amount as staff type it: "3250", "3,250.00", "$3,250".
pub fn parse_money(text: &str) -> Result<Option<f64>, Why> {
    let cleaned: String = text
        .trim()
        .chars()
        .filter(|c| !matches!(c, ',' | '$' | ' '))
        .collect();
    if cleaned.is_empty() {
        return Ok(None);
    }
    match cleaned.parse::<f64>() {
        Ok(v) if v.is_finite() && v >= 0.0 => Ok(Some(v)),
        Ok(_) => Err(Why::Negative(text.trim().to_owned())),
        Err(_) => Err(Why::NotAnAmount(text.trim().to_owned())),
    }
}

/// Writes the draft's days with `write` (the window's way) when they read as days near `today`
/// ("Dec 3" → "Dec 3, 2026"), as the date field does when it is left; what is not a day stays
/// as typed. The wizard calls it before checking a step: Next is pressed before the field is
/// left.
pub fn write_days(draft: &mut MoveInDraft, today: NaiveDate, write: impl Fn(NaiveDate) -> String) {
    for text in [&mut draft.move_in, &mut draft.move_out] {
        if let Ok(day) = super::dates::read_day(text, today) {
            *text = write(day);
        }
    }
}

pub fn parse_day(text: &str) -> Result<Option<NaiveDate>, Why> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    super::dates::read_written(text)
        .map(Some)
        .ok_or_else(|| Why::NotADate(text.to_owned()))
}

/// A field of the wizard, as its problems name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Field {
    Who,
    Unit,
    MoveInDate,
    MoveOutDate,
    EntranceFee,
    Deposit,
    MonthlyFee,
}

/// Why a step cannot go on; the window says it in its words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Why {
    NoMover,
    NoUnit,
    NoRoom {
        unit: String,
        room: i64,
        movers: usize,
    },
    MoveInRequired,
    MoveOutBeforeMoveIn,
    /// Typed, and not a day with its year.
    NotADate(String),
    Negative(String),
    NotAnAmount(String),
}

/// A problem with the draft, tied to the field it is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub field: Field,
    pub why: Why,
}

fn problem(field: Field, why: Why) -> Problem {
    Problem { field, why }
}

/// What keeps `step` from going on. Empty means Next may proceed.
pub fn check(step: Step, draft: &MoveInDraft) -> Vec<Problem> {
    let mut out = Vec::new();
    match step {
        Step::Who => {
            if draft.movers.is_empty() {
                out.push(problem(Field::Who, Why::NoMover));
            }
        }
        Step::Where => match &draft.unit {
            None => out.push(problem(Field::Unit, Why::NoUnit)),
            Some(u) if u.room < draft.movers.len() as i64 && !draft.waitlist => out.push(problem(
                Field::Unit,
                Why::NoRoom {
                    unit: u.number.clone(),
                    room: u.room,
                    movers: draft.movers.len(),
                },
            )),
            Some(_) => {}
        },
        Step::When => {
            let move_in = match parse_day(&draft.move_in) {
                Ok(None) => {
                    out.push(problem(Field::MoveInDate, Why::MoveInRequired));
                    None
                }
                Ok(day) => day,
                Err(e) => {
                    out.push(problem(Field::MoveInDate, e));
                    None
                }
            };
            match parse_day(&draft.move_out) {
                Ok(Some(out_day)) if move_in.is_some_and(|d| out_day < d) => {
                    out.push(problem(Field::MoveOutDate, Why::MoveOutBeforeMoveIn))
                }
                Err(e) => out.push(problem(Field::MoveOutDate, e)),
                _ => {}
            }
            for (field, text) in [
                (Field::EntranceFee, &draft.entrance_fee),
                (Field::Deposit, &draft.deposit),
                (Field::MonthlyFee, &draft.monthly_fee),
            ] {
                if let Err(e) = parse_money(text) {
                    out.push(problem(field, e));
                }
            }
        }
        Step::Options | Step::Review => {}
    }
    out
}

/// The first step with a problem, if any (the Review step checks them all).
pub fn first_incomplete(draft: &MoveInDraft) -> Option<(Step, Vec<Problem>)> {
    Step::ALL
        .into_iter()
        .map(|s| (s, check(s, draft)))
        .find(|(_, p)| !p.is_empty())
}

/// Days are sent at noon UTC, so the date reads the same in every zone from Hawaii to Europe.
fn day_stamp(day: NaiveDate) -> crate::api::model::Timestamp {
    Utc.from_utc_datetime(&day.and_time(NaiveTime::from_hms_opt(12, 0, 0).unwrap_or_default()))
        .fixed_offset()
}

/// The create request, once every step is complete.
pub fn request(draft: &MoveInDraft) -> Result<HousingContractCreate, (Step, Vec<Problem>)> {
    if let Some(incomplete) = first_incomplete(draft) {
        return Err(incomplete);
    }
    let unit = draft.unit.as_ref().ok_or((Step::Where, Vec::new()))?;
    let money = |t: &str| parse_money(t).ok().flatten();
    let day = |t: &str| parse_day(t).ok().flatten().map(day_stamp);
    Ok(HousingContractCreate {
        community_name_unique: unit.community_unique.clone(),
        individuals: draft
            .movers
            .iter()
            .map(|m| ContractIndividual {
                individual_id: m.individual_id,
            })
            .collect(),
        unit_id: Some(unit.unit_id),
        unit_number: None,
        move_out_resident: draft.transfer.then_some(true),
        is_transfer: draft.transfer.then_some(true),
        create_move_in_activity: Some(draft.create_activity),
        is_waitlist: draft.waitlist.then_some(true),
        is_repayable: draft.repayable.then_some(true),
        move_in_date: day(&draft.move_in),
        move_out_date: day(&draft.move_out),
        entrance_fee: money(&draft.entrance_fee),
        deposit: money(&draft.deposit),
        monthly_fee: money(&draft.monthly_fee),
    })
}

/// Which step a refusal from the service belongs to, from the field its message names.
pub fn step_for_error(message: &str) -> Step {
    let m = message.to_lowercase();
    let has = |words: &[&str]| words.iter().any(|w| m.contains(w));
    if has(&["individual"]) {
        Step::Who
    } else if has(&[
        "moveindate",
        "moveoutdate",
        "entrancefee",
        "deposit",
        "monthlyfee",
    ]) {
        Step::When
    } else if has(&["unit", "communitynameunique", "capacity", "room"]) {
        Step::Where
    } else {
        Step::Review
    }
}

/// After an unknown outcome: the contracts the submission created, if it went through.
/// `contracts` are the first mover's; a match is an active contract on the chosen unit with
/// the chosen move-in day.
pub fn find_submitted(contracts: &[HousingContract], draft: &MoveInDraft) -> Option<Vec<i64>> {
    let unit = draft.unit.as_ref()?;
    let day = parse_day(&draft.move_in).ok().flatten()?;
    let found: Vec<i64> = contracts
        .iter()
        .filter(|c| {
            c.active_lease
                && c.unit_id == unit.unit_id
                && c.move_in_date.with_timezone(&Utc).date_naive() == day
                && draft
                    .movers
                    .iter()
                    .any(|m| m.individual_id == c.individual_id)
        })
        .map(|c| c.id)
        .collect();
    (!found.is_empty()).then_some(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_day_typed_without_its_year_is_written_in_full_before_the_step_is_checked() {
        let today = NaiveDate::from_ymd_opt(2026, 11, 26).unwrap();
        let mut draft = MoveInDraft {
            move_in: "Dec 3".into(),
            move_out: "sometime".into(),
            ..MoveInDraft::default()
        };
        assert!(
            parse_day(&draft.move_in).is_err(),
            "read alone, it has no year"
        );
        write_days(&mut draft, today, crate::format::day);
        assert_eq!(draft.move_in, "Dec 3, 2026");
        assert_eq!(
            parse_day(&draft.move_in).unwrap(),
            NaiveDate::from_ymd_opt(2026, 12, 3)
        );
        assert_eq!(
            draft.move_out, "sometime",
            "what is not a day stays as typed"
        );
    }

    fn unit(room: i64) -> ChosenUnit {
        ChosenUnit {
            unit_id: 7,
            community_id: 1,
            number: "204".into(),
            community_name: "Maple Grove".into(),
            community_unique: "maple-grove".into(),
            capacity: 2,
            room,
            base_monthly: Some(4200.0),
            base_entrance: Some(1000.0),
        }
    }

    fn ready() -> MoveInDraft {
        let mut d = MoveInDraft {
            movers: vec![Mover {
                individual_id: 5,
                name: "Ada Lane".into(),
                case_number: "12".into(),
            }],
            move_in: "2026-12-01".into(),
            ..MoveInDraft::default()
        };
        d.choose_unit(unit(2));
        d
    }

    #[test]
    fn steps_go_forward_and_back_in_order() {
        assert_eq!(Step::Who.next(), Some(Step::Where));
        assert_eq!(Step::Review.next(), None);
        assert_eq!(Step::Who.previous(), None);
        assert_eq!(Step::When.previous(), Some(Step::Where));
        assert_eq!(Step::Options.number(), 4);
    }

    #[test]
    fn a_missing_move_in_date_blocks_step_three_only() {
        let mut d = ready();
        d.move_in.clear();
        assert!(check(Step::Where, &d).is_empty());
        let p = check(Step::When, &d);
        assert_eq!(p[0], problem(Field::MoveInDate, Why::MoveInRequired));
        assert_eq!(request(&d).unwrap_err().0, Step::When);
        d.move_in = "12/01/2026".into();
        assert!(check(Step::When, &d).is_empty(), "US style is read");
        d.move_in = "13/45/2026".into();
        assert_eq!(
            check(Step::When, &d),
            [problem(
                Field::MoveInDate,
                Why::NotADate("13/45/2026".into())
            )]
        );
        d.move_in = "1 dic 2026".into();
        assert!(
            check(Step::When, &d).is_empty(),
            "as the Spanish window writes it"
        );
        d.move_out = "30 nov 2026".into();
        d.deposit = "-5".into();
        assert_eq!(
            check(Step::When, &d),
            [
                problem(Field::MoveOutDate, Why::MoveOutBeforeMoveIn),
                problem(Field::Deposit, Why::Negative("-5".into()))
            ]
        );
    }

    #[test]
    fn choosing_a_unit_prefills_rates_but_keeps_typed_amounts() {
        let mut d = ready();
        assert_eq!(d.monthly_fee, "4200.00");
        assert_eq!(d.deposit, "1000.00");
        d.monthly_fee = "3900".into();
        let mut other = unit(1);
        other.base_monthly = Some(5000.0);
        other.base_entrance = Some(1500.0);
        d.choose_unit(other);
        assert_eq!(d.monthly_fee, "3900");
        assert_eq!(d.deposit, "1500.00");
    }

    #[test]
    fn the_request_carries_every_answer() {
        let mut d = ready();
        d.transfer = true;
        d.entrance_fee = "$2,500".into();
        let r = request(&d).unwrap();
        assert_eq!(r.unit_id, Some(7));
        assert_eq!(r.community_name_unique, "maple-grove");
        assert_eq!(r.move_out_resident, Some(true));
        assert_eq!(r.is_transfer, Some(true));
        assert_eq!(r.create_move_in_activity, Some(true));
        assert_eq!(r.entrance_fee, Some(2500.0));
        assert_eq!(r.monthly_fee, Some(4200.0));
        assert_eq!(
            r.move_in_date.unwrap().date_naive(),
            NaiveDate::from_ymd_opt(2026, 12, 1).unwrap()
        );
        assert_eq!(r.move_out_date, None);
    }

    #[test]
    fn a_full_unit_is_refused_unless_waitlisted() {
        let mut d = ready();
        d.unit = Some(unit(0));
        assert_eq!(
            check(Step::Where, &d),
            [problem(
                Field::Unit,
                Why::NoRoom {
                    unit: "204".into(),
                    room: 0,
                    movers: 1
                }
            )]
        );
        d.waitlist = true;
        assert!(check(Step::Where, &d).is_empty());
    }

    #[test]
    fn server_refusals_land_on_their_step() {
        assert_eq!(step_for_error("MoveInDate is required"), Step::When);
        assert_eq!(
            step_for_error("individuals[0].IndividualId 9 was not found"),
            Step::Who
        );
        assert_eq!(
            step_for_error("Unit 204 has capacity 1 with 1 active contract(s)"),
            Step::Where
        );
        assert_eq!(step_for_error("something else"), Step::Review);
    }

    #[test]
    fn money_reads_the_way_staff_type_it() {
        assert_eq!(parse_money("3,250.50"), Ok(Some(3250.5)));
        assert_eq!(parse_money(" "), Ok(None));
        assert_eq!(parse_money("-1"), Err(Why::Negative("-1".into())));
        assert_eq!(parse_money(" abc "), Err(Why::NotAnAmount("abc".into())));
    }

    #[test]
    fn an_unknown_outcome_is_settled_by_the_contracts() {
        let d = ready();
        let mut c: HousingContract = serde_json::from_value(serde_json::json!({
            "Id": 77, "DateCreated": "2026-11-21T10:00:00Z", "CommunityId": 1,
            "CommunityName": "Maple Grove", "NameUnique": "maple-grove",
            "MoveInDate": "2026-12-01T12:00:00Z", "UnitId": 7, "UnitNumber": "204",
            "SquareFoot": 0.0, "BaseMonthly": 4200.0, "Capacity": 2, "FloorPlan": "",
            "CareGroup": "", "UnitDateCreated": "2026-01-01T00:00:00Z",
            "UnitDateUpdated": "2026-01-01T00:00:00Z", "IsRepayable": false,
            "CaseNumber": "12", "IndividualId": 5, "IndividualName": "Ada Lane",
            "ActiveLease": true
        }))
        .unwrap();
        assert_eq!(find_submitted(std::slice::from_ref(&c), &d), Some(vec![77]));
        c.unit_id = 8;
        assert_eq!(find_submitted(&[c], &d), None);
    }
}
