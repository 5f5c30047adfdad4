// bench.js (make bench-js): hhn-gen --js's module of a list against what Node's fetch (undici)
// does with the same names: a ternary search tree of them, a node a byte, walked over a Buffer
// with each uppercase letter made lowercase (undici's tree.lookup), and a Map of the names in
// lowercase, looked up by the Buffer's text lowercased. Every loop branches on the answer (a
// switch over four ids, as a parser's), beside its floor, the same loop over the answers known
// in advance; the ways interleaved, the least of ROUNDS runs each; the answers checked first.
// Each of PROCESSES processes (run one after another, on the CPUs this one may use) times every
// way so; the tables give the median and the range over them, of the time and of the time over
// hhn's in the same process: the engine compiles each process's code its own way (the same
// module's lookup took 22 to 30 ns a name on HTTP/2 names, from one process to the next).
//
// Usage: node bench.js [--check | --processes N] MODULE LIST NAMES...   MODULE: hhn-gen --js's
// P.js of LIST (a names list, one name a line; "//" a comment); NAMES: stream files, a name a
// line (h1-names.txt, h2-names.txt: "\\" a backslash, "\t" a TAB, "\r" a CR, "\n" a LF).
"use strict";

const { spawnSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");

const ROUNDS = 41;
const PROCESSES = 15;

/** A ternary search tree of names, a node a byte of a name in lowercase. */
class Tree {
  constructor() {
    this.root = null;
  }

  /** Adds name (lowercase text) with value. */
  insert(name, value) {
    let node = null, next = this.root, at = 0;
    const code = (i) => name.charCodeAt(i);
    if (next === null) {
      next = this.root = { code: code(0), left: null, middle: null, right: null, value: null };
    }
    for (;;) {
      node = next;
      if (code(at) < node.code) {
        next = node.left ??= { code: code(at), left: null, middle: null, right: null, value: null };
      } else if (code(at) > node.code) {
        next = node.right ??= { code: code(at), left: null, middle: null, right: null, value: null };
      } else if (at + 1 < name.length) {
        at++;
        next = node.middle ??= { code: code(at), left: null, middle: null, right: null, value: null };
      } else {
        node.value = value;
        return;
      }
    }
  }

  /** The value of the name in bytes b, any case, or null. */
  lookup(b) {
    const n = b.length;
    let node = this.root, at = 0;
    while (node !== null && at < n) {
      let c = b[at];
      if (c >= 65 && c <= 90) {
        c |= 32;
      }
      while (node !== null) {
        if (c === node.code) {
          if (n === ++at) {
            return node.value;
          }
          node = node.middle;
          break;
        }
        node = c < node.code ? node.left : node.right;
      }
    }
    return null;
  }
}

/** The lines of a stream file with their escapes read, or null if it cannot be read. */
function readStream(file) {
  let text;
  try {
    text = fs.readFileSync(file, "latin1");
  } catch {
    return null;
  }
  const unescape = { "\\": "\\", t: "\t", r: "\r", n: "\n" };
  return text.split("\n").filter((l) => l !== "").map((l) => l.replace(/\\([\\trn])/g, (_, c) => unescape[c]));
}

/** What a caller does with an answer: a branch on four ids. */
function branch(id, known) {
  switch (id) {
    case known[0]: return 2;
    case known[1]: return 3;
    case known[2]: return 4;
    case known[3]: return 5;
    case -1: return 1;
  }
  return id & 7;
}

/** The list's names, a tree and a Map of them (each name's id as hhn's lookup gives it), and
    the ways to time, each [what, lookup of (Buffer, string)]. */
function setUp(hhn, listFile) {
  const names = fs.readFileSync(listFile, "latin1").split("\n").map((l) => l.trim())
    .filter((l) => l !== "" && !l.startsWith("//")).map((l) => l.split(/\s/)[0]);
  const tree = new Tree(), map = new Map();
  for (const name of names) {
    const id = hhn.lookupString(name);
    tree.insert(name.toLowerCase(), id);
    map.set(name.toLowerCase(), id);
  }
  const ways = [
    ["hhn lookup (Buffer)", (b) => hhn.lookup(b)],
    ["ternary tree, undici's walk (Buffer)", (b) => tree.lookup(b) ?? -1],
    ["Map, the Buffer's text lowercased", (b) => map.get(b.toString("latin1").toLowerCase()) ?? -1],
    ["hhn lookupString (string)", (b, s) => hhn.lookupString(s)],
    ["Map, the string lowercased", (b, s) => map.get(s.toLowerCase()) ?? -1],
  ];
  return { names, tree, map, ways };
}

/** The least ns a name of each way's loop, then the floor's, over ROUNDS interleaved rounds. */
function timeWays(hhn, tree, map, lines, buffers, answers) {
  const known = ["content-type", "content-length", "host", "set-cookie"].map((n) => hhn.lookupString(n));
  // a loop a way, each call its own (a call site of one callee, as a caller's)
  const loops = [
    () => { let sum = 0; for (const b of buffers) sum += branch(hhn.lookup(b), known); return sum; },
    () => { let sum = 0; for (const b of buffers) sum += branch(tree.lookup(b) ?? -1, known); return sum; },
    () => {
      let sum = 0;
      for (const b of buffers) sum += branch(map.get(b.toString("latin1").toLowerCase()) ?? -1, known);
      return sum;
    },
    () => { let sum = 0; for (const s of lines) sum += branch(hhn.lookupString(s), known); return sum; },
    () => { let sum = 0; for (const s of lines) sum += branch(map.get(s.toLowerCase()) ?? -1, known); return sum; },
    () => { let sum = 0; for (const a of answers) sum += branch(a, known); return sum; },
  ];
  const best = new Array(loops.length).fill(Infinity);
  for (let r = 0; r < ROUNDS; r++) {
    for (let w = 0; w < loops.length; w++) {
      const t0 = process.hrtime.bigint();
      globalThis.sink = loops[w]();
      best[w] = Math.min(best[w], Number(process.hrtime.bigint() - t0) / buffers.length);
    }
  }
  return best;
}

/** Checks that every way answers as hhn's lookup on each stream; with timed, times them too.
    Returns the list's names, the ways, and of each stream that could be read [file, names,
    times] (times: timeWays's). */
function measure(module, listFile, streams, timed) {
  const hhn = require(path.resolve(module));
  const { names, tree, map, ways } = setUp(hhn, listFile);
  const results = [];
  for (const file of streams) {
    const lines = readStream(file);
    if (lines === null) {
      continue;
    }
    const buffers = lines.map((l) => Buffer.from(l, "latin1"));
    const answers = buffers.map((b) => hhn.lookup(b));
    for (const [what, fn] of ways) {
      buffers.forEach((b, i) => {
        if (fn(b, lines[i]) !== answers[i]) {
          throw new Error(`${what} gave ${fn(b, lines[i])} for ${JSON.stringify(lines[i])}, hhn ${answers[i]}`);
        }
      });
    }
    results.push([file, lines.length, timed ? timeWays(hhn, tree, map, lines, buffers, answers) : null]);
  }
  return { names, ways, results };
}

/** The median of the numbers, and their range, as text. */
function spread(v, digits) {
  const s = [...v].sort((a, b) => a - b), m = s.length >> 1;
  const median = s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
  return `${median.toFixed(digits)} (${s[0].toFixed(digits)}-${s[s.length - 1].toFixed(digits)})`;
}

/** Prints each stream's table from the runs (each a process's measure). */
function report(ways, runs) {
  runs[0].forEach(([file, count], k) => {
    const times = runs.map((run) => run[k][2]), floor = times.map((t) => t[ways.length]);
    console.log(`\n${file}: ${count} names; ${runs.length} processes; floor ${spread(floor, 2)} ns\n`);
    console.log("| way | ns a name | less the floor | over hhn's of its kind | less the floor |");
    console.log("|---|---:|---:|---:|---:|");
    ways.forEach(([what], w) => {
      const base = w < 3 ? 0 : 3;
      const ratio = times.map((t) => t[w] / t[base]), less = times.map((t, i) => (t[w] - floor[i]) / (t[base] - floor[i]));
      console.log(`| ${what} | ${spread(times.map((t) => t[w]), 2)} | ${spread(times.map((t, i) => t[w] - floor[i]), 2)} | ` +
        `${spread(ratio, 2)} | ${spread(less, 2)} |`);
    });
    const over = times.map((t) => t[0] / t[1]), overLess = times.map((t, i) => (t[0] - floor[i]) / (t[1] - floor[i]));
    console.log(`\nhhn's lookup over the tree's walk: ${spread(over, 2)}; less the floor ${spread(overLess, 2)}`);
  });
}

function main(argv) {
  const mode = argv[0];
  const args = ["--check", "--child"].includes(mode) ? argv.slice(1) : mode === "--processes" ? argv.slice(2) : argv;
  const processes = mode === "--processes" ? Number(argv[1]) : PROCESSES;
  const [module, listFile, ...streams] = args;
  if (mode === "--child") {
    process.stdout.write(JSON.stringify(measure(module, listFile, streams, true).results));
    return;
  }
  const { names, ways, results: checked } = measure(module, listFile, streams, false);
  console.log(`bench-js: node ${process.version}, ${names.length} names (${listFile})`);
  if (mode === "--check") {
    checked.forEach(([file, count]) => console.log(`${file}: ${count} names, every way agrees`));
    return;
  }
  if (!(Number.isInteger(processes) && processes > 0)) {
    throw new Error(`--processes wants a number of processes, not ${argv[1]}`);
  }
  const runs = [];
  for (let p = 0; p < processes && checked.length > 0; p++) {
    const child = spawnSync(process.execPath, [__filename, "--child", ...args], { encoding: "utf8" });
    if (child.status !== 0) {
      throw new Error(`a timing process failed: ${child.stderr}`);
    }
    runs.push(JSON.parse(child.stdout));
  }
  if (runs.length > 0) {
    report(ways, runs);
  }
}

main(process.argv.slice(2));
