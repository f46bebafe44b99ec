//! Scheduled work for the coming two weeks, so "My day", reminders and tour clashes show
//! something on a first run and on every later day the demo database is opened.
//!
//! Each day's work comes from a generator seeded by the portal and the date, so a given date
//! always gets the same activities. Days already filled are remembered in `meta`, so a restart
//! adds nothing twice. Once a day, at the first start, the API user also gets a few items due
//! within the hour (relative to that start).

use chrono::{DateTime, Datelike, Duration, NaiveDate, Utc, Weekday};
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rusqlite::{OptionalExtension, Transaction, params};

use crate::api::model::{ActivityStatusMaster as S, ActivityTypeMaster as T, TypeList};
use crate::store::activities::sale_stage;
use crate::time::store;

/// How far ahead the schedule reaches.
pub const DAYS_AHEAD: i64 = 14;
/// How far back a new database's history of such work reaches: the team board's eight weeks.
const DAYS_BEFORE: i64 = 56;
/// Work on someone newer than this is left out of the history: their first contact and speed
/// to lead are the lead's own story.
const SETTLED_DAYS: i64 = 14;
/// Agents are the first users of a portal (the API user and four colleagues).
const AGENTS: usize = 5;

/// Fills the days from the last one filled (or today) to two weeks ahead, for every portal
/// that has prospects.
pub fn top_up(tx: &Transaction<'_>, now: DateTime<Utc>) -> rusqlite::Result<()> {
    let portals: Vec<i64> = tx
        .prepare("SELECT id FROM portals ORDER BY id")?
        .query_map([], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    for portal in portals {
        Portal::load(tx, portal)?.top_up(tx, now)?;
    }
    Ok(())
}

struct Portal {
    id: i64,
    api_user: Option<i64>,
    /// Each agent with the active prospects and pre-leads assigned to them: (individual, case).
    agents: Vec<(i64, Vec<(i64, i64)>)>,
    /// When each of them was created (`individual` → `DateCreated`).
    created: std::collections::HashMap<i64, DateTime<Utc>>,
}

impl Portal {
    fn load(tx: &Transaction<'_>, id: i64) -> rusqlite::Result<Self> {
        let api_user =
            tx.query_row("SELECT api_user_id FROM portals WHERE id = ?1", [id], |r| {
                r.get(0)
            })?;
        let users: Vec<i64> = tx
            .prepare("SELECT id FROM users WHERE portal_id = ?1 ORDER BY id LIMIT ?2")?
            .query_map(params![id, AGENTS as i64], |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        let mut prospects = tx.prepare(
            "SELECT id, case_id, date_created FROM individuals
             WHERE portal_id = ?1 AND assigned_user_id = ?2 AND type_id IN (1, 6)
               AND status_id IN (1, 2, 3)
             ORDER BY id",
        )?;
        let mut agents = Vec::new();
        let mut created = std::collections::HashMap::new();
        for user in users {
            let people: Vec<(i64, i64, String)> = prospects
                .query_map(params![id, user], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
                .collect::<Result<_, _>>()?;
            for (individual, _, at) in &people {
                if let Ok(at) = DateTime::parse_from_rfc3339(at) {
                    created.insert(*individual, at.with_timezone(&Utc));
                }
            }
            let people: Vec<(i64, i64)> = people.into_iter().map(|(i, c, _)| (i, c)).collect();
            if !people.is_empty() {
                agents.push((user, people));
            }
        }
        Ok(Portal {
            id,
            api_user,
            agents,
            created,
        })
    }

    fn top_up(&self, tx: &Transaction<'_>, now: DateTime<Utc>) -> rusqlite::Result<()> {
        if self.agents.is_empty() {
            return Ok(());
        }
        let today = now.date_naive();
        let filled_key = format!("working_days_through:{}", self.id);
        let filled = read_date(tx, &filled_key)?;
        if filled.is_none() {
            // A new database: the weeks before it were worked as the weeks ahead will be, so
            // the team board's past weeks are not empty beside this one.
            let mut day = today - Duration::days(DAYS_BEFORE);
            while day < today {
                if !matches!(day.weekday(), Weekday::Sat | Weekday::Sun) {
                    self.fill_past_day(tx, day, now)?;
                }
                day = match day.succ_opt() {
                    Some(next) => next,
                    None => break,
                };
            }
        }
        let mut day = filled.map_or(today, |d| d.succ_opt().unwrap_or(d).max(today));
        let last = today + Duration::days(DAYS_AHEAD - 1);
        while day <= last {
            if !matches!(day.weekday(), Weekday::Sat | Weekday::Sun) {
                self.fill_day(tx, day, now)?;
            }
            day = match day.succ_opt() {
                Some(next) => next,
                None => break,
            };
        }
        write_date(tx, &filled_key, last)?;

        let soon_key = format!("due_soon_on:{}", self.id);
        if read_date(tx, &soon_key)? != Some(today) {
            self.due_soon(tx, now)?;
            write_date(tx, &soon_key, today)?;
        }
        Ok(())
    }

    /// A day's tours, calls and appointments for every agent, between 9:00 and 17:00 Eastern.
    fn fill_day(
        &self,
        tx: &Transaction<'_>,
        day: NaiveDate,
        now: DateTime<Utc>,
    ) -> rusqlite::Result<()> {
        let mut rng = StdRng::seed_from_u64(day_seed(self.id, day));
        for (agent, people) in &self.agents {
            for (kind, who, due) in draw_day(&mut rng, people, day) {
                // Today's hours already gone are not invented as missed work.
                if due <= now {
                    continue;
                }
                // Entered when the day came within reach of a database opened every day,
                // `DAYS_AHEAD` before it; a first start writes them as if it had been.
                let jitter = Duration::minutes(who.0.wrapping_mul(7_919).rem_euclid(240));
                let reached = (due - Duration::days(DAYS_AHEAD - 1)).min(now) - jitter;
                let written = now.min(due) - jitter;
                self.insert_as(tx, *agent, who, kind, due, reached, S::Assigned, written)?;
            }
        }
        Ok(())
    }

    /// A past day's work as `fill_day` plans it (its own draw), done (a tour now and then a
    /// no-show), on people known for a while by then.
    fn fill_past_day(
        &self,
        tx: &Transaction<'_>,
        day: NaiveDate,
        now: DateTime<Utc>,
    ) -> rusqlite::Result<()> {
        let mut rng = StdRng::seed_from_u64(day_seed(self.id, day) ^ 0x9A57);
        for (agent, people) in &self.agents {
            for (kind, who, due) in draw_day(&mut rng, people, day) {
                let no_show = kind == T::Tour && rng.random_bool(0.08);
                let settled = self
                    .created
                    .get(&who.0)
                    .is_some_and(|c| *c + Duration::days(SETTLED_DAYS) <= due);
                if due >= now || !settled {
                    continue;
                }
                let state = if no_show { S::Noshow } else { S::Completed };
                let jitter = Duration::minutes(who.0.wrapping_mul(7_919).rem_euclid(240));
                let reached = due - Duration::days(DAYS_AHEAD - 1) - jitter;
                let done = due + Duration::minutes(60);
                self.insert_as(tx, *agent, who, kind, due, reached, state, done)?;
            }
        }
        Ok(())
    }

    /// A tour and a call for the API user within the hour of start-up.
    fn due_soon(&self, tx: &Transaction<'_>, now: DateTime<Utc>) -> rusqlite::Result<()> {
        let Some((agent, people)) = self
            .agents
            .iter()
            .find(|(user, _)| Some(*user) == self.api_user)
        else {
            return Ok(());
        };
        let mut rng = StdRng::seed_from_u64(day_seed(self.id, now.date_naive()) ^ 0x500);
        // Within the hour while the office is open; opened at night, the next opening's.
        let start = round_up_to_five_minutes(in_office_hours(now));
        for (kind, minutes) in [(T::Tour, 20), (T::CallOut, 45)] {
            if let Some(&who) = people.choose(&mut rng) {
                self.insert(
                    tx,
                    *agent,
                    who,
                    kind,
                    start + Duration::minutes(minutes),
                    now,
                )?;
            }
        }
        Ok(())
    }

    fn insert(
        &self,
        tx: &Transaction<'_>,
        agent: i64,
        who: (i64, i64),
        kind: T,
        due: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> rusqlite::Result<()> {
        // Written through the morning, not all at one moment.
        let written = now.min(due) - Duration::minutes(who.0.wrapping_mul(7_919).rem_euclid(240));
        self.insert_as(tx, agent, who, kind, due, written, S::Assigned, written)
    }

    #[allow(clippy::too_many_arguments)]
    fn insert_as(
        &self,
        tx: &Transaction<'_>,
        agent: i64,
        (individual, case): (i64, i64),
        kind: T,
        due: DateTime<Utc>,
        entered: DateTime<Utc>,
        state: S,
        updated: DateTime<Utc>,
    ) -> rusqlite::Result<()> {
        let community: Option<i64> = tx
            .query_row(
                "SELECT community_id FROM individual_communities WHERE individual_id = ?1
                 ORDER BY community_id LIMIT 1",
                [individual],
                |r| r.get(0),
            )
            .optional()?;
        let community = match community {
            Some(c) => c,
            None => tx.query_row(
                "SELECT MIN(id) FROM communities WHERE portal_id = ?1",
                [self.id],
                |r| r.get(0),
            )?,
        };
        let minutes = if matches!(kind, T::Tour | T::Appointment) {
            60
        } else {
            15
        };
        let description = match kind {
            T::Tour => "Tour of the community",
            T::Appointment => "Meeting with the family",
            T::EmailOut => "Send floor plans and pricing",
            _ => "Follow-up call",
        };
        tx.execute(
            "INSERT INTO activities (portal_id, individual_id, case_id, community_id, type_value_id,
                status_value_id, status_master_id, assigned_user_id, description, sale_stage, due,
                due_end, all_day, date_created, date_updated, completed_at, no_show)
             VALUES (?1, ?2, ?3, ?4,
                (SELECT id FROM type_values WHERE portal_id = ?1 AND list = ?5 AND master_id = ?6
                 ORDER BY sort_order LIMIT 1),
                (SELECT id FROM type_values WHERE portal_id = ?1 AND list = ?7 AND master_id = ?8
                 ORDER BY sort_order LIMIT 1),
                ?8, ?9, ?10, ?11, ?12, ?13, 0, ?14, ?15, ?16, ?17)",
            params![
                self.id,
                individual,
                case,
                community,
                TypeList::ACTIVITY_TYPE.code(),
                kind.code(),
                TypeList::ACTIVITY_STATUS.code(),
                state.code(),
                agent,
                description,
                sale_stage(kind.code()),
                store(due),
                store(due + Duration::minutes(minutes)),
                store(entered),
                store(updated),
                (state == S::Completed).then(|| store(due + Duration::minutes(minutes))),
                state == S::Noshow,
            ],
        )?;
        Ok(())
    }
}

/// An agent's work on `day`, drawn from `rng`: two calls, tours, a family meeting, an email,
/// each on one of `people` at a quarter hour between 9:00 and 17:00 Eastern.
fn draw_day(
    rng: &mut StdRng,
    people: &[(i64, i64)],
    day: NaiveDate,
) -> Vec<(T, (i64, i64), DateTime<Utc>)> {
    let mut plan = vec![T::CallOut, T::CallOut];
    for (kind, chance) in [
        (T::Tour, 0.6),
        (T::Tour, 0.3),
        (T::Appointment, 0.4),
        (T::EmailOut, 0.5),
    ] {
        if rng.random_bool(chance) {
            plan.push(kind);
        }
    }
    let mut work = Vec::new();
    for kind in plan {
        let Some(&who) = people.choose(rng) else {
            continue;
        };
        let hour = rng.random_range(14..22);
        let minute = *[0, 15, 30, 45].choose(rng).unwrap_or(&0);
        if let Some(due) = day.and_hms_opt(hour, minute, 0).map(|t| t.and_utc()) {
            work.push((kind, who, due));
        }
    }
    work
}

fn day_seed(portal: i64, day: NaiveDate) -> u64 {
    (portal as u64).wrapping_mul(1_000_003) ^ (day.num_days_from_ce() as u64)
}

/// The demo communities' zone: their offices' hours are kept there, whatever the computer's.
const OFFICE_ZONE: chrono_tz::Tz = chrono_tz::America::New_York;
/// Monday to Saturday, 8 am to 6 pm (the desk's default office hours); the last hour is left
/// for what is booked within the hour.
const OPENS: u32 = 8;
const LAST_START: u32 = 17;

/// `t` if the demo's offices are open then (with an hour to go), else the next opening.
pub(super) fn in_office_hours(t: DateTime<Utc>) -> DateTime<Utc> {
    let local = t.with_timezone(&OFFICE_ZONE);
    let open_day = |d: NaiveDate| d.weekday() != Weekday::Sun;
    let hour = chrono::Timelike::hour(&local);
    if open_day(local.date_naive()) && (OPENS..LAST_START).contains(&hour) {
        return t;
    }
    let mut day = local.date_naive();
    if hour >= OPENS {
        day = day.succ_opt().unwrap_or(day);
    }
    while !open_day(day) {
        day = day.succ_opt().unwrap_or(day);
    }
    day.and_hms_opt(OPENS, 0, 0)
        .and_then(|opening| opening.and_local_timezone(OFFICE_ZONE).earliest())
        .map_or(t, |opening| opening.with_timezone(&Utc))
}

fn round_up_to_five_minutes(t: DateTime<Utc>) -> DateTime<Utc> {
    let seconds = t.timestamp();
    let rounded = seconds
        .div_euclid(300)
        .saturating_add(1)
        .saturating_mul(300);
    DateTime::from_timestamp(rounded, 0).unwrap_or(t)
}

fn read_date(tx: &Transaction<'_>, key: &str) -> rusqlite::Result<Option<NaiveDate>> {
    let text: Option<String> = tx
        .query_row("SELECT value FROM meta WHERE key = ?1", [key], |r| r.get(0))
        .optional()?;
    Ok(text.and_then(|t| NaiveDate::parse_from_str(&t, "%Y-%m-%d").ok()))
}

fn write_date(tx: &Transaction<'_>, key: &str, date: NaiveDate) -> rusqlite::Result<()> {
    tx.execute(
        "INSERT OR REPLACE INTO meta (key, value) VALUES (?1, ?2)",
        params![key, date.format("%Y-%m-%d").to_string()],
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;
    use crate::Db;
    use crate::seed::{DEMO_KEY, DEMO_PORTAL, SeedSize, seed};

    fn seeded_at(now: DateTime<Utc>) -> Db {
        let db = Db::open(None).unwrap();
        db.with_conn(|conn| {
            let tx = conn.transaction().unwrap();
            seed(&tx, SeedSize::Demo, now, 7, DEMO_KEY).unwrap();
            tx.commit().unwrap();
        });
        db
    }

    /// (agent, type master, due) of open activities due from `from` on, in order.
    fn open_from(db: &Db, from: DateTime<Utc>) -> Vec<(i64, i64, String)> {
        db.with_conn(|conn| {
            conn.prepare(
                "SELECT a.assigned_user_id, t.master_id, a.due FROM activities a
                 JOIN type_values t ON t.id = a.type_value_id
                 WHERE a.portal_id = ?1 AND a.completed_at IS NULL AND a.due >= ?2
                 ORDER BY a.due, a.assigned_user_id, t.master_id",
            )
            .unwrap()
            .query_map(params![DEMO_PORTAL, store(from)], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?))
            })
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap()
        })
    }

    fn restart(db: &Db, now: DateTime<Utc>) {
        db.with_conn(|conn| {
            let tx = conn.transaction().unwrap();
            top_up(&tx, now).unwrap();
            tx.commit().unwrap();
        });
    }

    #[test]
    fn the_offices_hours_are_kept_in_the_communities_zone() {
        let at = |h, m| Utc.with_ymd_and_hms(2026, 11, 23, h, m, 0).unwrap();
        // Monday 9:07 am Eastern is open; 3:07 am waits for 8 am; 5:30 pm for Tuesday 8 am.
        assert_eq!(in_office_hours(at(14, 7)), at(14, 7));
        assert_eq!(in_office_hours(at(8, 7)), at(13, 0));
        assert_eq!(
            in_office_hours(at(22, 30)),
            Utc.with_ymd_and_hms(2026, 11, 24, 13, 0, 0).unwrap()
        );
        // Sunday noon waits for Monday; in summer 8 am is 12:00 UTC.
        let sunday = Utc.with_ymd_and_hms(2026, 11, 22, 17, 0, 0).unwrap();
        assert_eq!(in_office_hours(sunday), at(13, 0));
        let july = Utc.with_ymd_and_hms(2026, 7, 14, 6, 0, 0).unwrap();
        assert_eq!(
            in_office_hours(july),
            Utc.with_ymd_and_hms(2026, 7, 14, 12, 0, 0).unwrap()
        );
    }

    #[test]
    fn a_demo_opened_at_night_shows_the_next_mornings_work_and_no_call_made_at_night() {
        // A Monday, 3:07 am in the East.
        let now = Utc.with_ymd_and_hms(2026, 11, 23, 8, 7, 0).unwrap();
        let db = seeded_at(now);
        let opening = Utc.with_ymd_and_hms(2026, 11, 23, 13, 0, 0).unwrap();
        let soon = open_from(&db, now);
        assert!(
            soon.iter().all(|a| a.2 >= store(opening)),
            "nothing is booked before the office opens: {:?}",
            &soon[..3.min(soon.len())]
        );
        assert!(
            soon.iter()
                .any(|a| a.2 <= store(opening + Duration::hours(1))),
            "the first hour of the morning has work"
        );
        // The last days' first calls back were made in office hours, Eastern.
        let calls: Vec<String> = db.with_conn(|conn| {
            conn.prepare(
                "SELECT due FROM activities WHERE portal_id = ?1 AND description = 'First call back'",
            )
            .unwrap()
            .query_map([DEMO_PORTAL], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap()
        });
        assert!(!calls.is_empty());
        for due in calls {
            let at = DateTime::parse_from_rfc3339(&due)
                .unwrap()
                .with_timezone(&Utc);
            assert_eq!(in_office_hours(at), at, "a call back at {due}");
        }
    }

    #[test]
    fn every_agent_has_tours_and_calls_in_the_next_two_weeks_and_some_within_the_hour() {
        // A Monday, 14:07 UTC (9:07 in the East).
        let now = Utc.with_ymd_and_hms(2026, 11, 23, 14, 7, 0).unwrap();
        let db = seeded_at(now);
        let work = open_from(&db, now);
        let in_window = |a: &&(i64, i64, String)| {
            a.2 < store(now + Duration::days(DAYS_AHEAD)) && a.2 >= store(now)
        };
        let agents: std::collections::HashSet<i64> =
            work.iter().filter(in_window).map(|a| a.0).collect();
        assert_eq!(agents.len(), AGENTS, "every agent has scheduled work");
        for agent in &agents {
            let tours = work
                .iter()
                .filter(in_window)
                .filter(|a| a.0 == *agent && a.1 == T::Tour.code())
                .count();
            assert!(tours >= 3, "agent {agent} has {tours} tours in two weeks");
        }
        let within_hour = work
            .iter()
            .filter(|a| a.2 <= store(now + Duration::hours(1)))
            .count();
        assert!(within_hour >= 2, "{within_hour} items due within the hour");
    }

    #[test]
    fn the_same_date_gives_the_same_schedule_and_a_restart_adds_nothing() {
        let now = Utc.with_ymd_and_hms(2026, 11, 23, 14, 7, 0).unwrap();
        let first = open_from(&seeded_at(now), now);
        let db = seeded_at(now);
        assert_eq!(first, open_from(&db, now), "same date, same schedule");
        restart(&db, now + Duration::hours(2));
        assert_eq!(
            first,
            open_from(&db, now),
            "a restart the same day adds nothing"
        );
    }

    #[test]
    fn a_start_days_later_fills_only_the_new_days() {
        let now = Utc.with_ymd_and_hms(2026, 11, 23, 14, 7, 0).unwrap();
        let db = seeded_at(now);
        let before = open_from(&db, now);
        let later = now + Duration::days(3);
        restart(&db, later);
        let after = open_from(&db, now);
        let first_new_day = now.date_naive() + Duration::days(DAYS_AHEAD);
        let horizon = store(first_new_day.and_time(chrono::NaiveTime::MIN).and_utc());
        let old_days = |v: &[(i64, i64, String)]| {
            v.iter()
                .filter(|a| a.2 < horizon)
                .cloned()
                .collect::<Vec<_>>()
        };
        // The days already filled keep exactly their work, plus the new start's items within
        // the hour.
        let added_in_old: Vec<_> = old_days(&after)
            .into_iter()
            .filter(|a| !before.contains(a))
            .collect();
        assert!(
            added_in_old
                .iter()
                .all(|a| a.2 <= store(later + Duration::hours(1))),
            "only the due-soon items land in days already filled: {added_in_old:?}"
        );
        assert!(
            after.iter().any(|a| a.2 >= horizon),
            "the three new days get work"
        );
    }

    #[test]
    fn a_new_database_holds_the_eight_weeks_before_it_done_and_entered_when_they_came_in_reach() {
        let now = Utc.with_ymd_and_hms(2026, 11, 23, 14, 7, 0).unwrap();
        let db = seeded_at(now);
        let from = now - Duration::days(DAYS_BEFORE);
        // (due, entered, done, individual's creation) of the history's work.
        let done: Vec<(String, String, Option<String>, String)> = db.with_conn(|conn| {
            conn.prepare(
                "SELECT a.due, a.date_created, a.completed_at, i.date_created FROM activities a
                 JOIN individuals i ON i.id = a.individual_id
                 WHERE a.portal_id = ?1 AND a.description IN
                   ('Tour of the community', 'Follow-up call', 'Meeting with the family',
                    'Send floor plans and pricing')
                   AND a.due >= ?2 AND a.due < ?3",
            )
            .unwrap()
            .query_map(params![DEMO_PORTAL, store(from), store(now)], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
            })
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap()
        });
        // Five agents, about forty working days: well over a hundred items.
        let history: Vec<_> = done
            .iter()
            .filter(|(due, entered, ..)| {
                let (due, entered) = (parse(due), parse(entered));
                due - entered >= Duration::days(DAYS_AHEAD - 1)
            })
            .collect();
        assert!(history.len() > 100, "{} items of history", history.len());
        for (due, _, completed, created) in &history {
            let due = parse(due);
            assert!(due < now);
            assert!(
                parse(created) + Duration::days(SETTLED_DAYS) <= due,
                "work only on people known for two weeks"
            );
            // Done, or a tour the family did not come to (no completion).
            if let Some(at) = completed {
                assert!(parse(at) > due);
            }
        }
    }

    fn parse(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text)
            .unwrap()
            .with_timezone(&Utc)
    }
}
