//! Importing units from CSV, the rules: a header row with the create operation's field names,
//! every row checked before anything is sent, a result per row, and a file of the failed rows.
//! Units that already exist (same community and number) are never sent again, so re-running an
//! import after a failure imports nothing twice. Sending is `service::unit_import`.

use std::collections::{HashMap, HashSet};

use crate::api::model::{Community, NewUnit, TypeRecord, Unit, UnitNumber};

/// The create operation's field names, which the header row must use (in any order and case).
pub const FIELDS: [&str; 9] = [
    "CommunityUnique",
    "CareGroupId",
    "FloorPlanId",
    "Name",
    "Number",
    "SquareFeet",
    "Capacity",
    "BaseMonthly",
    "BaseEntrance",
];
const REQUIRED: [&str; 3] = ["CommunityUnique", "CareGroupId", "Number"];
/// The column the failed-rows file adds; ignored when that file is imported again.
pub const ERROR_COLUMN: &str = "Error";

/// What is wrong with a unit's fields, a file's row or the form's (the window words it).
/// Fields are named as the create operation names them, as the file's header does.
#[derive(Debug, Clone, PartialEq)]
pub enum UnitProblem {
    /// A required field is empty.
    Required(&'static str),
    /// `CommunityUnique` names no community of this portal.
    NoSuchCommunity(String),
    /// An id that is not in its value list.
    NotInList { field: &'static str, id: i64 },
    /// An id that is not a number.
    NotANumber { field: &'static str, text: String },
    /// `Number` is empty or longer than 20 characters.
    NumberLength,
    /// `Name` is longer than 100 characters.
    NameLength,
    /// A size or price that is not a number, zero or more.
    NotAnAmount { field: &'static str, text: String },
    /// `Capacity` is not a whole number from 1 to 20.
    NotACapacity(String),
    /// The number appears earlier in the file for the same community.
    RepeatedNumber(String),
    /// The row could not be read as CSV (the reader's own detail).
    Unreadable(String),
}

/// Why a checked row was not imported.
#[derive(Debug, Clone, PartialEq)]
pub enum NotSent {
    /// Not tried: working offline, or changes were waiting.
    NotTried,
    /// The service answered with a different number of ids than units sent, so the import
    /// stopped to send nothing twice.
    IdsMismatch { ids: usize, units: usize },
    /// The service's answer did not say which unit it created.
    NoIdSaid,
    /// The connection failed; the failure as the client says it.
    Failed(String),
}

/// What is wrong with a file as a whole.
#[derive(Debug, Clone, PartialEq)]
pub enum FileProblem {
    /// The header row could not be read (the reader's own detail).
    Header(String),
    /// A column the create operation does not have.
    UnknownColumn(String),
    /// Required columns the header lacks.
    MissingColumns(Vec<&'static str>),
}

#[derive(Debug, Clone, PartialEq)]
pub enum RowOutcome {
    /// Failed the checks made before sending.
    Invalid(Vec<UnitProblem>),
    /// A unit with this number already exists in the community.
    Exists(i64),
    Ready(NewUnit),
    Created(i64),
    /// The service refused the row.
    Refused(String),
    /// Not known to be created (the connection failed); re-import to finish.
    NotSent(NotSent),
    /// Kept in the outbox, to be sent (unless it exists by then) when the service answers.
    SavedOffline,
}

impl RowOutcome {
    pub fn failed(&self) -> bool {
        matches!(
            self,
            RowOutcome::Invalid(_) | RowOutcome::Refused(_) | RowOutcome::NotSent(_)
        )
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct ImportRow {
    /// Line in the file (the header is line 1).
    pub line: usize,
    /// The community the row names, once known.
    pub community_id: Option<i64>,
    /// The row's cells by header position, to write back into the failed-rows file.
    pub cells: Vec<String>,
    pub outcome: RowOutcome,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ImportPlan {
    /// The file's own header, without any Error column.
    pub header: Vec<String>,
    pub rows: Vec<ImportRow>,
}

impl ImportPlan {
    pub fn count(&self, f: impl Fn(&RowOutcome) -> bool) -> usize {
        self.rows.iter().filter(|r| f(&r.outcome)).count()
    }

    pub fn ready(&self) -> usize {
        self.count(|o| matches!(o, RowOutcome::Ready(_)))
    }

    pub fn failed(&self) -> usize {
        self.count(RowOutcome::failed)
    }

    /// The failed rows with their error (`words`, in the window's language), in the import
    /// format.
    pub fn write_failed<W: std::io::Write>(
        &self,
        out: W,
        words: impl Fn(&RowOutcome) -> String,
    ) -> Result<usize, csv::Error> {
        let mut w = crate::csv_export::SafeWriter::new(out);
        let mut header = self.header.clone();
        header.push(ERROR_COLUMN.into());
        w.row(&header)?;
        let mut n = 0;
        for row in self.rows.iter().filter(|r| r.outcome.failed()) {
            let mut cells = row.cells.clone();
            cells.resize(self.header.len(), String::new());
            cells.push(words(&row.outcome));
            w.row(&cells)?;
            n += 1;
        }
        w.flush()?;
        Ok(n)
    }
}

/// What rows are checked against: the portal's communities, value lists and existing units.
pub struct Known<'a> {
    pub communities: &'a [Community],
    pub care_groups: &'a [TypeRecord],
    pub floor_plans: &'a [TypeRecord],
    pub units: &'a [Unit],
}

/// Reads and checks a file. A file-level problem (no header, a missing required column, an
/// unknown column) is an error; row problems are per-row outcomes.
pub fn plan(text: &str, known: &Known<'_>) -> Result<ImportPlan, FileProblem> {
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .trim(csv::Trim::All)
        .from_reader(text.as_bytes());
    let header: Vec<String> = reader
        .headers()
        .map_err(|e| FileProblem::Header(e.to_string()))?
        .iter()
        .map(str::to_owned)
        .collect();
    let mut columns: HashMap<&'static str, usize> = HashMap::new();
    let mut error_column = None;
    for (i, name) in header.iter().enumerate() {
        if name.eq_ignore_ascii_case(ERROR_COLUMN) {
            error_column = Some(i);
            continue;
        }
        match FIELDS.iter().find(|f| f.eq_ignore_ascii_case(name)) {
            Some(f) => {
                columns.insert(f, i);
            }
            None => {
                return Err(FileProblem::UnknownColumn(name.clone()));
            }
        }
    }
    let missing: Vec<&str> = REQUIRED
        .into_iter()
        .filter(|f| !columns.contains_key(f))
        .collect();
    if !missing.is_empty() {
        return Err(FileProblem::MissingColumns(missing));
    }
    let kept_header: Vec<String> = header
        .iter()
        .enumerate()
        .filter(|(i, _)| Some(*i) != error_column)
        .map(|(_, h)| h.clone())
        .collect();

    let existing: HashMap<(i64, String), i64> = known
        .units
        .iter()
        .map(|u| ((u.community_id, u.number.to_lowercase()), u.id))
        .collect();
    let mut seen: HashSet<(i64, String)> = HashSet::new();
    let mut rows = Vec::new();
    for (n, record) in reader.records().enumerate() {
        let line = n + 2;
        let record = match record {
            Ok(r) => r,
            Err(e) => {
                rows.push(ImportRow {
                    line,
                    community_id: None,
                    cells: Vec::new(),
                    outcome: RowOutcome::Invalid(vec![UnitProblem::Unreadable(e.to_string())]),
                });
                continue;
            }
        };
        let cells: Vec<String> = record
            .iter()
            .enumerate()
            .filter(|(i, _)| Some(*i) != error_column)
            .map(|(_, c)| crate::csv_export::restore(c).to_owned())
            .collect();
        if cells.iter().all(|c| c.is_empty()) {
            continue;
        }
        let get = |f: &str| {
            columns
                .get(f)
                .and_then(|&i| record.get(i))
                .map(crate::csv_export::restore)
                .unwrap_or("")
                .to_owned()
        };
        let mut community = None;
        let outcome = match check_unit(&get, known) {
            Err(e) => RowOutcome::Invalid(e),
            Ok((community_id, unit)) => {
                community = Some(community_id);
                let key = (community_id, unit.number.0.to_lowercase());
                if let Some(&id) = existing.get(&key) {
                    RowOutcome::Exists(id)
                } else if !seen.insert(key) {
                    RowOutcome::Invalid(vec![UnitProblem::RepeatedNumber(unit.number.0.clone())])
                } else {
                    RowOutcome::Ready(unit)
                }
            }
        };
        rows.push(ImportRow {
            line,
            community_id: community,
            cells,
            outcome,
        });
    }
    Ok(ImportPlan {
        header: kept_header,
        rows,
    })
}

/// Checks one unit given by field name (from a CSV row or the form); returns its community id.
pub fn check_unit(
    get: &dyn Fn(&str) -> String,
    known: &Known<'_>,
) -> Result<(i64, NewUnit), Vec<UnitProblem>> {
    let mut problems = Vec::new();
    let unique = get("CommunityUnique");
    let community = known
        .communities
        .iter()
        .find(|c| c.name_unique.eq_ignore_ascii_case(&unique));
    if community.is_none() {
        problems.push(if unique.is_empty() {
            UnitProblem::Required("CommunityUnique")
        } else {
            UnitProblem::NoSuchCommunity(unique.clone())
        });
    }
    let id_in = |field: &'static str,
                 list: &[TypeRecord],
                 required: bool,
                 problems: &mut Vec<UnitProblem>| {
        let text = get(field);
        if text.is_empty() {
            if required {
                problems.push(UnitProblem::Required(field));
            }
            return None;
        }
        match text.parse::<i64>() {
            Ok(id) if list.iter().any(|t| t.id == id) => Some(id),
            Ok(id) => {
                problems.push(UnitProblem::NotInList { field, id });
                None
            }
            Err(_) => {
                problems.push(UnitProblem::NotANumber { field, text });
                None
            }
        }
    };
    let care_group = id_in("CareGroupId", known.care_groups, true, &mut problems);
    let floor_plan = id_in("FloorPlanId", known.floor_plans, false, &mut problems);
    let number = get("Number");
    if number.is_empty() || number.chars().count() > 20 {
        problems.push(UnitProblem::NumberLength);
    }
    let name = get("Name");
    if name.chars().count() > 100 {
        problems.push(UnitProblem::NameLength);
    }
    let amount = |field: &'static str, problems: &mut Vec<UnitProblem>| {
        let text = get(field);
        if text.is_empty() {
            return None;
        }
        match text.replace(',', "").parse::<f64>() {
            Ok(v) if v.is_finite() && v >= 0.0 => Some(v),
            _ => {
                problems.push(UnitProblem::NotAnAmount { field, text });
                None
            }
        }
    };
    let square_feet = amount("SquareFeet", &mut problems);
    let base_monthly = amount("BaseMonthly", &mut problems);
    let base_entrance = amount("BaseEntrance", &mut problems);
    let capacity_text = get("Capacity");
    let capacity = if capacity_text.is_empty() {
        None
    } else {
        match capacity_text.parse::<i64>() {
            Ok(c) if (1..=20).contains(&c) => Some(c),
            _ => {
                problems.push(UnitProblem::NotACapacity(capacity_text.clone()));
                None
            }
        }
    };
    match (community, care_group) {
        (Some(c), Some(care_group_id)) if problems.is_empty() => Ok((
            c.id,
            NewUnit {
                community_unique: c.name_unique.clone(),
                care_group_id,
                floor_plan_id: floor_plan,
                name,
                number: UnitNumber(number),
                square_feet,
                capacity,
                base_monthly,
                base_entrance,
            },
        )),
        _ => Err(problems),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn community(id: i64, unique: &str) -> Community {
        Community {
            id,
            name: unique.to_uppercase(),
            name_unique: unique.into(),
            abbreviation: None,
            color: None,
            address_id: None,
        }
    }

    fn value(id: i64) -> TypeRecord {
        serde_json::from_value(serde_json::json!({
            "Id": id, "Name": format!("Value {id}"), "DateCreated": "2026-01-01T00:00:00Z",
            "LastModifiedBy": 1, "UserId": 1, "MasterName": "", "MasterId": 0, "SortOrder": 0,
            "UserFullName": ""
        }))
        .unwrap_or_else(|e| panic!("type record: {e}"))
    }

    fn existing() -> Unit {
        Unit {
            id: 90,
            number: "101".into(),
            name: String::new(),
            community_id: 1,
            community_name: "Maple".into(),
            care_group_id: 3,
            care_group: "AL".into(),
            floor_plan_id: None,
            floor_plan: None,
            square_feet: None,
            capacity: 1,
            base_monthly: None,
            base_entrance: None,
        }
    }

    #[test]
    fn rows_are_checked_before_anything_is_sent() {
        let communities = [community(1, "maple")];
        let (groups, plans) = ([value(3)], [value(8)]);
        let units = [existing()];
        let known = Known {
            communities: &communities,
            care_groups: &groups,
            floor_plans: &plans,
            units: &units,
        };
        let text = "CommunityUnique,CareGroupId,FloorPlanId,Name,Number,Capacity,BaseMonthly\n\
                    maple,3,8,Garden,201,2,4100\n\
                    maple,4,,Bad group,202,1,\n\
                    maple,3,,Existing,101,1,\n\
                    Maple,3,,Twice,201,1,\n\
                    oak,3,,Elsewhere,1,0,-5\n";
        let p = plan(text, &known).unwrap();
        assert_eq!(p.rows.len(), 5);
        match &p.rows[0].outcome {
            RowOutcome::Ready(u) => {
                assert_eq!(u.capacity, Some(2));
                assert_eq!(u.floor_plan_id, Some(8));
                assert_eq!(u.base_monthly, Some(4100.0));
            }
            other => panic!("row 2: {other:?}"),
        }
        assert_eq!(
            p.rows[1].outcome,
            RowOutcome::Invalid(vec![UnitProblem::NotInList {
                field: "CareGroupId",
                id: 4
            }])
        );
        assert_eq!(p.rows[2].outcome, RowOutcome::Exists(90));
        assert_eq!(
            p.rows[3].outcome,
            RowOutcome::Invalid(vec![UnitProblem::RepeatedNumber("201".into())])
        );
        let RowOutcome::Invalid(e) = &p.rows[4].outcome else {
            panic!("row 6 should be invalid")
        };
        assert_eq!(
            e,
            &vec![
                UnitProblem::NoSuchCommunity("oak".into()),
                UnitProblem::NotAnAmount {
                    field: "BaseMonthly",
                    text: "-5".into()
                },
                UnitProblem::NotACapacity("0".into()),
            ]
        );
        assert_eq!(p.rows[4].line, 6);
        assert_eq!((p.ready(), p.failed()), (1, 3));

        let mut out = Vec::new();
        let words = |o: &RowOutcome| format!("{o:?}").chars().take(20).collect();
        assert_eq!(p.write_failed(&mut out, words).unwrap(), 3);
        let failed = String::from_utf8(out).unwrap();
        assert!(failed.starts_with(
            "CommunityUnique,CareGroupId,FloorPlanId,Name,Number,Capacity,BaseMonthly,Error\n"
        ));
        // The failed-rows file imports again (its Error column is ignored).
        let again = plan(&failed, &known).unwrap();
        assert_eq!(again.rows.len(), 3);
        assert_eq!(again.header.len(), 7);
    }

    #[test]
    fn a_bad_header_is_refused_as_a_whole() {
        let known = Known {
            communities: &[],
            care_groups: &[],
            floor_plans: &[],
            units: &[],
        };
        assert_eq!(
            plan("Community,CareGroupId,Number\n", &known).unwrap_err(),
            FileProblem::UnknownColumn("Community".into())
        );
        assert_eq!(
            plan("CommunityUnique,Number\n", &known).unwrap_err(),
            FileProblem::MissingColumns(vec!["CareGroupId"])
        );
    }
}
