//! What binds an outbox file together under its key: its write count, its random id and the
//! ids of the rows in it, sealed as one in `outbox_meta`. A copy put back from before has a
//! lower count than the keyring's; a row put back under its old id is not among the ids; a
//! seal removed leaves rows nothing vouches for.

use rusqlite::{Connection, OptionalExtension};

use super::super::StoreError;
use super::super::sealed::{self, SealKey};

/// What the seal is sealed for (the place of the layout-1 counter it replaces).
const PLACE: &[u8] = b"leasedesk-outbox-meta\0counter";
/// Rows a seal lists at most (the outbox holds [`super::MAX_QUEUED`]; more is a forged file).
const MAX_IDS: usize = 100_000;

#[derive(Debug, Clone, PartialEq)]
pub(super) struct FileSeal {
    pub counter: u64,
    pub file_id: String,
    /// The rows this computer wrote and has not removed, in order.
    pub ids: Vec<i64>,
}

/// What a file's `outbox_meta` holds.
pub(super) enum Found {
    Sealed(FileSeal),
    /// A layout-1 file: a count alone, its id in plain text (or none).
    CountOnly {
        counter: u64,
        file_id: Option<String>,
    },
    /// A seal that does not open with this key (another key's file).
    Unopened,
    Missing,
}

impl FileSeal {
    /// A new file's: no write yet, a new random id.
    pub fn new() -> Self {
        Self {
            counter: 0,
            file_id: format!("{:016x}", rand::random::<u64>()),
            ids: Vec::new(),
        }
    }

    fn encode(&self) -> Vec<u8> {
        let id = self.file_id.as_bytes();
        let mut plain = Vec::with_capacity(9 + id.len() + 8 * self.ids.len());
        plain.extend_from_slice(&self.counter.to_le_bytes());
        plain.push(u8::try_from(id.len()).unwrap_or(0));
        plain.extend_from_slice(&id[..id.len().min(255)]);
        for row in &self.ids {
            plain.extend_from_slice(&row.to_le_bytes());
        }
        plain
    }

    fn decode(plain: &[u8]) -> Option<Self> {
        let counter = u64::from_le_bytes(plain.get(..8)?.try_into().ok()?);
        let id_len = usize::from(*plain.get(8)?);
        let file_id = String::from_utf8(plain.get(9..9 + id_len)?.to_vec()).ok()?;
        let rest = plain.get(9 + id_len..)?;
        if rest.len() % 8 != 0 || rest.len() / 8 > MAX_IDS {
            return None;
        }
        let ids = rest
            .chunks_exact(8)
            .map(|c| i64::from_le_bytes(c.try_into().unwrap_or_default()))
            .collect();
        Some(Self {
            counter,
            file_id,
            ids,
        })
    }

    /// Reads the file's seal.
    pub fn find(conn: &Connection, key: &SealKey) -> Result<Found, StoreError> {
        let kept: Option<Vec<u8>> = conn
            .query_row(
                "SELECT sealed FROM outbox_meta WHERE name = 'counter'",
                [],
                |r| r.get(0),
            )
            .optional()?;
        let Some(kept) = kept else {
            return Ok(Found::Missing);
        };
        let Ok(plain) = sealed::open_row(key, PLACE, &kept) else {
            return Ok(Found::Unopened);
        };
        if let Ok(count) = <[u8; 8]>::try_from(plain.as_slice()) {
            let file_id: Option<Vec<u8>> = conn
                .query_row(
                    "SELECT sealed FROM outbox_meta WHERE name = 'file_id'",
                    [],
                    |r| r.get(0),
                )
                .optional()?;
            return Ok(Found::CountOnly {
                counter: u64::from_le_bytes(count),
                file_id: file_id.and_then(|b| String::from_utf8(b).ok()),
            });
        }
        Ok(Self::decode(&plain).map_or(Found::Unopened, Found::Sealed))
    }

    /// Writes it in place of the one kept (in the caller's transaction).
    pub fn keep(&self, conn: &Connection, key: &SealKey) -> Result<(), StoreError> {
        let sealed = sealed::seal_row(key, PLACE, &self.encode())?;
        conn.execute(
            "INSERT INTO outbox_meta (name, sealed) VALUES ('counter', ?1)
             ON CONFLICT(name) DO UPDATE SET sealed = excluded.sealed",
            [sealed],
        )?;
        // The id lives in the seal now; a plain copy would only invite editing.
        conn.execute("DELETE FROM outbox_meta WHERE name = 'file_id'", [])?;
        Ok(())
    }
}

/// The ids of the file's rows, in order.
pub(super) fn row_ids(conn: &Connection) -> Result<Vec<i64>, StoreError> {
    let mut stmt = conn.prepare("SELECT id FROM outbox ORDER BY id")?;
    let ids = stmt
        .query_map([], |r| r.get(0))?
        .collect::<Result<Vec<i64>, _>>()?;
    Ok(ids)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seal_reads_back_as_written_and_a_forged_length_does_not_read() {
        let seal = FileSeal {
            counter: 42,
            file_id: "00ff00ff00ff00ff".into(),
            ids: vec![3, 7, 9],
        };
        assert_eq!(FileSeal::decode(&seal.encode()), Some(seal.clone()));
        let mut cut = seal.encode();
        cut.pop();
        assert_eq!(FileSeal::decode(&cut), None);
        assert_eq!(FileSeal::decode(&[1, 2, 3]), None);
    }
}
