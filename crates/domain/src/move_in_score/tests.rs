use super::*;

fn today() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 11, 27).unwrap()
}

fn history(cases: usize) -> Vec<LeadRecord> {
    sample::history(cases, today())
}

fn lead(number: &str, inquired_days_ago: u64, touches: Vec<(u64, Touch)>) -> LeadRecord {
    LeadRecord {
        case_number: number.to_owned(),
        inquired: today() - Days::new(inquired_days_ago),
        moved_in: None,
        lost: None,
        active: true,
        source: "Web".to_owned(),
        community: "Maple".to_owned(),
        touches: touches
            .into_iter()
            .map(|(ago, t)| (today() - Days::new(ago), t))
            .collect(),
    }
}

#[test]
fn a_toured_lead_with_a_deposit_is_hot_and_says_why() {
    let mut records = history(3000);
    records.push(lead(
        "keen",
        20,
        vec![
            (20, Touch::Inbound),
            (18, Touch::Outbound),
            (12, Touch::Tour),
            (10, Touch::Outbound),
            (6, Touch::Tour),
            (4, Touch::Outbound),
            (2, Touch::Deposit),
        ],
    ));
    records.push(lead(
        "quiet",
        200,
        [200, 198, 190, 180, 170, 160, 150]
            .into_iter()
            .map(|ago| {
                (
                    ago,
                    if ago == 200 {
                        Touch::Inbound
                    } else {
                        Touch::Outbound
                    },
                )
            })
            .collect(),
    ));
    let scores = score_all(&records, today()).unwrap();
    let keen = &scores.by_case["keen"];
    assert_eq!(keen.band, Band::Hot, "{keen:?}");
    assert_eq!(keen.reasons.len(), 3);
    let first = &keen.reasons[0];
    assert!(
        first.raises() && matches!(first.term, Term::Deposit(true) | Term::Tours(2)),
        "{:?}",
        keen.reasons
    );
    assert!(
        keen.sentences()[0] == "Deposit or room reserve taken (raises it)"
            || keen.sentences()[0] == "Toured twice (raises it)",
        "{:?}",
        keen.sentences()
    );
    let quiet = &scores.by_case["quiet"];
    assert_eq!(quiet.band, Band::Cold, "{quiet:?}");
    assert!(quiet.likelihood < keen.likelihood / 5.0);
    assert!(
        quiet
            .reasons
            .iter()
            .any(|r| !r.raises() && r.term == Term::Tours(0))
    );
    // Only active leads are scored.
    assert!(scores.by_case.len() < records.len() / 2);
    assert!(
        records
            .iter()
            .filter(|r| !r.active)
            .all(|r| !scores.by_case.contains_key(&r.case_number))
    );
}

#[test]
fn the_reasons_are_the_biggest_terms_largest_first() {
    let records = history(2000);
    let rows = fit::rows_on(&records, &days_known_by(&records, today()));
    let model = fit::fit(&records, &rows).unwrap();
    let scores = score_leads(&model, &records, today());
    let mut values = Vec::new();
    for r in records.iter().filter(|r| r.active).take(50) {
        let counts = Counts::of(r, today());
        model.design.values(r, &counts, &mut values);
        let shares = model.shares(&values);
        // Independently: the groups' shares, by hand.
        let s = model.design.sources.len();
        let mut groups = vec![shares[0] + shares[1]];
        groups.extend_from_slice(&shares[2..8]);
        groups.push(shares[8..8 + s].iter().sum());
        groups.push(shares[8 + s..].iter().sum());
        groups.sort_by(|a, b| b.abs().total_cmp(&a.abs()));
        let reasons = &scores[&r.case_number].reasons;
        let effects: Vec<f64> = reasons.iter().map(|r| r.effect).collect();
        for (got, want) in effects.iter().zip(&groups) {
            assert!((got - want).abs() < 1e-12, "{effects:?} vs {groups:?}");
        }
        let total = model.intercept + shares.iter().sum::<f64>();
        assert!((scores[&r.case_number].likelihood - fit::sigmoid(total)).abs() < 1e-12);
    }
}

#[test]
fn the_held_out_months_show_the_score_picks_better_than_chance() {
    let records = history(4000);
    let calibration = calibration(&records, today()).unwrap();
    assert_eq!(calibration.deciles.len(), 10);
    assert!(calibration.from > today() - Days::new(HELD_OUT_DAYS));
    assert!(calibration.to <= today() - Days::new(HORIZON_DAYS as u64));
    let first = calibration.deciles.first().unwrap();
    let last = calibration.deciles.last().unwrap();
    assert!(last.predicted > first.predicted);
    assert!(last.moved_in > first.moved_in, "{calibration:?}");
    assert!(calibration.top_lift().unwrap() > 2.0, "{calibration:?}");
    // Predicted and actual agree within a few points over all held-out leads.
    let leads: usize = calibration.deciles.iter().map(|d| d.leads).sum();
    let predicted: f64 = calibration
        .deciles
        .iter()
        .map(|d| d.predicted * d.leads as f64)
        .sum::<f64>()
        / leads as f64;
    assert!(
        (predicted - calibration.rate).abs() < 0.05,
        "{predicted} vs {}",
        calibration.rate
    );
}

#[test]
fn too_little_history_is_said_not_guessed() {
    let records = history(20);
    match score_all(&records, today()) {
        Err(NoScore::TooLittleHistory { leads, move_ins }) => {
            assert!(leads <= 20 && move_ins <= leads, "{leads} {move_ins}")
        }
        other => panic!("expected too little history, got {other:?}"),
    }
    assert!(score_all(&[], today()).is_err());
}

#[test]
fn bands_are_against_the_portals_own_rate() {
    assert_eq!(Band::of(0.30, 0.15), Band::Hot);
    assert_eq!(Band::of(0.29, 0.15), Band::Warm);
    assert_eq!(Band::of(0.07, 0.15), Band::Cold);
    assert_eq!(Band::of(0.075, 0.15), Band::Warm);
}

#[test]
fn the_stake_is_the_likelihood_times_the_rate_less_the_fee() {
    use crate::referral::{Fee, PaidSource};
    let mut records = history(3000);
    records.push(lead(
        "keen",
        20,
        vec![(12, Touch::Tour), (2, Touch::Deposit)],
    ));
    let mut paid_lead = lead("paid", 20, vec![(12, Touch::Tour), (2, Touch::Deposit)]);
    paid_lead.source = "Agency".to_owned();
    records.push(paid_lead);
    let mut scores = score_all(&records, today()).unwrap();
    scores.monthly_rates.insert("Maple".to_owned(), 5000.0);
    let paid = [PaidSource {
        name: "agency".to_owned(),
        fee: Fee::PercentOfFirstMonth(50),
    }];
    let keen = scores.by_case["keen"].likelihood;
    assert!((scores.stake("keen", &paid).unwrap() - keen * 5000.0).abs() < 1e-9);
    let agency = scores.by_case["paid"].likelihood;
    assert!((scores.stake("paid", &paid).unwrap() - agency * 2500.0).abs() < 1e-9);
    scores.by_case.get_mut("keen").unwrap().community = "Oak".into();
    assert_eq!(scores.stake("keen", &paid), None, "Oak has no rate");
    assert_eq!(scores.stake("nobody", &paid), None);
}

#[test]
fn small_likelihoods_are_never_written_as_none() {
    assert_eq!(written(0.0004), "under 0.1%");
    assert_eq!(written(0.0234), "2.3%");
    assert_eq!(written(0.456), "46%");
    assert_eq!(written(f64::NAN), "—");
    assert_eq!(written(0.0), "0%", "none moved in");
}
