//! Case search results as rows: flattened for display, sorted by column, exported to CSV.

use std::cmp::Ordering;

use crate::api::model::{SearchCase, SearchIndividual, Timestamp};
use crate::funnel::Stage;
use crate::speed_to_lead::Colour;

/// One row of the case search table: the primary individual of a case.
#[derive(Debug, Clone, PartialEq)]
pub struct CaseRow {
    pub case_number: String,
    pub individual_id: i64,
    pub name: String,
    /// "Last, First" for sorting by name the way staff file people.
    pub sort_name: String,
    pub kind: String,
    pub status: String,
    pub assigned_user: String,
    pub communities: String,
    pub phone: String,
    pub created: Timestamp,
    /// The market source of the first inquiry, where the service says it.
    pub source: String,
    /// The furthest sales stage reached, once the activities are in.
    pub stage: Option<Stage>,
    /// Red, amber or green, for an active lead once the activities are in.
    pub follow_up: Option<Colour>,
    /// What the family asked not to get ("No texts", "Do not contact"), once read; empty when
    /// nothing stands.
    pub contact: String,
    /// Everyone else in the case, for the CSV and the tooltip.
    pub related: String,
    /// Why the case is listed when the search text is not the primary person's: "via
    /// Patricia Ashworth, daughter".
    pub matched_via: Option<Listed>,
    /// The day a signed contract moves the case in, when it is still ahead: the service calls
    /// such a person "Moved In" from the signing on, the row says "Moving in Dec 3".
    pub moving_in: Option<MovingIn>,
}

/// A signed contract's move-in day still ahead, and whether it falls in another year than
/// today's (then its year is said: "Moving in Mar 2, 2027", never a bare day that reads as
/// this year's).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MovingIn {
    pub day: chrono::NaiveDate,
    pub another_year: bool,
}

impl MovingIn {
    pub fn new(day: chrono::NaiveDate, today: chrono::NaiveDate) -> Self {
        use chrono::Datelike;
        MovingIn {
            day,
            another_year: day.year() != today.year(),
        }
    }
}

impl CaseRow {
    /// The case's status as the row says it: the service's, but "Moving in Dec 3" (not "Moved
    /// In") while a signed contract's move-in day is still ahead.
    pub fn status_shown(&self) -> std::borrow::Cow<'_, str> {
        match self.moving_in_ahead() {
            Some(m) => {
                let format = if m.another_year {
                    super::format::DAY
                } else {
                    super::format::MONTH_DAY
                };
                format!("Moving in {}", m.day.format(format)).into()
            }
            None => self.status.as_str().into(),
        }
    }

    /// The move-in still ahead that the row says instead of the service's "Moved In".
    pub fn moving_in_ahead(&self) -> Option<MovingIn> {
        self.moving_in
            .filter(|_| self.status.trim().eq_ignore_ascii_case("moved in"))
    }

    /// A person saved offline, not on the service yet: no case number or id, and said so.
    pub fn waiting_to_be_sent(draft: &crate::individual_draft::Draft, saved_at: Timestamp) -> Self {
        let (first, last) = (draft.first_name.trim(), draft.last_name.trim());
        CaseRow {
            case_number: String::new(),
            individual_id: 0,
            name: format!("{first} {last}"),
            sort_name: format!("{last}, {first}").to_lowercase(),
            kind: draft.kind.map(|k| k.to_string()).unwrap_or_default(),
            status: "Not sent yet".into(),
            assigned_user: String::new(),
            communities: draft.communities.join(", "),
            phone: [&draft.mobile_phone, &draft.home_phone]
                .into_iter()
                .find(|p| !p.trim().is_empty())
                .cloned()
                .unwrap_or_default(),
            created: saved_at,
            source: String::new(),
            stage: None,
            follow_up: None,
            contact: String::new(),
            related: String::new(),
            matched_via: Some(Listed::InOutbox),
            moving_in: None,
        }
    }

    pub fn from_case(case: &SearchCase) -> Self {
        let p = &case.primary;
        CaseRow {
            case_number: p.case_number.clone(),
            individual_id: p.individual_id,
            name: p.individual_name.clone(),
            sort_name: format!("{}, {}", p.last_name, p.first_name).to_lowercase(),
            kind: p.individual_type.clone(),
            status: p.individual_status_name.clone(),
            assigned_user: p.assigned_user.clone(),
            communities: p
                .communities
                .iter()
                .map(|c| c.name.as_str())
                .collect::<Vec<_>>()
                .join(", "),
            phone: p.best_phone().to_owned(),
            created: p.date_created,
            source: p.market_source.clone().unwrap_or_default(),
            stage: None,
            follow_up: None,
            contact: String::new(),
            related: case
                .relationships
                .iter()
                .map(|r| {
                    format!(
                        "{} ({})",
                        r.individual_name,
                        r.relationship_type.as_deref().unwrap_or(&r.individual_type)
                    )
                })
                .collect::<Vec<_>>()
                .join("; "),
            matched_via: None,
            moving_in: None,
        }
    }
}

/// Whether every word of a search text is found in a person's name, email, phone or case
/// number (the service's own rule is not published; this is the plain reading of it).
fn matches_words(person: &SearchIndividual, words: &[String]) -> bool {
    let digits = |s: &str| s.chars().filter(char::is_ascii_digit).collect::<String>();
    let phones: Vec<String> = [
        &person.home_phone_format,
        &person.mobile_phone_format,
        &person.work_phone_format,
    ]
    .iter()
    .map(|p| digits(p))
    .filter(|p| !p.is_empty())
    .collect();
    let text = format!(
        "{} {} {} {} {}",
        person.individual_name,
        person.first_name,
        person.last_name,
        person.email.as_deref().unwrap_or_default(),
        person.case_number
    )
    .to_lowercase();
    words.iter().all(|w| {
        let w_digits = digits(w);
        text.contains(w.as_str())
            || (w_digits.len() >= 3 && phones.iter().any(|p| p.contains(&w_digits)))
    })
}

/// When the search text matches a related person rather than the primary one, who it was:
/// "via Patricia Ashworth, daughter". `None` when the primary person matches (or nobody does,
/// as far as can be told here).
pub fn matched_via(case: &SearchCase, text: &str) -> Option<Listed> {
    let words: Vec<String> = text
        .split_whitespace()
        .map(str::to_lowercase)
        .filter(|w| !w.is_empty())
        .collect();
    if words.is_empty() || matches_words(&case.primary, &words) {
        return None;
    }
    let related = case
        .relationships
        .iter()
        .find(|r| matches_words(r, &words))?;
    let how = related
        .relationship_type
        .as_deref()
        .filter(|t| !t.trim().is_empty())
        .unwrap_or(&related.individual_type)
        .to_lowercase();
    Some(Listed::Via {
        name: related.individual_name.clone(),
        how,
    })
}

/// Why a row is listed when it is not for the primary person's own words; `Display` says it in
/// English ("via Patricia Ashworth, daughter"), the window in its language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Listed {
    /// Found through someone else in the case, and how they are related.
    Via { name: String, how: String },
    /// A person saved offline, waiting in the outbox.
    InOutbox,
}

impl std::fmt::Display for Listed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Listed::Via { name, how } => write!(f, "via {name}, {how}"),
            Listed::InOutbox => f.write_str("in the Outbox"),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum CaseColumn {
    Name,
    Type,
    Status,
    AssignedUser,
    Communities,
    Phone,
    Created,
    Source,
    Stage,
    FollowUp,
    /// The family's standing opt-outs.
    Contact,
}

impl CaseColumn {
    /// In the order they are shown: the lead's colour and stage beside its name.
    pub const ALL: [CaseColumn; 11] = [
        CaseColumn::Name,
        CaseColumn::FollowUp,
        CaseColumn::Stage,
        CaseColumn::Type,
        CaseColumn::Status,
        CaseColumn::AssignedUser,
        CaseColumn::Communities,
        CaseColumn::Phone,
        CaseColumn::Contact,
        CaseColumn::Created,
        CaseColumn::Source,
    ];

    /// Which columns are kept when not all fit, most needed first.
    const KEPT_FIRST: [CaseColumn; 11] = [
        CaseColumn::Name,
        CaseColumn::FollowUp,
        CaseColumn::Status,
        CaseColumn::Type,
        CaseColumn::AssignedUser,
        CaseColumn::Phone,
        CaseColumn::Stage,
        CaseColumn::Communities,
        CaseColumn::Contact,
        CaseColumn::Created,
        CaseColumn::Source,
    ];

    /// The columns of `from` that fit in `width` points (each `spacing` apart), in `from`'s
    /// order, keeping the most needed; and those left out. The name is always kept: the table
    /// never scrolls sideways, so the name and its colour stay on screen.
    pub fn fitting(
        from: &[CaseColumn],
        width: f32,
        spacing: f32,
    ) -> (Vec<CaseColumn>, Vec<CaseColumn>) {
        let mut room = width;
        let mut kept = Vec::new();
        for column in Self::KEPT_FIRST.iter().filter(|c| from.contains(c)) {
            let needs = column.width() + spacing;
            if kept.is_empty() || needs <= room {
                kept.push(*column);
                room -= needs;
            }
        }
        let (shown, hidden) = from.iter().partition(|c| kept.contains(c));
        (shown, hidden)
    }

    pub fn title(self) -> &'static str {
        match self {
            CaseColumn::Name => "Name",
            CaseColumn::Type => "Type",
            CaseColumn::Status => "Status",
            CaseColumn::AssignedUser => "Assigned to",
            CaseColumn::Communities => "Communities",
            CaseColumn::Phone => "Phone",
            CaseColumn::Created => "Created",
            CaseColumn::Source => "Source",
            CaseColumn::Stage => "Stage",
            CaseColumn::FollowUp => "Follow-up",
            CaseColumn::Contact => "Contact",
        }
    }

    /// The cell text of this column for a row.
    pub fn text(self, r: &CaseRow) -> std::borrow::Cow<'_, str> {
        match self {
            CaseColumn::Name => r.name.as_str().into(),
            CaseColumn::Type => r.kind.as_str().into(),
            CaseColumn::Status => r.status_shown(),
            CaseColumn::AssignedUser => r.assigned_user.as_str().into(),
            CaseColumn::Communities => r.communities.as_str().into(),
            CaseColumn::Phone => r.phone.as_str().into(),
            CaseColumn::Created => r.created.format(super::format::DAY).to_string().into(),
            CaseColumn::Source => r.source.as_str().into(),
            CaseColumn::Stage => r.stage.map_or("", Stage::label).into(),
            CaseColumn::FollowUp => r.follow_up.map_or("", Colour::name).into(),
            CaseColumn::Contact => r.contact.as_str().into(),
        }
    }

    /// A sensible starting width, in points.
    pub fn width(self) -> f32 {
        match self {
            CaseColumn::Name => 200.0,
            CaseColumn::Type => 110.0,
            CaseColumn::Status => 100.0,
            CaseColumn::AssignedUser => 140.0,
            CaseColumn::Communities => 200.0,
            CaseColumn::Phone => 130.0,
            CaseColumn::Created => 100.0,
            CaseColumn::Source => 130.0,
            CaseColumn::Stage => 80.0,
            CaseColumn::FollowUp => 90.0,
            CaseColumn::Contact => 120.0,
        }
    }

    fn compare(self, a: &CaseRow, b: &CaseRow) -> Ordering {
        let text = |x: &str, y: &str| x.to_lowercase().cmp(&y.to_lowercase());
        match self {
            CaseColumn::Name => a.sort_name.cmp(&b.sort_name),
            CaseColumn::Type => text(&a.kind, &b.kind),
            CaseColumn::Status => text(&a.status, &b.status),
            CaseColumn::AssignedUser => text(&a.assigned_user, &b.assigned_user),
            CaseColumn::Communities => text(&a.communities, &b.communities),
            CaseColumn::Phone => a.phone.cmp(&b.phone),
            CaseColumn::Created => a.created.cmp(&b.created),
            CaseColumn::Source => text(&a.source, &b.source),
            CaseColumn::Stage => a.stage.cmp(&b.stage),
            // Red first; rows without a colour last.
            CaseColumn::FollowUp => match (a.follow_up, b.follow_up) {
                (Some(x), Some(y)) => x.cmp(&y),
                (x, y) => x.is_none().cmp(&y.is_none()),
            },
            // Those asked not to be contacted first.
            CaseColumn::Contact => {
                (a.contact.is_empty(), &a.contact).cmp(&(b.contact.is_empty(), &b.contact))
            }
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SortOrder {
    pub column: CaseColumn,
    pub descending: bool,
}

impl Default for SortOrder {
    fn default() -> Self {
        SortOrder {
            column: CaseColumn::Name,
            descending: false,
        }
    }
}

impl SortOrder {
    /// Clicking a column's header: the same column flips direction, another starts ascending.
    pub fn toggled(self, column: CaseColumn) -> Self {
        if self.column == column {
            SortOrder {
                column,
                descending: !self.descending,
            }
        } else {
            SortOrder {
                column,
                descending: false,
            }
        }
    }
}

/// Which rows the Search table's follow-up filter lets through.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum ColourFilter {
    #[default]
    Any,
    Is(Colour),
}

impl ColourFilter {
    pub const ALL: [ColourFilter; 4] = [
        ColourFilter::Any,
        ColourFilter::Is(Colour::Red),
        ColourFilter::Is(Colour::Amber),
        ColourFilter::Is(Colour::Green),
    ];

    pub fn admits(self, row: &CaseRow) -> bool {
        match self {
            ColourFilter::Any => true,
            ColourFilter::Is(c) => row.follow_up == Some(c),
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            ColourFilter::Any => "Any follow-up",
            ColourFilter::Is(Colour::Red) => "Red: no contact in time",
            ColourFilter::Is(Colour::Amber) => "Amber: contact due soon",
            ColourFilter::Is(Colour::Green) => "Green: booked or recent",
        }
    }
}

/// Which rows the Search table's stage filter lets through.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum StageFilter {
    #[default]
    Any,
    /// Furthest stage exactly this one.
    At(Stage),
    /// No stage reached (no inquiry on record).
    None,
}

impl StageFilter {
    pub fn admits(self, row: &CaseRow) -> bool {
        match self {
            StageFilter::Any => true,
            StageFilter::At(stage) => row.stage == Some(stage),
            StageFilter::None => row.stage.is_none(),
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            StageFilter::Any => "Any stage",
            StageFilter::At(stage) => stage.label(),
            StageFilter::None => "No stage yet",
        }
    }
}

/// The display order of `rows` as indices: computed once when the data or the order changes,
/// never inside the table's row closure. Ties keep the service's order (a stable sort).
pub fn sorted_indices(rows: &[CaseRow], order: SortOrder) -> Vec<usize> {
    let mut indices: Vec<usize> = (0..rows.len()).collect();
    indices.sort_by(|&a, &b| {
        let ord = order.column.compare(&rows[a], &rows[b]);
        if order.descending { ord.reverse() } else { ord }
    });
    indices
}

/// Writes the rows, in the given order, as CSV with a header row.
pub fn write_csv<W: std::io::Write>(
    rows: &[CaseRow],
    order: &[usize],
    out: W,
) -> Result<(), csv::Error> {
    let mut writer = crate::csv_export::SafeWriter::new(out);
    writer.row([
        "Case number",
        "Individual id",
        "Name",
        "Type",
        "Status",
        "Assigned to",
        "Communities",
        "Phone",
        "Created",
        "Source",
        "Stage",
        "Follow-up",
        "Related",
        "Contact",
    ])?;
    for &i in order {
        let r = &rows[i];
        writer.row([
            r.case_number.as_str(),
            &r.individual_id.to_string(),
            &r.name,
            &r.kind,
            &r.status_shown(),
            &r.assigned_user,
            &r.communities,
            &r.phone,
            &r.created.format(super::format::ISO_DAY).to_string(),
            &r.source,
            r.stage.map_or("", Stage::label),
            r.follow_up.map_or("", Colour::name),
            &r.related,
            &r.contact,
        ])?;
    }
    writer.flush()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(name: &str, last: &str, kind: &str, created: &str, phone: &str) -> CaseRow {
        CaseRow {
            case_number: format!("{name}-case"),
            individual_id: name.len() as i64,
            name: format!("{name} {last}"),
            sort_name: format!("{last}, {name}").to_lowercase(),
            kind: kind.into(),
            status: "Active".into(),
            assigned_user: "Dana Whitfield".into(),
            communities: "Maple Grove".into(),
            phone: phone.into(),
            created: chrono::DateTime::parse_from_rfc3339(created).unwrap(),
            source: String::new(),
            stage: None,
            follow_up: None,
            contact: String::new(),
            related: String::new(),
            matched_via: None,
            moving_in: None,
        }
    }

    #[test]
    fn a_move_in_still_ahead_reads_moving_in_not_moved_in() {
        let mut r = row(
            "Rosa",
            "Alvarez",
            "Resident",
            "2026-11-01T10:00:00-05:00",
            "",
        );
        r.status = "Moved In".into();
        assert_eq!(CaseColumn::Status.text(&r), "Moved In");
        let today = chrono::NaiveDate::from_ymd_opt(2026, 11, 28).unwrap();
        let day = |y, m, d| chrono::NaiveDate::from_ymd_opt(y, m, d).unwrap();
        r.moving_in = Some(MovingIn::new(day(2026, 12, 3), today));
        assert_eq!(CaseColumn::Status.text(&r), "Moving in Dec 3");
        // Far ahead, in the next year: its year said, so it never reads as this year's.
        r.moving_in = Some(MovingIn::new(day(2027, 3, 2), today));
        assert_eq!(CaseColumn::Status.text(&r), "Moving in Mar 2, 2027");
        // Another status is the service's, whatever contract is signed.
        r.status = "Active".into();
        assert_eq!(CaseColumn::Status.text(&r), "Active");
    }

    fn ellison_case() -> SearchCase {
        let text = include_str!("../../../tests/fixtures/search.json");
        let answer: serde_json::Value = serde_json::from_str(text).unwrap();
        serde_json::from_value(answer["Cases"][0].clone()).unwrap()
    }

    #[test]
    fn follow_up_sorts_red_first_and_filters_by_colour() {
        let mut rows = vec![
            row("a", "A", "Prospect", "2026-01-01T00:00:00Z", ""),
            row("b", "B", "Prospect", "2026-01-01T00:00:00Z", ""),
            row("c", "C", "Resident", "2026-01-01T00:00:00Z", ""),
            row("d", "D", "Prospect", "2026-01-01T00:00:00Z", ""),
        ];
        rows[0].follow_up = Some(Colour::Green);
        rows[1].follow_up = Some(Colour::Red);
        rows[3].follow_up = Some(Colour::Amber);
        let order = SortOrder {
            column: CaseColumn::FollowUp,
            descending: false,
        };
        assert_eq!(
            sorted_indices(&rows, order),
            vec![1, 3, 0, 2],
            "no colour last"
        );
        let red: Vec<_> = rows
            .iter()
            .filter(|r| ColourFilter::Is(Colour::Red).admits(r))
            .map(|r| r.name.as_str())
            .collect();
        assert_eq!(red, ["b B"]);
        assert!(rows.iter().all(|r| ColourFilter::Any.admits(r)));
        assert_eq!(CaseColumn::FollowUp.text(&rows[3]), "Amber");
    }

    #[test]
    fn a_case_found_through_a_relative_says_who() {
        let case = ellison_case();
        // Margaret's own name, phone or case number: no note.
        for text in ["marg", "ellison", "614 555 0142", "C-100231"] {
            assert_eq!(matched_via(&case, text), None, "{text}");
        }
        // Her son's first name, email or mobile: through him.
        for text in ["robert", "rob.ellison@", "555-0199", "Robert Ellison"] {
            assert_eq!(
                matched_via(&case, text).map(|l| l.to_string()).as_deref(),
                Some("via Robert Ellison, son"),
                "{text}"
            );
        }
        assert_eq!(matched_via(&case, "nobody"), None);
        assert_eq!(matched_via(&case, "  "), None);
    }

    fn rows() -> Vec<CaseRow> {
        vec![
            row(
                "Ruth",
                "Zimmerman",
                "Prospect",
                "2026-01-02T00:00:00Z",
                "(614) 555-0101",
            ),
            row("Alma", "Abernathy", "Resident", "2025-06-01T00:00:00Z", ""),
            row(
                "Carl",
                "Abernathy",
                "Prospect",
                "2026-03-09T00:00:00Z",
                "(380) 555-0100",
            ),
        ]
    }

    #[test]
    fn sorts_by_last_then_first_name_and_flips() {
        let rows = rows();
        let names = |order: SortOrder| {
            sorted_indices(&rows, order)
                .iter()
                .map(|&i| rows[i].name.clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(
            names(SortOrder::default()),
            ["Alma Abernathy", "Carl Abernathy", "Ruth Zimmerman"]
        );
        let desc = SortOrder::default().toggled(CaseColumn::Name);
        assert!(desc.descending);
        assert_eq!(
            names(desc),
            ["Ruth Zimmerman", "Carl Abernathy", "Alma Abernathy"]
        );
        let created = desc.toggled(CaseColumn::Created);
        assert!(!created.descending, "another column starts ascending");
        assert_eq!(
            names(created),
            ["Alma Abernathy", "Ruth Zimmerman", "Carl Abernathy"]
        );
    }

    #[test]
    fn sorting_is_stable_for_ties() {
        let rows = rows();
        let by_type = sorted_indices(
            &rows,
            SortOrder {
                column: CaseColumn::Type,
                descending: false,
            },
        );
        assert_eq!(by_type, [0, 2, 1], "the two prospects keep their order");
    }

    #[test]
    fn csv_has_a_header_and_quotes_what_needs_it() {
        let mut rows = rows();
        rows[0].communities = "Maple Grove, Riverside".into();
        rows[0].related = "Mark \"Sonny\" Zimmerman (Son)".into();
        let order = sorted_indices(&rows, SortOrder::default());
        let mut out = Vec::new();
        write_csv(&rows, &order, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 4);
        assert!(lines[0].starts_with("Case number,Individual id,Name,"));
        assert!(lines[1].contains("Alma Abernathy"));
        assert!(lines[3].contains("\"Maple Grove, Riverside\""));
        assert!(lines[3].contains("\"Mark \"\"Sonny\"\" Zimmerman (Son)\""));
        assert!(lines[3].contains(",2026-01-02,"));
    }

    #[test]
    fn columns_that_do_not_fit_are_left_out_least_needed_first_and_the_name_stays() {
        let all = &CaseColumn::ALL;
        let (shown, hidden) = CaseColumn::fitting(all, 5000.0, 8.0);
        assert_eq!(shown, all.to_vec());
        assert!(hidden.is_empty());
        // Name 200, Follow-up 90, Status 100, Type 110 and Assigned 140, each 8 apart: 680.
        let (shown, hidden) = CaseColumn::fitting(all, 690.0, 8.0);
        assert_eq!(
            shown,
            vec![
                CaseColumn::Name,
                CaseColumn::FollowUp,
                CaseColumn::Type,
                CaseColumn::Status,
                CaseColumn::AssignedUser
            ],
            "in the table's order"
        );
        assert_eq!(hidden.len(), 6);
        assert!(hidden.contains(&CaseColumn::Source) && hidden.contains(&CaseColumn::Contact));
        let (shown, _) = CaseColumn::fitting(all, 10.0, 8.0);
        assert_eq!(shown, vec![CaseColumn::Name], "the name however narrow");
    }
}
