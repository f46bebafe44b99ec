//! Which way the window is drawn. Office PCs often have broken or missing GPU drivers, remote
//! desktops or virtual machines, so the app does not give up at the first renderer: on Windows
//! and macOS it tries wgpu on DirectX 12 or Metal, then wgpu on OpenGL, then eframe's glow
//! (OpenGL) renderer; on Linux glow first, then wgpu on Vulkan, then wgpu on OpenGL.

/// What the user asked for (`--renderer`, or `LEASEDESK_RENDERER`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum RendererChoice {
    /// Each in turn until one works.
    #[default]
    Auto,
    Wgpu,
    Gl,
    Glow,
}

impl RendererChoice {
    pub const VARIABLE: &'static str = "LEASEDESK_RENDERER";

    pub fn parse(text: &str) -> Option<RendererChoice> {
        match text.trim().to_ascii_lowercase().as_str() {
            "auto" | "" => Some(RendererChoice::Auto),
            "wgpu" => Some(RendererChoice::Wgpu),
            "gl" => Some(RendererChoice::Gl),
            "glow" => Some(RendererChoice::Glow),
            _ => None,
        }
    }
}

/// One way of opening the window.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Attempt {
    /// wgpu, letting it pick among Vulkan, DirectX 12 and Metal (OpenGL is the next attempt's).
    Wgpu,
    /// wgpu on its OpenGL backend only.
    WgpuGl,
    /// eframe's glow renderer (OpenGL through glutin).
    Glow,
}

impl Attempt {
    pub fn label(self) -> &'static str {
        match self {
            Attempt::Wgpu => "wgpu (Vulkan, DirectX 12 or Metal)",
            Attempt::WgpuGl => "wgpu on OpenGL",
            Attempt::Glow => "glow (OpenGL)",
        }
    }
}

/// The attempts a choice allows, in order.
pub fn attempts(choice: RendererChoice) -> &'static [Attempt] {
    match choice {
        RendererChoice::Auto => AUTO,
        RendererChoice::Wgpu => &[Attempt::Wgpu],
        RendererChoice::Gl => &[Attempt::WgpuGl],
        RendererChoice::Glow => &[Attempt::Glow],
    }
}

/// On Linux OpenGL draws first: the display names one OpenGL driver and only that one is
/// loaded, while the Vulkan loader opens every installed driver (four with Mesa's package) and
/// wgpu sets aside its own memory blocks beside them. Measured on the demo portal with Mesa's
/// software drivers, the window costs about 10 MiB less that way (docs/performance.md); eframe's
/// glow renderer is the one it used by default for years. Windows and macOS have one native API
/// each (DirectX 12, Metal), which wgpu speaks.
#[cfg(target_os = "linux")]
const AUTO: &[Attempt] = &[Attempt::Glow, Attempt::Wgpu, Attempt::WgpuGl];
#[cfg(not(target_os = "linux"))]
const AUTO: &[Attempt] = &[Attempt::Wgpu, Attempt::WgpuGl, Attempt::Glow];

/// The `--renderer` to suggest when the window flickers or stays blank: the one `auto` does
/// not try first.
#[cfg(target_os = "linux")]
pub const ALTERNATIVE: &str = "wgpu";
#[cfg(not(target_os = "linux"))]
pub const ALTERNATIVE: &str = "glow";

/// The next way to try after those that `failed`, or none left.
pub fn next_attempt(choice: RendererChoice, failed: &[Attempt]) -> Option<Attempt> {
    attempts(choice)
        .iter()
        .copied()
        .find(|a| !failed.contains(a))
}

/// A wgpu backend's name as people know it.
pub fn backend_name(backend: &str) -> &'static str {
    match backend.to_ascii_lowercase().as_str() {
        "vulkan" => "Vulkan",
        "dx12" => "DirectX 12",
        "metal" => "Metal",
        "gl" | "gles" | "opengl" => "OpenGL",
        "browserwebgpu" | "webgpu" => "WebGPU",
        _ => "an unknown backend",
    }
}

/// How the window is drawn, once it is open.
static DRAWING_WITH: std::sync::Mutex<Option<String>> = std::sync::Mutex::new(None);

/// Says how the window is drawn ("Vulkan (wgpu)"), for Settings, the log and crash reports
/// (the app's crash handler reads it with [`in_use`]).
pub fn set_in_use(text: String) {
    tracing::info!(renderer = %text, "drawing the window");
    *DRAWING_WITH.lock().unwrap_or_else(|p| p.into_inner()) = Some(text);
}

pub fn in_use() -> Option<String> {
    DRAWING_WITH
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg(not(target_os = "linux"))]
    fn auto_falls_back_from_wgpu_to_gl_to_glow_then_gives_up() {
        let auto = RendererChoice::Auto;
        assert_eq!(next_attempt(auto, &[]), Some(Attempt::Wgpu));
        assert_eq!(next_attempt(auto, &[Attempt::Wgpu]), Some(Attempt::WgpuGl));
        assert_eq!(
            next_attempt(auto, &[Attempt::Wgpu, Attempt::WgpuGl]),
            Some(Attempt::Glow)
        );
        assert_eq!(
            next_attempt(auto, &[Attempt::Wgpu, Attempt::WgpuGl, Attempt::Glow]),
            None
        );
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn on_linux_auto_draws_with_glow_first_then_falls_back_to_vulkan_then_wgpu_on_gl() {
        let auto = RendererChoice::Auto;
        assert_eq!(next_attempt(auto, &[]), Some(Attempt::Glow));
        assert_eq!(next_attempt(auto, &[Attempt::Glow]), Some(Attempt::Wgpu));
        assert_eq!(
            next_attempt(auto, &[Attempt::Glow, Attempt::Wgpu]),
            Some(Attempt::WgpuGl)
        );
        assert_eq!(
            next_attempt(auto, &[Attempt::Wgpu, Attempt::WgpuGl, Attempt::Glow]),
            None
        );
    }

    #[test]
    fn the_suggested_alternative_is_a_choice_auto_does_not_try_first() {
        let alternative = RendererChoice::parse(ALTERNATIVE).expect("a choice");
        let first = next_attempt(RendererChoice::Auto, &[]).expect("one");
        assert_ne!(next_attempt(alternative, &[]), Some(first));
    }

    #[test]
    fn auto_tries_every_renderer_once() {
        let mut tried = Vec::new();
        while let Some(next) = next_attempt(RendererChoice::Auto, &tried) {
            assert!(!tried.contains(&next), "{next:?} tried twice");
            tried.push(next);
        }
        assert_eq!(tried.len(), 3);
    }

    #[test]
    fn a_forced_renderer_is_tried_alone() {
        for (choice, only) in [
            (RendererChoice::Wgpu, Attempt::Wgpu),
            (RendererChoice::Gl, Attempt::WgpuGl),
            (RendererChoice::Glow, Attempt::Glow),
        ] {
            assert_eq!(next_attempt(choice, &[]), Some(only));
            assert_eq!(next_attempt(choice, &[only]), None);
        }
    }

    #[test]
    fn choices_and_backends_read_as_people_write_them() {
        assert_eq!(RendererChoice::parse(" GLOW "), Some(RendererChoice::Glow));
        assert_eq!(RendererChoice::parse(""), Some(RendererChoice::Auto));
        assert_eq!(RendererChoice::parse("vulkan"), None);
        assert_eq!(backend_name("Dx12"), "DirectX 12");
        assert_eq!(backend_name("gl"), "OpenGL");
    }
}
