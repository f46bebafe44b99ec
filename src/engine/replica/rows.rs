//! How a row of the store is kept: its JSON deflated and sealed, a keyed digest to tell whether
//! it changed, and the blind index terms search finds it by. One key opens a store; the index
//! and digest keys are derived from it, so none reveals another.

use aws_lc_rs::hmac;

use super::sealed::{self, SealError, SealKey};

/// Letters of a word indexed at most: longer words are found by their first ones.
pub const MAX_TERM_CHARS: usize = 32;

pub struct RowKeys {
    seal: SealKey,
    index: hmac::Key,
}

impl RowKeys {
    pub fn new(seal: SealKey) -> RowKeys {
        let index = hmac::Key::new(
            hmac::HMAC_SHA256,
            seal.derive(b"leasedesk store index v1").as_ref(),
        );
        RowKeys { seal, index }
    }

    /// `json` deflated and sealed for `place` ("cases/C-100231").
    pub fn seal(&self, place: &str, json: &[u8]) -> Result<Vec<u8>, SealError> {
        let deflated = deflate(json).map_err(|_| SealError::WrongKeyOrDamaged)?;
        sealed::seal_row(&self.seal, place.as_bytes(), &deflated)
    }

    /// What [`RowKeys::seal`] made for `place`, as JSON of at most `max` bytes; `None` when it
    /// does not open (another key, damaged, moved) or is larger.
    pub fn open(
        &self,
        place: &str,
        body: &[u8],
        max: usize,
    ) -> Option<zeroize::Zeroizing<Vec<u8>>> {
        use std::io::Read;
        let deflated = sealed::open_row(&self.seal, place.as_bytes(), body).ok()?;
        let mut json = zeroize::Zeroizing::new(Vec::new());
        let limit = u64::try_from(max).ok()?.saturating_add(1);
        flate2::read::DeflateDecoder::new(deflated.as_slice())
            .take(limit)
            .read_to_end(&mut json)
            .ok()?;
        (json.len() <= max).then_some(json)
    }

    /// A keyed digest of `json`: equal digests, same row, nothing to write.
    pub fn digest(&self, json: &[u8]) -> i64 {
        let tag = hmac::sign(&self.index, &[b"row\0".as_slice(), json].concat());
        let mut eight = [0u8; 8];
        eight.copy_from_slice(&tag.as_ref()[..8]);
        i64::from_le_bytes(eight)
    }

    /// What a row is found by when its natural key says something (a case number, a kept
    /// answer's key "case/C-100231/activities"): a keyed hash, `kind` telling the uses apart.
    pub fn lookup(&self, kind: u8, text: &str) -> i64 {
        let mut ctx = hmac::Context::with_key(&self.index);
        ctx.update(&[b'k', kind, 0]);
        ctx.update(text.as_bytes());
        let tag = ctx.sign();
        let mut eight = [0u8; 8];
        eight.copy_from_slice(&tag.as_ref()[..8]);
        i64::from_le_bytes(eight)
    }

    /// The index term of `text` in `field` ('w' any word, 'f' first name, 'l' last name):
    /// "t" and 16 hex digits of its keyed hash.
    pub fn term(&self, field: u8, text: &str) -> String {
        let mut ctx = hmac::Context::with_key(&self.index);
        ctx.update(&[field, 0]);
        ctx.update(text.as_bytes());
        let tag = ctx.sign();
        let mut out = String::with_capacity(17);
        out.push('t');
        for b in &tag.as_ref()[..8] {
            out.push_str(&format!("{b:02x}"));
        }
        out
    }

    /// The terms of every prefix of `word` (folded, at most [`MAX_TERM_CHARS`] letters).
    pub fn prefix_terms(&self, field: u8, word: &str, into: &mut Vec<String>) {
        let word = fold(word);
        for (end, _) in word.char_indices().skip(1).chain([(word.len(), ' ')]) {
            if end > 0 {
                into.push(self.term(field, &word[..end]));
            }
        }
    }

    /// The term a typed word (or name) is looked up by.
    pub fn query_term(&self, field: u8, typed: &str) -> String {
        self.term(field, &fold(typed))
    }
}

/// A word as it is indexed and looked up: lower case, accents dropped ("Zoë" is "zoe"), at
/// most [`MAX_TERM_CHARS`] letters.
fn fold(word: &str) -> String {
    let decomposed = icu_normalizer::DecomposingNormalizerBorrowed::new_nfd().normalize(word);
    decomposed
        .chars()
        .filter(|c| !('\u{300}'..='\u{36f}').contains(c))
        .flat_map(char::to_lowercase)
        .take(MAX_TERM_CHARS)
        .collect()
}

pub fn deflate(json: &[u8]) -> std::io::Result<Vec<u8>> {
    use std::io::Write;
    let mut encoder = flate2::write::DeflateEncoder::new(
        Vec::with_capacity(json.len() / 3),
        flate2::Compression::fast(),
    );
    encoder.write_all(json)?;
    encoder.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_open_only_in_their_place_and_with_their_key() {
        let keys = RowKeys::new(SealKey::generate().unwrap());
        let body = keys.seal("cases/C-1", b"{\"firstName\":\"Ruth\"}").unwrap();
        assert!(!body.windows(4).any(|w| w == b"Ruth"));
        assert_eq!(
            keys.open("cases/C-1", &body, 1000).unwrap().as_slice(),
            b"{\"firstName\":\"Ruth\"}"
        );
        assert!(keys.open("cases/C-2", &body, 1000).is_none(), "moved row");
        assert!(keys.open("cases/C-1", &body, 5).is_none(), "over the size");
        let other = RowKeys::new(SealKey::generate().unwrap());
        assert!(other.open("cases/C-1", &body, 1000).is_none(), "other key");
        assert!(keys.open("cases/C-1", b"short", 1000).is_none());
    }

    #[test]
    fn terms_are_keyed_and_cover_every_prefix() {
        let keys = RowKeys::new(SealKey::generate().unwrap());
        let mut terms = Vec::new();
        keys.prefix_terms(b'w', "Zoë", &mut terms);
        assert_eq!(terms.len(), 3);
        assert_eq!(terms[0], keys.query_term(b'w', "z"));
        assert_eq!(terms[2], keys.query_term(b'w', "ZOË"));
        assert_eq!(terms[2], keys.query_term(b'w', "zoe"), "accents dropped");
        assert_ne!(keys.query_term(b'f', "z"), keys.query_term(b'w', "z"));
        let other = RowKeys::new(SealKey::generate().unwrap());
        assert_ne!(other.query_term(b'w', "z"), terms[0]);
        assert!(terms.iter().all(|t| t.len() == 17 && t.starts_with('t')));
    }
}
