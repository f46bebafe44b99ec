//! "Add to waitlist…" on a lead's case: what the person waits for (care group, floor plan,
//! wanted by, priority) and whether a deposit was paid, logged as one completed activity — a
//! Deposit, else a Room Reserve — whose words Inventory's Waitlist reads
//! (`domain::waitlist`). The service keeps no waitlist it returns, so nothing else is written.

use std::sync::Arc;

use crate::api::model::ActivityTypeMaster;
use crate::context::AppCtx;
use crate::domain::activity_draft::Who;
use crate::domain::waitlist::{Wish, note};
use crate::engine::asks::{self, InventoryData, Lookups};
use crate::modals::log_activity::{LogSaved, log_done_now};
use crate::remote::{Remote, Slot};
use crate::widgets::{labelled, steady_combo};

#[derive(Default)]
pub struct WaitlistEntryForm {
    open: bool,
    care_group: String,
    floor_plan: String,
    wanted_by: String,
    priority: String,
    deposit: bool,
    problem: Option<String>,
    lists: Slot<Arc<InventoryData>>,
    priorities: Slot<Vec<String>>,
    lookups: Slot<Lookups>,
    saving: Slot<LogSaved>,
}

const ANY: &str = "Any";

impl WaitlistEntryForm {
    pub fn entry_ui(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut AppCtx,
        who: &Who,
        community: Option<&str>,
    ) {
        self.saving.poll();
        if let Remote::Ready(_) = &self.saving.state {
            crate::widgets::said_ui(
                ui,
                ctx.tokens.success,
                leasedesk_i18n::tr!("waitlist-added"),
            );
            return;
        }
        if !self.open {
            if ui
                .button(leasedesk_i18n::tr!("waitlist-add-open"))
                .on_hover_text(leasedesk_i18n::tr!("waitlist-add-hint"))
                .clicked()
            {
                self.open = true;
            }
            return;
        }
        self.lists.ask_once(ctx.backend, asks::inventory::inventory);
        self.lists.poll_read(ctx.backend);
        self.priorities
            .ask_once(ctx.backend, asks::lists::waitlist_priorities);
        self.priorities.poll_read(ctx.backend);
        self.lookups.ask_once(ctx.backend, asks::lists::lookups);
        self.lookups.poll_read(ctx.backend);
        let groups: Vec<String> = self
            .lists
            .state
            .value()
            .map(|d| d.care_groups.iter().map(|t| t.name.clone()).collect())
            .unwrap_or_default();
        let plans: Vec<String> = self
            .lists
            .state
            .value()
            .map(|d| d.floor_plans.iter().map(|t| t.name.clone()).collect())
            .unwrap_or_default();
        let priorities = self.priorities.state.value().cloned().unwrap_or_default();
        if self.care_group.is_empty() {
            self.care_group = groups.first().cloned().unwrap_or_default();
        }
        if self.floor_plan.is_empty() {
            self.floor_plan = ANY.to_owned();
        }
        // No priority preset: the first of the portal's list is "Urgent" on most portals, and a
        // family is not urgent because nobody chose.
        ui.strong(leasedesk_i18n::tr!("waitlist-add-title"));
        ui.horizontal_wrapped(|ui| {
            choice_ui(
                ui,
                &leasedesk_i18n::tr!("waitlist-care-group"),
                "waitlist-care",
                &mut self.care_group,
                &groups,
            );
            let mut with_any = vec![ANY.to_owned()];
            with_any.extend(plans);
            choice_ui(
                ui,
                &leasedesk_i18n::tr!("waitlist-floor-plan"),
                "waitlist-plan",
                &mut self.floor_plan,
                &with_any,
            );
        });
        ui.horizontal_wrapped(|ui| {
            labelled(ui, &leasedesk_i18n::tr!("waitlist-wanted-by"), |ui| {
                ui.add(
                    egui::TextEdit::singleline(&mut self.wanted_by)
                        .char_limit(40)
                        .desired_width(120.0)
                        .hint_text(leasedesk_i18n::tr!("waitlist-any-time")),
                )
            });
            choice_ui(
                ui,
                &leasedesk_i18n::tr!("waitlist-priority"),
                "waitlist-priority",
                &mut self.priority,
                &priorities,
            );
            ui.checkbox(&mut self.deposit, leasedesk_i18n::tr!("waitlist-deposit"));
        });
        let ready = !self.care_group.is_empty()
            && !self.priority.is_empty()
            && self.lookups.state.value().is_some()
            && !self.saving.state.is_pending();
        ui.horizontal(|ui| {
            if ui
                .add_enabled(
                    ready,
                    egui::Button::new(leasedesk_i18n::tr!("waitlist-add")),
                )
                .on_disabled_hover_text(leasedesk_i18n::tr!("waitlist-add-disabled"))
                .clicked()
            {
                self.add(ctx, who, community);
            }
            if ui.button(leasedesk_i18n::tr!("settings-cancel")).clicked() {
                self.open = false;
                self.problem = None;
            }
        });
        if let Some(problem) = &self.problem {
            crate::widgets::problem_ui(ui, ctx.tokens.error, format!("⚠ {problem}"));
        }
        if let Some(error) = self.saving.state.error() {
            crate::widgets::problem_ui(
                ui,
                ctx.tokens.error,
                leasedesk_i18n::tr!(
                    "waitlist-not-added",
                    error = crate::error_words::api_error(error)
                ),
            );
        }
    }

    fn add(&mut self, ctx: &mut AppCtx, who: &Who, community: Option<&str>) {
        let today = ctx.today();
        let wanted_by = match self.wanted_by.trim() {
            "" => None,
            typed => match crate::domain::dates::read_day(typed, today) {
                Ok(day) => Some(day),
                Err(problem) => {
                    let why = crate::dates::day_problem(typed, problem);
                    self.problem = Some(format!(
                        "{}: {why}",
                        leasedesk_i18n::tr!("waitlist-wanted-by")
                    ));
                    return;
                }
            },
        };
        self.problem = None;
        let master = if self.deposit {
            ActivityTypeMaster::Deposit
        } else {
            ActivityTypeMaster::RoomReserve
        };
        let Some(kind) = self
            .lookups
            .state
            .value()
            .and_then(|l| l.type_for(master).cloned())
        else {
            self.problem = Some(leasedesk_i18n::tr!("waitlist-no-type"));
            return;
        };
        let wish = Wish {
            care_group: self.care_group.clone(),
            floor_plan: (self.floor_plan != ANY).then(|| self.floor_plan.clone()),
            wanted_by,
            priority: self.priority.clone(),
        };
        let communities = community.map(str::to_owned).into_iter().collect();
        if let Err(problems) =
            log_done_now(ctx, &mut self.saving, &kind, who, communities, note(&wish))
        {
            self.problem = Some(problems.join("; "));
        }
    }
}

fn choice_ui(ui: &mut egui::Ui, label: &str, id: &str, chosen: &mut String, options: &[String]) {
    labelled(ui, label, |ui| {
        steady_combo(
            ui,
            170.0,
            egui::ComboBox::from_id_salt(id).selected_text(if chosen.is_empty() {
                leasedesk_i18n::tr!("users-choose")
            } else {
                chosen.clone()
            }),
            |ui| {
                for option in options {
                    ui.selectable_value(chosen, option.clone(), option);
                }
            },
        )
    });
}
