//! Lists read record by record. One record the app cannot read (a field of a type it does not
//! expect, an absurd date, a number past any range) must not empty a 4,000-case page: it is
//! skipped, counted, so the screen can say "1 record could not be read" beside the rest, and
//! the first few are written to the log once per answer (position, field and why, never
//! values). Records are read one at a time from the answer, never the whole list as values.

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

/// Skipped records described at most per answer (all are counted).
pub const MAX_DESCRIBED: usize = 20;
/// Skipped records named in the log per answer.
const LOGGED: usize = 3;

/// The records that could be read, in order, and what was skipped. Derefs to the `Vec`.
#[derive(Debug, Clone, PartialEq)]
pub struct Records<T> {
    items: Vec<T>,
    /// The first skipped records, described (at most [`MAX_DESCRIBED`] an answer).
    pub unreadable: Vec<Unreadable>,
    /// How many records were skipped in all.
    pub skipped: usize,
}

impl<T> Records<T> {
    pub fn into_vec(self) -> Vec<T> {
        self.items
    }

    /// Adds another answer's records (and what it skipped) after these.
    pub fn append(&mut self, other: Records<T>) {
        self.items.extend(other.items);
        self.unreadable.extend(other.unreadable);
        self.skipped += other.skipped;
    }
}

impl<T> Default for Records<T> {
    fn default() -> Self {
        Records {
            items: Vec::new(),
            unreadable: Vec::new(),
            skipped: 0,
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
            skipped: 0,
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
        let records = d.deserialize_seq(RecordsVisitor(std::marker::PhantomData))?;
        if records.skipped > 0 {
            let first: Vec<&str> = records
                .unreadable
                .iter()
                .take(LOGGED)
                .map(|u| u.path.as_str())
                .collect();
            let reason = records.unreadable.first().map_or("", |u| u.reason.as_str());
            tracing::warn!(
                skipped = records.skipped,
                first = %first.join(", "),
                %reason,
                "records could not be read and were skipped"
            );
        }
        Ok(records)
    }
}

struct RecordsVisitor<T>(std::marker::PhantomData<T>);

impl<'de, T: DeserializeOwned> serde::de::Visitor<'de> for RecordsVisitor<T> {
    type Value = Records<T>;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a list of records")
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Records<T>, A::Error> {
        let mut records = Records::default();
        let mut index = 0usize;
        // Each record as its own text first: a record that is not even a value this reader
        // holds (a number past any range) is skipped like any other.
        while let Some(raw) = seq.next_element::<Box<serde_json::value::RawValue>>()? {
            match read_record::<T>(raw.get(), index) {
                Ok(item) => records.items.push(item),
                Err(unreadable) => {
                    records.skipped += 1;
                    if records.unreadable.len() < MAX_DESCRIBED {
                        records.unreadable.push(unreadable);
                    }
                }
            }
            index += 1;
        }
        Ok(records)
    }
}

fn read_record<T: DeserializeOwned>(text: &str, index: usize) -> Result<T, Unreadable> {
    // Straight from the text; the record is read as a value only to describe a failure.
    if let Ok(record) = serde_json::from_str(text) {
        return Ok(record);
    }
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| Unreadable {
        path: format!("[{index}]"),
        reason: crate::redact::reason(&e, None),
    })?;
    // Read by reference: on a failure the record is still there to say what kind of value
    // was found where it failed.
    serde_path_to_error::deserialize::<_, T>(&value).map_err(|e| {
        let field = e.path().to_string();
        let path = if field == "." {
            format!("[{index}]")
        } else {
            format!("[{index}].{field}")
        };
        let reason = crate::redact::reason(e.inner(), crate::redact::at_path(&value, e.path()));
        Unreadable { path, reason }
    })
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
        assert_eq!(list.skipped, 1);
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
