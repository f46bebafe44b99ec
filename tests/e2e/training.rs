//! The training class: a portal per trainee, isolated, reset to the same anchored scenario on
//! any day, and an exam graded from what each trainee wrote.

use chrono::{DateTime, Duration, FixedOffset, TimeZone, Utc};
use leasedesk::api::model::*;
use leasedesk::api::{ApiError, Client};
use leasedesk::domain::lost_leads::LostLead;
use leasedesk::domain::training_exam::{self as exam, Mark, Task};
use leasedesk::sandbox::class::{self, ClassConfig, RunningClass};
use leasedesk::sandbox::{Clock, ConnectionLimits};
use leasedesk::service::training::grade_class;

use crate::support::client_for;

async fn start(dir: &std::path::Path, trainees: usize, now: DateTime<Utc>) -> RunningClass {
    class::start(ClassConfig {
        addr: "127.0.0.1:0".parse().unwrap(),
        dir: dir.to_owned(),
        trainees,
        clock: Clock::fixed(now),
        limits: ConnectionLimits::default(),
        tls: None,
    })
    .await
    .expect("the class starts")
}

fn seat_client(class: &RunningClass, n: usize) -> Client {
    let seat = &class.seats[n];
    client_for(&class.base_url, &seat.key, seat.portal)
}

/// 9:00 am Eastern on a Tuesday, and on the Friday after.
fn tuesday() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 12, 1, 14, 0, 0).unwrap()
}

async fn find(c: &Client, who: (&str, &str)) -> SearchIndividual {
    let found = c
        .search(&SearchQuery {
            first_name: Some(who.0.into()),
            last_name: Some(who.1.into()),
            ..Default::default()
        })
        .await
        .unwrap();
    found
        .cases
        .iter()
        .map(|c| c.primary.clone())
        .find(|p| p.first_name == who.0 && p.last_name == who.1)
        .unwrap_or_else(|| panic!("{} {} is in the scenario", who.0, who.1))
}

async fn type_id(c: &Client, list: TypeList, master: Option<i64>, name: Option<&str>) -> i64 {
    let types = c
        .types(&TypeQuery {
            master_id: master,
            ..TypeQuery::list(list)
        })
        .await
        .unwrap();
    types
        .iter()
        .find(|t| name.is_none_or(|n| t.name == n))
        .map(|t| t.id)
        .expect("the type is in the portal's lists")
}

fn eastern(day: DateTime<Utc>, days: i64, hour: u32) -> Timestamp {
    let zone = FixedOffset::west_opt(5 * 3600).unwrap();
    let date = (day.with_timezone(&zone) + Duration::days(days)).date_naive();
    zone.from_local_datetime(&date.and_hms_opt(hour, 0, 0).unwrap())
        .unwrap()
}

/// An activity for `who`, completed with a result when `result` is given.
async fn log(
    c: &Client,
    who: &SearchIndividual,
    kind: ActivityTypeMaster,
    start: Timestamp,
    result: Option<i64>,
    text: &str,
) {
    let mut a = NewActivity::new(
        type_id(c, TypeList::ACTIVITY_TYPE, Some(kind.code()), None).await,
        start,
    );
    a.individual_id = Some(who.individual_id);
    a.end = Some(start + Duration::hours(1));
    a.description = Some(text.into());
    if let Some(result) = result {
        a.activity_status_master_id = Some(ActivityStatusMaster::Completed.code());
        a.date_completed = Some(start);
        a.activity_result_id = (result > 0).then_some(result);
    }
    c.create_activities(vec![a])
        .await
        .expect("the activity is written");
}

async fn new_person(
    c: &Client,
    who: (&str, &str),
    kind: IndividualType,
    phone: bool,
    case: Option<&str>,
) -> i64 {
    let mut person = NewIndividual::new(kind, who.0, who.1);
    if phone {
        person.set("homephone", "(614) 555-0142");
    }
    if let Some(case) = case {
        person.set("casenumber", case);
        person.relationship = Some("Daughter".into());
    }
    c.create_individuals(vec![person])
        .await
        .unwrap()
        .individuals[0]
        .individual_id
}

async fn rsvp(c: &Client, ids: &[i64]) {
    let campaigns = c.campaigns(&CampaignQuery::default()).await.unwrap();
    let open_house = campaigns
        .iter()
        .find(|x| x.name == exam::OPEN_HOUSE)
        .unwrap()
        .id;
    c.add_campaign_individuals(&CampaignIndividualAdd {
        campaign_id: open_house,
        individuals: ids
            .iter()
            .map(|&individual_id| CampaignMember {
                individual_id,
                campaign_status_id: CampaignStatus::Rsvp,
            })
            .collect(),
    })
    .await
    .unwrap();
}

/// Marks Evelyn Hart's TB test with the result named `result`, and `note`.
async fn tick_tb(c: &Client, result: &str, note: Option<&str>) {
    let evelyn = find(c, exam::EVELYN).await;
    let case: i64 = evelyn.case_number.parse().unwrap();
    let community = evelyn.communities[0].id;
    let checklist = c.admission_requirements(case, community).await.unwrap();
    let tb = checklist
        .iter()
        .find(|r| r.requirement_name == "TB test")
        .unwrap();
    assert!(!tb.is_met, "the scenario leaves it open");
    let result = type_id(c, TypeList::ACTIVITY_RESULT, None, Some(result)).await;
    c.update_admission(&AdmissionUpdate {
        admission_met_id: Some(tb.admission_met_id),
        case_id: Some(case),
        activity_result_id: Some(result),
        is_met: Some(true),
        note: note.map(str::to_owned),
        activity_id: None,
    })
    .await
    .expect("the checklist is updated");
}

/// Every task as the sheet asks.
async fn right_answers(c: &Client, now: DateTime<Utc>) {
    let result = type_id(c, TypeList::ACTIVITY_RESULT, None, None).await;
    let harold = find(c, exam::HAROLD).await;
    log(
        c,
        &harold,
        ActivityTypeMaster::CallOut,
        eastern(now, 0, 9),
        Some(result),
        "Called back",
    )
    .await;
    log(
        c,
        &harold,
        ActivityTypeMaster::CallOut,
        eastern(now, 2, 11),
        None,
        "Call about the tour",
    )
    .await;
    let margaret = find(c, exam::MARGARET).await;
    log(
        c,
        &margaret,
        ActivityTypeMaster::CallOut,
        eastern(now, 0, 9),
        Some(result),
        "Pricing sent",
    )
    .await;
    let walter = find(c, exam::WALTER).await;
    log(
        c,
        &walter,
        ActivityTypeMaster::Tour,
        eastern(now, 1, 13),
        None,
        "First tour",
    )
    .await;
    let rosa = find(c, exam::ROSA).await;
    new_person(
        c,
        exam::LUCIA,
        IndividualType::Contact,
        false,
        Some(&rosa.case_number),
    )
    .await;
    let edna = find(c, exam::EDNA).await;
    let lost = LostLead {
        reason: "Chose another community".into(),
        destination: None,
    };
    log(
        c,
        &edna,
        ActivityTypeMaster::ToDo,
        eastern(now, 0, 9),
        Some(0),
        &lost.description(),
    )
    .await;
    new_person(c, exam::JEAN, IndividualType::Prospect, true, None).await;
    rsvp(c, &[rosa.individual_id, walter.individual_id]).await;
    tick_tb(c, "Received", Some("Negative, read by Dr Patel")).await;
}

/// Half the tasks done wrong, the rest not at all.
async fn wrong_answers(c: &Client, now: DateTime<Utc>) {
    let margaret = find(c, exam::MARGARET).await;
    log(
        c,
        &margaret,
        ActivityTypeMaster::CallOut,
        eastern(now, 0, 9),
        Some(0),
        "Called",
    )
    .await;
    // Tomorrow at 10: Rosa Alvarez's tour with the same agent.
    let walter = find(c, exam::WALTER).await;
    log(
        c,
        &walter,
        ActivityTypeMaster::Tour,
        eastern(now, 1, 10),
        None,
        "First tour",
    )
    .await;
    new_person(c, exam::LUCIA, IndividualType::Prospect, true, None).await;
    new_person(c, exam::JEAN, IndividualType::Prospect, false, None).await;
    rsvp(c, &[walter.individual_id]).await;
    tick_tb(c, "Pending", Some("result due Monday")).await;
}

fn marks_of(
    grades: &[leasedesk::service::training::TraineeGrade],
    trainee: usize,
) -> Vec<(Task, Mark)> {
    grades
        .iter()
        .find(|g| g.trainee == trainee)
        .unwrap()
        .marks
        .clone()
}

#[tokio::test]
async fn a_class_is_isolated_graded_from_what_each_trainee_wrote_and_reset_to_the_same_morning() {
    let dir = tempfile::tempdir().unwrap();
    let class = start(dir.path(), 2, tuesday()).await;
    assert_eq!(class.seats.len(), 3, "the trainer's seat and two trainees'");
    let health = crate::support::raw()
        .get(format!("{}/health", class.base_url))
        .send()
        .await
        .unwrap();
    assert_eq!(health.text().await.unwrap(), "ok");
    let (one, two) = (seat_client(&class, 1), seat_client(&class, 2));
    let trainer = seat_client(&class, 0);

    // Isolated: a trainee's key opens only its own portal.
    let elsewhere = client_for(&class.base_url, &class.seats[1].key, class.seats[2].portal);
    let refused = elsewhere.search(&SearchQuery::default()).await.unwrap_err();
    assert!(
        matches!(
            refused,
            ApiError::Unauthorized { .. } | ApiError::Forbidden { .. }
        ),
        "{refused:?}"
    );
    assert!(
        matches!(
            one.training_reset(None).await.unwrap_err(),
            ApiError::Forbidden { .. }
        ),
        "a trainee cannot reset the class"
    );
    assert_eq!(
        class.portal_hash(class.seats[2].portal).await.unwrap(),
        class.scenario_hash
    );

    // Each trainee signs in with the sheet's login (the token operation carries no portal:
    // the key says whose it is).
    for n in [1, 2] {
        let seat = &class.seats[n];
        let c = seat_client(&class, n);
        c.token(&seat.login, &leasedesk::api::Secret::new(&seat.password))
            .await
            .expect("the trainee signs in");
        assert!(c.search(&SearchQuery::default()).await.is_ok());
    }
    let wrong = one
        .token(
            &class.seats[2].login,
            &leasedesk::api::Secret::new(&class.seats[2].password),
        )
        .await;
    assert!(
        wrong.is_err(),
        "another seat's login does not open this portal"
    );
    right_answers(&one, tuesday()).await;
    wrong_answers(&two, tuesday()).await;
    let jean_in = |c: Client| async move {
        c.search(&SearchQuery {
            last_name: Some(exam::JEAN.1.into()),
            ..Default::default()
        })
        .await
        .map(|r| {
            r.cases
                .iter()
                .filter(|c| c.primary.first_name == exam::JEAN.0)
                .count()
        })
        .unwrap_or(0)
    };
    assert_eq!(jean_in(one.clone()).await, 1, "trainee 1 entered Jean once");
    assert_eq!(
        jean_in(two.clone()).await,
        1,
        "trainee 2's Jean is trainee 2's own"
    );

    let grades = grade_class(&trainer).await.unwrap();
    assert_eq!(grades.len(), 2, "the trainer's portal is not graded");
    for (task, mark) in marks_of(&grades, 1) {
        assert_eq!(mark, Mark::Done, "{}", task.words());
    }
    let second = marks_of(&grades, 2);
    let mark = |task: Task| second.iter().find(|(t, _)| *t == task).unwrap().1.clone();
    assert_eq!(mark(Task::HaroldCall), Mark::NotDone);
    assert_eq!(mark(Task::HaroldNextStep), Mark::NotDone);
    assert_eq!(mark(Task::EdnaLost), Mark::NotDone);
    assert_eq!(
        mark(Task::MargaretCall).words(),
        "wrong: the call was logged without its result"
    );
    assert_eq!(
        mark(Task::WalterTour).words(),
        "wrong: the tour clashes with Rosa Alvarez's at 10:00 am"
    );
    assert_eq!(
        mark(Task::LuciaAdded).words(),
        "wrong: Lucia was entered as a case of her own, not in her mother's"
    );
    assert_eq!(
        mark(Task::JeanEntered).words(),
        "wrong: entered without a phone number"
    );
    assert_eq!(mark(Task::OpenHouse).words(), "wrong: one family of two");
    assert_eq!(
        mark(Task::TbTest).words(),
        "wrong: saved as \"Pending\", which means not yet"
    );

    // A reset of trainee 2 brings back the scenario exactly, and leaves trainee 1's work.
    assert_ne!(
        class.portal_hash(class.seats[2].portal).await.unwrap(),
        class.scenario_hash
    );
    let report = trainer.training_reset(Some(2)).await.unwrap();
    assert_eq!(report.portals, vec![class.seats[2].portal]);
    assert_eq!(report.scenario_hash, class.scenario_hash);
    assert_eq!(
        class.portal_hash(class.seats[2].portal).await.unwrap(),
        class.scenario_hash
    );
    let again = grade_class(&trainer).await.unwrap();
    assert!(marks_of(&again, 2).iter().all(|(_, m)| *m == Mark::NotDone));
    assert!(marks_of(&again, 1).iter().all(|(_, m)| *m == Mark::Done));
    // A trainee's session after the reset: the same key works on the new copy.
    assert_eq!(jean_in(two).await, 0);
}

#[tokio::test]
async fn two_classes_on_different_days_see_the_same_story_at_the_same_clock_times() {
    let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let friday = tuesday() + Duration::days(3);
    let first = start(a.path(), 1, tuesday()).await;
    let second = start(b.path(), 1, friday).await;
    assert_eq!(first.scenario_hash, second.scenario_hash);
    for class in [&first, &second] {
        assert_eq!(
            class.portal_hash(class.seats[1].portal).await.unwrap(),
            class.scenario_hash
        );
    }
    let tour = |class: &RunningClass| {
        let c = seat_client(class, 1);
        async move {
            let rosa = find(&c, exam::ROSA).await;
            let list = c
                .activities(&ActivityQuery {
                    individual_id: Some(rosa.individual_id),
                    ..Default::default()
                })
                .await
                .unwrap();
            list.iter()
                .find(|a| a.activity_type.as_deref() == Some("Tour"))
                .unwrap()
                .due_date
        }
    };
    let (on_tuesday, on_friday) = (tour(&first).await, tour(&second).await);
    assert_eq!(
        on_tuesday,
        eastern(tuesday(), 1, 10),
        "Mrs Alvarez tours tomorrow at 10"
    );
    assert_eq!(on_friday, eastern(friday, 1, 10));
    // In summer too: 10 am daylight time is 14:00 UTC.
    let c = tempfile::tempdir().unwrap();
    let july = start(
        c.path(),
        1,
        Utc.with_ymd_and_hms(2026, 7, 14, 13, 0, 0).unwrap(),
    )
    .await;
    assert_eq!(
        july.portal_hash(july.seats[1].portal).await.unwrap(),
        july.scenario_hash
    );
    assert_eq!(
        tour(&july).await.with_timezone(&Utc),
        Utc.with_ymd_and_hms(2026, 7, 15, 14, 0, 0).unwrap()
    );
}

#[tokio::test]
async fn a_restarted_class_keeps_its_sheet_and_each_trainees_work() {
    let dir = tempfile::tempdir().unwrap();
    let first = start(dir.path(), 1, tuesday()).await;
    let key = first.seats[1].key.clone();
    new_person(
        &seat_client(&first, 1),
        exam::JEAN,
        IndividualType::Prospect,
        true,
        None,
    )
    .await;
    drop(first);
    let again = start(dir.path(), 1, tuesday()).await;
    assert_eq!(again.seats[1].key, key, "the class sheet still holds");
    let found = seat_client(&again, 1)
        .search(&SearchQuery {
            last_name: Some(exam::JEAN.1.into()),
            ..Default::default()
        })
        .await
        .unwrap();
    let jeans = found
        .cases
        .iter()
        .filter(|c| c.primary.first_name == exam::JEAN.0)
        .count();
    assert_eq!(jeans, 1, "the trainee's work survived the restart");
}

#[tokio::test]
async fn a_class_served_over_tls_from_certificate_files() {
    let dir = tempfile::tempdir().unwrap();
    let certified = rcgen::generate_simple_self_signed(vec!["127.0.0.1".to_owned()]).unwrap();
    let (cert_file, key_file) = (dir.path().join("cert.pem"), dir.path().join("key.pem"));
    std::fs::write(&cert_file, pem("CERTIFICATE", certified.cert.der())).unwrap();
    std::fs::write(
        &key_file,
        pem("PRIVATE KEY", &certified.signing_key.serialize_der()),
    )
    .unwrap();
    // A key file that is not one is refused, saying which.
    let refused = leasedesk::sandbox::tls_from_files(&cert_file, &cert_file)
        .err()
        .unwrap();
    assert!(refused.contains("is not a PEM private key"), "{refused}");
    let tls = leasedesk::sandbox::tls_from_files(&cert_file, &key_file).unwrap();
    let class = class::start(ClassConfig {
        addr: "127.0.0.1:0".parse().unwrap(),
        dir: dir.path().join("class"),
        trainees: 1,
        clock: Clock::fixed(tuesday()),
        limits: ConnectionLimits::default(),
        tls: Some(tls),
    })
    .await
    .unwrap();
    assert!(class.base_url.starts_with("https://"), "{}", class.base_url);
    let seat = &class.seats[1];
    let over_tls = Client::with_options(
        leasedesk::api::Connection {
            base_url: class.base_url.clone(),
            subscription_key: leasedesk::api::Secret::new(&seat.key),
            portal_id: seat.portal,
        },
        leasedesk::api::ClientOptions {
            extra_root_certificates: vec![certified.cert.der().to_vec()],
            ..Default::default()
        },
    )
    .unwrap();
    assert!(find(&over_tls, exam::ROSA).await.individual_id > 0);
    // Plain http to the same port is not served.
    let plain = class.base_url.replace("https://", "http://");
    let answer = crate::support::raw()
        .get(format!("{plain}/health"))
        .send()
        .await;
    assert!(answer.is_err() || !answer.unwrap().status().is_success());
}

/// DER as PEM (base64 in lines of 64 between the labels), as a certificate file holds it.
fn pem(label: &str, der: &[u8]) -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut text = String::new();
    for chunk in der.chunks(3) {
        let n = chunk.iter().fold(0u32, |n, &b| (n << 8) | u32::from(b)) << (8 * (3 - chunk.len()));
        for i in 0..4 {
            if i <= chunk.len() {
                text.push(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize] as char);
            } else {
                text.push('=');
            }
        }
    }
    let lines: Vec<&str> = text
        .as_bytes()
        .chunks(64)
        .map(|c| std::str::from_utf8(c).unwrap())
        .collect();
    format!(
        "-----BEGIN {label}-----\n{}\n-----END {label}-----\n",
        lines.join("\n")
    )
}

#[tokio::test]
async fn thirty_trainees_at_once_are_all_answered() {
    let dir = tempfile::tempdir().unwrap();
    let class = start(dir.path(), 30, tuesday()).await;
    let tasks: Vec<_> = (1..=30)
        .map(|n| {
            let c = seat_client(&class, n);
            tokio::spawn(async move {
                for _ in 0..3 {
                    let harold = find(&c, exam::HAROLD).await;
                    c.activities(&ActivityQuery {
                        individual_id: Some(harold.individual_id),
                        ..Default::default()
                    })
                    .await?;
                    new_person(&c, exam::JEAN, IndividualType::Prospect, true, None).await;
                }
                Ok::<_, ApiError>(())
            })
        })
        .collect();
    for task in tasks {
        task.await
            .unwrap()
            .expect("every trainee's request is answered");
    }
    // The service merges a person entered again with the same phone: each portal holds one
    // Jean Baptiste, its own (not thirty, not ninety).
    let grades = grade_class(&seat_client(&class, 0)).await.unwrap();
    assert_eq!(grades.len(), 30);
    for g in &grades {
        let jean = g
            .marks
            .iter()
            .find(|(t, _)| *t == Task::JeanEntered)
            .unwrap();
        assert_eq!(jean.1, Mark::Done, "trainee {}", g.trainee);
    }
}

#[tokio::test]
async fn the_trainer_resets_and_grades_from_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let home = tempfile::tempdir().unwrap();
    let class = start(dir.path(), 2, tuesday()).await;
    right_answers(&seat_client(&class, 1), tuesday()).await;
    let trainer = class.seats[0].key.clone();
    // `leasedesk --base-url … --portal <trainer's> WORDS` with `key`, off the runtime.
    let run = |key: &str, words: String| {
        let (home, key) = (home.path().to_owned(), key.to_owned());
        let mut args = vec!["--base-url".to_owned(), class.base_url.clone()];
        args.extend(["--portal".to_owned(), class.seats[0].portal.to_string()]);
        args.extend(words.split_whitespace().map(str::to_owned));
        tokio::task::spawn_blocking(move || {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            crate::process::leasedesk_in(&home, Some(&key), &args)
        })
    };
    let (csv, pdf) = (home.path().join("class.csv"), home.path().join("class.pdf"));
    for out in [&csv, &pdf] {
        let graded = run(&trainer, format!("training grade --out {}", out.display()))
            .await
            .unwrap();
        assert!(
            graded.status.success(),
            "{}",
            String::from_utf8_lossy(&graded.stderr)
        );
    }
    let table = std::fs::read_to_string(&csv).unwrap();
    let lines: Vec<&str> = table.lines().collect();
    assert_eq!(lines.len(), 3, "a header and a row per trainee");
    assert!(
        lines[1].starts_with("1,5001,\"trainee01@class.example\",9 of 9"),
        "{}",
        lines[1]
    );
    assert!(
        lines[2].starts_with("2,5002,\"trainee02@class.example\",0 of 9"),
        "{}",
        lines[2]
    );
    // Graded on a Spanish system: the exam's pages in Spanish, read back as text.
    let spanish_pdf = home.path().join("clase.pdf");
    let (in_home, key) = (home.path().to_owned(), trainer.clone());
    let mut args = vec!["--base-url".to_owned(), class.base_url.clone()];
    args.extend(["--portal".to_owned(), class.seats[0].portal.to_string()]);
    args.extend(["training", "grade", "--out"].map(str::to_owned));
    args.push(spanish_pdf.display().to_string());
    let graded = tokio::task::spawn_blocking(move || {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        crate::process::leasedesk_speaking(&in_home, Some(&key), &args, "es_US.UTF-8")
    })
    .await
    .unwrap();
    assert!(
        String::from_utf8_lossy(&graded.stdout).starts_with("Se calificaron 2 alumnos (9 de 18"),
        "{graded:?}"
    );
    let read = std::process::Command::new("pdftotext")
        .arg(&spanish_pdf)
        .arg("-")
        .output()
        .expect("pdftotext (poppler-utils) is installed");
    let words = String::from_utf8_lossy(&read.stdout);
    for said in [
        "Clase de capacitación: el examen",
        "Alumno 02",
        "9 de 9",
        "no hecha",
    ] {
        assert!(words.contains(said), "{said} in: {words}");
    }
    assert!(
        words.contains("Añadir a Lucia Alvarez al caso de su madre Rosa"),
        "{words}"
    );
    assert!(
        !words.contains("not done") && !words.contains("Trainee"),
        "{words}"
    );

    let text = String::from_utf8_lossy(&std::fs::read(&pdf).unwrap()).into_owned();
    let mark = format!("({})", leasedesk::report::pdf::TRAINING_MARK);
    assert!(
        text.contains(&mark),
        "a training key's documents are marked"
    );

    let bad = run(&trainer, "training grade --out class.txt".into())
        .await
        .unwrap();
    assert_eq!(bad.status.code(), Some(2), "bad usage");
    let refused = run(&class.seats[1].key, "training reset".into())
        .await
        .unwrap();
    assert_eq!(refused.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("Only the trainer's key"));

    let reset = run(&trainer, "training reset --trainee 1".into())
        .await
        .unwrap();
    assert!(
        reset.status.success(),
        "{}",
        String::from_utf8_lossy(&reset.stderr)
    );
    let said = String::from_utf8_lossy(&reset.stdout).into_owned();
    assert!(
        said.starts_with("Reset trainee 1's portal to the scenario"),
        "{said}"
    );
    assert_eq!(
        class.portal_hash(class.seats[1].portal).await.unwrap(),
        class.scenario_hash
    );
}
