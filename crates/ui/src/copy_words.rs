//! What the offline copy's status says: where a sync is, why the copy is kept for this run
//! only or was set aside, what went wrong last. The engine reports kinds; these are its words.

use leasedesk_i18n::tr;

/// Where a sync is, as the status bar and Settings say it.
pub fn sync_step(step: &crate::engine::SyncStep) -> String {
    use crate::engine::SyncStep;
    match *step {
        SyncStep::UnitsAndContracts => tr!("sync-step-units"),
        SyncStep::ListsUsersAndCampaigns => tr!("sync-step-lists"),
        SyncStep::CampaignMembers => tr!("sync-step-members"),
        SyncStep::CasesPage { page, pages } => tr!("sync-step-cases", page = page, pages = pages),
        SyncStep::ChangedCases { done, count } => {
            tr!("sync-step-changed-cases", done = done, count = count)
        }
        SyncStep::NewCases { done, count } => {
            tr!("sync-step-new-cases", done = done, count = count)
        }
        SyncStep::ChangedActivities => tr!("sync-step-changed-activities"),
        SyncStep::ActivityMonths { done, months } => {
            tr!("sync-step-activities", done = done, months = months)
        }
        SyncStep::OlderWords => tr!("sync-step-older-words"),
        SyncStep::Checklists { done, count } => {
            tr!("sync-step-checklists", done = done, count = count)
        }
    }
}

/// Why the offline copy is kept for this run only.
pub fn not_kept(why: &crate::engine::NotKept) -> String {
    use crate::engine::NotKept;
    match *why {
        NotKept::NoDataFolder => tr!("copy-not-kept-no-folder"),
        NotKept::NotWanted => tr!("copy-not-kept-not-wanted"),
        NotKept::NoKeyring => tr!("copy-not-kept-no-keyring"),
        NotKept::KeyringUnreadable => tr!("copy-not-kept-keyring-unreadable"),
        NotKept::KeyMissing { waiting } => tr!("copy-not-kept-key-missing", count = waiting),
        NotKept::NoKeyMade => tr!("copy-not-kept-no-key-made"),
        NotKept::KeyRefused => tr!("copy-not-kept-key-refused"),
        NotKept::OutboxRolledBack => tr!("copy-not-kept-outbox-rolled-back"),
        NotKept::OutboxUnopened => tr!("copy-not-kept-outbox-unopened"),
        NotKept::FileUnopened => tr!("copy-not-kept-file-unopened"),
        NotKept::Removed => tr!("copy-not-kept-removed"),
    }
}

/// Why the copy found at the start was set aside.
pub fn set_aside(why: &crate::engine::SetAside) -> String {
    use crate::engine::SetAside;
    match why {
        SetAside::Damaged {
            kept_as: Some(name),
        } => {
            tr!("copy-set-aside-damaged-kept", file = name.as_str())
        }
        SetAside::Damaged { kept_as: None } => tr!("copy-set-aside-damaged"),
        SetAside::OtherOrigin => tr!("copy-set-aside-other-origin"),
    }
}

/// What went wrong with the offline copy last.
pub fn copy_problem(problem: &crate::engine::CopyProblem) -> String {
    use crate::engine::CopyProblem;
    match problem {
        CopyProblem::SyncFailed(why) => {
            tr!("settings-offline-sync-failed", problem = sync_failure(why))
        }
        CopyProblem::UnsentBeforeRemove { unsent } => {
            tr!("copy-unsent-before-remove", count = *unsent)
        }
        CopyProblem::NotRemoved(detail) => tr!("copy-not-removed", error = detail.as_str()),
    }
}

/// Why a sync did not finish: the service's failure in words, this computer's detail as it
/// came.
pub fn sync_failure(why: &crate::engine::SyncFailure) -> String {
    use crate::engine::SyncFailure;
    match why {
        SyncFailure::Service(error) => crate::error_words::api_error(error),
        SyncFailure::ConnectionChanged => tr!("sync-connection-changed"),
        SyncFailure::Local(detail) => detail.clone(),
    }
}

#[cfg(test)]
mod tests {
    use leasedesk_i18n::{Language, in_language};

    use super::*;
    use crate::engine::{CopyProblem, NotKept, SetAside, SyncFailure, SyncStep};

    /// Each kind's words in both languages: every kind says something of its own, Spanish is
    /// not English, and the figures are in the sentence.
    #[test]
    fn every_kind_of_the_copys_status_is_said_in_both_languages() {
        let every = || {
            vec![
                sync_step(&SyncStep::CasesPage { page: 2, pages: 5 }),
                sync_step(&SyncStep::ActivityMonths {
                    done: 3,
                    months: 18,
                }),
                sync_step(&SyncStep::OlderWords),
                not_kept(&NotKept::NoKeyring),
                not_kept(&NotKept::KeyMissing { waiting: 3 }),
                not_kept(&NotKept::Removed),
                set_aside(&SetAside::Damaged {
                    kept_as: Some("a.store.damaged".into()),
                }),
                set_aside(&SetAside::OtherOrigin),
                copy_problem(&CopyProblem::UnsentBeforeRemove { unsent: 1 }),
                copy_problem(&CopyProblem::SyncFailed(SyncFailure::Local(
                    "timed out".into(),
                ))),
                copy_problem(&CopyProblem::SyncFailed(SyncFailure::Service(
                    crate::api::ApiError::Server {
                        status: 503,
                        message: "Service Unavailable".into(),
                    },
                ))),
                copy_problem(&CopyProblem::SyncFailed(SyncFailure::ConnectionChanged)),
            ]
        };
        let said = every();
        assert_eq!(said[0], "Syncing cases: page 2 of 5");
        assert!(said[4].contains("3 saved changes"), "{}", said[4]);
        assert!(said[6].contains("(kept as a.store.damaged)"), "{}", said[6]);
        assert!(
            said[8].starts_with("⚠ 1 saved change is not sent"),
            "{}",
            said[8]
        );
        let spanish = in_language(Language::Spanish, every);
        assert_eq!(spanish[0], "Sincronizando casos: página 2 de 5");
        assert_eq!(spanish[1], "Sincronizando actividades: 3 de 18 meses");
        assert!(spanish[4].contains("3 cambios guardados"), "{}", spanish[4]);
        assert!(spanish[6].contains("(guardada como a.store.damaged)"));
        assert!(spanish[9].contains("timed out"), "the detail as it came");
        // The service's failure is said in the window's words, its own message quoted.
        assert!(
            spanish[10].contains("El servicio falló (HTTP 503): Service Unavailable"),
            "{}",
            spanish[10]
        );
        assert!(
            !spanish[10].contains("The service failed"),
            "{}",
            spanish[10]
        );
        for (english, spanish) in said.iter().zip(&spanish) {
            assert_ne!(english, spanish);
            assert!(!spanish.contains('{'), "{spanish}");
        }
    }
}
