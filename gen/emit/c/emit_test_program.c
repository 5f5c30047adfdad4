/* emit_test_program.c: the sections of P_test.c (hhn-gen --test): the table's tests against a plain
   reference, a program of its own and, with -DHHN_FUZZ, a fuzz target (see test.c.in). */
#include <stdio.h>
#include <string.h>

#include "emit_sections.h"
#include "render.h"
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

/* Writes the list, its words, the test plan and the static table (c_syntax.c says how), then
   the checks (test.c.in). */
void output_test_data(struct emitter *e) {
  e->blank = 1;
  render_test_data(e);
  put_template(e, template_test);
}
