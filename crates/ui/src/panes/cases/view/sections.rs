//! The case view's sections: the people, the contracts and transactions, the activities.

use super::CaseView;
use crate::api::model::{Activity, CaseIndividual};
use crate::commands::Command;
use crate::context::AppCtx;
use crate::domain::calendar::{ItemState, state, zone_of};
use crate::domain::format;
use crate::domain::next_step::is_active_lead_of;
use crate::domain::speed_to_lead::LeadFacts;
use crate::engine::asks::WholeCase;
use crate::modals::log_outcome::FollowUpTarget;
use crate::widgets::{COLOUR_TIP, lead_colour_ui};
use chrono::Datelike;

impl CaseView {
    /// What an active lead's own activities say (`None` for any other case, or before they
    /// are in).
    pub(super) fn lead_facts(
        &self,
        whole: &WholeCase,
        now: chrono::DateTime<chrono::Utc>,
    ) -> Option<LeadFacts> {
        let (Some(case), Some(activities)) = (&whole.contact, self.activities.state.value()) else {
            return None;
        };
        if !is_active_lead_of(case, None) {
            return None;
        }
        Some(LeadFacts::of(activities, now))
    }

    /// An active lead's red, amber or green, from the case's own activities; or that it was
    /// closed as lost.
    fn follow_up_badge_ui(&self, ui: &mut egui::Ui, ctx: &AppCtx, whole: &WholeCase) {
        let (Some(case), Some(facts)) = (&whole.contact, self.lead_facts(whole, ctx.now)) else {
            return;
        };
        let rule = ctx.contact_rule();
        let community = case.primary.communities.first().map(|c| c.id);
        let standing = facts.standing(case.primary.date_created, community, ctx.now, &rule);
        let year = ctx.today().year();
        let day = |t: crate::api::model::Timestamp| format::weekday(t.date_naive(), year);
        let why = standing.why(&rule, community, day);
        let Some(colour) = standing.colour() else {
            ui.label(egui::RichText::new(capitalised(&why)).color(ctx.tokens.muted))
                .on_hover_text(crate::modals::close_lost::NO_STATUS_UPDATE);
            return;
        };
        lead_colour_ui(
            ui,
            &ctx.tokens,
            colour,
            &format!("{}: {why}", colour.name()),
        )
        .on_hover_text(COLOUR_TIP);
    }

    pub(super) fn people_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx, whole: &WholeCase) {
        ui.strong("People");
        let addresses = self.addresses.state.value().cloned().unwrap_or_default();
        let mut people: Vec<&CaseIndividual> = whole.case.individuals.iter().collect();
        people.sort_by_key(|p| p.individual_id != whole.case.primary_individual_id);
        for person in people {
            let contact = whole.contact_of(person.individual_id);
            egui::Frame::group(ui.style()).show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.horizontal_wrapped(|ui| {
                    ui.label(egui::RichText::new(&person.individual_name).strong());
                    let role = match &person.relationship_type {
                        Some(relationship) if !person.primary_individual => {
                            format!("{} · {relationship}", person.individual_type)
                        }
                        _ => person.individual_type.clone(),
                    };
                    ui.label(role);
                    if let Some(c) = contact {
                        ui.label(
                            egui::RichText::new(&c.individual_status_name).color(ctx.tokens.muted),
                        );
                    }
                    if person.primary_individual {
                        self.follow_up_badge_ui(ui, ctx, whole);
                    }
                });
                if let Some(c) = contact {
                    if let Some(email) = &c.email {
                        ui.label(format!("Email: {email}"));
                    }
                    for (kind, phone) in [
                        ("Home", &c.home_phone_format),
                        ("Mobile", &c.mobile_phone_format),
                        ("Work", &c.work_phone_format),
                    ] {
                        if !phone.is_empty() {
                            ui.label(format!("{kind}: {phone}"));
                        }
                    }
                    if let Some(source) = c.market_source.as_deref().filter(|s| !s.is_empty()) {
                        ui.label(format!("Source: {source}"));
                    }
                    if !c.assigned_user.is_empty() {
                        ui.label(format!("Assigned to: {}", c.assigned_user));
                    }
                    let communities: Vec<&str> =
                        c.communities.iter().map(|x| x.name.as_str()).collect();
                    if !communities.is_empty() {
                        ui.label(format!("Communities: {}", communities.join(", ")));
                    }
                    ui.label(format!("Created {}", c.date_created.format(format::DAY)));
                    // Search gives a related person's email, never the primary person's.
                    if c.email.is_none() && person.primary_individual {
                        ui.label(
                            egui::RichText::new("Email: not available in this view")
                                .color(ctx.tokens.muted),
                        )
                        .on_hover_text(
                            "The service's search returns the email of a case's related people, \
                             not of its primary person, and has no other read of it.",
                        );
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

    pub(super) fn activities_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx, whole: &WholeCase) {
        ui.strong("Activities");
        let followed = ctx.follow_ups();
        self.activities.status_ui(ui, ctx, "activities");
        let Some(activities) = self.activities.state.value() else {
            return;
        };
        crate::widgets::unreadable_note(ui, &ctx.tokens, activities.skipped);
        if activities.is_empty() {
            ui.label("No activities yet.");
        }
        let shown = if self.all_activities {
            activities.len()
        } else {
            activities.len().min(50)
        };
        // The service keeps an activity logged by mistake; a correction on the case says so.
        let voided = crate::domain::contact::plan_marker::voided(activities);
        for a in &activities[..shown] {
            ui.horizontal_wrapped(|ui| {
                // Overdue is marked by an icon and words, not colour alone.
                let s = state(a, ctx.now, zone_of(a));
                let follow_up = followed.get(&a.id);
                let (mark, color) = match s {
                    _ if voided.contains(&a.id) => ("✖ Logged by mistake", ctx.tokens.muted),
                    _ if follow_up.is_some() && s.is_open() => {
                        ("↪ Followed up", ctx.tokens.success)
                    }
                    ItemState::Overdue => ("⚠ Overdue", ctx.tokens.overdue),
                    ItemState::Completed => ("✔ Done", ctx.tokens.completed),
                    ItemState::Cancelled | ItemState::NoShow => ("✖ Cancelled", ctx.tokens.muted),
                    _ => ("○ Open", ui.visuals().text_color()),
                };
                ui.label(egui::RichText::new(mark).color(color).strong());
                // In the portal's zone, as the calendar shows it.
                let zone = zone_of(a);
                let day = crate::domain::calendar::local_day(a, zone).format(format::DAY);
                ui.label(match crate::domain::calendar::local_times(a, zone) {
                    Some((start, _)) => format!("{day} {}", start.format(format::TIME)),
                    None => format!("{day}, all day"),
                });
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
                if let Some(f) = follow_up {
                    ui.label(
                        egui::RichText::new(followed_text(f, activities)).color(ctx.tokens.muted),
                    )
                    .on_hover_text(FOLLOWED_UP_TIP);
                } else if s.is_open() && ui.button("Log outcome…").clicked() {
                    ctx.send(Command::LogOutcome(Box::new(FollowUpTarget {
                        activity: Some(a.clone()),
                        who: crate::domain::activity_draft::Who {
                            individual_id: a.individual_id,
                            case_number: whole.case.case_number.clone(),
                            name: a.individual_full_name.clone(),
                        },
                        community: Some(a.community.name_unique.clone()),
                    })));
                }
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

    pub(super) fn contracts_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
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
                        ui.label(format!("· {}", crate::domain::format::monthly(fee)));
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

/// What the tooltip of a followed-up item says: why the service still calls it open.
pub const FOLLOWED_UP_TIP: &str = "The service cannot change an activity once it is made, so it still lists this one as open. LeaseDesk logged its outcome and next step as new activities and remembers, on this computer, that this one is dealt with.";

/// "outcome: Call In Nov 24, 2026 · next: Call Out Nov 25, 2026", named from `known` (an item
/// not among them yet is "saved").
pub fn followed_text(f: &crate::domain::follow_up::FollowUp, known: &[Activity]) -> String {
    let part = |what: &str, id: Option<i64>| {
        let id = id?;
        Some(match known.iter().find(|a| a.id == id) {
            Some(a) => format!(
                "{what}: {} {}",
                a.activity_type.as_deref().unwrap_or(&a.activity_name),
                crate::domain::calendar::local_day(a, zone_of(a)).format(format::DAY)
            ),
            None => format!("{what}: saved"),
        })
    };
    [part("outcome", f.outcome_id), part("next", f.next_id)]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" · ")
}

/// `text` with its first letter in capitals ("closed as lost …" starting a line).
fn capitalised(text: &str) -> String {
    let mut letters = text.chars();
    letters.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(letters).collect()
    })
}
