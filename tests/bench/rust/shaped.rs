//! The second table of make bench-rust: functions shaped like the http crate's
//! `HeaderName::from_bytes` and `from_lowercase` (a value returned in a `Result` through memory,
//! a custom name that allocates), over the crate's 79 standard names (tests/bench/rust/http.in,
//! whose module `hhnhttp` numbers them as the crate's enum does). Three ways of the same
//! function: the crate's own steps (a lowercasing copy, its match, the value built in place),
//! hhn put in the match's place and nothing else changed, and hhn as docs/generator.md ("In a
//! crate like http") says (the answer in a register, misses out of line, the value copied whole
//! from a static array); then http's `from_bytes` itself. Each stream is timed whole, then its
//! standard names alone and its other names alone.

use crate::hhnhttp;

/// A standard name: its number in the crate's enum (hhnhttp's id).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Standard(u8);

/// As the crate's `Repr`: a standard name, or a custom one that owns its bytes in lowercase
/// (a `Vec`, whose pointer is the niche that tells the two apart, as `Bytes`'s is in http).
#[derive(Clone, Debug, PartialEq, Eq)]
enum Repr {
    Standard(Standard),
    Custom(Vec<u8>),
}

/// As the crate's `HeaderName`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Name {
    inner: Repr,
}

/// As the crate's `InvalidHeaderName`.
#[derive(Debug)]
pub struct Invalid;

impl Name {
    /// The name in lowercase (a standard one's by table, for every way alike).
    pub fn as_str(&self) -> &[u8] {
        match &self.inner {
            Repr::Standard(s) => super::HTTP_NAMES[usize::from(s.0)].as_bytes(),
            Repr::Custom(v) => v,
        }
    }
}

/// The crate's byte tables: a tchar in lowercase (HTTP/1.1) or a lowercase tchar (HTTP/2),
/// any other byte 0.
const fn header_chars(h2: bool) -> [u8; 256] {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        let punct = matches!(b, b'!' | b'#' | b'$' | b'%' | b'&' | b'\'' | b'*' | b'+' | b'-'
                                | b'.' | b'^' | b'_' | b'`' | b'|' | b'~');
        if b.is_ascii_lowercase() || b.is_ascii_digit() || punct {
            t[c] = b;
        } else if b.is_ascii_uppercase() && !h2 {
            t[c] = b + 32;
        }
        c += 1;
    }
    t
}
static CHARS: [u8; 256] = header_chars(false);
static CHARS_H2: [u8; 256] = header_chars(true);

/// The crate's steps, with `find` in place of its match: each byte through the table into 64
/// bytes, `find`, the value built in place; a custom name checked and copied (a name over 64
/// bytes: the crate's other path, here an error, as no stream has one).
#[inline(always)]
fn steps(src: &[u8], h2: bool, find: fn(&[u8]) -> Option<u8>) -> Result<Name, Invalid> {
    let table = if h2 { &CHARS_H2 } else { &CHARS };
    if src.is_empty() || src.len() > 64 {
        return Err(Invalid);
    }
    let mut buf = [0u8; 64];
    for (d, &c) in buf.iter_mut().zip(src) {
        *d = table[usize::from(c)];
    }
    let name = &buf[..src.len()];
    match find(name) {
        Some(k) => Ok(Name { inner: Repr::Standard(Standard(k)) }),
        None if name.contains(&0) => Err(Invalid),
        None => Ok(Name { inner: Repr::Custom(name.to_vec()) }),
    }
}

/// The crate's own `from_bytes` (`h2`: `from_lowercase`).
#[inline(never)]
pub fn from_bytes_crate(src: &[u8], h2: bool) -> Result<Name, Invalid> {
    steps(src, h2, super::standard)
}

/// hhn in the match's place, nothing else changed.
#[inline(never)]
pub fn from_bytes_in_place(src: &[u8], h2: bool) -> Result<Name, Invalid> {
    steps(src, h2, hhnhttp::lookup_lower_index)
}

macro_rules! standard_names {
    ($($k:literal)+) => { [$(Name { inner: Repr::Standard(Standard($k)) },)+] };
}

/// Each standard name as a whole value, by its number.
static STANDARD_NAMES: [Name; 79] = standard_names!(
    0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33
    34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64
    65 66 67 68 69 70 71 72 73 74 75 76 77 78);

/// hhn as the docs say: the number in a register, a standard value copied whole, the crate's
/// steps out of line for the rest.
#[inline(never)]
pub fn from_bytes_hhn(src: &[u8], h2: bool) -> Result<Name, Invalid> {
    let i = if h2 { hhnhttp::lookup_lower_index(src) } else { hhnhttp::lookup_index(src) };
    match i {
        // SAFETY: a standard Name owns nothing (no Vec): a bitwise copy is a value of its own
        // whose drop does nothing, and the static is never dropped
        Some(i) => Ok(unsafe { core::ptr::read(&STANDARD_NAMES[usize::from(i)]) }),
        None => custom(src, h2),
    }
}

#[inline(never)]
fn custom(src: &[u8], h2: bool) -> Result<Name, Invalid> {
    steps(src, h2, |_| None)
}
