//! Reminders for the signed-in user's own items: a desktop notification a set number of minutes
//! before a tour or appointment, and when an item turns overdue; the same list behind the bell
//! in the top bar (also where no notification service runs). Each is sent once, also across
//! restarts (the local store keeps a log). The rules are `domain::reminders`.

use std::collections::HashSet;
use std::sync::{Arc, Mutex};

use chrono::{DateTime, Utc};

use super::commands::{CaseRef, Command, CommandSender};
use crate::api::model::Activity;
use crate::domain::follow_up::FollowUps;
use crate::domain::reminders::{self, Reminder, ReminderKind, ReminderSettings, Said, Sent};
use crate::engine::Backend;
use leasedesk_i18n::tr;

/// What a reminder says, in the language in force: "Tour with Margaret Ellison at 2:30 pm",
/// "Nuevo cliente: Ada Ellison en Maple Grove · 2 h esperando".
pub fn said(reminder: &Reminder) -> String {
    let name = reminder.name.as_str();
    match &reminder.said {
        Said::Starting { what, time } => tr!(
            "reminder-starting",
            what = what.as_str(),
            name = name,
            time = crate::dates::time(*time)
        ),
        Said::Overdue { what } => tr!("reminder-overdue", what = what.as_str(), name = name),
        Said::NewLead { community } if community.is_empty() => {
            tr!("reminder-new-lead", name = name)
        }
        Said::NewLead { community } => tr!(
            "reminder-new-lead-at",
            name = name,
            community = community.as_str()
        ),
        Said::Waiting {
            community,
            minutes,
            hours,
        } => {
            let wait = crate::words::waited(*minutes, hours);
            if community.is_empty() {
                tr!("reminder-waiting", name = name, wait = wait)
            } else {
                tr!(
                    "reminder-waiting-at",
                    name = name,
                    community = community.as_str(),
                    wait = wait
                )
            }
        }
    }
}

/// Where a reminder goes besides the bell.
pub trait ReminderSink: Send + Sync {
    /// Shows it; blocking is fine (it runs on a thread of its own).
    fn show(&self, reminder: &Reminder, commands: &CommandSender);
}

/// Desktop notifications (D-Bus on Linux, the notification centre elsewhere). Clicking one
/// opens the case, where the platform tells the app about the click.
pub struct DesktopSink;

impl ReminderSink for DesktopSink {
    fn show(&self, reminder: &Reminder, commands: &CommandSender) {
        let title = match reminder.kind {
            ReminderKind::Starting => tr!("reminder-starting-title"),
            ReminderKind::Overdue => tr!("reminder-overdue-title"),
            ReminderKind::NewLead => tr!("reminder-new-lead-title"),
        };
        let shown = notify_rust::Notification::new()
            .appname("LeaseDesk")
            .summary(&title)
            .body(&said(reminder))
            .action("default", &tr!("reminder-open-case"))
            .show();
        match shown {
            #[cfg(all(unix, not(target_os = "macos")))]
            Ok(handle) => {
                let case = CaseRef::number(&reminder.case_number, &reminder.name);
                handle.wait_for_action(|action| {
                    if action == "default" {
                        commands.send(Command::OpenCase(case));
                    }
                });
            }
            // Elsewhere a click on the notification cannot be heard; the bell opens the case.
            #[cfg(not(all(unix, not(target_os = "macos"))))]
            Ok(_) => {
                let _ = commands;
            }
            Err(e) => {
                tracing::info!(error = %e, "no desktop notification (the bell still lists it)")
            }
        }
    }
}

/// Keeps what it is given (tests).
#[derive(Default, Clone)]
pub struct RecordingSink(pub Arc<Mutex<Vec<Reminder>>>);

impl ReminderSink for RecordingSink {
    fn show(&self, reminder: &Reminder, _: &CommandSender) {
        self.0
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push(reminder.clone());
    }
}

/// The bell's list and what has been sent this run.
/// Reminders the bell keeps this run, newest first (its list shows the first 30).
const MAX_LISTED: usize = 200;

pub struct Reminders {
    sink: Arc<dyn ReminderSink>,
    /// Sent this run, newest first (new leads are in `waiting` instead).
    pub list: Vec<Reminder>,
    /// The user's new leads still waiting for a first contact, the longest wait first: worked
    /// out again at each tick, so a lead reached leaves the bell.
    pub waiting: Vec<Reminder>,
    /// What arrived since the bell was last opened.
    arrived: HashSet<(i64, ReminderKind)>,
    /// Sent this run but maybe not yet in the store's log (its write is on its way).
    sent_now: HashSet<(i64, ReminderKind)>,
    /// The connection the lists are of: another portal's items go when it changes.
    epoch: Option<usize>,
}

impl Reminders {
    pub fn new(sink: Arc<dyn ReminderSink>) -> Self {
        Reminders {
            sink,
            list: Vec::new(),
            waiting: Vec::new(),
            arrived: HashSet::new(),
            sent_now: HashSet::new(),
            epoch: None,
        }
    }

    /// The lists are of the connection `epoch`: on a new one (another portal, another user)
    /// the last one's items go.
    pub fn for_connection(&mut self, epoch: usize) {
        if self.epoch != Some(epoch) {
            self.epoch = Some(epoch);
            self.list.clear();
            self.waiting.clear();
            self.arrived.clear();
            self.sent_now.clear();
        }
    }

    /// "Reminders (N)": the items listed that arrived since the bell was last opened.
    pub fn unseen(&self) -> usize {
        reminders::unseen_count(self.listed(), &self.arrived)
    }

    /// What the bell lists: the new leads waiting, then the other reminders sent (a new lead's
    /// own announcement stays only while the lead is waiting).
    fn listed(&self) -> impl Iterator<Item = &Reminder> {
        self.waiting
            .iter()
            .chain(self.list.iter().filter(|r| r.kind != ReminderKind::NewLead))
    }

    /// Sends what has fallen due; returns when to look again.
    #[allow(clippy::too_many_arguments)]
    pub fn tick(
        &mut self,
        activities: &[Activity],
        me: &str,
        followed: &FollowUps,
        shown: &Sent,
        settings: &ReminderSettings,
        now: DateTime<Utc>,
        zone: chrono_tz::Tz,
        backend: &Backend,
        commands: &CommandSender,
    ) -> Option<DateTime<Utc>> {
        let mut sent = shown.clone();
        sent.extend(self.sent_now.iter().copied());
        let due = reminders::due(activities, me, followed, &sent, settings, now, zone);
        self.send(due, now, backend, commands);
        reminders::next_check(activities, me, settings, now)
    }

    /// Lists the user's new leads waiting for a first contact, and announces those that
    /// arrived since (once each, also across restarts).
    #[allow(clippy::too_many_arguments)]
    pub fn tick_new_leads(
        &mut self,
        leads: &[crate::domain::next_step::NewLead],
        shown: &Sent,
        settings: &ReminderSettings,
        now: DateTime<Utc>,
        rule: &crate::domain::contact_story::ContactRule,
        backend: &Backend,
        commands: &CommandSender,
    ) {
        self.waiting = reminders::waiting_leads(leads, now, rule);
        let mut sent = shown.clone();
        sent.extend(self.sent_now.iter().copied());
        let arrived = reminders::new_leads(leads, &sent, settings, now, rule.zone);
        self.send(arrived, now, backend, commands);
    }

    /// Lists each in the bell, shows it, and logs it as shown (once, also across restarts).
    fn send(
        &mut self,
        list: Vec<reminders::Reminder>,
        now: DateTime<Utc>,
        backend: &Backend,
        commands: &CommandSender,
    ) {
        for reminder in list {
            self.sent_now.insert((reminder.activity_id, reminder.kind));
            self.list.insert(0, reminder.clone());
            self.list.truncate(MAX_LISTED);
            self.arrived.insert((reminder.activity_id, reminder.kind));
            let (sink, commands) = (self.sink.clone(), commands.clone());
            let (id, kind) = (reminder.activity_id, reminder.kind);
            backend
                .remembered()
                .remember_reminder_shown(id, kind, now, move || sink.show(&reminder, &commands));
        }
    }

    /// The bell in the top bar: how many are new, and the list.
    /// The bell's words: "Reminders (4)".
    pub fn bell_text(&self) -> String {
        let unseen = self.unseen();
        if unseen > 0 {
            leasedesk_i18n::tr!("top-reminders-unseen", count = unseen)
        } else {
            leasedesk_i18n::tr!("top-reminders")
        }
    }

    pub fn bell_ui(&mut self, ui: &mut egui::Ui, commands: &CommandSender) {
        let text = self.bell_text();
        let response = ui
            .menu_button(text, |ui| {
                ui.set_min_width(320.0);
                let others = || self.list.iter().filter(|r| r.kind != ReminderKind::NewLead);
                if self.waiting.is_empty() && others().next().is_none() {
                    ui.label(tr!("reminder-none"));
                }
                let more =
                    self.waiting.len().saturating_sub(10) + others().count().saturating_sub(30);
                for r in self.waiting.iter().take(10).chain(others().take(30)) {
                    let mark = match r.kind {
                        ReminderKind::Starting => "○",
                        ReminderKind::Overdue => "⚠",
                        ReminderKind::NewLead => "✉",
                    };
                    if ui.button(format!("{mark} {}", said(r))).clicked() {
                        commands.send(Command::OpenCase(CaseRef::number(&r.case_number, &r.name)));
                        ui.close();
                    }
                }
                if more > 0 {
                    ui.label(leasedesk_i18n::tr!("top-reminders-more", count = more));
                }
            })
            .response;
        let response = response.on_hover_text(leasedesk_i18n::tr!("top-reminders-means"));
        if response.clicked() {
            self.arrived.clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use leasedesk_i18n::{Language, in_language};

    fn reminder(said: Said) -> Reminder {
        Reminder {
            activity_id: 1,
            kind: ReminderKind::Starting,
            case_number: "1".into(),
            individual_id: 1,
            name: "Ada Ellison".into(),
            text: String::new(),
            said,
            at: Utc::now(),
        }
    }

    #[test]
    fn a_reminder_is_said_in_the_windows_language_and_in_english_as_the_domain_writes_it() {
        let hours = crate::domain::speed_to_lead::BusinessHours::default();
        let cases = [
            (
                Said::Starting {
                    what: "Tour".into(),
                    time: chrono::NaiveTime::from_hms_opt(14, 30, 0).unwrap(),
                },
                "Tour with Ada Ellison at 2:30 pm",
                "Tour con Ada Ellison a las 2:30 p. m.",
            ),
            (
                Said::Overdue {
                    what: "Call Out".into(),
                },
                "Call Out for Ada Ellison is overdue",
                "Call Out de Ada Ellison está vencida",
            ),
            (
                Said::NewLead {
                    community: "Maple Grove".into(),
                },
                "New lead: Ada Ellison at Maple Grove",
                "Cliente nuevo: Ada Ellison en Maple Grove",
            ),
            (
                Said::Waiting {
                    community: String::new(),
                    minutes: 190,
                    hours,
                },
                "New lead: Ada Ellison · 3 h 10 min waiting",
                "Cliente nuevo: Ada Ellison · 3 h 10 min esperando",
            ),
        ];
        for (parts, english, spanish) in cases {
            let r = reminder(parts);
            assert_eq!(in_language(Language::English, || said(&r)), english);
            assert_eq!(in_language(Language::Spanish, || said(&r)), spanish);
        }
        assert_eq!(
            crate::domain::speed_to_lead::waited_text(190, &hours),
            "3 h 10 min",
            "the domain's English wait, as said"
        );
    }
}
