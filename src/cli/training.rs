//! The training class from the command line: `leasedesk sandbox --trainees N` serves a class,
//! `leasedesk training reset` and `leasedesk training grade` are the trainer's (with the
//! trainer's key in LEASEDESK_SUBSCRIPTION_KEY and the trainer's portal in --portal).

use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use leasedesk_i18n::tr;

use super::{Connected, Failure};
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
    use crate::report::training::{ExamReport, TraineeSheet, render};
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
                    .map(|(t, m)| (t.words().to_owned(), m.words()))
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
                "Trainer".to_owned()
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
