//! The training class from the trainer's desk: the roster, resets, and the exam graded from
//! each trainee's portal as the service reads it (the trainer's key reads every portal).

use std::sync::Arc;

use futures_util::StreamExt;

use crate::activities::{Loading, load_all};
use crate::api::model::{ActivityFilter, CampaignQuery};
use crate::api::training::RosterSeat;
use crate::api::{ApiError, Client};
use crate::domain::training_exam::{ExamRecords, Mark, OPEN_HOUSE, Task, grade};

/// Portals graded at once.
const AT_ONCE: usize = 6;

/// One trainee's exam.
#[derive(Debug, Clone, PartialEq)]
pub struct TraineeGrade {
    pub trainee: usize,
    pub portal_id: i64,
    pub login: String,
    pub marks: Vec<(Task, Mark)>,
}

impl TraineeGrade {
    pub fn done(&self) -> usize {
        self.marks.iter().filter(|(_, m)| *m == Mark::Done).count()
    }
}

/// Grades one seat's portal from its records.
pub async fn grade_seat(trainer: &Client, seat: &RosterSeat) -> Result<TraineeGrade, ApiError> {
    let client = trainer.for_portal(seat.portal_id);
    let loading = Arc::new(Loading::default());
    let every_campaign = CampaignQuery::default();
    let (activities, cases, campaigns) = tokio::try_join!(
        load_all(client.clone(), ActivityFilter::AllUsers, loading),
        crate::reports::all_cases(&client),
        client.campaigns(&every_campaign),
    )?;
    let open_house = match campaigns.iter().find(|c| c.name == OPEN_HOUSE) {
        Some(c) => Some(client.campaign_individuals(c.id).await?.len()),
        None => None,
    };
    let records = ExamRecords {
        first_activity_id: seat.firsts.activity_id,
        first_individual_id: seat.firsts.individual_id,
        activities: &activities,
        cases: &cases,
        open_house_members: open_house,
    };
    Ok(TraineeGrade {
        trainee: seat.trainee,
        portal_id: seat.portal_id,
        login: seat.login.clone(),
        marks: grade(&records),
    })
}

/// Every trainee's exam (the trainer's own portal left out), in trainee order.
pub async fn grade_class(trainer: &Client) -> Result<Vec<TraineeGrade>, ApiError> {
    let roster = trainer.training_roster().await?;
    let trainees: Vec<RosterSeat> = roster.into_iter().filter(|s| s.trainee > 0).collect();
    let mut grades: Vec<TraineeGrade> = futures_util::stream::iter(trainees.iter())
        .map(|seat| grade_seat(trainer, seat))
        .buffer_unordered(AT_ONCE)
        .collect::<Vec<_>>()
        .await
        .into_iter()
        .collect::<Result<_, _>>()?;
    grades.sort_by_key(|g| g.trainee);
    Ok(grades)
}

/// The class table as CSV: a row per trainee, a column per task.
pub fn class_csv(grades: &[TraineeGrade]) -> String {
    // A mark can name a person a trainee typed: kept text, never a formula.
    let quote = |text: &str| {
        let text = crate::domain::csv_export::neutralize(text);
        format!("\"{}\"", text.replace('"', "\"\""))
    };
    let mut out = String::from("trainee,portal,login,done");
    for task in Task::ALL {
        out.push(',');
        out.push_str(&quote(task.words()));
    }
    out.push('\n');
    for g in grades {
        out.push_str(&format!(
            "{},{},{},{} of {}",
            g.trainee,
            g.portal_id,
            quote(&g.login),
            g.done(),
            g.marks.len()
        ));
        for (_, mark) in &g.marks {
            out.push(',');
            out.push_str(&quote(&mark.words()));
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_class_table_keeps_a_formula_from_the_roster_as_text() {
        // The roster is the service's answer: a hostile one could name a login so.
        let grade = TraineeGrade {
            trainee: 1,
            portal_id: 5001,
            login: "=HYPERLINK(\"x\")".into(),
            marks: vec![(Task::WalterTour, Mark::NotDone)],
        };
        let table = class_csv(&[grade]);
        let row = table.lines().nth(1).unwrap();
        assert!(
            row.starts_with("1,5001,\"'=HYPERLINK(\"\"x\"\")\",0 of 1,"),
            "{row}"
        );
        assert!(row.ends_with(",\"not done\""), "{row}");
    }
}
