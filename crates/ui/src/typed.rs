//! What a person typed, said back to them in a problem line ("\"25:99\" is not a time").

/// What a person typed, shown back in a problem line: trimmed, on one line, and cut at 40
/// characters (a paragraph pasted into a time field would push the line's meaning out of the
/// window).
pub fn shown(text: &str) -> String {
    const LONGEST: usize = 40;
    let one_line: String = text
        .trim()
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    match one_line.char_indices().nth(LONGEST) {
        Some((cut, _)) => format!("{}…", &one_line[..cut]),
        None => one_line,
    }
}

/// [`shown`], in quotes.
pub fn quoted(text: &str) -> String {
    format!("\"{}\"", shown(text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_text_is_quoted_back_trimmed_cut_and_on_one_line() {
        assert_eq!(quoted("  25:99 "), "\"25:99\"");
        let pasted = format!("{}\nmore", "á".repeat(300));
        let quote = quoted(&pasted);
        assert_eq!(quote, format!("\"{}…\"", "á".repeat(40)));
        assert_eq!(quoted("2:30\npm"), "\"2:30 pm\"");
        assert_eq!(quoted(""), "\"\"");
    }
}
