//! The case view's sections: the people, the contracts and transactions, the activities.

use super::CaseView;
use crate::api::model::{Activity, CaseIndividual};
use crate::commands::Command;
use crate::context::AppCtx;
use crate::domain::calendar::{ItemState, state, zone_of};
use crate::domain::next_step::is_active_lead_of;
use crate::domain::speed_to_lead::LeadFacts;
use crate::engine::asks::WholeCase;
use crate::modals::log_outcome::FollowUpTarget;
use crate::widgets::{colour_tip, lead_colour_ui};
use chrono::Datelike;
use leasedesk_i18n::tr;

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
        let day = |t: crate::api::model::Timestamp| crate::dates::weekday(t.date_naive(), year);
        let why = crate::lead_words::standing(&standing, &rule, community, day);
        let Some(colour) = standing.colour() else {
            ui.label(egui::RichText::new(capitalised(&why)).color(ctx.tokens.muted))
                .on_hover_text(crate::modals::close_lost::no_status_update());
            return;
        };
        lead_colour_ui(
            ui,
            &ctx.tokens,
            colour,
            &format!("{}: {why}", crate::words::colour(colour)),
        )
        .on_hover_text(colour_tip());
    }

    pub(super) fn people_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx, whole: &WholeCase) {
        ui.strong(tr!("case-people"));
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
                        ui.label(tr!("case-email", email = email.as_str()));
                    }
                    for (kind, phone) in [
                        (tr!("case-home"), &c.home_phone_format),
                        (tr!("case-mobile"), &c.mobile_phone_format),
                        (tr!("case-work"), &c.work_phone_format),
                    ] {
                        if !phone.is_empty() {
                            ui.label(format!("{kind}: {phone}"));
                        }
                    }
                    if let Some(source) = c.market_source.as_deref().filter(|s| !s.is_empty()) {
                        ui.label(tr!("case-source", source = source));
                    }
                    if !c.assigned_user.is_empty() {
                        ui.label(tr!("case-assigned", user = c.assigned_user.as_str()));
                    }
                    let communities: Vec<&str> =
                        c.communities.iter().map(|x| x.name.as_str()).collect();
                    if !communities.is_empty() {
                        ui.label(tr!("case-communities", names = communities.join(", ")));
                    }
                    ui.label(tr!(
                        "case-created",
                        day = crate::dates::day(c.date_created.date_naive())
                    ));
                    // Search gives a related person's email, never the primary person's.
                    if c.email.is_none() && person.primary_individual {
                        ui.label(egui::RichText::new(tr!("case-no-email")).color(ctx.tokens.muted))
                            .on_hover_text(tr!("case-no-email-hint"));
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
                        crate::words::address_kind(&a.kind),
                        a.address_line1,
                        a.city,
                        a.state,
                        a.postal_code
                    ));
                }
            });
        }
        self.addresses
            .status_ui(ui, ctx, &tr!("case-the-addresses"));
        ui.add_space(8.0);
    }

    pub(super) fn activities_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx, whole: &WholeCase) {
        ui.strong(tr!("case-activities"));
        let followed = ctx.follow_ups();
        self.activities
            .status_ui(ui, ctx, &tr!("case-the-activities"));
        let Some(activities) = self.activities.state.value() else {
            return;
        };
        crate::widgets::unreadable_note(ui, &ctx.tokens, activities.skipped);
        if activities.is_empty() {
            ui.label(tr!("case-no-activities"));
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
                    _ if voided.contains(&a.id) => (tr!("case-voided"), ctx.tokens.muted),
                    _ if follow_up.is_some() && s.is_open() => {
                        (tr!("case-followed-up"), ctx.tokens.success)
                    }
                    ItemState::Overdue => (tr!("case-overdue"), ctx.tokens.overdue),
                    ItemState::Completed => (tr!("case-done"), ctx.tokens.completed),
                    ItemState::Cancelled | ItemState::NoShow => {
                        (tr!("case-cancelled"), ctx.tokens.muted)
                    }
                    _ => (tr!("case-open"), ui.visuals().text_color()),
                };
                ui.label(egui::RichText::new(mark).color(color).strong());
                // In the portal's zone, as the calendar shows it.
                let zone = zone_of(a);
                let day = crate::dates::day(crate::domain::calendar::local_day(a, zone));
                ui.label(match crate::domain::calendar::local_times(a, zone) {
                    Some((start, _)) => format!("{day} {}", crate::dates::time(start)),
                    None => tr!("case-all-day", day = day),
                });
                let kind = a
                    .activity_type
                    .clone()
                    .unwrap_or_else(|| tr!("case-activity"));
                ui.label(egui::RichText::new(kind).strong());
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
                    .on_hover_text(followed_up_tip());
                } else if s.is_open() && ui.button(tr!("case-log-outcome")).clicked() {
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
                .button(tr!("case-show-all", count = activities.len()))
                .clicked()
        {
            self.all_activities = true;
        }
        ui.add_space(8.0);
    }

    pub(super) fn contracts_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        ui.strong(tr!("case-contracts"));
        self.contracts
            .status_ui(ui, ctx, &tr!("case-the-contracts"));
        if let Some(contracts) = self.contracts.state.value() {
            if contracts.is_empty() {
                ui.label(tr!("case-no-contracts"));
            }
            for c in contracts {
                ui.horizontal_wrapped(|ui| {
                    let state = if c.active_lease {
                        egui::RichText::new(tr!("case-contract-active")).color(ctx.tokens.occupied)
                    } else {
                        egui::RichText::new(tr!("case-contract-ended")).color(ctx.tokens.muted)
                    };
                    ui.label(state.strong());
                    ui.label(tr!(
                        "case-contract-where",
                        community = c.community_name.as_str(),
                        unit = c.unit_number.as_str(),
                        care = c.care_group.as_str()
                    ));
                    let from = crate::dates::day(c.move_in_date.date_naive());
                    ui.label(match c.move_out_date {
                        Some(out) => tr!(
                            "case-contract-from-to",
                            name = c.individual_name.as_str(),
                            from = from,
                            to = crate::dates::day(out.date_naive())
                        ),
                        None => tr!(
                            "case-contract-from",
                            name = c.individual_name.as_str(),
                            from = from
                        ),
                    });
                    if let Some(fee) = c.monthly_fee {
                        ui.label(format!("· {}", crate::words::monthly(fee)));
                    }
                });
            }
        }
        ui.add_space(8.0);
        ui.strong(tr!("case-transactions"));
        self.transactions
            .status_ui(ui, ctx, &tr!("case-the-transactions"));
        if let Some(transactions) = self.transactions.state.value() {
            if transactions.is_empty() {
                ui.label(tr!("case-no-transactions"));
            }
            for t in transactions {
                ui.label(format!(
                    "{} · {} · {} · {}",
                    crate::dates::day(t.effective_date.date_naive()),
                    t.kind,
                    t.description,
                    t.total
                ));
            }
        }
    }
}

/// What the tooltip of a followed-up item says: why the service still calls it open.
pub fn followed_up_tip() -> String {
    tr!("case-followed-up-tip")
}

/// "outcome: Call In Nov 24, 2026 · next: Call Out Nov 25, 2026", named from `known` (an item
/// not among them yet is "saved").
pub fn followed_text(f: &crate::domain::follow_up::FollowUp, known: &[Activity]) -> String {
    let part = |what: &str, id: Option<i64>| {
        let id = id?;
        Some(match known.iter().find(|a| a.id == id) {
            Some(a) => format!(
                "{what}: {} {}",
                a.activity_type.as_deref().unwrap_or(&a.activity_name),
                crate::dates::day(crate::domain::calendar::local_day(a, zone_of(a)))
            ),
            None => tr!("case-part-saved", what = what),
        })
    };
    [
        part(&tr!("case-part-outcome"), f.outcome_id),
        part(&tr!("case-part-next"), f.next_id),
    ]
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
