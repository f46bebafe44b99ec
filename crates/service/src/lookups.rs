//! The value lists the activity forms offer (types, statuses, results, sources, communities,
//! campaigns, users), read together when a form opens.

use crate::api::model::*;
use crate::api::{ApiError, Client};

#[derive(Debug, Clone, Default, serde::Serialize, serde::Deserialize)]
pub struct Lookups {
    pub types: Vec<TypeRecord>,
    pub statuses: Vec<TypeRecord>,
    pub results: Vec<TypeRecord>,
    pub sources: Vec<TypeRecord>,
    pub communities: Vec<Community>,
    pub campaigns: Vec<Campaign>,
    pub users: Vec<User>,
}

impl Lookups {
    /// The portal's type for an activity type master (Tour is 11), if it has one.
    pub fn type_for(&self, master: ActivityTypeMaster) -> Option<&TypeRecord> {
        self.types.iter().find(|t| t.master_id == master.code())
    }

    /// The type a record on a case is made with (a plan's start, a view on a score): the
    /// portal's Update, else its Other; as [`LostLists::record_type`] picks it.
    pub fn record_type(&self) -> Option<&TypeRecord> {
        record_type_of(&self.types)
    }

    pub fn type_name(&self, id: i64) -> Option<&str> {
        self.types
            .iter()
            .find(|t| t.id == id)
            .map(|t| t.name.as_str())
    }
}

pub async fn load(client: Client) -> Result<Lookups, ApiError> {
    let queries = [
        TypeList::ACTIVITY_TYPE,
        TypeList::ACTIVITY_STATUS,
        TypeList::ACTIVITY_RESULT,
        TypeList::MARKET_SOURCE,
    ]
    .map(TypeQuery::list);
    let (campaign_query, user_query) = (CampaignQuery::default(), UserQuery::default());
    let (types, statuses, results, sources, communities, campaigns, users) = tokio::try_join!(
        client.types(&queries[0]),
        client.types(&queries[1]),
        client.types(&queries[2]),
        client.types(&queries[3]),
        client.communities(),
        client.campaigns(&campaign_query),
        client.users(&user_query),
    )?;
    Ok(Lookups {
        types: types.into_vec(),
        statuses: statuses.into_vec(),
        results: results.into_vec(),
        sources: sources.into_vec(),
        communities: communities.into_vec(),
        campaigns: campaigns.into_vec(),
        users: users.into_vec(),
    })
}

/// What the new-individual form offers: communities, market sources, inquiry methods,
/// activity types and users.
#[derive(Debug, Clone, Default, serde::Serialize, serde::Deserialize)]
pub struct IntakeLists {
    pub communities: Vec<Community>,
    pub sources: Vec<TypeRecord>,
    pub methods: Vec<TypeRecord>,
    pub types: Vec<TypeRecord>,
    /// Who a new lead can be assigned to (a copy kept before this list was added has none).
    #[serde(default)]
    pub users: Vec<User>,
}

/// What the new-individual form offers, read together when it opens.
pub async fn intake(client: Client) -> Result<IntakeLists, ApiError> {
    let queries = [
        TypeList::MARKET_SOURCE,
        TypeList::InquiryMethodType,
        TypeList::ACTIVITY_TYPE,
    ]
    .map(TypeQuery::list);
    let user_query = UserQuery::default();
    let (communities, sources, methods, types, users) = tokio::try_join!(
        client.communities(),
        client.types(&queries[0]),
        client.types(&queries[1]),
        client.types(&queries[2]),
        client.users(&user_query),
    )?;
    Ok(IntakeLists {
        communities: communities.into_vec(),
        sources: sources.into_vec(),
        methods: methods.into_vec(),
        types: types.into_vec(),
        users: users.into_vec(),
    })
}

/// What closing a lead as lost offers: the portal's lost reasons (LostLeadType 37), where
/// people went (LostLeadDestinationType 28), and the activity types (the record's own).
#[derive(Debug, Clone, Default, serde::Serialize, serde::Deserialize)]
pub struct LostLists {
    pub reasons: Vec<TypeRecord>,
    pub destinations: Vec<TypeRecord>,
    pub types: Vec<TypeRecord>,
}

impl LostLists {
    /// The type a lost-lead record is made with: the portal's Update, else its Other.
    pub fn record_type(&self) -> Option<&TypeRecord> {
        record_type_of(&self.types)
    }
}

pub async fn lost_lists(client: Client) -> Result<LostLists, ApiError> {
    let queries = [
        TypeList::LostLeadType,
        TypeList::LostLeadDestinationType,
        TypeList::ACTIVITY_TYPE,
    ]
    .map(TypeQuery::list);
    let (reasons, destinations, types) = tokio::try_join!(
        client.types(&queries[0]),
        client.types(&queries[1]),
        client.types(&queries[2]),
    )?;
    Ok(LostLists {
        reasons: reasons.into_vec(),
        destinations: destinations.into_vec(),
        types: types.into_vec(),
    })
}

/// The waitlist's priorities by name, in the portal's order (its sort order, then as sent).
pub async fn waitlist_priorities(client: Client) -> Result<Vec<String>, ApiError> {
    let mut list = client
        .types(&TypeQuery::list(TypeList::WaitlistPriorityType))
        .await?
        .into_vec();
    list.sort_by_key(|t| t.sort_order);
    Ok(list.into_iter().map(|t| t.name).collect())
}

/// Update, else Other, among `types`.
fn record_type_of(types: &[TypeRecord]) -> Option<&TypeRecord> {
    [ActivityTypeMaster::Update, ActivityTypeMaster::Other10]
        .iter()
        .find_map(|m| types.iter().find(|t| t.master_id == m.code()))
}
