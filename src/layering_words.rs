//! No words the window or the command line show come from their code: every string literal of
//! the window's crate and the command line (outside their tests) that reads as words, two or more in a row, is either in a log line or a
//! programmer's check, or named below with why it is not shown as it is written. Run in CI, it
//! catches what the pseudo-locale's walk through the panes cannot reach: a failure's sentence,
//! a tooltip, the window's title, a state that shows only while the store fills.

use std::path::Path;

/// Literals of the window's crate that read as words but are not shown to people as written,
/// and why each stays.
const NOT_SHOWN: &[(&str, &str)] = &[
    ("remote status", "an egui id"),
    ("list was open", "an egui id"),
    (
        "First name",
        "a field's key, matched with the service's field names",
    ),
    (
        "Last name",
        "a field's key, matched with the service's field names",
    ),
    ("Care group", "a field's key"),
    ("Floor plan", "a field's key"),
    ("Square feet", "a field's key"),
    ("Monthly rate", "a field's key"),
    ("Typical deposit", "a field's key"),
    ("Capacity (beds)", "a field's key"),
    ("Street, line 2", "a field's key"),
    (
        "Referral check:",
        "written to the service, in the inquiry's description",
    ),
    (
        "Offered unit {} ({}) from the waitlist, {}",
        "written to the service, as an activity's note",
    ),
    ("free now", "written to the service, in that note"),
    ("free from {}", "written to the service, in that note"),
    (
        "gone through by phone",
        "written to the service, as an activity's note",
    ),
    (
        "number copied",
        "the access log's record, kept in its own names",
    ),
    (
        "handed to the app",
        "the access log's record, kept in its own names",
    ),
    (
        "wgpu (Vulkan, DirectX 12 or Metal)",
        "how the window draws: technical detail",
    ),
    ("wgpu on OpenGL", "how the window draws: technical detail"),
    (
        "an unknown backend",
        "how the window draws: technical detail",
    ),
    ("glow (OpenGL)", "how the window draws: technical detail"),
    (
        "OpenGL (glow, {name})",
        "how the window draws: technical detail",
    ),
    ("OpenGL (glow)", "how the window draws: technical detail"),
    (
        "could not write {}: {e}",
        "the start-up probe's failure, on stderr for a developer",
    ),
    (
        "LeaseDesk: leads, residents and occupancy for senior-living communities",
        "clap's about, which `cli::help` says from the files",
    ),
    (
        "replied STOP",
        "written to the service, as how the family said it",
    ),
    (
        "Allowed: nothing the family said or the law holds it.",
        "a value in the command line's JSON",
    ),
    (
        "offline copy of {} (synced {})",
        "a value in the command line's JSON",
    ),
    (
        "the sandbox did not start",
        "an internal failure's detail, logged",
    ),
];

/// Macros and calls whose literals are for programmers and logs, not people.
pub(crate) const NOT_FOR_PEOPLE: &[&str] = &[
    "tracing::",
    "debug!(",
    "info!(",
    "warn!(",
    "error!(",
    "trace!(",
    "expect(",
    "panic!(",
    "unreachable!(",
    "assert",
];

/// The string literals of `code` outside comments, with their lines: (line, text as written).
pub(crate) fn literals(code: &str) -> Vec<(usize, usize, String)> {
    let chars: Vec<char> = code.chars().collect();
    let mut found = Vec::new();
    let mut line = 1;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            while i + 1 < chars.len() && !(chars[i] == '*' && chars[i + 1] == '/') {
                line += usize::from(chars[i] == '\n');
                i += 1;
            }
            i += 2;
        } else if c == '\'' {
            // A char literal ('"', '\'', '\u{..}') is skipped whole; a lifetime is one quote.
            match (next, chars.get(i + 2)) {
                (Some('\\'), _) => {
                    i += 2;
                    while i < chars.len() && chars[i] != '\'' {
                        i += 1;
                    }
                    i += 1;
                }
                (Some(_), Some('\'')) => i += 3,
                _ => i += 1,
            }
        } else if c == 'r' && matches!(next, Some('"') | Some('#')) && !ident_before(&chars, i) {
            let hashes = chars[i + 1..].iter().take_while(|c| **c == '#').count();
            let open = i + 1 + hashes;
            if chars.get(open) != Some(&'"') {
                i += 1;
                continue;
            }
            let closing: Vec<char> = std::iter::once('"')
                .chain(std::iter::repeat_n('#', hashes))
                .collect();
            let mut end = open + 1;
            while end < chars.len() && !chars[end..].starts_with(&closing) {
                end += 1;
            }
            let text: String = chars[open + 1..end.min(chars.len())].iter().collect();
            found.push((line, open, text.clone()));
            line += text.matches('\n').count();
            i = end + closing.len();
        } else if c == '"' {
            let start = i;
            let start_line = line;
            let mut text = String::new();
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    // A line continuation joins the lines with no break and no indent.
                    if chars.get(i + 1) == Some(&'\n') {
                        line += 1;
                        i += 2;
                        while i < chars.len() && chars[i].is_whitespace() {
                            line += usize::from(chars[i] == '\n');
                            i += 1;
                        }
                        continue;
                    }
                    text.push(chars[i]);
                    i += 1;
                }
                line += usize::from(chars[i] == '\n');
                text.push(chars[i]);
                i += 1;
            }
            found.push((start_line, start, text));
            i += 1;
        } else {
            i += 1;
        }
    }
    found
}

fn ident_before(chars: &[char], at: usize) -> bool {
    at > 0 && (chars[at - 1].is_alphanumeric() || chars[at - 1] == '_')
}

/// Two words in a row, as a sentence or a label has them ("Care group", "could not"); a format
/// string's placeholders (`{name}`, `{}`) are not words.
pub(crate) fn reads_as_words(text: &str) -> bool {
    let mut bare = String::new();
    let mut in_placeholder = false;
    for c in text.chars() {
        match c {
            '{' => in_placeholder = true,
            '}' if in_placeholder => in_placeholder = false,
            _ if !in_placeholder => bare.push(c),
            _ => {}
        }
    }
    let words: Vec<&str> = bare.split(' ').collect();
    words.windows(2).any(|pair| {
        pair.iter().all(|w| {
            let letters = w.trim_matches(|c: char| !c.is_alphabetic());
            letters.chars().count() >= 2 && letters.chars().all(char::is_alphabetic)
        })
    })
}

/// The statement a literal sits in, up to the literal: from the last `;`, `{` or `}` before it.
pub(crate) fn statement_before(chars: &[char], at: usize) -> String {
    let from = chars[..at]
        .iter()
        .rposition(|c| matches!(c, ';' | '{' | '}'))
        .map_or(0, |p| p + 1);
    chars[from..at].iter().collect()
}

#[test]
fn the_words_of_the_window_and_the_command_line_come_from_the_files() {
    let top = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    crate::layering::sources(&top.join("crates/ui/src"), &mut files);
    assert!(files.len() >= 50, "the window's files: {}", files.len());
    crate::layering::sources(&top.join("src/cli"), &mut files);
    for file in ["main.rs", "instance.rs", "embedded.rs"] {
        files.push(top.join("src").join(file));
    }
    let mut from_code = Vec::new();
    let mut allowed_seen = std::collections::BTreeSet::new();
    for file in &files {
        if file.file_name().is_some_and(|n| n == "tests.rs") {
            continue;
        }
        let text = std::fs::read_to_string(file).unwrap();
        let code = text.split("#[cfg(test)]").next().unwrap_or_default();
        let chars: Vec<char> = code.chars().collect();
        for (line, at, literal) in literals(code) {
            if !reads_as_words(&literal) {
                continue;
            }
            if NOT_SHOWN.iter().any(|(known, _)| *known == literal) {
                allowed_seen.insert(literal);
                continue;
            }
            let before = statement_before(&chars, at);
            if NOT_FOR_PEOPLE.iter().any(|m| before.contains(m)) {
                continue;
            }
            from_code.push(format!(
                "{}:{line}: {literal:?}",
                file.strip_prefix(top).unwrap().display()
            ));
        }
    }
    assert!(
        from_code.is_empty(),
        "words shown from code rather than the Fluent files (move them to a message, or name \
         them in NOT_SHOWN with why):\n{}",
        from_code.join("\n")
    );
    // A name left in the list after its literal went would hide the next one like it.
    let stale: Vec<&str> = NOT_SHOWN
        .iter()
        .map(|(known, _)| *known)
        .filter(|known| !allowed_seen.contains(*known))
        .collect();
    assert!(
        stale.is_empty(),
        "NOT_SHOWN names what the code no longer has: {stale:?}"
    );
}

#[test]
fn the_scan_reads_literals_as_the_compiler_does() {
    let code = "let a = '\"'; // \"not this\"\nlet b = \"two words \\\n    joined\";\nlet c = r#\"raw \"words\" here\"#;\nfn f<'a>(x: &'a str) {}\n/* \"nor this\" */ let d = \"x\";";
    let found: Vec<(usize, String)> = literals(code)
        .into_iter()
        .map(|(line, _, text)| (line, text))
        .collect();
    assert_eq!(
        found,
        [
            (2, "two words joined".to_owned()),
            (4, "raw \"words\" here".to_owned()),
            (6, "x".to_owned()),
        ]
    );
    assert!(reads_as_words("Care group"));
    assert!(reads_as_words("could not write {}: {e}"));
    assert!(!reads_as_words("myday-new-leads"));
    assert!(!reads_as_words("{} (portal {})"));
    assert!(!reads_as_words("csv: {}"));
    assert!(!reads_as_words("{went}: {competitor}"));
}
