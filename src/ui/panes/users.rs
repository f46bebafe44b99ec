//! Users: search by id, email or name with each user's last login; create users in a small
//! batch, every field checked before sending and the service's answer shown per user.

use super::{AppCtx, community_checkboxes, error_line, labelled, steady_combo};
use crate::api::ApiError;
use crate::api::model::{
    Community, CommunityId, NewUser, TIME_ZONES, User, UserQuery, UsersCreated,
};
use crate::ui::remote::{Remote, Slot};

/// One user being entered, as typed.
#[derive(Debug, Clone, PartialEq)]
struct Draft {
    first_name: String,
    last_name: String,
    email: String,
    time_zone: i64,
    communities: Vec<String>,
    activation_email: bool,
    problems: Vec<String>,
    result: Option<Result<i64, String>>,
}

impl Default for Draft {
    fn default() -> Self {
        Draft {
            first_name: String::new(),
            last_name: String::new(),
            email: String::new(),
            time_zone: 1,
            communities: Vec::new(),
            activation_email: true,
            problems: Vec::new(),
            result: None,
        }
    }
}

/// The checks made before sending; the service makes the same ones.
fn check(d: &Draft, communities: &[Community]) -> Result<NewUser, Vec<String>> {
    let mut problems = Vec::new();
    if d.first_name.trim().is_empty() {
        problems.push("First name is required".to_owned());
    }
    if d.last_name.trim().is_empty() {
        problems.push("Last name is required".to_owned());
    }
    let email = d.email.trim();
    let valid_email = email
        .split_once('@')
        .is_some_and(|(user, host)| !user.is_empty() && host.contains('.') && !host.ends_with('.'))
        && !email.contains(char::is_whitespace);
    if !valid_email {
        problems.push(format!("{email:?} is not an email address"));
    }
    let ids: Vec<CommunityId> = communities
        .iter()
        .filter(|c| d.communities.contains(&c.name_unique))
        .map(|c| CommunityId { id: c.id })
        .collect();
    if ids.is_empty() {
        problems.push("Give access to at least one community".to_owned());
    }
    if !TIME_ZONES.iter().any(|z| z.id == d.time_zone) {
        problems.push("Choose a time zone".to_owned());
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    Ok(NewUser {
        community: ids,
        first_name: d.first_name.trim().to_owned(),
        last_name: d.last_name.trim().to_owned(),
        email: email.to_owned(),
        time_zone_id: d.time_zone,
        send_activation_email: d.activation_email,
    })
}

/// The row a refusal names (`[1].Email …`), if any.
fn row_of(message: &str) -> Option<usize> {
    let start = message.find('[')?;
    let end = message[start..].find(']')? + start;
    message[start + 1..end].parse().ok()
}

#[derive(Default)]
pub struct Users {
    query: String,
    searched: Option<String>,
    list: Slot<Vec<User>>,
    communities: Slot<Vec<Community>>,
    drafts: Vec<Draft>,
    sending: Slot<UsersCreated>,
    /// Which draft rows the request in flight holds.
    sent_rows: Vec<usize>,
}

impl Users {
    pub fn users(&self) -> Option<&Vec<User>> {
        self.list.state.value()
    }

    fn search(&mut self, ctx: &AppCtx) {
        let q = Some(self.query.trim().to_owned()).filter(|q| !q.is_empty());
        self.searched = Some(self.query.clone());
        self.list.request(ctx.backend, move |client| async move {
            client.users(&UserQuery { q, id: None }).await
        });
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        if self.searched.is_none() {
            self.search(ctx);
            self.communities.request(
                ctx.backend,
                |client| async move { client.communities().await },
            );
            self.drafts.push(Draft::default());
        }
        self.list.poll();
        self.communities.poll();
        if self.sending.poll() {
            self.take_answer(ctx);
        }
        ui.heading("Users");
        egui::Panel::right("user-create")
            .resizable(true)
            .default_size(460.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| self.create_ui(ui, ctx));
            });
        ui.horizontal(|ui| {
            let field = labelled(ui, "Find users", |ui| {
                ui.add(
                    egui::TextEdit::singleline(&mut self.query)
                        .hint_text("Id, email or name")
                        .desired_width(220.0),
                )
            });
            let enter = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if ui.button("Find").clicked() || enter {
                self.search(ctx);
            }
            if self.list.state.is_pending() {
                ui.spinner();
            }
        });
        if let Some(e) = self.list.state.error()
            && error_line(ui, &ctx.tokens, e, true)
        {
            self.search(ctx);
        }
        let Some(list) = self.list.state.value() else {
            return;
        };
        ui.label(format!("{} users", list.len()));
        egui::ScrollArea::vertical().show(ui, |ui| {
            egui::Grid::new("user-list")
                .striped(true)
                .num_columns(4)
                .show(ui, |ui| {
                    for h in ["Id", "Name", "Email", "Last login"] {
                        ui.strong(h);
                    }
                    ui.end_row();
                    for u in list {
                        ui.label(u.id.to_string());
                        ui.label(&u.name);
                        ui.label(&u.email);
                        ui.label(u.last_login_date.map_or("Never".to_owned(), |d| {
                            d.format("%Y-%m-%d %H:%M").to_string()
                        }));
                        ui.end_row();
                    }
                });
        });
    }

    fn take_answer(&mut self, ctx: &AppCtx) {
        let rows = std::mem::take(&mut self.sent_rows);
        match &self.sending.state {
            Remote::Ready(created) => {
                for (k, &row) in rows.iter().enumerate() {
                    self.drafts[row].result = Some(match created.user_ids.get(k) {
                        Some(id) => Ok(*id),
                        None => Err("The service did not return an id for this user".into()),
                    });
                }
                self.search(ctx);
            }
            Remote::Failed { error, .. } => {
                let text = match error {
                    ApiError::Invalid { message } => message.clone(),
                    other => other.to_string(),
                };
                // A refusal naming one user goes next to that user; others are not created
                // (the batch is refused as a whole) and say so.
                let named = row_of(&text).and_then(|k| rows.get(k).copied());
                for &row in &rows {
                    self.drafts[row].result = Some(Err(if Some(row) == named || named.is_none() {
                        text.clone()
                    } else {
                        "Not created: another user in the batch was refused".into()
                    }));
                }
            }
            _ => {}
        }
    }

    fn create_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        ui.heading("Create users");
        let communities = self.communities.state.value().cloned().unwrap_or_default();
        let mut remove = None;
        let many = self.drafts.len() > 1;
        for (n, d) in self.drafts.iter_mut().enumerate() {
            egui::Frame::group(ui.style()).show(ui, |ui| {
                ui.horizontal(|ui| {
                    ui.strong(format!("User {}", n + 1));
                    if many && ui.small_button(format!("Remove user {}", n + 1)).clicked() {
                        remove = Some(n);
                    }
                });
                egui::Grid::new(("user-draft", n))
                    .num_columns(2)
                    .show(ui, |ui| {
                        for (label, text) in [
                            ("First name", &mut d.first_name),
                            ("Last name", &mut d.last_name),
                            ("Email", &mut d.email),
                        ] {
                            labelled(ui, label, |ui| ui.text_edit_singleline(text));
                            ui.end_row();
                        }
                        let label = ui.label("Time zone");
                        steady_combo(
                            ui,
                            230.0,
                            egui::ComboBox::from_id_salt(("user-zone", n)).selected_text(
                                TIME_ZONES
                                    .iter()
                                    .find(|z| z.id == d.time_zone)
                                    .map_or("Choose…", |z| z.name),
                            ),
                            |ui| {
                                for z in TIME_ZONES {
                                    ui.selectable_value(&mut d.time_zone, z.id, z.name);
                                }
                            },
                        )
                        .labelled_by(label.id);
                        ui.end_row();
                        ui.label("Communities");
                        community_checkboxes(ui, &communities, &mut d.communities);
                        ui.end_row();
                    });
                ui.checkbox(&mut d.activation_email, "Send an activation email");
                for p in &d.problems {
                    ui.colored_label(ctx.tokens.error, format!("⚠ {p}"));
                }
                match &d.result {
                    Some(Ok(id)) => {
                        ui.colored_label(ctx.tokens.success, format!("✔ Created user {id}"));
                    }
                    Some(Err(e)) => {
                        ui.colored_label(ctx.tokens.error, format!("⚠ {e}"));
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
            if ui.button("Add another user").clicked() {
                self.drafts.push(Draft::default());
            }
            let pending: Vec<usize> = (0..self.drafts.len())
                .filter(|&i| !matches!(self.drafts[i].result, Some(Ok(_))))
                .collect();
            let label = format!(
                "Create {} user{}",
                pending.len(),
                if pending.len() == 1 { "" } else { "s" }
            );
            if ui
                .add_enabled(!sending && !pending.is_empty(), egui::Button::new(label))
                .clicked()
            {
                self.send(ctx, &communities, pending);
            }
            if sending {
                ui.spinner();
            }
            if self.drafts.iter().any(|d| matches!(d.result, Some(Ok(_))))
                && ui.button("Clear created users").clicked()
            {
                self.drafts.retain(|d| !matches!(d.result, Some(Ok(_))));
                if self.drafts.is_empty() {
                    self.drafts.push(Draft::default());
                }
            }
        });
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
        self.sending.request(ctx.backend, move |client| async move {
            client.create_users(&users).await
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_field_is_checked_before_sending() {
        let communities = vec![Community {
            id: 3,
            name: "Maple".into(),
            name_unique: "maple".into(),
            abbreviation: None,
            color: None,
            address_id: None,
        }];
        let mut d = Draft {
            email: "not-an-email".into(),
            ..Draft::default()
        };
        let problems = check(&d, &communities).unwrap_err();
        assert_eq!(problems.len(), 4, "{problems:?}");
        d.first_name = "Ana".into();
        d.last_name = "Ruiz".into();
        d.email = "ana@maple.example".into();
        d.communities = vec!["maple".into()];
        let user = check(&d, &communities).unwrap();
        assert_eq!(user.community[0].id, 3);
        assert!(user.send_activation_email);
        assert_eq!(row_of("[1].Email is already used"), Some(1));
        assert_eq!(row_of("no index"), None);
    }
}
