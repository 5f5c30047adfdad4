# mkswitch.awk LIST: writes switch.go, the bench's switch on the string of the list's names in
# lowercase (each with its id, as hhn's constant names it: the bench checks that they agree).
BEGIN {
  print "// switch.go: made by tests/bench/go/mkswitch.awk from the list; a switch on the string."
  print "package main\n\nimport \"benchgo/hhn\"\n"
  print "// switchLookup is a switch on the name as it is, among the list's names in lowercase."
  print "func switchLookup(b []byte) (hhn.Id, bool) {\n\tswitch string(b) {"
  id = 0
}
/^[ \t]*(\/\/|$)/ { next }
{
  for (i = 2; i <= NF; i++) if ($i ~ /^id=/) id = substr($i, 4)
  printf "\tcase \"%s\":\n\t\treturn %d, true\n", tolower($1), id
  id++
}
END {
  print "\t}\n\treturn 0, false\n}\n"
  print "// switchFold is switchLookup of the name lowercased into a buffer first."
  print "func switchFold(b []byte) (hhn.Id, bool) {\n\tlowered = lowered[:0]"
  print "\tfor _, c := range b {\n\t\tif c-'A' < 26 {\n\t\t\tc += 32\n\t\t}"
  print "\t\tlowered = append(lowered, c)\n\t}\n\treturn switchLookup(lowered)\n}"
}
