//! "My day": what is overdue, what is due today, the tours coming up, the cases that need a next
//! step, and (folded away) what was followed up here. Every open item can have its outcome
//! logged and its next step set in one dialog.

use leasedesk_i18n::tr;
use std::sync::Arc;

use chrono::{DateTime, Datelike, NaiveDate, Utc};

use super::Calendar;
use super::details::log_outcome;
use crate::api::model::Activity;
use crate::commands::{CaseRef, Command, MessageStart};
use crate::context::AppCtx;
use crate::domain::activity_draft::Who;
use crate::domain::calendar::{local_day, local_times, zone_of};
use crate::domain::contact_story::ContactRule;
use crate::domain::follow_up::FollowUp;
use crate::domain::my_day::{MyDayRules, my_day};
use crate::domain::next_step::{LeadWork, NeedsNextStep, NewLead};
use crate::domain::outreach::Purpose;
use crate::engine::asks::{self, Loading};
use crate::modals::close_lost::LostTarget;
use crate::modals::log_outcome::FollowUpTarget;
use crate::panes::cases::followed_up_tip;
use crate::remote::Slot;
use crate::widgets::RovingList;

/// Rows a section shows before "Show all".
const FIRST_ROWS: usize = 8;
/// Rows a section shows at most (the calendar's other views show everything).
pub(super) const MAX_ROWS: usize = 100;

/// "New leads" and "Needs a next step": the engine works them out (from the store, or from the
/// service before the store's first fill) and the pane keeps only the rows.
#[derive(Default)]
pub struct NextStepData {
    pub rows: Slot<Arc<LeadWork>>,
    pub loading: Arc<Loading>,
    /// The colours the rows were worked out with (a change in Settings reads again).
    rule: Option<ContactRule>,
    /// "Needs a next step" by what is at stake, when the agent chose it.
    pub stake: super::at_stake::StakeOrder,
    /// The moment the rows were worked out for (the contact guard's holds are as of then).
    read_for: Option<DateTime<Utc>>,
}

/// How long the rows' holds stand before they are worked out again as of the clock: a call
/// the clock held is offered again within this of its window opening, and one the clock now
/// holds is disabled (the dialog asks the guard again before anything is handed over).
const HOLDS_FOR: chrono::Duration = chrono::Duration::minutes(15);

/// Whether the rows' holds are out of date at `now`: read for another moment long ago, or a
/// hold whose moment has come.
pub(super) fn holds_lapsed(work: &LeadWork, read_for: DateTime<Utc>, now: DateTime<Utc>) -> bool {
    (now - read_for).abs() >= HOLDS_FOR || work.a_hold_lifted_by(now)
}

impl NextStepData {
    /// Reads when first shown and again when `stale`; returns whether a read is still owed (a
    /// change told while a read was out: that read may have missed it).
    pub fn keep_loaded(&mut self, ctx: &AppCtx, stale: bool) -> bool {
        let Some(me) = ctx.me().map(|me| me.user_id) else {
            return stale;
        };
        let rule = ctx.contact_rule();
        let lapsed = match (self.rows.state.value(), self.read_for) {
            (Some(work), Some(at)) => holds_lapsed(work, at, ctx.now),
            _ => false,
        };
        let ruled_again = self.rule.as_ref().is_some_and(|r| *r != rule);
        let idle = matches!(self.rows.state, crate::remote::Remote::Idle);
        // Every lead is worked out again first and as the clock moves; after a write, only
        // the cases it touched (where the store can say which).
        let whole = idle || lapsed || ruled_again;
        let stale = stale || lapsed || ruled_again;
        // Read when first shown, and again (as of now) when a write changed activities.
        let owed = stale && self.rows.state.is_pending();
        if idle || (stale && !self.rows.state.is_pending()) {
            let (loading, now) = (self.loading.clone(), ctx.now);
            self.rule = Some(rule.clone());
            self.read_for = Some(now);
            self.rows.ask(
                ctx.backend,
                asks::calendar::lead_work(me, now, rule, loading, whole),
            );
        }
        self.rows.poll_read(ctx.backend);
        self.stake.keep_loaded(ctx, stale);
        owed
    }

    /// "Needs a next step" as worked out, none while it is read.
    pub fn shown(&self) -> &[NeedsNextStep] {
        self.rows
            .state
            .value()
            .map_or(&[], |w| w.next_steps.as_slice())
    }

    /// "New leads" as worked out, none while they are read.
    pub fn new_leads(&self) -> &[NewLead] {
        self.rows
            .state
            .value()
            .map_or(&[], |w| w.new_leads.as_slice())
    }
}

impl Calendar {
    pub(super) fn my_day_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx, today: NaiveDate) {
        self.keep_leads_loaded(ctx);
        let list = self.data.clone();
        let followed = ctx.follow_ups();
        let rules = MyDayRules::default();
        let day = my_day(&list, &self.index, &followed, ctx.now, today, &rules);
        let not_read = self.more_overdue();
        let sections = [
            (
                tr!(
                    "myday-overdue",
                    count = crate::domain::my_day::overdue_count(day.overdue.len(), not_read)
                ),
                day.overdue,
                ctx.tokens.overdue,
                tr!("myday-nothing-overdue"),
            ),
            (
                tr!("myday-due-today", count = day.due_today.len()),
                day.due_today,
                ctx.tokens.due_today,
                tr!("myday-nothing-else-due"),
            ),
            (
                tr!(
                    "myday-upcoming-tours",
                    days = rules.upcoming_days,
                    count = day.upcoming_tours.len()
                ),
                day.upcoming_tours,
                ui.visuals().text_color(),
                tr!("myday-no-tours"),
            ),
        ];
        let wide = ui.available_width() >= 900.0;
        let left = |this: &mut Self, ui: &mut egui::Ui, ctx: &mut AppCtx| {
            for (n, (title, items, color, empty)) in sections.into_iter().enumerate() {
                let shown = ui
                    .horizontal(|ui| {
                        ui.label(egui::RichText::new(title).heading().color(color));
                        this.shown_in_section(ui, n, items.len())
                    })
                    .inner;
                if n == 0 && not_read > 0 {
                    ui.label(
                        egui::RichText::new(tr!(
                            "myday-overdue-not-listed",
                            count = not_read,
                            per_day = crate::engine::TEAM_PER_DAY
                        ))
                        .color(ctx.tokens.muted),
                    );
                } else if items.is_empty() {
                    ui.label(egui::RichText::new(empty).color(ctx.tokens.muted));
                }
                let mut rows = RovingList::new(ui, ("my-day", n));
                for i in items.into_iter().take(shown) {
                    this.item_row_ui(ui, ctx, &list[i], true, &mut rows);
                }
                rows.end(ui);
                ui.add_space(10.0);
            }
        };
        // The lead lists (new leads first) head the right column: they arrive after today's
        // items, and above them would push those down under the user's pointer.
        let right = |this: &mut Self, ui: &mut egui::Ui, ctx: &mut AppCtx| {
            if wide {
                this.new_leads_ui(ui, ctx);
                ui.add_space(10.0);
            }
            // In one column below today's items: arriving later, above them it would push
            // them down under the user's pointer.
            this.missed_calls_ui(ui, ctx);
            ui.add_space(10.0);
            this.plan_steps_ui(ui, ctx);
            ui.add_space(10.0);
            this.next_steps_ui(ui, ctx);
            ui.add_space(10.0);
            egui::CollapsingHeader::new(tr!("myday-followed-up", count = day.followed_up.len()))
                .id_salt("followed-up")
                .default_open(false)
                .show(ui, |ui| {
                    ui.label(
                        egui::RichText::new(followed_up_tip())
                            .small()
                            .color(ctx.tokens.muted),
                    );
                    let mut rows = RovingList::new(ui, "followed-up");
                    for i in day.followed_up.iter().take(MAX_ROWS) {
                        let a = &list[*i];
                        this.item_row_ui(ui, ctx, a, false, &mut rows);
                        if let Some(f) = followed.get(&a.id) {
                            // One link a line: a column is narrower than both together.
                            ui.indent(("followed", a.id), |ui| {
                                this.follow_up_links_ui(ui, ctx, f, &mut rows);
                            });
                        }
                    }
                    rows.end(ui);
                });
        };
        if wide {
            // Today's work on the left, the pipeline on the right: both in view at once.
            crate::widgets::columns_ui(ui, 2, |columns| {
                egui::ScrollArea::vertical()
                    .id_salt("today-left")
                    .auto_shrink([false, false])
                    .show(&mut columns[0], |ui| left(self, ui, ctx));
                egui::ScrollArea::vertical()
                    .id_salt("today-right")
                    .auto_shrink([false, false])
                    .show(&mut columns[1], |ui| right(self, ui, ctx));
            });
        } else {
            egui::ScrollArea::vertical()
                .id_salt("today-scroll")
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    // One column: the new leads first of all, as the day starts with them.
                    self.new_leads_ui(ui, ctx);
                    ui.add_space(10.0);
                    left(self, ui, ctx);
                    right(self, ui, ctx);
                });
        }
    }

    /// How many rows of section `n` to show: the first few, or all of them (up to a cap) once
    /// asked, with the button that switches.
    fn shown_in_section(&mut self, ui: &mut egui::Ui, n: usize, len: usize) -> usize {
        let all = self.my_day_expanded.get(n).copied().unwrap_or(false);
        if len > FIRST_ROWS {
            let text = if all {
                tr!("myday-show-fewer")
            } else {
                tr!("myday-show-all", count = len)
            };
            if ui.button(text).clicked()
                && let Some(flag) = self.my_day_expanded.get_mut(n)
            {
                *flag = !all;
            }
        }
        if all { MAX_ROWS } else { FIRST_ROWS }
    }

    /// One item: when, what and who (a click shows its details), and "Log outcome…"; a row of
    /// `rows`.
    fn item_row_ui(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut AppCtx,
        a: &Activity,
        action: bool,
        rows: &mut RovingList,
    ) {
        rows.row();
        ui.horizontal(|ui| {
            let zone = zone_of(a);
            let day = crate::dates::weekday(local_day(a, zone), ctx.today().year());
            let when = match local_times(a, zone) {
                Some((start, _)) => format!("{day} {}", crate::dates::time(start)),
                None => day,
            };
            ui.label(egui::RichText::new(when).color(ctx.tokens.muted));
            let item = self.item_ui(ui, ctx, a, false, rows.sense());
            rows.cell(item);
            if action
                && rows
                    .button(ui, egui::Button::new(tr!("myday-log-outcome")))
                    .clicked()
            {
                ctx.send(log_outcome(a));
            }
        });
    }

    /// Links to the outcome and the next step (they open in the details panel).
    fn follow_up_links_ui(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &AppCtx,
        f: &FollowUp,
        rows: &mut RovingList,
    ) {
        for (what, id) in [
            (tr!("myday-followed-outcome"), f.outcome_id),
            (tr!("outcome-next-step"), f.next_id),
        ] {
            let Some(id) = id else { continue };
            // Named as the list names items: what, when and whose.
            let Some(a) = self.data.iter().find(|a| a.id == id) else {
                ui.label(
                    // Not among the activities read (yet): saved, and nothing more is claimed.
                    egui::RichText::new(tr!("case-part-saved", what = what.as_str()))
                        .color(ctx.tokens.muted),
                );
                continue;
            };
            let zone = zone_of(a);
            let day = crate::dates::weekday(local_day(a, zone), ctx.today().year());
            let when = match local_times(a, zone) {
                Some((start, _)) => format!("{day} {}", crate::dates::time(start)),
                None => day,
            };
            let kind = a.activity_type.as_deref().unwrap_or(&a.activity_name);
            let text = tr!(
                "myday-followed-item",
                what = what.as_str(),
                kind = kind,
                when = when,
                who = a.assigned_name.as_str()
            );
            // A link to the eye, a cell of the list to the keyboard.
            let text = egui::RichText::new(text).color(ui.visuals().hyperlink_color);
            let link = ui.add(egui::Button::new(text).frame(false).sense(rows.sense()));
            if rows.cell(link).on_hover_text(followed_up_tip()).clicked() {
                self.selected = Some(id);
            }
        }
    }

    /// "New leads": who waits for a first contact, oldest first, with the business time waited
    /// (counted now, so the clock moves while the list is shown).
    fn new_leads_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        let leads = self.next_step.new_leads().to_vec();
        if let Some(work) = self.next_step.rows.state.value() {
            super::holds::clock_banner_ui(ui, ctx, work);
        }
        let rules = &ctx.prefs.lead_rules;
        // All of them: oldest first, so the freshest (the ones still to win) are last, and a
        // "Show all" would hide them.
        ui.label(
            egui::RichText::new(tr!("myday-new-leads", count = leads.len()))
                .heading()
                .color(ctx.tokens.error),
        )
        .on_hover_text(tr!("myday-new-leads-tip"));
        let shown = MAX_ROWS;
        if self.next_step.rows.state.value().is_some() && leads.is_empty() {
            ui.label(egui::RichText::new(tr!("myday-all-contacted")).color(ctx.tokens.muted));
        }
        let mut open = None;
        let mut log = None;
        let mut lost = None;
        let mut draft = None;
        let mut rows = RovingList::new(ui, "new-leads");
        for lead in leads.iter().take(shown) {
            rows.row();
            // Two lines: the clock and the name, then where and the action (one line ran into
            // the next column).
            ui.horizontal_wrapped(|ui| {
                let waited = rules.waited(lead.inquired, lead.community_id, ctx.now, ctx.zone);
                let hours = rules.hours_of(lead.community_id);
                let colour = rules.response.colour(waited);
                crate::widgets::lead_colour_ui(
                    ui,
                    &ctx.tokens,
                    colour,
                    &tr!(
                        "myday-waiting",
                        waited = crate::words::waited(waited, hours)
                    ),
                )
                .on_hover_text(tr!(
                    "myday-waiting-hint",
                    hours = crate::domain::speed_to_lead::describe(hours),
                    minutes = rules.response.minutes
                ));
                if rows
                    .button(ui, egui::Button::new(&lead.name).frame(false))
                    .on_hover_text(tr!("myday-open-case"))
                    .clicked()
                {
                    open = Some(CaseRef::number(&lead.case_number, &lead.name));
                }
                for channel in crate::domain::next_step::FIRST_REPLY_CHANNELS {
                    if super::holds::contact_button(
                        &mut rows,
                        ui,
                        ctx,
                        &crate::hand_off::draft_label(channel),
                        channel,
                        &lead.holds,
                    )
                    .on_hover_text(tr!("myday-first-reply-hint", name = lead.name.as_str()))
                    .clicked()
                    {
                        draft = Some(MessageStart {
                            case_number: lead.case_number.clone(),
                            name: lead.name.clone(),
                            channel,
                            purpose: Purpose::FirstReply,
                            language: None,
                        });
                    }
                }
            });
            ui.indent(("new-lead", &lead.case_number), |ui| {
                ui.horizontal_wrapped(|ui| {
                    let about = if lead.booked {
                        tr!("myday-booked", community = lead.community.as_str())
                    } else {
                        lead.community.clone()
                    };
                    ui.label(egui::RichText::new(about).color(ctx.tokens.muted));
                    if rows
                        .button(ui, egui::Button::new(tr!("myday-log-first-contact")))
                        .on_hover_text(tr!("myday-first-contact-hint", name = lead.name.as_str()))
                        .clicked()
                    {
                        log = Some(lead.clone());
                    }
                    if rows
                        .button(ui, egui::Button::new(tr!("myday-lost")))
                        .on_hover_text(tr!("myday-lost-hint", name = lead.name.as_str()))
                        .clicked()
                    {
                        lost = Some(LostTarget {
                            who: Who {
                                individual_id: lead.individual_id,
                                case_number: lead.case_number.clone(),
                                name: lead.name.clone(),
                            },
                            community: Some(lead.community_unique.clone())
                                .filter(|c| !c.is_empty()),
                        });
                    }
                });
                super::holds::holds_ui(ui, ctx, &lead.holds);
            });
        }
        rows.end(ui);
        if let Some(start) = draft {
            ctx.send(Command::DraftMessage(Box::new(start)));
        }
        if let Some(case) = open {
            ctx.send(Command::OpenCase(case));
        }
        if let Some(target) = lost {
            ctx.send(Command::CloseLost(Box::new(target)));
        }
        if let Some(lead) = log {
            ctx.send(Command::LogOutcome(Box::new(FollowUpTarget {
                activity: None,
                who: Who {
                    individual_id: lead.individual_id,
                    case_number: lead.case_number,
                    name: lead.name,
                },
                community: Some(lead.community_unique).filter(|c| !c.is_empty()),
            })));
        }
    }

    fn next_steps_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        let count = self.next_step.shown().len();
        let shown = ui
            .horizontal(|ui| {
                ui.label(
                    egui::RichText::new(tr!("myday-needs-next-step", count = count))
                        .heading()
                        .color(ctx.tokens.warning),
                );
                let shown = self.shown_in_section(ui, 3, count);
                ui.separator();
                self.next_step.stake.choice_ui(ui);
                shown
            })
            .inner;
        let what = match self.next_step.rows.state.value() {
            Some(_) => tr!("myday-leads-and-activities"),
            None => tr!(
                "myday-leads-so-far",
                count = self
                    .next_step
                    .loading
                    .loaded
                    .load(std::sync::atomic::Ordering::SeqCst)
            ),
        };
        self.next_step.rows.status_ui(ui, ctx, &what);
        if let Some(problem) = self.next_step.stake.problem() {
            ui.label(egui::RichText::new(problem).color(ctx.tokens.muted));
        }
        let rows = self
            .next_step
            .stake
            .order(ctx, self.next_step.shown().to_vec());
        if self.next_step.rows.state.value().is_some() && rows.is_empty() {
            ui.label(egui::RichText::new(tr!("myday-all-scheduled")).color(ctx.tokens.muted));
        }
        let mut open = None;
        let mut log = None;
        let mut lost = None;
        let mut list = RovingList::new(ui, "next-steps");
        for row in rows.iter().take(shown) {
            list.row();
            ui.horizontal(|ui| {
                let meaning = crate::lead_words::colour_meaning(&ctx.prefs.lead_rules, row.colour);
                crate::widgets::lead_colour_named_ui(ui, &ctx.tokens, row.colour, &meaning)
                    .on_hover_text(crate::widgets::colour_tip());
                let day = crate::dates::weekday(row.since.date_naive(), ctx.today().year());
                // A case the service dates ahead of today is shown as it is, not as "since".
                let when = if row.since.date_naive() > ctx.today() {
                    tr!("myday-created-ahead", day = day)
                } else {
                    tr!("myday-since", day = day)
                };
                ui.label(egui::RichText::new(when).color(ctx.tokens.muted));
                if list
                    .button(ui, egui::Button::new(&row.name).frame(false))
                    .on_hover_text(tr!("myday-open-case"))
                    .clicked()
                {
                    open = Some(CaseRef::number(&row.case_number, &row.name));
                }
                self.next_step.stake.label_ui(ui, ctx, &row.case_number);
                if list
                    .button(ui, egui::Button::new(tr!("myday-log-outcome")))
                    .on_hover_text(tr!("myday-log-outcome-hint", name = row.name.as_str()))
                    .clicked()
                {
                    log = Some(row.clone());
                }
                if list
                    .button(ui, egui::Button::new(tr!("myday-lost")))
                    .on_hover_text(tr!("myday-lost-hint", name = row.name.as_str()))
                    .clicked()
                {
                    lost = Some(LostTarget {
                        who: Who {
                            individual_id: row.individual_id,
                            case_number: row.case_number.clone(),
                            name: row.name.clone(),
                        },
                        community: None,
                    });
                }
                if row.unsent {
                    ui.label(egui::RichText::new(tr!("myday-unsent")).color(ctx.tokens.warning))
                        .on_hover_text(tr!("myday-unsent-hint"));
                }
            });
        }
        list.end(ui);
        if let Some(case) = open {
            ctx.send(Command::OpenCase(case));
        }
        if let Some(target) = lost {
            ctx.send(Command::CloseLost(Box::new(target)));
        }
        if let Some(row) = log {
            ctx.send(Command::LogOutcome(Box::new(FollowUpTarget {
                activity: None,
                who: Who {
                    individual_id: row.individual_id,
                    case_number: row.case_number,
                    name: row.name,
                },
                community: None,
            })));
        }
    }
}
