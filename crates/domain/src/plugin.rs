//! The plugin endpoint rule: an https address with a host, checked before sending.

/// Why an address cannot be used (the window words it; `Display` is the English).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EndpointProblem {
    /// An http:// address: the service delivers events over TLS only.
    NotHttps,
    /// Not a full address starting with https://.
    NotAnAddress,
    /// No host name after https:// (the address as typed).
    NoHost(String),
    Spaces,
}

impl std::fmt::Display for EndpointProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EndpointProblem::NotHttps => write!(
                f,
                "Only https:// addresses are accepted: the service delivers events over TLS only"
            ),
            EndpointProblem::NotAnAddress => {
                write!(f, "Enter the full address, starting with https://")
            }
            EndpointProblem::NoHost(address) => write!(f, "{address:?} has no host name"),
            EndpointProblem::Spaces => write!(f, "The address must not contain spaces"),
        }
    }
}

/// Why an address cannot be used, if it cannot.
pub fn check_endpoint(address: &str) -> Result<(), EndpointProblem> {
    let address = address.trim();
    let Some(rest) = address.strip_prefix("https://") else {
        return Err(if address.starts_with("http://") {
            EndpointProblem::NotHttps
        } else {
            EndpointProblem::NotAnAddress
        });
    };
    let host = rest.split(['/', '?', '#']).next().unwrap_or("");
    if host.is_empty() || !host.contains('.') && !host.starts_with("localhost") {
        return Err(EndpointProblem::NoHost(address.chars().take(200).collect()));
    }
    if address.contains(char::is_whitespace) {
        return Err(EndpointProblem::Spaces);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::check_endpoint;

    #[test]
    fn only_https_addresses_with_a_host_pass() {
        assert!(check_endpoint("https://hooks.maple.example/events").is_ok());
        assert_eq!(
            check_endpoint("http://hooks.maple.example"),
            Err(super::EndpointProblem::NotHttps)
        );
        assert!(check_endpoint("hooks.maple.example").is_err());
        assert_eq!(
            check_endpoint("https:///path"),
            Err(super::EndpointProblem::NoHost("https:///path".into()))
        );
    }
}
