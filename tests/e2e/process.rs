//! The `leasedesk` process itself: one instance per data folder, files its user's only, no
//! core dumps, and a saved profile's key read from the keyring by `report`.

use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::support::{client_for, reference, start_local};

/// `leasedesk ARGS` with a home of its own (`home`), the subscription key in the environment,
/// in US English.
pub(crate) fn leasedesk_in(home: &std::path::Path, key: Option<&str>, args: &[&str]) -> Output {
    leasedesk_speaking(home, key, args, "en_US.UTF-8")
}

/// [`leasedesk_in`] on a system whose language is `lang` (a `LANG` value).
pub(crate) fn leasedesk_speaking(
    home: &std::path::Path,
    key: Option<&str>,
    args: &[&str],
    lang: &str,
) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_leasedesk"));
    command
        .args(args)
        .env("LANG", lang)
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("HOME", home)
        .env("XDG_DATA_HOME", home.join("data"))
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("LEASEDESK_SUBSCRIPTION_KEY");
    if let Some(key) = key {
        command.env("LEASEDESK_SUBSCRIPTION_KEY", key);
    }
    command.output().expect("the binary runs")
}

/// `leasedesk ARGS` from an async test, on a Spanish system, with a home of its own and `key`.
pub(crate) async fn in_spanish(key: &str, args: Vec<String>) -> Output {
    let key = key.to_owned();
    tokio::task::spawn_blocking(move || {
        let home = tempfile::tempdir().unwrap();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        leasedesk_speaking(home.path(), Some(&key), &args, "es_US.UTF-8")
    })
    .await
    .unwrap()
}

#[test]
fn a_second_leasedesk_on_one_data_folder_says_so_and_exits() {
    let home = tempfile::tempdir().unwrap();
    let data = home.path().join("data").join("leasedesk");
    // The first LeaseDesk holds the folder (this test stands in for it).
    let first = leasedesk::instance::InstanceLock::acquire(&data).unwrap();
    let second = leasedesk_in(home.path(), None, &[]);
    assert_eq!(second.status.code(), Some(1), "{second:?}");
    let stderr = String::from_utf8_lossy(&second.stderr);
    assert!(stderr.contains("LeaseDesk is already open"), "{stderr}");
    drop(first);
    // Free again: it goes on to open its window (which fails here, with no display), so the
    // refusal above was the lock's and nothing else's.
    let alone = leasedesk_in(home.path(), None, &[]);
    let stderr = String::from_utf8_lossy(&alone.stderr);
    assert!(!stderr.contains("already open"), "{stderr}");
}

#[test]
fn the_refusal_speaks_the_systems_language_or_the_one_chosen_in_settings() {
    let home = tempfile::tempdir().unwrap();
    let data = home.path().join("data").join("leasedesk");
    let _first = leasedesk::instance::InstanceLock::acquire(&data).unwrap();
    let spanish = leasedesk_speaking(home.path(), None, &[], "es_US.UTF-8");
    assert_eq!(spanish.status.code(), Some(1), "{spanish:?}");
    let stderr = String::from_utf8_lossy(&spanish.stderr);
    assert!(
        stderr.contains("LeaseDesk ya está abierto en esta computadora"),
        "{stderr}"
    );
    // Settings' choice wins over the system's: English chosen on a Spanish system.
    let config = home.path().join("config").join("leasedesk");
    std::fs::create_dir_all(&config).unwrap();
    let prefs = leasedesk::ui::prefs::Prefs {
        language: Some(leasedesk_i18n::Language::English),
        ..Default::default()
    };
    prefs.save(&config.join("prefs.json")).unwrap();
    let chosen = leasedesk_speaking(home.path(), None, &[], "es_US.UTF-8");
    let stderr = String::from_utf8_lossy(&chosen.stderr);
    assert!(stderr.contains("LeaseDesk is already open"), "{stderr}");
}

#[test]
fn a_store_for_one_run_left_by_a_killed_run_is_deleted_at_the_next_start() {
    let home = tempfile::tempdir().unwrap();
    let offline = home.path().join("data").join("leasedesk").join("offline");
    std::fs::create_dir_all(&offline).unwrap();
    let left = ["sandbox-4200.session", "sandbox-4200.session-wal"];
    for name in left {
        std::fs::write(offline.join(name), "sealed rows of a run that was killed").unwrap();
    }
    std::fs::write(offline.join("Live-7.db"), "a kept copy").unwrap();
    // It goes on to open its window, which fails here with no display: the sweep came first.
    let _ = leasedesk_in(home.path(), None, &[]);
    for name in left {
        assert!(!offline.join(name).exists(), "{name} is left");
    }
    assert!(
        offline.join("Live-7.db").exists(),
        "a kept copy is not touched"
    );
}

#[test]
fn a_lock_that_cannot_be_taken_is_refused_not_ignored() {
    let home = tempfile::tempdir().unwrap();
    let data = home.path().join("data").join("leasedesk");
    // Something not a file where the lock goes: before, LeaseDesk ran on unlocked, and two
    // windows on one folder each sent what waits in the outbox.
    std::fs::create_dir_all(data.join(leasedesk::instance::LOCK_FILE)).unwrap();
    let run = leasedesk_in(home.path(), None, &[]);
    assert_eq!(run.status.code(), Some(1), "{run:?}");
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        stderr.contains("only one open on its data folder"),
        "{stderr}"
    );
    assert!(stderr.contains(leasedesk::instance::LOCK_FILE), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
}

#[cfg(unix)]
fn mode(path: &std::path::Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).unwrap().permissions().mode() & 0o777
}

#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn logs_and_data_folders_are_the_users_only_and_a_report_too_unless_asked() {
    let sandbox = start_local().await;
    let home = tempfile::tempdir().unwrap();
    let data = home.path().join("data").join("leasedesk");
    // A folder left by an earlier version, open to everyone.
    std::fs::create_dir_all(data.join("logs")).unwrap();
    let old_log = data.join("logs").join("leasedesk.2026-11-01.log");
    std::fs::write(&old_log, "old").unwrap();
    for path in [&data, &data.join("logs")] {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    std::fs::set_permissions(
        &old_log,
        std::os::unix::fs::PermissionsExt::from_mode(0o644),
    )
    .unwrap();
    let out = home.path().join("week.json");
    let shared = home.path().join("shared.json");
    let (base, portal) = (sandbox.base_url.clone(), sandbox.portal_id.to_string());
    let args = move |out: &std::path::Path, extra: &[&str]| -> Vec<String> {
        let mut args: Vec<String> = [
            "--base-url",
            &base,
            "--portal",
            &portal,
            "report",
            "weekly",
            "--format",
            "json",
            "--as-of",
            "2026-11-21",
            "--out",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        args.push(out.display().to_string());
        args.extend(extra.iter().map(|s| s.to_string()));
        args
    };
    let (home_path, key) = (home.path().to_path_buf(), sandbox.key.clone());
    let (first, second) = tokio::task::spawn_blocking(move || {
        let run = |args: Vec<String>| {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            leasedesk_in(&home_path, Some(&key), &args)
        };
        (run(args(&out, &[])), run(args(&shared, &["--keep-umask"])))
    })
    .await
    .unwrap();
    assert!(first.status.success(), "{first:?}");
    assert!(second.status.success(), "{second:?}");
    assert_eq!(mode(&data), 0o700, "the data folder");
    assert_eq!(mode(&data.join("logs")), 0o700, "the log folder");
    let logs: Vec<_> = std::fs::read_dir(data.join("logs"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    assert!(logs.len() >= 2, "today's log was written: {logs:?}");
    for log in &logs {
        assert_eq!(mode(log), 0o600, "{}", log.display());
    }
    assert_eq!(
        mode(&home.path().join("week.json")),
        0o600,
        "a report names residents"
    );
    // This test process's umask (022 on CI) applies when asked for.
    let umask = this_umask();
    assert_eq!(mode(&home.path().join("shared.json")), 0o666 & !umask);
}

/// This process's umask (read by setting it and putting it back).
#[cfg(unix)]
fn this_umask() -> u32 {
    let out = Command::new("sh").args(["-c", "umask"]).output().unwrap();
    u32::from_str_radix(String::from_utf8_lossy(&out.stdout).trim(), 8).unwrap()
}

#[cfg(target_os = "linux")]
#[test]
fn the_process_writes_no_core_dump() {
    let home = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_leasedesk"))
        .args(["sandbox", "--in-memory", "--addr", "127.0.0.1:0"])
        .env("HOME", home.path())
        .env("XDG_DATA_HOME", home.path().join("data"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let limits = format!("/proc/{}/limits", child.id());
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut seen = String::new();
    while Instant::now() < deadline {
        seen = std::fs::read_to_string(&limits).unwrap_or_default();
        let core = seen
            .lines()
            .find(|l| l.starts_with("Max core file size"))
            .unwrap_or_default()
            .split_whitespace()
            .skip(4)
            .take(2)
            .collect::<Vec<_>>();
        if core == ["0", "0"] {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = child.kill();
    let _ = child.wait();
    let core = seen
        .lines()
        .find(|l| l.starts_with("Max core file size"))
        .unwrap_or_default()
        .to_owned();
    assert!(
        core.split_whitespace().skip(4).take(2).eq(["0", "0"]),
        "{core}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn report_with_a_saved_profile_reads_its_key_from_the_keyring() {
    use leasedesk::api::Secret;
    use leasedesk::cli::{ConnectOptions, report};
    use leasedesk::engine::secrets::{SecretKind, SecretStore};
    // The keyring installed first, as `main` does before anything reads a secret.
    keyring_core::set_default_store(keyring_core::mock::Store::new().unwrap());
    let sandbox = start_local().await;
    let secrets = SecretStore::detect();
    assert!(secrets.is_persistent(), "the mock keyring answers");
    secrets.set(
        "Live",
        SecretKind::SubscriptionKey,
        &Secret::new(sandbox.key.clone()),
    );
    let dir = tempfile::tempdir().unwrap();
    let prefs_path = dir.path().join("prefs.json");
    leasedesk::ui::prefs::Prefs {
        profiles: vec![leasedesk::ui::prefs::Profile {
            name: "Live".into(),
            base_url: sandbox.base_url.clone(),
            portal_id: sandbox.portal_id.to_string(),
            ..Default::default()
        }],
        ..Default::default()
    }
    .save(&prefs_path)
    .unwrap();
    let connect = ConnectOptions {
        profile: Some("Live".into()),
        ..Default::default()
    };
    // No key in the environment: only the keyring has it.
    let target = leasedesk::cli::resolve_target(&connect, None, Some(&prefs_path))
        .expect("the key is found in the keyring");
    let connected = leasedesk::cli::connect(target).await.unwrap();
    let out = dir.path().join("week.json");
    report::run(
        connected,
        report::WeeklyArgs {
            out: out.clone(),
            community: None,
            as_of: Some(reference().date_naive()),
            format: leasedesk::report::Format::Json,
            paper: leasedesk::report::Paper::Letter,
            language: leasedesk::report::Language::English,
            shared_umask: None,
            settings: Default::default(),
        },
    )
    .await
    .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&std::fs::read(&out).unwrap()).unwrap();
    assert_eq!(json["portal"], "Live", "{json}");
}

/// Run alone by `.ci/run` with `LEASEDESK_TEST_DISPLAY` set to a virtual display (Xvfb): the
/// real window, closed by SIGTERM as a logout or a shutdown does.
#[cfg(unix)]
#[test]
#[ignore = "needs a display: run by .ci/run under Xvfb"]
fn a_window_closed_by_sigterm_ends_cleanly_and_deletes_its_run_store() {
    use std::time::{Duration, Instant};
    let display = std::env::var("LEASEDESK_TEST_DISPLAY").expect("LEASEDESK_TEST_DISPLAY");
    let home = tempfile::tempdir().unwrap();
    let offline = home.path().join("data").join("leasedesk").join("offline");
    let runtime_dir = tempfile::tempdir().unwrap();
    // No keyring here, so the copy is this run's only: a `.session` store on disk.
    let mut app = Command::new(env!("CARGO_BIN_EXE_leasedesk"))
        .env("HOME", home.path())
        .env("XDG_DATA_HOME", home.path().join("data"))
        .env("XDG_CONFIG_HOME", home.path().join("config"))
        .env("XDG_RUNTIME_DIR", runtime_dir.path())
        .env("DISPLAY", display)
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("DBUS_SESSION_BUS_ADDRESS")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let sessions = || -> Vec<String> {
        std::fs::read_dir(&offline)
            .map(|entries| {
                entries
                    .flatten()
                    .map(|e| e.file_name().to_string_lossy().into_owned())
                    .filter(|n| n.contains(".session"))
                    .collect()
            })
            .unwrap_or_default()
    };
    let started = Instant::now();
    while sessions().is_empty() {
        assert!(
            app.try_wait().unwrap().is_none(),
            "the window closed by itself"
        );
        assert!(started.elapsed() < Duration::from_secs(180), "no store");
        std::thread::sleep(Duration::from_millis(200));
    }
    let killed = Command::new("kill")
        .args(["-TERM", &app.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let asked = Instant::now();
    let status = loop {
        if let Some(status) = app.try_wait().unwrap() {
            break status;
        }
        if asked.elapsed() > Duration::from_secs(60) {
            let _ = app.kill();
            panic!("still running a minute after SIGTERM");
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    assert!(status.success(), "closed as by its ✖: {status:?}");
    assert_eq!(
        sessions(),
        Vec::<String>::new(),
        "this run's store is deleted"
    );
}

#[test]
fn version_says_the_release_the_commit_and_the_build_day() {
    let home = tempfile::tempdir().unwrap();
    let run = leasedesk_in(home.path(), None, &["--version"]);
    assert!(run.status.success(), "{run:?}");
    let out = String::from_utf8_lossy(&run.stdout);
    assert_eq!(
        out.trim(),
        format!("leasedesk {}", leasedesk::build::VERSION)
    );
    assert!(out.contains(" (commit "), "{out}");
    assert!(out.contains(", built 20"), "{out}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_panic_after_every_case_was_read_leaves_a_report_without_resident_data() {
    let sandbox = start_local().await;
    let home = tempfile::tempdir().unwrap();
    let (run, out) = weekly_in(&sandbox, home.path(), Some("1")).await;
    assert!(!run.status.success(), "the run panicked: {run:?}");
    assert!(!out.exists(), "no report half written");
    let (_, text) = the_one_report(home.path());
    assert!(text.contains("Backtrace:"), "{text}");
    assert!(
        text.contains("src/cli/report.rs") || text.contains("crash.rs"),
        "where: {text}"
    );
    assert!(
        !text.contains(env!("CARGO_MANIFEST_DIR")),
        "paths of this computer: {text}"
    );
    assert_no_resident_data(&text, &sandbox).await;
}

/// The one crash report a run left in `home`'s logs folder, and its text (naming the build).
fn the_one_report(home: &std::path::Path) -> (std::path::PathBuf, String) {
    let logs = home.join("data").join("leasedesk").join("logs");
    let reports = leasedesk::crash::unseen(&logs);
    assert_eq!(reports.len(), 1, "one crash report in {logs:?}");
    let text = std::fs::read_to_string(&reports[0]).unwrap();
    assert!(text.contains(leasedesk::build::VERSION), "{text}");
    (reports[0].clone(), text)
}

/// Every seeded person's name, phone and email: none is in `text`.
async fn assert_no_resident_data(text: &str, sandbox: &leasedesk::sandbox::RunningSandbox) {
    let client = client_for(&sandbox.base_url, &sandbox.key, sandbox.portal_id);
    let cases = client
        .search(&leasedesk::api::model::SearchQuery {
            page_size: Some(5000),
            ..Default::default()
        })
        .await
        .unwrap()
        .cases
        .into_vec();
    assert!(cases.len() > 1000);
    for case in cases
        .iter()
        .flat_map(|c| std::iter::once(&c.primary).chain(&c.relationships))
    {
        for value in [
            case.individual_name.as_str(),
            case.home_phone_format.as_str(),
            case.mobile_phone_format.as_str(),
            case.email.as_deref().unwrap_or(""),
        ] {
            if value.len() > 4 {
                assert!(!text.contains(value), "{value:?} is in the crash report");
            }
        }
    }
}

/// `report weekly` against `sandbox` from a fresh home, with the crash trigger set to `trigger`
/// (or none); returns the run, its home and where the PDF would go.
async fn weekly_in(
    sandbox: &leasedesk::sandbox::RunningSandbox,
    home: &std::path::Path,
    trigger: Option<&'static str>,
) -> (Output, std::path::PathBuf) {
    let out = home.join("week.pdf");
    let args: Vec<String> = [
        "--base-url",
        &sandbox.base_url,
        "--portal",
        &sandbox.portal_id.to_string(),
        "report",
        "weekly",
        "--out",
        &out.display().to_string(),
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let (home_path, key) = (home.to_path_buf(), sandbox.key.clone());
    let run = tokio::task::spawn_blocking(move || {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let mut command = Command::new(env!("CARGO_BIN_EXE_leasedesk"));
        command
            .args(&args)
            .env("HOME", &home_path)
            .env("XDG_DATA_HOME", home_path.join("data"))
            .env("XDG_CONFIG_HOME", home_path.join("config"))
            .env("LEASEDESK_SUBSCRIPTION_KEY", &key)
            .env_remove(leasedesk::crash::TEST_TRIGGER)
            .env_remove("DISPLAY");
        if let Some(trigger) = trigger {
            command.env(leasedesk::crash::TEST_TRIGGER, trigger);
        }
        command.output().unwrap()
    })
    .await
    .unwrap();
    (run, out)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fatal_signal_leaves_a_report_that_the_next_start_completes_without_resident_data() {
    use std::os::unix::process::ExitStatusExt;
    let sandbox = start_local().await;
    let home = tempfile::tempdir().unwrap();
    let (run, out) = weekly_in(&sandbox, home.path(), Some("signal")).await;
    assert_eq!(
        run.status.signal(),
        Some(libc::SIGSEGV),
        "stopped by the signal: {run:?}"
    );
    assert!(!out.exists(), "no report half written");
    let (report, text) = the_one_report(home.path());
    assert!(text.contains("signal SIGSEGV"), "{text}");
    assert!(text.contains("(added at the next start)"), "{text}");
    // The next start adds the log's last lines (the crashed run's), before it logs itself.
    let (again, _) = weekly_in(&sandbox, home.path(), None).await;
    assert!(again.status.success(), "{again:?}");
    let text = std::fs::read_to_string(&report).unwrap();
    assert!(!text.contains("(added at the next start)"), "{text}");
    assert!(text.contains("Last lines of the log:\n"), "{text}");
    assert!(
        text.contains("LeaseDesk started"),
        "the crashed run's log: {text}"
    );
    assert!(!text.contains(env!("CARGO_MANIFEST_DIR")), "{text}");
    assert_no_resident_data(&text, &sandbox).await;
}

#[test]
fn the_help_and_a_usage_error_speak_the_systems_language() {
    let home = tempfile::tempdir().unwrap();
    let help = leasedesk_speaking(home.path(), None, &["report", "--help"], "es_US.UTF-8");
    assert_eq!(help.status.code(), Some(0), "{help:?}");
    let said = String::from_utf8_lossy(&help.stdout);
    assert!(said.contains("Uso: leasedesk report"), "{said}");
    assert!(
        said.contains("Órdenes:") && said.contains("Opciones:"),
        "{said}"
    );
    assert!(
        !said.contains("Usage") && !said.contains("Print help"),
        "{said}"
    );

    let wrong = ["report", "weekly", "--out", "x.pdf", "--papel", "a4"];
    let refused = leasedesk_speaking(home.path(), None, &wrong, "es_US.UTF-8");
    assert_eq!(refused.status.code(), Some(2), "{refused:?}");
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert_eq!(stderr.trim_end().lines().count(), 1, "one line: {stderr}");
    assert!(
        stderr.contains("argumento inesperado «--papel»"),
        "{stderr}"
    );
    assert!(
        stderr.contains("Consulte `leasedesk report weekly --help`"),
        "{stderr}"
    );
    assert!(refused.stdout.is_empty() && !home.path().join("x.pdf").exists());
    let english = leasedesk_in(home.path(), None, &wrong);
    let stderr = String::from_utf8_lossy(&english.stderr);
    assert!(stderr.contains("unexpected argument '--papel'"), "{stderr}");

    // A value clap accepts but the command refuses: said by LeaseDesk, in the same language.
    let dir = home.path().display().to_string();
    let bad_day = ["audit", "report", "--dir", &dir, "--from", "2026-13-01"];
    let refused = leasedesk_speaking(home.path(), None, &bad_day, "es_US.UTF-8");
    assert_eq!(refused.status.code(), Some(2), "{refused:?}");
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert_eq!(
        stderr.trim_end(),
        "leasedesk: --from debe ser una fecha escrita AAAA-MM-DD, no \"2026-13-01\""
    );
    let english = leasedesk_in(home.path(), None, &bad_day);
    let stderr = String::from_utf8_lossy(&english.stderr);
    assert_eq!(
        stderr.trim_end(),
        "leasedesk: --from must be a date written YYYY-MM-DD, not \"2026-13-01\""
    );
}

#[test]
fn the_sandboxs_banner_speaks_the_systems_language_its_values_lined_up() {
    use std::io::BufRead;
    let home = tempfile::tempdir().unwrap();
    let mut sandbox = Command::new(env!("CARGO_BIN_EXE_leasedesk"))
        .args(["sandbox", "--in-memory", "--addr", "127.0.0.1:0"])
        .env("LANG", "es_US.UTF-8")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LEASEDESK_SANDBOX_KEY")
        .env("HOME", home.path())
        .env("XDG_DATA_HOME", home.path().join("data"))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let stdout = sandbox.stdout.take().unwrap();
    // Read until the banner's last line (the sandbox's own sign that it listens).
    let mut lines = Vec::new();
    for line in std::io::BufReader::new(stdout).lines() {
        let line = line.unwrap();
        let last = line.starts_with("Pulse Ctrl-C");
        lines.push(line);
        if last {
            break;
        }
    }
    let _ = sandbox.kill();
    let _ = sandbox.wait();
    assert_eq!(
        lines[0], "Sandbox de LeaseDesk (v3) escuchando",
        "{lines:?}"
    );
    let value_at = |label: &str| {
        let line = lines.iter().find(|l| l.trim_start().starts_with(label));
        let line = line.unwrap_or_else(|| panic!("{label} in {lines:?}"));
        let value = line[line.find(':').unwrap() + 1..].trim_start();
        line.chars().count() - value.chars().count()
    };
    assert_eq!(value_at("URL base:"), value_at("usuario de demostración:"));
    assert!(lines.iter().any(|l| l.contains("en memoria")), "{lines:?}");
    assert!(!lines.iter().any(|l| l.contains("base URL")), "{lines:?}");
}
