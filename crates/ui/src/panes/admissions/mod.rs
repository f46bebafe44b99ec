//! Admissions: the morning list of move-ins coming up (and those of the last two weeks), each
//! with its checklist progress as it is read; a row opens its checklist. A checklist can also
//! be opened by case number.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use super::{AppCtx, Change, Pane};
use crate::api::model::{AdmissionRequirement, HousingContract, Records};
use crate::domain::admissions::{QueueEntry, queue};
use crate::domain::checklist::Progress;
use crate::engine::asks;
use crate::remote::Slot;
use crate::widgets::{community_combo, labelled};
use leasedesk_i18n::tr;

mod checklist;
mod queue_table;

pub use checklist::Checklist;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum View {
    #[default]
    Queue,
    Checklist,
}

/// Progress of each queued contract's checklist, filled in as the reads come back.
type ProgressMap = Arc<Mutex<HashMap<i64, Progress>>>;

pub struct Admissions {
    pub view: View,
    /// How many days ahead the queue looks.
    pub days: i64,
    /// One community, or all.
    pub community: Option<i64>,
    contracts: Slot<Records<HousingContract>>,
    progress: ProgressMap,
    /// Checklist reads under way (or done) for these contracts.
    asked: std::collections::HashSet<i64>,
    reading: Slot<()>,
    /// [`crate::engine::Backend::back_online`] when checklists were last asked for.
    online_seen: u64,
    pub checklist: Checklist,
    /// The queue as last worked out, and for what: it changes only with these, not per frame.
    shown: Option<(QueueKey, Vec<QueueEntry>)>,
    /// A checklist or a contract changed: read again (showing what is known meanwhile).
    stale: bool,
}

/// The contracts' request and state, the day, the days ahead and the community.
type QueueKey = (u64, bool, bool, chrono::NaiveDate, i64, Option<i64>);

impl Default for Admissions {
    fn default() -> Self {
        Admissions {
            view: View::Queue,
            days: 30,
            community: None,
            contracts: Slot::default(),
            progress: Arc::default(),
            asked: Default::default(),
            reading: Slot::default(),
            online_seen: 0,
            checklist: Checklist::default(),
            shown: None,
            stale: false,
        }
    }
}

impl Admissions {
    /// A checklist was ticked or a move-in made: the contracts and every queued checklist's
    /// progress are read again when next shown; the old figures stay until the new ones come.
    pub fn mark_stale(&mut self) {
        self.stale = true;
        self.checklist.mark_stale();
    }

    /// Opens the checklist of a case, in a community when one is known.
    pub fn open(&mut self, case_number: &str, community: Option<i64>) {
        self.checklist.open(case_number, community);
        self.view = View::Checklist;
    }

    pub fn requirements(&self) -> Option<&Vec<AdmissionRequirement>> {
        self.checklist.requirements()
    }

    /// The queue as shown: upcoming and recent move-ins, by date.
    pub fn queue(&self, today: chrono::NaiveDate) -> Vec<QueueEntry> {
        self.contracts
            .state
            .value()
            .map(|c| queue(c, today, self.days, self.community))
            .unwrap_or_default()
    }

    pub fn progress_of(&self, contract: i64) -> Option<Progress> {
        self.progress
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(&contract)
            .copied()
    }

    /// Starts reading the checklists of the queued move-ins not read yet.
    fn read_checklists(&mut self, ctx: &AppCtx, entries: &[QueueEntry]) {
        // Checklists that could not be read are asked for again once the service is back.
        if ctx.backend.connection().back_online() != self.online_seen {
            self.online_seen = ctx.backend.connection().back_online();
            let progress = self.progress.lock().unwrap_or_else(|e| e.into_inner());
            self.asked.retain(|id| progress.contains_key(id));
        }
        let wanted: Vec<QueueEntry> = entries
            .iter()
            .filter(|e| !self.asked.contains(&e.contract_id))
            .cloned()
            .collect();
        if wanted.is_empty() || self.reading.state.is_pending() {
            return;
        }
        self.asked.extend(wanted.iter().map(|e| e.contract_id));
        let progress = self.progress.clone();
        self.reading.ask(
            ctx.backend,
            asks::admissions::queue_progress(wanted, progress),
        );
    }

    fn queue_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        let today = ctx.today();
        ui.horizontal_wrapped(|ui| {
            ui.heading(tr!("admissions-coming-up"));
            ui.add_space(12.0);
            let communities = self
                .checklist
                .communities()
                .map(|c| c.to_vec())
                .unwrap_or_default();
            // Apart from the checklist's own community picker further down.
            ui.push_id("queue-community", |ui| {
                community_combo(
                    ui,
                    &tr!("admissions-community"),
                    &communities,
                    &mut self.community,
                    Some(&tr!("admissions-all-communities")),
                );
            });
            labelled(ui, &tr!("admissions-days-ahead"), |ui| {
                ui.add(egui::DragValue::new(&mut self.days).range(1..=365))
            });
            if ui.button(tr!("admissions-refresh")).clicked() {
                self.contracts.reset();
                self.asked.clear();
                self.progress
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .clear();
            }
        });
        self.contracts
            .status_ui(ui, ctx, &tr!("case-the-contracts"));
        let key: QueueKey = (
            self.contracts.generation(),
            self.contracts.state.is_pending(),
            self.contracts.state.value().is_some(),
            today,
            self.days,
            self.community,
        );
        if self.shown.as_ref().is_none_or(|(k, _)| *k != key) {
            self.shown = Some((key, self.queue(today)));
        }
        let entries = self
            .shown
            .as_ref()
            .map(|(_, e)| e.clone())
            .unwrap_or_default();
        self.read_checklists(ctx, &entries);
        if self.contracts.state.value().is_some() && entries.is_empty() {
            ui.label(tr!(
                "admissions-none",
                ahead = self.days,
                recent = crate::domain::admissions::RECENT_DAYS
            ));
        }
        let progress = entries
            .iter()
            .map(|e| self.progress_of(e.contract_id))
            .collect();
        let mut queue = queue_table::QueueRows {
            entries: &entries,
            progress,
            today,
            reading: self.reading.state.is_pending(),
            tokens: &ctx.tokens,
            open: None,
        };
        // The checklist chooser stays in view under it.
        queue.show(ui, (ui.available_height() - 90.0).max(120.0));
        let open = queue.open.take();
        if let Some(e) = open {
            self.open(&e.case_number, Some(e.community_id));
        }
        ui.separator();
        ui.heading(tr!("admissions-checklist"));
        ui.label(egui::RichText::new(tr!("admissions-open-any")).color(ctx.tokens.muted));
        if self.checklist.chooser_ui(ui, ctx) {
            self.view = View::Checklist;
        }
    }
}

impl Pane for Admissions {
    fn reset(&mut self) {
        *self = Admissions::default();
    }

    fn shows(&self) -> &'static [Change] {
        &[Change::Checklists, Change::Contracts, Change::Activities]
    }

    fn changed(&mut self, change: Change, _: &AppCtx) {
        match change {
            // A note saved with a requirement lands in its activity.
            Change::Activities => self.checklist.mark_notes_stale(),
            _ => self.mark_stale(),
        }
    }

    fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        // The queue and a checklist's move-in are of active leases only: the rest is not held.
        // Changes told before the first read are in it (read again, every unkept checklist
        // was read twice at each first opening).
        if matches!(self.contracts.state, crate::remote::Remote::Idle) {
            self.stale = false;
        }
        self.contracts
            .ask_once(ctx.backend, asks::admissions::active_contracts);
        self.contracts.poll_read(ctx.backend);
        if self.stale && !self.contracts.state.is_pending() && !self.reading.state.is_pending() {
            self.stale = false;
            self.contracts.retry(ctx.backend);
            self.asked.clear();
        }
        self.reading.poll();
        self.checklist.poll(ctx);
        match self.view {
            View::Queue => self.queue_ui(ui, ctx),
            View::Checklist => {
                if ui.button(tr!("admissions-back")).clicked() {
                    self.view = View::Queue;
                }
                self.checklist.about = self.move_in_of_shown();
                self.checklist.ui(ui, ctx);
            }
        }
    }
}

impl Admissions {
    /// The move-in the open checklist is for: the case's active contract in its community,
    /// from the contracts already read (the latest move-in when there are several).
    fn move_in_of_shown(&self) -> Option<crate::domain::admissions::QueueEntry> {
        let (case, community) = self.checklist.shown_case()?;
        let contracts = self.contracts.state.value()?;
        crate::domain::admissions::move_in_of(contracts, &case, community)
    }

    pub fn save_filters(&self, f: &mut crate::prefs::PaneFilters) {
        f.admissions_days = self.days;
        f.admissions_community = self.community;
    }

    pub fn restore_filters(&mut self, f: &crate::prefs::PaneFilters) {
        self.days = f.admissions_days.clamp(1, 365);
        self.community = f.admissions_community;
    }
}
