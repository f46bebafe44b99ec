//! What each connection's store (its sealed file, its outbox, its local file and its key in the
//! keyring) is named by: an id no two connections share. The embedded sandbox's portals are
//! `sandbox-<portal>`; a profile's are `p<portal>-<16 hex digits of the SHA-256 of its name>`,
//! so no profile can name the sandbox's store, and names differing in case or punctuation
//! (which once folded to one file) do not meet on a file system that ignores case. Each store
//! also seals the origin it was filled from and is set aside when opened for another
//! (docs/decisions.md, "A store per connection, named by an id that cannot collide").

use aws_lc_rs::digest;

/// The embedded sandbox's store for `portal_id`.
pub fn sandbox(portal_id: i64) -> String {
    format!("sandbox-{portal_id}")
}

/// The store of profile `name` on `portal_id`.
pub fn profile(name: &str, portal_id: i64) -> String {
    let hash = digest::digest(&digest::SHA256, name.as_bytes());
    let hex: String = hash.as_ref()[..8]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    format!("p{portal_id}-{hex}")
}

/// The name versions before this one gave a profile's store (lossy: kept only to move a store
/// kept under it to [`profile`]'s name once).
pub fn legacy_profile(name: &str, portal_id: i64) -> String {
    format!("{name}-{portal_id}")
}

/// What a store seals as where it was filled from: the service's host (a port or a path of the
/// same host is the same service, as a gateway's address may vary) and the portal.
pub fn origin(base_url: &str, portal_id: i64) -> String {
    let host = reqwest::Url::parse(base_url.trim())
        .ok()
        .and_then(|u| u.host_str().map(str::to_ascii_lowercase))
        .unwrap_or_else(|| base_url.trim().to_ascii_lowercase());
    format!("{host} portal {portal_id}")
}

/// The embedded sandbox's origin (its address changes every run; its data does not).
pub fn sandbox_origin(portal_id: i64) -> String {
    format!("embedded sandbox portal {portal_id}")
}

/// A profile's name as names are compared: letters and digits only, lower case. Two names that
/// fold alike are one name (a second one is refused).
pub fn folded_name(name: &str) -> String {
    name.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn profile_stores_never_meet_each_other_or_the_sandbox() {
        let names = [
            "sandbox", "Sandbox", "sand box", "sand_box", "Maple", "maple", "MAPLE!",
        ];
        let mut ids: Vec<String> = names.iter().map(|n| profile(n, 4200)).collect();
        ids.push(sandbox(4200));
        // On a file system that ignores case as well.
        let mut folded: Vec<String> = ids.iter().map(|i| i.to_lowercase()).collect();
        folded.sort();
        folded.dedup();
        assert_eq!(folded.len(), ids.len(), "{ids:?}");
        assert!(ids.iter().all(|id| crate::paths::safe_file_stem(id) == *id));
        assert_ne!(profile("Maple", 4200), profile("Maple", 4300));
        assert_eq!(profile("Maple", 4200), profile("Maple", 4200));
    }

    #[test]
    fn names_that_differ_in_case_or_punctuation_fold_alike() {
        assert_eq!(folded_name("Maple Grove"), folded_name("maple_grove!"));
        assert_ne!(folded_name("Maple Grove"), folded_name("Maple Grove 2"));
        assert_eq!(
            origin("https://api.example.com/", 4200),
            origin("https://API.example.com:443/v3", 4200)
        );
        assert_ne!(
            origin("https://api.example.com", 4200),
            origin("https://api.example.org", 4200)
        );
        assert_ne!(
            origin("https://api.example.com", 4200),
            origin("https://api.example.com", 4300)
        );
    }
}
