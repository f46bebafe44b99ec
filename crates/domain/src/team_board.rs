//! The team board: per agent and per community, how faithfully leads are worked — active leads
//! by colour, the engagement score green ÷ (green + red) and its trend over the last 8 weeks
//! (each week worked out again from the activity history as of that week's end), speed to lead
//! (median business minutes from inquiry to first contact, shares within 1 and 24 hours), tours
//! and overdue follow-ups. Worked out from compact rows, so a portal's worth fits the budget.

use chrono::{DateTime, Duration, Utc};
use chrono_tz::Tz;

use crate::contact_story::ContactRule;
use crate::speed_to_lead::{Colour, LeadFacts, LeadRules};

/// Weeks of trend.
pub const TREND_WEEKS: usize = 8;

/// An active lead (Prospect or Pre Lead, not Lost, Inactive or Moved In).
#[derive(Debug, Clone, PartialEq)]
pub struct BoardLead {
    pub case_number: String,
    pub name: String,
    pub agent: String,
    pub community: String,
    pub community_id: Option<i64>,
    /// Where the lead came from (the market source Search names), or empty.
    pub source: String,
    pub created: DateTime<Utc>,
}

/// Open, completed, cancelled or a no-show (the store's states).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum State {
    Open,
    Completed,
    Cancelled,
    NoShow,
}

/// One activity of a lead, cut to what the board reads.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoardActivity {
    /// Index of its lead in the input's leads.
    pub lead: u32,
    pub due: DateTime<Utc>,
    pub state: State,
    /// Of an outbound type (`speed_to_lead::OUTBOUND_TYPES`).
    pub outbound: bool,
    pub tour: bool,
    /// Of a type through which the person reaches us (`lost_leads::INBOUND_TYPES`).
    pub inbound: bool,
    /// A lost-lead record (`lost_leads`).
    pub lost: bool,
    /// When it was entered, where known: as of a week's end, only what was entered by then
    /// counts. Without it, an activity counts as entered when it was due (or, if due later,
    /// before that week's end).
    pub created: Option<DateTime<Utc>>,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct BoardInput {
    pub leads: Vec<BoardLead>,
    pub activities: Vec<BoardActivity>,
}

/// One agent's or one community's line.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize)]
pub struct BoardRow {
    pub name: String,
    pub active: usize,
    pub green: usize,
    pub amber: usize,
    pub red: usize,
    /// Green ÷ (green + red); `None` with neither.
    pub score: Option<f64>,
    /// The score as of each of the last weeks' ends, oldest first (the last is now's).
    pub trend: Vec<Option<f64>>,
    /// Leads who inquired in the period.
    pub inquiries: usize,
    /// Median business minutes from inquiry to first contact, of those contacted.
    pub median_response_minutes: Option<i64>,
    /// Shares of the period's inquiries contacted within 1 and 24 business hours.
    pub within_hour: Option<f64>,
    pub within_day: Option<f64>,
    /// Share of the period's inquiries with a tour (done or booked): the conversion speed is
    /// set beside.
    pub toured: Option<f64>,
    /// Tours due in the period (not cancelled).
    pub tours: usize,
    /// Open activities of its leads due before now.
    pub overdue: usize,
    /// Its leads: (case number, name, colour now), red first.
    pub leads: Vec<(String, String, Colour)>,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct TeamBoard {
    pub by_agent: Vec<BoardRow>,
    pub by_community: Vec<BoardRow>,
    pub by_source: Vec<BoardRow>,
}

impl BoardLead {
    /// The board's view of an active lead (`None` for any other case).
    pub fn of(case: &crate::api::model::SearchCase) -> Option<BoardLead> {
        if !crate::next_step::is_active_lead_of(case, None) {
            return None;
        }
        let p = &case.primary;
        let community = p.communities.first();
        Some(BoardLead {
            case_number: p.case_number.clone(),
            name: p.individual_name.clone(),
            agent: p.assigned_user.clone(),
            community: community.map(|c| c.name.clone()).unwrap_or_default(),
            community_id: community.map(|c| c.id),
            source: p.market_source.clone().unwrap_or_default(),
            created: p.date_created.with_timezone(&Utc),
        })
    }
}

impl BoardActivity {
    /// An activity of lead `lead`, by its type's name and its state; `lost` when it is a
    /// lost-lead record.
    pub fn of_kind(
        lead: u32,
        due: DateTime<Utc>,
        state: State,
        type_name: &str,
        created: Option<DateTime<Utc>>,
        lost: bool,
    ) -> BoardActivity {
        BoardActivity {
            lead,
            due,
            state,
            outbound: crate::speed_to_lead::is_outbound(type_name),
            tour: type_name == "Tour",
            inbound: crate::lost_leads::is_inbound(type_name),
            lost: lost && state == State::Completed,
            created,
        }
    }
}

/// The board's rows from the service's reads: the active leads of `cases`, and their
/// activities (matched by case number).
pub fn input_from(
    cases: &[crate::api::model::SearchCase],
    activities: &[crate::api::model::Activity],
) -> BoardInput {
    let leads: Vec<BoardLead> = cases.iter().filter_map(BoardLead::of).collect();
    let index: std::collections::HashMap<&str, u32> = leads
        .iter()
        .enumerate()
        .map(|(i, l)| (l.case_number.as_str(), i as u32))
        .collect();
    let activities = activities
        .iter()
        // A follow-up plan's start or stop is no contact.
        .filter(|a| !crate::contact::plan_marker::is_marker(a))
        .filter_map(|a| {
            let lead = *index.get(a.case_number.as_str())?;
            let state = if a.no_show {
                State::NoShow
            } else if a.cancelled {
                State::Cancelled
            } else if a.completed {
                State::Completed
            } else {
                State::Open
            };
            Some(BoardActivity::of_kind(
                lead,
                a.due_date.with_timezone(&Utc),
                state,
                a.activity_type.as_deref().unwrap_or_default(),
                Some(a.date_created.with_timezone(&Utc)),
                crate::lost_leads::LostLead::of(a).is_some(),
            ))
        })
        .collect();
    BoardInput { leads, activities }
}

/// What one lead adds to the rows it belongs to.
struct LeadSummary {
    colours: [Option<Colour>; TREND_WEEKS],
    response: Option<i64>,
    inquired_in_period: bool,
    toured: bool,
    tours: usize,
    overdue: usize,
}

/// "Last N days" as the board counts it, on Sales' board and in the weekly report alike: the
/// calendar days from `first` to `last` in `zone`, midnight to midnight (so the week's count
/// does not change with the hour it is read at, and a tour booked for later today is in it).
pub fn days_period(
    first: chrono::NaiveDate,
    last: chrono::NaiveDate,
    zone: Tz,
) -> Option<(DateTime<Utc>, DateTime<Utc>)> {
    let midnight = |day: chrono::NaiveDate| {
        day.and_hms_opt(0, 0, 0)
            .and_then(|t| t.and_local_timezone(zone).earliest())
            .map(|t| t.with_timezone(&Utc))
    };
    Some((midnight(first)?, midnight(last.succ_opt()?)?))
}

/// The last `days` days ending `today` (today included), as [`days_period`] counts them.
pub fn last_days(
    days: u64,
    today: chrono::NaiveDate,
    zone: Tz,
) -> Option<(DateTime<Utc>, DateTime<Utc>)> {
    let first = today.checked_sub_days(chrono::Days::new(days.max(1) - 1))?;
    days_period(first, today, zone)
}

/// The board over `period` (from, to) as of `now`.
pub fn team_board(
    input: &BoardInput,
    period: (DateTime<Utc>, DateTime<Utc>),
    now: DateTime<Utc>,
    rules: &LeadRules,
    zone: Tz,
) -> TeamBoard {
    // The week ends, oldest first; the last is now.
    let ends: [DateTime<Utc>; TREND_WEEKS] =
        std::array::from_fn(|k| now - Duration::weeks((TREND_WEEKS - 1 - k) as i64));
    // Activities grouped by lead without sorting them: counts, then offsets.
    let n = input.leads.len();
    let mut start = vec![0u32; n + 1];
    for a in &input.activities {
        if let Some(c) = start.get_mut(a.lead as usize + 1) {
            *c += 1;
        }
    }
    for i in 0..n {
        start[i + 1] += start[i];
    }
    let mut fill = start.clone();
    let mut order = vec![0u32; input.activities.len()];
    for (i, a) in input.activities.iter().enumerate() {
        if let Some(slot) = fill.get_mut(a.lead as usize)
            && let Some(o) = order.get_mut(*slot as usize)
        {
            *o = i as u32;
            *slot += 1;
        }
    }
    let rule = ContactRule {
        rules: rules.clone(),
        zone,
    };
    let summaries: Vec<LeadSummary> = (0..n)
        .map(|i| {
            let lead = &input.leads[i];
            let mine = order[start[i] as usize..start[i + 1] as usize]
                .iter()
                .map(|&j| &input.activities[j as usize]);
            summarise(lead, mine, &ends, period, now, &rule)
        })
        .collect();
    TeamBoard {
        by_agent: rows(input, &summaries, |l| &l.agent),
        by_community: rows(input, &summaries, |l| &l.community),
        by_source: rows(input, &summaries, |l| &l.source),
    }
}

fn summarise<'a>(
    lead: &BoardLead,
    activities: impl Iterator<Item = &'a BoardActivity> + Clone,
    ends: &[DateTime<Utc>; TREND_WEEKS],
    period: (DateTime<Utc>, DateTime<Utc>),
    now: DateTime<Utc>,
    rule: &ContactRule,
) -> LeadSummary {
    let mut booked = [false; TREND_WEEKS];
    let mut last_touch: [Option<DateTime<Utc>>; TREND_WEEKS] = [None; TREND_WEEKS];
    // A lead closed as lost by a week's end, and not back since, is not counted that week.
    let mut lost_at: [Option<DateTime<Utc>>; TREND_WEEKS] = [None; TREND_WEEKS];
    let mut inbound_at: [Option<DateTime<Utc>>; TREND_WEEKS] = [None; TREND_WEEKS];
    // The first contact made by each week's end.
    let mut first_by: [Option<DateTime<Utc>>; TREND_WEEKS] = [None; TREND_WEEKS];
    let mut first_contact: Option<DateTime<Utc>> = None;
    let (mut tours, mut overdue, mut toured) = (0, 0, false);
    for a in activities {
        let live = matches!(a.state, State::Open | State::Completed);
        for (k, end) in ends.iter().enumerate() {
            // As of that week's end, of what was entered by then: something not cancelled was
            // due after it (booked then), and the latest completed activity up to it.
            if a.created.is_some_and(|c| c > *end) {
                continue;
            }
            if live && a.due > *end {
                booked[k] = true;
            }
            if a.state == State::Completed && a.due <= *end {
                let slot = if a.lost {
                    &mut lost_at[k]
                } else {
                    if a.inbound {
                        inbound_at[k] = Some(inbound_at[k].map_or(a.due, |t| t.max(a.due)));
                    }
                    &mut last_touch[k]
                };
                *slot = Some(slot.map_or(a.due, |t| t.max(a.due)));
                if a.outbound && !a.lost {
                    first_by[k] = Some(first_by[k].map_or(a.due, |t| t.min(a.due)));
                }
            }
        }
        if a.state == State::Completed && a.outbound && a.due <= now {
            first_contact = Some(first_contact.map_or(a.due, |t| t.min(a.due)));
        }
        if a.tour && live && a.due >= period.0 && a.due < period.1 {
            tours += 1;
        }
        toured |= a.tour && live;
        if a.state == State::Open && a.due < now {
            overdue += 1;
        }
    }
    // Each week's colour as it stood at its end: the story of contact then (`contact_story`).
    let colours = std::array::from_fn(|k| {
        if lead.created > ends[k] {
            return None;
        }
        let facts = LeadFacts {
            open: false,
            booked: booked[k],
            first_contact: first_by[k].map(|t| t.fixed_offset()),
            last_touch: last_touch[k].map(|t| t.fixed_offset()),
            lost: lost_at[k].map(|t| t.fixed_offset()),
            last_inbound: inbound_at[k].map(|t| t.fixed_offset()),
        };
        facts
            .standing(
                lead.created.fixed_offset(),
                lead.community_id,
                ends[k],
                rule,
            )
            .colour()
    });
    if colours[TREND_WEEKS - 1].is_none() {
        // Lost (or not yet created): its open items are no one's follow-ups now.
        overdue = 0;
    }
    let inquired_in_period = lead.created >= period.0 && lead.created < period.1;
    let response = first_contact.filter(|_| inquired_in_period).map(|at| {
        rule.rules
            .hours_of(lead.community_id)
            .minutes_between(lead.created, at, rule.zone)
    });
    LeadSummary {
        colours,
        response,
        inquired_in_period,
        toured: toured && inquired_in_period,
        tours,
        overdue,
    }
}

fn rows(
    input: &BoardInput,
    summaries: &[LeadSummary],
    key: impl Fn(&BoardLead) -> &String,
) -> Vec<BoardRow> {
    let mut names: Vec<&String> = input.leads.iter().map(&key).collect();
    names.sort();
    names.dedup();
    let slot = |name: &String| names.binary_search(&name).unwrap_or(0);
    let mut out: Vec<BoardRow> = names
        .iter()
        .map(|name| BoardRow {
            name: (*name).clone(),
            trend: vec![None; TREND_WEEKS],
            ..BoardRow::default()
        })
        .collect();
    let mut counts = vec![[(0usize, 0usize); TREND_WEEKS]; names.len()];
    let mut responses: Vec<Vec<i64>> = vec![Vec::new(); names.len()];
    let mut toured = vec![0usize; names.len()];
    for (lead, s) in input.leads.iter().zip(summaries) {
        let r = slot(key(lead));
        let row = &mut out[r];
        for (k, colour) in s.colours.iter().enumerate() {
            match colour {
                Some(Colour::Green) => counts[r][k].0 += 1,
                Some(Colour::Red) => counts[r][k].1 += 1,
                _ => {}
            }
        }
        if let Some(now) = s.colours[TREND_WEEKS - 1] {
            row.active += 1;
            match now {
                Colour::Green => row.green += 1,
                Colour::Amber => row.amber += 1,
                Colour::Red => row.red += 1,
            }
            row.leads
                .push((lead.case_number.clone(), lead.name.clone(), now));
        }
        if s.inquired_in_period {
            row.inquiries += 1;
        }
        toured[r] += usize::from(s.toured);
        if let Some(m) = s.response {
            responses[r].push(m);
        }
        row.tours += s.tours;
        row.overdue += s.overdue;
    }
    for (r, row) in out.iter_mut().enumerate() {
        row.trend = counts[r]
            .iter()
            .map(|&(green, red)| score(green, red))
            .collect();
        row.score = score(row.green, row.red);
        let times = &mut responses[r];
        times.sort_unstable();
        row.median_response_minutes = crate::response_times::median_wait(times, row.inquiries);
        let share = |limit: i64| {
            (row.inquiries > 0).then(|| {
                times.iter().filter(|m| **m <= limit).count() as f64 / row.inquiries as f64
            })
        };
        row.within_hour = share(60);
        row.within_day = share(24 * 60);
        row.toured = (row.inquiries > 0).then(|| toured[r] as f64 / row.inquiries as f64);
        row.leads.sort_by(|a, b| a.2.cmp(&b.2).then(a.1.cmp(&b.1)));
    }
    out
}

fn score(green: usize, red: usize) -> Option<f64> {
    (green + red > 0).then(|| green as f64 / (green + red) as f64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono_tz::America::New_York;

    fn at(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text)
            .unwrap()
            .with_timezone(&Utc)
    }

    fn lead(n: usize, agent: &str, community: &str, created: &str) -> BoardLead {
        BoardLead {
            case_number: format!("{n}"),
            name: format!("Lead {n}"),
            agent: agent.into(),
            community: community.into(),
            community_id: None,
            source: if n.is_multiple_of(2) {
                "Website"
            } else {
                "Placement agency"
            }
            .into(),
            created: at(created),
        }
    }

    /// Done work entered when done; scheduled work entered three days before it is due.
    fn act(lead: u32, due: &str, state: State, outbound: bool, tour: bool) -> BoardActivity {
        let due = at(due);
        let created = if state == State::Completed {
            due
        } else {
            due - Duration::days(3)
        };
        BoardActivity {
            lead,
            due,
            state,
            outbound,
            tour,
            inbound: false,
            lost: false,
            created: Some(created),
        }
    }

    #[test]
    fn a_lead_lost_leaves_the_counts_from_then_until_it_inquires_again() {
        let now = at("2026-11-24T12:00:00-05:00");
        let period = (at("2026-11-01T00:00:00-04:00"), now);
        let mut lost = act(
            0,
            "2026-11-20T10:00:00-05:00",
            State::Completed,
            false,
            false,
        );
        lost.lost = true;
        let mut back = act(
            1,
            "2026-11-22T10:00:00-05:00",
            State::Completed,
            false,
            false,
        );
        back.inbound = true;
        let mut lost_too = lost;
        lost_too.lead = 1;
        let input = BoardInput {
            leads: vec![
                lead(1, "Dana", "Maple", "2026-10-01T09:00:00-04:00"),
                lead(2, "Dana", "Maple", "2026-10-01T09:00:00-04:00"),
            ],
            activities: vec![
                // Lead 1: lost on Nov 20 with an overdue call still open.
                lost,
                act(0, "2026-11-21T10:00:00-05:00", State::Open, true, false),
                // Lead 2: lost on Nov 20, back through the website on Nov 22.
                lost_too,
                back,
            ],
        };
        let board = team_board(&input, period, now, &LeadRules::default(), New_York);
        let dana = &board.by_agent[0];
        assert_eq!(dana.active, 1, "only the lead who came back");
        assert_eq!(dana.leads[0].0, "2");
        assert_eq!(dana.overdue, 0, "a lost lead's open call is no follow-up");
        // A week before now (Nov 17) neither was lost: both were counted.
        let earlier = board.by_agent[0].trend[TREND_WEEKS - 2];
        let mut kept = input.clone();
        kept.activities.retain(|a| !a.lost);
        let unlost = team_board(&kept, period, now, &LeadRules::default(), New_York);
        assert_eq!(earlier, unlost.by_agent[0].trend[TREND_WEEKS - 2]);
        assert_eq!(unlost.by_agent[0].active, 2);
    }

    #[test]
    fn the_board_counts_colours_scores_speed_tours_and_overdue_per_agent_and_community() {
        // Tuesday Nov 24 2026, noon in New York; the period is November.
        let now = at("2026-11-24T12:00:00-05:00");
        let period = (
            at("2026-11-01T00:00:00-04:00"),
            at("2026-12-01T00:00:00-05:00"),
        );
        let input = BoardInput {
            leads: vec![
                // Dana's: called 30 minutes after inquiring, a tour booked ahead: green.
                lead(1, "Dana", "Maple", "2026-11-23T09:00:00-05:00"),
                // Dana's: called 3 business hours after, nothing since Nov 20: red.
                lead(2, "Dana", "Cedar", "2026-11-19T09:00:00-05:00"),
                // Sam's: never called, inquired yesterday 10 am: red (12 business hours waiting, past
                // the hour's target; by the hours since the inquiry alone it was amber).
                lead(3, "Sam", "Maple", "2026-11-23T10:00:00-05:00"),
                // Sam's: from October; overdue call, last touch Nov 23 1 pm: green (23 h).
                lead(4, "Sam", "Maple", "2026-10-05T09:00:00-04:00"),
            ],
            activities: vec![
                act(
                    0,
                    "2026-11-23T09:30:00-05:00",
                    State::Completed,
                    true,
                    false,
                ),
                act(0, "2026-11-27T10:00:00-05:00", State::Open, true, true),
                act(
                    1,
                    "2026-11-19T12:00:00-05:00",
                    State::Completed,
                    true,
                    false,
                ),
                act(1, "2026-11-20T10:00:00-05:00", State::Completed, true, true),
                act(1, "2026-11-26T10:00:00-05:00", State::Cancelled, true, true),
                act(
                    3,
                    "2026-11-23T13:00:00-05:00",
                    State::Completed,
                    true,
                    false,
                ),
                act(3, "2026-11-24T09:00:00-05:00", State::Open, true, false),
            ],
        };
        let board = team_board(&input, period, now, &LeadRules::default(), New_York);
        let dana = &board.by_agent[0];
        assert_eq!(dana.name, "Dana");
        assert_eq!(
            (dana.active, dana.green, dana.amber, dana.red),
            (2, 1, 0, 1)
        );
        assert_eq!(dana.score, Some(0.5));
        assert_eq!(dana.inquiries, 2);
        // 30 and 180 business minutes: the lower middle is 30.
        assert_eq!(dana.median_response_minutes, Some(30));
        assert_eq!((dana.within_hour, dana.within_day), (Some(0.5), Some(1.0)));
        assert_eq!(
            dana.tours, 2,
            "the booked and the done one, not the cancelled"
        );
        assert_eq!(dana.overdue, 0);
        assert_eq!(dana.leads[0].2, Colour::Red, "red first");
        let sam = &board.by_agent[1];
        assert_eq!((sam.active, sam.green, sam.amber, sam.red), (2, 1, 0, 1));
        assert_eq!(sam.score, Some(0.5));
        assert_eq!(
            sam.inquiries, 1,
            "the October lead inquired before the period"
        );
        assert_eq!(
            sam.median_response_minutes, None,
            "nobody called the new one"
        );
        assert_eq!(sam.within_hour, Some(0.0));
        assert_eq!(sam.overdue, 1);
        let maple = board
            .by_community
            .iter()
            .find(|r| r.name == "Maple")
            .unwrap();
        assert_eq!(maple.active, 3);

        // The trend, as of each week's end: a week ago lead 4 had nothing entered after its
        // creation in October (its call of Nov 23 was entered then): red; leads 1–3 did not
        // exist yet.
        assert_eq!(sam.trend.len(), TREND_WEEKS);
        assert_eq!(sam.trend[TREND_WEEKS - 2], Some(0.0));
        assert_eq!(sam.trend[TREND_WEEKS - 1], sam.score);
        // Seven weeks ago (Oct 6, noon) lead 4 was a day old and nobody had called: red, a
        // day past the hour's target.
        assert_eq!(sam.trend[0], Some(0.0));
        assert_eq!(
            dana.trend[TREND_WEEKS - 2],
            None,
            "neither of Dana's leads existed"
        );
        // Without entry times, the completed call of Nov 23 counts as booked a week before it;
        // a lead nobody had reached stays red all the same (the wait is what counts until
        // the first contact).
        let mut unknown = input.clone();
        for a in &mut unknown.activities {
            a.created = None;
        }
        let guessed = team_board(&unknown, period, now, &LeadRules::default(), New_York);
        assert_eq!(guessed.by_agent[1].trend[TREND_WEEKS - 2], Some(0.0));
    }

    #[test]
    fn an_empty_portal_has_an_empty_board() {
        let now = at("2026-11-24T12:00:00Z");
        let board = team_board(
            &BoardInput::default(),
            (now, now),
            now,
            &LeadRules::default(),
            New_York,
        );
        assert_eq!(board, TeamBoard::default());
    }
}
