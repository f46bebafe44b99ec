//! One case, opened by its number: its people (from `GET /v3/Case`, with their relationship to
//! the primary person, and contact details from a search), their addresses and activities
//! (newest first, overdue marked, each open one with "Log outcome…"), the contracts and their
//! transactions. Each part loads on its own once the case is in.

mod contact_words;
mod plan;
mod score;
pub mod sections;
mod waitlist_entry;

use crate::api::model::{Activity, Address, HousingContract, Records, Transaction};
use crate::commands::{CaseRef, Command, MoveInStart, command_button};
use crate::context::AppCtx;
use crate::domain::activity_draft::Who;
use crate::domain::move_in::Mover;
use crate::engine::asks::{self, WholeCase};
use crate::modals::close_lost::LostTarget;
use crate::modals::schedule_tour::TourTarget;
use crate::remote::{Remote, Slot};
use leasedesk_i18n::tr;

pub struct CaseView {
    pub reference: CaseRef,
    whole: Slot<WholeCase>,
    addresses: Slot<Records<Address>>,
    activities: Slot<Records<Activity>>,
    contracts: Slot<Records<HousingContract>>,
    transactions: Slot<Records<Transaction>>,
    /// Addresses and numbers typed on this desk for its people (not on the service).
    typed: Slot<Vec<crate::domain::outreach::TypedContact>>,
    all_activities: bool,
    plan: plan::PlanSection,
    /// "Record their word…": a person's opt-out or consent.
    word_form: crate::modals::contact_word::ContactWordForm,
    score: score::ScoreSection,
    waitlist: waitlist_entry::WaitlistEntryForm,
    /// What its buttons offer, as last drawn: the palette offers the same.
    actions: Vec<Command>,
    /// Whether the people's details shown (phones, emails, addresses) are in the access log.
    details_logged: bool,
}

impl CaseView {
    pub fn new(reference: CaseRef) -> Self {
        CaseView {
            reference,
            whole: Slot::default(),
            addresses: Slot::default(),
            activities: Slot::default(),
            contracts: Slot::default(),
            transactions: Slot::default(),
            typed: Slot::default(),
            all_activities: false,
            plan: plan::PlanSection::default(),
            word_form: crate::modals::contact_word::ContactWordForm::default(),
            score: score::ScoreSection::default(),
            waitlist: waitlist_entry::WaitlistEntryForm::default(),
            actions: Vec::new(),
            details_logged: false,
        }
    }

    /// Once the people's addresses are read, each person whose details the view shows is one
    /// access-log entry (their id and what was shown, counted; never the details).
    fn log_details_shown(&mut self, ctx: &AppCtx) {
        if self.details_logged {
            return;
        }
        let Some(whole) = self.whole.state.value() else {
            return;
        };
        // A person with no address on file is still shown (their phones and email).
        let addresses: &[Address] = match &self.addresses.state {
            Remote::Ready(list) => list,
            Remote::Failed { .. } => &[],
            _ => return,
        };
        self.details_logged = true;
        for person in &whole.case.individuals {
            let id = person.individual_id;
            let phones = whole.contact_of(id).map_or(0, |c| {
                [
                    &c.home_phone_format,
                    &c.mobile_phone_format,
                    &c.work_phone_format,
                ]
                .iter()
                .filter(|p| !p.is_empty())
                .count()
            });
            let emails = whole
                .contact_of(id)
                .is_some_and(|c| c.email.as_deref().is_some_and(|e| !e.is_empty()));
            let places = addresses.iter().filter(|a| a.individual_id == id).count();
            ctx.backend.access_log().record(
                crate::engine::access_log::What::PersonShown,
                Some(&self.reference.case_number),
                &format!(
                    "individual {id}: {phones} phone(s), {} email, {places} address(es)",
                    usize::from(emails)
                ),
            );
        }
    }

    /// What can be done to this case (its buttons' commands, and its outcome), for the palette.
    pub fn actions(&self) -> &[Command] {
        &self.actions
    }

    pub fn case_number(&self) -> &str {
        &self.reference.case_number
    }

    /// The case as the service gave it, once in.
    pub fn whole(&self) -> Option<&WholeCase> {
        self.whole.state.value()
    }

    pub fn activities(&self) -> Option<&Records<Activity>> {
        self.activities.state.value()
    }

    fn load(&mut self, ctx: &AppCtx) {
        let number = self.reference.case_number.clone();
        let known = self.reference.known.as_deref().cloned();
        self.whole
            .ask(ctx.backend, asks::cases::whole_case(&number, known));
    }

    /// The parts that need the case's people, once it is in.
    fn load_parts(&mut self, ctx: &AppCtx) {
        let Some(whole) = self.whole.state.value() else {
            return;
        };
        let people = whole.people();
        let case = self.reference.case_number.clone();
        self.addresses
            .ask(ctx.backend, asks::cases::addresses(&case, people.clone()));
        self.activities
            .ask(ctx.backend, asks::cases::activities(&case, people));
        self.contracts
            .ask(ctx.backend, asks::cases::contracts(&case));
        self.transactions
            .ask(ctx.backend, asks::cases::transactions(&case));
        self.typed
            .ask(ctx.backend, asks::cases::typed_contacts(&case));
    }

    /// Activities changed (an outcome was logged): read them again.
    pub fn reload_activities(&mut self, ctx: &AppCtx) {
        if let Some(whole) = self.whole.state.value() {
            let case = self.reference.case_number.clone();
            self.activities
                .ask(ctx.backend, asks::cases::activities(&case, whole.people()));
            // A message logged may have kept an address typed for it.
            self.typed
                .ask(ctx.backend, asks::cases::typed_contacts(&case));
        }
        self.score.stale();
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        if matches!(self.whole.state, Remote::Idle) {
            self.load(ctx);
        }
        if self.whole.poll_read(ctx.backend) && self.whole.state.value().is_some() {
            self.load_parts(ctx);
        }
        self.addresses.poll_read(ctx.backend);
        self.log_details_shown(ctx);
        self.activities.poll_read(ctx.backend);
        self.contracts.poll_read(ctx.backend);
        self.transactions.poll_read(ctx.backend);
        self.typed.poll_read(ctx.backend);
        ui.horizontal(|ui| {
            ui.heading(&self.reference.name);
            ui.label(
                egui::RichText::new(tr!(
                    "case-number",
                    number = self.reference.case_number.as_str()
                ))
                .color(ctx.tokens.muted),
            );
        });
        self.whole.status_ui(ui, ctx, &tr!("outreach-the-case"));
        let Some(whole) = self.whole.state.value().cloned() else {
            return;
        };
        self.actions_ui(ui, ctx, &whole);
        ui.separator();
        egui::ScrollArea::vertical()
            .id_salt("case-view-scroll")
            .auto_shrink([false, false])
            .show(ui, |ui| {
                self.people_ui(ui, ctx, &whole);
                self.typed_ui(ui, ctx, &whole);
                self.contact_words_ui(ui, ctx, &whole);
                self.lead_sections_ui(ui, ctx, &whole);
                self.contracts_ui(ui, ctx);
                self.activities_ui(ui, ctx, &whole);
            });
    }

    /// What this desk keeps of addresses typed in messages: said to be this desk's only.
    fn typed_ui(&self, ui: &mut egui::Ui, ctx: &AppCtx, whole: &WholeCase) {
        let Some(typed) = self.typed.state.value().filter(|t| !t.is_empty()) else {
            return;
        };
        ui.add_space(4.0);
        ui.label(egui::RichText::new(tr!("case-typed-here")).strong());
        for t in typed {
            let name = whole
                .case
                .individuals
                .iter()
                .find(|i| i.individual_id == t.individual_id)
                .map_or_else(|| tr!("case-someone"), |i| i.individual_name.clone());
            let reach: Vec<&str> = [t.email.as_str(), t.phone.as_str()]
                .into_iter()
                .filter(|v| !v.is_empty())
                .collect();
            ui.label(tr!(
                "case-typed-in-message",
                name = name,
                reach = reach.join(", "),
                day = crate::dates::day(t.at.with_timezone(&ctx.zone).date_naive())
            ));
        }
        ui.label(egui::RichText::new(tr!("case-typed-note")).color(ctx.tokens.muted));
    }

    /// An active lead's score, waitlist entry and follow-up plan, once its activities are in.
    fn lead_sections_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx, whole: &WholeCase) {
        if self.lead_facts(whole, ctx.now).is_none_or(|f| f.is_lost()) {
            return;
        }
        let (Some(primary), Some(activities)) = (whole.primary(), self.activities.state.value())
        else {
            return;
        };
        let who = Who {
            individual_id: primary.individual_id,
            case_number: whole.case.case_number.clone(),
            name: primary.individual_name.clone(),
        };
        let community = whole
            .contact_of(primary.individual_id)
            .and_then(|p| p.communities.first())
            .map(|c| (c.id, c.name_unique.clone()));
        let activities = activities.clone();
        ui.add_space(6.0);
        self.score.score_ui(ui, ctx, &who);
        ui.add_space(6.0);
        self.waitlist
            .entry_ui(ui, ctx, &who, community.as_ref().map(|c| c.1.as_str()));
        ui.add_space(6.0);
        // The person's states, for the guard on the plan's steps (none while unread: the
        // strictest rules at the community's clock).
        let states: Vec<String> = self
            .addresses
            .state
            .value()
            .map(|list| {
                list.iter()
                    .filter(|a| a.individual_id == who.individual_id)
                    .map(|a| a.state.clone())
                    .collect()
            })
            .unwrap_or_default();
        self.plan
            .plan_ui(ui, ctx, &who, community, &activities, &states);
        ui.add_space(6.0);
    }

    /// Email, text, call or write to the case, from a template for what is likely due.
    fn outreach_ui(&self, ui: &mut egui::Ui, ctx: &mut AppCtx, whole: &WholeCase) -> Vec<Command> {
        let activities = self.activities.state.value();
        let contracts = self.contracts.state.value();
        let purpose = crate::domain::outreach::facts::likely_purpose(
            activities.map_or(&[], |a| &a[..]),
            contracts.map_or(&[], |c| &c[..]),
            ctx.now,
        );
        let name = whole
            .primary()
            .map(|p| p.individual_name.clone())
            .unwrap_or_else(|| self.reference.name.clone());
        let drafts: Vec<Command> = crate::domain::outreach::Channel::ALL
            .into_iter()
            .map(|channel| {
                Command::DraftMessage(Box::new(crate::commands::MessageStart {
                    case_number: whole.case.case_number.clone(),
                    name: name.clone(),
                    channel,
                    purpose,
                    language: None,
                }))
            })
            .collect();
        ui.horizontal_wrapped(|ui| {
            ui.label(egui::RichText::new(tr!("case-reach-out")).color(ctx.tokens.muted));
            for command in &drafts {
                command_button(ui, ctx.commands, command.clone());
            }
        });
        drafts
    }

    fn actions_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx, whole: &WholeCase) {
        let Some(primary) = whole.primary() else {
            return;
        };
        let number = whole.case.case_number.clone();
        let who = Who {
            individual_id: primary.individual_id,
            case_number: number.clone(),
            name: primary.individual_name.clone(),
        };
        let communities = whole
            .contact_of(primary.individual_id)
            .map(|p| p.communities.clone())
            .unwrap_or_default();
        let mut people: Vec<&crate::api::model::CaseIndividual> =
            whole.case.individuals.iter().collect();
        people.sort_by_key(|i| i.individual_id != primary.individual_id);
        let movers = people
            .into_iter()
            .map(|i| Mover {
                individual_id: i.individual_id,
                name: i.individual_name.clone(),
                case_number: number.clone(),
            })
            .collect();
        let mut offered = vec![
            Command::StartMoveIn(Box::new(MoveInStart {
                people: movers,
                community_id: communities.first().map(|c| c.id),
                unit: None,
            })),
            Command::OpenAdmissions {
                case_number: number.clone(),
                community_id: communities.first().map(|c| c.id),
            },
            Command::LogActivity(Some(who.clone())),
            Command::ScheduleTour(Box::new(TourTarget {
                who: who.clone(),
                communities: communities.clone(),
            })),
            Command::NewIndividual {
                case_number: Some(number),
            },
        ];
        if self
            .lead_facts(whole, ctx.now)
            .is_some_and(|f| !f.is_lost())
        {
            offered.push(Command::CloseLost(Box::new(LostTarget {
                who: who.clone(),
                community: communities.first().map(|c| c.name_unique.clone()),
            })));
        }
        ui.horizontal_wrapped(|ui| {
            for command in &offered {
                command_button(ui, ctx.commands, command.clone());
            }
            if ui.button(tr!("case-refresh")).clicked() {
                self.load(ctx);
            }
        });
        // The palette also offers the case's outcome (the open items have their own buttons).
        offered.push(Command::LogOutcome(Box::new(
            crate::commands::FollowUpTarget {
                activity: None,
                who,
                community: communities.first().map(|c| c.name_unique.clone()),
            },
        )));
        offered.extend(self.outreach_ui(ui, ctx, whole));
        self.actions = offered;
    }
}
