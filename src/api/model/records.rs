//! Lists read record by record. One record the app cannot read (a field of a type it does not
//! expect, an absurd date) must not empty a 4,000-case page: it is skipped, written to the log
//! (its position, the field and why, never its values), and counted, so the screen can say
//! "1 record could not be read" beside the rest.

use std::ops::{Deref, DerefMut};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Where and why a record could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unreadable {
    /// `[3].DateCreated`: the record's position and the field at fault.
    pub path: String,
    pub reason: String,
}

/// The records that could be read, in order, and what was skipped. Derefs to the `Vec`.
#[derive(Debug, Clone, PartialEq)]
pub struct Records<T> {
    items: Vec<T>,
    pub unreadable: Vec<Unreadable>,
}

impl<T> Records<T> {
    pub fn into_vec(self) -> Vec<T> {
        self.items
    }

    /// Adds another answer's records (and what it skipped) after these.
    pub fn append(&mut self, other: Records<T>) {
        self.items.extend(other.items);
        self.unreadable.extend(other.unreadable);
    }
}

impl<T> Default for Records<T> {
    fn default() -> Self {
        Records {
            items: Vec::new(),
            unreadable: Vec::new(),
        }
    }
}

impl<T> Deref for Records<T> {
    type Target = Vec<T>;
    fn deref(&self) -> &Vec<T> {
        &self.items
    }
}

impl<T> DerefMut for Records<T> {
    fn deref_mut(&mut self) -> &mut Vec<T> {
        &mut self.items
    }
}

impl<T> From<Vec<T>> for Records<T> {
    fn from(items: Vec<T>) -> Self {
        Records {
            items,
            unreadable: Vec::new(),
        }
    }
}

impl<T> FromIterator<T> for Records<T> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        Vec::from_iter(iter).into()
    }
}

impl<T> IntoIterator for Records<T> {
    type Item = T;
    type IntoIter = std::vec::IntoIter<T>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter()
    }
}

impl<'a, T> IntoIterator for &'a Records<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.iter()
    }
}

impl<T: Serialize> Serialize for Records<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.items.serialize(s)
    }
}

impl<'de, T: DeserializeOwned> Deserialize<'de> for Records<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let raw = Vec::<serde_json::Value>::deserialize(d)?;
        let mut records = Records::default();
        for (index, value) in raw.into_iter().enumerate() {
            // Read by reference: on a failure the record is still there to say what kind of
            // value was found where it failed.
            match serde_path_to_error::deserialize::<_, T>(&value) {
                Ok(item) => records.items.push(item),
                Err(e) => {
                    let field = e.path().to_string();
                    let path = if field == "." {
                        format!("[{index}]")
                    } else {
                        format!("[{index}].{field}")
                    };
                    let reason = crate::api::redact::reason(
                        e.inner(),
                        crate::api::redact::at_path(&value, e.path()),
                    );
                    tracing::warn!(%path, %reason, "a record could not be read and was skipped");
                    records.unreadable.push(Unreadable { path, reason });
                }
            }
        }
        Ok(records)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Deserialize, PartialEq)]
    struct Person {
        #[serde(rename = "Name")]
        name: String,
        #[serde(rename = "Age")]
        age: i64,
    }

    #[test]
    fn a_broken_record_is_skipped_and_named_without_its_values() {
        let json = r#"[{"Name":"Ada","Age":80},{"Name":"Bea","Age":"Grace Hopper"},{"Name":"Cy","Age":79}]"#;
        let list: Records<Person> = serde_json::from_str(json).unwrap();
        assert_eq!(list.len(), 2);
        assert_eq!(list[1].name, "Cy");
        assert_eq!(list.unreadable.len(), 1);
        assert_eq!(list.unreadable[0].path, "[1].Age");
        assert!(
            !list.unreadable[0].reason.contains("Grace"),
            "no values in the reason: {}",
            list.unreadable[0].reason
        );
        let not_a_list = serde_json::from_str::<Records<Person>>(r#"{"Name":"Ada"}"#);
        assert!(
            not_a_list.is_err(),
            "a wrong shape as a whole is still an error"
        );
    }
}
