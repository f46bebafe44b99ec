//! When the law lets a community call or text someone: the federal window and the states that
//! are stricter, shipped as data (`data/state-contact-rules.csv`, every row with its source and
//! the day it was checked) and narrowed, never widened, by a director.

use super::rules_problem::{LineProblem, RulesProblem};
use serde::{Deserialize, Serialize};

/// The federal window, 8:00 am to 9:00 pm at the called party's location (47 CFR
/// 64.1200(c)(1)), in minutes after local midnight.
pub const FEDERAL_OPENS: u16 = 8 * 60;
pub const FEDERAL_CLOSES: u16 = 21 * 60;

/// The states' table as shipped.
const SHIPPED: &str = include_str!("../../data/state-contact-rules.csv");

/// Rows a table may hold (the states, DC and the territories, with room).
pub const MAX_ROWS: usize = 80;

/// One state's rule where it is stricter than the federal one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StateRule {
    /// The postal code: "FL".
    pub state: String,
    /// Minutes after local midnight a call or text may start.
    pub opens: u16,
    /// Minutes after local midnight by which it must have started.
    pub closes: u16,
    pub no_sundays: bool,
    pub no_holidays: bool,
    /// Calls and texts to one person about one subject in any 24 hours, at most.
    pub cap_24h: Option<u8>,
    pub source: String,
    /// The day the row was checked against its source.
    pub checked: String,
    /// Narrower hours on Saturdays (Rhode Island's 10 am–5 pm), within the row's own.
    #[serde(default)]
    pub saturday: Option<(u16, u16)>,
}

/// What applies to one place: the intersection of the federal window, the state's and the
/// director's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Window {
    pub opens: u16,
    pub closes: u16,
    pub no_sundays: bool,
    pub no_holidays: bool,
    pub cap_24h: Option<u8>,
    /// Narrower hours on Saturdays, where a state has them.
    pub saturday: Option<(u16, u16)>,
}

impl Window {
    fn federal() -> Window {
        Window {
            opens: FEDERAL_OPENS,
            closes: FEDERAL_CLOSES,
            no_sundays: false,
            no_holidays: false,
            cap_24h: None,
            saturday: None,
        }
    }

    /// The opening and closing minutes on a day of `weekday`.
    pub fn hours_on(&self, weekday: chrono::Weekday) -> (u16, u16) {
        match (weekday, self.saturday) {
            (chrono::Weekday::Sat, Some((opens, closes))) => {
                (self.opens.max(opens), self.closes.min(closes))
            }
            _ => (self.opens, self.closes),
        }
    }

    /// Both windows' rules at once: the later opening, the earlier close, every day either
    /// forbids, the lower cap.
    pub fn and(self, other: Window) -> Window {
        Window {
            opens: self.opens.max(other.opens),
            closes: self.closes.min(other.closes),
            no_sundays: self.no_sundays || other.no_sundays,
            no_holidays: self.no_holidays || other.no_holidays,
            cap_24h: match (self.cap_24h, other.cap_24h) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            },
            saturday: match (self.saturday, other.saturday) {
                (Some(a), Some(b)) => Some((a.0.max(b.0), a.1.min(b.1))),
                (a, b) => a.or(b),
            },
        }
    }
}

/// The table in force on a desk.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rules {
    pub states: Vec<StateRule>,
    /// A director's narrower hours for the community, in minutes after local midnight.
    #[serde(default)]
    pub narrowed: Option<(u16, u16)>,
    /// The state the community is in, where a director said it (Settings): its rule holds a
    /// person with no address, or several, instead of every state's strictest at once.
    #[serde(default)]
    pub community_state: Option<String>,
}

impl Default for Rules {
    fn default() -> Self {
        Rules::shipped()
    }
}

impl Rules {
    /// The table LeaseDesk ships.
    pub fn shipped() -> Rules {
        Rules {
            states: parse(SHIPPED).expect("the shipped table reads"),
            narrowed: None,
            community_state: None,
        }
    }

    /// The federal rule with the community's own state's, where a director said which it is
    /// (and a director's narrower hours): what a list holds by the community's clock before
    /// the family's address is read (the dialog, which reads it, keeps to their state's rule
    /// too).
    pub fn community_only(&self) -> Rules {
        Rules {
            states: self
                .states
                .iter()
                .filter(|r| {
                    self.community_state
                        .as_deref()
                        .is_some_and(|s| r.state.eq_ignore_ascii_case(s))
                })
                .cloned()
                .collect(),
            narrowed: self.narrowed,
            community_state: self.community_state.clone(),
        }
    }

    /// What applies in `state` (a postal code). A state the table does not know stricter
    /// than the federal rule gets the federal window; no state at all (no address on file)
    /// gets every state's strictest rule at once, since the person may live in any of them.
    pub fn window(&self, state: Option<&str>) -> Window {
        let mut window = Window::federal();
        match state {
            Some(state) => {
                if let Some(rule) = self
                    .states
                    .iter()
                    .find(|r| r.state.eq_ignore_ascii_case(state.trim()))
                {
                    window = window.and(rule.window());
                }
            }
            None => {
                for rule in &self.states {
                    window = window.and(rule.window());
                }
            }
        }
        if let Some((opens, closes)) = self.narrowed {
            window = window.and(Window {
                opens,
                closes,
                ..Window::federal()
            });
        }
        window
    }

    /// A director's hours, refused when they would not narrow the law's (a window that
    /// opens before 8 am or closes after 9 pm) or are empty.
    pub fn narrow(&mut self, opens: u16, closes: u16) -> Result<(), RulesProblem> {
        if opens < FEDERAL_OPENS || closes > FEDERAL_CLOSES {
            return Err(RulesProblem::Wider);
        }
        if opens >= closes {
            return Err(RulesProblem::Backwards);
        }
        self.narrowed = Some((opens, closes));
        Ok(())
    }
}

impl StateRule {
    fn window(&self) -> Window {
        Window {
            opens: self.opens,
            closes: self.closes,
            no_sundays: self.no_sundays,
            no_holidays: self.no_holidays,
            cap_24h: self.cap_24h,
            saturday: self.saturday,
        }
    }
}

/// A director's changes to the calling rules (Settings), kept with the lead rules: the states'
/// table as they edited it (none: the table this release ships, so a new release's corrections
/// reach every desk that did not edit it) and narrower hours for their communities.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct CallingRules {
    /// The CSV text, checked when it was set.
    pub table: Option<String>,
    /// Opening and closing minutes after local midnight.
    pub narrowed: Option<(u16, u16)>,
    /// Each community's own state and narrower hours, by the community's id.
    pub communities: std::collections::BTreeMap<i64, CommunityCalling>,
}

/// What a director says of one community: the state it is in (the service does not show it)
/// and hours narrower than the desk's.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct CommunityCalling {
    /// The community's name when it was said (shown in Settings).
    pub name: String,
    /// A postal code ("FL").
    pub state: Option<String>,
    pub hours: Option<(u16, u16)>,
}

/// Communities a desk may say something of.
pub const MAX_COMMUNITIES: usize = 500;

/// The last edited table read and what it read to: the guard asks for the rules every frame,
/// and the text changes only when a director applies a new one.
fn parsed_once(text: &str) -> Option<Vec<StateRule>> {
    type Last = Option<(String, Option<Vec<StateRule>>)>;
    static LAST: std::sync::Mutex<Last> = std::sync::Mutex::new(None);
    let mut last = LAST.lock().unwrap_or_else(|e| e.into_inner());
    match &*last {
        Some((seen, states)) if seen == text => states.clone(),
        _ => {
            let states = parse(text).ok();
            *last = Some((text.to_owned(), states.clone()));
            states
        }
    }
}

/// The longest table text a director may set.
pub const MAX_TABLE_BYTES: usize = 64 * 1024;

impl CallingRules {
    /// The rules in force on this desk.
    pub fn rules(&self) -> Rules {
        let states = match self.table.as_deref() {
            Some(text) => parsed_once(text),
            None => None,
        }
        .unwrap_or_else(|| super::shipped_rules().states.clone());
        Rules {
            states,
            narrowed: self.narrowed,
            community_state: None,
        }
    }

    /// The rules for a contact from `community` (its id; none or one nobody described: the
    /// desk's rules): the desk's hours narrowed by the community's, and its state.
    pub fn rules_for(&self, community: Option<i64>) -> Rules {
        let mut rules = self.rules();
        let Some(own) = community.and_then(|c| self.communities.get(&c)) else {
            return rules;
        };
        if let Some((opens, closes)) = own.hours {
            rules.narrowed = Some(match rules.narrowed {
                Some((o, c)) => (o.max(opens), c.min(closes)),
                None => (opens, closes),
            });
        }
        rules.community_state = own.state.clone();
        rules
    }

    /// Says which state `community` is in and its hours (empty texts: none), refused with the
    /// field named when the state is no postal code or the hours would widen the law.
    pub fn set_community(
        &mut self,
        id: i64,
        name: &str,
        state: &str,
        opens: &str,
        closes: &str,
    ) -> Result<(), RulesProblem> {
        let name: String = name.trim().chars().take(200).collect();
        let state = match state.trim() {
            "" => None,
            text => Some(
                super::places::state_code(text)
                    .and_then(|c| std::str::from_utf8(&c).ok().map(str::to_owned))
                    .ok_or_else(|| RulesProblem::NotAState(text.to_owned()))?,
            ),
        };
        let hours = match (opens.trim(), closes.trim()) {
            ("", "") => None,
            ("", _) | (_, "") => {
                return Err(RulesProblem::OneTime);
            }
            (opens, closes) => {
                let mut scratch = CallingRules::default();
                scratch.set_hours(opens, closes)?;
                scratch.narrowed
            }
        };
        if !self.communities.contains_key(&id) && self.communities.len() >= MAX_COMMUNITIES {
            return Err(RulesProblem::TooManyCommunities(MAX_COMMUNITIES));
        }
        if state.is_none() && hours.is_none() {
            self.communities.remove(&id);
        } else {
            self.communities
                .insert(id, CommunityCalling { name, state, hours });
        }
        Ok(())
    }

    /// Sets the table from `text`, refused (and nothing changed) unless every row reads and
    /// is no wider than the law. The number of rows.
    pub fn set_table(&mut self, text: &str) -> Result<usize, RulesProblem> {
        if text.len() > MAX_TABLE_BYTES {
            return Err(RulesProblem::TableTooLong(MAX_TABLE_BYTES / 1024));
        }
        let rows = parse(text)?.len();
        self.table = (text.trim() != SHIPPED.trim()).then(|| text.to_owned());
        Ok(rows)
    }

    /// Narrows the hours to `opens`–`closes` ("HH:MM"), refused when that would widen the law.
    pub fn set_hours(&mut self, opens: &str, closes: &str) -> Result<(), RulesProblem> {
        let read = |start: bool, text: &str| {
            minutes(text.trim()).ok_or_else(|| RulesProblem::NotATime {
                start,
                text: text.to_owned(),
            })
        };
        let (opens, closes) = (read(true, opens)?, read(false, closes)?);
        let mut rules = Rules {
            states: Vec::new(),
            narrowed: None,
            community_state: None,
        };
        rules.narrow(opens, closes)?;
        self.narrowed = rules.narrowed;
        Ok(())
    }
}

/// The table this release ships, as text (for the editor).
pub fn shipped_text() -> &'static str {
    SHIPPED
}

/// A table from its CSV text (header `state,opens,closes,no_sundays,no_holidays,cap_24h,
/// source,checked[,sat_opens,sat_closes]`), each row checked: a rule may only be stricter than the federal one, and
/// every row names its source.
pub fn parse(text: &str) -> Result<Vec<StateRule>, RulesProblem> {
    // Flexible: a table kept from before the Saturday columns has eight.
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .from_reader(text.as_bytes());
    let mut rules = Vec::new();
    for (n, record) in reader.records().enumerate() {
        let line = n + 2;
        let at = |problem: LineProblem| RulesProblem::Line { line, problem };
        let record = record.map_err(|e| at(LineProblem::Unreadable(e.to_string())))?;
        if rules.len() == MAX_ROWS {
            return Err(RulesProblem::TooManyRows(MAX_ROWS));
        }
        let field = |i: usize| record.get(i).unwrap_or("").trim();
        let state = field(0).to_ascii_uppercase();
        if state.len() != 2 || !state.chars().all(|c| c.is_ascii_alphabetic()) {
            return Err(at(LineProblem::State));
        }
        let opens = minutes(field(1)).ok_or_else(|| at(LineProblem::Opens))?;
        let closes = minutes(field(2)).ok_or_else(|| at(LineProblem::Closes))?;
        if opens < FEDERAL_OPENS || closes > FEDERAL_CLOSES || opens >= closes {
            return Err(at(LineProblem::Hours(state)));
        }
        let yes = |s: &str| matches!(s.to_ascii_lowercase().as_str(), "yes" | "true" | "1");
        let cap_24h = match field(5) {
            "" => None,
            n => Some(
                n.parse::<u8>()
                    .ok()
                    .filter(|n| *n > 0)
                    .ok_or_else(|| at(LineProblem::Cap))?,
            ),
        };
        let source = field(6).chars().take(400).collect::<String>();
        if source.is_empty() {
            return Err(at(LineProblem::NoSource(state)));
        }
        let saturday = match (field(8), field(9)) {
            ("", "") => None,
            (sat_opens, sat_closes) => {
                let read = |text: &str| minutes(text).ok_or_else(|| at(LineProblem::SaturdayTimes));
                let (o, c) = (read(sat_opens)?, read(sat_closes)?);
                if o < opens || c > closes || o >= c {
                    return Err(at(LineProblem::SaturdayHours(state)));
                }
                Some((o, c))
            }
        };
        rules.push(StateRule {
            state,
            opens,
            closes,
            no_sundays: yes(field(3)),
            no_holidays: yes(field(4)),
            cap_24h,
            source,
            checked: field(7).chars().take(20).collect(),
            saturday,
        });
    }
    Ok(rules)
}

/// Minutes after midnight of "HH:MM".
pub fn minutes(text: &str) -> Option<u16> {
    let (h, m) = text.split_once(':')?;
    let (h, m): (u16, u16) = (h.parse().ok()?, m.parse().ok()?);
    (h < 24 && m < 60).then_some(h * 60 + m)
}

/// "8:00 pm" for minutes after midnight.
pub fn clock(minutes: u16) -> String {
    let (h, m) = (minutes / 60, minutes % 60);
    let half = if h < 12 { "am" } else { "pm" };
    let h12 = match h % 12 {
        0 => 12,
        h => h,
    };
    format!("{h12}:{m:02} {half}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_table_reads_and_every_row_is_sourced_and_stricter() {
        let rules = Rules::shipped();
        assert!(rules.states.len() >= 13);
        for rule in &rules.states {
            assert!(
                !rule.source.is_empty() && !rule.checked.is_empty(),
                "{rule:?}"
            );
            assert!(rule.opens >= FEDERAL_OPENS && rule.closes <= FEDERAL_CLOSES);
        }
        let florida = rules.window(Some("fl"));
        assert_eq!((florida.opens, florida.closes), (8 * 60, 20 * 60));
        assert_eq!(florida.cap_24h, Some(3));
        let ohio = rules.window(Some("OH"));
        assert_eq!((ohio.opens, ohio.closes, ohio.cap_24h), (480, 1260, None));
        let unknown = rules.window(None);
        assert_eq!((unknown.opens, unknown.closes), (10 * 60, 18 * 60));
        assert_eq!(unknown.saturday, Some((10 * 60, 12 * 60)));
        assert!(unknown.no_sundays && unknown.no_holidays);
        assert_eq!(unknown.cap_24h, Some(3));
        // Rhode Island: 9 am–6 pm on weekdays, 10 am–5 pm on Saturdays, no Sundays.
        let rhode_island = rules.window(Some("RI"));
        assert_eq!(
            rhode_island.hours_on(chrono::Weekday::Wed),
            (9 * 60, 18 * 60)
        );
        assert_eq!(
            rhode_island.hours_on(chrono::Weekday::Sat),
            (10 * 60, 17 * 60)
        );
        assert!(rhode_island.no_sundays && rhode_island.no_holidays);
        let utah = rules.window(Some("UT"));
        assert_eq!((utah.opens, utah.closes), (8 * 60, 21 * 60));
        assert!(utah.no_sundays && utah.no_holidays);
        let pennsylvania = rules.window(Some("PA"));
        assert!(pennsylvania.no_holidays && !pennsylvania.no_sundays);
        assert_eq!(
            pennsylvania.hours_on(chrono::Weekday::Sat),
            (8 * 60, 12 * 60)
        );
        for state in ["MD", "OK"] {
            let row = rules.states.iter().find(|r| r.state == state).unwrap();
            assert!(row.source.contains("read at"), "{state}: {}", row.source);
        }
    }

    #[test]
    fn saturday_hours_must_lie_within_the_rows_own() {
        let head = "state,opens,closes,no_sundays,no_holidays,cap_24h,source,checked,sat_opens,sat_closes\n";
        for (row, says) in [
            ("TX,09:00,20:00,,,,s,2026,08:00,12:00", "Saturday hours"),
            ("TX,09:00,20:00,,,,s,2026,12:00,10:00", "Saturday hours"),
            (
                "TX,09:00,20:00,,,,s,2026,10:00,",
                "sat_opens and sat_closes",
            ),
        ] {
            let err = parse(&format!("{head}{row}\n")).unwrap_err().to_string();
            assert!(err.contains(says), "{row}: {err}");
        }
        let ok = parse(&format!("{head}TX,09:00,20:00,,,,s,2026,10:00,12:00\n")).unwrap();
        assert_eq!(ok[0].saturday, Some((600, 720)));
        // A table kept from before the Saturday columns still reads.
        let old = "state,opens,closes,no_sundays,no_holidays,cap_24h,source,checked\nTX,09:00,20:00,,,,s,2026\n";
        assert_eq!(parse(old).unwrap()[0].saturday, None);
    }

    #[test]
    fn a_communitys_state_and_hours_apply_to_its_contacts_only() {
        let mut calling = CallingRules::default();
        calling.set_hours("09:00", "20:00").unwrap();
        // Refused with the field named, nothing kept.
        assert!(
            calling
                .set_community(7, "Maple Grove", "Florida", "", "")
                .unwrap_err()
                .to_string()
                .contains("State")
        );
        assert!(
            calling
                .set_community(7, "Maple Grove", "FL", "07:30", "19:00")
                .unwrap_err()
                .to_string()
                .contains("never widen")
        );
        assert!(
            calling
                .set_community(7, "Maple Grove", "FL", "", "19:00")
                .unwrap_err()
                .to_string()
                .contains("both times")
        );
        assert!(calling.communities.is_empty());
        calling
            .set_community(7, "Maple Grove", "fl", "10:00", "21:00")
            .unwrap();
        let maple = calling.rules_for(Some(7));
        // The desk's 9–8 and the community's 10–9: 10–8; its state is Florida.
        assert_eq!(maple.narrowed, Some((600, 1200)));
        assert_eq!(maple.community_state.as_deref(), Some("FL"));
        // A list keeps the community's own state's row and no other.
        let list = maple.community_only();
        assert_eq!(list.states.len(), 1);
        assert_eq!(list.window(Some("FL")).cap_24h, Some(3));
        // Another community, or none, keeps the desk's rules.
        assert_eq!(calling.rules_for(Some(8)), calling.rules());
        assert_eq!(calling.rules_for(None), calling.rules());
        assert!(calling.rules().community_only().states.is_empty());
        // Emptied: forgotten.
        calling.set_community(7, "Maple Grove", "", "", "").unwrap();
        assert!(calling.communities.is_empty());
    }

    #[test]
    fn a_director_narrows_but_never_widens() {
        let mut rules = Rules::shipped();
        assert!(rules.narrow(7 * 60, 20 * 60).is_err());
        assert!(rules.narrow(9 * 60, 22 * 60).is_err());
        assert!(rules.narrow(18 * 60, 9 * 60).is_err());
        rules.narrow(9 * 60, 19 * 60).unwrap();
        let ohio = rules.window(Some("OH"));
        assert_eq!((ohio.opens, ohio.closes), (9 * 60, 19 * 60));
        let kentucky = rules.window(Some("KY"));
        assert_eq!((kentucky.opens, kentucky.closes), (10 * 60, 19 * 60));
    }

    #[test]
    fn a_table_that_would_widen_the_law_or_names_no_source_is_refused() {
        let head = "state,opens,closes,no_sundays,no_holidays,cap_24h,source,checked\n";
        for (row, says) in [
            ("TX,07:00,21:00,,,,a source,2026", "within 8:00–21:00"),
            ("TX,09:00,21:30,,,,a source,2026", "within 8:00–21:00"),
            ("TX,09:00,20:00,,,,,2026", "names no source"),
            ("Texas,09:00,20:00,,,,s,2026", "two-letter"),
            ("TX,9am,20:00,,,,s,2026", "HH:MM"),
            ("TX,09:00,20:00,,,0,s,2026", "cap_24h"),
        ] {
            let err = parse(&format!("{head}{row}\n")).unwrap_err().to_string();
            assert!(err.contains(says), "{row}: {err}");
        }
        assert_eq!(clock(20 * 60), "8:00 pm");
        assert_eq!(clock(0), "12:00 am");
        assert_eq!(clock(12 * 60 + 5), "12:05 pm");
    }

    #[test]
    fn a_director_s_table_and_hours_apply_and_nothing_wider_than_the_law_is_taken() {
        let mut calling = CallingRules::default();
        assert_eq!(calling.rules(), Rules::shipped());
        // The shipped text set again is no edit: a later release's table still reaches it.
        assert_eq!(
            calling.set_table(shipped_text()).unwrap(),
            Rules::shipped().states.len()
        );
        assert_eq!(calling.table, None);
        let edited = format!(
            "{}WY,09:00,17:00,yes,yes,,a county ordinance,2026-11-28\n",
            shipped_text()
        );
        assert_eq!(
            calling.set_table(&edited).unwrap(),
            Rules::shipped().states.len() + 1
        );
        assert_eq!(calling.rules().window(Some("WY")).closes, 17 * 60);
        // A row wider than the law, or with no source, is refused and changes nothing.
        let wider = format!("{}TX,07:00,21:00,,,,somewhere,2026-11-28\n", shipped_text());
        assert!(
            calling
                .set_table(&wider)
                .unwrap_err()
                .to_string()
                .contains("within 8:00–21:00")
        );
        let unsourced = format!("{}TX,09:00,20:00,,,,,2026-11-28\n", shipped_text());
        assert!(
            calling
                .set_table(&unsourced)
                .unwrap_err()
                .to_string()
                .contains("names no source")
        );
        assert!(calling.set_table(&"x".repeat(MAX_TABLE_BYTES + 1)).is_err());
        assert_eq!(calling.rules().window(Some("WY")).closes, 17 * 60);

        assert!(
            calling
                .set_hours("07:00", "20:00")
                .unwrap_err()
                .to_string()
                .contains("never widen")
        );
        assert!(
            calling
                .set_hours("9", "20:00")
                .unwrap_err()
                .to_string()
                .contains("The start")
        );
        assert_eq!(calling.narrowed, None);
        calling.set_hours("09:00", " 19:30").unwrap();
        assert_eq!(calling.narrowed, Some((540, 1170)));
        let texas = calling.rules().window(Some("TX"));
        assert_eq!((texas.opens, texas.closes), (540, 1170));
    }
}
