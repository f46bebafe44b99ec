//! `leasedesk` runs the desktop app; `leasedesk sandbox` runs the local v3 service on its own.

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};
use leasedesk::cli::{self, ConnectOptions, Failure, KEY_VARIABLE, Target};
use leasedesk::report::{Format, Paper};
use leasedesk::sandbox::{self, Sandbox, SandboxConfig, SeedSize, Storage};

#[derive(Parser)]
#[command(
    name = "leasedesk",
    version,
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
}

#[derive(Subcommand)]
enum ReportCommand {
    /// Occupancy, the 90-day census forecast, the sales funnel, the week's moves and the
    /// admissions queue.
    Weekly(WeeklyArgs),
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
    #[arg(long, value_enum, default_value = "pdf")]
    format: FormatArg,
    #[arg(long, value_enum, default_value = "letter")]
    paper: PaperArg,
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
}

#[derive(Clone, Copy, ValueEnum)]
enum SeedArg {
    Demo,
    Large,
    Empty,
}

fn main() -> std::process::ExitCode {
    PROCESS_START.get_or_init(std::time::Instant::now);
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version.
            let _ = e.print();
            return std::process::ExitCode::SUCCESS;
        }
        Err(e) => return fail(&Failure::Usage(first_line(&e.to_string()))),
    };
    let log_dir =
        directories::ProjectDirs::from("", "", "LeaseDesk").map(|d| d.data_dir().join("logs"));
    let _log_guard = leasedesk::logging::init(log_dir, cli.verbose);
    let connect = ConnectOptions {
        base_url: cli.base_url,
        portal: cli.portal,
        profile: cli.profile,
    };
    match cli.command {
        Some(Command::Sandbox(args)) => run_sandbox(args),
        Some(Command::Report {
            which: ReportCommand::Weekly(args),
        }) => run_weekly(&connect, args),
        None => run_app(&connect),
    }
}

/// One line on stderr, and the exit code that says what kind of failure it was.
fn fail(failure: &Failure) -> std::process::ExitCode {
    eprintln!("leasedesk: {}", first_line(failure.message()));
    std::process::ExitCode::from(failure.exit_code())
}

fn first_line(text: &str) -> String {
    let line = text.lines().find(|l| !l.trim().is_empty()).unwrap_or(text);
    line.trim_start_matches("error: ").trim().to_owned()
}

/// Where the command line says to connect (nothing said: `None`, the app's own choice).
fn target(connect: &ConnectOptions) -> Result<Option<Target>, Failure> {
    if connect.is_empty() {
        return Ok(None);
    }
    let prefs = leasedesk::ui::prefs::Prefs::default_path()
        .as_deref()
        .map(leasedesk::ui::prefs::Prefs::load)
        .unwrap_or_default();
    let secrets = leasedesk::ui::secrets::SecretStore::detect();
    connect
        .target(
            std::env::var(KEY_VARIABLE).ok(),
            &prefs.profiles,
            |name, kind| secrets.get(name, kind),
        )
        .map(Some)
}

fn run_weekly(connect: &ConnectOptions, args: WeeklyArgs) -> std::process::ExitCode {
    let checked = (|| -> Result<cli::report::WeeklyArgs, Failure> {
        Ok(cli::report::WeeklyArgs {
            out: cli::check_out_path(&args.out)?,
            community: args.community,
            as_of: args
                .as_of
                .as_deref()
                .map(|d| cli::parse_day("--as-of", d))
                .transpose()?,
            format: match args.format {
                FormatArg::Pdf => Format::Pdf,
                FormatArg::Json => Format::Json,
                FormatArg::Csv => Format::Csv,
            },
            paper: match args.paper {
                PaperArg::Letter => Paper::Letter,
                PaperArg::A4 => Paper::A4,
            },
        })
    })();
    let (args, target) = match checked.and_then(|a| Ok((a, target(connect)?))) {
        Ok(ok) => ok,
        Err(failure) => return fail(&failure),
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            return fail(&Failure::Run(format!(
                "the async runtime did not start: {e}"
            )));
        }
    };
    let done = runtime.block_on(async move {
        let connected = cli::connect(target.unwrap_or(Target::Sandbox)).await?;
        cli::report::run(connected, args).await
    });
    match done {
        Ok(message) => {
            eprintln!("{message}");
            std::process::ExitCode::SUCCESS
        }
        Err(failure) => fail(&failure),
    }
}

fn run_app(connect: &ConnectOptions) -> std::process::ExitCode {
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
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("Could not start the background runtime: {e}");
            return std::process::ExitCode::FAILURE;
        }
    };
    // Installs the platform's credential store as keyring-core's default, when there is one.
    if let Err(e) = keyring::Entry::store_status() {
        tracing::warn!(error = %e, "no system keyring: secrets are kept for this session only");
    }
    let storage = SandboxConfig::default_database()
        .map(Storage::File)
        .unwrap_or(Storage::InMemory);
    let backend = leasedesk::ui::backend::Backend::new(
        runtime.handle().clone(),
        SandboxConfig {
            storage,
            ..SandboxConfig::default()
        },
    );
    let prefs_path = leasedesk::ui::prefs::Prefs::default_path();
    let prefs = prefs_path
        .as_deref()
        .map(leasedesk::ui::prefs::Prefs::load)
        .unwrap_or_default();
    let config = leasedesk::ui::AppConfig {
        backend,
        prefs,
        prefs_path,
        secrets: leasedesk::ui::secrets::SecretStore::detect(),
        clock: leasedesk::clock::Clock::System,
        data_dir: directories::ProjectDirs::from("", "", "LeaseDesk")
            .map(|d| d.data_dir().to_path_buf()),
        reminder_sink: None,
        start_on,
    };
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("LeaseDesk")
            .with_app_id("leasedesk")
            .with_inner_size([1360.0, 840.0])
            .with_min_inner_size([960.0, 600.0]),
        // The window opens where and as large as it was left.
        persist_window: true,
        ..Default::default()
    };
    let app = leasedesk::ui::LeaseDeskApp::new(config);
    let result = match std::env::var_os("LEASEDESK_STARTUP_REPORT") {
        // The performance report measures start-up: time to the first frame and to the first
        // cases on screen, written to this file, then the window closes.
        Some(path) => eframe::run_native(
            "LeaseDesk",
            options,
            Box::new(move |_cc| Ok(Box::new(StartupProbe::new(app, path.into())))),
        ),
        None => eframe::run_native("LeaseDesk", options, Box::new(move |_cc| Ok(Box::new(app)))),
    };
    drop(runtime);
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("The window could not be opened: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

fn run_sandbox(args: SandboxArgs) -> std::process::ExitCode {
    let storage = if args.in_memory {
        Storage::InMemory
    } else {
        match args.db.or_else(SandboxConfig::default_database) {
            Some(path) => Storage::File(path),
            None => {
                eprintln!("No data directory could be found; pass --db PATH or --in-memory");
                return std::process::ExitCode::FAILURE;
            }
        }
    };
    if !args.addr.ip().is_loopback() {
        eprintln!(
            "Warning: listening on {} exposes the sandbox (plain http, published demo keys) beyond this computer",
            args.addr
        );
    }
    let config = SandboxConfig {
        addr: args.addr,
        storage: storage.clone(),
        seed: match args.seed {
            SeedArg::Demo => SeedSize::Demo,
            SeedArg::Large => SeedSize::Large,
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
            eprintln!("Could not start the async runtime: {e}");
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
        println!("LeaseDesk sandbox (v3) listening");
        println!("  base URL:          {}", running.base_url);
        let published = running.key == sandbox::DEMO_KEY;
        let key = if published {
            running.key.as_str()
        } else {
            "the one you gave (not printed)"
        };
        println!(
            "  demo portal:       PortalId={}  key={key}",
            running.portal_id
        );
        if published {
            println!(
                "  second portal:     PortalId={}  key={}",
                running.second_portal_id,
                sandbox::SECOND_KEY
            );
            println!(
                "  training key:      {} (both portals)",
                sandbox::TRAINING_KEY
            );
        }
        println!(
            "  demo login:        {} / {}",
            running.login.0, running.login.1
        );
        match &storage {
            Storage::File(path) => println!("  database:          {}", path.display()),
            Storage::InMemory => println!("  database:          in memory"),
        }
        println!("  OpenAPI document:  {}/openapi.json", running.base_url);
        println!("Press Ctrl-C to stop.");
        let _ = tokio::signal::ctrl_c().await;
        println!("Stopping…");
        running.stop().await;
        std::process::ExitCode::SUCCESS
    })
}

/// Wraps the app to time its start-up (see `benches/report.py`).
struct StartupProbe {
    app: leasedesk::ui::LeaseDeskApp,
    report: PathBuf,
    first_frame: Option<std::time::Duration>,
    done: bool,
}

impl StartupProbe {
    fn new(app: leasedesk::ui::LeaseDeskApp, report: PathBuf) -> Self {
        Self {
            app,
            report,
            first_frame: None,
            done: false,
        }
    }
}

fn since_start() -> std::time::Duration {
    PROCESS_START.get().map(|t| t.elapsed()).unwrap_or_default()
}

static PROCESS_START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();

impl eframe::App for StartupProbe {
    fn logic(&mut self, ctx: &egui::Context, _frame: &mut eframe::Frame) {
        self.app.logic(ctx);
    }

    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.app.show(ui);
        let first = *self.first_frame.get_or_insert_with(since_start);
        if !self.done && self.app.panes.cases.search.total() > 0 {
            self.done = true;
            let text = format!(
                "first_frame_ms {}\ncases_shown_ms {}\n",
                first.as_millis(),
                since_start().as_millis()
            );
            if let Err(e) = std::fs::write(&self.report, text) {
                eprintln!("could not write {}: {e}", self.report.display());
            }
            ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
        }
        ui.ctx().request_repaint();
    }
}
