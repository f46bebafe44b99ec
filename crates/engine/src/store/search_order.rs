//! The order Search lists the portal's cases in, kept as the store's keys of their numbers
//! (keyed hashes: nothing readable): between sweeps a sync finds a case new since by where it
//! stands in that order, whatever its number (docs/decisions.md, "New cases between sweeps").

use rusqlite::{OptionalExtension, params};

use super::{MAX_CASES, Store, StoreError};

/// Its row in `meta`, and the place its seal is bound to.
const ORDER: &str = "search_order";
const ORDER_PLACE: &str = "meta/search-order";

impl Store {
    /// Keeps the order Search listed the cases in (each case once). Blocking.
    pub fn keep_search_order(&self, order: &[i64]) -> Result<(), StoreError> {
        let bytes: Vec<u8> = order
            .iter()
            .take(MAX_CASES)
            .flat_map(|k| k.to_le_bytes())
            .collect();
        let sealed = self.keys.seal(ORDER_PLACE, &bytes)?;
        self.lock().execute(
            "INSERT OR REPLACE INTO meta (name, value) VALUES (?1, ?2)",
            params![ORDER, sealed],
        )?;
        Ok(())
    }

    /// The order last kept; `None` before the first sweep kept one, or when it does not open.
    /// Blocking.
    pub fn search_order(&self) -> Option<Vec<i64>> {
        let body: Vec<u8> = self
            .lock()
            .query_row("SELECT value FROM meta WHERE name = ?1", [ORDER], |r| {
                r.get(0)
            })
            .optional()
            .ok()??;
        let bytes = self.keys.open(ORDER_PLACE, &body, MAX_CASES * 8)?;
        if bytes.len() % 8 != 0 {
            return None;
        }
        Some(
            bytes
                .chunks_exact(8)
                .map(|c| i64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]))
                .collect(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_search_order_is_kept_sealed_and_read_back_whole() {
        let store = Store::in_memory().unwrap();
        assert_eq!(store.search_order(), None);
        let order: Vec<i64> = ["1778", "12", "C-100231"]
            .iter()
            .map(|n| store.case_key(n))
            .collect();
        store.keep_search_order(&order).unwrap();
        assert_eq!(store.search_order(), Some(order.clone()));
        // Nothing readable: the numbers are not in the row.
        let raw: Vec<u8> = store
            .lock()
            .query_row("SELECT value FROM meta WHERE name = ?1", [ORDER], |r| {
                r.get(0)
            })
            .unwrap();
        assert!(!raw.windows(4).any(|w| w == b"1778"));
        assert_ne!(store.case_key("1778"), store.case_key("1779"));
    }
}
