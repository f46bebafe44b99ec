//! Importing units from CSV: a header row with the create operation's field names, every row
//! checked before anything is sent, batches with progress, a result per row, and a file of the
//! failed rows. Units that already exist (same community and number) are never sent again, so
//! re-running an import after a failure imports nothing twice.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::api::model::{Community, NewUnit, TypeRecord, Unit, UnitNumber, UnitQuery};
use crate::api::{ApiError, Client};

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
pub const BATCH_SIZE: usize = 25;

#[derive(Debug, Clone, PartialEq)]
pub enum RowOutcome {
    /// Failed the checks made before sending.
    Invalid(String),
    /// A unit with this number already exists in the community.
    Exists(i64),
    Ready(NewUnit),
    Created(i64),
    /// The service refused the row.
    Refused(String),
    /// Not known to be created (the connection failed); re-import to finish.
    NotSent(String),
}

impl RowOutcome {
    pub fn failed(&self) -> bool {
        matches!(
            self,
            RowOutcome::Invalid(_) | RowOutcome::Refused(_) | RowOutcome::NotSent(_)
        )
    }

    pub fn text(&self) -> String {
        match self {
            RowOutcome::Invalid(e) => format!("Not sent: {e}"),
            RowOutcome::Exists(id) => format!("Already exists (unit {id}); skipped"),
            RowOutcome::Ready(_) => "Ready to import".into(),
            RowOutcome::Created(id) => format!("Created unit {id}"),
            RowOutcome::Refused(e) => format!("Refused: {e}"),
            RowOutcome::NotSent(e) => format!("Not imported: {e}"),
        }
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

    /// The failed rows with their error, in the import format.
    pub fn write_failed<W: std::io::Write>(&self, out: W) -> Result<usize, csv::Error> {
        let mut w = csv::Writer::from_writer(out);
        let mut header = self.header.clone();
        header.push(ERROR_COLUMN.into());
        w.write_record(&header)?;
        let mut n = 0;
        for row in self.rows.iter().filter(|r| r.outcome.failed()) {
            let mut cells = row.cells.clone();
            cells.resize(self.header.len(), String::new());
            cells.push(row.outcome.text());
            w.write_record(&cells)?;
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
pub fn plan(text: &str, known: &Known<'_>) -> Result<ImportPlan, String> {
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .trim(csv::Trim::All)
        .from_reader(text.as_bytes());
    let header: Vec<String> = reader
        .headers()
        .map_err(|e| format!("The header row could not be read: {e}"))?
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
                return Err(format!(
                    "Unknown column {name:?}: the header must use the field names {}",
                    FIELDS.join(", ")
                ));
            }
        }
    }
    let missing: Vec<&str> = REQUIRED
        .into_iter()
        .filter(|f| !columns.contains_key(f))
        .collect();
    if !missing.is_empty() {
        return Err(format!(
            "The header lacks the required column(s) {}",
            missing.join(", ")
        ));
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
                    outcome: RowOutcome::Invalid(format!("unreadable row: {e}")),
                });
                continue;
            }
        };
        let cells: Vec<String> = record
            .iter()
            .enumerate()
            .filter(|(i, _)| Some(*i) != error_column)
            .map(|(_, c)| c.to_owned())
            .collect();
        if cells.iter().all(|c| c.is_empty()) {
            continue;
        }
        let get = |f: &str| {
            columns
                .get(f)
                .and_then(|&i| record.get(i))
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
                    RowOutcome::Invalid(format!(
                        "Number {:?} appears earlier in this file for the same community",
                        unit.number.0
                    ))
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
) -> Result<(i64, NewUnit), String> {
    let mut problems = Vec::new();
    let unique = get("CommunityUnique");
    let community = known
        .communities
        .iter()
        .find(|c| c.name_unique.eq_ignore_ascii_case(&unique));
    if community.is_none() {
        problems.push(if unique.is_empty() {
            "CommunityUnique is required".to_owned()
        } else {
            format!("CommunityUnique {unique:?} is not a community of this portal")
        });
    }
    let id_in = |field: &str, list: &[TypeRecord], required: bool, problems: &mut Vec<String>| {
        let text = get(field);
        if text.is_empty() {
            if required {
                problems.push(format!("{field} is required"));
            }
            return None;
        }
        match text.parse::<i64>() {
            Ok(id) if list.iter().any(|t| t.id == id) => Some(id),
            Ok(id) => {
                problems.push(format!("{field} {id} is not in the list"));
                None
            }
            Err(_) => {
                problems.push(format!("{field} {text:?} is not a number"));
                None
            }
        }
    };
    let care_group = id_in("CareGroupId", known.care_groups, true, &mut problems);
    let floor_plan = id_in("FloorPlanId", known.floor_plans, false, &mut problems);
    let number = get("Number");
    if number.is_empty() || number.chars().count() > 20 {
        problems.push("Number must be 1 to 20 characters".to_owned());
    }
    let name = get("Name");
    if name.chars().count() > 100 {
        problems.push("Name must be at most 100 characters".to_owned());
    }
    let amount = |field: &str, problems: &mut Vec<String>| {
        let text = get(field);
        if text.is_empty() {
            return None;
        }
        match text.replace(',', "").parse::<f64>() {
            Ok(v) if v.is_finite() && v >= 0.0 => Some(v),
            _ => {
                problems.push(format!("{field} {text:?} must be a number, zero or more"));
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
                problems.push(format!(
                    "Capacity {capacity_text:?} must be a whole number from 1 to 20"
                ));
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
        _ => Err(problems.join("; ")),
    }
}

/// How far an import has got, shared with the screen.
#[derive(Debug, Default)]
pub struct Progress {
    pub done: AtomicUsize,
    pub total: AtomicUsize,
}

impl Progress {
    pub fn fraction(&self) -> f32 {
        let total = self.total.load(Ordering::Relaxed);
        if total == 0 {
            0.0
        } else {
            self.done.load(Ordering::Relaxed) as f32 / total as f32
        }
    }
}

/// Sends the ready rows in batches and fills in each row's outcome. A refused batch is retried
/// row by row to find the row at fault. When the connection fails, the units are read again
/// to learn which rows were created before anything else is decided, and the rest are left
/// "not imported" for a re-run.
pub async fn run(
    client: Client,
    mut plan: ImportPlan,
    progress: Arc<Progress>,
    on_progress: impl Fn() + Send + Sync,
) -> ImportPlan {
    // The file was checked against the units known when it was opened; read them again so a
    // re-run never sends a unit that exists by now.
    if let Ok(units) = client.units(&UnitQuery::default()).await {
        let existing: HashMap<(i64, String), i64> = units
            .iter()
            .map(|u| ((u.community_id, u.number.to_lowercase()), u.id))
            .collect();
        for row in &mut plan.rows {
            if let (RowOutcome::Ready(unit), Some(community)) = (&row.outcome, row.community_id)
                && let Some(&id) = existing.get(&(community, unit.number.0.to_lowercase()))
            {
                row.outcome = RowOutcome::Exists(id);
            }
        }
    }
    let ready: Vec<usize> = (0..plan.rows.len())
        .filter(|&i| matches!(plan.rows[i].outcome, RowOutcome::Ready(_)))
        .collect();
    progress.total.store(ready.len(), Ordering::Relaxed);
    progress.done.store(0, Ordering::Relaxed);
    let mut stopped: Option<String> = None;
    for batch in ready.chunks(BATCH_SIZE) {
        if let Some(why) = &stopped {
            for &i in batch {
                plan.rows[i].outcome = RowOutcome::NotSent(why.clone());
            }
            continue;
        }
        let units: Vec<NewUnit> = batch.iter().filter_map(|&i| ready_unit(&plan, i)).collect();
        match client.create_units(units).await {
            Ok(created) if created.unit_ids.len() == batch.len() => {
                for (&i, id) in batch.iter().zip(created.unit_ids) {
                    plan.rows[i].outcome = RowOutcome::Created(id);
                }
            }
            Ok(_) | Err(ApiError::Invalid { .. }) => {
                for &i in batch {
                    let Some(unit) = ready_unit(&plan, i) else {
                        continue;
                    };
                    plan.rows[i].outcome = match client.create_units(vec![unit.clone()]).await {
                        Ok(c) if c.unit_ids.len() == 1 => RowOutcome::Created(c.unit_ids[0]),
                        Ok(c) => RowOutcome::Refused(c.message),
                        Err(ApiError::Invalid { message }) => RowOutcome::Refused(message),
                        Err(e) => settle_unknown(&client, &plan.rows[i], &unit, &e).await,
                    };
                }
            }
            Err(e) => {
                for &i in batch {
                    if let Some(unit) = ready_unit(&plan, i) {
                        plan.rows[i].outcome =
                            settle_unknown(&client, &plan.rows[i], &unit, &e).await;
                    }
                }
                stopped = Some(e.to_string());
            }
        }
        progress.done.fetch_add(batch.len(), Ordering::Relaxed);
        on_progress();
    }
    plan
}

fn ready_unit(plan: &ImportPlan, i: usize) -> Option<NewUnit> {
    match &plan.rows[i].outcome {
        RowOutcome::Ready(u) => Some(u.clone()),
        _ => None,
    }
}

/// After a failure with no clear answer: was the unit created after all?
async fn settle_unknown(
    client: &Client,
    row: &ImportRow,
    unit: &NewUnit,
    error: &ApiError,
) -> RowOutcome {
    match client.units(&UnitQuery::default()).await {
        Ok(units) => units
            .iter()
            .find(|u| {
                Some(u.community_id) == row.community_id
                    && u.number.eq_ignore_ascii_case(&unit.number.0)
            })
            .map(|u| RowOutcome::Created(u.id))
            .unwrap_or_else(|| RowOutcome::NotSent(error.to_string())),
        Err(_) => RowOutcome::NotSent(error.to_string()),
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
        assert!(
            matches!(&p.rows[1].outcome, RowOutcome::Invalid(e) if e.contains("CareGroupId 4"))
        );
        assert_eq!(p.rows[2].outcome, RowOutcome::Exists(90));
        assert!(matches!(&p.rows[3].outcome, RowOutcome::Invalid(e) if e.contains("earlier")));
        let RowOutcome::Invalid(e) = &p.rows[4].outcome else {
            panic!("row 6 should be invalid")
        };
        assert!(e.contains("\"oak\"") && e.contains("Capacity") && e.contains("BaseMonthly"));
        assert_eq!(p.rows[4].line, 6);
        assert_eq!((p.ready(), p.failed()), (1, 3));

        let mut out = Vec::new();
        assert_eq!(p.write_failed(&mut out).unwrap(), 3);
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
        assert!(
            plan("Community,CareGroupId,Number\n", &known)
                .unwrap_err()
                .contains("Unknown column \"Community\"")
        );
        assert!(
            plan("CommunityUnique,Number\n", &known)
                .unwrap_err()
                .contains("CareGroupId")
        );
    }
}
