//! Wire types: one file per resource, field names exactly as the spec spells them.
//!
//! Records ignore fields they do not know. Fields the spec marks "may be absent" are `Option`.
//! Timestamps are `DateTime<FixedOffset>`: read with their offset and written with it.

pub mod activity;
pub mod address;
pub mod admission;
pub mod campaign;
pub mod case;
pub mod community;
pub mod enums;
pub mod housing_contract;
pub mod individual;
pub mod plugin;
pub mod queries;
pub mod records;
pub mod stamp;
pub mod time_zone;
pub mod token;
pub mod transaction;
pub mod type_record;
pub mod unit;
pub mod user;

pub use activity::*;
pub use address::*;
pub use admission::*;
pub use campaign::*;
pub use case::*;
pub use community::*;
pub use enums::*;
pub use housing_contract::*;
pub use individual::*;
pub use plugin::*;
pub use queries::*;
pub use records::{Records, Unreadable};
pub use time_zone::*;
pub use token::*;
pub use transaction::*;
pub use type_record::*;
pub use unit::*;
pub use user::*;

/// The timestamp type of every record.
pub type Timestamp = chrono::DateTime<chrono::FixedOffset>;

/// A `{"Message": ".."}` entry, used for notes on activities and individuals.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Note {
    #[serde(rename = "Message")]
    pub message: String,
}

/// A `{"NameUnique": ".."}` reference to a community in request bodies.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct CommunityRef {
    #[serde(rename = "NameUnique")]
    pub name_unique: String,
}

/// (De)serializes an identifier the service carries as a string of digits
/// (`IndividualId` in campaign individuals).
pub mod digit_string {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    pub fn serialize<S: Serializer>(id: &i64, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&id.to_string())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<i64, D::Error> {
        let text = String::deserialize(d)?;
        text.trim()
            .parse()
            .map_err(|_| D::Error::custom("LeaseDesk: expected a string of digits"))
    }
}

/// The answer to writes whose body the spec does not show (admission update, campaign
/// individual add): a message when the service sends one.
#[derive(Debug, Clone, PartialEq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "PascalCase", default)]
pub struct Acknowledgement {
    pub message: Option<String>,
}
