// core.go: the benchmarks' one core (tests/bench/core.h), through cgo: the stream reader, the
// interleaved schedule of the timed runs and their least, and the table printer. The loops and
// their clock are main.go's.
package main

// #include <stdlib.h>
// #include "core.h"
// double goRunWay(void *context, int way);
import "C"

import "unsafe"

// runWay is the run of the schedule under way: one run of a way's loop, its ns a name.
var runWay func(way int) float64

//export goRunWay
func goRunWay(_ unsafe.Pointer, way C.int) C.double {
	return C.double(runWay(int(way)))
}

// readStream reads a stream file with the core's reader: each line's name and value (its
// escapes read), in Go's memory; nil if the file cannot be read.
func readStream(path string) []pair {
	cpath := C.CString(path)
	defer C.free(unsafe.Pointer(cpath))
	var s C.struct_bench_stream
	if C.bench_stream_read(&s, cpath, C.BENCH_AS_SENT) != 0 {
		return nil
	}
	defer C.bench_stream_free(&s)
	var out []pair
	for _, f := range unsafe.Slice(s.fields, s.count) {
		out = append(out, pair{C.GoStringN(f.name, C.int(f.nlen)), C.GoStringN(f.value, C.int(f.vlen))})
	}
	return out
}

// leastOfInterleaved is each way's least ns over rounds, the runs interleaved by the core's
// schedule: run(w) runs way w once and returns its ns a name.
func leastOfInterleaved(ways, rounds int, run func(way int) float64) []float64 {
	runWay = run
	ns := make([]C.double, ways*rounds)
	C.bench_interleave(C.bench_run_fn(C.goRunWay), nil, C.int(ways), C.int(rounds), &ns[0])
	least := make([]float64, ways)
	for w := range least {
		least[w] = float64(C.bench_least(&ns[0], C.int(ways), C.int(rounds), C.int(w)))
	}
	return least
}

// header prints a table's header row and its rule.
func header(columns ...string) {
	cs := make([]*C.char, len(columns))
	for i, c := range columns {
		cs[i] = C.CString(c)
	}
	C.bench_header(&cs[0], C.int(len(cs)))
	for _, c := range cs {
		C.free(unsafe.Pointer(c))
	}
}

// cell prints a cell of text; cellNs one of ns, cellRatio one of a ratio; endRow ends a row.
func cell(text string) {
	c := C.CString(text)
	C.bench_cell(c)
	C.free(unsafe.Pointer(c))
}

func cellNs(ns float64)       { C.bench_cell_ns(C.double(ns)) }
func cellRatio(ratio float64) { C.bench_cell_ratio(C.double(ratio)) }
func endRow()                 { C.bench_end_row() }
