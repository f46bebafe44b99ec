//! The headless weekly report (`leasedesk report weekly`) against a sandbox of its own: its
//! figures against ones worked out here from the raw reads, the PDF's pages, and bad usage.

use std::collections::HashSet;
use std::path::Path;
use std::process::{Command, Output};
use std::sync::Arc;

use chrono::{Days, NaiveDate};
use leasedesk::api::model::{
    ActivityFilter, HousingContractQuery, IndividualType, SearchQuery, UnitQuery,
};
use leasedesk::service::activities::{Loading, load_all};

use crate::support::{client_for, reference, start_local};

/// Runs the binary with the subscription key in the environment (never on the command line).
pub(crate) fn leasedesk(key: Option<&str>, args: &[&str]) -> Output {
    let home = tempfile::tempdir().unwrap();
    let mut command = Command::new(env!("CARGO_BIN_EXE_leasedesk"));
    command
        .args(args)
        .env("HOME", home.path())
        .env("XDG_DATA_HOME", home.path().join("data"))
        .env("XDG_CONFIG_HOME", home.path().join("config"))
        // The documents follow the system's language: these runs are in US English unless
        // they ask (`--language`).
        .env("LANG", "en_US.UTF-8")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LEASEDESK_SUBSCRIPTION_KEY");
    if let Some(key) = key {
        command.env("LEASEDESK_SUBSCRIPTION_KEY", key);
    }
    command.output().expect("the binary runs")
}

pub(crate) async fn run(key: Option<String>, args: Vec<String>) -> Output {
    tokio::task::spawn_blocking(move || {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        leasedesk(key.as_deref(), &args)
    })
    .await
    .unwrap()
}

/// The moment the report's board is worked out as of: the end of its last day, or when it
/// was made if sooner.
fn report_now(report: &serde_json::Value) -> chrono::DateTime<chrono::Utc> {
    let generated: chrono::DateTime<chrono::Utc> =
        report["generated_at"].as_str().unwrap().parse().unwrap();
    let last: NaiveDate = report["week"]["to"].as_str().unwrap().parse().unwrap();
    let end = (last + Days::new(1))
        .and_hms_opt(0, 0, 0)
        .unwrap()
        .and_local_timezone(chrono_tz::America::New_York)
        .unwrap()
        .with_timezone(&chrono::Utc);
    end.min(generated)
}

fn occupied_beds_on(
    contracts: &[leasedesk::api::model::HousingContract],
    units: &HashSet<i64>,
    day: NaiveDate,
) -> usize {
    contracts
        .iter()
        .filter(|c| c.active_lease && units.contains(&c.unit_id))
        .filter(|c| c.move_in_date.date_naive() <= day)
        .filter(|c| c.move_out_date.is_none_or(|out| out.date_naive() > day))
        .count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_weekly_report_agrees_with_the_raw_reads() {
    let sandbox = start_local().await;
    let as_of = reference().date_naive();
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("week.json");
    let output = run(
        Some(sandbox.key.clone()),
        vec![
            "--base-url".into(),
            sandbox.base_url.clone(),
            "--portal".into(),
            sandbox.portal_id.to_string(),
            "report".into(),
            "weekly".into(),
            "--format".into(),
            "json".into(),
            "--as-of".into(),
            as_of.to_string(),
            "--out".into(),
            out.display().to_string(),
        ],
    )
    .await;
    assert!(output.status.success(), "{output:?}");
    assert_eq!(
        String::from_utf8_lossy(&output.stderr).trim(),
        format!("Wrote the weekly report as of {as_of} to {}", out.display()),
        "what it did is said on stderr"
    );
    let report: serde_json::Value = serde_json::from_slice(&std::fs::read(&out).unwrap()).unwrap();

    let client = client_for(&sandbox.base_url, &sandbox.key, sandbox.portal_id);
    let units = client.units(&UnitQuery::default()).await.unwrap();
    let contracts = client
        .housing_contracts(&HousingContractQuery::default())
        .await
        .unwrap();
    let unit_ids: HashSet<i64> = units.iter().map(|u| u.id).collect();
    let beds = |offset: u64| occupied_beds_on(&contracts, &unit_ids, as_of + Days::new(offset));
    let total = &report["forecast_total"];
    assert_eq!(total["today"], beds(0));
    assert_eq!(total["day_30"], beds(30));
    assert_eq!(total["day_90"], beds(90));
    assert_eq!(
        report["occupancy_total"]["beds"],
        units.iter().map(|u| u.capacity).sum::<i64>()
    );

    let pending: HashSet<String> = contracts
        .iter()
        .filter(|c| c.active_lease)
        .filter(|c| {
            let day = c.move_in_date.date_naive();
            day >= as_of && day < as_of + Days::new(90)
        })
        .map(|c| c.case_number.clone())
        .collect();
    let listed: HashSet<String> = report["pending_move_ins"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["case_number"].as_str().unwrap().to_owned())
        .collect();
    assert!(!pending.is_empty(), "the seed plans move-ins ahead");
    assert_eq!(listed, pending);

    // The funnel: cases whose first stage falls in the 90 days ending on the day.
    let activities = load_all(
        client.clone(),
        ActivityFilter::AllUsers,
        Arc::new(Loading::default()),
    )
    .await
    .unwrap();
    let cohort = crate::funnel_by_hand::furthest_in_cohort(&activities, &contracts, as_of, 90);
    for stage in 0..4 {
        let reached = cohort.values().filter(|&&f| f >= stage).count();
        assert_eq!(
            report["funnel"]["reached"][stage], reached,
            "stage {stage} of the funnel"
        );
    }
    assert!(report["funnel"]["reached"][1].as_u64().unwrap() > 0);

    // Referral sources: the same cohort, split by source; the agency's move-ins owe a month.
    let sources = report["sources"].as_array().unwrap();
    let sum = |field: &str| -> u64 { sources.iter().map(|s| s[field].as_u64().unwrap()).sum() };
    assert_eq!(sum("inquiries"), cohort.len() as u64);
    assert_eq!(
        sum("move_ins"),
        cohort.values().filter(|&&f| f == 3).count() as u64
    );
    for line in sources {
        if line["source"] == "Placement agency" {
            assert_eq!(line["fee"], "100% of the first month");
        } else {
            assert!(line["fees_owed"].is_null(), "{line}");
        }
    }

    // The team board: each agent's active leads, and the week's inquiries, counted by hand.
    let lost = crate::lost_by_hand::lost_cases(&activities, report_now(&report));
    let now = report_now(&report);
    // Per agent: active leads, the week's inquiries, and those inquiries' business minutes to
    // the first contact.
    let mut by_hand: std::collections::BTreeMap<String, (u64, u64, Vec<i64>)> = Default::default();
    let week_from = report["week"]["from"].as_str().unwrap().to_owned();
    let week_to = report["week"]["to"].as_str().unwrap().to_owned();
    for kind in [IndividualType::Prospect, IndividualType::PreLead] {
        let answer = client
            .search(&SearchQuery {
                individual_type_id: Some(kind),
                page_size: Some(4000),
                ..Default::default()
            })
            .await
            .unwrap();
        for case in answer.cases.iter() {
            let p = &case.primary;
            if ["Lost", "Inactive", "Moved In"].contains(&p.individual_status_name.as_str())
                || lost.contains(&p.case_number)
            {
                continue;
            }
            let row = by_hand.entry(p.assigned_user.clone()).or_default();
            row.0 += 1;
            let day = p
                .date_created
                .with_timezone(&chrono_tz::America::New_York)
                .date_naive()
                .to_string();
            if day >= week_from && day <= week_to {
                row.1 += 1;
                let created = p.date_created.with_timezone(&chrono::Utc);
                if let Some(first) =
                    crate::speed_by_hand::first_contact(&activities, &p.case_number, now)
                {
                    row.2
                        .push(crate::speed_by_hand::business_minutes(created, first));
                }
            }
        }
    }
    let board = report["team_board_by_agent"].as_array().unwrap();
    assert_eq!(board.len(), by_hand.len());
    assert!(
        by_hand.values().any(|(_, _, times)| !times.is_empty()),
        "the week has inquiries already reached"
    );
    for row in board {
        let agent = row["name"].as_str().unwrap();
        let (active, inquiries, times) = &by_hand[agent];
        assert_eq!(row["active"], *active, "{agent}'s active leads");
        assert_eq!(
            row["inquiries"], *inquiries,
            "{agent}'s inquiries this week"
        );
        let mut times = times.clone();
        times.sort_unstable();
        // The middle of the week's inquiries, those never reached still waiting.
        let median = (*inquiries > 0)
            .then(|| times.get((*inquiries as usize - 1) / 2).copied())
            .flatten();
        assert_eq!(
            row["median_response_minutes"].as_i64(),
            median,
            "{agent}'s median first contact this week"
        );
        assert!(
            row["leads"].as_array().unwrap().is_empty(),
            "no names in the report"
        );
        assert_eq!(row["trend"].as_array().unwrap().len(), 8);
    }

    // Beside the industry: the portal's row, counted by hand from the same reads.
    let year = crate::funnel_by_hand::furthest_in_cohort(&activities, &contracts, as_of, 365);
    let reached = |k: usize| year.values().filter(|&&f| f >= k).count() as f64;
    let portal = &report["benchmark_rows"][0];
    assert_eq!(portal["key"], "All communities");
    let close = |measure: &str, by_hand: f64| {
        let shown = portal["figures"][measure].as_f64();
        assert!(
            shown.is_some_and(|v| (v - by_hand).abs() < 1e-9),
            "{measure}: {shown:?} in the report, {by_hand} by hand"
        );
    };
    assert!(
        reached(1) > 0.0 && reached(3) > 0.0,
        "the year has tours and move-ins"
    );
    close("inquiry_to_tour", reached(1) / reached(0));
    close("tour_to_move_in", reached(3) / reached(1));
    close("inquiry_to_move_in", reached(3) / reached(0));
    let lived_in = units
        .iter()
        .filter(|u| {
            contracts.iter().any(|c| {
                c.active_lease
                    && c.unit_id == u.id
                    && c.move_in_date.date_naive() <= as_of
                    && c.move_out_date.is_none_or(|out| out.date_naive() > as_of)
            })
        })
        .count();
    close("occupancy", lived_in as f64 / units.len() as f64);
    let in_last = |day: NaiveDate, days: u64| as_of - Days::new(days) < day && day <= as_of;
    let ins = contracts
        .iter()
        .filter(|c| in_last(c.move_in_date.date_naive(), 90))
        .count();
    let outs = contracts
        .iter()
        .filter(|c| c.move_out_date.is_some_and(|d| in_last(d.date_naive(), 90)))
        .count();
    if outs > 0 {
        close("move_ins_per_move_out_90", ins as f64 / outs as f64);
    }
    assert_eq!(report["benchmarks"].as_array().unwrap().len(), 8);
}

/// A PDF's words as `pdftotext` reads them, one space between each.
fn words_of(pdf: &std::path::Path) -> String {
    let read = std::process::Command::new("pdftotext")
        .args([pdf.as_os_str(), std::ffi::OsStr::new("-")])
        .output()
        .expect("pdftotext (poppler-utils) is installed");
    String::from_utf8_lossy(&read.stdout)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_weekly_report_is_written_in_spanish_when_asked_and_read_back() {
    let sandbox = start_local().await;
    let dir = tempfile::tempdir().unwrap();
    let pdf = dir.path().join("semana.pdf");
    let mut args = vec![
        "--base-url".to_owned(),
        sandbox.base_url.clone(),
        "--portal".to_owned(),
        sandbox.portal_id.to_string(),
    ];
    for arg in [
        "report",
        "weekly",
        "--as-of",
        "2026-11-21",
        "--language",
        "es-US",
    ] {
        args.push(arg.to_owned());
    }
    args.extend(["--out".to_owned(), pdf.display().to_string()]);
    let output = run(Some(sandbox.key.clone()), args).await;
    assert!(output.status.success(), "{output:?}");
    // What it says it did is in the document's language too.
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(
        said.starts_with("Se escribió el informe semanal al 2026-11-21 en "),
        "{said}"
    );
    let bytes = std::fs::read(&pdf).unwrap();
    assert!(
        String::from_utf8_lossy(&bytes).contains("/Lang (es-US)"),
        "a screen reader speaks it as Spanish"
    );
    let said = words_of(&pdf);
    for words in [
        "Informe semanal · Portal 4200",
        "Al 21 nov 2026. Movimientos: del 15 nov 2026 al 21 nov 2026.",
        "La semana en resumen",
        "Ocupación ahora:",
        "Ocupación hoy",
        "Previsión de ocupación: camas ocupadas, próximos 90 días",
        "Embudo de ventas",
        "Tablero del equipo esta semana, por agente",
        "Cola de admisiones (próximos 30 días)",
        "Comunidad",
        "Junto al sector",
        "De consulta a visita",
        "Todas las comunidades",
        "Todos los grupos de cuidado",
        "Página 1 de",
    ] {
        assert!(said.contains(words), "{words:?} in {said}");
    }
    // A referral partner's pack too, by the same flag.
    let packs = dir.path().join("paquetes");
    std::fs::create_dir(&packs).unwrap();
    let mut args: Vec<String> = [
        "--base-url",
        &sandbox.base_url,
        "--portal",
        &sandbox.portal_id.to_string(),
    ]
    .map(str::to_owned)
    .to_vec();
    for arg in [
        "report",
        "partners",
        "--as-of",
        "2026-11-21",
        "--language",
        "es-US",
    ] {
        args.push(arg.to_owned());
    }
    args.extend(["--out".to_owned(), packs.display().to_string()]);
    let output = run(Some(sandbox.key.clone()), args).await;
    assert!(output.status.success(), "{output:?}");
    let pack = std::fs::read_dir(&packs)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|e| e == "pdf"))
        .expect("a pack");
    let pack_words = words_of(&pack);
    for words in [
        "Paquete de ",
        "disponibilidad y sus familias",
        "Libre ahora y en los próximos 60 días",
        "Las familias que nos refirió",
    ] {
        assert!(pack_words.contains(words), "{words:?} in {pack_words}");
    }
    assert!(!pack_words.contains("Free now"), "{pack_words}");
    for english in [
        "Weekly report",
        "This week in brief",
        "Occupancy today",
        "Sales funnel",
        "Admissions queue",
        "Page 1 of",
        "Community",
        "All communities",
        "Inquiry to tour",
        "Nov 21, 2026",
    ] {
        assert!(
            !said.contains(english),
            "{english:?} left in English: {said}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pdf_has_its_pages_and_bad_usage_writes_nothing() {
    let sandbox = start_local().await;
    let dir = tempfile::tempdir().unwrap();
    let pdf = dir.path().join("week.pdf");
    let portal = |extra: &[&str]| -> Vec<String> {
        let mut args: Vec<String> = vec![
            "--base-url".into(),
            sandbox.base_url.clone(),
            "--portal".into(),
            sandbox.portal_id.to_string(),
            "report".into(),
            "weekly".into(),
        ];
        args.extend(extra.iter().map(|s| s.to_string()));
        args
    };
    let out = pdf.display().to_string();
    let output = run(
        Some(sandbox.key.clone()),
        portal(&["--as-of", "2026-11-21", "--paper", "a4", "--out", &out]),
    )
    .await;
    assert!(output.status.success(), "{output:?}");
    let bytes = std::fs::read(&pdf).unwrap();
    assert!(bytes.starts_with(b"%PDF-"));
    let text = String::from_utf8_lossy(&bytes);
    let pages = text.lines().filter(|l| l.trim() == "/Type /Page").count();
    assert!(
        pages >= 2,
        "a weekly report of the demo portal runs over pages: {pages}"
    );
    for page in 1..=pages {
        assert!(
            text.contains(&format!("Page {page} of {pages}")),
            "page {page}'s footer"
        );
    }
    for community in ["Maple Grove Senior Living", "Cedar Ridge Commons"] {
        assert!(text.contains(community), "{community} is in the PDF");
    }
    assert!(text.contains("/MediaBox [0 0 595 842]"), "A4 paper");

    // Tagged, so a screen reader reads it in order: the headings in the pages' order, each
    // table's headings once, the footers not read, the charts said in words.
    let poppler = |tool: &str, args: &[&str]| {
        let out = std::process::Command::new(tool)
            .args(args)
            .arg(&pdf)
            .args(if tool == "pdftotext" {
                &["-"][..]
            } else {
                &[][..]
            })
            .output()
            .expect("poppler-utils is installed");
        assert!(out.status.success(), "{out:?}");
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    assert!(poppler("pdfinfo", &[]).contains("Tagged:          yes"));
    let structure = poppler("pdfinfo", &["-struct-text"]);
    let shown = poppler("pdftotext", &[])
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let lines: Vec<&str> = structure.lines().map(str::trim).collect();
    assert_eq!(
        lines[..3],
        ["Document", "H1 (block)", "\"Weekly report · Portal 4200\""]
    );
    let headings: Vec<&str> = lines
        .windows(2)
        .filter(|w| w[0] == "H2 (block)")
        .map(|w| w[1].trim_matches('"'))
        .collect();
    assert!(headings.len() >= 15, "{headings:?}");
    let mut at = 0;
    for heading in &headings {
        let found = shown[at..].find(heading).map(|n| n + at);
        assert!(
            found.is_some(),
            "{heading} after {at} in the pages' order: {headings:?}"
        );
        at = found.unwrap();
    }
    let (mut tables, mut row, mut headings_again) = (0, 0, 0);
    for line in &lines {
        match *line {
            "Table (block)" => (tables, row) = (tables + 1, 0),
            "TR" => row += 1,
            "TH:" if row > 1 => headings_again += 1,
            _ => {}
        }
    }
    assert!(tables >= 12, "{tables} tables");
    assert_eq!(
        headings_again, 0,
        "a table's headings are read once, in its first row"
    );
    assert!(
        !structure.contains(&format!("Page 1 of {pages}")),
        "the footers are not read"
    );
    // The forecast chart says what the summary says of the forecast.
    let summary = lines
        .iter()
        .find(|l| l.starts_with("\"Forecast, occupied beds: "))
        .expect("the summary's forecast line");
    let figures: Vec<&str> = summary
        .split(|c: char| !c.is_ascii_digit() && c != ',')
        .filter(|w| w.chars().any(|c| c.is_ascii_digit()))
        .map(|w| w.trim_matches(','))
        .collect();
    let alt = text
        .split("/Alt (A line chart of occupied beds")
        .nth(1)
        .and_then(|rest| rest.split(".)").next())
        .expect("the forecast chart is said in words");
    assert!(
        alt.contains(&format!(
            "{} today, {} in 30 days, {} in 60 days, {} in 90 days",
            figures[0], figures[1], figures[3], figures[5]
        )),
        "{alt} says {summary}"
    );
    assert!(text.contains("/Alt (A bar chart of the sales funnel"));

    // Every dash in "Beside the industry" is said under the table: which measure, where, and
    // what there was none of (the same report as JSON says where the dashes are). Far ahead,
    // no move-out falls in the last 30 or 90 days.
    let later = tempfile::tempdir().unwrap();
    let (later_pdf, json) = (
        later.path().join("later.pdf"),
        later.path().join("later.json"),
    );
    for (file, format) in [(&later_pdf, "pdf"), (&json, "json")] {
        let file = file.display().to_string();
        let output = run(
            Some(sandbox.key.clone()),
            portal(&["--as-of", "2027-09-01", "--format", format, "--out", &file]),
        )
        .await;
        assert!(output.status.success(), "{output:?}");
    }
    let report: serde_json::Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    let said = words_of(&later_pdf);
    let mut dashes = 0;
    for b in report["benchmarks"].as_array().unwrap() {
        let measure = b["measure"].as_str().unwrap();
        let missing: Vec<&str> = report["benchmark_rows"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|r| r["figures"][measure].is_null())
            .map(|r| r["key"].as_str().unwrap())
            .collect();
        if !missing.is_empty() {
            dashes += 1;
            let line = format!(
                "{} — ({}): {}.",
                b["label"].as_str().unwrap(),
                missing.join(", "),
                leasedesk::domain::benchmarks::nothing_to_count(measure)
            );
            assert!(said.contains(&line), "{line} in {said}");
        }
    }
    assert!(
        dashes > 0,
        "the demo has a measure with nothing to count somewhere"
    );

    // Bad usage: exit code 2, one line on stderr, no file.
    let missing = dir.path().join("never.pdf");
    let never = missing.display().to_string();
    for (key, args) in [
        (
            Some(sandbox.key.clone()),
            portal(&["--as-of", "21/11/2026", "--out", &never]),
        ),
        (
            Some(sandbox.key.clone()),
            portal(&["--format", "xml", "--out", &never]),
        ),
        (None, portal(&["--out", &never])),
    ] {
        let output = run(key, args).await;
        assert_eq!(output.status.code(), Some(2), "{output:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
        assert!(stderr.starts_with("leasedesk: "), "{stderr}");
        assert!(!missing.exists());
    }
    // A wrong key is a failure to run (1), and leaves nothing either.
    let output = run(Some("wrong".into()), portal(&["--out", &never])).await;
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    assert!(!missing.exists());
    assert!(
        !Path::new(&format!("{never}.partial")).exists()
            && std::fs::read_dir(dir.path()).unwrap().count() == 1,
        "only the first report is in the folder"
    );
}
