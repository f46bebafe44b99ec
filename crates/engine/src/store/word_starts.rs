//! Which cases have a word beginning so: for each case held for search, a 32-bit hash of the
//! first three letters of each of its words (and of the first eight and ten of the long ones),
//! with the case's place among the held cases, in one sorted list. A typed word of three letters
//! or more goes straight to the few cases having its beginning instead of passing over every
//! case. Held in memory only, beside the words it was made from (the file keeps no index, see
//! docs/decisions.md "Search in the store: no index in the file").

/// Letters of a word's beginning looked up, fewest first: every word by its first three, long
/// ones also by eight and by ten (a phone's digits, so a number nobody has is answered at once).
const LETTERS: [usize; 3] = [3, 8, 10];

/// Cases replaced since the sorted list was made are looked up in a short unsorted list, merged
/// into the sorted one when it grows past this share of it (or this many).
const RECENT_SHARE: usize = 8;
const RECENT_MIN: usize = 4096;

/// FNV-1a: a fast hash of a word's beginning, for memory only (nothing keyed is at stake).
pub(super) fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The first `letters` letters of `word`, if it has that many.
fn beginning(word: &str, letters: usize) -> Option<&str> {
    match word.char_indices().nth(letters) {
        Some((end, _)) => Some(&word[..end]),
        None => (word.chars().count() == letters).then_some(word),
    }
}

fn key(beginning: &str, letters: usize) -> u32 {
    let hash = fnv(beginning.as_bytes()) ^ (letters as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    (hash ^ (hash >> 32)) as u32
}

/// The key a typed word is looked up by: its longest beginning kept (ten, eight or three
/// letters); none for a shorter word (those are found by passing over every case).
pub(super) fn key_of_typed(word: &str) -> Option<u32> {
    LETTERS
        .iter()
        .rev()
        .find_map(|&letters| beginning(word, letters).map(|b| key(b, letters)))
}

/// Each key a case's words are found under, with its place, once each.
fn postings(place: u32, words: &str, out: &mut Vec<u64>) {
    let mut mine: Vec<u64> = words
        .split([' ', '\n'])
        .flat_map(|word| {
            LETTERS
                .into_iter()
                .filter_map(move |letters| beginning(word, letters).map(|b| key(b, letters)))
        })
        .map(|key| u64::from(key) << 32 | u64::from(place))
        .collect();
    mine.sort_unstable();
    mine.dedup();
    out.append(&mut mine);
}

#[derive(Default)]
pub(super) struct WordStarts {
    /// `key << 32 | place`, sorted.
    sorted: Vec<u64>,
    /// Postings of cases put again since `sorted` was made. Their old postings stay in `sorted`:
    /// a place found by an old word is checked against the case's words and passed over.
    recent: Vec<u64>,
}

impl WordStarts {
    /// Made from every held case's words, in place order.
    pub fn of<'a>(cases: impl Iterator<Item = &'a str>) -> WordStarts {
        let mut sorted = Vec::new();
        for (place, words) in cases.enumerate() {
            postings(u32::try_from(place).unwrap_or(u32::MAX), words, &mut sorted);
        }
        sorted.sort_unstable();
        sorted.shrink_to_fit();
        WordStarts {
            sorted,
            recent: Vec::new(),
        }
    }

    /// A case put at `place` (again, or new at the end).
    pub fn add(&mut self, place: usize, words: &str) {
        let place = u32::try_from(place).unwrap_or(u32::MAX);
        postings(place, words, &mut self.recent);
        if self.recent.len() > RECENT_MIN.max(self.sorted.len() / RECENT_SHARE) {
            self.sorted.append(&mut self.recent);
            self.sorted.sort_unstable();
            self.sorted.dedup();
        }
    }

    fn range(&self, key: u32) -> &[u64] {
        let low = u64::from(key) << 32;
        let from = self.sorted.partition_point(|&p| p < low);
        let to = self.sorted.partition_point(|&p| p >> 32 <= u64::from(key));
        &self.sorted[from..to]
    }

    /// How many places `key` leads to (an upper bound: old and colliding ones included).
    pub fn count(&self, key: u32) -> usize {
        self.range(key).len()
            + self
                .recent
                .iter()
                .filter(|&&p| (p >> 32) as u32 == key)
                .count()
    }

    /// The places `key` leads to, in order, once each, read as they are asked for (a question
    /// stops at its limit, however many cases share a beginning).
    pub fn places(&self, key: u32) -> impl Iterator<Item = usize> + '_ {
        let place = |p: u64| (p & u64::from(u32::MAX)) as usize;
        let mut recent: Vec<usize> = self
            .recent
            .iter()
            .filter(|&&p| (p >> 32) as u32 == key)
            .map(|&p| place(p))
            .collect();
        recent.sort_unstable();
        let mut sorted = self.range(key).iter().map(move |&p| place(p)).peekable();
        let mut recent = recent.into_iter().peekable();
        let mut last = None;
        std::iter::from_fn(move || {
            loop {
                let next = match (sorted.peek(), recent.peek()) {
                    (Some(&a), Some(&b)) if b < a => recent.next(),
                    (Some(_), _) => sorted.next(),
                    (None, _) => recent.next(),
                }?;
                if last != Some(next) {
                    last = Some(next);
                    return Some(next);
                }
            }
        })
    }

    pub fn bytes(&self) -> usize {
        (self.sorted.capacity() + self.recent.capacity()) * std::mem::size_of::<u64>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_typed_word_leads_to_every_case_having_its_beginning() {
        let cases = ["ann lee", "anna ray 6145550142", "bea poe", "annabelle zoe"];
        let starts = WordStarts::of(cases.iter().copied());
        let find = |typed: &str| {
            starts
                .places(key_of_typed(typed).unwrap())
                .collect::<Vec<_>>()
        };
        assert_eq!(find("ann"), vec![0, 1, 3]);
        assert_eq!(
            find("anna"),
            vec![0, 1, 3],
            "by three letters: checked after"
        );
        assert_eq!(find("annabell"), vec![3], "by eight");
        assert_eq!(find("6145550142"), vec![1]);
        assert_eq!(find("6145550143"), Vec::<usize>::new(), "by ten");
        assert!(find("xyz").is_empty());
        assert_eq!(key_of_typed("an"), None, "two letters pass over every case");
        assert_eq!(
            key_of_typed("żół"),
            Some(key("żół", 3)),
            "letters, not bytes"
        );
    }

    #[test]
    fn a_case_put_again_is_found_by_its_new_words() {
        let mut starts = WordStarts::of(["ann lee", "bea poe"].into_iter());
        starts.add(1, "cleo poe");
        starts.add(2, "cleopatra nile");
        let cle = key_of_typed("cle").unwrap();
        let places = |key| starts.places(key).collect::<Vec<_>>();
        assert_eq!(places(cle), vec![1, 2]);
        assert_eq!(starts.count(cle), 2);
        assert_eq!(
            places(key_of_typed("bea").unwrap()),
            vec![1],
            "the old word still leads there, to be checked against the words"
        );
        for place in 3..6000 {
            starts.add(place, "filler words");
        }
        assert!(starts.recent.len() < 6000, "merged as it grew");
        assert_eq!(starts.places(cle).collect::<Vec<_>>(), vec![1, 2]);
    }
}
