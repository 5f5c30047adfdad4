//! make bench-rust: the generated Rust module (hhn-gen --rust) against the http crate's
//! HeaderName::from_bytes and from_lowercase and against the crate's own steps written out
//! (a lowercasing copy through a 256-byte table, then a match of the standard names), and
//! against hhn's C lookups called from C, in the loop that branches on the answer, on the
//! streams of names that tests/bench/traffic.c makes (HTTP/1.1 names as sent, HTTP/2 names in
//! lowercase). The answers are checked first: the Rust and the C tables agree on every name,
//! and hhn and the crate on every name that both lists have. Prints a Markdown table of ns a
//! name, the least of REPS runs, the runs interleaved (tests/bench/core.h's schedule, reader and
//! table, through bench_core.rs).
#![deny(warnings)]

mod bench_core;
mod hhn;
mod hhnhttp;
mod shaped;

use std::time::Instant;

const REPS: usize = 25;

/// The http crate's standard names (http 0.2.7), in lowercase.
const HTTP_NAMES: [&str; 79] = [
    "accept",
    "accept-charset",
    "accept-encoding",
    "accept-language",
    "accept-ranges",
    "access-control-allow-credentials",
    "access-control-allow-headers",
    "access-control-allow-methods",
    "access-control-allow-origin",
    "access-control-expose-headers",
    "access-control-max-age",
    "access-control-request-headers",
    "access-control-request-method",
    "age",
    "allow",
    "alt-svc",
    "authorization",
    "cache-control",
    "connection",
    "content-disposition",
    "content-encoding",
    "content-language",
    "content-length",
    "content-location",
    "content-range",
    "content-security-policy",
    "content-security-policy-report-only",
    "content-type",
    "cookie",
    "dnt",
    "date",
    "etag",
    "expect",
    "expires",
    "forwarded",
    "from",
    "host",
    "if-match",
    "if-modified-since",
    "if-none-match",
    "if-range",
    "if-unmodified-since",
    "last-modified",
    "link",
    "location",
    "max-forwards",
    "origin",
    "pragma",
    "proxy-authenticate",
    "proxy-authorization",
    "public-key-pins",
    "public-key-pins-report-only",
    "range",
    "referer",
    "referrer-policy",
    "refresh",
    "retry-after",
    "sec-websocket-accept",
    "sec-websocket-extensions",
    "sec-websocket-key",
    "sec-websocket-protocol",
    "sec-websocket-version",
    "server",
    "set-cookie",
    "strict-transport-security",
    "te",
    "trailer",
    "transfer-encoding",
    "user-agent",
    "upgrade",
    "upgrade-insecure-requests",
    "vary",
    "via",
    "warning",
    "www-authenticate",
    "x-content-type-options",
    "x-dns-prefetch-control",
    "x-frame-options",
    "x-xss-protection",
];

/// A name's index among HTTP_NAMES: the crate's match, written out as rustc lowers it (a jump
/// on the length, then byte compares).
#[inline(always)]
fn standard(b: &[u8]) -> Option<u8> {
    match b {
        b"accept" => Some(0),
        b"accept-charset" => Some(1),
        b"accept-encoding" => Some(2),
        b"accept-language" => Some(3),
        b"accept-ranges" => Some(4),
        b"access-control-allow-credentials" => Some(5),
        b"access-control-allow-headers" => Some(6),
        b"access-control-allow-methods" => Some(7),
        b"access-control-allow-origin" => Some(8),
        b"access-control-expose-headers" => Some(9),
        b"access-control-max-age" => Some(10),
        b"access-control-request-headers" => Some(11),
        b"access-control-request-method" => Some(12),
        b"age" => Some(13),
        b"allow" => Some(14),
        b"alt-svc" => Some(15),
        b"authorization" => Some(16),
        b"cache-control" => Some(17),
        b"connection" => Some(18),
        b"content-disposition" => Some(19),
        b"content-encoding" => Some(20),
        b"content-language" => Some(21),
        b"content-length" => Some(22),
        b"content-location" => Some(23),
        b"content-range" => Some(24),
        b"content-security-policy" => Some(25),
        b"content-security-policy-report-only" => Some(26),
        b"content-type" => Some(27),
        b"cookie" => Some(28),
        b"dnt" => Some(29),
        b"date" => Some(30),
        b"etag" => Some(31),
        b"expect" => Some(32),
        b"expires" => Some(33),
        b"forwarded" => Some(34),
        b"from" => Some(35),
        b"host" => Some(36),
        b"if-match" => Some(37),
        b"if-modified-since" => Some(38),
        b"if-none-match" => Some(39),
        b"if-range" => Some(40),
        b"if-unmodified-since" => Some(41),
        b"last-modified" => Some(42),
        b"link" => Some(43),
        b"location" => Some(44),
        b"max-forwards" => Some(45),
        b"origin" => Some(46),
        b"pragma" => Some(47),
        b"proxy-authenticate" => Some(48),
        b"proxy-authorization" => Some(49),
        b"public-key-pins" => Some(50),
        b"public-key-pins-report-only" => Some(51),
        b"range" => Some(52),
        b"referer" => Some(53),
        b"referrer-policy" => Some(54),
        b"refresh" => Some(55),
        b"retry-after" => Some(56),
        b"sec-websocket-accept" => Some(57),
        b"sec-websocket-extensions" => Some(58),
        b"sec-websocket-key" => Some(59),
        b"sec-websocket-protocol" => Some(60),
        b"sec-websocket-version" => Some(61),
        b"server" => Some(62),
        b"set-cookie" => Some(63),
        b"strict-transport-security" => Some(64),
        b"te" => Some(65),
        b"trailer" => Some(66),
        b"transfer-encoding" => Some(67),
        b"user-agent" => Some(68),
        b"upgrade" => Some(69),
        b"upgrade-insecure-requests" => Some(70),
        b"vary" => Some(71),
        b"via" => Some(72),
        b"warning" => Some(73),
        b"www-authenticate" => Some(74),
        b"x-content-type-options" => Some(75),
        b"x-dns-prefetch-control" => Some(76),
        b"x-frame-options" => Some(77),
        b"x-xss-protection" => Some(78),
        _ => None,
    }
}

/// The crate's byte table: a tchar in lowercase, any other byte 0.
fn header_chars() -> [u8; 256] {
    let mut t = [0u8; 256];
    for c in 0..=255u8 {
        if c.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&c) {
            t[usize::from(c)] = c.to_ascii_lowercase();
        }
    }
    t
}

/// The crate's steps without a HeaderName: each byte through the table into a 64-byte buffer
/// (0: no tchar, an invalid name), then the match; for HTTP/2 (`lower`), each byte must be its
/// own entry (a lowercase tchar), read in place.
#[inline(always)]
fn steps(table: &[u8; 256], name: &[u8], lower: bool) -> Option<u8> {
    if name.is_empty() || name.len() > 64 {
        return None;
    }
    if lower {
        if name.iter().any(|&c| table[usize::from(c)] != c) {
            return None;
        }
        return standard(name);
    }
    let mut buf = [0u8; 64];
    for (d, &c) in buf.iter_mut().zip(name) {
        *d = table[usize::from(c)];
        if *d == 0 {
            return None;
        }
    }
    standard(&buf[..name.len()])
}

/// A name of a stream, as the C side takes it.
#[repr(C)]
struct Item {
    p: *const u8,
    n: usize,
}

extern "C" {
    fn c_lookup(which: i32, p: *const u8, n: usize) -> i32;
    fn c_branch(which: i32, it: *const Item, n: usize, hits: *mut u32) -> i64;
}

/// One of C's lookups (0 hhn_lookup, 1 hhn_lookup_lower, 2 and 3 their portable twins).
fn c_answer(which: i32, name: &[u8]) -> i32 {
    // SAFETY: c_lookup reads name[0..len) alone, and which is one of its four
    unsafe { c_lookup(which, name.as_ptr(), name.len()) }
}

/// Where the loops store: hits by id (or length), and misses. An array of every u16, so that
/// no store by an id is bounds-checked (as none is in C's loop).
struct Sink {
    hits: Box<[u32; 65536]>,
    misses: u64,
}

/// The loop that branches on the answer of each implementation (bench.c's branch_*).
#[inline(never)]
fn branch_hhn(names: &[&[u8]], lower: bool, s: &mut Sink) {
    for name in names {
        // the forms for a loop that branches on the id at once
        let id = if lower { hhn::lookup_lower_inline(name) } else { hhn::lookup_inline(name) };
        match id {
            Some(id) => s.hits[usize::from(id as u16)] += 1,
            None => s.misses += 1,
        }
    }
}

#[inline(never)]
fn branch_floor(answers: &[Option<u16>], s: &mut Sink) {
    for a in answers {
        match *a {
            Some(id) => s.hits[usize::from(id)] += 1,
            None => s.misses += 1,
        }
    }
}

#[inline(never)]
fn branch_steps(names: &[&[u8]], lower: bool, table: &[u8; 256], s: &mut Sink) {
    for name in names {
        match steps(table, name, lower) {
            Some(k) => s.hits[usize::from(k)] += 1,
            None => s.misses += 1,
        }
    }
}

/// HeaderName's: the branch on Ok or Err, and a store by the name's length.
#[inline(never)]
fn branch_http(names: &[&[u8]], lowercase: bool, s: &mut Sink) {
    for name in names {
        let h = if lowercase {
            http::header::HeaderName::from_lowercase(name)
        } else {
            http::header::HeaderName::from_bytes(name)
        };
        match h {
            Ok(h) => s.hits[usize::from(h.as_str().len() as u16)] += 1,
            Err(_) => s.misses += 1,
        }
    }
}

fn branch_c(which: i32, items: &[Item], s: &mut Sink) {
    // SAFETY: each item points at a name of the stream, alive for the call; hits has an entry
    // for every id (65536)
    let m = unsafe { c_branch(which, items.as_ptr(), items.len(), s.hits.as_mut_ptr()) };
    s.misses += m as u64;
}

/// Checks the answers: the Rust table and C's agree on every name, and hhn and the crate on
/// every name that both lists have. Returns the disagreements.
fn disagreements(names: &[&[u8]], lower: bool, table: &[u8; 256]) -> usize {
    let mut bad = 0;
    for name in names {
        let rs = if lower { hhn::lookup_lower(name) } else { hhn::lookup(name) };
        let rs = rs.map_or(-1, |id| i32::from(id as u16));
        let c = c_answer(if lower { 1 } else { 0 }, name);
        let cp = c_answer(if lower { 3 } else { 2 }, name);
        let std = steps(table, name, lower).map(|k| HTTP_NAMES[usize::from(k)]);
        let both = std.map_or(false, |n| hhn::lookup_lower(n.as_bytes()).is_some());
        let ours = hhn::Id::from_u16(rs as u16).filter(|_| rs >= 0).map(hhn::Id::lower);
        let from = http::header::HeaderName::from_bytes(name).ok();
        let agree_http = from.map_or(true, |h| h.as_str().as_bytes() == name.to_ascii_lowercase());
        if rs != c || rs != cp || (both && ours != std) || !agree_http {
            if bad < 5 {
                println!("bench-rust: disagreement on {:?}: rust {}, C {} {}, crate {:?}",
                         String::from_utf8_lossy(name), rs, c, cp, std);
            }
            bad += 1;
        }
    }
    bad
}

/// The ns a name of one run of f over n names.
fn time<F: FnOnce()>(f: F, n: usize) -> f64 {
    let t = Instant::now();
    f();
    t.elapsed().as_nanos() as f64 / n as f64
}

/// A function shaped like `from_bytes` (shaped.rs), in the loop that branches on its answer.
#[inline(never)]
fn branch_shaped<F: Fn(&[u8], bool) -> Result<shaped::Name, shaped::Invalid>>(
    names: &[&[u8]], h2: bool, f: F, s: &mut Sink) {
    for name in names {
        match f(name, h2) {
            Ok(h) => s.hits[h.as_str().len()] += 1,
            Err(_) => s.misses += 1,
        }
    }
}

/// The second table: the functions shaped like `from_bytes` (shaped.rs) and `from_bytes`
/// itself, on the stream `names` whole, its standard names, and its other names.
fn shaped_rows(label: &str, names: &[&[u8]], h2: bool, s: &mut Sink) {
    let http = |n: &[u8]| if h2 {
        http::header::HeaderName::from_lowercase(n)
    } else {
        http::header::HeaderName::from_bytes(n)
    };
    for n in names {
        let want = http(n).ok().map(|h| h.as_str().as_bytes().to_vec());
        for f in &[shaped::from_bytes_crate, shaped::from_bytes_in_place, shaped::from_bytes_hhn] {
            let got = f(n, h2).ok().map(|h| h.as_str().to_vec());
            if got != want {
                println!("bench-rust: shaped: disagreement on {:?}", String::from_utf8_lossy(n));
                std::process::exit(1);
            }
        }
    }
    let std: Vec<&[u8]> = names.iter().copied()
        .filter(|n| standard(&n.to_ascii_lowercase()).is_some()).collect();
    let other: Vec<&[u8]> = names.iter().copied()
        .filter(|n| standard(&n.to_ascii_lowercase()).is_none()).collect();
    for (part, list) in [("whole", names), ("standard", &std[..]), ("custom", &other[..])] {
        if list.is_empty() {
            continue;
        }
        let n = list.len();
        let best = bench_core::least_of_interleaved(4, REPS, |k| match k {
            0 => time(|| branch_http(list, h2, s), n),
            1 => time(|| branch_shaped(list, h2, shaped::from_bytes_crate, s), n),
            2 => time(|| branch_shaped(list, h2, shaped::from_bytes_in_place, s), n),
            _ => time(|| branch_shaped(list, h2, shaped::from_bytes_hhn, s), n),
        });
        bench_core::cell(label);
        bench_core::cell(part);
        bench_core::cell(&n.to_string());
        for t in &best {
            bench_core::cell_ns(*t);
        }
        bench_core::cell_ratio(best[0] / best[3]);
        bench_core::cell_ratio(best[1] / best[3]);
        bench_core::cell_ratio(best[1] / best[2]);
        bench_core::end_row();
    }
}

fn main() {
    let dir = std::env::args().nth(1).expect("usage: bench-rust TRAFFIC_DIR");
    let table = header_chars();
    let mut s = Sink { hits: Box::new([0; 65536]), misses: 0 };
    bench_core::header(&["stream", "floor", "hhn (Rust)", "C hhn_lookup", "C portable",
                         "from_bytes", "from_lowercase", "crate's steps", "from_bytes / hhn",
                         "steps / hhn", "hhn / C", "hhn / C portable"]);
    for &(file, lower, label) in &[("h1-names.txt", false, "HTTP/1.1 as sent"),
                                   ("h2-names.txt", true, "HTTP/2 (lowercase)")] {
        let stream = bench_core::Stream::read(&format!("{}/{}", dir, file));
        let names = stream.names();
        let items: Vec<Item> = names.iter().map(|v| Item { p: v.as_ptr(), n: v.len() }).collect();
        let bad = disagreements(&names, lower, &table);
        if bad > 0 {
            println!("bench-rust: {}: {} disagreements", file, bad);
            std::process::exit(1);
        }
        let answers: Vec<Option<u16>> = names
            .iter()
            .map(|n| if lower { hhn::lookup_lower(n) } else { hhn::lookup(n) }.map(|i| i as u16))
            .collect();
        let n = names.len();
        let best = bench_core::least_of_interleaved(8, REPS, |k| match k {
            0 | 7 => time(|| branch_floor(&answers, &mut s), n),
            1 => time(|| branch_hhn(&names, lower, &mut s), n),
            2 => time(|| branch_c(if lower { 1 } else { 0 }, &items, &mut s), n),
            3 => time(|| branch_c(if lower { 3 } else { 2 }, &items, &mut s), n),
            4 => time(|| branch_http(&names, false, &mut s), n),
            5 => time(|| if lower { branch_http(&names, true, &mut s) }, n),
            _ => time(|| branch_steps(&names, lower, &table, &mut s), n),
        });
        bench_core::cell(label);
        bench_core::cell_ns(best[0].min(best[7]));
        for t in &best[1..5] {
            bench_core::cell_ns(*t);
        }
        if lower {
            bench_core::cell_ns(best[5]);
        } else {
            bench_core::cell("-");
        }
        bench_core::cell_ns(best[6]);
        bench_core::cell_ratio(best[4] / best[1]);
        bench_core::cell_ratio(best[6] / best[1]);
        bench_core::cell_ratio(best[1] / best[2]);
        bench_core::cell_ratio(best[1] / best[3]);
        bench_core::end_row();
    }
    println!("\nShaped like `from_bytes` (`from_lowercase` on HTTP/2), over http's 79 names: \
              the crate's own steps, hhn in its match's place, hhn as docs/generator.md \
              says, and http's function itself (ns a name):\n");
    bench_core::header(&["stream", "names", "n", "http's", "crate's steps", "hhn in place",
                         "hhn as the docs say", "http's / hhn", "steps / hhn",
                         "steps / in place"]);
    for &(file, h2, label) in &[("h1-names.txt", false, "HTTP/1.1 as sent"),
                                ("h2-names.txt", true, "HTTP/2 (lowercase)")] {
        let stream = bench_core::Stream::read(&format!("{}/{}", dir, file));
        shaped_rows(label, &stream.names(), h2, &mut s);
    }
    println!("\n(ns a name, the least of {} runs; {} hits and {} misses stored)", REPS,
             s.hits.iter().map(|&h| u64::from(h)).sum::<u64>(), s.misses);
}
