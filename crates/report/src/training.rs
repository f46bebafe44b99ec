//! The training class's exam as a PDF for the trainer: the class table first, then a page per
//! trainee with each task, its mark and, where it went wrong, why.

use leasedesk_i18n::tr;

use super::Paper;
use super::pdf::{Align, Layout, finish};

/// One trainee's exam, in words.
#[derive(Debug, Clone, PartialEq)]
pub struct TraineeSheet {
    pub trainee: usize,
    pub portal: i64,
    pub login: String,
    pub marks: Vec<TaskMark>,
}

/// A task of the exam and its mark, in words ("done", "not done", "wrong: …").
#[derive(Debug, Clone, PartialEq)]
pub struct TaskMark {
    pub task: String,
    pub mark: String,
    pub done: bool,
}

impl TraineeSheet {
    fn done(&self) -> usize {
        self.marks.iter().filter(|m| m.done).count()
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct ExamReport {
    /// When it was graded (UTC).
    pub made: String,
    pub scenario_hash: String,
    pub trainees: Vec<TraineeSheet>,
}

pub fn render(report: &ExamReport, paper: Paper) -> Vec<u8> {
    let mut l = Layout::new(paper);
    l.heading(&tr!("exam-title"));
    l.paragraph(&tr!(
        "exam-graded-from",
        trainees = report.trainees.len(),
        scenario = report.scenario_hash.clone()
    ));
    if let Some(first) = report.trainees.first() {
        let tasks: Vec<String> = first
            .marks
            .iter()
            .enumerate()
            .map(|(n, m)| format!("{}. {}", n + 1, m.task))
            .collect();
        l.small_paragraph(&tr!("exam-the-tasks", tasks = tasks.join("; ")));
    }
    let rows: Vec<Vec<String>> = report
        .trainees
        .iter()
        .map(|t| {
            vec![
                format!("{:02}", t.trainee),
                t.login.clone(),
                tr!("exam-done-of", done = t.done(), tasks = t.marks.len()),
                t.marks
                    .iter()
                    .enumerate()
                    .filter(|(_, m)| !m.done)
                    .map(|(n, _)| (n + 1).to_string())
                    .collect::<Vec<_>>()
                    .join(", "),
            ]
        })
        .collect();
    l.table(
        &[
            (&tr!("exam-col-trainee"), 0.7, Align::Right),
            (&tr!("exam-col-login"), 2.2, Align::Left),
            (&tr!("exam-col-done"), 0.8, Align::Right),
            (&tr!("exam-col-still-to-do"), 4.5, Align::Left),
        ],
        &rows,
    );
    for t in &report.trainees {
        l.new_page();
        l.heading(&tr!(
            "exam-trainee-heading",
            trainee = format!("{:02}", t.trainee),
            login = t.login.clone()
        ));
        l.paragraph(&tr!(
            "exam-portal-done",
            portal = t.portal,
            done = t.done(),
            tasks = t.marks.len()
        ));
        let rows: Vec<Vec<String>> = t
            .marks
            .iter()
            .map(|m| vec![m.task.clone(), m.mark.clone()])
            .collect();
        l.table(
            &[
                (&tr!("exam-col-task"), 4.0, Align::Left),
                (&tr!("exam-col-mark"), 3.0, Align::Left),
            ],
            &rows,
        );
    }
    finish(
        l,
        &tr!("exam-footer", made = report.made.clone()),
        &tr!("exam-title"),
    )
}

/// One seat of the class sheet: what its trainee types to connect.
#[derive(Debug, Clone, PartialEq)]
pub struct SheetSeat {
    /// "Trainer", "07".
    pub who: String,
    pub portal: i64,
    pub login: String,
    pub password: String,
    pub key: String,
}

/// The class sheet to print and cut: the service's address once, then a block per seat.
pub fn class_sheet(address: &str, seats: &[SheetSeat], paper: Paper) -> Vec<u8> {
    let mut l = Layout::new(paper);
    l.heading(&tr!("class-sheet-title"));
    l.paragraph(&tr!("class-sheet-how", address = address.to_owned()));
    let rows: Vec<Vec<String>> = seats
        .iter()
        .map(|s| {
            vec![
                s.who.clone(),
                s.portal.to_string(),
                s.login.clone(),
                s.password.clone(),
                s.key.clone(),
            ]
        })
        .collect();
    l.table(
        &[
            (&tr!("class-sheet-col-seat"), 0.8, Align::Left),
            (&tr!("class-sheet-col-portal"), 0.6, Align::Right),
            (&tr!("exam-col-login"), 2.1, Align::Left),
            (&tr!("class-sheet-col-password"), 1.9, Align::Left),
            (&tr!("class-sheet-col-key"), 4.4, Align::Left),
        ],
        &rows,
    );
    finish(l, &tr!("class-sheet-footer"), &tr!("class-sheet-title"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 120 cases opened by `user` one morning, as the access log reports them.
    fn a_morning_of(user: &str) -> crate::access_log::AccessReport {
        let rows = (1..=120)
            .map(|n| crate::access_log::AccessRow {
                entry: n,
                at: "2026-11-28 10:00".into(),
                user: user.into(),
                what: "Case opened".into(),
                case: n.to_string(),
                detail: String::new(),
            })
            .collect();
        crate::access_log::AccessReport {
            period: "Nov 28, 2026".into(),
            narrowed_to: String::new(),
            verified: "The access log is whole.".into(),
            made: "2026-11-28 12:00".into(),
            rows,
        }
    }

    #[test]
    fn a_document_made_on_a_training_portal_says_so_on_every_page() {
        use crate::access_log::render as access_log;
        let report = a_morning_of("Trainee 01");
        let mark = crate::pdf::mark_training();
        let marked = access_log(&report, Paper::Letter);
        drop(mark);
        let plain = access_log(&report, Paper::Letter);
        let pages = String::from_utf8_lossy(&plain).matches("Page ").count();
        assert!(pages >= 2, "several pages");
        let mark = format!("({})", crate::pdf::TRAINING_MARK);
        assert_eq!(
            String::from_utf8_lossy(&marked).matches(&mark).count(),
            pages
        );
        assert_eq!(String::from_utf8_lossy(&plain).matches(&mark).count(), 0);
        // Read once, first: on the other pages it is not content (read back with poppler, a
        // Linux tool here).
        if cfg!(windows) {
            return;
        }
        let (_, structure) = crate::tags::read_back(&marked);
        let lines: Vec<&str> = structure.lines().map(str::trim).collect();
        assert_eq!(
            lines[..3],
            [
                "Document",
                "P (block)",
                &format!("\"{}\"", crate::pdf::TRAINING_MARK)
            ]
        );
        assert_eq!(structure.matches("TRAINING").count(), 1, "{structure}");
    }

    // Read back with poppler, a Linux tool here (the Windows build's tests run under Wine).
    #[cfg(unix)]
    #[test]
    fn a_table_over_pages_is_one_table_its_headings_read_once_and_the_footers_not_read() {
        use crate::access_log::render as access_log;
        let report = a_morning_of("Dana Whitfield");
        let pdf = access_log(&report, Paper::Letter);
        let pages = String::from_utf8_lossy(&pdf).matches("Page ").count();
        assert!(pages >= 3, "the table runs over pages: {pages}");
        let (_, structure) = crate::tags::read_back(&pdf);
        let outline = crate::tags::outline(&structure);
        let count = |line: &str| outline.iter().filter(|l| l.as_str() == line).count();
        assert_eq!(count("Table (block)"), 1);
        assert_eq!(count("TR"), 121, "the headings' row and a row per entry");
        assert_eq!(count("TH:"), 6, "the headings, once: {structure}");
        assert_eq!(count("\"Case opened\""), 120);
        assert_eq!(outline[1..3], ["H1 (block)", "\"Access log\""]);
        assert!(!structure.contains("Page 1 of"), "the footer is not read");
        // Each row's cells in the headings' order.
        let first = outline.iter().position(|l| l == "\"Case opened\"").unwrap();
        assert_eq!(
            outline[first - 7..first + 1],
            [
                "TD",
                "\"1\"",
                "TD",
                "\"2026-11-28 10:00\"",
                "TD",
                "\"Dana Whitfield\"",
                "TD",
                "\"Case opened\""
            ]
        );
    }

    #[test]
    fn the_class_sheet_has_every_seat() {
        let seats: Vec<SheetSeat> = (0..=30)
            .map(|n| SheetSeat {
                who: if n == 0 {
                    "Trainer".into()
                } else {
                    format!("{n:02}")
                },
                portal: 5000 + n,
                login: format!("trainee{n:02}@class.example"),
                password: format!("pw{n:02}xxxxxxxxxx"),
                // As long as a class's keys are (32 random letters and digits).
                key: format!("trainee-{n:02}B3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dE"),
            })
            .collect();
        let pdf = class_sheet("https://10.0.0.5:8443", &seats, Paper::Letter);
        let text = String::from_utf8_lossy(&pdf);
        for seat in &seats {
            assert!(text.contains(&format!("({})", seat.key)), "{}", seat.key);
            assert!(text.contains(&format!("({})", seat.password)));
        }
    }

    #[test]
    fn the_exam_has_the_class_table_and_a_page_per_trainee() {
        let sheet = |n: usize, done: bool| TraineeSheet {
            trainee: n,
            portal: 5000 + n as i64,
            login: format!("trainee{n:02}@class.example"),
            marks: vec![
                TaskMark {
                    task: "Book Walter Brennan's tour without a clash".into(),
                    mark: if done {
                        "done".into()
                    } else {
                        "wrong: the tour clashes".into()
                    },
                    done,
                },
                TaskMark {
                    task: "Log Harold Finch's overdue call as made".into(),
                    mark: "done".into(),
                    done: true,
                },
            ],
        };
        let report = ExamReport {
            made: "2026-11-29 10:00".into(),
            scenario_hash: "0123456789abcdef".into(),
            trainees: vec![sheet(1, true), sheet(2, false)],
        };
        let pdf = render(&report, Paper::Letter);
        assert!(pdf.starts_with(b"%PDF-"));
        let text = String::from_utf8_lossy(&pdf);
        assert_eq!(
            text.matches("/Type /Page\n").count()
                + text.matches("/Type /Page ").count()
                + text.matches("/Type/Page\n").count(),
            3,
            "the class table and a page per trainee"
        );
        assert!(text.contains("(2 of 2)") && text.contains("(1 of 2)"));
        assert!(text.contains("wrong: the tour clashes"));
        // The footer (written in hex, for its "·") says TRAINING on every page.
        assert_eq!(text.to_lowercase().matches("545241494e494e47").count(), 3);
    }
}
