//! Partner packs: per referral partner, what is free and coming free with the rate bands and
//! where the families *that partner* referred stand, as the one-page PDF shows it. The pack
//! is saved as a PDF, drafted as an email to the partner's person (the outreach templates'
//! "Partner pack"), and a call about it is logged as an Outreach Call Out on that person.

use std::sync::Arc;

use super::Derived;
use crate::api::model::ActivityTypeMaster;
use crate::commands::{Command, MessageStart};
use crate::domain::activity_draft::Who;
use crate::domain::format::thousands;
use crate::domain::outreach::{Channel, Purpose};
use crate::domain::partner_pack::{
    FAMILY_DAYS, OPENING_DAYS, PackInputs, PartnerContact, PartnerPack, file_name, logged_note,
    pack, partners,
};
use crate::engine::asks::{self, InventoryData, Lookups};
use crate::files;
use crate::modals::log_activity::{LogSaved, log_done_now};
use crate::panes::AppCtx;
use crate::remote::{Remote, Slot};
use crate::widgets::text_grid::{GridCell, TextGrid};
use leasedesk_i18n::tr;

#[derive(Default)]
pub struct PartnersView {
    contacts: Slot<Arc<Vec<PartnerContact>>>,
    inventory: Slot<Arc<InventoryData>>,
    lookups: Slot<Lookups>,
    chosen: Option<String>,
    /// The pack shown, and what it was made from (figures, inventory, contacts, partner).
    made: Option<(PackKey, Arc<PartnerPack>)>,
    /// The figures the inventory and contacts were last asked for.
    asked_for: Option<usize>,
    logging: Slot<LogSaved>,
    /// The partner whose call was just logged.
    logged: Option<String>,
    export: files::Status,
}

type PackKey = (usize, usize, usize, String);

impl PartnersView {
    /// The pack on screen.
    pub fn shown(&self) -> Option<&Arc<PartnerPack>> {
        self.made.as_ref().map(|(_, made)| made)
    }

    fn keep_loaded(&mut self, ctx: &AppCtx, derived: &Arc<Derived>) {
        let figures = Arc::as_ptr(derived) as usize;
        if self.asked_for != Some(figures) && !self.inventory.state.is_pending() {
            // New figures (a sync brought activities or contracts): read what is free again.
            self.asked_for = Some(figures);
            self.inventory
                .ask(ctx.backend, asks::inventory::inventory());
            self.contacts
                .ask(ctx.backend, asks::sales::partner_contacts());
        }
        self.inventory.poll_read(ctx.backend);
        self.contacts.poll_read(ctx.backend);
        self.lookups.ask_once(ctx.backend, asks::lists::lookups);
        self.lookups.poll_read(ctx.backend);
        self.logging.poll();
    }

    fn pack_for(
        &mut self,
        ctx: &AppCtx,
        derived: &Arc<Derived>,
        partner: &str,
    ) -> Option<Arc<PartnerPack>> {
        let inventory = self.inventory.state.value()?.clone();
        let contacts = self.contacts.state.value()?.clone();
        let key = (
            Arc::as_ptr(derived) as usize,
            Arc::as_ptr(&inventory) as usize,
            Arc::as_ptr(&contacts) as usize,
            partner.to_owned(),
        );
        if let Some((known, made)) = &self.made
            && *known == key
        {
            return Some(made.clone());
        }
        let made = Arc::new(pack(
            partner,
            &PackInputs {
                portal: &ctx.portal_label(),
                community: None,
                journeys: &derived.journeys,
                facts: &derived.facts,
                units: &inventory.units,
                contracts: &inventory.contracts,
                contacts: &contacts,
                as_of: derived.today,
            },
        ));
        self.made = Some((key, made.clone()));
        Some(made)
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx, derived: &Arc<Derived>) {
        self.keep_loaded(ctx, derived);
        // Both reads' states share one row of one height: a re-read moves nothing below.
        let height = ui.spacing().interact_size.y + 4.0;
        ui.allocate_ui_with_layout(
            egui::vec2(ui.available_width(), height),
            egui::Layout::left_to_right(egui::Align::Center),
            |ui| {
                ui.set_min_height(height);
                ui.set_max_height(height);
                self.inventory
                    .status_ui(ui, ctx, &tr!("partners-the-units"));
                self.contacts
                    .status_ui(ui, ctx, &tr!("partners-the-people"));
            },
        );
        let Some(contacts) = self.contacts.state.value().cloned() else {
            return;
        };
        let names = partners(&ctx.prefs.lead_rules.paid_sources, &contacts);
        ui.label(egui::RichText::new(tr!("partners-about")).color(ctx.tokens.muted));
        if names.is_empty() {
            ui.label(tr!("partners-none"));
            return;
        }
        if self.chosen.as_ref().is_none_or(|c| !names.contains(c)) {
            self.chosen = names.first().cloned();
        }
        let mut chosen = self.chosen.clone().unwrap_or_default();
        ui.horizontal(|ui| {
            let label = ui.label(tr!("partners-partner"));
            crate::widgets::keyboard_combo(
                ui,
                egui::ComboBox::from_id_salt("partner")
                    .selected_text(chosen.as_str())
                    .width(220.0),
                |ui| {
                    for name in &names {
                        ui.selectable_value(&mut chosen, name.clone(), name);
                    }
                },
            )
            .response
            .labelled_by(label.id)
            .on_hover_text(tr!("partners-partner-hint"));
        });
        if Some(&chosen) != self.chosen.as_ref() {
            self.chosen = Some(chosen.clone());
            self.logged = None;
        }
        let Some(made) = self.pack_for(ctx, derived, &chosen) else {
            return;
        };
        self.actions_ui(ui, ctx, &made);
        ui.separator();
        egui::ScrollArea::vertical()
            .id_salt("partner-pack")
            .auto_shrink([false, false])
            .show(ui, |ui| pack_ui(ui, ctx, &made));
    }

    fn actions_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx, made: &Arc<PartnerPack>) {
        let contact = made.contact.clone();
        ui.horizontal_wrapped(|ui| {
            if ui
                .button(tr!("partners-save"))
                .on_hover_text(tr!("partners-save-hint"))
                .clicked()
            {
                let bytes = crate::report::partner_pack::render(
                    made,
                    crate::report::Paper::default(),
                    leasedesk_i18n::language(),
                );
                files::save_bytes(
                    ctx.backend,
                    &file_name(&made.partner),
                    crate::files::FileKind::Pdf,
                    crate::report::partner_pack::title(&made.partner),
                    self.export.clone(),
                    Arc::new(bytes),
                );
            }
            let Some(contact) = contact else {
                ui.label(egui::RichText::new(tr!("partners-no-person")).color(ctx.tokens.muted));
                return;
            };
            if ui
                .button(tr!("partners-email"))
                .on_hover_text(tr!("partners-email-hint", name = contact.name.as_str()))
                .clicked()
            {
                ctx.send(Command::DraftMessage(Box::new(MessageStart {
                    case_number: contact.case_number.clone(),
                    name: contact.name.clone(),
                    channel: Channel::Email,
                    purpose: Purpose::PartnerPack,
                    language: None,
                })));
            }
            let spent = self.logged.as_deref() == Some(made.partner.as_str());
            let log = ui
                .add_enabled(
                    !spent && !self.logging.state.is_pending(),
                    egui::Button::new(tr!("partners-log-call")),
                )
                .on_hover_text(tr!("partners-log-call-hint", name = contact.name.as_str()));
            if log.clicked() {
                self.log_call(ctx, made, &contact);
            }
            ui.label(
                egui::RichText::new(match contact.email.as_deref() {
                    Some(email) => tr!(
                        "partners-to-email",
                        name = contact.name.as_str(),
                        email = email
                    ),
                    None => tr!("partners-to", name = contact.name.as_str()),
                })
                .color(ctx.tokens.muted),
            );
        });
        match &self.logging.state {
            Remote::Failed { error, .. } => {
                crate::widgets::problem_ui(
                    ui,
                    ctx.tokens.error,
                    tr!(
                        "partners-not-logged",
                        error = crate::error_words::api_error(error)
                    ),
                );
            }
            Remote::Ready(_) if self.logged.is_some() => {
                crate::widgets::said_ui(ui, ctx.tokens.success, tr!("partners-logged"));
            }
            _ => {}
        }
        files::status_line_ui(ui, &self.export, ctx.tokens.muted, false);
    }

    fn log_call(&mut self, ctx: &AppCtx, made: &PartnerPack, contact: &PartnerContact) {
        let Some(kind) = self
            .lookups
            .state
            .value()
            .and_then(|l| l.type_for(ActivityTypeMaster::OutreachCallOut).cloned())
        else {
            return;
        };
        let who = Who {
            individual_id: contact.individual_id,
            case_number: contact.case_number.clone(),
            name: contact.name.clone(),
        };
        let communities = contact.communities.iter().take(1).cloned().collect();
        let note = logged_note(made, "gone through by phone");
        if log_done_now(ctx, &mut self.logging, &kind, &who, communities, note).is_ok() {
            self.logged = Some(made.partner.clone());
        }
    }
}

fn pack_ui(ui: &mut egui::Ui, ctx: &AppCtx, made: &PartnerPack) {
    ui.heading(tr!("pack-free", days = OPENING_DAYS));
    let mut grid = TextGrid::new([
        tr!("report-col-community"),
        tr!("partners-col-care"),
        tr!("partners-col-floor-plan"),
        tr!("partners-col-private"),
        tr!("partners-col-shared"),
        tr!("partners-col-coming"),
        tr!("partners-col-rate"),
    ]);
    let dollars = |d: f64| format!("${}", thousands(d.round().max(0.0) as u64));
    for a in &made.availability {
        grid.row(vec![
            GridCell::text(&a.community),
            GridCell::text(&a.care_group),
            GridCell::text(&a.floor_plan),
            GridCell::text(a.private_now.to_string()),
            GridCell::text(a.shared_now.to_string()),
            GridCell::text(match a.first_coming {
                Some(first) => tr!(
                    "partners-coming",
                    count = a.coming,
                    from = crate::dates::month_day(first)
                ),
                None => a.coming.to_string(),
            }),
            GridCell::text(a.rate_band.map_or("—".to_owned(), |(low, high)| {
                if low == high {
                    dollars(low)
                } else {
                    format!("{} – {}", dollars(low), dollars(high))
                }
            })),
        ]);
    }
    grid.show(ui, "pack-availability", &tr!("partners-availability"), 1);
    ui.add_space(8.0);
    ui.heading(tr!("partners-families", partner = made.partner.as_str()));
    if made.families.is_empty() {
        ui.label(tr!("partners-no-families", days = FAMILY_DAYS));
    }
    let mut grid = TextGrid::new([
        tr!("pack-col-family"),
        tr!("report-col-community"),
        tr!("pack-col-inquired"),
        tr!("pack-col-stand"),
    ]);
    for f in &made.families {
        grid.row(vec![
            GridCell::text(&f.name),
            GridCell::text(&f.community),
            GridCell::text(crate::dates::day(f.inquired)),
            GridCell::text(format!(
                "{} ({})",
                crate::report::partner_pack::standing(f.stage),
                crate::dates::month_day(f.since)
            )),
        ]);
    }
    if !made.families.is_empty() {
        grid.show(ui, "pack-families", &tr!("partners-families-table"), 1);
    }
    if made.more_families > 0 {
        ui.label(
            egui::RichText::new(tr!(
                "partners-more",
                count = made.more_families,
                shown = made.families.len()
            ))
            .color(ctx.tokens.muted),
        );
    }
}
