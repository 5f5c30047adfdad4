//! The benchmarks' one core (tests/bench/core.h), through Rust's FFI: the stream reader, the
//! interleaved schedule of the timed runs and their least, and the table printer. The loops
//! and their clock are main.rs's.

use std::ffi::CString;
use std::os::raw::{c_char, c_int, c_void};

#[repr(C)]
struct Field {
    name: *const u8,
    value: *const u8,
    nlen: usize,
    vlen: usize,
}

#[repr(C)]
struct RawStream {
    fields: *const Field,
    count: usize,
    bytes: *mut c_char,
}

type RunFn = extern "C" fn(*mut c_void, c_int) -> f64;

extern "C" {
    fn bench_stream_read(s: *mut RawStream, path: *const c_char, how: c_int) -> c_int;
    fn bench_stream_free(s: *mut RawStream);
    fn bench_interleave(run: RunFn, context: *mut c_void, ways: c_int, rounds: c_int,
                        ns: *mut f64);
    fn bench_least(ns: *const f64, ways: c_int, rounds: c_int, w: c_int) -> f64;
    fn bench_header(columns: *const *const c_char, n: c_int);
    fn bench_cell(text: *const c_char);
    fn bench_cell_ns(ns: f64);
    fn bench_cell_ratio(ratio: f64);
    fn bench_end_row();
}

/// A stream file read whole by the core: its names, as sent.
pub struct Stream {
    raw: RawStream,
}

impl Stream {
    /// Reads path, or exits with why not.
    pub fn read(path: &str) -> Stream {
        let c = CString::new(path).expect("a path without NUL");
        let mut raw = RawStream { fields: std::ptr::null(), count: 0, bytes: std::ptr::null_mut() };
        // SAFETY: raw is a stream for the core to fill, c a NUL-terminated path
        if unsafe { bench_stream_read(&mut raw, c.as_ptr(), 0) } != 0 {
            eprintln!("bench-rust: cannot read {}", path);
            std::process::exit(2);
        }
        Stream { raw }
    }

    /// Its names, each a slice of the stream's buffer.
    pub fn names(&self) -> Vec<&[u8]> {
        (0..self.raw.count)
            .map(|i| {
                // SAFETY: the core made count fields, each naming nlen bytes of its buffer,
                // which lives as long as self
                unsafe {
                    let f = &*self.raw.fields.add(i);
                    std::slice::from_raw_parts(f.name, f.nlen)
                }
            })
            .collect()
    }
}

impl Drop for Stream {
    fn drop(&mut self) {
        // SAFETY: raw is what bench_stream_read filled, freed once
        unsafe { bench_stream_free(&mut self.raw) }
    }
}

extern "C" fn trampoline<F: FnMut(usize) -> f64>(context: *mut c_void, way: c_int) -> f64 {
    // SAFETY: context is the &mut F that interleave passed, alive for the call
    let run = unsafe { &mut *(context as *mut F) };
    run(way as usize)
}

/// Each way's least ns over rounds, the runs interleaved by the core's schedule: run(w) runs
/// way w once and returns its ns a name.
pub fn least_of_interleaved<F: FnMut(usize) -> f64>(ways: usize, rounds: usize, mut run: F)
                                                    -> Vec<f64> {
    let mut ns = vec![0.0; ways * rounds];
    // SAFETY: the core calls trampoline with &mut run, and writes ways * rounds times into ns
    unsafe {
        bench_interleave(trampoline::<F>, &mut run as *mut F as *mut c_void, ways as c_int,
                         rounds as c_int, ns.as_mut_ptr());
    }
    (0..ways)
        // SAFETY: ns holds ways * rounds times
        .map(|w| unsafe { bench_least(ns.as_ptr(), ways as c_int, rounds as c_int, w as c_int) })
        .collect()
}

/// The header row of a table and its rule.
pub fn header(columns: &[&str]) {
    let owned: Vec<CString> = columns.iter().map(|c| CString::new(*c).unwrap()).collect();
    let ptrs: Vec<*const c_char> = owned.iter().map(|c| c.as_ptr()).collect();
    // SAFETY: n NUL-terminated strings, alive for the call
    unsafe { bench_header(ptrs.as_ptr(), ptrs.len() as c_int) }
}

/// A cell of text.
pub fn cell(text: &str) {
    let c = CString::new(text).unwrap();
    // SAFETY: a NUL-terminated string, alive for the call
    unsafe { bench_cell(c.as_ptr()) }
}

/// A cell of ns, and one of a ratio.
pub fn cell_ns(ns: f64) {
    // SAFETY: no pointer
    unsafe { bench_cell_ns(ns) }
}
pub fn cell_ratio(ratio: f64) {
    // SAFETY: no pointer
    unsafe { bench_cell_ratio(ratio) }
}

/// The end of a row.
pub fn end_row() {
    // SAFETY: no pointer
    unsafe { bench_end_row() }
}
