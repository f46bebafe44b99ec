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
    let unreadable = units.unreadable.len() + contracts.unreadable.len();
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
