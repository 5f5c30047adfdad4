// main.go (make bench-go): the Go package that hhn-gen --go writes against the ways Go's HTTP
// stacks look field names up: a map[string] of the list's names (as net/textproto and
// golang.org/x/net/http2 keep theirs), looked up by string(b), and a switch on the string
// (switch.go, made from the list); and the (name, value) match of HPACK's static table
// against the search of two maps that x/net's hpack makes, one keyed on the name and the value,
// then one on the name; and net/http's keys: textproto.CanonicalMIMEHeaderKey against the
// package's CanonicalKey before it. Every loop branches on the answer (a switch over ids), beside its floor:
// the same loop over answers known in advance. The answers are checked first. Prints a Markdown
// table of ns a name, the least of reps runs, the runs interleaved (tests/bench/core.h's
// schedule, reader and table, through core.go).
//
// Usage: bench-go [--check] NAMES PAIRS (--check: the answers alone, no timing): the streams of folder NAMES (h1-names.txt, HTTP/1.1 names as
// sent; h2-names.txt, HTTP/2 names in lowercase) and of folder PAIRS (h2-pairs.txt or
// pairs-h2.tsv: name TAB value a line, where \\ is a backslash, \t a TAB, \r a CR, \n a LF).
package main

import (
	"fmt"
	"net/textproto"
	"os"
	"path/filepath"
	"runtime"
	"time"

	"benchgo/hhn"
	"benchgo/hpackt"
)

const reps = 25

// checkOnly: check the answers, time nothing (--check).
var checkOnly bool

// sink keeps every loop's sum alive.
var sink int

// names is the names of a stream file, or nil if it cannot be read.
func names(path string) [][]byte {
	var out [][]byte
	for _, p := range readStream(path) {
		out = append(out, []byte(p.name))
	}
	return out
}

// branch is what a caller does with an id: a switch over a few of the names, as a parser's.
func branch(id hhn.ID, ok bool) int {
	if !ok {
		return 1
	}
	switch id {
	case hhn.ContentType:
		return 2
	case hhn.ContentLength:
		return 3
	case hhn.Host:
		return 4
	case hhn.Connection:
		return 5
	case hhn.TransferEncoding:
		return 6
	case hhn.Cookie:
		return 7
	case hhn.Accept:
		return 8
	case hhn.UserAgent:
		return 9
	}
	return int(id)
}

// byMap is the list's names in lowercase, each with its id: the map the stacks keep.
var byMap = func() map[string]hhn.ID {
	m := map[string]hhn.ID{}
	for _, id := range hhn.All() {
		m[id.Lower()] = id
	}
	return m
}()

// mapLookup is the map's lookup of a name as it is, by string(b) (which allocates nothing).
func mapLookup(b []byte) (hhn.ID, bool) {
	id, ok := byMap[string(b)]
	return id, ok
}

// lowered is mapLookup's buffer for a name in lowercase.
var lowered = make([]byte, 0, 256)

// mapLookupFold is the map's lookup of a name in any case: lowercased into a buffer first, as a
// stack that keeps lowercase names must (the HTTP/1.1 names, sent as Content-Type).
func mapLookupFold(b []byte) (hhn.ID, bool) {
	lowered = lowered[:0]
	for _, c := range b {
		if c-'A' < 26 {
			c += 32
		}
		lowered = append(lowered, c)
	}
	id, ok := byMap[string(lowered)]
	return id, ok
}

// method is one way to look a name up, timed on every stream it applies to.
type method struct {
	name string
	fn   func([]byte) (hhn.ID, bool) // for the check; the timing calls it directly (loop)
	fold bool                        // matches any case: timed on the HTTP/1.1 stream too
}

var methods = []method{
	{"hhn Lookup", hhn.Lookup, true},
	{"hhn LookupLower", hhn.LookupLower, false},
	{"map[string], name lowercased first", mapLookupFold, true},
	{"map[string], name as it is", mapLookup, false},
	{"switch on the string, lowercased first", switchFold, true},
	{"switch on the string, as it is", switchLookup, false},
}

// loop runs method k over names, branching on each answer, each call direct (as a caller's):
// the sum of what branch gave.
func loop(k int, names [][]byte) int {
	sum := 0
	switch k {
	case 0:
		for _, b := range names {
			sum += branch(hhn.Lookup(b))
		}
	case 1:
		for _, b := range names {
			sum += branch(hhn.LookupLower(b))
		}
	case 2:
		for _, b := range names {
			sum += branch(mapLookupFold(b))
		}
	case 3:
		for _, b := range names {
			sum += branch(mapLookup(b))
		}
	case 4:
		for _, b := range names {
			sum += branch(switchFold(b))
		}
	case 5:
		for _, b := range names {
			sum += branch(switchLookup(b))
		}
	}
	return sum
}

// timeNames times method k over names; ns a name.
func timeNames(k int, names [][]byte) float64 {
	start := time.Now()
	sink += loop(k, names)
	return float64(time.Since(start).Nanoseconds()) / float64(len(names))
}

// answer is a name's id known in advance.
type answer struct {
	id hhn.ID
	ok bool
}

// timeFloor times the same loop over the answers known in advance.
func timeFloor(answers []answer) float64 {
	start := time.Now()
	sum := 0
	for _, a := range answers {
		sum += branch(a.id, a.ok)
	}
	sink += sum
	return float64(time.Since(start).Nanoseconds()) / float64(len(answers))
}

// check fails unless every method answers as Lookup (or LookupLower) does on every name.
func check(names [][]byte, fold bool) []answer {
	answers := make([]answer, len(names))
	for i, b := range names {
		id, ok := hhn.LookupLower(b)
		if fold {
			id, ok = hhn.Lookup(b)
		}
		answers[i] = answer{id, ok}
		for _, m := range methods {
			if fold && !m.fold {
				continue
			}
			if gid, gok := m.fn(b); gok != ok || (ok && gid != id) {
				fmt.Fprintf(os.Stderr, "bench-go: %s gave %v %v for %q, Lookup %v %v\n", m.name, gid,
					gok, b, id, ok)
				os.Exit(1)
			}
		}
	}
	return answers
}

// stream times the lookups on one stream of names.
func stream(label string, names [][]byte, fold bool) {
	if len(names) == 0 {
		return
	}
	answers := check(names, fold)
	if checkOnly {
		fmt.Printf("%s: %d names, every way agrees\n", label, len(names))
		return
	}
	var timed []int // the methods timed: those that fold, for a stream as sent
	for k, m := range methods {
		if !fold || m.fold {
			timed = append(timed, k)
		}
	}
	best := leastOfInterleaved(len(timed)+1, reps, func(w int) float64 {
		if w == len(timed) {
			return timeFloor(answers)
		}
		return timeNames(timed[w], names)
	})
	floor := best[len(timed)]
	fmt.Printf("\n%s, %d names (floor, the loop over answers known in advance: %.2f ns)\n\n",
		label, len(names), floor)
	header("lookup", "ns a name", "less the floor", "map / this, less the floor")
	mapAt := 3
	if fold {
		mapAt = 1 // of the timed
	}
	for i, k := range timed {
		cell(methods[k].name)
		cellNs(best[i])
		cellNs(best[i] - floor)
		cellRatio((best[mapAt] - floor) / (best[i] - floor))
		endRow()
	}
}

// pair is a field of a stream: its name and value.
type pair struct{ name, value string }

// pairNameValue is the key of the peer's first map: a name and a value.
type pairNameValue struct{ name, value string }

// The two maps of the peer's static table: each (name, value) and each name, to an index from
// 1 (the name's last entry, as x/net's addEntry leaves it).
var byNameValue, byName = func() (map[pairNameValue]uint64, map[string]uint64) {
	nv, n := map[pairNameValue]uint64{}, map[string]uint64{}
	for i := 0; i < hpackt.FieldCount; i++ {
		f, _ := hpackt.FieldAt(i)
		nv[pairNameValue{f.Name, f.Value}] = uint64(i + 1)
		n[f.Name] = uint64(i + 1)
	}
	return nv, n
}()

// search is the peer: the pair's entry, else the name's, as two map lookups; 0 for none.
func search(name, value string) (uint64, bool) {
	if i := byNameValue[pairNameValue{name, value}]; i != 0 {
		return i, true
	}
	return byName[name], false
}

// hhnSearch is hhn's match with the same answers: the pair's entry, else the name's (its
// last: the peer's rule), from 1.
func hhnSearch(name, value string) (uint64, bool) {
	m := hpackt.MatchFieldLowerString(name, value)
	if m.FieldIndex >= 0 {
		return uint64(m.FieldIndex + 1), true
	}
	return uint64(m.NameIndex + 1), false
}

// timeFields times search over pairs, branching on each answer; ns a field.
func timeFields(fn func(string, string) (uint64, bool), pairs []pair) float64 {
	start := time.Now()
	sum := 0
	for _, p := range pairs {
		i, both := fn(p.name, p.value)
		switch {
		case both:
			sum += int(i)
		case i != 0:
			sum += 2
		default:
			sum++
		}
	}
	sink += sum
	return float64(time.Since(start).Nanoseconds()) / float64(len(pairs))
}

// fields times hhn's match of HPACK's static table against the peer's on a stream of pairs.
func fields(label string, pairs []pair) {
	if len(pairs) == 0 {
		return
	}
	for _, p := range pairs {
		a, ab := search(p.name, p.value)
		b, bb := hhnSearch(p.name, p.value)
		if a != b || ab != bb {
			fmt.Fprintf(os.Stderr, "bench-go: %q %q: the maps say %d %v, hhn %d %v\n", p.name,
				p.value, a, ab, b, bb)
			os.Exit(1)
		}
	}
	if checkOnly {
		fmt.Printf("%s: %d fields, the two ways agree\n", label, len(pairs))
		return
	}
	ways := []func(string, string) (uint64, bool){hhnSearch, search}
	best := leastOfInterleaved(len(ways), reps, func(w int) float64 {
		return timeFields(ways[w], pairs)
	})
	fmt.Printf("\n%s, %d fields: HPACK's static table\n\n", label, len(pairs))
	header("match", "ns a field", "maps / this")
	cell("hhn MatchFieldLowerString")
	cellNs(best[0])
	cellRatio(best[1] / best[0])
	endRow()
	cell("two maps, (name, value) then name (x/net's way)")
	cellNs(best[1])
	cellRatio(1)
	endRow()
}

// textprotoKey is net/http's key of a name as the public call makes it: a string of the bytes,
// canonicalized.
func textprotoKey(b []byte) string {
	return textproto.CanonicalMIMEHeaderKey(string(b))
}

// hhnKey is the same key by the table where the list has the name, else by textprotoKey.
func hhnKey(b []byte) string {
	if k, ok := hhn.CanonicalKey(b); ok {
		return k
	}
	return textprotoKey(b)
}

// keyBranch is what a caller does with a key: a branch on a few of them, as a reader's.
func keyBranch(k string) int {
	switch k {
	case "Content-Length":
		return 2
	case "Host":
		return 3
	case "Cookie":
		return 4
	}
	return len(k)
}

// timeKeys times fn over names (nil: the floor, the loop over keys known in advance), branching
// on each key; ns a name.
func timeKeys(fn func([]byte) string, names [][]byte, keys []string) float64 {
	start := time.Now()
	sum := 0
	if fn == nil {
		for _, k := range keys {
			sum += keyBranch(k)
		}
	} else {
		for _, b := range names {
			sum += keyBranch(fn(b))
		}
	}
	sink += sum
	return float64(time.Since(start).Nanoseconds()) / float64(len(names))
}

// allocations is how many allocations fn makes a name over names.
func allocations(fn func([]byte) string, names [][]byte) float64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for _, b := range names {
		sink += len(fn(b))
	}
	runtime.ReadMemStats(&after)
	return float64(after.Mallocs-before.Mallocs) / float64(len(names))
}

// canonicalKeys times net/http's keys of a stream of names as sent: textproto's, and the
// table's before it.
func canonicalKeys(label string, names [][]byte) {
	if len(names) == 0 {
		return
	}
	keys := make([]string, len(names))
	for i, b := range names {
		if keys[i] = textprotoKey(b); hhnKey(b) != keys[i] {
			fmt.Fprintf(os.Stderr, "bench-go: %q: textproto's key %q, hhn's %q\n", b, keys[i],
				hhnKey(b))
			os.Exit(1)
		}
	}
	if checkOnly {
		fmt.Printf("%s: %d names, the two ways' keys agree\n", label, len(names))
		return
	}
	ways := []func([]byte) string{hhnKey, textprotoKey, nil}
	best := leastOfInterleaved(len(ways), reps, func(w int) float64 {
		return timeKeys(ways[w], names, keys)
	})
	fmt.Printf("\n%s, %d names: net/http's keys (floor, the loop over keys known in advance: "+
		"%.2f ns)\n\n", label, len(names), best[2])
	header("key", "ns a name", "less the floor", "textproto / this, less the floor",
		"allocations a name")
	for w, name := range []string{"hhn CanonicalKey, else textproto",
		"textproto.CanonicalMIMEHeaderKey(string(b))"} {
		cell(name)
		cellNs(best[w])
		cellNs(best[w] - best[2])
		cellRatio((best[1] - best[2]) / (best[w] - best[2]))
		cell(fmt.Sprintf("%.3f", allocations(ways[w], names)))
		endRow()
	}
}

func main() {
	fmt.Printf("bench-go: %s, GOARCH %s, GOAMD64 %s\n", runtime.Version(), runtime.GOARCH,
		os.Getenv("GOAMD64"))
	args := os.Args[1:]
	if len(args) > 0 && args[0] == "--check" {
		checkOnly, args = true, args[1:]
	}
	if len(args) != 2 {
		fmt.Fprintf(os.Stderr, "usage: bench-go [--check] NAMES_DIR PAIRS_DIR\n")
		os.Exit(2)
	}
	namesDir, pairsDir := args[0], args[1]
	stream(namesDir+": HTTP/1.1, as sent", names(filepath.Join(namesDir, "h1-names.txt")), true)
	canonicalKeys(namesDir+": HTTP/1.1, as sent", names(filepath.Join(namesDir, "h1-names.txt")))
	stream(namesDir+": HTTP/2, lowercase", names(filepath.Join(namesDir, "h2-names.txt")), false)
	raw := readStream(filepath.Join(pairsDir, "h2-pairs.txt"))
	if raw == nil {
		raw = readStream(filepath.Join(pairsDir, "pairs-h2.tsv"))
	}
	fields(pairsDir+": HTTP/2", raw)
}
