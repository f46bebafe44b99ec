//! The store's file format: the whole SQLite image sealed with AES-256-GCM under a key
//! the OS keyring holds. `magic ‖ nonce ‖ ciphertext ‖ tag`; the magic is authenticated too.

use aws_lc_rs::aead::{AES_256_GCM, Aad, LessSafeKey, NONCE_LEN, Nonce, UnboundKey};
use aws_lc_rs::rand::{SecureRandom, SystemRandom};
use zeroize::Zeroizing;

const MAGIC: &[u8; 8] = b"LDCOPY1\0";
const KEY_LEN: usize = 32;

/// The key of one store. Kept out of logs and wiped when dropped.
#[derive(Clone)]
pub struct SealKey(Zeroizing<[u8; KEY_LEN]>);

impl std::fmt::Debug for SealKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SealKey(…)")
    }
}

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum SealError {
    #[error("the file is not an offline copy")]
    NotACopy,
    #[error("the file does not open with this computer's key (another key, or damaged)")]
    WrongKeyOrDamaged,
    #[error("no random numbers could be had")]
    Random,
}

impl SealKey {
    pub fn generate() -> Result<SealKey, SealError> {
        let mut bytes = Zeroizing::new([0u8; KEY_LEN]);
        SystemRandom::new()
            .fill(bytes.as_mut())
            .map_err(|_| SealError::Random)?;
        Ok(SealKey(bytes))
    }

    /// As kept in the keyring: 64 hex digits.
    pub fn to_hex(&self) -> Zeroizing<String> {
        Zeroizing::new(self.0.iter().map(|b| format!("{b:02x}")).collect())
    }

    pub fn from_hex(text: &str) -> Option<SealKey> {
        let text = text.trim();
        if text.len() != KEY_LEN * 2 || !text.is_ascii() {
            return None;
        }
        let mut bytes = Zeroizing::new([0u8; KEY_LEN]);
        for (i, byte) in bytes.iter_mut().enumerate() {
            *byte = u8::from_str_radix(text.get(i * 2..i * 2 + 2)?, 16).ok()?;
        }
        Some(SealKey(bytes))
    }

    /// A key for another use (`label`), derived so that neither reveals the other.
    pub fn derive(&self, label: &[u8]) -> Zeroizing<[u8; KEY_LEN]> {
        let mac = aws_lc_rs::hmac::sign(
            &aws_lc_rs::hmac::Key::new(aws_lc_rs::hmac::HMAC_SHA256, self.0.as_ref()),
            label,
        );
        let mut out = Zeroizing::new([0u8; KEY_LEN]);
        out.copy_from_slice(mac.as_ref());
        out
    }

    fn aead(&self) -> LessSafeKey {
        // A 32-byte key always makes an AES-256 key.
        LessSafeKey::new(UnboundKey::new(&AES_256_GCM, self.0.as_ref()).expect("32-byte key"))
    }
}

/// Seals `plain` under `key` with a fresh random nonce.
pub fn seal(key: &SealKey, plain: &[u8]) -> Result<Vec<u8>, SealError> {
    let mut nonce = [0u8; NONCE_LEN];
    SystemRandom::new()
        .fill(&mut nonce)
        .map_err(|_| SealError::Random)?;
    let mut out = Vec::with_capacity(MAGIC.len() + NONCE_LEN + plain.len() + 16);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&nonce);
    let mut body = plain.to_vec();
    key.aead()
        .seal_in_place_append_tag(
            Nonce::assume_unique_for_key(nonce),
            Aad::from(MAGIC),
            &mut body,
        )
        .map_err(|_| SealError::WrongKeyOrDamaged)?;
    out.extend_from_slice(&body);
    Ok(out)
}

/// Seals one row of the store: `nonce ‖ ciphertext ‖ tag`, bound to `place` (its table and
/// key), so a row moved to another place does not open there.
pub fn seal_row(key: &SealKey, place: &[u8], plain: &[u8]) -> Result<Vec<u8>, SealError> {
    let mut nonce = [0u8; NONCE_LEN];
    SystemRandom::new()
        .fill(&mut nonce)
        .map_err(|_| SealError::Random)?;
    let mut out = Vec::with_capacity(NONCE_LEN + plain.len() + 16);
    out.extend_from_slice(&nonce);
    out.extend_from_slice(plain);
    let mut body = out.split_off(NONCE_LEN);
    key.aead()
        .seal_in_place_append_tag(
            Nonce::assume_unique_for_key(nonce),
            Aad::from(place),
            &mut body,
        )
        .map_err(|_| SealError::WrongKeyOrDamaged)?;
    out.append(&mut body);
    Ok(out)
}

/// Opens what [`seal_row`] made for `place`; anything else is an error, never a panic.
pub fn open_row(
    key: &SealKey,
    place: &[u8],
    sealed: &[u8],
) -> Result<Zeroizing<Vec<u8>>, SealError> {
    if sealed.len() < NONCE_LEN {
        return Err(SealError::NotACopy);
    }
    let nonce =
        Nonce::try_assume_unique_for_key(&sealed[..NONCE_LEN]).map_err(|_| SealError::NotACopy)?;
    let mut body = Zeroizing::new(sealed[NONCE_LEN..].to_vec());
    let plain_len = key
        .aead()
        .open_in_place(nonce, Aad::from(place), &mut body)
        .map_err(|_| SealError::WrongKeyOrDamaged)?
        .len();
    body.truncate(plain_len);
    Ok(body)
}

/// Opens what [`seal`] made; anything else, or another key, is an error, never a panic.
pub fn open(key: &SealKey, sealed: &[u8]) -> Result<Zeroizing<Vec<u8>>, SealError> {
    let mut copy = sealed.to_vec();
    let range = open_in_place(key, &mut copy)?;
    copy.truncate(range.end);
    copy.drain(..range.start);
    Ok(Zeroizing::new(copy))
}

/// Opens `sealed` where it lies (no copy of a large file); returns where the plain text is.
pub fn open_in_place(
    key: &SealKey,
    sealed: &mut [u8],
) -> Result<std::ops::Range<usize>, SealError> {
    let rest = sealed.strip_prefix(MAGIC).ok_or(SealError::NotACopy)?;
    if rest.len() < NONCE_LEN {
        return Err(SealError::NotACopy);
    }
    let nonce =
        Nonce::try_assume_unique_for_key(&rest[..NONCE_LEN]).map_err(|_| SealError::NotACopy)?;
    let start = MAGIC.len() + NONCE_LEN;
    let plain_len = key
        .aead()
        .open_in_place(nonce, Aad::from(MAGIC), &mut sealed[start..])
        .map_err(|_| SealError::WrongKeyOrDamaged)?
        .len();
    Ok(start..start + plain_len)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sealed_bytes_open_only_with_their_key() {
        let key = SealKey::generate().unwrap();
        let sealed = seal(&key, b"Ruth Ellison 555-0102").unwrap();
        assert!(
            !sealed.windows(b"Ellison".len()).any(|w| w == b"Ellison"),
            "no plain text in the sealed bytes"
        );
        assert_eq!(
            open(&key, &sealed).unwrap().as_slice(),
            b"Ruth Ellison 555-0102"
        );
        let other = SealKey::generate().unwrap();
        assert_eq!(
            open(&other, &sealed).unwrap_err(),
            SealError::WrongKeyOrDamaged
        );
        let mut flipped = sealed.clone();
        *flipped.last_mut().unwrap() ^= 1;
        assert_eq!(
            open(&key, &flipped).unwrap_err(),
            SealError::WrongKeyOrDamaged
        );
        assert_eq!(
            open(&key, b"SQLite format 3").unwrap_err(),
            SealError::NotACopy
        );
        assert_eq!(
            open(&key, b"LDCOPY1\0short").unwrap_err(),
            SealError::NotACopy
        );
    }

    #[test]
    fn keys_travel_as_hex() {
        let key = SealKey::generate().unwrap();
        let back = SealKey::from_hex(&key.to_hex()).unwrap();
        let sealed = seal(&key, b"x").unwrap();
        assert_eq!(open(&back, &sealed).unwrap().as_slice(), b"x");
        assert!(SealKey::from_hex("zz").is_none());
        assert!(SealKey::from_hex(&"g".repeat(64)).is_none());
        assert!(SealKey::from_hex(&"é".repeat(32)).is_none());
    }
}
