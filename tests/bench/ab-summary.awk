# ab-summary.awk: the summary of tests/bench/ab.sh's runs: for each build (the vector lookups
# picked at load, without AVX-512's, or portable), loop and stream, the new table's time over the old one's, hhn / old and
# hhn_lower / old_lower, as the range over every run it read (both link orders, and any rerun).
# Reads the runs' output; writes a markdown table.
/^## / {
  build = /^## portable/ ? "portable" : /^## avx2/ ? "AVX2 where the CPU has it" : "AVX-512 where the CPU has it"
  loop = ""
  next
}
/^ns per lookup, best of 25 runs, each after/ { loop = "plain" }
/^The same with loop_only/ || /^Cold caches/ || /^Bytes/ || /^UTF-16/ { loop = "" }
/^The loop that branches/ { loop = "branching" }
/^Latency:/ { loop = "latency" }
/^\| stream / {
  n = split($0, h, "|")
  split("", col) # this table's columns alone
  for (i = 2; i < n; i++) { gsub(/ /, "", h[i]); col[h[i]] = i }
  next
}
loop != "" && /^\| (h1 as sent|h2 as sent|h1 shuffled|unknown X-\.\.\.) \|/ {
  split($0, c, "|")
  stream = c[2]; gsub(/^ +| +$/, "", stream)
  key = build SUBSEP loop SUBSEP stream
  if (!(key in seen)) { seen[key] = 1; order[++keys] = key }
  ratio(key SUBSEP 1, c[col["hhn"]] / c[col["old"]])
  if ("hhn_lower" in col && "old_lower" in col)
    ratio(key SUBSEP 2, c[col["hhn_lower"]] / c[col["old_lower"]])
}
# ratio(K, R): widens the range of K to hold R.
function ratio(k, r) {
  if (!(k in lo) || r < lo[k]) lo[k] = r
  if (!(k in hi) || r > hi[k]) hi[k] = r
}
function range(k) { return k in lo ? sprintf("%.2f-%.2f", lo[k], hi[k]) : "" }
END {
  print "\n## Summary: the new table's time over the old one's (the range over every run above)\n"
  print "| build | loop | stream | hhn / old | hhn_lower / old_lower |"
  print "|---|---|---|---:|---:|"
  for (i = 1; i <= keys; i++) {
    split(order[i], p, SUBSEP)
    printf "| %s | %s | %s | %s | %s |\n", p[1], p[2], p[3], range(order[i] SUBSEP 1), range(order[i] SUBSEP 2)
  }
}
