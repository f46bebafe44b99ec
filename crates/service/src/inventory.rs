//! What inventory and the move-in wizard read: communities, units, every contract and the
//! care-group and floor-plan lists, loaded together and shared without copying.

use std::sync::Arc;

use crate::api::model::{
    Community, HousingContract, HousingContractQuery, TypeList, TypeQuery, TypeRecord, Unit,
    UnitQuery,
};
use crate::api::{ApiError, Client};
use crate::domain::occupancy::natural_number;

/// Everything inventory and the move-in wizard read: loaded together, shared without copying.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct InventoryData {
    pub communities: Vec<Community>,
    pub units: Vec<Unit>,
    pub contracts: Vec<HousingContract>,
    pub care_groups: Vec<TypeRecord>,
    pub floor_plans: Vec<TypeRecord>,
    /// Units and contracts the service sent that could not be read (and are left out).
    pub unreadable: usize,
}

/// Days back for which the panes keep a contract that is no longer on (the occupancy summary
/// counts the moves of the last twelve months).
const PANES_DAYS_BACK: i64 = 400;

impl InventoryData {
    /// Leaves out the contracts no pane shows or counts: leases no longer on whose move-in and
    /// move-out are both more than [`PANES_DAYS_BACK`] days before `now`. On a portal with
    /// years of history that is most of them.
    pub fn keep_for_panes(&mut self, now: chrono::DateTime<chrono::Utc>) {
        let since = now - chrono::Duration::days(PANES_DAYS_BACK);
        self.contracts.retain(|c| {
            c.active_lease || c.move_in_date > since || c.move_out_date.is_some_and(|d| d > since)
        });
        self.contracts.shrink_to_fit();
    }
}

/// [`load`] with only the contracts the panes use ([`InventoryData::keep_for_panes`]).
pub async fn load_for_panes(client: Client) -> Result<Arc<InventoryData>, ApiError> {
    let mut data = Arc::unwrap_or_clone(load(client).await?);
    data.keep_for_panes(chrono::Utc::now());
    Ok(Arc::new(data))
}

/// Reads communities, units, every contract and the two value lists at once.
pub async fn load(client: Client) -> Result<Arc<InventoryData>, ApiError> {
    let (all_units, all_contracts) = (UnitQuery::default(), HousingContractQuery::default());
    let care = TypeQuery::list(TypeList::CareGroupType);
    let plans = TypeQuery::list(TypeList::FloorPlanGroupType);
    let (communities, mut units, contracts, care_groups, floor_plans) = tokio::try_join!(
        client.communities(),
        client.units(&all_units),
        client.housing_contracts(&all_contracts),
        client.types(&care),
        client.types(&plans),
    )?;
    let unreadable = units.skipped + contracts.skipped;
    units.sort_by(|a, b| {
        (a.community_name.as_str(), natural_number(&a.number))
            .cmp(&(b.community_name.as_str(), natural_number(&b.number)))
    });
    Ok(Arc::new(InventoryData {
        communities: communities.into_vec(),
        units: units.into_vec(),
        contracts: contracts.into_vec(),
        care_groups: care_groups.into_vec(),
        floor_plans: floor_plans.into_vec(),
        unreadable,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::occupancy::fixtures::{at, contract};

    #[test]
    fn the_panes_keep_leases_on_and_the_last_years_moves_only() {
        let now = at(2026, 11, 26);
        let mut data = InventoryData {
            contracts: vec![
                contract(1, 1, at(2015, 1, 1), None, true),
                contract(2, 1, at(2015, 1, 1), Some(at(2016, 1, 1)), false),
                contract(3, 1, at(2015, 1, 1), Some(at(2026, 2, 1)), false),
                contract(4, 1, at(2026, 6, 1), None, false),
                contract(5, 1, at(2025, 9, 1), Some(at(2025, 10, 1)), false),
            ],
            ..InventoryData::default()
        };
        data.keep_for_panes(now);
        let ids: Vec<i64> = data.contracts.iter().map(|c| c.id).collect();
        assert_eq!(
            ids,
            vec![1, 3, 4],
            "the 2016 and the 2025 move-outs are gone"
        );
        // Nothing the occupancy summary counts was left out.
        let units = vec![crate::domain::occupancy::fixtures::unit(
            1, "Maple", "AL", 1,
        )];
        let all = vec![
            contract(1, 1, at(2015, 1, 1), None, true),
            contract(2, 1, at(2015, 1, 1), Some(at(2016, 1, 1)), false),
            contract(3, 1, at(2015, 1, 1), Some(at(2026, 2, 1)), false),
            contract(4, 1, at(2026, 6, 1), None, false),
            contract(5, 1, at(2025, 9, 1), Some(at(2025, 10, 1)), false),
        ];
        assert_eq!(
            crate::domain::occupancy::summarize(&units, &data.contracts, now, now.date_naive()),
            crate::domain::occupancy::summarize(&units, &all, now, now.date_naive())
        );
    }
}
