//! The campaign RSVP board: campaigns with search, one column per status with counts, cards
//! moved by drag and drop or from the keyboard with a menu. Moves show at once, are sent one
//! at a time in the order made, and are put back with the service's message if refused.

use crate::api::model::Records;
use crate::engine::{SentOrQueued, asks};
use egui::Id;
use leasedesk_i18n::tr;

use super::{AppCtx, Change, Pane};
use crate::api::ApiError;
use crate::api::model::{
    Campaign, CampaignIndividual, CampaignIndividualAdd, CampaignMember, CampaignStatus,
};
use crate::domain::campaigns::{Board, COLUMNS, Move, write_members_csv};
use crate::engine::CampaignMoveWrite;
use crate::engine::QueuedWrite;
use crate::files;
use crate::person_finder::{Offer, PersonFinder};
use crate::remote::{Remote, Slot};
use crate::widgets::{entered, labelled, steady_combo};

#[derive(Debug, Clone, Copy, PartialEq)]
enum FocusCard {
    First,
    Member(i64),
}

/// What a dragged card carries.
#[derive(Debug, Clone, Copy)]
struct Dragged(i64);

#[derive(Default)]
pub struct Campaigns {
    search: String,
    searched: Option<String>,
    list: Slot<Records<Campaign>>,
    /// The listed campaigns' event days, read once the list is in.
    days: Slot<
        std::collections::BTreeMap<
            i64,
            (crate::api::model::Timestamp, crate::api::model::Timestamp),
        >,
    >,
    chosen: Option<Campaign>,
    /// Keyboard focus goes to this card once drawn (the first card of a board just opened, or
    /// a card just moved from its menu).
    focus_card: Option<FocusCard>,
    members: Slot<Records<CampaignIndividual>>,
    pub board: Option<Board>,
    sending: Slot<SentOrQueued<()>>,
    /// The last refusal, shown above the board.
    refusal: Option<String>,
    community: Option<String>,
    add_status: Option<CampaignStatus>,
    finder: PersonFinder,
    adding: Slot<SentOrQueued<()>>,
    export: files::Status,
    /// A sync brought campaigns or members changed elsewhere: read again once no move of
    /// this desk is on its way and no card is being dragged.
    stale: bool,
}

impl Campaigns {
    /// Campaigns or their members changed (a colleague's RSVP move, a sync).
    pub fn mark_stale(&mut self) {
        self.stale = true;
    }

    /// Reads a stale list and board again, when that moves nothing under the user's hands.
    fn reload_if_stale(&mut self, ctx: &AppCtx, egui_ctx: &egui::Context) {
        if !self.stale
            || !self.queue_empty()
            || self.adding.state.is_pending()
            || egui::DragAndDrop::has_any_payload(egui_ctx)
        {
            return;
        }
        self.stale = false;
        if self.searched.is_some() {
            self.load_list(ctx);
        }
        self.load_members(ctx);
    }

    fn load_list(&mut self, ctx: &AppCtx) {
        self.searched = Some(self.search.clone());
        self.list
            .ask(ctx.backend, asks::campaigns::campaigns(&self.search));
    }

    fn load_members(&mut self, ctx: &AppCtx) {
        let Some(id) = self.chosen.as_ref().map(|c| c.id) else {
            return;
        };
        self.members.ask(ctx.backend, asks::campaigns::members(id));
    }

    /// Sends the next queued move when none is in flight.
    fn pump(&mut self, ctx: &AppCtx) {
        if self.sending.state.is_pending() {
            return;
        }
        let Some(board) = &self.board else { return };
        let Some(&Move {
            individual_id, to, ..
        }) = board.queue.front()
        else {
            return;
        };
        let body = CampaignIndividualAdd {
            campaign_id: board.campaign_id,
            individuals: vec![CampaignMember {
                individual_id,
                campaign_status_id: to,
            }],
        };
        let name = board
            .members
            .iter()
            .find(|m| m.individual_id == individual_id)
            .map_or(String::new(), |m| {
                format!("{} {}", m.first_name, m.last_name)
            });
        let campaign = self
            .chosen
            .as_ref()
            .map_or(String::new(), |c| c.name.clone());
        let write = CampaignMoveWrite {
            body: body.clone(),
            summary: tr!(
                "outbox-campaign-move",
                name = name,
                status = crate::words::campaign_status(to),
                campaign = campaign
            ),
        };
        self.sending
            .ask(ctx.backend, asks::writes::campaign_move(write));
    }

    fn take_answers(&mut self, ctx: &AppCtx) {
        if self.list.poll_read(ctx.backend)
            && let Some(list) = self.list.state.value()
        {
            let ids: Vec<i64> = list.iter().map(|c| c.id).collect();
            self.days
                .ask(ctx.backend, asks::campaigns::event_days(&self.search, ids));
        }
        self.days.poll_read(ctx.backend);
        if self.members.poll_read(ctx.backend)
            && let (Some(list), Some(c)) = (self.members.state.value(), &self.chosen)
        {
            self.board = Some(Board::new(c.id, list.to_vec()));
        }
        if self.sending.poll()
            && let Some(board) = &mut self.board
        {
            match &self.sending.state {
                Remote::Ready(_) => {
                    board.confirmed();
                }
                Remote::Failed { error, .. } => {
                    if let Some(m) = board.refused() {
                        let name = board
                            .members
                            .iter()
                            .find(|x| x.individual_id == m.individual_id)
                            .map_or(String::new(), |x| {
                                format!("{} {}", x.first_name, x.last_name)
                            });
                        self.refusal = Some(tr!(
                            "campaigns-not-moved",
                            name = name,
                            to = crate::words::campaign_status(m.to),
                            from = crate::words::campaign_status(m.from),
                            why = move_failure(error)
                        ));
                    }
                }
                _ => {}
            }
        }
        if self.adding.poll() && matches!(self.adding.state, Remote::Ready(_)) {
            self.load_members(ctx);
        }
        self.pump(ctx);
    }
}

impl Pane for Campaigns {
    fn reset(&mut self) {
        *self = Campaigns::default();
    }

    fn shows(&self) -> &'static [Change] {
        &[Change::Campaigns]
    }

    fn changed(&mut self, _: Change, _: &AppCtx) {
        self.mark_stale();
    }

    fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        if self.searched.is_none() {
            self.load_list(ctx);
        }
        self.reload_if_stale(ctx, &ui.ctx().clone());
        self.take_answers(ctx);
        egui::Panel::left("campaign-list")
            .resizable(true)
            .frame(crate::widgets::resizable_panel_frame(ui.style()))
            .default_size(260.0)
            .show(ui, |ui| self.list_ui(ui, ctx));
        let Some(campaign) = self.chosen.clone() else {
            ui.heading(tr!("nav-campaigns"));
            ui.label(tr!("campaigns-choose"));
            return;
        };
        ui.horizontal(|ui| {
            ui.heading(&campaign.name);
            let (text, colour) = if campaign.is_active {
                (tr!("campaigns-active"), ctx.tokens.success)
            } else {
                (tr!("campaigns-inactive"), ctx.tokens.muted)
            };
            ui.colored_label(colour, text);
            if ui.button(tr!("campaigns-reload")).clicked() {
                self.load_members(ctx);
            }
            if !self.queue_empty() {
                crate::widgets::spinner_ui(ui);
                ui.label(tr!(
                    "campaigns-saving",
                    count = self.board.as_ref().map_or(0, |b| b.queue.len())
                ));
            }
        });
        self.members.status_ui(ui, ctx, &tr!("noun-members"));
        if let Some(message) = self.refusal.clone() {
            ui.horizontal_wrapped(|ui| {
                crate::widgets::problem_ui(ui, ctx.tokens.error, format!("⚠ {message}"));
                if ui.button(tr!("status-dismiss")).clicked() {
                    self.refusal = None;
                }
            });
        }
        if self.board.is_none() {
            return;
        }
        self.toolbar_ui(ui, ctx);
        self.add_people_ui(ui, ctx);
        ui.separator();
        self.columns_ui(ui, ctx);
    }
}

impl Campaigns {
    /// The campaign whose board is open.
    pub fn chosen_id(&self) -> Option<i64> {
        self.chosen.as_ref().map(|c| c.id)
    }

    fn queue_empty(&self) -> bool {
        self.board.as_ref().is_none_or(|b| b.queue.is_empty())
    }

    fn list_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        ui.heading(tr!("nav-campaigns"));
        ui.horizontal(|ui| {
            let field = labelled(ui, &tr!("campaigns-find"), |ui| {
                ui.add(
                    egui::TextEdit::singleline(&mut self.search)
                        .id_salt("campaigns-search")
                        .desired_width(130.0),
                )
            });
            if ui.button(tr!("campaigns-go")).clicked() || entered(ui, &field) {
                self.load_list(ctx);
            }
        });
        self.list.status_ui(ui, ctx, &tr!("noun-campaigns"));
        let Some(list) = self.list.state.value().cloned() else {
            return;
        };
        if list.is_empty() {
            ui.label(tr!("campaigns-none"));
        }
        let days = self.days.state.value().cloned().unwrap_or_default();
        egui::ScrollArea::vertical().show(ui, |ui| {
            for c in list {
                let chosen = self.chosen.as_ref().is_some_and(|x| x.id == c.id);
                let status = if c.is_active {
                    String::new()
                } else {
                    format!(" ({})", tr!("campaigns-inactive-short"))
                };
                // The event's day beside its name (a campaign nobody is invited to has none).
                let when = days.get(&c.id).map(|(start, end)| {
                    let (a, b) = (start.date_naive(), end.date_naive());
                    if b > a {
                        format!("{} – {}", crate::dates::day(a), crate::dates::day(b))
                    } else {
                        crate::dates::day(a)
                    }
                });
                let clicked = ui
                    .horizontal(|ui| {
                        let name = format!("{}{status}", c.name);
                        let clicked = ui.add(egui::Button::selectable(chosen, name)).clicked();
                        if let Some(when) = when {
                            ui.label(egui::RichText::new(when).color(ctx.tokens.muted));
                        }
                        clicked
                    })
                    .inner;
                if clicked {
                    self.focus_card = Some(FocusCard::First);
                    self.chosen = Some(c);
                    self.board = None;
                    self.refusal = None;
                    self.community = None;
                    self.load_members(ctx);
                }
            }
        });
    }

    fn toolbar_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        let Some(board) = &self.board else { return };
        let mut communities: Vec<String> =
            board.members.iter().map(|m| m.community.clone()).collect();
        communities.sort();
        communities.dedup();
        ui.horizontal(|ui| {
            let label = ui.label(tr!("campaigns-community"));
            steady_combo(
                ui,
                200.0,
                egui::ComboBox::from_id_salt("campaign-community").selected_text(
                    self.community
                        .clone()
                        .unwrap_or(tr!("campaigns-all-communities")),
                ),
                |ui| {
                    ui.selectable_value(
                        &mut self.community,
                        None,
                        tr!("campaigns-all-communities"),
                    );
                    for c in communities {
                        ui.selectable_value(&mut self.community, Some(c.clone()), c);
                    }
                },
            )
            .labelled_by(label.id);
            if ui.button(tr!("campaigns-export")).clicked() {
                let members = board.members.clone();
                files::save_csv(
                    ctx.backend,
                    "campaign-members.csv",
                    tr!("files-what-members", count = members.len()),
                    self.export.clone(),
                    move |f| write_members_csv(&members, f),
                );
            }
            files::status_line_ui(ui, &self.export, ctx.tokens.muted, false);
        });
    }

    fn add_people_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        let Some(campaign_id) = self.board.as_ref().map(|b| b.campaign_id) else {
            return;
        };
        egui::CollapsingHeader::new(tr!("campaigns-add-people"))
            .id_salt("campaign-add")
            .show(ui, |ui| {
                ui.horizontal(|ui| {
                    self.finder
                        .search_box_ui(ui, ctx, &tr!("campaigns-find-people"), "");
                    let label = ui.label(tr!("campaigns-starting-status"));
                    let status = self.add_status.get_or_insert(CampaignStatus::Invited);
                    crate::widgets::Choices::new(
                        ui,
                        "campaign-add-status",
                        COLUMNS,
                        crate::words::campaign_status,
                        120.0,
                    )
                    .show(ui, status)
                    .labelled_by(label.id);
                });
                self.adding.status_ui(ui, ctx, &tr!("noun-new-members"));
                if let Remote::Ready(SentOrQueued::Queued(_)) = self.adding.state {
                    ui.colored_label(ctx.tokens.warning, tr!("campaigns-added-offline"));
                }
                let members: Vec<i64> = self
                    .board
                    .as_ref()
                    .map(|b| b.members.iter().map(|m| m.individual_id).collect())
                    .unwrap_or_default();
                let enabled = !self.adding.state.is_pending();
                let added = self.finder.results_ui(ui, ctx, enabled, |p| {
                    if members.contains(&p.individual_id) {
                        Offer::Note(tr!(
                            "campaigns-already-in",
                            name = p.individual_name.as_str()
                        ))
                    } else {
                        Offer::Add
                    }
                });
                if let Some(p) = added {
                    let status = self.add_status.unwrap_or(CampaignStatus::Invited);
                    let body = CampaignIndividualAdd {
                        campaign_id,
                        individuals: vec![CampaignMember {
                            individual_id: p.individual_id,
                            campaign_status_id: status,
                        }],
                    };
                    let campaign = self.chosen.as_ref().map_or("", |c| c.name.as_str());
                    let write = CampaignMoveWrite {
                        body: body.clone(),
                        summary: tr!(
                            "outbox-campaign-add",
                            name = p.individual_name.as_str(),
                            campaign = campaign,
                            status = crate::words::campaign_status(status)
                        ),
                    };
                    self.adding
                        .ask(ctx.backend, asks::writes::campaign_move(write));
                }
            });
    }

    fn columns_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        let Some(board) = &mut self.board else { return };
        let community = self.community.clone();
        let columns = board.columns(|m| community.as_ref().is_none_or(|c| &m.community == c));
        let mut moved: Option<(i64, CampaignStatus)> = None;
        let mut by_menu = false;
        let height = ui.available_height();
        let first = columns
            .iter()
            .flatten()
            .next()
            .map(|&i| board.members[i].individual_id);
        let focus = match self.focus_card {
            Some(FocusCard::First) => first,
            Some(FocusCard::Member(id)) => Some(id),
            None => None,
        };
        let mut focused = false;
        // Cards whose move waits in the outbox, marked so nobody thinks it reached the service.
        let waiting: std::collections::HashSet<i64> = ctx
            .backend
            .outbox()
            .entries()
            .iter()
            .filter_map(|e| match &e.write {
                QueuedWrite::CampaignMove(CampaignMoveWrite { body, .. })
                    if body.campaign_id == board.campaign_id =>
                {
                    Some(body.individuals.iter().map(|m| m.individual_id))
                }
                _ => None,
            })
            .flatten()
            .collect();
        ui.columns(COLUMNS.len(), |cols| {
            for (k, (status, ui)) in COLUMNS.into_iter().zip(cols.iter_mut()).enumerate() {
                let frame = egui::Frame::group(ui.style()).inner_margin(6.0);
                let (_, dropped) = ui.dnd_drop_zone::<Dragged, _>(frame, |ui| {
                    ui.set_min_height(height - 16.0);
                    ui.set_width(ui.available_width());
                    ui.strong(format!(
                        "{} ({})",
                        crate::words::campaign_status(status),
                        columns[k].len()
                    ));
                    egui::ScrollArea::vertical()
                        .id_salt(("campaign-column", k))
                        .auto_shrink([false, false])
                        // Dragging moves cards, not the list.
                        .scroll_source(egui::scroll_area::ScrollSource {
                            scroll_bar: true,
                            drag: egui::scroll_area::DragScroll::Never,
                            mouse_wheel: true,
                        })
                        .show(ui, |ui| {
                            for &i in &columns[k] {
                                let member = &board.members[i];
                                let pending = waiting.contains(&member.individual_id);
                                let take_focus = focus == Some(member.individual_id);
                                focused |= take_focus;
                                if let Some(to) =
                                    card_ui(ui, member, status, pending, take_focus, ctx)
                                {
                                    moved = Some((board.members[i].individual_id, to));
                                    by_menu = true;
                                }
                                ui.add_space(4.0);
                            }
                        });
                });
                if let Some(Dragged(id)) = dropped.as_deref().copied() {
                    moved = Some((id, status));
                }
            }
        });
        if focused {
            self.focus_card = None;
        }
        if let Some((id, to)) = moved
            && board.move_to(id, to)
        {
            // A move made from the keyboard keeps the keyboard on the moved card.
            if by_menu {
                self.focus_card = Some(FocusCard::Member(id));
            }
            self.refusal = None;
            self.pump(ctx);
        }
    }
}

/// One card: drag it (all of it moves) to another column, or open its name's menu to move it
/// from the keyboard (a click on the name opens the menu; a drag from anywhere moves the card).
/// Returns the status chosen in the menu.
fn card_ui(
    ui: &mut egui::Ui,
    m: &CampaignIndividual,
    status: CampaignStatus,
    pending: bool,
    take_focus: bool,
    ctx: &AppCtx,
) -> Option<CampaignStatus> {
    let mut chosen = None;
    let id = Id::unique(("campaign-card", m.individual_id));
    ui.dnd_drag_source(id, Dragged(m.individual_id), |ui| {
        egui::Frame::new()
            .fill(ui.visuals().faint_bg_color)
            .stroke(ui.visuals().widgets.noninteractive.bg_stroke)
            .corner_radius(4.0)
            .inner_margin(6.0)
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                // A column lays out justified, which spread a card's wrapped words to its edges
                // ("a l m a . d o n n e l l y"): a card reads as written.
                ui.vertical(|ui| {
                    let name = ui
                        .menu_button(format!("{} {}", m.first_name, m.last_name), |ui| {
                            // The entry under the keyboard stands out, not only a faint outline.
                            let selection = ui.visuals().selection;
                            let widgets = &mut ui.visuals_mut().widgets;
                            for state in [&mut widgets.hovered, &mut widgets.active] {
                                state.weak_bg_fill = selection.bg_fill;
                                state.bg_fill = selection.bg_fill;
                                state.fg_stroke = selection.stroke;
                            }
                            ui.label(tr!("campaigns-move-to-menu"));
                            for to in COLUMNS {
                                if to != status
                                    && ui
                                        .button(tr!(
                                            "campaigns-move-to",
                                            status = crate::words::campaign_status(to)
                                        ))
                                        .clicked()
                                {
                                    chosen = Some(to);
                                    ui.close();
                                }
                            }
                        })
                        .response
                        .on_hover_text(tr!("campaigns-card-hint"));
                    if take_focus {
                        name.request_focus();
                    }
                    let muted = ctx.tokens.muted;
                    ui.label(
                        egui::RichText::new(format!("{} · {}", m.kind, m.community))
                            .color(muted)
                            .small(),
                    );
                    if !m.email.is_empty() {
                        ui.label(egui::RichText::new(&m.email).small());
                    }
                    if pending {
                        ui.label(
                            egui::RichText::new(tr!("campaigns-moved-offline"))
                                .color(ctx.tokens.warning)
                                .small(),
                        );
                    }
                    if !m.response.is_empty() {
                        ui.label(
                            egui::RichText::new(format!("“{}”", m.response))
                                .italics()
                                .small(),
                        );
                    }
                });
            });
    })
    .response
    .on_hover_text(tr!("campaigns-drag-hint"));
    chosen
}

fn move_failure(error: &ApiError) -> String {
    match error {
        ApiError::OutcomeUnknown { .. } => {
            tr!("campaigns-no-answer")
        }
        other => crate::error_words::api_error(other),
    }
}
