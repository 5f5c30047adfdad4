/* emit_test_program.c: the sections of P_test.c (hhn-gen --test): the table's tests against a plain
   reference, a program of its own and, with -DHHN_FUZZ, a fuzz target (see test.c.in). */
#include <stdio.h>
#include <string.h>

#include "emit_sections.h"
#include "test_template.h" /* template_test: gen/emit/c/test.c.in as a C string, made by the build */
#include "testplan.h"

/* Writes what the file is and how to build it, and its includes. */
void output_test_top(struct emitter *e) {
  comment(e,
          "@p_test.c: the tests of the table of %s against a plain reference written in this "
          "file (a binary search of the list, which it holds, and a check of each byte for a "
          "token's): @p_lookup, @p_lookup_lower, @p_lookup16, @p_lookup16_lower and the four "
          "@p_classify functions on every name in four spellings (as listed, lowercase, "
          "UPPERCASE, alternating), each byte replaced by each of the 256 values, bytes "
          "inserted, removed, cut and added, every string of 0 to 3 bytes, UTF-16 units above "
          "0x7F, and tokens of up to 70,000 bytes; every input flush against an unmapped page "
          "on each side where the system has mmap; the accessors on every id and on ids out of "
          "range. It prints the first failure and "
          "\"N checks, 0 failures\", and exits 0 if none failed.",
          e->o->source);
  comment(e, "Build and run: %s",
          e->o->static_file ? "cc @p_test.c && ./a.out (it includes @p.c)"
                            : "cc @p_test.c @p.c && ./a.out");
  comment(e,
          "As a fuzz target: clang -DHHN_FUZZ -fsanitize=fuzzer,address %s (or AFL++'s "
          "libFuzzer driver): the input picks a name of the list and how to change it.",
          e->o->static_file ? "@p_test.c" : "@p_test.c @p.c");
  out(e,
      "#if !defined(_DEFAULT_SOURCE)\n"
      "#define _DEFAULT_SOURCE /* mmap's MAP_ANON */\n"
      "#endif\n"
      "#include <limits.h>\n"
      "#include <stdint.h>\n"
      "#include <stdio.h>\n"
      "#include <stdlib.h>\n"
      "#include <string.h>\n"
      "#if defined(__unix__) || defined(__APPLE__)\n"
      "#include <setjmp.h>\n"
      "#include <signal.h>\n"
      "#include <sys/mman.h>\n"
      "#include <unistd.h>\n"
      "#if (defined(MAP_ANON) || defined(MAP_ANONYMOUS)) && !defined(HHN_TEST_UNGUARDED)\n"
      "#define GUARDED /* inputs flush against unmapped pages */\n"
      "#if !defined(MAP_ANON)\n"
      "#define MAP_ANON MAP_ANONYMOUS\n"
      "#endif\n"
      "#endif\n"
      "#endif\n"
      "\n#include \"@p.%s\"\n",
      e->o->static_file ? "c" : "h");
}

/* Writes the words of the list's flags or keys (nwords of them, in the list's order), each with
   its macro (P_FLAG_WORD or P_ATTR_WORD, as the table's header must define it) and the value
   the list gives it: name[] of struct refword, and its count. */
static void put_words(struct emitter *e, const char *name, const char *macro,
                      char (*words)[NAMES_MAX_WORD + 1], int nwords, int flags) {
  out(e, "static const struct refword %s[] = {\n", name);
  for (int i = 0; i < nwords; i++) {
    out(e, "    {\"%s\", (unsigned long)@P_%s", words[i], macro);
    put_ident(e, words[i]);
    out(e, flags ? ", 1ul << %d},\n" : ", %d},\n", i);
  }
  if (nwords == 0) /* C has no empty initializer */
    out(e, "    {NULL, 0, 0},\n");
  out(e, "};\n");
}

/* Writes the n numbers of v (unsigned char, size_t or unsigned: size bytes each), in hex if
   hex, as the rows of a C array. */
static void put_array(struct emitter *e, const void *v, size_t size, size_t n, int hex) {
  for (size_t i = 0; i < n; i++) {
    unsigned long x = size == 1   ? ((const unsigned char *)v)[i]
                      : size == 4 ? ((const unsigned *)v)[i]
                                  : (unsigned long)((const size_t *)v)[i];
    out(e, hex ? "%s0x%lX," : "%s%lu,", i % 8 ? " " : "\n    ", x);
  }
  out(e, "\n};\n");
}

/* Writes the test plan (testplan.h) as the template reads it. */
static void put_plan(struct emitter *e, const struct testplan *t) {
  comment(e, "The test plan: the spellings of a name, the names put after each, the longest "
             "input, the lengths past the longest name that are filled; what a parser may leave "
             "after a name; in a quick run (-DHHN_TEST_QUICK) and in another, the bytes of names "
             "past which the mutations sample, the byte values tried and the long tokens' "
             "lengths; their bytes and the odd bytes put in them; units above 0x7F; the bits "
             "flipped in a field's bytes.");
  out(e, "enum { SPELLINGS = %d, NAMESAFTER = %d, LONGMAX = %zu, FILLEDPAST = %d };\n",
      t->spellings, t->names_after, t->longest, t->filled_past);
  out(e, "static const struct reftail {\n  const char *s;\n  size_t n;\n} tails[] = {");
  for (size_t i = 0; i < t->ntails; i++)
    out(e, "%s{", i % 6 ? " " : "\n    "), put_string(e, t->tails[i].s, t->tails[i].n),
        out(e, ", %zu},", t->tails[i].n);
  out(e, "\n};\n#if defined(HHN_TEST_QUICK)\nenum { FULLBYTES = %zu };\n", t->quick_full_bytes);
  out(e, "static const unsigned char quickvalues[] = {");
  put_array(e, t->quick, 1, t->nquick, 1);
  out(e, "static const size_t longlens[] = {");
  put_array(e, t->quick_lengths, sizeof(size_t), t->nquick_lengths, 0);
  out(e, "#else\nenum { FULLBYTES = %zu };\nstatic const size_t longlens[] = {", t->full_bytes);
  put_array(e, t->lengths, sizeof(size_t), t->nlengths, 0);
  out(e, "#endif\nstatic const char token[] = ");
  put_string(e, t->alphabet, strlen(t->alphabet));
  out(e, ";\nstatic const unsigned char odd[] = {");
  put_array(e, t->odd, 1, t->nodd, 1);
  out(e, "static const uint16_t highunits[] = {");
  put_array(e, t->units, sizeof(unsigned), t->nunits, 1);
  if (e->fields != NULL)
    out(e, "static const unsigned char flips[] = {"), put_array(e, t->flips, 1, t->nflips, 1);
  out(e, "\n");
}

/* Writes the list as the reference reads it: each name as listed, its length, id and id's
   constant, flags and attributes (-1: none), in the list's order; the flag words and keys with
   their macros. */
void output_test_data(struct emitter *e) {
  const struct names *list = e->list;
  int keys = list->nkeys > 0 ? list->nkeys : 1;
  out(e, "\n");
  comment(e, "The list as hhn-gen read it: each name as listed, its length, its id and the id's "
             "constant in @p.h, its flags and its attributes (-1: none), in the list's order.");
  out(e,
      "static const struct refname {\n"
      "  const char *text;\n"
      "  size_t len;\n"
      "  int id, constant;\n"
      "  unsigned long flags;\n"
      "  long attr[%d];\n"
      "} refnames[] = {\n",
      keys);
  for (size_t i = 0; i < list->n; i++) {
    const struct name *nm = &list->v[i];
    out(e, "    {");
    put_string(e, nm->text, nm->len);
    out(e, ", %zu, %ld, @P_%s, 0x%lxul, {", nm->len, nm->id, nm->ident, nm->flags);
    for (int k = 0; k < keys; k++)
      out(e, "%s%ld", k ? ", " : "", list->nkeys > 0 ? nm->attr[k] : -1L);
    out(e, "}},\n");
  }
  out(e, "};\n");
  comment(e, "The list's flag words and keys, each with its macro in @p.h and the value the list "
             "gives it.");
  out(e, "struct refword {\n  const char *word;\n  unsigned long macro, want;\n};\n");
  put_words(e, "refflags", "FLAG_", (char(*)[NAMES_MAX_WORD + 1]) list->flag, list->nflags, 1);
  put_words(e, "refkeys", "ATTR_", (char(*)[NAMES_MAX_WORD + 1]) list->key, list->nkeys, 0);
  out(e, "enum { REFCOUNT = %zu, REFKEYS = %d, REFFLAGS = %d };\n\n", list->n, list->nkeys,
      list->nflags);
  put_plan(e, e->p->tests);
  put_template(e, template_test);
}
