//! What the log may keep of a message that may quote a person.

/// Characters of a caught panic's message kept for the log at most.
pub const MAX_PANIC_CHARS: usize = 100;

/// A message that may quote a person (a caught panic's), as the log may keep it: its first
/// [`MAX_PANIC_CHARS`] characters on one line, with quoted text, numbers of four or more
/// digits (phones, case numbers), email-like words and capitalised words after the first
/// (names) replaced by `…`.
pub fn scrubbed(message: &str) -> String {
    let line: String = message
        .chars()
        .take(MAX_PANIC_CHARS)
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let mut out = Vec::new();
    let mut quoted = false;
    for (n, word) in line.split(' ').enumerate() {
        let quotes = word.matches(['"', '\'', '`']).count();
        let was_quoted = quoted;
        if quotes % 2 == 1 {
            quoted = !quoted;
        }
        let digits = word.chars().filter(char::is_ascii_digit).count();
        let personal = was_quoted
            || quotes > 0
            || digits >= 4
            || word.contains('@')
            || (n > 0 && word.chars().next().is_some_and(char::is_uppercase));
        out.push(if personal { "…" } else { word });
    }
    out.dedup_by(|a, b| *a == "…" && *b == "…");
    out.join(" ")
}
