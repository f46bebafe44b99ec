//! Opening the window: with the first renderer that works (`renderer.rs` says the order), and
//! a message box when none does (a Windows program started from its icon has no console).

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use super::renderer::{self, Attempt, RendererChoice, next_attempt};
use super::{AppConfig, LeaseDeskApp};

/// Where the performance report wants its start-up times (see `benches/report.py`).
pub struct Probe {
    pub report: PathBuf,
    pub process_start: std::time::Instant,
}

/// Opens the window and runs the app until it closes. Each attempt gets a fresh configuration
/// from `make_config` (nothing is started before a window exists); a renderer that fails after
/// the window opened is not retried.
/// A logout or a shutdown (SIGTERM, SIGHUP) closes the window as its ✖ does, so the run ends
/// cleanly: this run's store (`.session`) is deleted with it, and a close that would lose
/// changes still asks first.
#[cfg(unix)]
fn close_on_signals(ctx: egui::Context) {
    let spawned = std::thread::Builder::new()
        .name("close-on-signals".into())
        .spawn(move || {
            use tokio::signal::unix::{SignalKind, signal};
            let Ok(runtime) = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
            else {
                return;
            };
            runtime.block_on(async {
                let (Ok(mut term), Ok(mut hang_up)) = (
                    signal(SignalKind::terminate()),
                    signal(SignalKind::hangup()),
                ) else {
                    return;
                };
                loop {
                    tokio::select! {
                        _ = term.recv() => {}
                        _ = hang_up.recv() => {}
                    }
                    tracing::info!("asked to close by the system (SIGTERM or SIGHUP)");
                    ctx.send_viewport_cmd(egui::ViewportCommand::Close);
                    ctx.request_repaint();
                }
            });
        });
    if let Err(e) = spawned {
        tracing::warn!(error = %e, "closing on SIGTERM is not watched for");
    }
}

/// Windows sends a GUI program no such signal (a logout ends it with window messages); the
/// next start deletes what a run left (`Store::sweep_sessions`).
#[cfg(not(unix))]
fn close_on_signals(_ctx: egui::Context) {}

pub fn open(
    choice: RendererChoice,
    mut make_config: impl FnMut() -> AppConfig,
    mut probe: Option<Probe>,
) -> Result<(), String> {
    let mut failed = Vec::new();
    let mut errors = Vec::new();
    while let Some(attempt) = next_attempt(choice, &failed) {
        let config = make_config();
        let opened = Arc::new(AtomicBool::new(false));
        let flag = opened.clone();
        let this_probe = probe.take();
        let result = eframe::run_native(
            "LeaseDesk",
            options(attempt),
            Box::new(move |cc| {
                flag.store(true, Ordering::SeqCst);
                close_on_signals(cc.egui_ctx.clone());
                renderer::set_in_use(describe(attempt, cc));
                let app = LeaseDeskApp::new(config);
                Ok(match this_probe {
                    Some(probe) => Box::new(StartupProbe {
                        app,
                        probe,
                        first_frame: None,
                        done: false,
                    }) as Box<dyn eframe::App>,
                    None => Box::new(app),
                })
            }),
        );
        match result {
            Ok(()) => return Ok(()),
            Err(e) if !opened.load(Ordering::SeqCst) => {
                tracing::warn!(renderer = attempt.label(), error = %e, "the window could not be opened this way");
                errors.push(format!("{}: {e}", attempt.label()));
                failed.push(attempt);
            }
            Err(e) => return Err(e.to_string()),
        }
    }
    Err(format!("Tried {}.", errors.join("; ")))
}

fn options(attempt: Attempt) -> eframe::NativeOptions {
    let mut options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("LeaseDesk")
            .with_app_id("leasedesk")
            .with_inner_size([1360.0, 840.0])
            .with_min_inner_size([960.0, 600.0])
            .with_icon(app_icon()),
        // The window opens where and as large as it was left.
        persist_window: true,
        ..Default::default()
    };
    // One frame queued, not two: a window of forms answers a key sooner, and the swapchain
    // holds two window-sized images instead of three (4.6 MB each at 1360×840, 33 MB at 4K).
    options.wgpu_options.surface = eframe::egui_wgpu::SurfaceConfig::LOW_LATENCY;
    match attempt {
        Attempt::Wgpu => {
            options.renderer = eframe::Renderer::Wgpu;
            // Vulkan, DirectX 12 or Metal: OpenGL has attempts of its own, and asking for it here
            // too would load a second driver (with its own threads and memory) beside the one
            // that draws.
            if let eframe::egui_wgpu::WgpuSetup::CreateNew(setup) =
                &mut options.wgpu_options.wgpu_setup
            {
                setup.instance_descriptor.backends =
                    eframe::wgpu::Backends::from_env().unwrap_or(eframe::wgpu::Backends::PRIMARY);
            }
        }
        Attempt::WgpuGl => {
            options.renderer = eframe::Renderer::Wgpu;
            if let eframe::egui_wgpu::WgpuSetup::CreateNew(setup) =
                &mut options.wgpu_options.wgpu_setup
            {
                setup.instance_descriptor.backends = eframe::wgpu::Backends::GL;
            }
        }
        Attempt::Glow => options.renderer = eframe::Renderer::Glow,
    }
    options
}

/// LeaseDesk's own icon for the title bar, the task bar and the Dock (eframe would show egui's
/// logo). 256 pixels: sharp on a high-density Dock, a quarter of the memory of the 512 one.
fn app_icon() -> Arc<egui::IconData> {
    let png = include_bytes!("../../../assets/icons/leasedesk-256.png");
    Arc::new(eframe::icon_data::from_png_bytes(png).unwrap_or_default())
}

/// "Vulkan (wgpu, lavapipe)", "OpenGL (glow, llvmpipe …)".
fn describe(attempt: Attempt, cc: &eframe::CreationContext<'_>) -> String {
    match (attempt, &cc.wgpu_render_state) {
        (Attempt::Glow, _) => match &cc.gl {
            Some(gl) => {
                use eframe::glow::HasContext as _;
                // SAFETY: the context is current on this thread while the app is created.
                let name = unsafe { gl.get_parameter_string(eframe::glow::RENDERER) };
                // The driver's own words: capped, as any text from outside.
                let name: String = name.trim().chars().take(80).collect();
                format!("OpenGL (glow, {name})")
            }
            None => "OpenGL (glow)".to_owned(),
        },
        (_, Some(state)) => {
            let info = state.adapter.get_info();
            format!(
                "{} (wgpu, {})",
                renderer::backend_name(info.backend.to_str()),
                info.name
            )
        }
        (_, None) => "wgpu".to_owned(),
    }
}

/// A native message box, for when there is no window to show the failure in.
pub fn tell_the_user(text: &str) {
    let _ = rfd::MessageDialog::new()
        .set_level(rfd::MessageLevel::Error)
        .set_title("LeaseDesk")
        .set_description(text)
        .set_buttons(rfd::MessageButtons::Ok)
        .show();
}

/// Wraps the app to time its start-up (see `benches/report.py`).
struct StartupProbe {
    app: LeaseDeskApp,
    probe: Probe,
    first_frame: Option<std::time::Duration>,
    done: bool,
}

impl eframe::App for StartupProbe {
    fn raw_input_hook(&mut self, ctx: &egui::Context, raw_input: &mut egui::RawInput) {
        self.app.raw_input_hook(ctx, raw_input);
    }

    fn logic(&mut self, ctx: &egui::Context, _frame: &mut eframe::Frame) {
        self.app.logic(ctx);
    }

    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.app.show(ui);
        let started = self.probe.process_start;
        let first = *self.first_frame.get_or_insert_with(|| started.elapsed());
        if !self.done && self.app.panes.cases.search.total() > 0 {
            self.done = true;
            let text = format!(
                "first_frame_ms {}\ncases_shown_ms {}\n",
                first.as_millis(),
                self.probe.process_start.elapsed().as_millis()
            );
            if let Err(e) = std::fs::write(&self.probe.report, text) {
                eprintln!("could not write {}: {e}", self.probe.report.display());
            }
            ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
        }
        ui.ctx().request_repaint();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_has_leasedesks_icon_decoded_whole() {
        let icon = app_icon();
        assert_eq!((icon.width, icon.height), (256, 256));
        assert_eq!(icon.rgba.len(), 256 * 256 * 4);
        // Not blank: the icon's pixels are not all one colour.
        assert!(icon.rgba.chunks(4).any(|px| px != &icon.rgba[..4]));
    }

    #[test]
    fn the_wgpu_attempt_asks_for_the_primary_backends_only_and_wgpu_on_gl_for_opengl() {
        if std::env::var_os("WGPU_BACKEND").is_none() {
            assert_eq!(
                backends(Attempt::Wgpu),
                Some(eframe::wgpu::Backends::PRIMARY)
            );
        }
        assert_eq!(backends(Attempt::WgpuGl), Some(eframe::wgpu::Backends::GL));
        for attempt in [Attempt::Wgpu, Attempt::WgpuGl] {
            let surface = options(attempt).wgpu_options.surface;
            assert_eq!(surface.desired_maximum_frame_latency, Some(1));
        }
    }

    fn backends(attempt: Attempt) -> Option<eframe::wgpu::Backends> {
        match &options(attempt).wgpu_options.wgpu_setup {
            eframe::egui_wgpu::WgpuSetup::CreateNew(setup) => {
                Some(setup.instance_descriptor.backends)
            }
            eframe::egui_wgpu::WgpuSetup::Existing(_) => None,
        }
    }
}
