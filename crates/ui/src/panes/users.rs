//! Users: search by id, email or name with each user's last login; create users in a small
//! batch, every field checked before sending and the service's answer shown per user.

use super::{AppCtx, Change, Pane};
use crate::api::ApiError;
use crate::api::model::Records;
use crate::api::model::{Community, TIME_ZONES, User, UsersCreated};
use crate::domain::user_draft::{UserDraft as Draft, check, row_of};
use crate::engine::asks;
use crate::remote::{Remote, Slot};
use crate::widgets::wide_table::{WideRows, WideTable};
use crate::widgets::{community_checkboxes, entered, labelled, steady_combo};
use leasedesk_i18n::tr;

#[derive(Default)]
pub struct Users {
    query: String,
    searched: Option<String>,
    list: Slot<Records<User>>,
    communities: Slot<Records<Community>>,
    drafts: Vec<Draft>,
    sending: Slot<UsersCreated>,
    /// Which draft rows the request in flight holds.
    sent_rows: Vec<usize>,
    /// The users changed (one created at another desk): the list shown is read again.
    stale: bool,
}

impl Users {
    pub fn users(&self) -> Option<&Vec<User>> {
        self.list.state.value().map(|r| &**r)
    }

    /// The users changed: the list shown is read again, for what was searched (not what is
    /// being typed in the box meanwhile).
    pub fn mark_stale(&mut self) {
        self.stale = true;
    }

    fn search(&mut self, ctx: &AppCtx) {
        let query = self.query.clone();
        self.search_for(ctx, query);
    }

    fn search_for(&mut self, ctx: &AppCtx, query: String) {
        self.list.ask(ctx.backend, asks::people::users(&query));
        self.searched = Some(query);
    }
}

impl Pane for Users {
    fn reset(&mut self) {
        *self = Users::default();
    }

    fn shows(&self) -> &'static [Change] {
        &[Change::Users]
    }

    fn changed(&mut self, _: Change, _: &AppCtx) {
        self.mark_stale();
    }

    fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        if self.searched.is_none() {
            self.search(ctx);
            self.drafts.push(Draft::default());
        }
        self.communities
            .ask_once(ctx.backend, asks::people::communities);
        self.list.poll_read(ctx.backend);
        if self.stale
            && !self.list.state.is_pending()
            && let Some(searched) = self.searched.clone()
        {
            self.stale = false;
            self.search_for(ctx, searched);
        }
        self.communities.poll_read(ctx.backend);
        if self.sending.poll() {
            self.take_answer(ctx);
        }
        ui.heading(tr!("nav-users"));
        // The form takes at most two fifths of a narrow window: the list keeps its columns.
        // Where even that leaves the list too little (zoomed to 200% or more), the form goes
        // under the list instead of running over it.
        let form_width = (ui.available_width() * 0.4).clamp(320.0, 420.0);
        let frame = crate::widgets::resizable_panel_frame(ui.style());
        if ui.available_width() - form_width >= LIST_LEAST {
            egui::Panel::right("user-create")
                .resizable(true)
                .frame(frame)
                .default_size(form_width)
                .max_size(ui.available_width() - LIST_LEAST)
                .show(ui, |ui| {
                    egui::ScrollArea::vertical().show(ui, |ui| self.create_ui(ui, ctx));
                });
        } else {
            egui::Panel::bottom("user-create-below")
                .resizable(true)
                .frame(frame)
                .default_size(ui.available_height() * 0.5)
                .max_size(ui.available_height() * 0.5)
                .show(ui, |ui| {
                    egui::ScrollArea::vertical()
                        .id_salt("user-create-below")
                        .show(ui, |ui| self.create_ui(ui, ctx));
                });
        }
        ui.horizontal(|ui| {
            let field = labelled(ui, &tr!("users-find"), |ui| {
                ui.add(
                    egui::TextEdit::singleline(&mut self.query)
                        .id_salt("users-query")
                        .hint_text(tr!("users-find-hint"))
                        .desired_width(220.0_f32.min(ui.available_width() * 0.5)),
                )
            });
            if ui.button(tr!("users-find-button")).clicked() || entered(ui, &field) {
                self.search(ctx);
            }
        });
        self.list.status_ui(ui, ctx, &tr!("noun-users"));
        let Some(list) = self.list.state.value() else {
            return;
        };
        ui.label(tr!("users-count", count = list.len()));
        // Scrolls sideways on a narrow window rather than running under the form beside it,
        // the name staying in view.
        let body = ui.text_style_height(&egui::TextStyle::Body);
        WideTable {
            id_salt: "user-list",
            name: &tr!("nav-users"),
            min_widths: &[24.0; 4],
            sticky: 2,
            heading_height: body + 10.0,
            row_height: body + 10.0,
            rows: list.len(),
            fit_height: false,
        }
        .show(ui, &mut UserLines(list));
    }
}

/// The least width the list of users keeps beside the form (its id, name and last login).
const LIST_LEAST: f32 = 360.0;

impl Users {
    fn take_answer(&mut self, ctx: &AppCtx) {
        let rows = std::mem::take(&mut self.sent_rows);
        match &self.sending.state {
            Remote::Ready(created) => {
                for (k, &row) in rows.iter().enumerate() {
                    self.drafts[row].result = Some(match created.user_ids.get(k) {
                        Some(id) => Ok(*id),
                        None => Err(tr!("users-no-id")),
                    });
                }
                self.search(ctx);
            }
            Remote::Failed { error, .. } => {
                let text = match error {
                    ApiError::Invalid { message } => message.clone(),
                    other => crate::error_words::api_error(other),
                };
                // A refusal naming one user goes next to that user; others are not created
                // (the batch is refused as a whole) and say so.
                let named = row_of(&text).and_then(|k| rows.get(k).copied());
                for &row in &rows {
                    self.drafts[row].result = Some(Err(if Some(row) == named || named.is_none() {
                        text.clone()
                    } else {
                        tr!("users-batch-refused")
                    }));
                }
            }
            _ => {}
        }
    }

    fn create_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        ui.heading(tr!("users-create"));
        self.communities
            .status_ui(ui, ctx, &tr!("noun-communities"));
        let communities = self.communities.state.value().cloned().unwrap_or_default();
        let mut remove = None;
        let many = self.drafts.len() > 1;
        for (n, d) in self.drafts.iter_mut().enumerate() {
            egui::Frame::group(ui.style()).show(ui, |ui| {
                ui.horizontal(|ui| {
                    ui.strong(tr!("users-user", number = n + 1));
                    if many && ui.button(tr!("users-remove", number = n + 1)).clicked() {
                        remove = Some(n);
                    }
                });
                egui::Grid::new(("user-draft", n))
                    .num_columns(2)
                    .show(ui, |ui| {
                        for (label, text) in [
                            (tr!("users-first-name"), &mut d.first_name),
                            (tr!("users-last-name"), &mut d.last_name),
                            (tr!("users-email"), &mut d.email),
                        ] {
                            labelled(ui, &label, |ui| ui.text_edit_singleline(text));
                            ui.end_row();
                        }
                        let label = ui.label(tr!("users-time-zone"));
                        steady_combo(
                            ui,
                            230.0,
                            egui::ComboBox::from_id_salt(("user-zone", n)).selected_text(
                                TIME_ZONES
                                    .iter()
                                    .find(|z| z.id == d.time_zone)
                                    .map_or(tr!("users-choose"), |z| z.name.to_owned()),
                            ),
                            |ui| {
                                for z in TIME_ZONES {
                                    ui.selectable_value(&mut d.time_zone, z.id, z.name);
                                }
                            },
                        )
                        .labelled_by(label.id);
                        ui.end_row();
                        ui.label(tr!("users-communities"));
                        community_checkboxes(ui, &communities, &mut d.communities);
                        ui.end_row();
                    });
                ui.checkbox(&mut d.activation_email, tr!("users-activation"));
                for p in &d.problems {
                    crate::widgets::problem_ui(
                        ui,
                        ctx.tokens.error,
                        format!("⚠ {}", crate::words::person_problem(p)),
                    );
                }
                match &d.result {
                    Some(Ok(id)) => {
                        crate::widgets::said_ui(
                            ui,
                            ctx.tokens.success,
                            format!("✔ {}", tr!("users-created", id = *id)),
                        );
                    }
                    Some(Err(e)) => {
                        crate::widgets::problem_ui(ui, ctx.tokens.error, format!("⚠ {e}"));
                    }
                    None => {}
                }
            });
        }
        if let Some(n) = remove {
            self.drafts.remove(n);
        }
        let sending = self.sending.state.is_pending();
        ui.horizontal(|ui| {
            if ui.button(tr!("users-add-another")).clicked() {
                self.drafts.push(Draft::default());
            }
            let pending: Vec<usize> = (0..self.drafts.len())
                .filter(|&i| !matches!(self.drafts[i].result, Some(Ok(_))))
                .collect();
            let label = tr!("users-create-count", count = pending.len());
            if ui
                .add_enabled(!sending && !pending.is_empty(), egui::Button::new(label))
                .clicked()
            {
                self.send(ctx, &communities, pending);
            }
            if self.drafts.iter().any(|d| matches!(d.result, Some(Ok(_))))
                && ui.button(tr!("users-clear-created")).clicked()
            {
                self.drafts.retain(|d| !matches!(d.result, Some(Ok(_))));
                if self.drafts.is_empty() {
                    self.drafts.push(Draft::default());
                }
            }
        });
        if sending {
            self.sending.status_ui(ui, ctx, &tr!("noun-new-users"));
        }
    }

    fn send(&mut self, ctx: &AppCtx, communities: &[Community], rows: Vec<usize>) {
        let mut users = Vec::new();
        let mut ok = true;
        for &i in &rows {
            let d = &mut self.drafts[i];
            d.result = None;
            match check(d, communities) {
                Ok(user) => {
                    d.problems.clear();
                    users.push(user);
                }
                Err(problems) => {
                    d.problems = problems;
                    ok = false;
                }
            }
        }
        if !ok {
            return;
        }
        self.sent_rows = rows;
        self.sending
            .ask(ctx.backend, asks::people::create_users(users));
    }
}

/// The list as drawn: id, name, last login (before the email: on a narrow window the long column
/// is the one to scroll to), email.
struct UserLines<'a>(&'a [crate::api::model::User]);

impl WideRows for UserLines<'_> {
    fn heading_text(&self, column: usize) -> String {
        match column {
            0 => tr!("users-col-id"),
            1 => tr!("users-col-name"),
            2 => tr!("users-col-last-login"),
            _ => tr!("users-col-email"),
        }
    }

    fn cell_text(&self, row: usize, column: usize) -> String {
        let Some(u) = self.0.get(row) else {
            return String::new();
        };
        match column {
            0 => u.id.to_string(),
            1 => u.name.clone(),
            2 => u.last_login_date.map_or(tr!("users-never"), |d| {
                format!(
                    "{} {}",
                    crate::dates::day(d.date_naive()),
                    crate::dates::time(d.time())
                )
            }),
            _ => u.email.clone(),
        }
    }

    fn heading_ui(&mut self, ui: &mut egui::Ui, column: usize) {
        let heading = ui.strong(self.heading_text(column));
        crate::widgets::table_a11y::column_header(&heading, column, None);
    }

    fn cell_ui(&mut self, ui: &mut egui::Ui, row: usize, column: usize) {
        ui.label(self.cell_text(row, column));
    }
}
