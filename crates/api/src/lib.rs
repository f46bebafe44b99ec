//! The Lead, Resident and Occupancy Management API v3 as its wire types: every record, body and
//! query the specification lists, one to one (`model`), the secrets a connection carries
//! (`Secret`) and the words a record that cannot be read is described with (`redact`). No
//! network: the client is `leasedesk-client`, the sandbox serves these same types.

pub mod model;
pub mod redact;
mod secret;
pub mod training;

pub use secret::Secret;
