#!/bin/sh
# cstring.sh NAME FILE: writes FILE after its opening comment (up to its first blank line) as a
# C string constant NAME, one quoted line a line. The build makes gen/emit/c/test.c.in a header so.
set -eu
echo "/* $2 as a C string: made by tools/cstring.sh; DO NOT EDIT. */"
echo "static const char $1[] ="
sed -e '1,/^$/d' -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/    "/' -e 's/$/\\n"/' "$2"
echo ";"
