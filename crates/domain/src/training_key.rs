//! Training is never mistaken for live work: a training server's keys say what they are
//! ("trainee-…", "trainer-…", and the sandbox's published training key), so a desk knows a
//! training connection before it reads a thing, shows it on every screen, and refuses one made
//! to the live service.

/// The starts of the keys a training class hands out.
pub const PREFIXES: [&str; 2] = ["trainee-", "trainer-"];
/// The sandbox's published key for trainers (both demo portals).
pub const PUBLISHED: &str = "leasedesk-training-key";

/// Whether a subscription key is a training server's.
pub fn is_training_key(key: &str) -> bool {
    let key = key.trim();
    key == PUBLISHED || PREFIXES.iter().any(|p| key.starts_with(p))
}

/// Whether a service address is the hosted (live) service's, which a training key never opens.
pub fn is_live_service(base_url: &str) -> bool {
    let text = base_url.trim().to_ascii_lowercase();
    let Some((_, rest)) = text.split_once("://") else {
        return false;
    };
    let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
    let host = authority.rsplit('@').next().unwrap_or("");
    let host = host.split(':').next().unwrap_or("").trim_end_matches('.');
    host == "enquiresolutions.com" || host.ends_with(".enquiresolutions.com")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn training_keys_are_known_by_their_start() {
        assert!(is_training_key("trainee-AbC123"));
        assert!(is_training_key(" trainer-xyz "));
        assert!(is_training_key(PUBLISHED));
        assert!(!is_training_key("leasedesk-demo-key"));
        assert!(!is_training_key("3f9a0c2e7b1d4e8f9a0c2e7b1d4e8f90"));
        assert!(!is_training_key("my-trainee-key"), "only the start counts");
    }

    #[test]
    fn the_live_service_is_known_by_its_host() {
        assert!(is_live_service("https://api2.enquiresolutions.com"));
        assert!(is_live_service("https://API2.EnquireSolutions.com/v3/"));
        assert!(!is_live_service("http://10.0.0.5:8080"));
        assert!(!is_live_service(
            "https://enquiresolutions.com.evil.example"
        ));
        assert!(!is_live_service("not a url"));
    }
}
