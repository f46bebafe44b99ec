//! The regional roll-up read from the service, a portal at a time (`report region`, which a
//! scheduled job runs where no store is kept): the same rows the app works out from each
//! portal's store.

use std::sync::Arc;

use chrono::{DateTime, Duration, NaiveDate, Utc};

use crate::activities::Loading;
use crate::api::{ApiError, Client};
use crate::domain::benchmarks::{moves_of, published};
use crate::domain::census::forecast;
use crate::domain::funnel::journeys;
use crate::domain::region::{PortalFigures, RegionRow, rows};
use crate::domain::report::{FORECAST_DAYS, case_facts};
use crate::domain::response_times::{first_contacts, times_of};
use crate::domain::speed_to_lead::LeadRules;
use crate::domain::team_board::{input_from, team_board};
use crate::reports::load;

/// Days of the team board the roll-up scores (as the app's).
pub const BOARD_DAYS: i64 = 28;

/// One portal's rows as of `today`, from its service.
pub async fn portal_rows(
    client: &Client,
    label: &str,
    today: NaiveDate,
    now: DateTime<Utc>,
    rules: &LeadRules,
) -> Result<Vec<RegionRow>, ApiError> {
    let data = load(client.clone(), Arc::new(Loading::default())).await?;
    let zone = data
        .activities
        .first()
        .map_or(chrono_tz::UTC, crate::domain::calendar::zone_of);
    let list = journeys(&data.activities, &data.contracts, today);
    let facts = case_facts(&data.cases, &[], &data.activities);
    let census = forecast(&data.units, &data.contracts, today, FORECAST_DAYS + 1);
    let moves = moves_of(&data.contracts);
    let first = first_contacts(&data.activities, now);
    let times = data
        .cases
        .iter()
        .map(|c| (c.primary.case_number.clone(), times_of(c, &first)))
        .collect();
    let board = team_board(
        &input_from(&data.cases, &data.activities),
        (now - Duration::days(BOARD_DAYS), now),
        now,
        rules,
        zone,
    );
    Ok(rows(
        &PortalFigures {
            portal: label,
            journeys: &list,
            facts: &facts,
            times: Some(&times),
            forecast: &census,
            moves: &moves,
            board: &board,
            rules,
            zone,
            today,
        },
        published(),
    ))
}
