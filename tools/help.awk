# help.awk: `make help` from the rules' comments. A rule "name: ... ## text" is listed under
# the group its name falls in: a user's (USER, a list of names given with -v), the benchmarks
# (bench-*), or a contributor's (every other); each line is at most 100 columns, the text wrapped
# under itself. Run by the Makefile's help rule over every make file.
BEGIN {
  FS = ":[^#]*## "
  n = split(USER, u, " ")
  for (i = 1; i <= n; i++)
    user[u[i]] = 1
  heading[1] = "To build, install and regenerate:"
  heading[2] = "Benchmarks (each takes minutes):"
  heading[3] = "Tests, for contributors (make check after each edit):"
}
/^[a-z][a-z-]*:.*## / {
  g = ($1 in user) ? 1 : ($1 ~ /^bench/) ? 2 : 3
  rows[g] = rows[g] wrapped($1, $2)
}
END {
  for (g = 1; g <= 3; g++)
    if (rows[g] != "")
      printf "%s%s\n%s", (g > 1 ? "\n" : ""), heading[g], rows[g]
}
# The rule's lines: "  make NAME" padded to column 27, then its text in lines of at most 100.
function wrapped(name, text,    out, line, w, k, words) {
  line = sprintf("  make %-20s", name)
  k = split(text, words, " ")
  for (w = 1; w <= k; w++) {
    if (length(line) + 1 + length(words[w]) > 100 && line !~ /^ *$/ && length(line) > 28) {
      out = out line "\n"
      line = sprintf("%27s", "")
    }
    line = line " " words[w]
  }
  return out line "\n"
}
