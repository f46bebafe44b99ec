//! The addresses a drafted message is handed to the user's own apps by: `mailto:` (RFC 6068),
//! `sms:` (RFC 5724) and `tel:` (RFC 3966). Everything but unreserved characters is
//! percent-encoded, so no text of a case can add a header or a second recipient.

use crate::phone::number_key;

/// The longest address handed over: Windows' shell and the common mail apps cut a `mailto:`
/// near 2,000 characters, silently. A longer message is copied instead (the dialog says so).
pub const MAX_URI: usize = 2_000;

#[derive(Debug, Clone, PartialEq)]
pub enum HandOffError {
    NoAddress,
    BadAddress(String),
    NoNumber,
    BadNumber(String),
    TooLong { chars: usize },
}

impl std::fmt::Display for HandOffError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HandOffError::NoAddress => write!(f, "This person has no email address on the case"),
            HandOffError::BadAddress(a) => write!(f, "{a:?} is not an email address"),
            HandOffError::NoNumber => write!(f, "This person has no phone number on the case"),
            HandOffError::BadNumber(n) => {
                write!(f, "{n:?} is not a US phone number (10 digits)")
            }
            HandOffError::TooLong { chars } => write!(
                f,
                "The message is too long to hand to your mail or messaging app ({chars} \
                 characters with its address; the limit is {MAX_URI}): copy it instead"
            ),
        }
    }
}

/// An email address as a `mailto:` carries it: one `@`, no spaces, nothing that starts
/// headers or lists.
fn checked_address(address: &str) -> Result<&str, HandOffError> {
    let address = address.trim();
    if address.is_empty() {
        return Err(HandOffError::NoAddress);
    }
    let fine = address.matches('@').count() == 1
        && !address.starts_with('@')
        && !address.ends_with('@')
        && address.len() <= 254
        && address
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "._+-'@".contains(c));
    if fine {
        Ok(address)
    } else {
        Err(HandOffError::BadAddress(address.chars().take(80).collect()))
    }
}

/// `+1` and the ten digits (an extension is not dialled by a link).
fn checked_number(number: &str) -> Result<String, HandOffError> {
    if number.trim().is_empty() {
        return Err(HandOffError::NoNumber);
    }
    number_key(number)
        .map(|digits| format!("+1{digits:010}"))
        .ok_or_else(|| HandOffError::BadNumber(number.trim().chars().take(40).collect()))
}

/// Percent-encodes all but RFC 3986's unreserved characters; line breaks as CRLF (RFC 6068).
fn encoded(text: &str) -> String {
    let text = text.replace("\r\n", "\n").replace('\n', "\r\n");
    let mut out = String::with_capacity(text.len() * 3 / 2);
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~".contains(&byte) {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

fn within_budget(uri: String) -> Result<String, HandOffError> {
    let chars = uri.chars().count();
    if chars > MAX_URI {
        Err(HandOffError::TooLong { chars })
    } else {
        Ok(uri)
    }
}

/// Whether `to` is an address (`email`) or a number a message can be handed to, and why not.
pub fn check_recipient(email: bool, to: &str) -> Result<(), HandOffError> {
    if email {
        checked_address(to).map(|_| ())
    } else {
        checked_number(to).map(|_| ())
    }
}

pub fn mailto(address: &str, subject: &str, body: &str) -> Result<String, HandOffError> {
    let address = checked_address(address)?;
    within_budget(format!(
        "mailto:{}?subject={}&body={}",
        encoded(address).replace("%40", "@"),
        encoded(subject),
        encoded(body)
    ))
}

pub fn sms(number: &str, body: &str) -> Result<String, HandOffError> {
    let number = checked_number(number)?;
    within_budget(format!("sms:{number}?body={}", encoded(body)))
}

pub fn tel(number: &str) -> Result<String, HandOffError> {
    Ok(format!("tel:{}", checked_number(number)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mailto_carries_subject_and_body_encoded_so_nothing_adds_a_header() {
        let uri = mailto(
            "ruth.ellison@example.com",
            "Tour & lunch?",
            "Dear Ruth,\nsee you at 2:30 pm.\n&cc=evil@example.com",
        )
        .unwrap();
        assert_eq!(
            uri,
            "mailto:ruth.ellison@example.com?subject=Tour%20%26%20lunch%3F&body=Dear%20Ruth%2C%0D%0Asee%20you%20at%202%3A30%20pm.%0D%0A%26cc%3Devil%40example.com"
        );
        assert_eq!(
            uri.matches('&').count(),
            1,
            "one separator, no smuggled header"
        );
    }

    #[test]
    fn addresses_and_numbers_are_checked() {
        assert_eq!(mailto(" ", "s", "b"), Err(HandOffError::NoAddress));
        for bad in [
            "ruth",
            "a@b@c",
            "ruth@example.com?cc=x",
            "ruth smith@x.com",
            "a,b@x.com",
        ] {
            assert!(
                matches!(mailto(bad, "s", "b"), Err(HandOffError::BadAddress(_))),
                "{bad}"
            );
        }
        assert_eq!(tel("(614) 665-6127 ext 12").unwrap(), "tel:+16146656127");
        assert_eq!(tel("1-614-665-6127").unwrap(), "tel:+16146656127");
        assert_eq!(tel(""), Err(HandOffError::NoNumber));
        assert!(matches!(tel("665-6127"), Err(HandOffError::BadNumber(_))));
        assert_eq!(
            sms("614.665.6127", "Hi Ruth ✔").unwrap(),
            "sms:+16146656127?body=Hi%20Ruth%20%E2%9C%94"
        );
    }

    #[test]
    fn a_message_too_long_to_hand_over_is_refused_not_cut() {
        let body = "word ".repeat(600);
        let refused = mailto("ruth@example.com", "s", &body);
        assert!(matches!(refused, Err(HandOffError::TooLong { chars }) if chars > MAX_URI));
        assert!(refused.unwrap_err().to_string().contains("copy it instead"));
    }
}
