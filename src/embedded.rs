//! The embedded sandbox the engine connects to when no portal is chosen: started by the app
//! (the engine builds no server) on first use, and kept running for the rest of the run.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use crate::clock::Clock;
use crate::engine::{Embedded, EmbeddedService};
use crate::sandbox::{RunningSandbox, SECOND_KEY, Sandbox, SandboxConfig};

pub struct EmbeddedSandbox {
    config: SandboxConfig,
    running: tokio::sync::Mutex<Option<RunningSandbox>>,
}

/// The embedded sandbox of `config`, to hand to the engine.
pub fn sandbox(config: SandboxConfig) -> Arc<dyn Embedded> {
    Arc::new(EmbeddedSandbox {
        config,
        running: tokio::sync::Mutex::new(None),
    })
}

impl Embedded for EmbeddedSandbox {
    fn start(&self) -> Pin<Box<dyn Future<Output = Result<EmbeddedService, String>> + Send + '_>> {
        Box::pin(async move {
            let mut running = self.running.lock().await;
            if running.is_none() {
                let started = Sandbox::start(self.config.clone())
                    .await
                    .map_err(|e| e.to_string())?;
                *running = Some(started);
            }
            let sandbox = running
                .as_ref()
                .ok_or_else(|| "the sandbox did not start".to_owned())?;
            Ok(EmbeddedService {
                base_url: sandbox.base_url.clone(),
                key: sandbox.key.clone(),
                portal_id: sandbox.portal_id,
                second_key: SECOND_KEY.to_owned(),
                second_portal_id: sandbox.second_portal_id,
            })
        })
    }

    fn clock(&self) -> Clock {
        self.config.clock.clone()
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_engine_knows_the_demo_portals_the_sandbox_serves() {
        assert_eq!(
            crate::engine::embedded::DEMO_PORTAL,
            crate::sandbox::DEMO_PORTAL
        );
        assert_eq!(
            crate::engine::embedded::SECOND_PORTAL,
            crate::sandbox::SECOND_PORTAL
        );
    }
}
