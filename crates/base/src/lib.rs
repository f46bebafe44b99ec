//! What every layer of LeaseDesk stands on and none owns: "now", injectable (`clock`); where
//! the program keeps its files and how they are made private (`paths`); files written whole
//! (`atomic_file`); what a log may keep of a message that may quote a person (`log_text`).

pub mod atomic_file;
pub mod clock;
pub mod crash_files;
pub mod log_text;
pub mod paths;
