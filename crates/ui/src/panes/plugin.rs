//! The plugin endpoint: where the service sends events, for the whole portal or one
//! community. Only `https://` addresses are accepted, checked here before sending.

use super::{AppCtx, Pane};
use crate::api::model::Records;
use crate::api::model::{Community, PluginResponse, PluginUpdate};
use crate::domain::plugin::check_endpoint;
use crate::engine::asks;
use crate::remote::{Remote, Slot};
use crate::widgets::{community_combo, labelled};
use leasedesk_i18n::tr;

#[derive(Default)]
pub struct Plugin {
    address: String,
    community: Option<i64>,
    communities: Slot<Records<Community>>,
    problem: Option<String>,
    sent: Slot<PluginResponse>,
}

impl Pane for Plugin {
    fn reset(&mut self) {
        *self = Plugin::default();
    }

    fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        self.communities
            .ask_once(ctx.backend, asks::people::communities);
        self.communities.poll_read(ctx.backend);
        self.sent.poll();
        ui.heading(tr!("nav-plugin"));
        ui.label(tr!("plugin-about"));
        ui.add_space(6.0);
        let communities = self.communities.state.value().cloned().unwrap_or_default();
        egui::Grid::new("plugin-form")
            .num_columns(2)
            .show(ui, |ui| {
                community_combo(
                    ui,
                    &tr!("plugin-applies-to"),
                    &communities,
                    &mut self.community,
                    Some(&tr!("plugin-whole-portal")),
                );
                ui.end_row();
                labelled(ui, &tr!("plugin-address"), |ui| {
                    ui.add(
                        egui::TextEdit::singleline(&mut self.address)
                            .id_salt("plugin-address")
                            .hint_text("https://example.com/leasedesk/events")
                            .desired_width(360.0),
                    )
                });
                ui.end_row();
            });
        let sending = self.sent.state.is_pending();
        ui.horizontal(|ui| {
            if ui
                .add_enabled(!sending, egui::Button::new(tr!("plugin-save")))
                .clicked()
            {
                match check_endpoint(&self.address) {
                    Err(e) => self.problem = Some(endpoint_problem(&e)),
                    Ok(()) => {
                        self.problem = None;
                        let body = PluginUpdate {
                            community_id: self.community,
                            endpoint: self.address.trim().to_owned(),
                        };
                        self.sent
                            .ask(ctx.backend, asks::people::update_plugin(body));
                    }
                }
            }
        });
        if let Some(p) = &self.problem {
            crate::widgets::problem_ui(ui, ctx.tokens.error, format!("⚠ {p}"));
        }
        self.communities
            .status_ui(ui, ctx, &tr!("noun-communities"));
        self.sent.status_ui(ui, ctx, &tr!("noun-endpoint"));
        if let Remote::Ready(r) = &self.sent.state {
            crate::widgets::said_ui(ui, ctx.tokens.success, format!("✔ {}", r.message));
        }
    }
}

/// Why the address cannot be used, in the window's words.
fn endpoint_problem(problem: &crate::domain::plugin::EndpointProblem) -> String {
    use crate::domain::plugin::EndpointProblem;
    match problem {
        EndpointProblem::NotHttps => tr!("plugin-not-https"),
        EndpointProblem::NotAnAddress => tr!("plugin-not-an-address"),
        EndpointProblem::NoHost(address) => {
            tr!("plugin-no-host", address = format!("{address:?}"))
        }
        EndpointProblem::Spaces => tr!("plugin-spaces"),
    }
}
