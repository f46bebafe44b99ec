use serde::{Deserialize, Serialize};

use super::{Community, CommunityRef, IndividualType, Note, Timestamp};

/// `GET /v3/Search/` response.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct SearchResponse {
    pub total: i64,
    pub cases: super::Records<SearchCase>,
    pub tenant: Tenant,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct Tenant {
    pub user_id: i64,
    pub company_id: i64,
}

/// One element of `Cases`: the primary individual and the related ones.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct SearchCase {
    pub primary: SearchIndividual,
    pub relationships: Vec<SearchIndividual>,
}

/// An individual as returned by Search. The last three fields are only on `Relationships`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct SearchIndividual {
    pub case_number: String,
    pub individual_id: i64,
    pub individual_name: String,
    pub first_name: String,
    pub last_name: String,
    pub individual_type_id: IndividualType,
    pub individual_type: String,
    pub primary_individual: bool,
    pub is_primary_contact: bool,
    pub assigned_user: String,
    pub assigned_user_id: i64,
    pub individual_status_id: i64,
    pub individual_status_name: String,
    pub relationship_type_smart: String,
    #[serde(with = "super::stamp")]
    pub date_created: Timestamp,
    pub home_phone_format: String,
    pub mobile_phone_format: String,
    pub work_phone_format: String,
    pub avatar_fallback: String,
    pub communities: Vec<Community>,
    pub community_count: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub relationship_type_id: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub relationship_type: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    /// Where the lead came from (the market source of their first inquiry). Not in the spec's
    /// table; the sandbox sends it and the live service may not (see docs/decisions.md).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub market_source: Option<String>,
}

impl SearchIndividual {
    /// The first non-empty phone, home before mobile before work.
    pub fn best_phone(&self) -> &str {
        [
            &self.home_phone_format,
            &self.mobile_phone_format,
            &self.work_phone_format,
        ]
        .into_iter()
        .find(|p| !p.trim().is_empty())
        .map(String::as_str)
        .unwrap_or("")
    }
}

/// `POST /v3/Individual` body.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct IndividualCreateRequest {
    pub individuals: Vec<NewIndividual>,
}

/// One individual to create. `properties` must hold `type`, `firstname` and `lastname`.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct NewIndividual {
    pub properties: Vec<Property>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub integrationid: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub communitymerge: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub communities: Option<Vec<CommunityRef>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub relationship: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub activities: Option<Vec<NewIndividualActivity>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub addresses: Option<Vec<NewAddress>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notes: Option<Vec<Note>>,
}

impl NewIndividual {
    /// An individual with the three required properties.
    pub fn new(kind: IndividualType, first_name: &str, last_name: &str) -> Self {
        let mut me = Self::default();
        me.set("type", kind.create_name().unwrap_or("Prospect"));
        me.set("firstname", first_name);
        me.set("lastname", last_name);
        me
    }

    /// Sets a property, replacing an earlier value of the same name.
    pub fn set(&mut self, property: &str, value: &str) {
        match self.properties.iter_mut().find(|p| p.property == property) {
            Some(p) => p.value = value.to_owned(),
            None => self.properties.push(Property {
                property: property.to_owned(),
                value: value.to_owned(),
            }),
        }
    }

    /// A property's value, matched case-insensitively as the service does.
    pub fn get(&self, property: &str) -> Option<&str> {
        self.properties
            .iter()
            .find(|p| p.property.eq_ignore_ascii_case(property))
            .map(|p| p.value.as_str())
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Property {
    pub property: String,
    pub value: String,
}

/// An activity carried by an individual create.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NewIndividualActivity {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub re_inquiry: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub activity_status_id: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub activity_result_id: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub activity_type_master_id: Option<i64>,
}

/// An address carried by an individual create.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct NewAddress {
    pub address_line1: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub address_line2: Option<String>,
    pub city: String,
    pub state: String,
    pub postal_code: String,
}

/// What the sandbox answers to an individual create (the spec does not show the body;
/// see docs/decisions.md). Every field defaults so any body, even an empty one, decodes.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase", default)]
pub struct IndividualsCreated {
    pub message: Option<String>,
    pub individuals: Vec<CreatedIndividual>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct CreatedIndividual {
    pub individual_id: i64,
    pub case_number: String,
    /// True when the request matched an existing individual and was merged into it.
    #[serde(default)]
    pub merged: bool,
}
