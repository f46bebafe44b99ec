//! How a row of the store is kept: its JSON deflated and sealed, a keyed digest to tell whether
//! it changed, and a keyed hash of what a row is found by. One key opens a store; the hashing
//! key is derived from it, so neither reveals the other.

use std::cell::RefCell;

use aws_lc_rs::hmac;
use flate2::{Compress, Compression, FlushCompress, Status};
use zeroize::Zeroizing;

use super::sealed::{self, SealError, SealKey};

/// Letters of a word search keeps at most: longer words are found by their first ones.
pub const MAX_WORD_CHARS: usize = 32;

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
    pub fn open(&self, place: &str, body: &[u8], max: usize) -> Option<Zeroizing<Vec<u8>>> {
        let deflated = sealed::open_row(&self.seal, place.as_bytes(), body).ok()?;
        inflate(&deflated, max)
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

    /// `plain` sealed for `place` as it is (small rows: what search finds a case by), padded
    /// to a multiple of [`PAD`] bytes so its length says little about what it holds.
    pub fn seal_padded(&self, place: &str, plain: &[u8]) -> Result<Vec<u8>, SealError> {
        let mut padded = Zeroizing::new(Vec::with_capacity(plain.len().div_ceil(PAD) * PAD + PAD));
        padded.extend_from_slice(plain);
        padded.push(0xff);
        let whole = padded.len().div_ceil(PAD) * PAD;
        padded.resize(whole, 0);
        sealed::seal_row(&self.seal, place.as_bytes(), &padded)
    }

    /// What [`RowKeys::seal_padded`] sealed for `place`, without its padding.
    pub fn open_padded(&self, place: &str, body: &[u8]) -> Option<Zeroizing<Vec<u8>>> {
        let mut plain = sealed::open_row(&self.seal, place.as_bytes(), body).ok()?;
        let end = plain.iter().rposition(|&b| b != 0)?;
        (plain[end] == 0xff).then(|| {
            plain.truncate(end);
            plain
        })
    }
}

/// What a padded row's length is rounded up to.
const PAD: usize = 64;

/// A word as search keeps and matches it: lower case, accents dropped ("Zoë" is "zoe"), at
/// most [`MAX_WORD_CHARS`] letters.
pub fn fold(word: &str) -> String {
    let decomposed = icu_normalizer::DecomposingNormalizerBorrowed::new_nfd().normalize(word);
    decomposed
        .chars()
        .filter(|c| !('\u{300}'..='\u{36f}').contains(c))
        .flat_map(char::to_lowercase)
        .take(MAX_WORD_CHARS)
        .collect()
}

thread_local! {
    // A window opens tens of thousands of rows: a (de)compressor's state weighs tens of
    // kilobytes, so each thread keeps one and resets it rather than making one per row.
    static DEFLATER: RefCell<Compress> = RefCell::new(Compress::new(Compression::fast(), false));
    static INFLATER: RefCell<Box<miniz_oxide::inflate::core::DecompressorOxide>> =
        RefCell::new(Box::default());
}

pub fn deflate(json: &[u8]) -> std::io::Result<Vec<u8>> {
    DEFLATER.with_borrow_mut(|deflater| {
        deflater.reset();
        // Deflate's worst case is a few bytes per 16 KiB block over the input.
        let mut out = Vec::with_capacity(json.len() + json.len() / 1000 + 64);
        match deflater.compress_vec(json, &mut out, FlushCompress::Finish) {
            Ok(Status::StreamEnd) => Ok(out),
            _ => Err(std::io::Error::other("deflate did not finish")),
        }
    })
}

/// `deflated` inflated, if it is whole deflate of at most `max` bytes.
fn inflate(deflated: &[u8], max: usize) -> Option<Zeroizing<Vec<u8>>> {
    use miniz_oxide::inflate::TINFLStatus;
    use miniz_oxide::inflate::core::{decompress, inflate_flags};
    INFLATER.with_borrow_mut(|state| {
        state.init();
        // JSON deflates about fourfold; growing the buffer leaves a copy of the plaintext
        // behind, so it is sized once and grown only for an unusual row.
        let mut room = deflated
            .len()
            .saturating_mul(6)
            .max(256)
            .min(max.saturating_add(1));
        let mut json = Zeroizing::new(vec![0u8; room]);
        let (mut read, mut written) = (0usize, 0usize);
        loop {
            let (status, used, made) = decompress(
                state,
                deflated.get(read..)?,
                &mut json,
                written,
                inflate_flags::TINFL_FLAG_USING_NON_WRAPPING_OUTPUT_BUF,
            );
            read = read.checked_add(used)?;
            written = written.checked_add(made)?;
            match status {
                TINFLStatus::Done if written <= max => {
                    json.truncate(written);
                    return Some(json);
                }
                TINFLStatus::HasMoreOutput if room <= max => {
                    room = room.saturating_mul(2).min(max.saturating_add(1));
                    let mut bigger = Zeroizing::new(vec![0u8; room]);
                    bigger
                        .get_mut(..written)?
                        .copy_from_slice(json.get(..written)?);
                    json = bigger;
                }
                _ => return None,
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_larger_than_its_first_buffer_opens_whole_and_a_cut_one_does_not() {
        let keys = RowKeys::new(SealKey::generate().unwrap());
        // Repetitive text deflates far more than fourfold: the buffer must grow.
        let json: Vec<u8> = std::iter::repeat_n(b"{\"note\":\"call back\"}", 4000)
            .flatten()
            .copied()
            .collect();
        let body = keys.seal("cases/C-9", &json).unwrap();
        assert!(body.len() * 20 < json.len(), "deflated well");
        assert_eq!(
            keys.open("cases/C-9", &body, json.len())
                .unwrap()
                .as_slice(),
            json
        );
        assert!(keys.open("cases/C-9", &body, json.len() - 1).is_none());
        let deflated = deflate(&json).unwrap();
        assert!(inflate(&deflated[..deflated.len() / 2], usize::MAX).is_none());
        assert_eq!(inflate(&deflated, usize::MAX).unwrap().as_slice(), json);
        // Rows opened one after another share the inflater: each starts afresh.
        let small = keys.seal("cases/C-1", b"{}").unwrap();
        assert!(
            keys.open("cases/C-9", &body[..body.len() - 1], 1 << 20)
                .is_none()
        );
        assert_eq!(
            keys.open("cases/C-1", &small, 10).unwrap().as_slice(),
            b"{}"
        );
    }

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
    fn padded_rows_hide_their_length_and_open_whole() {
        let keys = RowKeys::new(SealKey::generate().unwrap());
        let short = keys.seal_padded("words/1", b"ann").unwrap();
        let longer = keys
            .seal_padded("words/1", b"annabelle lee 6145550142")
            .unwrap();
        assert_eq!(short.len(), longer.len(), "both within one padding step");
        assert_eq!(
            keys.open_padded("words/1", &short).unwrap().as_slice(),
            b"ann"
        );
        assert_eq!(
            keys.open_padded("words/1", &longer).unwrap().as_slice(),
            b"annabelle lee 6145550142"
        );
        let exact = [b'x'; 63];
        let body = keys.seal_padded("words/1", &exact).unwrap();
        assert_eq!(
            keys.open_padded("words/1", &body).unwrap().as_slice(),
            exact
        );
        assert!(keys.open_padded("words/2", &short).is_none(), "moved row");
        assert_eq!(fold("ZOË"), "zoe", "accents dropped");
    }
}
