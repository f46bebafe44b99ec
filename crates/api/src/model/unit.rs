use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A unit as returned by `GET /v3/Unit` (not described by the spec; see docs/decisions.md).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct Unit {
    pub id: i64,
    pub number: String,
    pub name: String,
    pub community_id: i64,
    pub community_name: String,
    pub care_group_id: i64,
    pub care_group: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub floor_plan_id: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub floor_plan: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub square_feet: Option<f64>,
    pub capacity: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base_monthly: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base_entrance: Option<f64>,
}

/// `POST /v3/Unit` body.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UnitCreateRequest {
    pub units: Vec<NewUnit>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct NewUnit {
    pub community_unique: String,
    pub care_group_id: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub floor_plan_id: Option<i64>,
    /// May be blank.
    pub name: String,
    pub number: UnitNumber,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub square_feet: Option<f64>,
    /// Defaults to 1 on the service.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capacity: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base_monthly: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base_entrance: Option<f64>,
}

/// A unit number: the spec allows a string or a number on the wire; it is kept as text
/// (numbers can be alphanumeric, "12B") and always sent as a string.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct UnitNumber(pub String);

impl Serialize for UnitNumber {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for UnitNumber {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            Text(String),
            Int(i64),
            Float(f64),
        }
        Ok(UnitNumber(match Raw::deserialize(d)? {
            Raw::Text(t) => t,
            Raw::Int(i) => i.to_string(),
            Raw::Float(f) => f.to_string(),
        }))
    }
}

impl From<&str> for UnitNumber {
    fn from(value: &str) -> Self {
        UnitNumber(value.to_owned())
    }
}

/// `POST /v3/Unit` 200 response.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct UnitsCreated {
    pub unit_ids: Vec<i64>,
    pub message: String,
}
