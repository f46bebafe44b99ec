//! `leasedesk` runs the desktop app; `leasedesk sandbox` runs the local v3 service on its own;
//! `leasedesk report` writes a report without a window.

// A Windows GUI program: no console window opens with it. Started from a console, it attaches
// to that console at once, so `sandbox`, `report` and errors still print there.
#![cfg_attr(windows, windows_subsystem = "windows")]

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};
use leasedesk::cli::{self, ConnectOptions, Failure, KEY_VARIABLE, Target};
use leasedesk::report::{Format, Language, Paper};
use leasedesk::sandbox::{self, Sandbox, SandboxConfig, SeedSize, Storage};
use leasedesk::ui::renderer::RendererChoice;
use leasedesk::ui::window;

#[derive(Parser)]
#[command(
    name = "leasedesk",
    version = leasedesk::build::VERSION,
    about = "LeaseDesk: leads, residents and occupancy for senior-living communities"
)]
struct Cli {
    /// Log to the console as well.
    #[arg(long, global = true)]
    verbose: bool,
    /// The service's base URL (with --portal; the key comes from LEASEDESK_SUBSCRIPTION_KEY).
    #[arg(long, global = true, value_name = "URL")]
    base_url: Option<String>,
    /// The portal number (with --base-url).
    #[arg(long, global = true, value_name = "N")]
    portal: Option<String>,
    /// A profile saved in the app's Settings (its secrets come from the keyring).
    #[arg(long, global = true, value_name = "NAME")]
    profile: Option<String>,
    /// How to draw the window: auto (each in turn until one works), wgpu, gl or glow. Also
    /// LEASEDESK_RENDERER.
    #[arg(long, value_name = "auto|wgpu|gl|glow")]
    renderer: Option<String>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Run the local v3 sandbox service (demo data, no credentials needed).
    Sandbox(SandboxArgs),
    /// Write a report without opening the window (for scheduled jobs).
    Report {
        #[command(subcommand)]
        which: ReportCommand,
    },
    /// A phone system's calls: matched to cases and logged.
    Calls {
        #[command(subcommand)]
        which: CallsCommand,
    },
    /// Who saw whom: the desk's access log verified, or listed for a period, case or user.
    Audit {
        #[command(subcommand)]
        which: AuditCommand,
    },
    /// Contacting families lawfully: the contact guard asked, a family's opt-out logged.
    Contact {
        #[command(subcommand)]
        which: ContactCommand,
    },
    /// The team's outreach: every contact due, with the contact guard's answer.
    Outreach {
        #[command(subcommand)]
        which: OutreachCommand,
    },
    /// The trainer's class (`sandbox --trainees N`): reset portals, grade the exam. Give the
    /// class's --base-url, the trainer's --portal and the trainer's key in
    /// LEASEDESK_SUBSCRIPTION_KEY.
    Training {
        #[command(subcommand)]
        which: TrainingCommand,
    },
}

#[derive(Subcommand)]
enum TrainingCommand {
    /// Puts one trainee's portal (or the whole class's) back to the scenario's morning.
    Reset {
        /// The trainee's number on the class sheet, 1 to 60 (default: the whole class).
        #[arg(long, value_parser = clap::value_parser!(u16).range(1..=60))]
        trainee: Option<u16>,
    },
    /// Grades every trainee's exam from what they wrote: a class table and a page each.
    Grade {
        /// The file to write: .pdf (a page per trainee) or .csv (the class table).
        #[arg(long)]
        out: PathBuf,
    },
}

#[derive(Subcommand)]
enum OutreachCommand {
    /// Every contact the lists would have the team make at a moment (new leads' first calls,
    /// missed calls to return, follow-up plan steps), each with "allowed", "reason" and
    /// "next_allowed", as JSON on stdout.
    Due(OutreachDueArgs),
}

#[derive(clap::Args)]
struct OutreachDueArgs {
    /// The moment (RFC 3339, or YYYY-MM-DDTHH:MM in --zone; default: now).
    #[arg(long, value_name = "TIME")]
    as_of: Option<String>,
    /// The communities' time zone (default: this computer's).
    #[arg(long, value_name = "IANA_ZONE")]
    zone: Option<String>,
    /// The output's format.
    #[arg(long, value_enum, default_value = "json")]
    format: JsonOnly,
}

#[derive(Subcommand)]
enum AuditCommand {
    /// Check the whole access log: exit 0 when whole, 1 naming the first entry altered,
    /// removed, reordered or cut.
    Verify {
        /// The log's folder (default: the data folder's `audit`).
        #[arg(long, value_name = "DIR")]
        dir: Option<PathBuf>,
    },
    /// List the access log's entries (the log must verify first).
    Report(AuditReportArgs),
}

#[derive(clap::Args)]
struct AuditReportArgs {
    /// The log's folder (default: the data folder's `audit`).
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
    /// The first day (YYYY-MM-DD, UTC).
    #[arg(long, value_name = "YYYY-MM-DD")]
    from: Option<String>,
    /// The last day (YYYY-MM-DD, UTC).
    #[arg(long, value_name = "YYYY-MM-DD")]
    to: Option<String>,
    /// One case's entries.
    #[arg(long, value_name = "N")]
    case: Option<String>,
    /// One user's entries.
    #[arg(long, value_name = "NAME")]
    user: Option<String>,
    /// The order of the rows.
    #[arg(long, value_enum, default_value = "time")]
    sort: AuditSortArg,
    /// The file's format.
    #[arg(long, value_enum, default_value = "csv")]
    format: AuditFormatArg,
    /// The file to write (written whole or not at all; default: stdout).
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum AuditSortArg {
    Time,
    Case,
    User,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum AuditFormatArg {
    Csv,
    Json,
    Pdf,
}

#[derive(Subcommand)]
enum ContactCommand {
    /// Whether someone of a case may be called, texted, emailed or written to at a moment:
    /// {"allowed": bool, "reason": text, "next_allowed": time or null} on stdout (exit 0
    /// whether allowed or held).
    Check(ContactCheckArgs),
    /// Log that someone of a case asked not to be contacted on a channel (or at all).
    OptOut(ContactOptOutArgs),
    /// Log that someone of a case consented to be contacted on a channel (or on all): it
    /// lifts an earlier opt-out of that channel.
    Consent(ContactOptOutArgs),
    /// Read a messaging tool's log of texts received (CSV: from, at, text) and log each stop
    /// reply (STOP, UNSUBSCRIBE, CANCEL, END, QUIT, STOPALL, REVOKE, OPTOUT) once as the
    /// sender's opt-out of texts; importing the same log again logs nothing.
    ImportReplies {
        /// The log (CSV with the columns from, at, text).
        file: PathBuf,
        /// The zone of times written without an offset (default: this computer's).
        #[arg(long, value_name = "IANA_ZONE")]
        zone: Option<String>,
    },
}

#[derive(clap::Args)]
struct ContactCheckArgs {
    /// The case's number.
    #[arg(long, value_name = "N")]
    case: String,
    /// call, text, email or letter.
    #[arg(long, value_name = "CHANNEL")]
    channel: String,
    /// The moment (RFC 3339, or YYYY-MM-DDTHH:MM in --zone; default: now).
    #[arg(long, value_name = "TIME")]
    at: Option<String>,
    /// Someone of the case by individual id (default: the case's person).
    #[arg(long, value_name = "ID")]
    person: Option<i64>,
    /// The community's time zone (default: this computer's).
    #[arg(long, value_name = "IANA_ZONE")]
    zone: Option<String>,
    /// The output's format.
    #[arg(long, value_enum, default_value = "json")]
    format: JsonOnly,
}

#[derive(clap::Args)]
struct ContactOptOutArgs {
    /// The case's number.
    #[arg(long, value_name = "N")]
    case: String,
    /// call, text, email, letter or all.
    #[arg(long, value_name = "CHANNEL")]
    channel: String,
    /// How they said it ("replied STOP", "asked on a call", "texted START").
    #[arg(long, value_name = "TEXT", default_value = "")]
    how: String,
    /// When they said it (RFC 3339, or YYYY-MM-DDTHH:MM in --zone; default: now).
    #[arg(long, value_name = "TIME")]
    at: Option<String>,
    /// Someone of the case by individual id (default: the case's person).
    #[arg(long, value_name = "ID")]
    person: Option<i64>,
    /// The desk's time zone, for the activity's time (default: this computer's).
    #[arg(long, value_name = "IANA_ZONE")]
    zone: Option<String>,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum JsonOnly {
    Json,
}

#[derive(Subcommand)]
enum CallsCommand {
    /// Read a call export (CSV), log each call matched to a case once (importing the same
    /// calls again logs nothing), and list the numbers that match no one and the missed calls
    /// not returned.
    Import(CallsImportArgs),
    /// Write two weeks of made-up calls with the portal's people (the demo's by default), to
    /// try an import.
    DemoExport {
        /// The file to write (written whole or not at all).
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
    },
}

#[derive(clap::Args)]
struct CallsImportArgs {
    /// The phone system's export (RingCentral, 3CX or LeaseDesk's own columns are known).
    file: PathBuf,
    /// Which column is which, for another layout:
    /// "caller=From,callee=To,start=Date,time=Time,duration=Secs,direction=Dir,answered=Result"
    /// (time only when the day and the time are in two columns).
    #[arg(long, value_name = "FACT=COLUMN,...")]
    columns: Option<String>,
    /// The phone system's time zone, for times written without an offset (default: this
    /// computer's).
    #[arg(long, value_name = "IANA_ZONE")]
    zone: Option<String>,
}

#[derive(Subcommand)]
enum ReportCommand {
    /// Occupancy, the 90-day census forecast, the sales funnel, the week's moves and the
    /// admissions queue.
    Weekly(WeeklyArgs),
    /// Each referral partner's pack (what is free and coming free, where their families
    /// stand), a file each, into a folder.
    Partners(PartnersArgs),
    /// A row per community of every saved connection (or of the sandbox's two demo
    /// portals): occupancy now and ahead, the funnel, speed to lead, the team score.
    Region(RegionArgs),
    /// How well the move-in score predicted the portal's last six months (a table on stdout).
    ScoreCheck {
        /// The day to check as of (default: today).
        #[arg(long, value_name = "YYYY-MM-DD")]
        as_of: Option<String>,
    },
}

#[derive(clap::Args)]
struct WeeklyArgs {
    /// The file to write (written whole or not at all).
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// One community, by its unique name (default: all).
    #[arg(long, value_name = "NAME_UNIQUE")]
    community: Option<String>,
    /// The day the report is about (default: today).
    #[arg(long, value_name = "YYYY-MM-DD")]
    as_of: Option<String>,
    /// The file's format.
    #[arg(long, value_enum, default_value = "pdf")]
    format: FormatArg,
    /// The paper size of a PDF.
    #[arg(long, value_enum, default_value = "letter")]
    paper: PaperArg,
    /// The language a PDF is written in (default: the system's, when LeaseDesk speaks it;
    /// English otherwise). JSON and CSV keep their names whatever it is.
    #[arg(long, value_enum)]
    language: Option<LanguageArg>,
    /// Give the file the permissions your umask gives new files (by default it is readable
    /// by you only: it names residents).
    #[arg(long)]
    keep_umask: bool,
}

#[derive(Clone, Copy, ValueEnum)]
enum LanguageArg {
    #[value(name = "en-US")]
    English,
    #[value(name = "es-US")]
    Spanish,
}

#[derive(clap::Args)]
struct PartnersArgs {
    /// The folder the packs are written to (it must exist); each file is written whole or
    /// not at all.
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// One community, by its unique name (default: all).
    #[arg(long, value_name = "NAME_UNIQUE")]
    community: Option<String>,
    /// The day the packs are about (default: today).
    #[arg(long, value_name = "YYYY-MM-DD")]
    as_of: Option<String>,
    /// The files' format.
    #[arg(long, value_enum, default_value = "pdf")]
    format: PackFormatArg,
    /// The paper size of a PDF.
    #[arg(long, value_enum, default_value = "letter")]
    paper: PaperArg,
    /// The language the PDFs are written in (default: the system's, when LeaseDesk speaks
    /// it; English otherwise).
    #[arg(long, value_enum)]
    language: Option<LanguageArg>,
    /// Give the files the permissions your umask gives new files (by default they are
    /// readable by you only).
    #[arg(long)]
    keep_umask: bool,
}

#[derive(clap::Args)]
struct RegionArgs {
    /// The file to write (written whole or not at all).
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// The day the roll-up is about (default: today).
    #[arg(long, value_name = "YYYY-MM-DD")]
    as_of: Option<String>,
    /// The file's format.
    #[arg(long, value_enum, default_value = "pdf")]
    format: RegionFormatArg,
    /// The paper size of a PDF.
    #[arg(long, value_enum, default_value = "letter")]
    paper: PaperArg,
    /// The language the PDF is written in (default: the system's, when LeaseDesk speaks it;
    /// English otherwise).
    #[arg(long, value_enum)]
    language: Option<LanguageArg>,
    /// Give the file the permissions your umask gives new files (by default it is readable
    /// by you only).
    #[arg(long)]
    keep_umask: bool,
}

#[derive(Clone, Copy, ValueEnum)]
enum RegionFormatArg {
    Pdf,
    Csv,
    Json,
}

#[derive(Clone, Copy, ValueEnum)]
enum PackFormatArg {
    Pdf,
    Json,
    Csv,
}

#[derive(Clone, Copy, ValueEnum)]
enum FormatArg {
    Pdf,
    Json,
    Csv,
}

#[derive(Clone, Copy, ValueEnum)]
enum PaperArg {
    Letter,
    A4,
}

#[derive(clap::Args)]
struct SandboxArgs {
    /// Address to listen on. Loopback by default: the sandbox is not meant to be exposed.
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// Database file (default: sandbox.db in the OS data directory).
    #[arg(long, conflicts_with = "in_memory")]
    db: Option<PathBuf>,
    /// Keep everything in memory; nothing is written to disk.
    #[arg(long)]
    in_memory: bool,
    /// Data for a new database.
    #[arg(long, value_enum, default_value = "demo")]
    seed: SeedArg,
    /// Subscription key for the demo portal instead of the published one. Prefer the
    /// environment variable LEASEDESK_SANDBOX_KEY: a command line is visible to other users.
    #[arg(long)]
    key: Option<String>,
    /// A training class: a portal per trainee (1 to 60) and one for the trainer, each in a
    /// database of its own in --class-dir, with a class sheet of their keys and logins.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=60), conflicts_with_all = ["db", "in_memory", "key"])]
    trainees: Option<u16>,
    /// The class's folder (default: `class` in the data folder).
    #[arg(long, requires = "trainees")]
    class_dir: Option<PathBuf>,
    /// Serve the class over https with this PEM certificate chain (with --tls-key): desks on
    /// other computers connect only over https.
    #[arg(long, requires_all = ["trainees", "tls_key"])]
    tls_cert: Option<PathBuf>,
    /// The PEM private key of --tls-cert.
    #[arg(long, requires = "tls_cert")]
    tls_key: Option<PathBuf>,
}

#[derive(Clone, Copy, ValueEnum)]
enum SeedArg {
    Demo,
    Large,
    /// 100,000 cases (measuring memory).
    Huge,
    Empty,
}

fn main() -> std::process::ExitCode {
    PROCESS_START.get_or_init(std::time::Instant::now);
    // Before any library is loaded by name (see `dll_search`).
    let dll_search_narrowed = leasedesk::dll_search::narrow();
    leasedesk::engine::memory::limit_arenas();
    attach_parent_console();
    // The command line speaks the system's language; the window, the one chosen in Settings.
    leasedesk_i18n::set_language(Language::of_system());
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let command = cli::help::localized(Cli::command());
    let parsed = command
        .clone()
        .try_get_matches_from(&args)
        .and_then(|matches| Cli::from_arg_matches(&matches));
    let cli = match parsed {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version.
            let _ = e.print();
            return std::process::ExitCode::SUCCESS;
        }
        Err(e) => return fail(&Failure::Usage(cli::help::usage_error(&e, &command, &args))),
    };
    // Before anything is written: files private, no core dumps, and the keyring ready (a
    // saved profile's secrets are read right below, by `report` as by the app).
    let shared_umask = leasedesk::paths::private_umask();
    leasedesk::paths::no_core_dumps();
    let log_dir = leasedesk::paths::logs_dir();
    leasedesk::crash::install(log_dir.clone());
    let _log_guard = leasedesk::logging::init(log_dir, cli.verbose);
    tracing::info!(
        version = leasedesk::build::VERSION,
        os = std::env::consts::OS,
        "LeaseDesk started"
    );
    if !dll_search_narrowed {
        tracing::warn!("Windows kept its default library search order (the call failed)");
    }
    install_keyring();
    let connect = ConnectOptions {
        base_url: cli.base_url,
        portal: cli.portal,
        profile: cli.profile,
    };
    match cli.command {
        Some(Command::Sandbox(args)) => run_sandbox(args),
        Some(Command::Training { which }) => run_training(&connect, which),
        Some(Command::Report {
            which: ReportCommand::Weekly(args),
        }) => run_weekly(&connect, args, shared_umask),
        Some(Command::Report {
            which: ReportCommand::Partners(args),
        }) => run_partners(&connect, args, shared_umask),
        Some(Command::Report {
            which: ReportCommand::Region(args),
        }) => run_region(&connect, args, shared_umask),
        Some(Command::Report {
            which: ReportCommand::ScoreCheck { as_of },
        }) => run_score_check(&connect, as_of.as_deref()),
        Some(Command::Calls {
            which: CallsCommand::Import(args),
        }) => run_calls_import(&connect, args),
        Some(Command::Calls {
            which: CallsCommand::DemoExport { out },
        }) => run_calls_demo_export(&connect, out),
        Some(Command::Audit {
            which: AuditCommand::Verify { dir },
        }) => say_or_fail(cli::audit::log_dir(dir).and_then(|d| cli::audit::verify(&d))),
        Some(Command::Audit {
            which: AuditCommand::Report(args),
        }) => run_audit_report(args),
        Some(Command::Contact {
            which: ContactCommand::Check(args),
        }) => run_contact_check(&connect, args),
        Some(Command::Contact {
            which: ContactCommand::OptOut(args),
        }) => run_contact_opt_out(&connect, args, leasedesk::domain::contact::Action::OptOut),
        Some(Command::Contact {
            which: ContactCommand::Consent(args),
        }) => run_contact_opt_out(&connect, args, leasedesk::domain::contact::Action::Consent),
        Some(Command::Contact {
            which: ContactCommand::ImportReplies { file, zone },
        }) => run_import_replies(&connect, file, zone.as_deref()),
        Some(Command::Outreach {
            which: OutreachCommand::Due(args),
        }) => run_outreach_due(&connect, args),
        None => match renderer_choice(cli.renderer.as_deref()) {
            Ok(choice) => run_app(&connect, choice),
            Err(failure) => fail(&failure),
        },
    }
}

/// The background runtime: two workers, as the machines we run on have few cores to spare.
fn runtime() -> Result<tokio::runtime::Runtime, Failure> {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| {
            Failure::Run(leasedesk_i18n::tr!(
                "cli-runtime-not-started",
                error = e.to_string()
            ))
        })
}

/// `--renderer`, else `LEASEDESK_RENDERER`, else auto.
fn renderer_choice(flag: Option<&str>) -> Result<RendererChoice, Failure> {
    let (text, from) = match flag {
        Some(text) => (text.to_owned(), "--renderer"),
        None => match std::env::var(RendererChoice::VARIABLE) {
            Ok(text) => (text, RendererChoice::VARIABLE),
            Err(_) => return Ok(RendererChoice::Auto),
        },
    };
    RendererChoice::parse(&text).ok_or_else(|| {
        Failure::Usage(leasedesk_i18n::tr!(
            "cli-bad-renderer",
            option = from.to_string(),
            text = format!("{text:?}")
        ))
    })
}

/// One line on stderr, and the exit code that says what kind of failure it was.
fn fail(failure: &Failure) -> std::process::ExitCode {
    eprintln!(
        "leasedesk: {}",
        for_terminal(&first_line(failure.message()))
    );
    std::process::ExitCode::from(failure.exit_code())
}

use leasedesk::domain::format::for_terminal;

fn first_line(text: &str) -> String {
    let line = text.lines().find(|l| !l.trim().is_empty()).unwrap_or(text);
    line.trim_start_matches("error: ").trim().to_owned()
}

/// Where the command line says to connect (nothing said: `None`, the app's own choice).
fn target(connect: &ConnectOptions) -> Result<Option<Target>, Failure> {
    if connect.is_empty() {
        return Ok(None);
    }
    cli::resolve_target(
        connect,
        std::env::var(KEY_VARIABLE).ok(),
        leasedesk::ui::prefs::Prefs::default_path().as_deref(),
    )
    .map(Some)
}

/// Installs the platform's credential store as keyring-core's default, when there is one.
fn install_keyring() {
    if let Err(e) = keyring::Entry::store_status() {
        tracing::warn!(error = %e, "no system keyring: secrets are kept for this session only");
    }
}

fn run_weekly(
    connect: &ConnectOptions,
    args: WeeklyArgs,
    shared_umask: Option<u32>,
) -> std::process::ExitCode {
    let checked = (|| -> Result<cli::report::WeeklyArgs, Failure> {
        Ok(cli::report::WeeklyArgs {
            out: cli::check_out_path(&args.out)?,
            community: args.community,
            as_of: as_of(args.as_of.as_deref())?,
            format: match args.format {
                FormatArg::Pdf => Format::Pdf,
                FormatArg::Json => Format::Json,
                FormatArg::Csv => Format::Csv,
            },
            paper: paper(args.paper),
            language: language(args.language),
            shared_umask: args.keep_umask.then_some(shared_umask).flatten(),
            settings: report_settings(),
        })
    })();
    let (args, target) = match checked.and_then(|a| Ok((a, target(connect)?))) {
        Ok(ok) => ok,
        Err(failure) => return fail(&failure),
    };
    run_connected(target, Say::Stderr, |connected| {
        cli::report::run(connected, args)
    })
}

fn run_partners(
    connect: &ConnectOptions,
    args: PartnersArgs,
    shared_umask: Option<u32>,
) -> std::process::ExitCode {
    let checked = (|| -> Result<cli::partners::PartnersArgs, Failure> {
        Ok(cli::partners::PartnersArgs {
            out: cli::partners::check_out_folder(&args.out)?,
            community: args.community,
            as_of: as_of(args.as_of.as_deref())?,
            format: match args.format {
                PackFormatArg::Pdf => cli::partners::PackFormat::Pdf,
                PackFormatArg::Json => cli::partners::PackFormat::Json,
                PackFormatArg::Csv => cli::partners::PackFormat::Csv,
            },
            paper: paper(args.paper),
            language: language(args.language),
            shared_umask: args.keep_umask.then_some(shared_umask).flatten(),
            settings: report_settings(),
        })
    })();
    let (args, target) = match checked.and_then(|a| Ok((a, target(connect)?))) {
        Ok(ok) => ok,
        Err(failure) => return fail(&failure),
    };
    run_connected(target, Say::Stderr, |connected| {
        cli::partners::run(connected, args)
    })
}

fn run_region(
    connect: &ConnectOptions,
    args: RegionArgs,
    shared_umask: Option<u32>,
) -> std::process::ExitCode {
    let checked = (|| -> Result<cli::region::RegionArgs, Failure> {
        cli::region::check_no_connection(connect)?;
        let prefs = saved_prefs();
        Ok(cli::region::RegionArgs {
            out: cli::check_out_path(&args.out)?,
            as_of: as_of(args.as_of.as_deref())?,
            format: match args.format {
                RegionFormatArg::Pdf => cli::region::RegionFormat::Pdf,
                RegionFormatArg::Csv => cli::region::RegionFormat::Csv,
                RegionFormatArg::Json => cli::region::RegionFormat::Json,
            },
            paper: paper(args.paper),
            language: language(args.language),
            shared_umask: args.keep_umask.then_some(shared_umask).flatten(),
            rules: prefs.lead_rules,
            profiles: prefs.profiles,
        })
    })();
    let args = match checked {
        Ok(args) => args,
        Err(failure) => return fail(&failure),
    };
    let runtime = match runtime() {
        Ok(rt) => rt,
        Err(failure) => return fail(&failure),
    };
    match runtime.block_on(cli::region::run(args)) {
        Ok(message) => {
            eprintln!("{}", for_terminal(&message));
            std::process::ExitCode::SUCCESS
        }
        Err(failure) => fail(&failure),
    }
}

/// `--as-of`, when given, as a day.
fn as_of(text: Option<&str>) -> Result<Option<chrono::NaiveDate>, Failure> {
    text.map(|d| cli::parse_day("--as-of", d)).transpose()
}

/// The language asked for, or the system's.
fn language(arg: Option<LanguageArg>) -> Language {
    match arg {
        Some(LanguageArg::English) => Language::English,
        Some(LanguageArg::Spanish) => Language::Spanish,
        None => Language::of_system(),
    }
}

fn paper(arg: PaperArg) -> Paper {
    match arg {
        PaperArg::Letter => Paper::Letter,
        PaperArg::A4 => Paper::A4,
    }
}

/// The app's Settings as saved on this computer (the defaults when none are).
fn saved_prefs() -> leasedesk::ui::prefs::Prefs {
    leasedesk::ui::prefs::Prefs::default_path()
        .map(|path| leasedesk::ui::prefs::Prefs::load(&path))
        .unwrap_or_default()
}

/// Paid sources and the portal's own targets, as the app's Settings keep them.
fn report_settings() -> leasedesk::domain::report::ReportSettings {
    let prefs = saved_prefs();
    leasedesk::domain::report::ReportSettings {
        lead_rules: prefs.lead_rules,
        benchmark_targets: prefs.benchmark_targets,
    }
}

fn run_score_check(connect: &ConnectOptions, as_of: Option<&str>) -> std::process::ExitCode {
    let checked = as_of
        .map(|d| cli::parse_day("--as-of", d))
        .transpose()
        .and_then(|day| Ok((day, target(connect)?)));
    let (as_of, target) = match checked {
        Ok(ok) => ok,
        Err(failure) => return fail(&failure),
    };
    run_connected(target, Say::Stdout, move |connected| {
        cli::score_check::run(connected, as_of)
    })
}

/// Where a command's closing message goes: a summary is the output (stdout), a line saying
/// what was written is not (stderr).
enum Say {
    Stdout,
    Stderr,
}

/// Connects to `target` (the embedded sandbox when none) on the background runtime, runs
/// `work`, and says its message or fails with one line.
fn run_connected<F, Fut>(target: Option<Target>, say: Say, work: F) -> std::process::ExitCode
where
    F: FnOnce(cli::Connected) -> Fut,
    Fut: std::future::Future<Output = Result<String, Failure>>,
{
    let runtime = match runtime() {
        Ok(rt) => rt,
        Err(failure) => return fail(&failure),
    };
    let done = runtime.block_on(async move {
        let connected = cli::connect(target.unwrap_or(Target::Sandbox)).await?;
        work(connected).await
    });
    match (done, say) {
        (Ok(message), Say::Stdout) => {
            print!("{}", for_terminal(&message));
            std::process::ExitCode::SUCCESS
        }
        (Ok(message), Say::Stderr) => {
            eprintln!("{}", for_terminal(&message));
            std::process::ExitCode::SUCCESS
        }
        (Err(failure), _) => fail(&failure),
    }
}

fn run_calls_demo_export(connect: &ConnectOptions, out: PathBuf) -> std::process::ExitCode {
    let (out, target) = match cli::check_out_path(&out).and_then(|o| Ok((o, target(connect)?))) {
        Ok(ok) => ok,
        Err(failure) => return fail(&failure),
    };
    run_connected(target, Say::Stderr, |connected| {
        cli::calls::demo_export(connected, out, local_zone())
    })
}

/// A command's message on stdout, or its failure as one line.
fn say_or_fail(done: Result<String, Failure>) -> std::process::ExitCode {
    match done {
        Ok(message) => {
            print!("{}", for_terminal(&message));
            std::process::ExitCode::SUCCESS
        }
        Err(failure) => fail(&failure),
    }
}

fn run_audit_report(args: AuditReportArgs) -> std::process::ExitCode {
    let made = (|| {
        let report = cli::audit::ReportArgs {
            from: args
                .from
                .as_deref()
                .map(|d| cli::parse_day("--from", d))
                .transpose()?,
            to: args
                .to
                .as_deref()
                .map(|d| cli::parse_day("--to", d))
                .transpose()?,
            case: args
                .case
                .as_deref()
                .map(cli::contact::parse_case)
                .transpose()?,
            user: args.user.clone(),
            sort: match args.sort {
                AuditSortArg::Time => cli::audit::Sort::Time,
                AuditSortArg::Case => cli::audit::Sort::Case,
                AuditSortArg::User => cli::audit::Sort::User,
            },
            format: match args.format {
                AuditFormatArg::Csv => cli::audit::Format::Csv,
                AuditFormatArg::Json => cli::audit::Format::Json,
                AuditFormatArg::Pdf => cli::audit::Format::Pdf,
            },
        };
        let out = args.out.as_deref().map(cli::check_out_path).transpose()?;
        if out.is_none() && report.format == cli::audit::Format::Pdf {
            return Err(Failure::Usage(leasedesk_i18n::tr!("cli-pdf-needs-out")));
        }
        let dir = cli::audit::log_dir(args.dir.clone())?;
        let bytes = cli::audit::report(&dir, &report)?;
        match out {
            Some(path) => {
                leasedesk::report::write_atomically(&path, &bytes)
                    .map_err(|e| Failure::Usage(cli::not_written(&path, &e)))?;
                Ok(String::new())
            }
            None => Ok(String::from_utf8_lossy(&bytes).into_owned()),
        }
    })();
    say_or_fail(made)
}

/// `--zone` (or this computer's) and `--at` read in it (or now).
fn zone_and_moment(
    zone: Option<&str>,
    option: &str,
    at: Option<&str>,
) -> Result<(chrono_tz::Tz, chrono::DateTime<chrono::Utc>), Failure> {
    let zone = zone_option(zone)?;
    let at = match at {
        Some(text) => cli::contact::parse_moment(option, text, zone)?,
        None => chrono::Utc::now(),
    };
    Ok((zone, at))
}

/// `--zone`, or this computer's.
fn zone_option(zone: Option<&str>) -> Result<chrono_tz::Tz, Failure> {
    match zone {
        Some(name) => name.trim().parse().map_err(|_| {
            Failure::Usage(leasedesk_i18n::tr!(
                "cli-bad-zone",
                text = format!("{name:?}")
            ))
        }),
        None => Ok(local_zone()),
    }
}

fn run_contact_check(connect: &ConnectOptions, args: ContactCheckArgs) -> std::process::ExitCode {
    let JsonOnly::Json = args.format;
    let checked = (|| {
        let (zone, at) = zone_and_moment(args.zone.as_deref(), "--at", args.at.as_deref())?;
        let channel = match cli::contact::parse_scope(&args.channel, false)? {
            leasedesk::domain::contact::Scope::Only(channel) => channel,
            leasedesk::domain::contact::Scope::All => unreachable!("all is refused"),
        };
        let check = cli::contact::CheckArgs {
            case: cli::contact::parse_case(&args.case)?,
            channel,
            at,
            person: args.person,
            zone,
            calling: saved_prefs().lead_rules.calling,
        };
        Ok((check, target(connect)?))
    })();
    run_checked(checked, cli::contact::check)
}

fn run_outreach_due(connect: &ConnectOptions, args: OutreachDueArgs) -> std::process::ExitCode {
    let JsonOnly::Json = args.format;
    let checked = (|| {
        let (zone, at) = zone_and_moment(args.zone.as_deref(), "--as-of", args.as_of.as_deref())?;
        let due = cli::outreach::DueArgs {
            at,
            rule: leasedesk::domain::contact_story::ContactRule {
                rules: saved_prefs().lead_rules,
                zone,
            },
        };
        let target = target(connect)?;
        let copy = offline_copy_of(connect, target.as_ref());
        Ok(((due, copy), target))
    })();
    run_checked(checked, cli::outreach::due_anywhere)
}

/// The app's offline copy of the profile `connect` names, when that profile keeps one on this
/// computer and the keyring holds its key (`outreach due` answers from it).
fn offline_copy_of(
    connect: &ConnectOptions,
    target: Option<&Target>,
) -> Option<cli::outreach::FromCopy> {
    let name = connect.profile.as_deref()?;
    let keeps = saved_prefs()
        .profile(name)
        .is_some_and(|p| p.keep_offline_copy);
    let secrets = leasedesk::engine::secrets::SecretStore::detect();
    let Some(Target::Portal {
        connection, login, ..
    }) = target
    else {
        return None;
    };
    if !keeps || !secrets.is_persistent() {
        return None;
    }
    Some(cli::outreach::FromCopy {
        data_dir: leasedesk::paths::data_dir()?,
        profile: name.to_owned(),
        connection: connection.clone(),
        login: login.clone(),
        secrets: std::sync::Arc::new(secrets),
    })
}

/// Connects to the target of `checked` and runs `work` with its arguments, or fails with the
/// one line of what was wrong with them.
fn run_checked<T, F, Fut>(
    checked: Result<(T, Option<Target>), Failure>,
    work: F,
) -> std::process::ExitCode
where
    F: FnOnce(cli::Connected, T) -> Fut,
    Fut: std::future::Future<Output = Result<String, Failure>>,
{
    match checked {
        Ok((args, target)) => run_connected(target, Say::Stdout, move |c| work(c, args)),
        Err(failure) => fail(&failure),
    }
}

fn run_contact_opt_out(
    connect: &ConnectOptions,
    args: ContactOptOutArgs,
    action: leasedesk::domain::contact::Action,
) -> std::process::ExitCode {
    let checked = (|| {
        let (zone, at) = zone_and_moment(args.zone.as_deref(), "--at", args.at.as_deref())?;
        let opt_out = cli::contact::OptOutArgs {
            action,
            case: cli::contact::parse_case(&args.case)?,
            scope: cli::contact::parse_scope(&args.channel, true)?,
            how: args.how.clone(),
            at,
            person: args.person,
            zone,
        };
        Ok((opt_out, target(connect)?))
    })();
    run_checked(checked, cli::contact::opt_out)
}

fn run_import_replies(
    connect: &ConnectOptions,
    file: PathBuf,
    zone: Option<&str>,
) -> std::process::ExitCode {
    let read = (|| {
        let zone = zone_option(zone)?;
        let name = file.display().to_string();
        let too_big = |len: u64| len > leasedesk::domain::contact::replies::MAX_BYTES as u64;
        let unreadable = |e: std::io::Error| {
            Failure::Usage(leasedesk_i18n::tr!(
                "cli-file-not-read",
                name = name.clone(),
                error = e.to_string()
            ))
        };
        let metadata = std::fs::metadata(&file).map_err(unreadable)?;
        if too_big(metadata.len()) {
            return Err(Failure::Usage(leasedesk_i18n::tr!(
                "cli-file-too-big",
                name = name.clone()
            )));
        }
        let bytes = std::fs::read(&file).map_err(unreadable)?;
        let replies = leasedesk::domain::contact::replies::read(&bytes, zone).map_err(|e| {
            Failure::Usage(leasedesk_i18n::tr!(
                "cli-replies-not-read",
                name = name.clone(),
                problem = cli::contact::reply_problem(&e)
            ))
        })?;
        Ok(((replies, zone), target(connect)?))
    })();
    run_checked(read, |connected, (replies, zone)| {
        cli::contact::import_replies(connected, replies, zone)
    })
}

/// This computer's time zone (UTC when it cannot be told).
fn local_zone() -> chrono_tz::Tz {
    iana_time_zone::get_timezone()
        .ok()
        .and_then(|name| name.parse().ok())
        .unwrap_or(chrono_tz::UTC)
}

fn run_calls_import(connect: &ConnectOptions, args: CallsImportArgs) -> std::process::ExitCode {
    let checked = (|| -> Result<_, Failure> {
        let columns = args
            .columns
            .as_deref()
            .map(leasedesk::domain::calls::export::Columns::parse)
            .transpose()
            .map_err(|e| Failure::Usage(format!("--columns: {e}")))?;
        let zone = match args.zone.as_deref() {
            Some(name) => name.parse::<chrono_tz::Tz>().map_err(|_| {
                Failure::Usage(leasedesk_i18n::tr!(
                    "cli-bad-zone",
                    text = format!("{name:?}")
                ))
            })?,
            None => local_zone(),
        };
        let args = cli::calls::ImportArgs {
            file: args.file,
            columns,
            zone,
        };
        let export = cli::calls::read(&args)?;
        Ok((export, target(connect)?))
    })();
    let (export, target) = match checked {
        Ok(ok) => ok,
        Err(failure) => return fail(&failure),
    };
    run_connected(target, Say::Stdout, |connected| {
        cli::calls::run(connected, export)
    })
}

fn run_app(connect: &ConnectOptions, renderer: RendererChoice) -> std::process::ExitCode {
    let start_on = match target(connect) {
        Ok(None) => None,
        Ok(Some(Target::Sandbox)) => Some(leasedesk::ui::StartOn::Sandbox),
        Ok(Some(Target::Portal {
            label,
            connection,
            login,
        })) => Some(leasedesk::ui::StartOn::Portal {
            label,
            connection,
            login,
        }),
        Err(failure) => return fail(&failure),
    };
    // What is said before the window opens speaks the language chosen in Settings.
    if let Some(language) = leasedesk::ui::prefs::Prefs::default_path()
        .as_deref()
        .map(leasedesk::ui::prefs::Prefs::load)
        .and_then(|prefs| prefs.language)
    {
        leasedesk_i18n::set_language(language);
    }
    // One LeaseDesk per data folder: a second would send what waits in the outbox again.
    let _instance = match leasedesk::paths::data_dir()
        .map(|dir| leasedesk::instance::InstanceLock::acquire(&dir))
    {
        Some(Err(leasedesk::instance::LockError::AlreadyOpen)) => {
            let text = leasedesk::instance::LockError::AlreadyOpen.to_string();
            eprintln!("leasedesk: {text}");
            window::tell_the_user(&text);
            return std::process::ExitCode::FAILURE;
        }
        // Not knowing whether another LeaseDesk holds the folder is refused too: running on
        // could send what waits in the outbox twice.
        Some(Err(e)) => {
            tracing::warn!(error = %e, "the data folder could not be locked");
            let text = e.to_string();
            eprintln!("leasedesk: {text}");
            window::tell_the_user(&text);
            return std::process::ExitCode::FAILURE;
        }
        Some(Ok(lock)) => Some(lock),
        None => None,
    };
    // Stores kept for one run only that an earlier run left (killed, or logged out): this is
    // the one LeaseDesk on the folder now, so nothing uses them.
    if _instance.is_some()
        && let Some(dir) = leasedesk::paths::data_dir()
    {
        let swept = leasedesk::engine::sweep_store_sessions(&dir);
        if swept > 0 {
            tracing::info!(swept, "stores left by an earlier run were deleted");
        }
    }
    // An update downloaded and checked is installed now, before anything of the folder opens.
    if _instance.is_some()
        && let Some(dir) = leasedesk::paths::data_dir()
        && leasedesk::engine::updates::install_at_start(&dir, &leasedesk::build::release())
    {
        return std::process::ExitCode::SUCCESS;
    }
    let runtime = match runtime() {
        Ok(rt) => rt,
        Err(failure) => return fail(&failure),
    };
    let storage = SandboxConfig::default_database()
        .map(Storage::File)
        .unwrap_or(Storage::InMemory);
    let prefs_path = leasedesk::ui::prefs::Prefs::default_path();
    let prefs = prefs_path
        .as_deref()
        .map(leasedesk::ui::prefs::Prefs::load)
        .unwrap_or_default();
    let text_scale = leasedesk::ui::text_scale::SystemTextScale::watch();
    let make_config = || leasedesk::ui::AppConfig {
        backend: {
            let backend = leasedesk::engine::Backend::new(
                runtime.handle().clone(),
                leasedesk::embedded::sandbox(SandboxConfig {
                    storage: storage.clone(),
                    ..SandboxConfig::default()
                }),
            );
            backend.set_release(leasedesk::build::release());
            backend
        },
        prefs: prefs.clone(),
        prefs_path: prefs_path.clone(),
        secrets: leasedesk::engine::secrets::SecretStore::detect(),
        clock: leasedesk::clock::Clock::System,
        data_dir: leasedesk::paths::data_dir(),
        reminder_sink: None,
        start_on: start_on.clone(),
        text_scale: text_scale.clone(),
        system_language: leasedesk_i18n::Language::of_system(),
        build: leasedesk::build::VERSION,
    };
    let probe = std::env::var_os("LEASEDESK_STARTUP_REPORT").map(|path| window::Probe {
        report: path.into(),
        process_start: *PROCESS_START.get_or_init(std::time::Instant::now),
    });
    leasedesk::engine::memory::give_back_every(std::time::Duration::from_secs(10));
    let result = window::open(renderer, make_config, probe);
    drop(runtime);
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(message) => {
            let text = leasedesk_i18n::tr!(
                "start-no-window",
                message = message.to_string(),
                variable = RendererChoice::VARIABLE,
                alt = leasedesk::ui::renderer::ALTERNATIVE
            );
            eprintln!("{}", text.replace("\n\n", " "));
            window::tell_the_user(&text);
            std::process::ExitCode::FAILURE
        }
    }
}

fn run_training(connect: &ConnectOptions, which: TrainingCommand) -> std::process::ExitCode {
    let target = match target(connect) {
        Ok(Some(target)) => target,
        Ok(None) => {
            return fail(&Failure::Usage(leasedesk_i18n::tr!(
                "cli-training-needs-class",
                variable = cli::KEY_VARIABLE
            )));
        }
        Err(failure) => return fail(&failure),
    };
    match which {
        TrainingCommand::Reset { trainee } => run_connected(Some(target), Say::Stdout, move |c| {
            cli::training::reset(c, trainee.map(usize::from))
        }),
        TrainingCommand::Grade { out } => {
            let out = match cli::check_out_path(&out) {
                Ok(out) => out,
                Err(failure) => return fail(&failure),
            };
            run_connected(Some(target), Say::Stdout, move |c| async move {
                cli::training::grade(c, &out).await
            })
        }
    }
}

fn run_class(
    addr: SocketAddr,
    dir: Option<PathBuf>,
    trainees: usize,
    tls: Option<(PathBuf, PathBuf)>,
) -> std::process::ExitCode {
    let Some(dir) = dir.or_else(cli::training::default_dir) else {
        return fail(&Failure::Usage(leasedesk_i18n::tr!("class-no-data-folder")));
    };
    let runtime = match runtime() {
        Ok(rt) => rt,
        Err(failure) => return fail(&failure),
    };
    runtime.block_on(async move {
        let (running, said) = match cli::training::serve(addr, dir, trainees, tls).await {
            Ok(started) => started,
            Err(failure) => return fail(&failure),
        };
        print!("{said}");
        tokio::select! {
            _ = tokio::signal::ctrl_c() => {}
            _ = cli::training::reset_nightly(&running) => {}
        }
        std::process::ExitCode::SUCCESS
    })
}

fn run_sandbox(args: SandboxArgs) -> std::process::ExitCode {
    if let Some(trainees) = args.trainees {
        let tls = args.tls_cert.zip(args.tls_key);
        return run_class(args.addr, args.class_dir, usize::from(trainees), tls);
    }
    let storage = if args.in_memory {
        Storage::InMemory
    } else {
        match args.db.or_else(SandboxConfig::default_database) {
            Some(path) => Storage::File(path),
            None => {
                eprintln!("{}", leasedesk_i18n::tr!("sandbox-no-data-folder"));
                return std::process::ExitCode::FAILURE;
            }
        }
    };
    if !args.addr.ip().is_loopback() {
        eprintln!(
            "{}",
            leasedesk_i18n::tr!("sandbox-exposed", address = args.addr.to_string())
        );
    }
    let config = SandboxConfig {
        addr: args.addr,
        storage: storage.clone(),
        seed: match args.seed {
            SeedArg::Demo => SeedSize::Demo,
            SeedArg::Large => SeedSize::Large,
            SeedArg::Huge => SeedSize::Huge,
            SeedArg::Empty => SeedSize::Empty,
        },
        key: args.key.or_else(|| {
            std::env::var("LEASEDESK_SANDBOX_KEY")
                .ok()
                .filter(|k| !k.trim().is_empty())
        }),
        ..SandboxConfig::default()
    };
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!(
                "{}",
                leasedesk_i18n::tr!("sandbox-no-runtime", error = e.to_string())
            );
            return std::process::ExitCode::FAILURE;
        }
    };
    runtime.block_on(async move {
        let running = match Sandbox::start(config).await {
            Ok(running) => running,
            Err(e) => {
                eprintln!("{e}");
                return std::process::ExitCode::FAILURE;
            }
        };
        print!("{}", sandbox_banner(&running, &storage));
        let _ = tokio::signal::ctrl_c().await;
        println!("{}", leasedesk_i18n::tr!("sandbox-stopping"));
        running.stop().await;
        std::process::ExitCode::SUCCESS
    })
}

/// What `leasedesk sandbox` prints once it listens: where, which portals and keys, and how to
/// stop it; its labels lined up in whichever language says them.
fn sandbox_banner(running: &leasedesk::sandbox::RunningSandbox, storage: &Storage) -> String {
    use leasedesk_i18n::tr;
    let published = running.key == sandbox::DEMO_KEY;
    let key = if published {
        running.key.clone()
    } else {
        tr!("sandbox-key-not-printed")
    };
    let mut lines = vec![
        (tr!("sandbox-base-url"), running.base_url.clone()),
        (
            tr!("sandbox-demo-portal"),
            format!("PortalId={}  key={key}", running.portal_id),
        ),
    ];
    if published {
        lines.push((
            tr!("sandbox-second-portal"),
            format!(
                "PortalId={}  key={}",
                running.second_portal_id,
                sandbox::SECOND_KEY
            ),
        ));
        lines.push((
            tr!("sandbox-training-key"),
            tr!("sandbox-both-portals", key = sandbox::TRAINING_KEY),
        ));
        // A sandbox given its own key is someone's training server: its demo login is not
        // announced to whoever reads the console.
        lines.push((
            tr!("sandbox-demo-login"),
            format!("{} / {}", running.login.0, running.login.1),
        ));
    }
    lines.push((
        tr!("sandbox-database"),
        match storage {
            Storage::File(path) => path.display().to_string(),
            Storage::InMemory => tr!("sandbox-in-memory"),
        },
    ));
    lines.push((
        tr!("sandbox-openapi"),
        format!("{}/openapi.json", running.base_url),
    ));
    format!(
        "{}\n{}{}\n",
        tr!("sandbox-listening"),
        cli::lined_up(&lines),
        tr!("sandbox-press-ctrl-c")
    )
}

static PROCESS_START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();

/// Prints to the console LeaseDesk was started from, if any (a GUI-subsystem program has none
/// of its own). Started from Explorer there is none, and nothing happens.
#[cfg(windows)]
fn attach_parent_console() {
    #[link(name = "kernel32")]
    unsafe extern "system" {
        fn AttachConsole(process_id: u32) -> i32;
    }
    const ATTACH_PARENT_PROCESS: u32 = u32::MAX;
    // SAFETY: a plain Win32 call with a constant argument; failure (no parent console) is fine.
    unsafe {
        AttachConsole(ATTACH_PARENT_PROCESS);
    }
}

#[cfg(not(windows))]
fn attach_parent_console() {}

#[cfg(test)]
mod help_tests;
