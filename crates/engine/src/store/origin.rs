//! Where a store was filled from (the service's address and the portal), sealed inside it: a
//! store opened for another origin is not used (`store_state::files`).

use rusqlite::{OptionalExtension, params};

use super::{Store, StoreError};

const ORIGIN: &str = "origin";
const ORIGIN_PLACE: &str = "meta/origin";

impl Store {
    /// The origin sealed in this store; `None` before one was kept (or when it does not open).
    pub fn origin(&self) -> Option<String> {
        let body: Vec<u8> = self
            .lock()
            .query_row("SELECT value FROM meta WHERE name = ?1", [ORIGIN], |r| {
                r.get(0)
            })
            .optional()
            .ok()??;
        let plain = self.keys.open(ORIGIN_PLACE, &body, 4096)?;
        String::from_utf8(plain.to_vec()).ok()
    }

    /// Seals `origin` as where this store is filled from. Blocking.
    pub fn keep_origin(&self, origin: &str) -> Result<(), StoreError> {
        let sealed = self.keys.seal(ORIGIN_PLACE, origin.as_bytes())?;
        self.lock().execute(
            "INSERT OR REPLACE INTO meta (name, value) VALUES (?1, ?2)",
            params![ORIGIN, sealed],
        )?;
        Ok(())
    }
}
