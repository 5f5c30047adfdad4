#!/bin/sh
# sections.sh FILE: writes each section of FILE (a line "//@@ NAME" starts section NAME) as a C
# string constant template_NAME, one quoted line a line; a line that starts "//@ " is a note,
# not written, and the blank line before a note or the next section separates, so is not
# written either. The build makes gen/emit/c/table.c.in a header so (build/gen/table_template.h).
set -eu
echo "/* $1's sections as C strings: made by tools/sections.sh; DO NOT EDIT. */"
# the backslashes and quotes escaped as C writes them, then each section a constant
sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' "$1" | awk '
  function flush() { if (name != "") { printf "static const char template_%s[] =\n", name
                       for (k = 1; k <= n; k++) printf "    \"%s\\n\"\n", line[k]
                       print ";" } n = 0 }
  /^\/\/@@ / { if (n > 0 && line[n] == "") n--; flush(); name = $2; next }
  /^\/\/@( |$)/ { if (n > 0 && line[n] == "") n--; flush(); name = ""; next }
  name != "" { line[++n] = $0 }
  END { flush() }'
