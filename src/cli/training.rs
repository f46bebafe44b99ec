//! The training class from the command line: `leasedesk sandbox --trainees N` serves a class,
//! `leasedesk training reset` and `leasedesk training grade` are the trainer's (with the
//! trainer's key in LEASEDESK_SUBSCRIPTION_KEY and the trainer's portal in --portal).

use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use leasedesk_i18n::tr;

use super::{Connected, Failure};
use crate::domain::training_exam::{Mark, Task, Wrong};
use crate::report::write_atomically;
use crate::sandbox::class::{self, ClassConfig, RunningClass};
use crate::sandbox::{Clock, ConnectionLimits};
use crate::service::training::{TraineeGrade, class_csv, grade_class};

/// The class sheet's name in the class folder.
pub const SHEET: &str = "class-sheet.csv";

/// The class folder when none is given: `class` in the data folder.
pub fn default_dir() -> Option<PathBuf> {
    crate::paths::data_dir().map(|d| d.join("class"))
}

/// Starts the class and writes its sheet; the lines to print.
pub async fn serve(
    addr: SocketAddr,
    dir: PathBuf,
    trainees: usize,
    tls: Option<(PathBuf, PathBuf)>,
) -> Result<(RunningClass, String), Failure> {
    let tls = tls
        .map(|(certificate, key)| crate::sandbox::tls_from_files(&certificate, &key))
        .transpose()
        .map_err(Failure::Usage)?;
    let plain = tls.is_none();
    let running = class::start(ClassConfig {
        addr,
        dir: dir.clone(),
        trainees,
        clock: Clock::System,
        limits: ConnectionLimits::default(),
        tls,
    })
    .await
    .map_err(|e| match e {
        class::ClassError::Size(_) => Failure::Usage(e.to_string()),
        _ => Failure::Run(e.to_string()),
    })?;
    let sheet = dir.join(SHEET);
    write_atomically(&sheet, running.sheet_csv().as_bytes())
        .and_then(|()| write_atomically(&sheet.with_extension("pdf"), &sheet_pdf(&running)))
        .map_err(|e| Failure::Run(tr!("class-sheet-not-written", error = e.to_string())))?;
    let trainer = &running.seats[0];
    let lines = [
        (tr!("class-base-url"), running.base_url.clone()),
        (
            tr!("class-trainees"),
            tr!(
                "class-trainees-value",
                trainees = trainees,
                first = trainer.portal + 1,
                last = trainer.portal + trainees as i64,
                trainer = trainer.portal
            ),
        ),
        (tr!("class-scenario"), running.scenario_hash.clone()),
        (
            tr!("class-sheet"),
            tr!("class-sheet-value", path = sheet.display().to_string()),
        ),
        (tr!("class-health"), format!("{}/health", running.base_url)),
        (
            tr!("class-reset"),
            tr!(
                "class-reset-value",
                url = running.base_url.clone(),
                portal = trainer.portal
            ),
        ),
    ];
    let mut said = format!(
        "{}\n{}  {}\n{}\n",
        tr!("class-listening"),
        super::lined_up(&lines),
        tr!("class-nightly"),
        tr!("sandbox-press-ctrl-c")
    );
    if plain && !addr.ip().is_loopback() {
        said.push_str(&tr!("class-plain-http"));
        said.push('\n');
    }
    Ok((running, said))
}

/// Resets every portal at each midnight of this computer's zone, as a class's environment is
/// refreshed nightly.
pub async fn reset_nightly(running: &RunningClass) {
    loop {
        let now = chrono::Local::now();
        let midnight = (now.date_naive() + chrono::Duration::days(1))
            .and_hms_opt(0, 0, 5)
            .and_then(|m| m.and_local_timezone(chrono::Local).earliest());
        let wait = midnight
            .map(|m| (m - now).to_std().unwrap_or_default())
            .unwrap_or(std::time::Duration::from_secs(3600));
        tokio::time::sleep(wait).await;
        match running.reset(None).await {
            Ok(report) => tracing::info!(
                portals = report.portals.len(),
                ms = report.milliseconds,
                "the class was reset for the night"
            ),
            Err(e) => tracing::error!(error = %e, "the nightly reset failed"),
        }
    }
}

pub async fn reset(connected: Connected, trainee: Option<usize>) -> Result<String, Failure> {
    let report = connected
        .client
        .training_reset(trainee)
        .await
        .map_err(|e| Failure::Run(tr!("class-not-reset", error = e.to_string())))?;
    let said = match trainee {
        Some(n) => tr!(
            "class-reset-one",
            trainee = n,
            scenario = report.scenario_hash,
            ms = report.milliseconds
        ),
        None => tr!(
            "class-reset-all",
            portals = report.portals.len(),
            scenario = report.scenario_hash,
            ms = report.milliseconds
        ),
    };
    Ok(format!("{said}\n"))
}

pub async fn grade(connected: Connected, out: &Path) -> Result<String, Failure> {
    let pdf = match out
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .as_deref()
    {
        Some("pdf") => true,
        Some("csv") => false,
        _ => return Err(Failure::Usage(tr!("class-grade-out"))),
    };
    let started = std::time::Instant::now();
    let roster = connected
        .client
        .training_roster()
        .await
        .map_err(|e| Failure::Run(tr!("class-not-read", error = e.to_string())))?;
    let grades = grade_class(&connected.client)
        .await
        .map_err(|e| Failure::Run(tr!("class-portal-not-read", error = e.to_string())))?;
    let bytes = if pdf {
        exam_pdf(
            &grades,
            roster
                .first()
                .map(|s| s.scenario_hash.as_str())
                .unwrap_or(""),
        )
    } else {
        class_csv(&grades).into_bytes()
    };
    write_atomically(out, &bytes).map_err(|e| Failure::Usage(super::not_written(out, &e)))?;
    let done: usize = grades.iter().map(TraineeGrade::done).sum();
    let tasks: usize = grades.iter().map(|g| g.marks.len()).sum();
    let said = tr!(
        "class-graded",
        trainees = grades.len(),
        done = done,
        tasks = tasks,
        seconds = format!("{:.1}", started.elapsed().as_secs_f64()),
        path = out.display().to_string()
    );
    Ok(format!("{said}\n"))
}

fn exam_pdf(grades: &[TraineeGrade], hash: &str) -> Vec<u8> {
    use crate::report::training::{ExamReport, TaskMark, TraineeSheet, render};
    let report = ExamReport {
        made: chrono::Utc::now().format("%Y-%m-%d %H:%M UTC").to_string(),
        scenario_hash: hash.to_owned(),
        trainees: grades
            .iter()
            .map(|g| TraineeSheet {
                trainee: g.trainee,
                portal: g.portal_id,
                login: g.login.clone(),
                marks: g
                    .marks
                    .iter()
                    .map(|(task, mark)| TaskMark {
                        task: task_words(*task),
                        mark: mark_words(mark),
                        done: *mark == Mark::Done,
                    })
                    .collect(),
            })
            .collect(),
    };
    render(&report, crate::report::Paper::Letter)
}

/// The class sheet to print: the address once, a row per seat.
fn sheet_pdf(running: &RunningClass) -> Vec<u8> {
    use crate::report::training::{SheetSeat, class_sheet};
    let seats: Vec<SheetSeat> = running
        .seats
        .iter()
        .map(|s| SheetSeat {
            who: if s.is_trainer() {
                tr!("class-sheet-trainer")
            } else {
                format!("{:02}", s.trainee)
            },
            portal: s.portal,
            login: s.login.clone(),
            password: s.password.clone(),
            key: s.key.clone(),
        })
        .collect();
    class_sheet(&running.base_url, &seats, crate::report::Paper::Letter)
}

/// A task of the exam in the language in force (the class table's CSV keeps the English).
fn task_words(task: Task) -> String {
    match task {
        Task::HaroldCall => tr!("exam-task-harold-call"),
        Task::HaroldNextStep => tr!("exam-task-harold-next-step"),
        Task::MargaretCall => tr!("exam-task-margaret-call"),
        Task::WalterTour => tr!("exam-task-walter-tour"),
        Task::LuciaAdded => tr!("exam-task-lucia-added"),
        Task::EdnaLost => tr!("exam-task-edna-lost"),
        Task::JeanEntered => tr!("exam-task-jean-entered"),
        Task::OpenHouse => tr!("exam-task-open-house"),
        Task::TbTest => tr!("exam-task-tb-test"),
    }
}

/// A mark in the language in force.
fn mark_words(mark: &Mark) -> String {
    match mark {
        Mark::Done => tr!("exam-mark-done"),
        Mark::NotDone => tr!("exam-mark-not-done"),
        Mark::Wrong(why) => tr!("exam-mark-wrong", why = wrong_words(why)),
    }
}

fn wrong_words(wrong: &Wrong) -> String {
    match wrong {
        Wrong::CallWithoutResult => tr!("exam-wrong-call-without-result"),
        Wrong::NotACallMade => tr!("exam-wrong-not-a-call-made"),
        Wrong::NextStepBeforeCall => tr!("exam-wrong-next-step-before-call"),
        Wrong::TourClash { with, at } => tr!(
            "exam-wrong-tour-clash",
            with = with.clone(),
            at = clock_time(*at)
        ),
        Wrong::RosasCaseGone => tr!("exam-wrong-rosas-case-gone"),
        Wrong::LuciaOnHerOwn => tr!("exam-wrong-lucia-on-her-own"),
        Wrong::LostWithoutReason => tr!("exam-wrong-lost-without-reason"),
        Wrong::NoPhone => tr!("exam-wrong-no-phone"),
        Wrong::EnteredTimes(times) => tr!("exam-wrong-entered-times", times = *times),
        Wrong::MeansNotYet(result) => tr!("exam-wrong-means-not-yet", result = result.clone()),
        Wrong::MetWithoutNote => tr!("exam-wrong-met-without-note"),
        Wrong::NoCampaign => tr!("exam-wrong-no-campaign"),
        Wrong::OneFamilyOfTwo => tr!("exam-wrong-one-family-of-two"),
    }
}

/// "10:00 am", "10:00 a. m.".
fn clock_time(at: chrono::NaiveTime) -> String {
    use crate::domain::format;
    match leasedesk_i18n::language() {
        leasedesk_i18n::Language::Spanish => format::spanish_time(at),
        _ => at.format(format::TIME).to_string(),
    }
}

#[cfg(test)]
mod tests {
    use leasedesk_i18n::{Language, in_language};

    use super::*;

    fn every_mark() -> Vec<Mark> {
        let at = chrono::NaiveTime::from_hms_opt(14, 30, 0).unwrap();
        let wrongs = [
            Wrong::CallWithoutResult,
            Wrong::NotACallMade,
            Wrong::NextStepBeforeCall,
            Wrong::TourClash {
                with: "Rosa Alvarez".into(),
                at,
            },
            Wrong::RosasCaseGone,
            Wrong::LuciaOnHerOwn,
            Wrong::LostWithoutReason,
            Wrong::NoPhone,
            Wrong::EnteredTimes(2),
            Wrong::MeansNotYet("Pending".into()),
            Wrong::MetWithoutNote,
            Wrong::NoCampaign,
            Wrong::OneFamilyOfTwo,
        ];
        let mut marks = vec![Mark::Done, Mark::NotDone];
        marks.extend(wrongs.into_iter().map(Mark::Wrong));
        marks
    }

    #[test]
    fn the_exams_words_are_the_class_tables_in_english_and_spanish_in_spanish() {
        for task in Task::ALL {
            let english = in_language(Language::English, || task_words(task));
            assert_eq!(english, task.words());
            let spanish = in_language(Language::Spanish, || task_words(task));
            assert_ne!(spanish, english);
        }
        for mark in every_mark() {
            let english = in_language(Language::English, || mark_words(&mark));
            assert_eq!(english, mark.words());
            let spanish = in_language(Language::Spanish, || mark_words(&mark));
            assert_ne!(spanish, english, "{mark:?}");
        }
        let clash = Mark::Wrong(Wrong::TourClash {
            with: "Rosa Alvarez".into(),
            at: chrono::NaiveTime::from_hms_opt(10, 0, 0).unwrap(),
        });
        let spanish = in_language(Language::Spanish, || mark_words(&clash));
        assert!(spanish.contains("Rosa Alvarez") && spanish.contains("10:00 a. m."));
    }
}
