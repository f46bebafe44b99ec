//! The words LeaseDesk shows, in each of its languages: Fluent files compiled into the program
//! (`locales/<tag>/leasedesk.ftl`), one bundle per language, and the language in force for the
//! whole process (switched without a restart: every text is looked up as it is drawn).
//!
//! `tr!("nav-search")`, `tr!("outbox-waiting", count = 3)`. A message missing in the language
//! in force is said in English; one missing everywhere is shown as its id (a test keeps every
//! id in every language, and every id the code names in the files).

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU8, Ordering};

pub use fluent_bundle::FluentArgs;
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentResource, FluentValue};

/// A language LeaseDesk speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Language {
    English,
    Spanish,
    /// A pseudo-locale for testing, never offered in Settings: English with every letter
    /// accented and 40% longer, in brackets ("[Séárçh ···]"), so a text not from the files
    /// shows plain and a label that cuts its words loses its "]".
    Pseudo,
}

impl Language {
    /// The languages a user chooses among (the pseudo-locale is for tests).
    pub const ALL: [Language; 2] = [Language::English, Language::Spanish];

    /// Its BCP 47 tag: the files' folder, and what the accessibility tree says it is.
    pub fn tag(self) -> &'static str {
        match self {
            Language::English => "en-US",
            Language::Spanish => "es-US",
            Language::Pseudo => "en-XA",
        }
    }

    /// Its name in its own words, as a language menu shows it.
    pub fn own_name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::Spanish => "Español",
            Language::Pseudo => "[Pséúdó]",
        }
    }

    /// The system's language where LeaseDesk speaks it; English otherwise.
    pub fn of_system() -> Language {
        Self::of_tag(&sys_locale::get_locale().unwrap_or_default())
    }

    /// The language a locale tag ("es-MX", "es_US.UTF-8", "en-GB") asks for.
    pub fn of_tag(tag: &str) -> Language {
        let primary = tag
            .split(['-', '_', '.'])
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        let region = tag.split(['-', '_', '.']).nth(1).unwrap_or_default();
        match primary.as_str() {
            "es" => Language::Spanish,
            // en-XA, the pseudo-locale's tag: LANG=en_XA.UTF-8 shows the window in it.
            "en" if region.eq_ignore_ascii_case("XA") => Language::Pseudo,
            _ => Language::English,
        }
    }

    /// Its file's place in [`SOURCES`] (the pseudo-locale is English's, transformed).
    fn index(self) -> usize {
        match self {
            Language::English | Language::Pseudo => 0,
            Language::Spanish => 1,
        }
    }

    fn code(self) -> u8 {
        match self {
            Language::English => 0,
            Language::Spanish => 1,
            Language::Pseudo => 2,
        }
    }
}

/// Each language's file, as shipped.
pub const SOURCES: [(Language, &str); 2] = [
    (
        Language::English,
        include_str!("../locales/en-US/leasedesk.ftl"),
    ),
    (
        Language::Spanish,
        include_str!("../locales/es-US/leasedesk.ftl"),
    ),
];

/// The process's language, for threads that draw nothing (what they say is rare); the thread
/// that draws the window keeps its own, so windows in one process (the UI tests) each speak
/// their own language.
static CURRENT: AtomicU8 = AtomicU8::new(0);

thread_local! {
    static THIS_THREAD: std::cell::Cell<Option<Language>> = const { std::cell::Cell::new(None) };
}

/// The language in force from now on, on this thread and for the process (every text drawn
/// after this is in it).
pub fn set_language(language: Language) {
    THIS_THREAD.with(|l| l.set(Some(language)));
    CURRENT.store(language.code(), Ordering::Relaxed);
}

/// The language in force on this thread only (a test's, leaving the process's alone).
pub fn set_language_on_this_thread(language: Language) {
    THIS_THREAD.with(|l| l.set(Some(language)));
}

/// Runs `work` with `language` in force on this thread (a document written in the language
/// it was asked in, whatever the window speaks), then puts back what was in force.
pub fn in_language<T>(language: Language, work: impl FnOnce() -> T) -> T {
    struct PutBack(Option<Language>);
    impl Drop for PutBack {
        fn drop(&mut self) {
            THIS_THREAD.with(|l| l.set(self.0));
        }
    }
    let _put_back = PutBack(THIS_THREAD.with(|l| l.replace(Some(language))));
    work()
}

pub fn language() -> Language {
    THIS_THREAD
        .with(|l| l.get())
        .unwrap_or_else(|| match CURRENT.load(Ordering::Relaxed) {
            1 => Language::Spanish,
            2 => Language::Pseudo,
            _ => Language::English,
        })
}

fn bundles() -> &'static [FluentBundle<FluentResource>; 2] {
    static BUNDLES: OnceLock<[FluentBundle<FluentResource>; 2]> = OnceLock::new();
    BUNDLES.get_or_init(|| SOURCES.map(|(language, source)| bundle(language, source)))
}

fn bundle(language: Language, source: &str) -> FluentBundle<FluentResource> {
    let tag: unic_langid::LanguageIdentifier = language.tag().parse().unwrap_or_default();
    let mut bundle = FluentBundle::new_concurrent(vec![tag]);
    // No Unicode isolation marks around what is put in: the window's fonts draw none of them,
    // and every text put in is one direction.
    bundle.set_use_isolating(false);
    // `{ GROUPED($cases) }`: a count as the window writes numbers, "1,624" (US English and US
    // Spanish group alike); Fluent's own formatting does not group.
    let _ = bundle.add_function("GROUPED", |positional, _| match positional.first() {
        Some(FluentValue::Number(n)) => FluentValue::String(grouped(n.value).into()),
        Some(other) => other.clone(),
        None => FluentValue::None,
    });
    // A file with errors still gives the messages it could read (a test keeps it clean).
    let resource = FluentResource::try_new(source.to_owned()).unwrap_or_else(|(read, _)| read);
    let _ = bundle.add_resource(resource);
    bundle
}

/// A whole number with its thousands grouped: 1624 is "1,624".
fn grouped(n: f64) -> String {
    if !n.is_finite() || n.fract() != 0.0 || n.abs() >= 1e15 {
        return n.to_string();
    }
    let digits = (n.abs() as u64).to_string();
    let mut out = String::from(if n < 0.0 { "-" } else { "" });
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Whether `id` is a message of `language`'s file.
pub fn has(language: Language, id: &str) -> bool {
    bundles()[language.index()].has_message(id)
}

/// The message `id` in the language in force.
pub fn text(id: &str) -> String {
    text_in(language(), id, None)
}

/// The message `id` with its arguments, in the language in force.
pub fn text_with(id: &str, args: &FluentArgs) -> String {
    text_in(language(), id, Some(args))
}

/// The message `id` in `language` (English when that language lacks it; the id itself when
/// no language has it).
pub fn text_in(language: Language, id: &str, args: Option<&FluentArgs>) -> String {
    for from in [language, Language::English] {
        let bundle = &bundles()[from.index()];
        if let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) {
            let mut errors = Vec::new();
            let text = bundle.format_pattern(pattern, args, &mut errors);
            return match language {
                Language::Pseudo => pseudo(&text),
                _ => text.into_owned(),
            };
        }
    }
    id.to_owned()
}

/// English as the pseudo-locale says it: each letter accented, 40% longer, in brackets.
pub fn pseudo(english: &str) -> String {
    let letters = english.chars().filter(|c| c.is_alphabetic()).count();
    let mut out = String::with_capacity(english.len() * 2 + 4);
    out.push('[');
    out.extend(english.chars().map(accented));
    let longer = letters.saturating_mul(2).div_ceil(5);
    if longer > 0 {
        out.push(' ');
        out.extend(std::iter::repeat_n('·', longer));
    }
    out.push(']');
    out
}

/// Whether `text` is pseudo-locale words (a text shown that is not is not from the files).
pub fn is_pseudo(text: &str) -> bool {
    text.contains('[') && text.contains(']')
}

fn accented(c: char) -> char {
    match c {
        'a' => 'á',
        'e' => 'é',
        'i' => 'í',
        'o' => 'ó',
        'u' => 'ú',
        'c' => 'ç',
        'n' => 'ñ',
        'y' => 'ý',
        'A' => 'Á',
        'E' => 'É',
        'I' => 'Í',
        'O' => 'Ó',
        'U' => 'Ú',
        'C' => 'Ç',
        'N' => 'Ñ',
        'Y' => 'Ý',
        other => other,
    }
}

/// `tr!(ID)` or `tr!(ID, name = value, …)`: the message `ID` (a string literal) in the
/// language in force.
#[macro_export]
macro_rules! tr {
    ($id:literal) => {
        $crate::text($id)
    };
    ($id:literal, $($name:ident = $value:expr),+ $(,)?) => {{
        let mut args = $crate::FluentArgs::new();
        $(args.set(stringify!($name), $value);)+
        $crate::text_with($id, &args)
    }};
}

#[cfg(test)]
mod tests;
