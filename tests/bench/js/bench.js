// bench.js (make bench-js): hhn-gen --js's module of a list against what Node's fetch (undici)
// does with the same names: a ternary search tree of them, a node a byte, walked over a Buffer
// with each uppercase letter made lowercase (undici's tree.lookup), and a Map of the names in
// lowercase, looked up by the Buffer's text lowercased. Every loop branches on the answer (a
// switch over four ids, as a parser's), beside its floor, the same loop over the answers known
// in advance; the ways interleaved, the least of ROUNDS runs each; the answers checked first.
//
// Usage: node bench.js [--check] MODULE LIST NAMES...   MODULE: hhn-gen --js's P.js of LIST (a
// names list, one name a line; "//" a comment); NAMES: stream files, a name a line (h1-names.txt,
// h2-names.txt: "\\" a backslash, "\t" a TAB, "\r" a CR, "\n" a LF).
"use strict";

const fs = require("node:fs");
const path = require("node:path");

const ROUNDS = 41;

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

function main(argv) {
  const check = argv[0] === "--check";
  const [module, listFile, ...streams] = check ? argv.slice(1) : argv;
  const hhn = require(path.resolve(module));
  const names = fs.readFileSync(listFile, "latin1").split("\n").map((l) => l.trim())
    .filter((l) => l !== "" && !l.startsWith("//")).map((l) => l.split(/\s/)[0]);
  const tree = new Tree(), map = new Map();
  for (const name of names) {
    const id = hhn.lookupString(name);
    tree.insert(name.toLowerCase(), id);
    map.set(name.toLowerCase(), id);
  }
  const known = ["content-type", "content-length", "host", "set-cookie"].map((n) => hhn.lookupString(n));
  const ways = [
    ["hhn lookup (Buffer)", (b) => hhn.lookup(b)],
    ["ternary tree, undici's walk (Buffer)", (b) => tree.lookup(b) ?? -1],
    ["Map, the Buffer's text lowercased", (b) => map.get(b.toString("latin1").toLowerCase()) ?? -1],
    ["hhn lookupString (string)", (b, s) => hhn.lookupString(s)],
    ["Map, the string lowercased", (b, s) => map.get(s.toLowerCase()) ?? -1],
  ];
  console.log(`bench-js: node ${process.version}, ${names.length} names (${listFile})`);
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
    if (check) {
      console.log(`${file}: ${lines.length} names, every way agrees`);
      continue;
    }
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
    const timeOf = (w) => {
      const t0 = process.hrtime.bigint();
      globalThis.sink = loops[w]();
      return Number(process.hrtime.bigint() - t0) / buffers.length;
    };
    const best = new Array(ways.length + 1).fill(Infinity);
    for (let r = 0; r < ROUNDS; r++) {
      for (let w = 0; w <= ways.length; w++) {
        best[w] = Math.min(best[w], timeOf(w));
      }
    }
    const floor = best[ways.length];
    console.log(`\n${file}: ${lines.length} names (floor: ${floor.toFixed(2)} ns)\n`);
    console.log("| way | ns a name | less the floor | this / hhn's of its kind, less the floor |");
    console.log("|---|---:|---:|---:|");
    ways.forEach(([what], w) => {
      const base = w < 3 ? best[0] : best[3];
      console.log(`| ${what} | ${best[w].toFixed(2)} | ${(best[w] - floor).toFixed(2)} | ${((best[w] - floor) / (base - floor)).toFixed(2)}x |`);
    });
  }
}

main(process.argv.slice(2));
