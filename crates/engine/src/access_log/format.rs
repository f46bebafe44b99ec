//! The access log's lines: `<number>\t<previous MAC>\t<sealed entry>\t<MAC>\n` (base64), the MAC
//! an HMAC-SHA256 over the number, the previous MAC and the sealed bytes; and the head file
//! beside them (the last number and MAC, MAC'd under a key of its own).

use std::path::{Path, PathBuf};

use aws_lc_rs::aead::{AES_256_GCM, Aad, LessSafeKey, NONCE_LEN, Nonce, UnboundKey};
use aws_lc_rs::hmac;
use aws_lc_rs::rand::{SecureRandom, SystemRandom};
use base64::Engine;
use base64::engine::general_purpose::STANDARD_NO_PAD as B64;

use super::Entry;
use crate::store::sealed::SealKey;

const HEAD: &str = "access.head";

/// The keys of one desk's log, derived from the key the keyring holds.
pub struct LogKey {
    seal: LessSafeKey,
    chain: hmac::Key,
    head: hmac::Key,
}

impl std::fmt::Debug for LogKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("LogKey(…)")
    }
}

impl LogKey {
    pub fn from_seal(key: &SealKey) -> LogKey {
        let seal = key.derive(b"leasedesk access log: seal");
        let chain = key.derive(b"leasedesk access log: chain");
        let head = key.derive(b"leasedesk access log: head");
        LogKey {
            seal: LessSafeKey::new(
                UnboundKey::new(&AES_256_GCM, seal.as_ref()).expect("a 32-byte key"),
            ),
            chain: hmac::Key::new(hmac::HMAC_SHA256, chain.as_ref()),
            head: hmac::Key::new(hmac::HMAC_SHA256, head.as_ref()),
        }
    }

    pub(super) fn mac(&self, seq: u64, prev: &[u8; 32], sealed: &[u8]) -> [u8; 32] {
        let mut ctx = hmac::Context::with_key(&self.chain);
        ctx.update(&seq.to_be_bytes());
        ctx.update(prev);
        ctx.update(sealed);
        let mut out = [0; 32];
        out.copy_from_slice(ctx.sign().as_ref());
        out
    }

    pub(super) fn open(&self, sealed: &[u8]) -> Option<Entry> {
        if sealed.len() < NONCE_LEN + 16 {
            return None;
        }
        let (nonce, body) = sealed.split_at(NONCE_LEN);
        let nonce = Nonce::try_assume_unique_for_key(nonce).ok()?;
        let mut body = body.to_vec();
        let plain = self
            .seal
            .open_in_place(nonce, Aad::empty(), &mut body)
            .ok()?;
        serde_json::from_slice(plain).ok()
    }
}

/// The file whose first entry is `first`.
pub fn file_name(dir: &Path, first: u64) -> PathBuf {
    dir.join(format!("access-{first:012}.log"))
}

/// The first entry's number a file is named after.
pub fn first_of(path: &Path) -> Option<u64> {
    let name = path.file_name()?.to_str()?;
    name.strip_prefix("access-")?
        .strip_suffix(".log")?
        .parse()
        .ok()
}

/// The log's files, oldest first.
pub fn files(dir: &Path) -> Vec<PathBuf> {
    crate::paths::files_named(dir, "access-", ".log")
}

/// The line of entry `seq`, and its MAC.
pub(super) fn line(
    key: &LogKey,
    seq: u64,
    prev: &[u8; 32],
    entry: &Entry,
) -> std::io::Result<(String, [u8; 32])> {
    let plain = serde_json::to_vec(entry).map_err(std::io::Error::other)?;
    let mut nonce = [0u8; NONCE_LEN];
    SystemRandom::new()
        .fill(&mut nonce)
        .map_err(|_| std::io::Error::other("no random numbers"))?;
    let mut body = plain;
    key.seal
        .seal_in_place_append_tag(Nonce::assume_unique_for_key(nonce), Aad::empty(), &mut body)
        .map_err(|_| std::io::Error::other("sealing failed"))?;
    let mut sealed = nonce.to_vec();
    sealed.extend_from_slice(&body);
    let mac = key.mac(seq, prev, &sealed);
    let line = format!(
        "{seq}\t{}\t{}\t{}\n",
        B64.encode(prev),
        B64.encode(&sealed),
        B64.encode(mac)
    );
    Ok((line, mac))
}

/// A line read back, not yet checked.
pub(super) struct Line {
    pub seq: u64,
    pub prev: [u8; 32],
    pub sealed: Vec<u8>,
    pub mac: [u8; 32],
}

pub(super) fn parse(text: &str) -> Option<Line> {
    let mut parts = text.split('\t');
    let seq = parts.next()?.parse().ok()?;
    let prev = B64.decode(parts.next()?).ok()?.try_into().ok()?;
    let sealed = B64.decode(parts.next()?).ok()?;
    let mac = B64.decode(parts.next()?).ok()?.try_into().ok()?;
    if parts.next().is_some() {
        return None;
    }
    Some(Line {
        seq,
        prev,
        sealed,
        mac,
    })
}

/// Writes the head: the last entry's number and MAC.
pub(super) fn write_head(
    dir: &Path,
    key: &LogKey,
    seq: u64,
    mac: &[u8; 32],
) -> std::io::Result<()> {
    let text = format!(
        "{seq}\t{}\t{}\n",
        B64.encode(mac),
        B64.encode(head_mac(key, seq, mac))
    );
    let tmp = dir.join(format!("{HEAD}.new"));
    std::fs::write(&tmp, text)?;
    std::fs::rename(&tmp, dir.join(HEAD))
}

fn head_mac(key: &LogKey, seq: u64, mac: &[u8; 32]) -> Vec<u8> {
    let mut ctx = hmac::Context::with_key(&key.head);
    ctx.update(&seq.to_be_bytes());
    ctx.update(mac);
    ctx.sign().as_ref().to_vec()
}

/// The head as written, when it verifies: `Err` when it is there but altered.
pub(super) fn read_head(dir: &Path, key: &LogKey) -> Result<Option<(u64, [u8; 32])>, ()> {
    let Ok(text) = std::fs::read_to_string(dir.join(HEAD)) else {
        return Ok(None);
    };
    let mut parts = text.trim_end().split('\t');
    let mut read = || -> Option<(u64, [u8; 32], Vec<u8>)> {
        let seq = parts.next()?.parse().ok()?;
        let mac: [u8; 32] = B64.decode(parts.next()?).ok()?.try_into().ok()?;
        let check = B64.decode(parts.next()?).ok()?;
        Some((seq, mac, check))
    };
    match read() {
        Some((seq, mac, check)) if check == head_mac(key, seq, &mac) => Ok(Some((seq, mac))),
        _ => Err(()),
    }
}
