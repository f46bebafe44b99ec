//! Importing a phone system's calls (`service::calls`): matched to cases and logged once each.
//! Not queued in the outbox: whether a call was logged before is read from the service, so an
//! import needs it (working offline, it says so and logs nothing).

use std::sync::Arc;

use super::{Backend, Request};
use crate::Change;
use crate::api::Client;
use crate::domain::calls::export::Export;
pub use crate::service::calls::ImportReport;
use crate::service::calls::{ImportError, import};

/// The import's report, or why the calls were not (all) logged, in words.
pub type Imported = Result<Arc<ImportReport>, String>;

pub fn import_calls(export: Export) -> Request<Imported> {
    Request::write(move |backend: Backend, client: Client| {
        let export = export.clone();
        async move {
            match import(&client, &export).await {
                Ok(report) => {
                    if report.logged > 0 {
                        backend.sent(&[Change::Activities]);
                    }
                    Ok(Ok(Arc::new(report)))
                }
                Err(e @ ImportError::NoCallTypes(_)) => Ok(Err(e.to_string())),
                Err(ImportError::Service { error, logged: 0 }) => Err(error),
                Err(e @ ImportError::Service { .. }) => {
                    backend.sent(&[Change::Activities]);
                    Ok(Err(e.to_string()))
                }
            }
        }
    })
}
