//! One case: its people (type, relationship, email, phones), their addresses, activities (newest
//! first, overdue marked), housing contracts and transactions; each part loads on its own.

use crate::api::model::Records;
use crate::api::model::*;
use crate::api::{ApiError, Client};
use crate::domain::activity_draft::Who;
use crate::domain::format;
use crate::ui::commands::Command;
use crate::ui::commands::command_button;
use crate::ui::context::AppCtx;
use crate::ui::remote::Slot;

pub struct CaseView {
    pub case: SearchCase,
    addresses: Slot<Records<Address>>,
    activities: Slot<Records<Activity>>,
    contracts: Slot<Records<HousingContract>>,
    transactions: Slot<Records<Transaction>>,
    all_activities: bool,
}

impl CaseView {
    pub fn new(case: SearchCase) -> Self {
        CaseView {
            case,
            addresses: Slot::default(),
            activities: Slot::default(),
            contracts: Slot::default(),
            transactions: Slot::default(),
            all_activities: false,
        }
    }

    pub fn case_number(&self) -> &str {
        &self.case.primary.case_number
    }

    fn people(&self) -> Vec<i64> {
        std::iter::once(&self.case.primary)
            .chain(&self.case.relationships)
            .map(|p| p.individual_id)
            .collect()
    }

    fn load(&mut self, ctx: &AppCtx) {
        let people = self.people();
        let ids = people.clone();
        self.addresses.request_read(ctx.backend, move |client| {
            let ids = ids.clone();
            async move {
                let mut all = Records::default();
                for id in ids {
                    all.append(
                        client
                            .addresses(&AddressQuery {
                                individual_id: Some(id),
                                ..Default::default()
                            })
                            .await?,
                    );
                }
                Ok(all)
            }
        });
        let ids = people;
        self.activities.request_read(ctx.backend, move |client| {
            let ids = ids.clone();
            async move {
                let mut all = Records::default();
                for id in ids {
                    let query = ActivityQuery {
                        individual_id: Some(id),
                        page_size: Some(500),
                        ..Default::default()
                    };
                    all.append(client.activities(&query).await?);
                }
                all.sort_by_key(|a| std::cmp::Reverse(a.due_date));
                Ok(all)
            }
        });
        let case_number = self.case_number().to_owned();
        self.contracts.request_read(ctx.backend, move |client| {
            let case_number = case_number.clone();
            async move {
                client
                    .housing_contracts(&HousingContractQuery {
                        case_number: Some(case_number),
                        ..Default::default()
                    })
                    .await
            }
        });
        let case_number = self.case_number().to_owned();
        self.transactions.request_read(ctx.backend, move |client| {
            transactions_of_case(client, case_number.clone())
        });
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        self.addresses.poll_read(ctx.backend);
        self.activities.poll_read(ctx.backend);
        self.contracts.poll_read(ctx.backend);
        self.transactions.poll_read(ctx.backend);
        if matches!(self.addresses.state, crate::ui::remote::Remote::Idle) {
            self.load(ctx);
        }
        let primary = self.case.primary.clone();
        ui.horizontal(|ui| {
            ui.heading(&primary.individual_name);
            ui.label(
                egui::RichText::new(format!("Case {}", primary.case_number))
                    .color(ctx.tokens.muted),
            );
        });
        ui.horizontal_wrapped(|ui| {
            let who = Who {
                individual_id: primary.individual_id,
                case_number: primary.case_number.clone(),
                name: primary.individual_name.clone(),
            };
            for command in [
                Command::StartMoveIn(Box::new(self.case.clone())),
                Command::OpenAdmissions {
                    case_number: primary.case_number.clone(),
                    community_id: primary.communities.first().map(|c| c.id),
                },
                Command::LogActivity(Some(who)),
                Command::NewIndividual {
                    case_number: Some(primary.case_number.clone()),
                },
            ] {
                command_button(ui, ctx.commands, command);
            }
            if ui.button("Refresh").clicked() {
                self.load(ctx);
            }
        });
        ui.separator();
        egui::ScrollArea::vertical()
            .id_salt("case-view-scroll")
            .auto_shrink([false, false])
            .show(ui, |ui| {
                self.people_ui(ui, ctx);
                self.contracts_ui(ui, ctx);
                self.activities_ui(ui, ctx);
            });
    }

    fn people_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        ui.strong("People");
        let addresses = self.addresses.state.value().cloned().unwrap_or_default();
        for person in std::iter::once(&self.case.primary).chain(&self.case.relationships) {
            egui::Frame::group(ui.style()).show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.horizontal(|ui| {
                    ui.label(egui::RichText::new(&person.individual_name).strong());
                    let role = match (&person.relationship_type, person.primary_individual) {
                        (_, true) => person.individual_type.clone(),
                        (Some(relationship), false) => {
                            format!("{} · {relationship}", person.individual_type)
                        }
                        (None, false) => person.individual_type.clone(),
                    };
                    ui.label(role);
                    ui.label(
                        egui::RichText::new(&person.individual_status_name).color(ctx.tokens.muted),
                    );
                });
                if let Some(email) = &person.email {
                    ui.label(format!("Email: {email}"));
                }
                for (kind, phone) in [
                    ("Home", &person.home_phone_format),
                    ("Mobile", &person.mobile_phone_format),
                    ("Work", &person.work_phone_format),
                ] {
                    if !phone.is_empty() {
                        ui.label(format!("{kind}: {phone}"));
                    }
                }
                for a in addresses
                    .iter()
                    .filter(|a| a.individual_id == person.individual_id)
                {
                    let line2 = a
                        .address_line2
                        .as_deref()
                        .map(|l| format!(", {l}"))
                        .unwrap_or_default();
                    ui.label(format!(
                        "{}: {}{line2}, {}, {} {}",
                        a.kind, a.address_line1, a.city, a.state, a.postal_code
                    ));
                }
            });
        }
        self.addresses.status_ui(ui, ctx, "addresses");
        ui.add_space(8.0);
    }

    fn activities_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        ui.strong("Activities");
        self.activities.status_ui(ui, ctx, "activities");
        let Some(activities) = self.activities.state.value() else {
            return;
        };
        crate::ui::widgets::unreadable_note(ui, &ctx.tokens, activities.unreadable.len());
        if activities.is_empty() {
            ui.label("No activities yet.");
        }
        let shown = if self.all_activities {
            activities.len()
        } else {
            activities.len().min(50)
        };
        for a in &activities[..shown] {
            ui.horizontal_wrapped(|ui| {
                // Overdue is marked by an icon and words, not colour alone.
                let (mark, color) = if a.overdue {
                    ("⚠ Overdue", ctx.tokens.overdue)
                } else if a.completed {
                    ("✔ Done", ctx.tokens.completed)
                } else if a.cancelled {
                    ("✖ Cancelled", ctx.tokens.muted)
                } else {
                    ("○ Open", ui.visuals().text_color())
                };
                ui.label(egui::RichText::new(mark).color(color).strong());
                ui.label(a.due_date.format(format::DAY).to_string());
                ui.label(
                    egui::RichText::new(a.activity_type.as_deref().unwrap_or("Activity")).strong(),
                );
                let text_color = if a.completed {
                    ctx.tokens.completed
                } else {
                    ui.visuals().text_color()
                };
                ui.label(egui::RichText::new(&a.activity_name).color(text_color));
                ui.label(
                    egui::RichText::new(format!("· {}", a.assigned_name)).color(ctx.tokens.muted),
                );
            });
        }
        if shown < activities.len()
            && ui
                .button(format!("Show all {} activities", activities.len()))
                .clicked()
        {
            self.all_activities = true;
        }
        ui.add_space(8.0);
    }

    fn contracts_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        ui.strong("Housing contracts");
        self.contracts.status_ui(ui, ctx, "contracts");
        if let Some(contracts) = self.contracts.state.value() {
            if contracts.is_empty() {
                ui.label("No housing contracts.");
            }
            for c in contracts {
                ui.horizontal_wrapped(|ui| {
                    let state = if c.active_lease {
                        egui::RichText::new("Active").color(ctx.tokens.occupied)
                    } else {
                        egui::RichText::new("Ended").color(ctx.tokens.muted)
                    };
                    ui.label(state.strong());
                    ui.label(format!(
                        "{} · unit {} · {}",
                        c.community_name, c.unit_number, c.care_group
                    ));
                    let out = c
                        .move_out_date
                        .map(|d| format!(" to {}", d.format(format::DAY)))
                        .unwrap_or_default();
                    ui.label(format!(
                        "{} · from {}{out}",
                        c.individual_name,
                        c.move_in_date.format(format::DAY)
                    ));
                    if let Some(fee) = c.monthly_fee {
                        ui.label(format!("· ${fee:.0}/month"));
                    }
                });
            }
        }
        ui.add_space(8.0);
        ui.strong("Transactions");
        self.transactions.status_ui(ui, ctx, "transactions");
        if let Some(transactions) = self.transactions.state.value() {
            if transactions.is_empty() {
                ui.label("No transactions.");
            }
            for t in transactions {
                ui.label(format!(
                    "{} · {} · {} · {}",
                    t.effective_date.format(format::DAY),
                    t.kind,
                    t.description,
                    t.total
                ));
            }
        }
    }
}

/// Transactions of every contract of the case; "none found" (404) is an empty list here.
async fn transactions_of_case(
    client: Client,
    case_number: String,
) -> Result<Records<Transaction>, ApiError> {
    let contracts = client
        .housing_contracts(&HousingContractQuery {
            case_number: Some(case_number),
            ..Default::default()
        })
        .await?;
    let mut all = Records::default();
    for contract in contracts {
        match client
            .transactions(&TransactionQuery {
                housing_contract_id: Some(contract.id),
                ..Default::default()
            })
            .await
        {
            Ok(list) => all.append(list),
            Err(ApiError::NotFound { .. }) => {}
            Err(e) => return Err(e),
        }
    }
    all.sort_by_key(|t| std::cmp::Reverse(t.effective_date));
    Ok(all)
}
