//! CPU time of one frame of a pane on a headless egui context (no GPU, no window).
//!
//! `search_pane/N`: the real case search pane (virtualized table) holding N cases.
//! `search_pane_naive/N`: the same rows laid out one by one in a scroll area, for comparison.
//! `my_day/200000`, `my_day_frame/200000`: building My day, and drawing it.
//! `funnel/200000`, `forecast/100000`: the director's funnel and census forecast.

use criterion::{Criterion, criterion_group, criterion_main};
use leasedesk::domain::calendar::{CalendarFilter, CalendarIndex};
use leasedesk::domain::cases::CaseRow;
use leasedesk::domain::follow_up::{FollowUp, FollowUps};
use leasedesk::domain::my_day::{MyDayRules, my_day as build_my_day};
use leasedesk::domain::next_step::lead_work;
use leasedesk::domain::occupancy::summarize;
use leasedesk::engine::Backend;
use leasedesk::engine::secrets::SecretStore;
use leasedesk::service::inventory::InventoryData;
use leasedesk::ui::commands::{CommandReceiver, CommandSender, channel};
use leasedesk::ui::panes::calendar::{Calendar, View};
use leasedesk::ui::panes::cases::CaseSearch;
use leasedesk::ui::panes::inventory::Inventory;
use leasedesk::ui::panes::{AppCtx, Pane};
use leasedesk::ui::prefs::Prefs;
use leasedesk::ui::theme::Tokens;

#[path = "support.rs"]
mod support;

fn input() -> egui::RawInput {
    egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(1360.0, 840.0),
        )),
        ..Default::default()
    }
}

/// What a pane needs besides itself: a backend on its own runtime, preferences, secrets.
struct Env {
    backend: Backend,
    prefs: Prefs,
    secrets: std::sync::Arc<SecretStore>,
    commands: CommandSender,
    _inbox: CommandReceiver,
    _runtime: tokio::runtime::Runtime,
}

impl Env {
    fn new() -> Self {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .unwrap();
        let (commands, inbox) = channel();
        Env {
            backend: Backend::new(
                runtime.handle().clone(),
                std::sync::Arc::new(leasedesk::engine::NoEmbedded),
            ),
            prefs: Prefs::default(),
            secrets: std::sync::Arc::new(SecretStore::session_only(
                leasedesk::engine::secrets::NoKeyring::NotWanted,
            )),
            commands,
            _inbox: inbox,
            _runtime: runtime,
        }
    }

    /// One frame of a pane in the central panel, at `now`.
    fn frame(
        &self,
        ctx: &egui::Context,
        now: chrono::DateTime<chrono::Utc>,
        mut pane: impl FnMut(&mut egui::Ui, &mut AppCtx),
    ) -> egui::FullOutput {
        ctx.run_ui(input(), |ui| {
            let mut actx = AppCtx {
                backend: &self.backend,
                prefs: &self.prefs,
                secrets: &self.secrets,
                commands: &self.commands,
                tokens: Tokens::for_theme(egui::Theme::Light),
                now,
                zone: chrono_tz::Tz::America__New_York,
                system_language: leasedesk::i18n::Language::English,
                build: leasedesk::build::VERSION,
            };
            egui::CentralPanel::default().show(ui, |ui| pane(ui, &mut actx));
        })
    }
}

fn frames(c: &mut Criterion) {
    let env = Env::new();
    let mut group = c.benchmark_group("search_pane");
    for n in [4000usize, 40_000] {
        let ctx = egui::Context::default();
        let mut pane = CaseSearch::new(Default::default());
        pane.show_response(support::search_response(n));
        group.bench_function(n.to_string(), |b| {
            b.iter(|| env.frame(&ctx, chrono::Utc::now(), |ui, actx| pane.ui(ui, actx)))
        });
    }
    group.finish();

    let mut group = c.benchmark_group("search_pane_naive");
    let rows: Vec<CaseRow> = support::search_response(4000)
        .cases
        .iter()
        .map(CaseRow::from_case)
        .collect();
    let ctx = egui::Context::default();
    group.bench_function("4000", |b| {
        b.iter(|| {
            ctx.run_ui(input(), |ui| {
                egui::CentralPanel::default().show(ui, |ui| {
                    egui::ScrollArea::vertical().show(ui, |ui| {
                        for r in &rows {
                            ui.horizontal(|ui| {
                                for text in [
                                    &r.name,
                                    &r.kind,
                                    &r.status,
                                    &r.assigned_user,
                                    &r.communities,
                                    &r.phone,
                                ] {
                                    ui.label(text);
                                }
                                ui.label(r.created.format("%b %-d, %Y").to_string());
                            });
                        }
                    });
                });
            })
        })
    });
    group.finish();
}

fn calendar(c: &mut Criterion) {
    let env = Env::new();
    let now = chrono::DateTime::parse_from_rfc3339("2026-11-21T15:00:00Z")
        .unwrap()
        .to_utc();
    for (id, view, count, days) in [
        ("calendar_month/10000", View::Month, 10_000, 30),
        ("agenda/100000", View::Agenda, 100_000, 540),
    ] {
        let ctx = egui::Context::default();
        let mut pane = Calendar::default();
        pane.view = view;
        pane.anchor = Some(chrono::NaiveDate::from_ymd_opt(2026, 11, 1).unwrap());
        pane.show_activities(support::activities(count, days));
        c.bench_function(id, |b| {
            b.iter(|| env.frame(&ctx, now, |ui, actx| pane.ui(ui, actx)))
        });
    }
}

/// `inventory_board/5000`: one frame of the inventory pane's board holding 5,000 units.
/// `occupancy_summary/100000`: building the summary from 100,000 contracts (no drawing).
fn inventory(c: &mut Criterion) {
    let env = Env::new();
    let now = chrono::DateTime::parse_from_rfc3339("2026-11-21T15:00:00Z")
        .unwrap()
        .to_utc();
    let (units, contracts) = support::inventory(5000, 20_000);
    let ctx = egui::Context::default();
    let mut pane = Inventory::default();
    pane.show_data(
        InventoryData {
            units,
            contracts,
            ..Default::default()
        },
        now,
    );
    c.bench_function("inventory_board/5000", |b| {
        b.iter(|| env.frame(&ctx, now, |ui, actx| pane.ui(ui, actx)))
    });

    let (units, contracts) = support::inventory(5000, 100_000);
    c.bench_function("occupancy_summary/100000", |b| {
        b.iter(|| summarize(&units, &contracts, now, now.date_naive()))
    });
}

/// 200,000 activities over 540 days on 4,000 cases (about 1,300 open ones followed up here),
/// the cases as Search gives them, and the API user's id.
fn agent_portal() -> (
    Vec<leasedesk::api::model::Activity>,
    Vec<leasedesk::api::model::SearchCase>,
    FollowUps,
    i64,
) {
    let cases = support::search_response(4000).cases.into_vec();
    let me = cases[0].primary.assigned_user_id;
    let mut activities = support::activities(200_000, 540);
    let mut followed = FollowUps::new();
    for (i, a) in activities.iter_mut().enumerate() {
        let case = &cases[i % cases.len()].primary;
        a.case_number = case.case_number.clone();
        a.individual_id = case.individual_id;
        a.completed = i % 3 == 0;
        if i % 100 == 1 && !a.completed {
            followed.insert(
                a.id,
                FollowUp {
                    activity_id: a.id,
                    outcome_id: Some(1),
                    next_id: Some(2),
                    at: chrono::Utc::now(),
                },
            );
        }
    }
    (activities, cases, followed, me)
}

/// `calendar_index/200000`: indexing 200,000 activities (by day, overdue times, followed up),
/// done when the list arrives or a filter changes.
/// `my_day/200000`: building My day (overdue, due today, tours, followed up, needs a next
/// step) from that index, 200,000 activities and 4,000 cases: what happens when the clock, the
/// follow-ups or the leads change.
/// `my_day_frame/200000`: one frame of My day over the same list.
fn my_day(c: &mut Criterion) {
    let now = chrono::DateTime::parse_from_rfc3339("2026-11-21T15:00:00Z")
        .unwrap()
        .to_utc();
    let today = chrono::NaiveDate::from_ymd_opt(2026, 11, 21).unwrap();
    let (activities, cases, followed, me) = agent_portal();
    c.bench_function("calendar_index/200000", |b| {
        b.iter(|| CalendarIndex::build(&activities, &CalendarFilter::default(), &followed))
    });
    let index = CalendarIndex::build(&activities, &CalendarFilter::default(), &followed);
    c.bench_function("my_day/200000", |b| {
        b.iter(|| {
            let day = build_my_day(
                &activities,
                &index,
                &followed,
                now,
                today,
                &MyDayRules::default(),
            );
            let next = lead_work(&cases, &activities, me, now, &Default::default());
            (day, next)
        })
    });

    let env = Env::new();
    let ctx = egui::Context::default();
    let mut pane = Calendar::default();
    pane.view = View::MyDay;
    pane.next_step.rows.set_ready(std::sync::Arc::new(lead_work(
        &cases,
        &activities,
        me,
        now,
        &Default::default(),
    )));
    pane.show_activities(activities);
    c.bench_function("my_day_frame/200000", |b| {
        b.iter(|| env.frame(&ctx, now, |ui, actx| pane.ui(ui, actx)))
    });
}

/// `funnel/200000`: the whole funnel from 200,000 activities on 40,000 cases and 5,000
/// contracts: journeys, the last 90 days' cohort, its figures and its breakdown by community
/// (what a new load or a change of period costs).
/// `forecast/100000`: the 90-day census forecast over 20,000 units and 100,000 contracts.
fn director(c: &mut Criterion) {
    use leasedesk::domain::census::forecast;
    use leasedesk::domain::funnel::{
        CaseFacts, Dimension, PeriodChoice, breakdown, cohort, figures, journeys,
    };
    let today = chrono::NaiveDate::from_ymd_opt(2026, 11, 21).unwrap();
    let kinds = [
        "Inquiry",
        "Call Out",
        "Tour",
        "Call In",
        "Deposit",
        "Email",
        "Home Visit",
        "Move In",
    ];
    let mut activities = support::activities(200_000, 540);
    for (i, a) in activities.iter_mut().enumerate() {
        a.case_number = (i % 40_000).to_string();
        a.individual_id = (i % 40_000) as i64;
        a.activity_type = Some(kinds[(i / 40_000 + i % 3) % kinds.len()].into());
        a.due_date -= chrono::Duration::days(300);
        a.completed = true;
    }
    let (_, mut contracts) = support::inventory(5000, 5000);
    for (i, c) in contracts.iter_mut().enumerate() {
        c.case_number = (i * 8).to_string();
    }
    let facts: std::collections::HashMap<String, CaseFacts> = (0..40_000)
        .map(|i| {
            (
                i.to_string(),
                CaseFacts {
                    community: format!("Community {}", i % 5),
                    agent: format!("Agent {}", i % 12),
                    source: format!("Source {}", i % 9),
                    campaigns: Vec::new(),
                },
            )
        })
        .collect();
    let period = PeriodChoice::Last90Days.period(today).unwrap();
    c.bench_function("funnel/200000", |b| {
        b.iter(|| {
            let all = journeys(&activities, &contracts, today);
            let cases = cohort(&all, period);
            let total = figures(&all, &cases);
            let rows = breakdown(&all, &facts, &cases, Dimension::Community);
            (total, rows.len())
        })
    });

    let (units, contracts) = support::inventory(20_000, 100_000);
    c.bench_function("forecast/100000", |b| {
        b.iter(|| forecast(&units, &contracts, today, 90))
    });
}

criterion_group!(benches, frames, calendar, inventory, my_day, director);
criterion_main!(benches);
