//! bun_enum.rs: a table's Rust enum as Bun keeps it (hhn-gen --rust --bun-enum, copied beside
//! this file as bun_enum.rs) against its X-macro header (hhn-gen --bun's PEach.h): each line of
//! the standard input is one `macro("name", Enumerator)` of it, in order, and each must be the
//! variant of the same id (of the same name, where the enumerator is CamelCase), spelled
//! NAMES[id] (in lowercase). Built with
//! `--cfg bun_list` it checks Bun's anchors of its own list too: Accept 0, ContentType 25,
//! SetCookie 75, XXSSProtection 93, 94 names, one byte. Prints "N variants", or panics.
//! (tests/targets/bun.sh)
#[path = "bun_enum.rs"]
mod bun_enum;
use bun_enum::HeaderName;
use std::io::BufRead;

fn main() {
    let mut n = 0;
    for line in std::io::stdin().lock().lines() {
        let line = line.expect("the X-macro's lines");
        let name = line.split('"').nth(1).expect("a quoted name");
        let enumerator = line.rsplit(", ").next().expect("an enumerator").trim_end_matches(')');
        let id = HeaderName::from_index(n as bun_enum::IdNumber).expect("an id per line");
        // (an enumerator that is no CamelCase, "xfoo", is a variant in Rust's case, "XFoo"; one
        // that no variant may be, Self or one of the enum's own items, is another)
        let camel = enumerator.starts_with(|c: char| c.is_ascii_uppercase())
            && enumerator.chars().all(|c| c.is_ascii_alphanumeric())
            && !["Self", "ALL", "NAMES"].contains(&enumerator);
        if camel {
            assert_eq!(format!("{:?}", id), enumerator, "the variant of id {}", n);
        }
        assert_eq!(HeaderName::NAMES[n].to_ascii_lowercase(), name, "NAMES[{}]", n);
        assert_eq!(HeaderName::classify(name.as_bytes()), Some(id), "classify({})", name);
        n += 1;
    }
    assert_eq!(n, HeaderName::NAMES.len(), "the X-macro's count");
    #[cfg(bun_list)]
    {
        let anchors = [
            (HeaderName::Accept, 0, "Accept"),
            (HeaderName::ContentType, 25, "Content-Type"),
            (HeaderName::SetCookie, 75, "Set-Cookie"),
            (HeaderName::XXSSProtection, 93, "X-XSS-Protection"),
        ];
        for &(id, index, name) in anchors.iter() {
            assert_eq!(id as usize, index, "{}", name);
            assert_eq!(HeaderName::NAMES[index], name);
        }
        assert_eq!(HeaderName::NAMES.len(), 94);
        assert_eq!(std::mem::size_of::<HeaderName>(), 1);
    }
    println!("{} variants", n);
}
