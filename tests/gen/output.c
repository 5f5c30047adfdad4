/* output.c: the tests of the tables hhn-gen writes: each variant of the output, built by the
   programs of tests/gen/programs (or its own test, --test) with both compilers and lookups. */
#include "harness.h"

#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* Runs hhn-gen on list with args and reads the .c it wrote into c. */
static void generate(struct run *r, const char *list, const char *const args[], char *c,
                     size_t size) {
  char path[256];
  setup_dir(r, list, strlen(list));
  run_in(r, NULL, args);
  ck_assert_msg(r->status == 0, "status %d: %s", r->status, r->err);
  snprintf(path, sizeof path, "%s/out/hhn.c", r->dir);
  ck_assert_int_gt(slurp(path, c, size), 0);
}

/* Runs hhn-gen with args and the prefix given, and checks that it refuses the prefix in one
   line that says why, with a bad command line's status. */
static void expect_prefix_refused(const char *prefix, const char *option, const char *why) {
  struct run r;
  const char *const args[] = {"--prefix", prefix, option, "names.in", NULL};
  char want[512];
  setup_dir(&r, "Accept\n", 7);
  run_in(&r, NULL, args);
  ck_assert_int_eq(r.status, 2);
  snprintf(want, sizeof want, "hhn-gen: error: prefix '%s' cannot be used: %s", prefix, why);
  ck_assert_msg(strncmp(r.err, want, strlen(want)) == 0 && strchr(r.err, '\n')[1] == '\0', "%s: %s",
                prefix, r.err);
}

/* Writes list as names.in, runs hhn-gen --test with args, and checks that its test compiles
   with -Wall -Wextra -Werror as C and as C++ (gcc, g++) and passes. */
static void expect_test_builds_and_passes(const char *list, const char *prefix, int static_file) {
  struct run r;
  char cmd[1024];
  const char *const args[] = {
      "--test",       "--prefix", prefix,     static_file ? "--static" : "--quiet",
      "--output-dir", "out",      "names.in", NULL};
  setup_dir(&r, list, strlen(list));
  run_in(&r, NULL, args);
  ck_assert_msg(r.status == 0, "%s: status %d: %s", prefix, r.status, r.err);
  char table[128] = "";
  if (!static_file)
    snprintf(table, sizeof table, "out/%s.c", prefix);
  snprintf(cmd, sizeof cmd,
           "cc -std=c99 -O1 -Wall -Wextra -Werror -DHHN_TEST_QUICK out/%s_test.c %s -o t && "
           "./t > t.log && "
           "grep -q ' checks, 0 failures$' t.log && g++ -x c++ -Wall -Wextra -Werror -c "
           "out/%s_test.c -o u.o",
           prefix, table, prefix);
  ck_assert_msg(shell_in(&r, cmd) == 0, "the test of prefix %s", prefix);
}

/* Makes a table of a.in with --test, and beside its test the table of b.in changed by the sed
   expression edit (if not empty): the test must fail, and say `want`. */
static void expect_test_fails_on(const char *a, const char *b, const char *edit, const char *want) {
  struct run r;
  char cmd[PATH_MAX + 1024], path[256];
  static const char *const args[] = {"--test", "--output-dir", "out", "a.in", NULL};
  setup_dir(&r, NULL, 0);
  snprintf(path, sizeof path, "%s/a.in", r.dir);
  spit(path, a, strlen(a));
  snprintf(path, sizeof path, "%s/b.in", r.dir);
  spit(path, b, strlen(b));
  run_in(&r, NULL, args);
  ck_assert_int_eq(r.status, 0);
  snprintf(cmd, sizeof cmd,
           "'%s' -q --output-dir other b.in && cp out/hhn_test.c other/ && %s%s%s"
           "cc -O1 other/hhn_test.c other/hhn.c -o t && ! ./t > t.log && grep -qF \"%s\" t.log",
           gen, edit[0] ? "sed -i '" : "", edit, edit[0] ? "' other/hhn.[ch] && " : "", want);
  ck_assert_msg(shell_in(&r, cmd) == 0, "the test did not say '%s'", want);
}

/* Builds the test that hhn-gen --test wrote beside r's table, each way (with the vector
   lookups, without either, and with the AVX2 ones alone where the table has them), quick (the
   byte values where a lookup could go wrong: the matrix runs big tables' tests whole), and
   checks that it passes. */
static void expect_emitted_test_passes(struct run *r) {
  ck_assert_int_eq(
      shell_in(r, "for v in '' -DHHN_NO_AVX512 "
                  "$(grep -qs lookup_avx2 out/hhn.c && echo '-DHHN_NO_AVX512 -DHHN_AVX2'); do "
                  "cc -O2 -DHHN_TEST_QUICK $v out/hhn_test.c out/hhn.c -o t && ./t > t.log && "
                  "grep -q ' checks, 0 failures$' t.log || exit 1; done"),
      0);
}

/* Writes into list 1,050 names, each a 33-byte base with one byte from the third on replaced:
   only all 31 of those bytes tell them apart. */
static void write_alike_in_31_bytes(char *list, size_t size) {
  static const char base[] = "x-abcdefghijklmnopqrstuvwxyz-0123",
                    values[] = "0123456789abcdefghijklmnopqrstuvwxyz";
  size_t n = (size_t)snprintf(list, size, "%s\n", base);
  for (int count = 1, v = 0; count < 1050; v++)
    for (size_t p = 2; p < sizeof base - 1 && count < 1050; p++)
      if (base[p] != values[v]) {
        n += (size_t)snprintf(list + n, size - n, "%.*s%c%s\n", (int)p, base, values[v],
                              base + p + 1);
        count++;
      }
}

START_TEST(test_gen_accepts_name_of_255_bytes) {
  char list[300];
  struct run r;
  memset(list, 'a', 255);
  strcpy(list + 255, "\nb\n");
  run_list(&r, list, strlen(list));
  ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
  ck_assert_int_eq(r.outputs, 2);
}
END_TEST

START_TEST(test_gen_help_and_version_exit_0) {
  struct run r;
  static const char *const help[] = {"--help", NULL}, *const version[] = {"--version", NULL};
  setup_dir(&r, NULL, 0);
  run_in(&r, NULL, help);
  ck_assert_int_eq(r.status, 0);
  ck_assert_ptr_nonnull(strstr(r.out, "usage: hhn-gen"));
  ck_assert_ptr_nonnull(strstr(r.out, "--key-positions"));
  run_in(&r, NULL, version);
  ck_assert_int_eq(r.status, 0);
  ck_assert_int_eq(strncmp(r.out, "hhn-gen ", 8), 0);
}
END_TEST

/* Whether doc, before end (or anywhere if end is NULL), holds option (its name after "--"), as
   roff spells it (each '-' as "\-") if roff. */
static int documents_in(const char *doc, const char *end, const char *option, int roff) {
  char spelled[64] = "--", *p = spelled + 2;
  if (roff)
    strcpy(spelled, "\\-\\-"), p = spelled + 4;
  for (const char *o = option; *o && p < spelled + sizeof spelled - 3; o++)
    p += roff && *o == '-' ? sprintf(p, "\\-") : sprintf(p, "%c", *o);
  const char *at = strstr(doc, spelled);
  return at != NULL && (end == NULL || at < end);
}

static int documents(const char *doc, const char *option, int roff) {
  return documents_in(doc, NULL, option, roff);
}

START_TEST(test_gen_man_page_and_help_document_every_option) {
  static char man[65536], guide[131072];
  struct run r;
  static const char *const help[] = {"--help", NULL};
  int options = 0;
  ck_assert_int_gt(slurp("gen/hhn-gen.1", man, sizeof man), 0);
  ck_assert_int_gt(slurp("docs/generator.md", guide, sizeof guide), 0);
  setup_dir(&r, NULL, 0);
  run_in(&r, NULL, help);
  /* every option that --help lists, a line "  --NAME ...", in the man page and, in code
     spans, in the guide ("`--NAME") */
  for (const char *at = r.out; (at = strstr(at, "\n  --")) != NULL; at++) {
    char name[64], row[80];
    size_t n = strspn(at + 5, "abcdefghijklmnopqrstuvwxyz-");
    if (n == 0 || n >= sizeof name)
      continue; /* "--" alone */
    snprintf(name, sizeof name, "%.*s", (int)n, at + 5);
    snprintf(row, sizeof row, "`--%s", name);
    ck_assert_msg(documents(man, name, 1), "hhn-gen.1 lacks --%s", name);
    ck_assert_msg(strstr(guide, row) != NULL, "docs/generator.md lacks --%s", name);
    options++;
  }
  ck_assert_int_ge(options, 17);
  /* every option of the usage ("[--NAME") in the guide's synopsis and the man page's */
  const char *synopsis = strstr(guide, "\nhhn-gen ["), *man_synopsis = strstr(man, ".SH SYNOPSIS");
  const char *synopsis_end = synopsis ? strchr(synopsis + 1, '\n') : NULL;
  const char *man_end = man_synopsis ? strstr(man_synopsis, ".SH DESCRIPTION") : NULL;
  const char *usage_end = strstr(r.out, "\n\n");
  int usage_options = 0;
  ck_assert(synopsis_end != NULL && man_end != NULL && usage_end != NULL);
  for (const char *at = r.out; (at = strstr(at, "[--")) != NULL && at < usage_end; at++) {
    char row[80], name[64];
    snprintf(name, sizeof name, "%.*s", (int)strspn(at + 3, "abcdefghijklmnopqrstuvwxyz-"), at + 3);
    snprintf(row, sizeof row, "[--%s", name);
    const char *in_guide = strstr(synopsis, row);
    ck_assert_msg(in_guide != NULL && in_guide < synopsis_end, "the guide's synopsis lacks %s",
                  row);
    ck_assert_msg(documents_in(man_synopsis, man_end, name, 1), "the man page's synopsis lacks %s",
                  row);
    usage_options++;
  }
  ck_assert_int_ge(usage_options, 17);
  ck_assert_ptr_nonnull(strstr(man, "ATTR_"));
  ck_assert_ptr_nonnull(strstr(man, "FLAG_"));
  /* every function that the default table's header declares, as P_... */
  static char header[65536];
  ck_assert_int_gt(slurp("include/hhn.h", header, sizeof header), 0);
  int functions = 0;
  for (const char *at = header; (at = strstr(at, "hhn_")) != NULL; at++) {
    char name[64];
    size_t n = strcspn(at + 4, "(; )");
    if (at[4 + n] != '(' || (at[-1] != ' ' && at[-1] != '*'))
      continue;
    snprintf(name, sizeof name, "P_%.*s", (int)n, at + 4);
    ck_assert_msg(strstr(r.out, name) != NULL, "--help lacks %s", name);
    ck_assert_msg(strstr(man, name) != NULL, "hhn-gen.1 lacks %s", name);
    functions++;
  }
  ck_assert_int_ge(functions, 7);
  ck_assert_msg(strstr(man, "@VERSION@") == NULL, "hhn-gen.1 holds @VERSION@");
}
END_TEST

START_TEST(test_gen_hashes_the_key_positions_given) {
  struct run r;
  static char c[65536];
  static const char *const args[] = {"--key-positions", "2,$-2", "--output-dir", "out",
                                     "names.in",        NULL};
  generate(&r, "Accept\nDate\nVia\n", args, c, sizeof c);
  expect_each_lookup_passes(&r, "probe_key_positions.c");
}
END_TEST

START_TEST(test_gen_writes_flags_and_attributes) {
  struct run r;
  static char c[65536], h[65536];
  char path[256];
  static const char *const args[] = {"--output-dir", "out", "names.in", NULL};
  generate(&r, "Accept  single hpack=19  // RFC 9110\nDate\tsingle\tqpack=6\nVia hop-by-hop\n",
           args, c, sizeof c);
  snprintf(path, sizeof path, "%s/out/hhn.h", r.dir);
  ck_assert_int_gt(slurp(path, h, sizeof h), 0);
  expect_each_lookup_passes(&r, "probe_attrs.c");
}
END_TEST

START_TEST(test_gen_table_of_names_under_4_bytes_compares_bytes_and_works) {
  struct run r;
  static char c[65536];
  static const char *const args[] = {"--output-dir", "out", "names.in", NULL};
  generate(&r, "a\nTE\nVia\nDnt\n", args, c, sizeof c);
  expect_each_lookup_passes(&r, "under_4_bytes.c");
}
END_TEST

START_TEST(test_gen_chooses_a_byte_per_length_for_names_alike_deep_inside) {
  struct run r;
  static char c[65536];
  char list[200];
  static const char *const args[] = {"--hash", "gperf", "--output-dir", "out", "names.in", NULL};
  /* Two 60-byte names that differ only in byte 41, beyond the first and last 16, and a short
     name: byte 41 is read as the byte chosen for length 60. */
  memset(list, 'a', 60);
  memset(list + 61, 'a', 60);
  list[40] = 'x', list[60] = '\n', list[121] = '\n';
  strcpy(list + 122, "Via\n");
  generate(&r, list, args, c, sizeof c);
  expect_each_lookup_passes(&r, "probe_per_length.c");
}
END_TEST

START_TEST(test_gen_falls_back_to_gperf_positions_for_names_alike_but_deep_inside) {
  struct run r;
  static char c[65536];
  char list[200];
  static const char *const args[] = {"--hash", "gperf", "--output-dir", "out", "names.in", NULL};
  /* Three 60-byte names, one differing from another in byte 31 and from the third in byte 36:
     no byte in the first and last 16, nor any one byte per length, tells them apart. And two
     short names, which the AVX-512 lookup takes, hashed by gperf's positions too. */
  memset(list, 'a', 182);
  list[30] = 'x', list[61 + 35] = 'x', list[60] = list[121] = list[182] = '\n';
  strcpy(list + 183, "Via\nTE\n");
  generate(&r, list, args, c, sizeof c);
  expect_each_lookup_passes(&r, "probe_gperf_positions.c");
}
END_TEST

START_TEST(test_gen_word_hash_chains_names_alike_in_every_key_and_finds_them) {
  struct run r;
  static char c[65536];
  static const char *const args[] = {"--hash", "word",     "--test", "--output-dir",
                                     "out",    "names.in", NULL};
  /* The same first, middle and last 4 bytes and length: no key tells these apart, so two of
     them are chained; the emitted test looks each up in every spelling, at guard pages, with
     both lookups, and every mutation of each. A '_' in a key: the lowercase rule folds too. */
  generate(&r, "Acme-1-Trace-Ids\nAcme-2-Trace-Ids\nAcme-3-Trace-Ids\nX_Span\nTE\n", args, c,
           sizeof c);
  ck_assert_msg(strstr(r.out, "(2 names chained)") != NULL, "stdout: %s", r.out);
  ck_assert_ptr_nonnull(strstr(c, "t->next[i] ? chained("));
  ck_assert_ptr_nonnull(strstr(c, "(void)fold; /* a name has '^' or '_'"));
  expect_emitted_test_passes(&r);
}
END_TEST

START_TEST(test_gen_takes_a_sum_of_values_where_the_word_hash_would_chain_many_names) {
  struct run r;
  static char c[65536];
  static const char *const args[] = {"--output-dir", "out", "names.in", NULL};
  /* 3 names of one length and key, of which 2 would chain, where 1 of 5 names may: the
     default takes a gperf hash */
  generate(&r, "Acme-1-Trace-Ids\nAcme-2-Trace-Ids\nAcme-3-Trace-Ids\nVia\nTE\n", args, c,
           sizeof c);
  ck_assert_msg(strstr(r.out, "the hash reads the length") != NULL, "stdout: %s", r.out);
  ck_assert_ptr_null(strstr(c, "word hash"));
}
END_TEST

START_TEST(test_gen_word_hash_keys_by_the_middle_where_the_first_bytes_chain) {
  struct run r;
  static char c[65536];
  static const char *const args[] = {"--test", "--output-dir", "out", "names.in", NULL};
  /* alike in their first and last 4 bytes, apart in their middle 4: no chain */
  generate(&r, "Cross-Origin-Embedder-Policy\nCross-Origin-Resource-Policy\nVia\n", args, c,
           sizeof c);
  ck_assert_msg(strstr(r.out, "reads the middle and last 4 bytes (0 names chained)") != NULL,
                "stdout: %s", r.out);
  ck_assert_ptr_nonnull(strstr(c, "load4(s + (len >> 1) - 2)"));
  expect_emitted_test_passes(&r);
}
END_TEST

START_TEST(test_gen_js_word_hash_keys_by_the_first_bytes_where_they_chain_few) {
  struct run r;
  static const char *const args[] = {"--js", "--output-dir", "out", "names.in", NULL};
  /* JavaScript reads a name a byte at a time, so the middle 4 bytes would be 4 reads more in
     every lookup: it keys by the first 4 where they chain no more names than a hash may (1 of
     these 3), and multiplies in 32 bits (checked on every name before writing) */
  setup_dir(&r, "Cross-Origin-Embedder-Policy\nCross-Origin-Resource-Policy\nVia\n", 62);
  run_in(&r, NULL, args);
  ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
  ck_assert_msg(strstr(r.out, "reads the first and last 4 bytes (1 name chained)") != NULL,
                "stdout: %s", r.out);
}
END_TEST

START_TEST(test_gen_table_of_one_name_hashes_the_length_alone_and_works) {
  struct run r;
  static char c[65536];
  static const char *const args[] = {"--output-dir", "out", "names.in", NULL};
  generate(&r, "Accept\n", args, c, sizeof c);
  ck_assert_msg(
      strstr(r.out, ": 1 name in 2 slots; the hash reads the length (searched, cost 0)\n"),
      "stdout: %s", r.out);
  ck_assert_ptr_nonnull(strstr(c, " * 1 name of 6 bytes in 2 slots."));
  expect_each_lookup_passes(&r, "probe_length_alone.c");
}
END_TEST

START_TEST(test_gen_widens_positions_for_a_big_list_alike_but_deep_inside) {
  struct run r;
  static char c[1 << 21], list[1300 * 62];
  static const char *const args[] = {"--output-dir", "out", "names.in", NULL};
  size_t n = 0;
  /* 1,200 names of 60 bytes that differ only in bytes 30 to 33, beyond the first and last 16:
     too many for gperf's own positions, so the positions are widened one at a time */
  for (int i = 0; i < 1200; i++)
    n += (size_t)snprintf(list + n, sizeof list - n, "%030d%04d%026d\n", 0, i, 0);
  generate(&r, list, args, c, sizeof c);
  ck_assert_msg(strstr(r.out, "hhn-gen's own values)") != NULL, "stdout: %s", r.out);
  expect_each_lookup_passes(&r, "widened.c");
}
END_TEST

START_TEST(test_gen_tells_names_apart_by_8_or_more_positions_given) {
  struct run r;
  static char c[1 << 17];
  static const char *const args[] = {"--key-positions", "1-8", "--test", "--output-dir", "out",
                                     "names.in",        NULL};
  /* 4 ^ 'a' is 7 ^ 'b': a key that began with the bare length took these for one */
  generate(&r, "abcd\nbbcdddd\n", args, c, sizeof c);
  expect_emitted_test_passes(&r);
}
END_TEST

START_TEST(test_gen_hashes_a_big_list_that_only_31_bytes_tell_apart) {
  struct run r;
  static char c[1 << 20], list[1100 * 40];
  static const char *const args[] = {"--test", "--output-dir", "out", "names.in", NULL};
  write_alike_in_31_bytes(list, sizeof list);
  generate(&r, list, args, c, sizeof c);
  ck_assert_msg(strstr(r.out, ": 1050 names in ") != NULL && strstr(r.out, "own values") != NULL,
                "stdout: %s", r.out);
  expect_emitted_test_passes(&r);
  /* 34,650 bytes of names: the quick test samples every 3rd (once "every 2th" at 2) */
  ck_assert_int_eq(shell_in(&r, "grep -q 'mutations of every 3rd name, the others' t.log"), 0);
}
END_TEST

START_TEST(test_gen_hashes_a_big_list_by_the_31_positions_given) {
  struct run r;
  static char c[1 << 20], list[1100 * 40];
  static const char *const args[] = {"--key-positions", "3-33", "--test", "--output-dir", "out",
                                     "names.in",        NULL};
  write_alike_in_31_bytes(list, sizeof list);
  generate(&r, list, args, c, sizeof c);
  expect_emitted_test_passes(&r);
}
END_TEST

START_TEST(test_gen_vector_table_takes_names_up_to_32_bytes_and_both_lookups_work) {
  struct run r;
  static char c[131072];
  static const char *const args[] = {"--output-dir", "out", "names.in", NULL};
  /* 32 bytes, 33 and 40: only the first goes into the AVX-512 table; the others take
     lookup_portable on any CPU. */
  generate(&r,
           "Access-Control-Allow-Credentials\nAccess-Control-Allow-Credentials2\n"
           "Cross-Origin-Opener-Policy-Report-Only\nVia\n",
           args, c, sizeof c);
  expect_each_lookup_passes(&r, "probe_vector.c");
}
END_TEST

START_TEST(test_gen_small_table_has_no_vector_slots_and_its_lookups_work) {
  struct run r;
  static char c[131072];
  static const char *const args[] = {"--small", "--output-dir", "out", "names.in", NULL};
  generate(&r,
           "Accept\nCookie\nContent-Type\nSec-Fetch-Dest\nAccept-Charset\n"
           "Access-Control-Allow-Credentials\nAccess-Control-Allow-Headers\n",
           args, c, sizeof c);
  ck_assert_msg(strstr(c, "vslots") == NULL, "a vector slot in the --small table");
  ck_assert_msg(strstr(c, "vector(t->pool + t->offset[i])") != NULL,
                "the vector lookup does not read the pool");
  expect_each_lookup_passes(&r, "pooled.c");
}
END_TEST

START_TEST(test_gen_direct_table_puts_its_small_arrays_first_and_its_slots_on_a_line) {
  struct run r;
  static char c[131072];
  static const char *const args[] = {"--output-dir", "out", "names.in", NULL};
  generate(&r, "Via\nAccept\nCross-Origin-Opener-Policy-Report-Only\n", args, c, sizeof c);
  ck_assert_msg(strstr(r.out, "3 names in 4 slots") != NULL, "stdout: %s", r.out);
  expect_each_lookup_passes(&r, "probe_slots.c");
}
END_TEST

START_TEST(test_gen_table_of_over_256_names_gives_ids_two_bytes_and_works) {
  struct run r;
  static char c[1 << 20], list[8192];
  static const char *const args[] = {"--output-dir", "out", "names.in", NULL};
  size_t n = 0;
  for (int i = 0; i < 300; i++)
    n += (size_t)snprintf(list + n, sizeof list - n, "X-Name-%d\n", i);
  generate(&r, list, args, c, sizeof c);
  expect_each_lookup_passes(&r, "over_256_names.c");
}
END_TEST

START_TEST(test_gen_indexed_table_with_a_name_of_255_bytes_is_right) {
  struct run r;
  static char c[1 << 22], list[150000];
  static const char *const args[] = {"--output-dir", "out", "names.in", NULL};
  static const char chars[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_!";
  /* four names of each length from 3 to 255, of random tchars: over 1,000 names, so a hash of
     hhn-gen's own values, whose table has records, and whose per-length table holds 256 for
     length 255 (the offset of its mask), which once wrapped around to 0 in an unsigned char and
     made the name itself its own mask: a 255-byte input whose bytes were bit-subsets of the
     name's took its id */
  uint32_t x = 12345;
  size_t n = 0;
  for (size_t len = 3; len <= 255; len++)
    for (int i = 0; i < 4; i++) {
      for (size_t k = 0; k < len; k++, x = x * 1103515245u + 12345u)
        list[n++] = chars[(x >> 16) % (sizeof chars - 1)];
      list[n++] = '\n';
    }
  list[n] = '\0';
  generate(&r, list, args, c, sizeof c);
  ck_assert_msg(strstr(r.out, "hhn-gen's own values") != NULL, "not a displaced table: %s", r.out);
  expect_each_lookup_passes(&r, "every_byte.c");
}
END_TEST

START_TEST(test_gen_gives_each_name_the_id_the_list_chooses) {
  struct run r;
  static char list[8192], c[1 << 18];
  static const char *const args[] = {"--output-dir", "out", "names.in", NULL};
  ck_assert_int_gt(slurp("tests/data/ids/nghttp2.in", list, sizeof list), 0);
  generate(&r, list, args, c, sizeof c);
  expect_each_lookup_passes(&r, "ids.c");
}
END_TEST

START_TEST(test_gen_static_makes_one_file_to_include) {
  struct run r;
  static char c[1 << 17];
  char path[256];
  static const char *const args[] = {"--static", "--output-dir", "out", "names.in", NULL};
  generate(&r, "Accept\nDate\nVia\nTE\nAccess-Control-Allow-Credentials\n", args, c, sizeof c);
  snprintf(path, sizeof path, "%s/out/hhn.h", r.dir);
  ck_assert_int_eq(access(path, F_OK), -1); /* one file */
  ck_assert_int_eq(r.outputs, 1);
  expect_each_lookup_passes(&r, "probe_static_file.c");
  /* it exports nothing: the user's file defines main alone */
  ck_assert_int_eq(shell_in(&r, "cc -std=c99 -I. -Iout -c out/hhn.c -o one.o && "
                                "test -z \"$(nm -g --defined-only one.o)\""),
                   0);
}
END_TEST

START_TEST(test_gen_static_refuses_header_dir_and_its_own_macros_as_ids) {
  static const char *const args[] = {"--static", "--header-dir", "inc", "names.in", NULL};
  struct run r;
  setup_dir(&r, "Accept\n", 7);
  run_in(&r, NULL, args);
  ck_assert_int_eq(r.status, 2);
  ck_assert_msg(strncmp(r.err, "hhn-gen: error: --header-dir has no use with --static", 53) == 0,
                "%s", r.err);
  static const char *const one[] = {"--static", "--output-dir", "out", "names.in", NULL};
  setup_dir(&r, "Accept\nInline\n", 14);
  run_in(&r, NULL, one);
  ck_assert_int_eq(r.status, 1);
  ck_assert_str_eq(r.err, "names.in:2: error: 'Inline' would make the id name HHN_INLINE, which "
                          "one file (--static) defines for itself\n");
}
END_TEST

START_TEST(test_gen_cxx_writes_a_header_whose_enumerators_are_never_keywords) {
  struct run r;
  static char c[1 << 17];
  static const char *const args[] = {"--cxx", "--output-dir", "out", "names.in", NULL};
  generate(&r, "Private\nDefault\n1xx\nErrno\nAccept\n", args, c, sizeof c);
  ck_assert_int_eq(r.outputs, 3); /* hhn.c, hhn.h, hhn.hpp */
  ck_assert_ptr_nonnull(strstr(r.out, "out/hhn.h and out/hhn.hpp:"));
  char cmd[PATH_MAX + 512];
  snprintf(cmd, sizeof cmd,
           "cc -std=c99 -c out/hhn.c -o t.o && c++ -std=c++17 -Wall -Wextra -Wpedantic -Werror "
           "-Iout %s/cxx_enumerators.cpp t.o -o e && ./e",
           programs);
  ck_assert_int_eq(shell_in(&r, cmd), 0);
  /* two names of one enumerator are an error of the list, with --cxx alone */
  static const char list[] = "private\nPrivate_\n";
  setup_dir(&r, list, sizeof list - 1);
  run_in(&r, NULL, args);
  ck_assert_int_eq(r.status, 1);
  ck_assert_str_eq(r.err, "names.in:2: error: 'Private_' makes the C++ enumerator 'private_' that "
                          "'private' from line 1 makes\n");
  ck_assert_int_eq(r.outputs, 0);
  static const char *const one[] = {"--cxx", "--static", "names.in", NULL};
  run_in(&r, NULL, one);
  ck_assert_int_eq(r.status, 2);
  ck_assert_ptr_nonnull(strstr(r.err, "--cxx writes a header over P.h, which --static does not"));
}
END_TEST

START_TEST(test_gen_test_writes_a_test_that_passes_and_fails_on_another_table) {
  struct run r;
  static char c[1 << 17];
  static const char *const args[] = {"--test", "--output-dir", "out", "names.in", NULL};
  generate(&r, "Accept\nDate\nVia\nTE\n", args, c, sizeof c);
  ck_assert_ptr_nonnull(strstr(r.out, "out/hhn.h and out/hhn_test.c:"));
  /* quick (-DHHN_TEST_QUICK): the test of every byte value is the matrix's */
  ck_assert_int_eq(shell_in(&r, "cc -O2 -DHHN_TEST_QUICK out/hhn_test.c out/hhn.c -o t && "
                                "./t > t.log && "
                                "grep -q ' checks, 0 failures$' t.log"),
                   0);
  /* the same test beside the table of a list one byte away fails, and says where */
  char cmd[PATH_MAX + 512];
  snprintf(cmd, sizeof cmd,
           "printf 'Accept\\nDate\\nVia\\nTF\\n' > b.in && '%s' --quiet --output-dir other b.in "
           "&& cc -O2 -DHHN_TEST_QUICK out/hhn_test.c other/hhn.c -o u && ! ./u > u.log && "
           "grep -q '^hhn_test: FAIL: hhn_' u.log && grep -q ' [1-9][0-9]* failures$' u.log",
           gen);
  ck_assert_int_eq(shell_in(&r, cmd), 0);
}
END_TEST

START_TEST(test_gen_refuses_prefixes_that_cxx_or_the_include_path_cannot_take) {
  static const char *const keywords[] = {"namespace", "class", "int", "and"};
  static const char *const globals[] = {"size_t", "uint16_t", "memcpy", "printf"};
  static const char *const headers[] = {"stdint", "stddef", "limits", "string"};
  for (size_t i = 0; i < sizeof keywords / sizeof keywords[0]; i++)
    expect_prefix_refused(keywords[i], "--cxx", "it is a C++ keyword");
  for (size_t i = 0; i < sizeof globals / sizeof globals[0]; i++)
    expect_prefix_refused(globals[i], "--cxx", "the C library has that name in the global");
  expect_prefix_refused("std", "--cxx", "C++ keeps that namespace for its library");
  expect_prefix_refused("linux", "--cxx", "it is a macro that C++ compilers");
  expect_prefix_refused("unix", "--cxx", "it is a macro that C++ compilers");
  for (size_t i = 0; i < sizeof headers / sizeof headers[0]; i++)
    expect_prefix_refused(headers[i], "--quiet", "it would name the header");
}
END_TEST

START_TEST(test_gen_cxx_enumerators_of_macros_and_reserved_names_compile) {
  struct run r;
  static char c[1 << 17];
  static const char *const args[] = {"--cxx", "--output-dir", "out", "names.in", NULL};
  /* macros of g++'s default gnu++17, and names C++ keeps: each takes a '_' after it */
  generate(&r,
           "Accept\nlinux\nunix\n__cplusplus\n__linux__\n__null\n__int128\n__func__\n"
           "__attribute__\n",
           args, c, sizeof c);
  ck_assert_int_eq(shell_in(&r, "echo '#include \"hhn.hpp\"' > u.cpp && g++ -Wall -Wextra -Werror "
                                "-Iout -c u.cpp && clang++ -std=c++17 -Wall -Wextra -Werror -Iout "
                                "-c u.cpp && grep -q '^  linux_ = HHN_LINUX,$' out/hhn.hpp && grep "
                                "-q '^  __func___ = HHN___FUNC__,$' out/hhn.hpp"),
                   0);
}
END_TEST

START_TEST(test_gen_test_compiles_whatever_the_prefix_and_names) {
  /* the test's own names once were REF_COUNT, INPUT_MAX, FULL_BYTES, TEST_GUARDED, check_* */
  expect_test_builds_and_passes("Accept\nDate\n", "ref", 0);
  expect_test_builds_and_passes("Accept\nNames\n", "check", 1);
  expect_test_builds_and_passes("Accept\nMax\n", "input", 0);
  expect_test_builds_and_passes("Accept\nBytes\n", "full", 0);
  expect_test_builds_and_passes("Accept\nGuarded\n", "test", 0);
}
END_TEST

START_TEST(test_gen_refuses_ids_that_the_test_headers_define) {
  static const char *const cases[][3] = {{"map", "Anon", "MAP_ANON"},
                                         {"prot", "Read", "PROT_READ"},
                                         {"seek", "Set", "SEEK_SET"},
                                         {"stdin", "Fileno", "STDIN_FILENO"}};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    struct run r;
    char list[64], want[256];
    const char *const args[] = {"--test", "--prefix", cases[i][0], "names.in", NULL};
    snprintf(list, sizeof list, "Accept\n%s\n", cases[i][1]);
    setup_dir(&r, list, strlen(list));
    run_in(&r, NULL, args);
    ck_assert_int_eq(r.status, 1);
    snprintf(want, sizeof want,
             "names.in:2: error: '%s' would make the id name %s, which the C library's "
             "headers define\n",
             cases[i][1], cases[i][2]);
    ck_assert_str_eq(r.err, want);
  }
}
END_TEST

START_TEST(test_gen_static_compiles_after_a_users_macros_and_globals) {
  struct run r;
  static char c[1 << 18];
  static const char *const args[] = {"--static", "--output-dir", "out", "names.in", NULL};
  static const char user[] =
      "int len, t, s, h, i;\nconst char *name;\n"
      "#define noinline BROKEN\n#define cold BROKEN\n#define unused BROKEN\n"
      "#define aligned BROKEN\n#define always_inline BROKEN\n#define target BROKEN\n"
      "#define used BROKEN\n#define nothrow BROKEN\n#define ifunc BROKEN\n"
      "#define no_sanitize_address BROKEN\n#define PICK_IFUNC 1\n#define NARROW_SSE2 1\n"
      "#include \"hhn.c\"\n"
      "int main(void) { return hhn_lookup(\"Accept\", 6) != HHN_ACCEPT; }\n";
  generate(&r, "Accept\nDate\nContent-Security-Policy-Report-Only\nTE\n", args, c, sizeof c);
  char path[256];
  snprintf(path, sizeof path, "%s/user.c", r.dir);
  spit(path, user, sizeof user - 1);
  ck_assert_int_eq(shell_in(&r, "for cc in cc clang; do $cc -std=c99 -Wall -Wextra -Wshadow "
                                "-Werror -Iout user.c -o u && ./u || exit 1; done"),
                   0);
}
END_TEST

START_TEST(test_gen_test_fails_on_tables_whose_words_constants_or_strings_differ) {
  expect_test_fails_on("Accept single\nHost hop\n", "Accept hop\nHost single\n", "",
                       "FAIL: the macro, of the flag 'single': 2, the reference says 1");
  expect_test_fails_on("Accept hpack=1 qpack=2\nHost\n", "Accept qpack=2 hpack=1\nHost\n", "",
                       "FAIL: the macro, of the key 'hpack': 1, the reference says 0");
  expect_test_fails_on("Accept\nHost\n", "Accept\nHost\n",
                       "s/HHN_ACCEPT = 0/HHN_ACCEPT = 1/; s/HHN_HOST = 1/HHN_HOST = 0/",
                       "FAIL: the id's constant, of the list's name 1 (Accept): 1, the reference");
  expect_test_fails_on("Accept\nHost\n", "Accept\nHost\n", "/0: HHN_ACCEPT/{n; s/, 0,$/, 120,/}",
                       "FAIL: hhn_lower's NUL, for id 0: 120, the reference says 0");
}
END_TEST

START_TEST(test_gen_tables_of_prefixes_like_their_own_names_compile_and_work) {
  /* each prefix makes a public name (resolve_lookup, table_name, ...) that could meet one of
     the source's own (its resolvers once were resolve_lookup and resolve_lookup_lower) */
  static const char *const prefixes[] = {"resolve", "lookup",     "lower", "table",
                                         "hash",    "names",      "known", "pair",
                                         "vector",  "has_avx512", "attrs", "INT"};
  for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++) {
    struct run r;
    char flags[128];
    const char *p = prefixes[i];
    const char *const args[] = {"--prefix", p, "--output-dir", "out", "names.in", NULL};
    setup_dir(&r, "Accept\nAccess-Control-Allow-Credentials\nTE\n", 43);
    run_in(&r, NULL, args);
    ck_assert_msg(r.status == 0, "%s: status %d: %s", p, r.status, r.err);
    r.prefix = p;
    snprintf(flags, sizeof flags, "-DT=%s -DTU=%s", p, p); /* T_ names, in uppercase too */
    for (char *u = strstr(flags, "-DTU=") + 5; *u; u++)
      *u = *u >= 'a' && *u <= 'z' ? (char)(*u - 32) : *u;
    expect_runs(&r, flags, "prefix.c");
    expect_runs(&r, strcat(flags, " -DHHN_NO_AVX512"), "prefix.c");
  }
}
END_TEST

START_TEST(test_gen_output_is_the_same_every_run_and_names_no_absolute_path) {
  struct run r;
  char list[256], c[256], h[256];
  static char first_c[65536], first_h[65536], again[65536];
  setup_dir(&r, "// a list\nAccept\n:path\nX-Thing_2\n", 33);
  snprintf(list, sizeof list, "%s/names.in", r.dir); /* absolute */
  const char *const args[] = {"--prefix", "my_tbl", "--output-dir", "out", list, NULL};
  snprintf(c, sizeof c, "%s/out/my_tbl.c", r.dir);
  snprintf(h, sizeof h, "%s/out/my_tbl.h", r.dir);
  run_in(&r, NULL, args);
  ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
  ck_assert_int_eq(r.outputs, 2);
  ck_assert_int_gt(slurp(c, first_c, sizeof first_c), 0);
  ck_assert_int_gt(slurp(h, first_h, sizeof first_h), 0);
  ck_assert_ptr_null(strstr(first_c, r.dir));
  ck_assert_ptr_null(strstr(first_h, r.dir));
  ck_assert_ptr_nonnull(strstr(first_c, "DO NOT EDIT"));
  ck_assert_ptr_nonnull(strstr(first_h, "MY_TBL_PSEUDO_PATH = 1,"));
  ck_assert_ptr_nonnull(strstr(first_h, "MY_TBL_X_THING_2 = 2,"));
  ck_assert_ptr_nonnull(
      strstr(first_h, "int my_tbl_lookup16(const uint16_t *name, size_t len) MY_TBL_nothrow;"));
  ck_assert_msg(strncmp(r.out, "hhn-gen: wrote out/my_tbl.c and out/my_tbl.h: 3 names in ", 57) ==
                    0,
                "stdout: %s", r.out);
  ck_assert_ptr_nonnull(strstr(r.out, "searched, cost "));
  run_in(&r, NULL, args);
  ck_assert_int_eq(r.status, 0);
  slurp(c, again, sizeof again);
  ck_assert_str_eq(again, first_c);
  slurp(h, again, sizeof again);
  ck_assert_str_eq(again, first_h);
}
END_TEST

START_TEST(test_gen_no_path_can_end_or_open_a_comment) {
  struct run r;
  static const char *const args[] = {"--output-dir", "x*/",      "--header-dir",
                                     "h/*h",         "names.in", NULL};
  setup_dir(&r, "Accept\nDate\n", 12);
  ck_assert_int_eq(shell_in(&r, "mkdir 'x*' h 'h/*h'"), 0);
  run_in(&r, NULL, args);
  ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
  /* -Wall has -Wcomment, which -Werror makes an error: a star-slash would end the banner */
  ck_assert_int_eq(shell_in(&r, "${CC:-cc} -std=c99 -Wall -Wextra -Werror -I'h/*h' -c 'x*/hhn.c' "
                                "-o t.o 2>cc.log"),
                   0);
}
END_TEST

START_TEST(test_gen_lengths_do_not_fold_like_letters) {
  struct run r;
  static char c[1 << 17], list[256];
  static const char *const args[] = {"--output-dir", "out", "names.in", NULL};
  /* As a byte, the length 65 is 'A' and 97 is 'a', which gperf --ignore-case takes as one */
  memset(list, 'a', 65);
  list[65] = '\n';
  memset(list + 66, 'b', 97);
  strcpy(list + 163, "\nVia\nDate\n");
  generate(&r, list, args, c, sizeof c);
  ck_assert_msg(strstr(r.out, ": 4 names in 5 slots; the hash reads the length (searched") != NULL,
                "stdout: %s", r.out);
  expect_each_lookup_passes(&r, "lengths_fold.c");
}
END_TEST

START_TEST(test_gen_banner_holds_a_long_command_line_whole) {
  struct run r;
  static char dirs[3][3100], cmd[16384], c[1 << 17];
  const char *const args[] = {"--output-dir", dirs[0], "--header-dir", dirs[1], dirs[2], NULL};
  setup_dir(&r, NULL, 0);
  for (int d = 0; d < 3; d++) { /* three relative paths of about 3,000 bytes, 9,000 in all */
    size_t n = (size_t)sprintf(dirs[d], "%c", 'a' + d);
    for (int i = 0; i < 15; i++)
      n += (size_t)sprintf(dirs[d] + n, "/%0199d", i);
    snprintf(cmd, sizeof cmd, "mkdir -p %s", dirs[d]);
    ck_assert_int_eq(shell_in(&r, cmd), 0);
  }
  strcat(dirs[2], "/names.in");
  snprintf(cmd, sizeof cmd, "printf 'Accept\\nDate\\n' > %s", dirs[2]);
  ck_assert_int_eq(shell_in(&r, cmd), 0);
  run_in(&r, NULL, args);
  ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
  snprintf(cmd, sizeof cmd, "%s/%s/hhn.c", r.dir, dirs[0]);
  ck_assert_int_gt(slurp(cmd, c, sizeof c), 0);
  for (int d = 0; d < 3; d++) /* each on a line of its own, after its option */
    ck_assert_msg(strstr(c, dirs[d]) != NULL, "the banner lacks path %d", d);
}
END_TEST

TCase *output_case(void) {
  TCase *tc = tcase_create("output");
  bound_case(tc);
  tcase_add_test(tc, test_gen_accepts_name_of_255_bytes);
  tcase_add_test(tc, test_gen_help_and_version_exit_0);
  tcase_add_test(tc, test_gen_man_page_and_help_document_every_option);
  tcase_add_test(tc, test_gen_hashes_the_key_positions_given);
  tcase_add_test(tc, test_gen_writes_flags_and_attributes);
  tcase_add_test(tc, test_gen_table_of_names_under_4_bytes_compares_bytes_and_works);
  tcase_add_test(tc, test_gen_chooses_a_byte_per_length_for_names_alike_deep_inside);
  tcase_add_test(tc, test_gen_falls_back_to_gperf_positions_for_names_alike_but_deep_inside);
  tcase_add_test(tc, test_gen_table_of_one_name_hashes_the_length_alone_and_works);
  tcase_add_test(tc, test_gen_widens_positions_for_a_big_list_alike_but_deep_inside);
  tcase_add_test(tc, test_gen_tells_names_apart_by_8_or_more_positions_given);
  tcase_add_test(tc, test_gen_hashes_a_big_list_that_only_31_bytes_tell_apart);
  tcase_add_test(tc, test_gen_hashes_a_big_list_by_the_31_positions_given);
  tcase_add_test(tc, test_gen_vector_table_takes_names_up_to_32_bytes_and_both_lookups_work);
  tcase_add_test(tc, test_gen_small_table_has_no_vector_slots_and_its_lookups_work);
  tcase_add_test(tc, test_gen_word_hash_chains_names_alike_in_every_key_and_finds_them);
  tcase_add_test(tc, test_gen_word_hash_keys_by_the_middle_where_the_first_bytes_chain);
  tcase_add_test(tc, test_gen_js_word_hash_keys_by_the_first_bytes_where_they_chain_few);
  tcase_add_test(tc, test_gen_takes_a_sum_of_values_where_the_word_hash_would_chain_many_names);
  tcase_add_test(tc, test_gen_direct_table_puts_its_small_arrays_first_and_its_slots_on_a_line);
  tcase_add_test(tc, test_gen_table_of_over_256_names_gives_ids_two_bytes_and_works);
  tcase_add_test(tc, test_gen_indexed_table_with_a_name_of_255_bytes_is_right);
  tcase_add_test(tc, test_gen_gives_each_name_the_id_the_list_chooses);
  tcase_add_test(tc, test_gen_static_makes_one_file_to_include);
  tcase_add_test(tc, test_gen_static_refuses_header_dir_and_its_own_macros_as_ids);
  tcase_add_test(tc, test_gen_cxx_writes_a_header_whose_enumerators_are_never_keywords);
  tcase_add_test(tc, test_gen_test_writes_a_test_that_passes_and_fails_on_another_table);
  tcase_add_test(tc, test_gen_refuses_prefixes_that_cxx_or_the_include_path_cannot_take);
  tcase_add_test(tc, test_gen_cxx_enumerators_of_macros_and_reserved_names_compile);
  tcase_add_test(tc, test_gen_test_compiles_whatever_the_prefix_and_names);
  tcase_add_test(tc, test_gen_refuses_ids_that_the_test_headers_define);
  tcase_add_test(tc, test_gen_static_compiles_after_a_users_macros_and_globals);
  tcase_add_test(tc, test_gen_test_fails_on_tables_whose_words_constants_or_strings_differ);
  tcase_add_test(tc, test_gen_tables_of_prefixes_like_their_own_names_compile_and_work);
  tcase_add_test(tc, test_gen_output_is_the_same_every_run_and_names_no_absolute_path);
  tcase_add_test(tc, test_gen_no_path_can_end_or_open_a_comment);
  tcase_add_test(tc, test_gen_lengths_do_not_fold_like_letters);
  tcase_add_test(tc, test_gen_banner_holds_a_long_command_line_whole);
  return tc;
}
