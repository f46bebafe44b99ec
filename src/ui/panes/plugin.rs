//! The plugin endpoint: where the service sends events, for the whole portal or one
//! community. Only `https://` addresses are accepted, checked here before sending.

use super::{AppCtx, community_combo, labelled};
use crate::api::model::{Community, PluginResponse, PluginUpdate};
use crate::ui::remote::{Remote, Slot};

/// Why an address cannot be used, if it cannot.
pub fn check_endpoint(address: &str) -> Result<(), String> {
    let address = address.trim();
    let Some(rest) = address.strip_prefix("https://") else {
        return Err(if address.starts_with("http://") {
            "Only https:// addresses are accepted: the service delivers events over TLS only".into()
        } else {
            "Enter the full address, starting with https://".into()
        });
    };
    let host = rest.split(['/', '?', '#']).next().unwrap_or("");
    if host.is_empty() || !host.contains('.') && !host.starts_with("localhost") {
        return Err(format!("{address:?} has no host name"));
    }
    if address.contains(char::is_whitespace) {
        return Err("The address must not contain spaces".into());
    }
    Ok(())
}

#[derive(Default)]
pub struct Plugin {
    address: String,
    community: Option<i64>,
    communities: Slot<Vec<Community>>,
    problem: Option<String>,
    sent: Slot<PluginResponse>,
}

impl Plugin {
    pub fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        self.communities.request_once(
            ctx.backend,
            |client| async move { client.communities().await },
        );
        self.communities.poll();
        self.sent.poll();
        ui.heading("Plugin endpoint");
        ui.label("The address the service sends events to. It must be served over https with a valid certificate.");
        ui.add_space(6.0);
        let communities = self.communities.state.value().cloned().unwrap_or_default();
        egui::Grid::new("plugin-form")
            .num_columns(2)
            .show(ui, |ui| {
                community_combo(
                    ui,
                    "Applies to",
                    &communities,
                    &mut self.community,
                    Some("The whole portal"),
                );
                ui.end_row();
                labelled(ui, "Endpoint address", |ui| {
                    ui.add(
                        egui::TextEdit::singleline(&mut self.address)
                            .hint_text("https://example.com/leasedesk/events")
                            .desired_width(360.0),
                    )
                });
                ui.end_row();
            });
        let sending = self.sent.state.is_pending();
        ui.horizontal(|ui| {
            if ui
                .add_enabled(!sending, egui::Button::new("Save endpoint"))
                .clicked()
            {
                match check_endpoint(&self.address) {
                    Err(e) => self.problem = Some(e),
                    Ok(()) => {
                        self.problem = None;
                        let body = PluginUpdate {
                            community_id: self.community,
                            endpoint: self.address.trim().to_owned(),
                        };
                        self.sent.request(ctx.backend, move |client| async move {
                            client.update_plugin(&body).await
                        });
                    }
                }
            }
            if sending {
                ui.spinner();
            }
        });
        if let Some(p) = &self.problem {
            ui.colored_label(ctx.tokens.error, format!("⚠ {p}"));
        }
        match &self.sent.state {
            Remote::Ready(r) => {
                ui.colored_label(ctx.tokens.success, format!("✔ {}", r.message));
            }
            Remote::Failed { error, .. } => {
                ui.colored_label(ctx.tokens.error, format!("⚠ {error}"));
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::check_endpoint;

    #[test]
    fn only_https_addresses_with_a_host_pass() {
        assert!(check_endpoint("https://hooks.maple.example/events").is_ok());
        assert!(
            check_endpoint("http://hooks.maple.example")
                .unwrap_err()
                .contains("https://")
        );
        assert!(check_endpoint("hooks.maple.example").is_err());
        assert!(check_endpoint("https:///path").is_err());
    }
}
