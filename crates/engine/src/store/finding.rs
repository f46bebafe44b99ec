//! What search finds a case by: its words, folded (names, phones as written and as digits,
//! emails, the case number), sealed in a row beside the case's and held in memory once a search
//! needs them. The file keeps no index of words: nothing in it says which cases share a word,
//! or how many hold one. See docs/decisions.md ("Search in the store: no index in the file").

use zeroize::Zeroize;

use super::rows::fold;
use super::word_starts::{WordStarts, fnv, key_of_typed};
use crate::api::model::{SearchCase, SearchIndividual};

/// People of a case whose words are kept at most, and letters of each of their fields.
const MAX_PEOPLE: usize = 50;
const MAX_FIELD_CHARS: usize = 200;

/// A case's words as search matches them: by person, as the service's search finds a case
/// when one of its people has every typed word (in a name, a phone or an email), never by words
/// spread over two people; the case number is every person's word too.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Findable {
    /// Each person's words, folded, once each, space-separated; a line per person.
    words: Box<str>,
    /// The primary person's first and last names, folded whole (the filters' own fields).
    first: Box<str>,
    last: Box<str>,
}

/// The words of `text`: runs of letters and digits.
pub(super) fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|t| !t.is_empty())
}

impl Findable {
    pub fn of(case: &SearchCase) -> Findable {
        let capped = |s: &str| s.chars().take(MAX_FIELD_CHARS).collect::<String>();
        let number: Vec<String> = words(&capped(&case.primary.case_number))
            .map(fold)
            .collect();
        let mut people: Vec<String> = Vec::new();
        for person in std::iter::once(&case.primary)
            .chain(&case.relationships)
            .take(MAX_PEOPLE)
        {
            let SearchIndividual {
                individual_name,
                first_name,
                last_name,
                home_phone_format,
                mobile_phone_format,
                work_phone_format,
                email,
                ..
            } = person;
            let mut mine: Vec<String> = number.clone();
            let mut add = |text: &str| mine.extend(words(&capped(text)).map(fold));
            for text in [individual_name, first_name, last_name] {
                add(text);
            }
            for phone in [home_phone_format, mobile_phone_format, work_phone_format] {
                add(phone);
                let digits: String = capped(phone).chars().filter(char::is_ascii_digit).collect();
                add(&digits);
            }
            if let Some(email) = email {
                add(email);
            }
            mine.sort_unstable();
            mine.dedup();
            people.push(mine.join(" "));
        }
        let whole = |name: &str| fold(name.trim()).replace('\0', "").into_boxed_str();
        Findable {
            words: people.join("\n").into_boxed_str(),
            first: whole(&case.primary.first_name),
            last: whole(&case.primary.last_name),
        }
    }

    /// As sealed in the case's row: the three fields, NUL between them.
    pub fn to_bytes(&self) -> zeroize::Zeroizing<Vec<u8>> {
        let mut out = Vec::with_capacity(self.words.len() + self.first.len() + self.last.len() + 2);
        for (i, field) in [&self.words, &self.first, &self.last].iter().enumerate() {
            if i > 0 {
                out.push(0);
            }
            out.extend_from_slice(field.as_bytes());
        }
        zeroize::Zeroizing::new(out)
    }

    pub fn from_bytes(bytes: &[u8]) -> Option<Findable> {
        let text = std::str::from_utf8(bytes).ok()?;
        let mut fields = text.split('\0');
        let found = Findable {
            words: fields.next()?.into(),
            first: fields.next()?.into(),
            last: fields.next()?.into(),
        };
        fields.next().is_none().then_some(found)
    }

    /// `spaced`: each typed word with a space before it, as it stands inside `words` when it
    /// begins a word there (one substring search a word, not a walk over every word).
    fn matches(&self, asked: &Asked, spaced: &[String]) -> bool {
        let one_person_has_all = |person: &str| {
            asked.words.iter().zip(spaced).all(|(typed, spaced)| {
                person.starts_with(typed.as_str()) || person.contains(spaced.as_str())
            })
        };
        (asked.words.is_empty() || self.words.split('\n').any(one_person_has_all))
            && asked
                .first
                .as_ref()
                .is_none_or(|f| self.first.starts_with(f.as_str()))
            && asked
                .last
                .as_ref()
                .is_none_or(|l| self.last.starts_with(l.as_str()))
    }
}

impl Drop for Findable {
    fn drop(&mut self) {
        // Names leave memory when they are no longer needed (a sync replaces thousands).
        for field in [&mut self.words, &mut self.first, &mut self.last] {
            field.zeroize();
        }
    }
}

/// What a search asks, folded as the words are kept.
#[derive(Debug, Default)]
pub(super) struct Asked {
    pub words: Vec<String>,
    pub first: Option<String>,
    pub last: Option<String>,
    pub kind: Option<i64>,
}

impl Asked {
    pub fn is_everyone(&self) -> bool {
        self.words.is_empty() && self.first.is_none() && self.last.is_none()
    }
}

struct Entry {
    id: i64,
    number_key: i64,
    kind: i64,
    findable: Findable,
}

/// Which beginnings a case's words have, as bits: each word's first letter, first two and first
/// three letters, hashed to one of 32, 48 and 48 bits. A case lacking the bits of a typed word
/// cannot match it, so most cases are passed over on 16 bytes without reading their words (a
/// keystroke reads 1.6 MB of them for 100,000 cases).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Beginnings([u64; 2]);

impl Beginnings {
    fn of_words(words: &str) -> Beginnings {
        let mut bits = Beginnings::default();
        for word in words.split([' ', '\n']).filter(|w| !w.is_empty()) {
            bits.add(word);
        }
        bits
    }

    fn add(&mut self, word: &str) {
        let ends = word
            .char_indices()
            .map(|(i, _)| i)
            .skip(1)
            .chain([word.len()]);
        for (letters, end) in ends.take(3).enumerate() {
            let hash = fnv(&word.as_bytes()[..end]);
            let bit = match letters {
                0 => hash % 32,
                1 => 32 + hash % 48,
                _ => 80 + hash % 48,
            } as usize;
            self.0[bit / 64] |= 1 << (bit % 64);
        }
    }

    fn holds(&self, needed: &Beginnings) -> bool {
        self.0
            .iter()
            .zip(needed.0)
            .all(|(have, need)| have & need == need)
    }
}

/// Every kept case's words, in the order the cases were first kept (their row ids).
#[derive(Default)]
pub(super) struct SearchIndex {
    entries: Vec<Entry>,
    /// Each entry's [`Beginnings`], in the same order, scanned before any entry's words.
    beginnings: Vec<Beginnings>,
    /// Which entries have a word beginning so, made at the first question ([`Self::prepare`]).
    starts: Option<WordStarts>,
}

impl SearchIndex {
    /// Adds a case's words, or replaces them (`id` is its row).
    pub fn put(&mut self, id: i64, number_key: i64, kind: i64, findable: Findable) {
        let beginnings = Beginnings::of_words(&findable.words);
        let entry = Entry {
            id,
            number_key,
            kind,
            findable,
        };
        match self.entries.binary_search_by_key(&id, |e| e.id) {
            Ok(at) => {
                if let Some(starts) = &mut self.starts {
                    starts.add(at, &entry.findable.words);
                }
                self.entries[at] = entry;
                self.beginnings[at] = beginnings;
            }
            Err(at) => {
                match &mut self.starts {
                    Some(starts) if at == self.entries.len() => {
                        starts.add(at, &entry.findable.words);
                    }
                    // Every later entry moves: made again at the next question.
                    _ => self.starts = None,
                }
                self.entries.insert(at, entry);
                self.beginnings.insert(at, beginnings);
            }
        }
    }

    /// Makes what questions go straight to their cases by, if it is not made yet.
    pub fn prepare(&mut self) {
        if self.starts.is_none() {
            self.starts = Some(WordStarts::of(
                self.entries.iter().map(|e| &*e.findable.words),
            ));
        }
    }

    /// The rows (id, number key) each of `asked` finds, at most `limit` each, in row order.
    /// A question having a word of three letters or more looks only at the entries having that
    /// word's beginning (its rarest word's, once [`Self::prepare`]d); the others are answered
    /// together in one walk over every entry.
    pub fn matching_each(&self, asked: &[Asked], limit: usize) -> Vec<Vec<(i64, i64)>> {
        let prepared: Vec<(Beginnings, Vec<String>)> = asked
            .iter()
            .map(|a| {
                let mut needed = Beginnings::default();
                for word in &a.words {
                    needed.add(word);
                }
                let spaced = a.words.iter().map(|w| format!(" {w}")).collect();
                (needed, spaced)
            })
            .collect();
        let finds = |at: usize, a: &Asked, (needed, spaced): &(Beginnings, Vec<String>)| {
            let e = &self.entries[at];
            self.beginnings[at].holds(needed)
                && a.kind.is_none_or(|k| e.kind == k)
                && e.findable.matches(a, spaced)
        };
        let mut found: Vec<Vec<(i64, i64)>> = vec![Vec::new(); asked.len()];
        let mut walked = Vec::new();
        for (q, a) in asked.iter().enumerate() {
            let rarest = self.starts.as_ref().and_then(|starts| {
                a.words
                    .iter()
                    .filter_map(|w| key_of_typed(w))
                    .map(|key| (starts.count(key), key))
                    .min()
                    .map(|(_, key)| starts.places(key))
            });
            match rarest {
                Some(places) => {
                    found[q] = places
                        .filter(|&at| at < self.entries.len() && finds(at, a, &prepared[q]))
                        .take(limit)
                        .map(|at| (self.entries[at].id, self.entries[at].number_key))
                        .collect();
                }
                None => walked.push(q),
            }
        }
        let mut open = walked.len();
        for at in 0..self.entries.len() {
            if open == 0 || limit == 0 {
                break;
            }
            for &q in &walked {
                if found[q].len() < limit && finds(at, &asked[q], &prepared[q]) {
                    found[q].push((self.entries[at].id, self.entries[at].number_key));
                    if found[q].len() == limit {
                        open -= 1;
                    }
                }
            }
        }
        found
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// What it holds in memory, in bytes (its entries and their words).
    pub fn bytes(&self) -> usize {
        self.entries.capacity() * std::mem::size_of::<Entry>()
            + self.beginnings.capacity() * std::mem::size_of::<Beginnings>()
            + self
                .entries
                .iter()
                .map(|e| e.findable.words.len() + e.findable.first.len() + e.findable.last.len())
                .sum::<usize>()
            + self.starts.as_ref().map_or(0, WordStarts::bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn case(number: &str, first: &str, last: &str, phone: &str) -> SearchCase {
        let mut case = crate::store::tests::fixture().remove(0);
        case.relationships.clear();
        case.primary.email = None;
        case.primary.mobile_phone_format.clear();
        case.primary.work_phone_format.clear();
        case.primary.case_number = number.into();
        case.primary.first_name = first.into();
        case.primary.last_name = last.into();
        case.primary.individual_name = format!("{first} {last}");
        case.primary.home_phone_format = phone.into();
        case
    }

    impl Findable {
        fn finds(&self, asked: &Asked) -> bool {
            let spaced: Vec<String> = asked.words.iter().map(|w| format!(" {w}")).collect();
            self.matches(asked, &spaced)
        }
    }

    fn asked(text: &str) -> Asked {
        Asked {
            words: words(text).map(fold).collect(),
            ..Asked::default()
        }
    }

    #[test]
    fn words_match_from_their_start_and_all_must_match() {
        let zoe = Findable::of(&case("C-17", "Zoë", "Hart-Ellison", "(614) 555-0142"));
        assert!(zoe.finds(&asked("zoe")), "accents folded");
        assert!(zoe.finds(&asked("ZO ell")));
        assert!(zoe.finds(&asked("6145550142")), "digits run together");
        assert!(zoe.finds(&asked("555")));
        assert!(zoe.finds(&asked("c 17")), "the case number");
        assert!(!zoe.finds(&asked("oe")), "not inside a word");
        assert!(!zoe.finds(&asked("zoe smith")), "every word");
        let named = |first: &str, last: &str| Asked {
            first: (!first.is_empty()).then(|| fold(first)),
            last: (!last.is_empty()).then(|| fold(last)),
            ..Asked::default()
        };
        assert!(zoe.finds(&named("zo", "")));
        assert!(zoe.finds(&named("", "hart-e")), "the last name whole");
        assert!(
            !zoe.finds(&named("hart", "")),
            "a first name is the first name"
        );
    }

    #[test]
    fn every_word_must_be_one_persons_as_the_service_matches() {
        let mut walter = case("C-9", "Walter", "Smith", "(614) 555-0100");
        let mut ann = walter.primary.clone();
        ann.first_name = "Ann".into();
        ann.last_name = "Hoff".into();
        ann.individual_name = "Ann Hoff".into();
        ann.home_phone_format = "(740) 555-0199".into();
        ann.email = Some("ann.hoff@example.com".into());
        walter.relationships = vec![ann];
        let found = Findable::of(&walter);
        assert!(found.finds(&asked("walter smith")));
        assert!(found.finds(&asked("ann hoff")), "a relative's own words");
        assert!(
            found.finds(&asked("hoff example")),
            "her name and her email"
        );
        assert!(
            found.finds(&asked("hoff c 9")),
            "the case number is everyone's"
        );
        assert!(
            !found.finds(&asked("walter hoff")),
            "two people's words together"
        );
        assert!(
            !found.finds(&asked("ann 6145550100")),
            "her name, his phone"
        );
    }

    #[test]
    fn a_case_lacking_a_typed_beginning_is_passed_over_and_one_having_it_is_not() {
        let zoe = Findable::of(&case("C-17", "Zoë", "Hart", ""));
        let have = Beginnings::of_words(&zoe.words);
        let needs = |typed: &str| {
            let mut b = Beginnings::default();
            b.add(typed);
            b
        };
        for typed in ["z", "zo", "zoe", "zoeee", "h", "har", "hart", "c", "17"] {
            assert!(have.holds(&needs(typed)), "{typed}");
        }
        let passed_over = ["q", "x", "ya", "hb", "zz", "harx"]
            .into_iter()
            .filter(|typed| !have.holds(&needs(typed)))
            .count();
        assert!(passed_over >= 4, "most beginnings it lacks rule it out");
    }

    #[test]
    fn sealed_bytes_read_back_and_nothing_else_does() {
        let zoe = Findable::of(&case("C-17", "Zoë", "Hart", ""));
        assert_eq!(Findable::from_bytes(&zoe.to_bytes()), Some(zoe));
        assert_eq!(Findable::from_bytes(b"only words"), None);
        assert_eq!(Findable::from_bytes(b"a\0b\0c\0d"), None);
        assert_eq!(Findable::from_bytes(&[0xff, 0, 0]), None);
    }

    #[test]
    fn the_index_keeps_row_order_replaces_a_case_and_counts_past_the_limit() {
        let mut index = SearchIndex::default();
        index.put(3, 30, 1, Findable::of(&case("3", "Ann", "Lee", "")));
        index.put(1, 10, 1, Findable::of(&case("1", "Anna", "Ray", "")));
        index.put(2, 20, 2, Findable::of(&case("2", "Annie", "Poe", "")));
        let found = index.matching_each(
            &[
                asked("ann"),
                Asked {
                    kind: Some(1),
                    ..asked("ann")
                },
                asked("lee"),
            ],
            2,
        );
        assert_eq!(found[0], vec![(1, 10), (2, 20)], "the limit");
        assert_eq!(found[1], vec![(1, 10), (3, 30)], "of a kind");
        assert_eq!(found[2], vec![(3, 30)]);
        index.put(3, 30, 1, Findable::of(&case("3", "Bea", "Lee", "")));
        assert_eq!(
            index.matching_each(&[asked("ann")], 5)[0],
            vec![(1, 10), (2, 20)]
        );
        assert_eq!(index.len(), 3);
    }

    #[test]
    fn questions_find_the_same_rows_straight_and_by_walking() {
        let names = [
            "Ann",
            "Anna",
            "Annabelle",
            "Bea",
            "Walter",
            "Walt",
            "Zoë",
            "Ray",
        ];
        let mut walking = SearchIndex::default();
        for i in 0..400_i64 {
            let first = names[(i % 8) as usize];
            let last = format!("Hoffman{}", i % 13);
            let phone = format!("(614) 555-{:04}", i * 7 % 10_000);
            let findable = Findable::of(&case(&format!("C-{i}"), first, &last, &phone));
            walking.put(i * 2, i, i % 3, findable);
        }
        let mut straight = SearchIndex::default();
        for e in &walking.entries {
            straight.put(e.id, e.number_key, e.kind, e.findable.clone());
        }
        straight.prepare();
        // One put between others moves every later entry: made again.
        for index in [&mut walking, &mut straight] {
            index.put(1, 0, 0, Findable::of(&case("C-0", "Annie", "First", "")));
        }
        assert!(straight.starts.is_none());
        straight.prepare();
        // Replaced and added after it was made, the way a sync puts cases.
        for index in [&mut walking, &mut straight] {
            index.put(10, 5, 0, Findable::of(&case("C-5", "Cleo", "Hoffman5", "")));
            index.put(
                9_999,
                9_999,
                0,
                Findable::of(&case("C-9", "Anna", "Zed", "")),
            );
        }
        assert!(straight.starts.is_some());
        let questions = [
            "ann",
            "anna hoffman1",
            "hoffman12",
            "walt hoffman3",
            "6145550",
            "61455500",
            "zoe",
            "cleo",
            "bea 614",
            "an",
            "c 17",
            "hoffman",
            "nobody",
            "annie",
        ];
        let asked_all: Vec<Asked> = questions.iter().map(|q| asked(q)).collect();
        let kinds = Asked {
            kind: Some(1),
            ..asked("hoffman")
        };
        for limit in [0, 1, 7, 1000] {
            let by_walking = walking.matching_each(&asked_all, limit);
            assert_eq!(straight.matching_each(&asked_all, limit), by_walking);
            assert_eq!(
                straight.matching_each(std::slice::from_ref(&kinds), limit),
                walking.matching_each(std::slice::from_ref(&kinds), limit)
            );
        }
        let found = straight.matching_each(&asked_all, 1000);
        assert!(found[0].len() > 100 && found[5].len() < found[4].len());
        assert_eq!(found[7], vec![(10, 5)], "the replaced case by its new name");
        assert!(
            !straight.matching_each(&[asked("walter hoffman5")], 1000)[0].contains(&(10, 5)),
            "not by its old one"
        );
        assert!(found[12].is_empty());
    }
}
