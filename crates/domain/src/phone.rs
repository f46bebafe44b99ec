//! Telephone numbers as they are compared: the call log's matching and the hand-off to the
//! phone app read a number the same way.

/// A number as matched: ten digits (a leading 1 dropped), the extension cut off.
pub fn number_key(number: &str) -> Option<u64> {
    let lower = number.to_ascii_lowercase();
    let cut = ["ext", "x", "#", ";", ","]
        .iter()
        .filter_map(|mark| lower.find(mark))
        .min()
        .unwrap_or(lower.len());
    let digits: String = lower[..cut].chars().filter(char::is_ascii_digit).collect();
    let digits = match digits.strip_prefix('1') {
        Some(rest) if digits.len() == 11 => rest,
        _ => digits.as_str(),
    };
    if digits.len() != 10 {
        return None;
    }
    digits.parse().ok()
}
