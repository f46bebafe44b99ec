//! Which cases each write touched, in order, so a reader that worked something out case by
//! case can redo only those cases after a sync (My day's lead lists on a portal of 100,000
//! cases: a colleague's new lead is on this desk's lists within the frames after the sync that
//! brought it). Held in memory, never in the file; a write of unknown reach, or more cases than
//! are kept, moves the floor: a reader from before it works everything out again.

use std::collections::{HashSet, VecDeque};

/// Case numbers remembered at most; past them the oldest go and the floor moves up.
const KEPT: usize = 5_000;

#[derive(Debug, Default)]
pub(super) struct Touched {
    /// The last write's mark.
    last: u64,
    /// Marks at or below this are not all remembered.
    floor: u64,
    recent: VecDeque<(u64, String)>,
}

impl Touched {
    /// A write touched these cases.
    pub(super) fn cases<'a>(&mut self, numbers: impl IntoIterator<Item = &'a str>) {
        for number in numbers {
            self.last += 1;
            self.recent.push_back((self.last, number.to_owned()));
            if self.recent.len() > KEPT
                && let Some((mark, _)) = self.recent.pop_front()
            {
                self.floor = mark;
            }
        }
    }

    /// A write whose cases are not known (the first fill's end, a file swapped).
    pub(super) fn everything(&mut self) {
        self.last += 1;
        self.floor = self.last;
        self.recent.clear();
    }

    /// Where the writes stand now: what a reader keeps to ask [`Touched::since`] later.
    pub(super) fn mark(&self) -> u64 {
        self.last
    }

    /// The cases touched after `mark`; `None` when they are not all remembered.
    pub(super) fn since(&self, mark: u64) -> Option<HashSet<String>> {
        (mark >= self.floor).then(|| {
            self.recent
                .iter()
                .filter(|(m, _)| *m > mark)
                .map(|(_, number)| number.clone())
                .collect()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reader_gets_the_cases_touched_since_its_mark_until_they_are_too_many() {
        let mut t = Touched::default();
        t.cases(["C-1"]);
        let mark = t.mark();
        assert_eq!(t.since(mark), Some(HashSet::new()));
        t.cases(["C-2", "C-3", "C-2"]);
        let mut expected: HashSet<String> = ["C-2", "C-3"].map(String::from).into();
        assert_eq!(t.since(mark), Some(expected.clone()));
        assert!(t.since(0).is_some_and(|s| s.contains("C-1")));
        // A write of unknown reach: a reader from before it is told nothing is known.
        t.everything();
        assert_eq!(t.since(mark), None);
        let after = t.mark();
        t.cases(["C-4"]);
        expected = ["C-4"].map(String::from).into();
        assert_eq!(t.since(after), Some(expected));
        // More than are kept: the oldest go, and a reader from before them is told so.
        let before = t.mark();
        let many: Vec<String> = (0..KEPT + 1).map(|n| format!("N-{n}")).collect();
        t.cases(many.iter().map(String::as_str));
        assert_eq!(t.since(before), None);
        assert!(t.since(t.mark()).is_some());
    }
}
