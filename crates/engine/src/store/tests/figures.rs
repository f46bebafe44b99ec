//! The store's figures and windows against the same worked out from every record.

use super::*;

#[test]
fn a_window_opens_only_the_activities_due_in_it_and_the_funnel_counts_in_sql() {
    let copy = Store::in_memory().unwrap();
    let template = activities();
    let start: chrono::DateTime<chrono::FixedOffset> = "2026-11-01T09:00:00-05:00".parse().unwrap();
    let list: Vec<crate::api::model::Activity> = (0..40)
        .map(|i| {
            let mut a = template[i % 2].clone();
            a.id = i as i64 + 1;
            a.due_date = start + chrono::Duration::days(i as i64);
            a.assigned_name = if i % 4 == 0 {
                "Dana Reyes"
            } else {
                "Sam Ortiz"
            }
            .into();
            a.case_number = format!("C-{}", i % 5);
            a.activity_type = Some(if i % 2 == 0 { "Tour" } else { "Call Out" }.into());
            a.completed = i % 3 == 0;
            a.cancelled = false;
            a.no_show = false;
            a
        })
        .collect();
    copy.keep_activities(&list, Some(Utc::now())).unwrap();
    let utc = |a: &crate::api::model::Activity| a.due_date.with_timezone(&Utc);
    let window = DueWindow {
        from: utc(&list[10]),
        to: utc(&list[20]),
        assigned: Some("Dana Reyes".into()),
        open_only: false,
    };
    let (shown, more) = copy.activities_due(&window).unwrap();
    assert!(!more);
    let ids: Vec<i64> = shown.iter().map(|a| a.id).collect();
    assert_eq!(
        ids,
        vec![13, 17],
        "Dana's, due from the 11th to before the 21st, in order"
    );
    let open = DueWindow {
        open_only: true,
        assigned: None,
        ..window.clone()
    };
    let (open, _) = copy.activities_due(&open).unwrap();
    assert!(open.iter().all(|a| !a.completed));
    assert_eq!(open.len(), 10 - 3, "ten due, three of them completed");

    let firsts = copy.first_done_by_case(&["Tour"]).unwrap();
    // Completed tours: i even and a multiple of 3 (0, 6, 12, 18, 24, 30, 36), cases i % 5.
    let mut by_case: Vec<(i64, chrono::DateTime<Utc>)> =
        firsts.iter().map(|f| (f.case_key, f.first_due)).collect();
    by_case.sort();
    let mut expected: Vec<(i64, chrono::DateTime<Utc>)> = [0usize, 6, 12, 18, 24]
        .iter()
        .map(|&i| (copy.case_key(&format!("C-{}", i % 5)), utc(&list[i])))
        .collect();
    expected.sort();
    assert_eq!(by_case, expected, "the first completed tour of each case");
    assert!(firsts.iter().all(|f| f.type_name == "Tour"));
}

#[test]
fn the_leads_are_the_kept_prospect_and_pre_lead_cases() {
    let copy = Store::in_memory().unwrap();
    let cases = fixture();
    let leads_key = crate::answer_keys::LEADS;
    copy.upsert(&cases).unwrap();
    assert!(
        copy.kept_answer(leads_key).is_none(),
        "not known complete yet"
    );
    let at = Utc.with_ymd_and_hms(2026, 11, 2, 9, 0, 0).unwrap();
    copy.mark_leads_known(at, true).unwrap();
    let (json, kept_at) = copy.kept_answer(leads_key).unwrap();
    assert_eq!(kept_at, at);
    let leads: Vec<SearchCase> = serde_json::from_slice(&json).unwrap();
    let expected = cases
        .iter()
        .filter(|c| {
            matches!(
                c.primary.individual_type_id,
                IndividualType::Prospect | IndividualType::PreLead
            )
        })
        .count();
    assert!(
        expected > 0 && expected < cases.len(),
        "the fixture mixes types"
    );
    assert_eq!(leads.len(), expected);
    // A screen's complete answer is kept as cases too.
    let mut new_lead = cases[0].clone();
    new_lead.primary.case_number = "C-999".into();
    new_lead.primary.individual_type_id = IndividualType::Prospect;
    let later = at + chrono::Duration::minutes(1);
    let json = serde_json::to_vec(&vec![new_lead]).unwrap();
    assert!(copy.keep_answer(leads_key, &json, later).unwrap());
    let (json, kept_at) = copy.kept_answer(leads_key).unwrap();
    assert_eq!(kept_at, later);
    let leads: Vec<SearchCase> = serde_json::from_slice(&json).unwrap();
    assert_eq!(leads.len(), expected + 1);
}

#[test]
fn a_copy_that_does_not_open_says_so_not_sealed() {
    let opened = StoreError::from(sealed::SealError::WrongKeyOrDamaged).to_string();
    assert!(
        opened.starts_with("the offline copy could not be opened"),
        "{opened}"
    );
    assert!(!opened.contains("sealed"), "{opened}");
    let made = StoreError::from(sealed::SealError::Random).to_string();
    assert!(made.contains("could not be sealed"), "{made}");
}

#[test]
fn the_funnel_from_the_stores_few_rows_equals_the_funnel_from_every_activity() {
    use crate::domain::funnel::{STAGE_OF_TYPE, journeys};
    use crate::domain::report::case_facts;
    let copy = Store::in_memory().unwrap();
    let template = activities();
    let start: chrono::DateTime<chrono::FixedOffset> = "2026-06-01T09:00:00-05:00".parse().unwrap();
    let kinds = [
        "Inquiry",
        "Call Out",
        "Tour",
        "Deposit",
        "Walk-in",
        "Email Out",
    ];
    let sources = [None, Some("Google Ads"), Some("Family referral"), Some("")];
    let list: Vec<crate::api::model::Activity> = (0..300)
        .map(|i| {
            let mut a = template[i % 2].clone();
            a.id = i as i64 + 1;
            // Out of date order, so "the first" is not simply the first kept.
            a.due_date = start + chrono::Duration::hours(((i * 37) % 300) as i64 * 7);
            a.case_number = format!("C-{}", i % 23);
            a.activity_type = Some(kinds[i % kinds.len()].into());
            a.completed = i % 3 != 0;
            a.cancelled = i % 11 == 0;
            a.no_show = i % 13 == 0;
            a.market_source = sources[i % sources.len()].map(str::to_owned);
            a
        })
        .collect();
    copy.keep_activities(&list, Some(Utc::now())).unwrap();
    let cases: Vec<SearchCase> = (0..23)
        .map(|n| {
            let mut case = fixture()[n % 2].clone();
            case.primary.case_number = format!("C-{n}");
            case.primary.individual_id = 9000 + n as i64;
            case.primary.market_source = (n % 3 == 0).then(|| "Website".to_owned());
            case
        })
        .collect();
    copy.upsert(&cases).unwrap();
    let types: Vec<&str> = STAGE_OF_TYPE.iter().map(|(name, _)| *name).collect();
    let few = copy.report_activities(&types).unwrap();
    assert!(
        few.len() < list.len() / 2,
        "only the rows the funnel uses: {}",
        few.len()
    );
    let day = chrono::NaiveDate::from_ymd_opt(2027, 1, 1).unwrap();
    let dates = |journeys: Vec<crate::domain::funnel::Journey>| -> Vec<(String, [Option<chrono::NaiveDate>; 4])> {
        journeys.into_iter().map(|j| (j.case_number, j.dates)).collect()
    };
    assert_eq!(
        dates(journeys(&few, &[], day)),
        dates(journeys(&list, &[], day)),
        "every case reaches every stage on the same day"
    );
    let streamed = copy
        .report_case_facts(&crate::domain::report::CaseFactsOf::new(&[], &few))
        .unwrap();
    assert_eq!(streamed.len(), cases.len());
    assert_eq!(
        streamed,
        case_facts(&cases, &[], &list),
        "the same community, agent and source for every case"
    );
    // Worked out a batch at a time, with move-ins from contracts (one on a case with
    // activities, earlier than any; one on a case without): the same journeys and facts.
    let contracts: Vec<crate::api::model::HousingContract> = {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/fixtures/housing_contracts.json"
        ))
        .unwrap();
        let template: Vec<crate::api::model::HousingContract> =
            serde_json::from_str(&text).unwrap();
        let mut early = template[0].clone();
        early.case_number = "C-4".into();
        early.move_in_date = start - chrono::Duration::days(3);
        early.id = 1;
        let mut alone = template[0].clone();
        alone.case_number = "C-999".into();
        alone.move_in_date = start + chrono::Duration::days(3);
        alone.id = 2;
        // A later contract of the same case, in another batch when batches are of one.
        let mut later = early.clone();
        later.id = 3;
        later.move_in_date = start + chrono::Duration::days(30);
        later.monthly_fee = Some(9999.0);
        vec![early, alone, later]
    };
    copy.keep_inventory(&[], &contracts, chrono::Utc::now())
        .unwrap();
    for batch_size in [1, 5, 1000] {
        let batched = copy
            .funnel_figures_by(&types, &[], day, batch_size)
            .unwrap();
        assert_eq!(
            batched.first_month,
            crate::domain::source_returns::first_months(&contracts),
            "each case's first month from its earliest contract"
        );
        assert_eq!(batched.opened, few.len());
        assert_eq!(
            dates(batched.journeys),
            dates(journeys(&list, &contracts, day)),
            "batches of {batch_size} and contracts give what every activity gives"
        );
        assert_eq!(batched.facts, case_facts(&cases, &[], &list));
    }
}

#[test]
fn the_forecast_from_the_stores_rows_equals_the_forecast_from_every_unit_and_contract() {
    use crate::domain::census::forecast;
    use crate::domain::occupancy::fixtures::{at, contract, unit};
    let copy = Store::in_memory().unwrap();
    let today = chrono::NaiveDate::from_ymd_opt(2026, 11, 26).unwrap();
    assert_eq!(
        copy.forecast(today, 90).unwrap(),
        None,
        "no forecast before the rows are kept"
    );
    let groups = ["Assisted Living", "Memory Care"];
    let mut units: Vec<_> = (1..=40)
        .map(|id| {
            let mut u = unit(
                id,
                ["Maple", "Oak", "Birch"][id as usize % 3],
                groups[id as usize % 2],
                1 + id % 2,
            );
            u.base_monthly = Some(3000.0 + id as f64);
            u
        })
        .collect();
    units.sort_by_key(|u| u.id);
    // Leases of every shape around the forecast: ended long ago, ending in it, starting in it,
    // starting after it, cancelled, on a unit that does not exist, a move-out on the first day.
    let mut contracts = Vec::new();
    for id in 1..=240i64 {
        let unit_id = if id % 37 == 0 { 999 } else { 1 + id % 40 };
        let move_in = at(2026, 11, 26) + chrono::Duration::days((id * 7919) % 400 - 260);
        let move_out = match id % 5 {
            0 => None,
            1 => Some(move_in + chrono::Duration::days(30 + id % 90)),
            2 => Some(at(2026, 11, 26)),
            _ => Some(move_in + chrono::Duration::days(200 + id % 150)),
        };
        contracts.push(contract(id, unit_id, move_in, move_out, id % 11 != 0));
    }
    copy.keep_inventory(&units, &contracts, chrono::Utc::now())
        .unwrap();
    // As shown and printed (the moves' indexes into what they were worked out from differ).
    let shown = |f: Option<crate::domain::census::Forecast>| serde_json::to_value(f).unwrap();
    let whole = forecast(&units, &contracts, today, 90);
    assert!(!whole.pending.is_empty() && !whole.on_notice.is_empty() && !whole.vacant.is_empty());
    assert_eq!(shown(copy.forecast(today, 90).unwrap()), shown(Some(whole)));

    // Nothing changed: nothing written. A lease cancelled, one gone, a unit gone: just those.
    assert_eq!(
        copy.keep_inventory(&units, &contracts, chrono::Utc::now())
            .unwrap(),
        0
    );
    contracts[3].active_lease = false;
    contracts.remove(10);
    units.remove(5);
    assert_eq!(
        copy.keep_inventory(&units, &contracts, chrono::Utc::now())
            .unwrap(),
        3
    );
    assert_eq!(
        shown(copy.forecast(today, 90).unwrap()),
        shown(Some(forecast(&units, &contracts, today, 90)))
    );
}

#[test]
fn inventory_rows_from_a_hostile_answer_keep_what_reads_and_the_forecast_stands() {
    use crate::domain::census::forecast;
    use crate::domain::occupancy::fixtures::{at, contract, unit};
    let copy = Store::in_memory().unwrap();
    let today = chrono::NaiveDate::from_ymd_opt(2026, 11, 26).unwrap();
    let mut nan_rent = unit(1, "Maple", "AL", 1);
    nan_rent.base_monthly = Some(f64::NAN);
    let mut huge_name = contract(2, 1, at(2026, 12, 5), None, true);
    huge_name.individual_name = "x".repeat(100_000);
    let units = vec![nan_rent, unit(2, "Maple", "AL", 2)];
    let contracts = vec![
        // Out before in, far past and far future, a unit nobody kept, an oversized row.
        contract(1, 2, at(2026, 12, 20), Some(at(2026, 12, 1)), true),
        huge_name,
        contract(3, 2, at(1901, 1, 1), Some(at(9999, 1, 1)), true),
        contract(4, 77, at(2026, 12, 1), None, true),
    ];
    copy.keep_inventory(&units, &contracts, chrono::Utc::now())
        .unwrap();
    // The oversized contract is not kept; the rest count as the domain counts them.
    let kept: Vec<_> = contracts.iter().filter(|c| c.id != 2).cloned().collect();
    let shown = |f: Option<crate::domain::census::Forecast>| serde_json::to_value(f).unwrap();
    let mut units_shown = units.clone();
    units_shown[0].base_monthly = None;
    assert_eq!(
        shown(copy.forecast(today, 90).unwrap()),
        shown(Some(forecast(&units_shown, &kept, today, 90)))
    );
    // A forecast of no days, and of more days than any lease: no panic, the domain's answer.
    for days in [0, 100_000] {
        assert_eq!(
            shown(copy.forecast(today, days).unwrap()),
            shown(Some(forecast(&units_shown, &kept, today, days)))
        );
    }
}

#[test]
fn everyones_days_are_counted_on_the_index_and_only_the_first_of_each_opened() {
    use crate::domain::calendar::{local_day, zone_of};
    let copy = Store::in_memory().unwrap();
    let template = activities();
    let start: chrono::DateTime<chrono::FixedOffset> = "2026-11-01T06:00:00-05:00".parse().unwrap();
    let zones = ["Eastern Standard Time", "Pacific Standard Time", "UTC"];
    let list: Vec<crate::api::model::Activity> = (0..600)
        .map(|i| {
            let mut a = template[i % 2].clone();
            a.id = i as i64 + 1;
            // Late evenings too, so a day in the activity's zone is not its UTC day.
            a.due_date = start + chrono::Duration::minutes(((i * 7919) % (40 * 24 * 60)) as i64);
            a.time_zone = zones[i % zones.len()].into();
            a.assigned_name = format!("Agent {}", i % 4);
            a.activity_type = Some(["Tour", "Call Out"][i % 2].into());
            a.community.id = 1 + (i % 3) as i64;
            a.completed = i % 5 == 0;
            a.cancelled = false;
            a.no_show = false;
            a
        })
        .collect();
    copy.keep_activities(&list, Some(Utc::now())).unwrap();
    let day = |a: &crate::api::model::Activity| local_day(a, zone_of(a));
    let first = start.date_naive() + chrono::Days::new(5);
    let last = first + chrono::Days::new(20);
    let window = TeamDays {
        from: first,
        to: last,
        community_id: Some(2),
        assignee: Some("Agent 1".into()),
        ..TeamDays::default()
    };
    let admits = |a: &crate::api::model::Activity| {
        a.community.id == 2 && a.assigned_name == "Agent 1" && (first..=last).contains(&day(a))
    };
    let page = copy.team_days(&window, 2).unwrap();
    let mut by_hand: std::collections::BTreeMap<chrono::NaiveDate, usize> = Default::default();
    for a in list.iter().filter(|a| admits(a)) {
        *by_hand.entry(day(a)).or_default() += 1;
    }
    assert!(
        by_hand.values().any(|&n| n > 2),
        "some day has more than a page"
    );
    assert_eq!(page.counts, by_hand.into_iter().collect::<Vec<_>>());
    // Each day's first two in time order, and no others.
    for (d, n) in &page.counts {
        let mut theirs: Vec<_> = list.iter().filter(|a| admits(a) && day(a) == *d).collect();
        theirs.sort_by_key(|a| a.due_date);
        let opened: Vec<i64> = page
            .activities
            .iter()
            .filter(|a| day(a) == *d)
            .map(|a| a.id)
            .collect();
        let expected: Vec<i64> = theirs.iter().take(2).map(|a| a.id).collect();
        assert_eq!(opened, expected, "{d}: {n} in all");
    }
    // The overdue: every open one before the first day, counted; the latest opened.
    let (latest, count) = copy.team_overdue(&window, first, 3).unwrap();
    let mut open: Vec<_> = list
        .iter()
        .filter(|a| {
            a.community.id == 2 && a.assigned_name == "Agent 1" && !a.completed && day(a) < first
        })
        .collect();
    open.sort_by_key(|a| (day(a), a.due_date));
    assert!(open.len() > 3);
    assert_eq!(count, open.len());
    assert_eq!(
        latest.iter().map(|a| a.id).collect::<Vec<_>>(),
        open[open.len() - 3..]
            .iter()
            .map(|a| a.id)
            .collect::<Vec<_>>()
    );
}

#[test]
fn the_scores_records_from_the_stores_columns_equal_those_from_every_record() {
    use crate::domain::move_in_score::records::records_of;
    let copy = Store::in_memory().unwrap();
    let template = activities();
    let start: chrono::DateTime<chrono::FixedOffset> = "2026-03-01T23:30:00-05:00".parse().unwrap();
    let kinds = [
        "Inquiry", "Call Out", "Tour", "Deposit", "Email In", "Move In", "Update", "Mail Out",
    ];
    let list: Vec<crate::api::model::Activity> = (0..400)
        .map(|i| {
            let mut a = template[i % 2].clone();
            a.id = i as i64 + 1;
            // Late in the evening: the UTC day is the next, as the store keeps it.
            a.due_date = start + chrono::Duration::hours(((i * 53) % 400) as i64 * 11);
            a.case_number = format!("C-{}", i % 31);
            a.activity_type = Some(kinds[i % kinds.len()].into());
            a.completed = i % 4 != 0;
            a.cancelled = i % 17 == 0;
            a.no_show = i % 19 == 0;
            a.activity_name = match i % 29 {
                // A lost-lead record, and a plan's start: neither is a contact.
                0 => "Lost lead: Price".into(),
                1 => crate::domain::outreach::cadence::marker("New lead", true),
                // A family's word on being contacted: no contact either.
                2 => crate::domain::contact::preference::description(
                    crate::domain::contact::Action::OptOut,
                    crate::domain::contact::Scope::All,
                    "asked on a call",
                ),
                _ => a.activity_name,
            };
            a
        })
        .collect();
    copy.keep_activities(&list, Some(Utc::now())).unwrap();
    let cases: Vec<SearchCase> = (0..31)
        .map(|n| {
            let mut case = fixture()[n % 2].clone();
            case.primary.case_number = format!("C-{n}");
            case.primary.individual_id = 9000 + n as i64;
            case.primary.market_source = (n % 3 == 0).then(|| "Website".to_owned());
            case
        })
        .collect();
    copy.upsert(&cases).unwrap();
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/fixtures/housing_contracts.json"
    ))
    .unwrap();
    let template: Vec<crate::api::model::HousingContract> = serde_json::from_str(&text).unwrap();
    let contracts: Vec<_> = (0..5)
        .map(|n| {
            let mut c = template[0].clone();
            c.id = n + 1;
            c.case_number = format!("C-{}", n * 6);
            c.move_in_date = start + chrono::Duration::days(n * 40);
            c
        })
        .collect();
    copy.keep_inventory(&[], &contracts, Utc::now()).unwrap();
    let as_of = chrono::NaiveDate::from_ymd_opt(2026, 7, 1).unwrap();
    let sorted = |mut records: Vec<crate::domain::move_in_score::LeadRecord>| {
        records.sort_by(|a, b| a.case_number.cmp(&b.case_number));
        for r in &mut records {
            r.touches
                .sort_by_key(|(day, touch)| (*day, format!("{touch:?}")));
        }
        records
    };
    let from_store = sorted(copy.score_records(as_of).unwrap());
    let from_records = sorted(records_of(&cases, &list, &contracts, as_of));
    assert_eq!(from_store.len(), 31);
    assert!(
        from_store.iter().any(|r| r.lost.is_some()),
        "a lost record is read"
    );
    assert!(from_store.iter().any(|r| r.moved_in.is_some()));
    assert!(
        from_store
            .iter()
            .all(|r| r.touches.iter().all(|(d, _)| *d <= as_of))
    );
    assert_eq!(from_store, from_records);
}

#[test]
fn a_familys_word_is_found_without_opening_every_row_and_what_stands_is_said() {
    use crate::domain::contact::preference::description;
    use crate::domain::contact::{Action, Scope};
    use crate::domain::outreach::Channel;
    let copy = Store::in_memory().unwrap();
    let template = activities();
    let word = |id: i64, case: &str, person: i64, at: &str, action, scope| {
        let mut a = template[0].clone();
        a.id = id;
        a.case_number = case.into();
        a.individual_id = person;
        a.activity_type = Some("Update".into());
        a.completed = true;
        a.cancelled = false;
        a.activity_name = description(action, scope, "");
        a.due_date = at.parse().unwrap();
        a
    };
    let mut call = template[0].clone();
    call.id = 9;
    call.case_number = "C-3".into();
    call.activity_type = Some("Call Out".into());
    copy.keep_activities(
        &[
            word(
                1,
                "C-1",
                11,
                "2026-11-10T10:00:00-05:00",
                Action::OptOut,
                Scope::Only(Channel::Text),
            ),
            word(
                2,
                "C-2",
                21,
                "2026-11-10T10:00:00-05:00",
                Action::OptOut,
                Scope::All,
            ),
            word(
                3,
                "C-2",
                21,
                "2026-11-12T10:00:00-05:00",
                Action::Consent,
                Scope::Only(Channel::Email),
            ),
            word(
                4,
                "C-3",
                31,
                "2026-11-10T10:00:00-05:00",
                Action::OptOut,
                Scope::Only(Channel::Call),
            ),
            word(
                5,
                "C-3",
                31,
                "2026-11-11T10:00:00-05:00",
                Action::Consent,
                Scope::Only(Channel::Call),
            ),
            call,
        ],
        Some(Utc::now()),
    )
    .unwrap();
    let now = Utc.with_ymd_and_hms(2026, 11, 20, 12, 0, 0).unwrap();
    let holds = copy.contact_holds(now).unwrap();
    assert_eq!(
        holds.get("C-1").map(Vec::as_slice),
        Some(&[Channel::Text][..])
    );
    assert_eq!(
        holds.get("C-2").map(Vec::as_slice),
        Some(&[Channel::Text, Channel::Call, Channel::Letter][..])
    );
    assert_eq!(holds.get("C-3"), None, "a consent lifted it");
    assert_eq!(holds.len(), 2);
    let before = Utc.with_ymd_and_hms(2026, 11, 1, 12, 0, 0).unwrap();
    assert!(
        copy.contact_holds(before).unwrap().is_empty(),
        "nothing said yet"
    );
}
