//! Writing into the store from the runtime: encoding and sealing are blocking work, done on
//! the blocking pool (or with the runtime told), never on a worker other tasks wait for.

use std::sync::Arc;

use chrono::Utc;

use crate::change::Change;
use crate::store::Store;

/// Keeps `value` under `key` in the store (off the runtime's threads); a value too large to
/// keep is left out, not an error.
/// Its records are of the kinds `kinds`: the store tells them changed when the value differs
/// from what was kept under `key` before, which is what this returns.
pub(super) async fn keep_now<T: serde::Serialize>(
    store: &Arc<Store>,
    key: &str,
    value: &T,
    kinds: &'static [Change],
) -> Result<bool, String> {
    let json = blocking(|| serde_json::to_vec(value)).map_err(|e| e.to_string())?;
    let (store, key) = (store.clone(), key.to_owned());
    tokio::task::spawn_blocking(move || store.keep_answer_of(&key, &json, Utc::now(), kinds))
        .await
        .map_err(|e| e.to_string())?
        .map_err(|e| e.to_string())
}

/// Keeps the inventory's units and contracts as rows too (the forecast counts from them).
pub(super) async fn keep_inventory_rows(
    store: &Arc<Store>,
    stock: Arc<crate::service::inventory::InventoryData>,
) -> Result<(), String> {
    let store = store.clone();
    tokio::task::spawn_blocking(move || {
        store.keep_inventory(&stock.units, &stock.contracts, Utc::now())
    })
    .await
    .map_err(|e| e.to_string())?
    .map_err(|e| e.to_string())?;
    Ok(())
}

/// Runs `work` that takes a while (encoding every activity of a big portal) on a runtime
/// worker, telling the runtime so that worker's other tasks move on meanwhile.
pub(super) fn blocking<R>(work: impl FnOnce() -> R) -> R {
    match tokio::runtime::Handle::try_current().map(|h| h.runtime_flavor()) {
        Ok(tokio::runtime::RuntimeFlavor::MultiThread) => tokio::task::block_in_place(work),
        _ => work(),
    }
}
