//! Inventory's Waitlist: for each unit coming free in the next 90 days (at the community
//! chosen), who on the list it suits, in the order they are offered it; and everyone on the
//! list. "Offer…" logs a completed Call Out on the person's case and opens the move-in wizard
//! with the person and the unit.

use std::sync::Arc;

use chrono::{Datelike, NaiveDate};

use crate::api::model::ActivityTypeMaster;
use crate::commands::{CaseRef, Command, MoveInStart};
use crate::context::AppCtx;
use crate::domain::activity_draft::Who;
use crate::domain::format;
use crate::domain::move_in::{ChosenUnit, Mover};
use crate::domain::occupancy::UnitOccupancy;
use crate::domain::waitlist::{Entry, Opening, openings, ranked};
use crate::engine::asks::{self, InventoryData, Lookups};
use crate::modals::log_activity::{LogSaved, log_done_now};
use crate::remote::Slot;
use leasedesk_i18n::tr;

/// Days ahead a unit coming free is looked for.
pub const DAYS_AHEAD: u32 = 90;
/// People shown under each unit.
const OFFERED_TO: usize = 3;

#[derive(Default)]
pub struct WaitlistView {
    entries: Slot<Arc<Option<Vec<Entry>>>>,
    priorities: Slot<Vec<String>>,
    lookups: Slot<Lookups>,
    offering: Slot<LogSaved>,
    /// Asked again when the view is next shown (activities changed).
    pub stale: bool,
    asked: bool,
    /// The offer just made: (person's case, unit).
    offered: Option<(String, i64)>,
}

impl WaitlistView {
    fn keep_loaded(&mut self, ctx: &AppCtx) {
        if (!self.asked || self.stale) && !self.entries.state.is_pending() {
            self.asked = true;
            self.stale = false;
            self.entries.ask(ctx.backend, asks::inventory::waitlist());
        }
        self.entries.poll_read(ctx.backend);
        self.priorities
            .ask_once(ctx.backend, asks::lists::waitlist_priorities);
        self.priorities.poll_read(ctx.backend);
        self.lookups.ask_once(ctx.backend, asks::lists::lookups);
        self.lookups.poll_read(ctx.backend);
        self.offering.poll();
    }

    pub fn waitlist_ui(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut AppCtx,
        data: &InventoryData,
        occupancy: &[UnitOccupancy],
        community: Option<i64>,
    ) {
        self.keep_loaded(ctx);
        self.entries
            .status_slot_ui(ui, ctx, &tr!("waitlist-the-list"));
        let Some(answer) = self.entries.state.value().cloned() else {
            return;
        };
        let Some(all) = answer.as_ref() else {
            ui.label(egui::RichText::new(tr!("waitlist-still-filling")).color(ctx.tokens.muted));
            return;
        };
        let name_of = |id: i64| {
            data.communities
                .iter()
                .find(|c| c.id == id)
                .map(|c| c.name.clone())
        };
        let here = community.and_then(name_of);
        let entries: Vec<Entry> = all
            .iter()
            .filter(|e| {
                here.as_ref()
                    .is_none_or(|c| e.community.eq_ignore_ascii_case(c))
            })
            .cloned()
            .collect();
        let priorities = self.priorities.state.value().cloned().unwrap_or_default();
        let today = ctx.today();
        let coming: Vec<Opening> = openings(&data.units, &data.contracts, today, DAYS_AHEAD)
            .into_iter()
            .filter(|o| community.is_none_or(|c| o.community_id == c))
            .collect();
        // The openings listed below: those that suit someone on the list (each with who).
        let groups: Vec<(Vec<&Opening>, Vec<&Entry>)> = alike(&coming)
            .into_iter()
            .map(|group| {
                let suited = ranked(&entries, group[0], &priorities);
                (group, suited)
            })
            .filter(|(_, suited)| !suited.is_empty())
            .collect();
        let listed: usize = groups.iter().map(|(group, _)| group.len()).sum();
        ui.label(
            egui::RichText::new(match here.as_ref() {
                Some(community) => tr!(
                    "waitlist-summary-at",
                    people = entries.len(),
                    community = community.as_str(),
                    units = coming.len(),
                    days = DAYS_AHEAD,
                    suiting = listed
                ),
                None => tr!(
                    "waitlist-summary",
                    people = entries.len(),
                    units = coming.len(),
                    days = DAYS_AHEAD,
                    suiting = listed
                ),
            })
            .color(ctx.tokens.muted),
        )
        .on_hover_text(tr!("waitlist-tip"));
        self.offer_status_ui(ui, ctx);
        egui::ScrollArea::vertical()
            .id_salt("waitlist-scroll")
            .auto_shrink([false, false])
            .show(ui, |ui| {
                ui.heading(tr!("waitlist-coming-free"));
                for (group, suited) in &groups {
                    self.opening_ui(ui, ctx, data, occupancy, group, suited, today);
                }
                if groups.is_empty() {
                    ui.label(
                        egui::RichText::new(tr!("waitlist-none-suits")).color(ctx.tokens.muted),
                    );
                }
                ui.add_space(8.0);
                ui.heading(tr!("waitlist-everyone"));
                everyone_ui(ui, ctx, &entries, today.year());
            });
    }

    #[allow(clippy::too_many_arguments)]
    fn opening_ui(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut AppCtx,
        data: &InventoryData,
        occupancy: &[UnitOccupancy],
        group: &[&Opening],
        suited: &[&Entry],
        today: NaiveDate,
    ) {
        let opening = group[0];
        let units = match group.len() {
            1 => tr!("unit-number", number = opening.unit_number.as_str()),
            n if n <= 4 => tr!(
                "waitlist-units",
                numbers = group
                    .iter()
                    .map(|o| o.unit_number.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            n => tr!(
                "waitlist-units-more",
                numbers = group[..3]
                    .iter()
                    .map(|o| o.unit_number.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
                more = n - 3
            ),
        };
        let when = if opening.free_from <= today {
            tr!("waitlist-free-now")
        } else {
            tr!(
                "waitlist-free-from",
                day = crate::dates::weekday(opening.free_from, today.year())
            )
        };
        ui.strong(format!(
            "{units} · {} · {}{} · {when}",
            opening.community,
            opening.care_group,
            opening
                .floor_plan
                .as_deref()
                .map(|p| format!(" · {p}"))
                .unwrap_or_default()
        ));
        for (n, entry) in suited.iter().take(OFFERED_TO).enumerate() {
            ui.horizontal(|ui| {
                ui.label(format!("{}.", n + 1));
                if ui
                    .add(egui::Button::new(&entry.name).frame(false))
                    .on_hover_text(tr!("myday-open-case"))
                    .clicked()
                {
                    ctx.send(Command::OpenCase(CaseRef::number(
                        &entry.case_number,
                        &entry.name,
                    )));
                }
                ui.label(egui::RichText::new(facts(entry, today.year())).color(ctx.tokens.muted));
                let ready =
                    self.lookups.state.value().is_some() && !self.offering.state.is_pending();
                if ui
                    .add_enabled(ready, egui::Button::new(tr!("waitlist-offer")))
                    .on_hover_text(tr!(
                        "waitlist-offer-hint",
                        unit = opening.unit_number.as_str(),
                        name = entry.name.as_str()
                    ))
                    .clicked()
                {
                    self.offer(ctx, data, occupancy, opening, entry);
                }
            });
        }
        if suited.len() > OFFERED_TO {
            ui.label(
                egui::RichText::new(tr!("known-more", count = suited.len() - OFFERED_TO))
                    .color(ctx.tokens.muted),
            );
        }
        ui.add_space(4.0);
    }

    fn offer_status_ui(&self, ui: &mut egui::Ui, ctx: &AppCtx) {
        match (&self.offering.state, &self.offered) {
            (crate::remote::Remote::Failed { error, .. }, _) => {
                crate::widgets::problem_ui(
                    ui,
                    ctx.tokens.error,
                    tr!(
                        "waitlist-offer-failed",
                        error = crate::error_words::api_error(error)
                    ),
                );
            }
            (crate::remote::Remote::Ready(_), Some((_, _))) => {
                crate::widgets::said_ui(ui, ctx.tokens.success, tr!("waitlist-offer-logged"));
            }
            _ => {}
        }
    }

    /// Logs the offer as a completed Call Out on the person's case, and opens the move-in.
    fn offer(
        &mut self,
        ctx: &mut AppCtx,
        data: &InventoryData,
        occupancy: &[UnitOccupancy],
        opening: &Opening,
        entry: &Entry,
    ) {
        let Some(kind) = self
            .lookups
            .state
            .value()
            .and_then(|l| l.type_for(ActivityTypeMaster::CallOut).cloned())
        else {
            return;
        };
        let Some(i) = data.units.iter().position(|u| u.id == opening.unit_id) else {
            return;
        };
        let unit = &data.units[i];
        let community_unique = data
            .communities
            .iter()
            .find(|c| c.id == unit.community_id)
            .map(|c| c.name_unique.clone())
            .unwrap_or_default();
        let who = Who {
            individual_id: entry.individual_id,
            case_number: entry.case_number.clone(),
            name: entry.name.clone(),
        };
        let offer = format!(
            "Offered unit {} ({}) from the waitlist, {}",
            opening.unit_number,
            opening.care_group,
            if opening.free_from <= ctx.today() {
                "free now".to_owned()
            } else {
                format!("free from {}", format::day(opening.free_from))
            }
        );
        let communities = vec![community_unique.clone()];
        if log_done_now(ctx, &mut self.offering, &kind, &who, communities, offer).is_err() {
            return;
        }
        self.offered = Some((entry.case_number.clone(), opening.unit_id));
        ctx.send(Command::StartMoveIn(Box::new(MoveInStart {
            people: vec![Mover {
                individual_id: entry.individual_id,
                name: entry.name.clone(),
                case_number: entry.case_number.clone(),
            }],
            community_id: Some(unit.community_id),
            unit: Some(ChosenUnit {
                unit_id: unit.id,
                community_id: unit.community_id,
                number: unit.number.clone(),
                community_name: unit.community_name.clone(),
                community_unique,
                capacity: unit.capacity,
                room: occupancy.get(i).map_or(unit.capacity, |o| o.room()),
                base_monthly: unit.base_monthly,
                base_entrance: unit.base_entrance,
            }),
        })));
    }
}

/// The openings grouped by what they are and when: the same community, care group, floor plan
/// and day (a wing of like units is one line, offered by its first unit).
fn alike(coming: &[Opening]) -> Vec<Vec<&Opening>> {
    let mut groups: Vec<Vec<&Opening>> = Vec::new();
    let key = |o: &Opening| {
        (
            o.free_from,
            o.community.clone(),
            o.care_group.clone(),
            o.floor_plan.clone(),
        )
    };
    for o in coming {
        match groups.iter_mut().find(|g| key(g[0]) == key(o)) {
            Some(group) => group.push(o),
            None => groups.push(vec![o]),
        }
    }
    groups
}

/// "deposit paid · Urgent · joined Aug 1 · wants Assisted Living, any floor plan, by Feb 1".
fn facts(entry: &Entry, year: i32) -> String {
    let mut parts = Vec::new();
    if entry.deposit {
        parts.push(tr!("waitlist-deposit-paid"));
    }
    parts.push(entry.wish.priority.clone());
    parts.push(tr!(
        "waitlist-joined",
        day = crate::dates::weekday(entry.joined, year)
    ));
    if let Some(by) = entry.wish.wanted_by {
        parts.push(tr!(
            "waitlist-wanted",
            day = crate::dates::weekday(by, year)
        ));
    }
    parts.join(" · ")
}

fn everyone_ui(ui: &mut egui::Ui, ctx: &mut AppCtx, entries: &[Entry], year: i32) {
    if entries.is_empty() {
        ui.label(egui::RichText::new(tr!("waitlist-empty")).color(ctx.tokens.muted));
        return;
    }
    egui::Grid::new("waitlist-everyone")
        .num_columns(5)
        .striped(true)
        .spacing([16.0, 2.0])
        .show(ui, |ui| {
            for title in [
                tr!("details-name"),
                tr!("waitlist-col-wants"),
                tr!("waitlist-floor-plan"),
                tr!("waitlist-priority"),
                tr!("waitlist-col-joined"),
            ] {
                ui.strong(title);
            }
            ui.end_row();
            for e in entries {
                if ui
                    .add(egui::Button::new(&e.name).frame(false))
                    .on_hover_text(tr!("myday-open-case"))
                    .clicked()
                {
                    ctx.send(Command::OpenCase(CaseRef::number(&e.case_number, &e.name)));
                }
                ui.label(&e.wish.care_group);
                ui.label(
                    e.wish
                        .floor_plan
                        .clone()
                        .unwrap_or_else(|| tr!("waitlist-any")),
                );
                ui.label(if e.deposit {
                    format!("{} · {}", e.wish.priority, tr!("waitlist-deposit-paid"))
                } else {
                    e.wish.priority.clone()
                });
                ui.label(crate::dates::weekday(e.joined, year));
                ui.end_row();
            }
        });
}
