/* c_syntax.c: how the C target spells the render layer's items that it writes through the
   render layer (render.h): its banner, the hash's terms (of bytes, and of UTF-16 units, whose
   low byte stands in for them), the enum of ids and its test's data (the list, its words, the
   test plan, the static table); its drivers (emit_c_drivers.c) write the rest as sections of
   their own. */
#include "c.h"

#include "render.h"

/* Each read of a sum (enum read_kind) as a term of the hash h, of the units s of length len;
   cast: what makes a unit a byte. */
#define ADD(cast, index) "  h += t->asso[" cast "s[" index "]$i];\n"
#define TERMS(cast)                                                                                \
  [READ_LENGTH] = "  h += t->asso[len$i];\n", [READ_AT] = ADD(cast, "$a"),                         \
  [READ_FROM_END] = ADD(cast, "len - $a"), [READ_PER_LENGTH] = ADD(cast, "t->lens[len].at"),       \
  [READ_IF_LONGER] = "  if (len > $a)\n  " ADD(cast, "$a"),                                        \
  [READ_IF_AT_LEAST] = "  if (len >= $a)\n  " ADD(cast, "len - $a"),                               \
  [READ_CLAMP_LAST] = ADD(cast, "len > $a ? $b : len - 1"),                                        \
  [READ_CLAMP_FIRST] = ADD(cast, "len > $a ? len - $b : 0")

/* A string of the test: octal escapes, which end where hexadecimal ones do not, and '?', which
   could begin a trigraph. */
#define TEST_STRING                                                                                \
  { "\"", "\"", "\\%03o", "", 1, 0, (size_t)-1, 0, "?" }

/* The test's list and its words (test.c.in reads them). */
#define LIST_OPEN                                                                                  \
  "/* The list as hhn-gen read it: each name as listed, its length, its id and the id's\n"         \
  "   constant in @p.h, its flags and its attributes (-1: none), in the list's order. */\n"        \
  "enum { REFCOUNT = $c };\nstatic const struct refname {\n  const char *text;\n"                  \
  "  size_t len;\n  int id, constant;\n  unsigned long flags;\n  long attr[$k];\n"                 \
  "} refnames[] = {\n"
#define LIST_ROW(attrs) "    {\"$s\", $n, $i, @P_$e, $ful, {" attrs "}},\n"
#define WORDS_OPEN                                                                                 \
  "/* The list's flag words and keys, each with its macro in @p.h and the value the list gives\n"  \
  "   it (C has no empty initializer: a NULL word ends them). */\n"                                \
  "static const struct refword {\n  const char *word;\n  int flag;\n"                              \
  "  unsigned long macro, want;\n} refwords[] = {\n"

/* The test plan (testplan.h), as test.c.in reads it. */
#define TEST_PLAN                                                                                  \
  "/* The test plan: the spellings of a name, the names put after each, the longest input, the\n"  \
  "   lengths past the longest name that are filled; what a parser may leave after a name; in a\n" \
  "   quick run (-DHHN_TEST_QUICK) and in another, the bytes of names past which the mutations\n"  \
  "   sample, the byte values tried and the long tokens' lengths; their bytes and the odd bytes\n" \
  "   put in them; units above 0x7F; the bits flipped in a field's bytes (--fields). */\n"         \
  "enum { SPELLINGS = $s, NAMESAFTER = $n, LONGMAX = $y, FILLEDPAST = $p };\n"                     \
  "static const struct reftail {\n  const char *s;\n  size_t n;\n} tails[] = {$t\n};\n"            \
  "#if defined(HHN_TEST_QUICK)\nenum { FULLBYTES = $g };\n"                                        \
  "static const unsigned char quickvalues[] = {$q\n};\n"                                           \
  "static const size_t longlens[] = {$m\n};\n#else\nenum { FULLBYTES = $f };\n"                    \
  "static const size_t longlens[] = {$l\n};\n#endif\nstatic const char token[] = $B;\n"            \
  "static const unsigned char odd[] = {$o\n};\nstatic const uint16_t highunits[] = {$u\n};\n"

/* The static table as the test reads it (--fields). */
#define ENTRIES_OPEN                                                                               \
  "/* The static table as hhn-gen read it: each entry's name and value, in index order, and the\n" \
  "   bytes after the value in the table's pool. */\n"                                             \
  "enum { REFENTRIES = $c };\nstatic const struct refentry {\n"                                    \
  "  const char *name, *value, *after;\n  size_t nlen, vlen, alen;\n} refentries[] = {\n"
#define ENTRIES_CLOSE                                                                              \
  "};\n/* A match of a name alone answers its $l entry (hhn-gen --name-entry). */\n"               \
  "enum { REFNAMELAST = $n };\n"

const struct syntax c_syntax = {
    /* the source is a file name, so it holds no slash to end the comment with */
    .banner = "/* DO NOT EDIT: generated by hhn-gen from $s with\n *  ",
    .banner_col = 4,
    .command = "\n *    ",
    .top_end = "\n */\n",
    .term = {TERMS("")},
    .increment = " + $v",
    .ids_open = "/* clang-format off */\nenum @p_id {\n",
    .ids_row = "  @P_$e = $i,\n",
    .ids_close = "};\n/* clang-format on */\n",
    .records =
        {
            [RECORD_LIST] = {LIST_OPEN, LIST_ROW("$a"), "};\n", LIST_ROW("-1")},
            [RECORD_TEST_ENTRIES] = {ENTRIES_OPEN, "    {\"$s\", $B, $R, $z, $v, $r},\n",
                                     ENTRIES_CLOSE, NULL},
        },
    .test_words = {WORDS_OPEN, "    {\"$w\", 1, (unsigned long)@P_FLAG_$u, 1ul << $k},\n",
                   "    {\"$w\", 0, (unsigned long)@P_ATTR_$u, $k},\n",
                   "    {NULL, 0, 0, 0},\n};\nenum { REFKEYS = $n };\n"},
    .test_plan = TEST_PLAN,
    .test_fields_plan = "static const unsigned char flips[] = {$x\n};\n",
    .test_per_row = 8,
    .test_row = "\n    ",
    .test_tail = "{$B, $n}",
    .test_string = TEST_STRING,
    .test_entry = TEST_STRING,
};

const struct syntax c_units_syntax = {
    .term = {TERMS("(unsigned char)")},
    .increment = " + $v",
};
