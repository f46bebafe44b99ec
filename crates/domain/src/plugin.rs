//! The plugin endpoint rule: an https address with a host, checked before sending.

/// Why an address cannot be used, if it cannot.
pub fn check_endpoint(address: &str) -> Result<(), String> {
    let address = address.trim();
    let Some(rest) = address.strip_prefix("https://") else {
        return Err(if address.starts_with("http://") {
            "Only https:// addresses are accepted: the service delivers events over TLS only".into()
        } else {
            "Enter the full address, starting with https://".into()
        });
    };
    let host = rest.split(['/', '?', '#']).next().unwrap_or("");
    if host.is_empty() || !host.contains('.') && !host.starts_with("localhost") {
        return Err(format!("{address:?} has no host name"));
    }
    if address.contains(char::is_whitespace) {
        return Err("The address must not contain spaces".into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::check_endpoint;

    #[test]
    fn only_https_addresses_with_a_host_pass() {
        assert!(check_endpoint("https://hooks.maple.example/events").is_ok());
        assert!(
            check_endpoint("http://hooks.maple.example")
                .unwrap_err()
                .contains("https://")
        );
        assert!(check_endpoint("hooks.maple.example").is_err());
        assert!(check_endpoint("https:///path").is_err());
    }
}
