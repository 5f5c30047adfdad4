/* errors.c: the tests of what hhn-gen refuses, and how it says so: every error of a names list
   and of the command line, in one line that names the file and line. */
#include "harness.h"

#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* Checks that hhn-gen rejected list with exactly the message `want` and wrote nothing. */
static void expect_error(const char *list, size_t size, const char *want) {
  struct run r;
  run_list(&r, list, size);
  ck_assert_int_eq(r.status, 1);
  ck_assert_str_eq(r.err, want);
  ck_assert_int_eq(r.outputs, 0);
}

#define EXPECT_ERROR(list, want) expect_error(list, sizeof list - 1, want)

/* Checks that hhn-gen with args (NULL-terminated) rejected list with exactly the message
   `want` and wrote nothing. */
static void expect_refused(const char *const args[], const char *list, size_t size,
                           const char *want) {
  struct run r;
  setup_dir(&r, list, size);
  run_in(&r, NULL, args);
  ck_assert_int_eq(r.status, 1);
  ck_assert_str_eq(r.err, want);
  ck_assert_int_eq(r.outputs, 0);
}

/* Runs hhn-gen with args on list, which it must take, and reads out/FILE into text. */
static void generate_file(struct run *r, const char *list, const char *const args[],
                          const char *file, char *text, size_t size) {
  setup_dir(r, list, strlen(list));
  run_in(r, NULL, args);
  ck_assert_msg(r->status == 0, "status %d: %s", r->status, r->err);
  snprintf(text, size, "%s/out/%s", r->dir, file);
  ck_assert_int_gt(slurp(text, text, size), 0);
}

/* Writes a stand-in gperf that fails the way a broken one would, and returns its path. */
static const char *fake_gperf(struct run *r, char *path, size_t size) {
  snprintf(path, size, "%s/fake-gperf", r->dir);
  spit(path, "#!/bin/sh\necho 'fake: no luck' >&2\nexit 3\n", 41);
  ck_assert_int_eq(chmod(path, 0755), 0);
  return path;
}

START_TEST(test_gen_rejects_duplicate_in_another_case) {
  EXPECT_ERROR("Accept\nContent-Type\naccept\n",
               "names.in:3: error: 'accept' repeats 'Accept' from line 1\n");
}
END_TEST

START_TEST(test_gen_rejects_space_inside_a_name) {
  EXPECT_ERROR("Accept\nContent Type\n", "names.in:2: error: 'Type' after 'Content' is not an "
                                         "attribute (a lowercase word, or word=number); a name "
                                         "holds no blank\n");
}
END_TEST

START_TEST(test_gen_rejects_colon_inside_a_name) {
  EXPECT_ERROR("Accept\nX:Y\n", "names.in:2: error: ':' inside name 'X:Y' (only a "
                                "pseudo-header's first byte may be ':')\n");
}
END_TEST

START_TEST(test_gen_rejects_lone_colon_and_double_colon) {
  EXPECT_ERROR(":\n::path\n", "names.in:1: error: ':' alone is not a name\n"
                              "names.in:2: error: ':' inside name '::path' (only a "
                              "pseudo-header's first byte may be ':')\n");
}
END_TEST

START_TEST(test_gen_rejects_control_byte) {
  EXPECT_ERROR("X-\001Y\n",
               "names.in:1: error: control byte 0x01 in name 'X-\\x01Y' (a name is an RFC 9110 "
               "token)\n");
}
END_TEST

START_TEST(test_gen_rejects_nul_byte) {
  EXPECT_ERROR("Accept\nX\0Y\n",
               "names.in:2: error: control byte 0x00 in name 'X\\x00Y' (a name is an RFC 9110 "
               "token)\n");
}
END_TEST

START_TEST(test_gen_rejects_utf8) {
  EXPECT_ERROR("Caf\xc3\xa9\n", "names.in:1: error: non-ASCII byte 0xc3 in name 'Caf\\xc3\\xa9' "
                                "(a name is an RFC 9110 token)\n");
  EXPECT_ERROR("\xef\xbb\xbf"
               "Accept\nDate\n",
               "names.in:1: error: the list begins with a UTF-8 byte-order mark (EF BB BF); a list "
               "is ASCII\n");
}
END_TEST

START_TEST(test_gen_rejects_separator_byte) {
  EXPECT_ERROR("Accept\n\nX-(Y)\n",
               "names.in:3: error: '(' in name 'X-(Y)' (a name is an RFC 9110 token)\n");
}
END_TEST

START_TEST(test_gen_rejects_empty_file) {
  EXPECT_ERROR("", "names.in: error: the list has no names\n");
}
END_TEST

START_TEST(test_gen_rejects_file_of_only_comments_and_blanks) {
  EXPECT_ERROR("// nothing here\n\n   \n", "names.in: error: the list has no names\n");
}
END_TEST

START_TEST(test_gen_rejects_name_of_256_bytes) {
  char list[300];
  memset(list, 'a', 256);
  strcpy(list + 256, "\n");
  expect_error(list, 257, "names.in:1: error: name is 256 bytes long; the limit is 255\n");
}
END_TEST

START_TEST(test_gen_reports_every_bad_line) {
  EXPECT_ERROR("Accept\nA B\nDate\nDATE\nX\x80\n",
               "names.in:2: error: 'B' after 'A' is not an attribute (a lowercase word, or "
               "word=number); a name holds no blank\n"
               "names.in:4: error: 'DATE' repeats 'Date' from line 3\n"
               "names.in:5: error: non-ASCII byte 0x80 in name 'X\\x80' (a name is an RFC 9110 "
               "token)\n");
}
END_TEST

START_TEST(test_gen_rejects_names_that_make_the_same_id) {
  EXPECT_ERROR("A-B\nA_B\n", "names.in:2: error: 'A_B' and 'A-B' from line 1 both make the id "
                             "name A_B\n");
}
END_TEST

START_TEST(test_gen_rejects_name_whose_id_the_table_reserves) {
  EXPECT_ERROR("Accept\nCount\n", "names.in:2: error: 'Count' would make the id name HHN_COUNT, "
                                  "which the table uses itself\n");
  EXPECT_ERROR("Invalid\nUppercase\n",
               "names.in:1: error: 'Invalid' would make the id name HHN_INVALID, which the table "
               "uses itself\n"
               "names.in:2: error: 'Uppercase' would make the id name HHN_UPPERCASE, which the "
               "table uses itself\n");
  EXPECT_ERROR("Version-Minor\nVERSION_PATCH\n",
               "names.in:1: error: 'Version-Minor' would make the id name HHN_VERSION_MINOR, which "
               "the table uses itself\n"
               "names.in:2: error: 'VERSION_PATCH' would make the id name HHN_VERSION_PATCH, which "
               "the table uses itself\n");
}
END_TEST

START_TEST(test_gen_rejects_ids_that_the_c_library_or_the_source_defines) {
  static const char *const cases[][3] = {
      {"INT", "Max", "INT_MAX, which the C library's headers define"},
      {"CHAR", "Bit", "CHAR_BIT, which the C library's headers define"},
      {"SIZE", "Max", "SIZE_MAX, which the C library's headers define"},
      {"uint8", "Max", "UINT8_MAX, which the C library's headers define"},
      {"EXIT", "Success", "EXIT_SUCCESS, which the C library's headers define"},
      {"INT_LEAST128", "Width", "INT_LEAST128_WIDTH, which C reserves for <stdint.h>"},
      {"PICK", "Ifunc", "PICK_IFUNC, which the table's source defines for itself"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    struct run r;
    char list[64], want[256];
    const char *const args[] = {"--prefix", cases[i][0], "--output-dir", "out", "names.in", NULL};
    snprintf(list, sizeof list, "Accept\n%s\n", cases[i][1]);
    setup_dir(&r, list, strlen(list));
    run_in(&r, NULL, args);
    snprintf(want, sizeof want, "names.in:2: error: '%s' would make the id name %s\n", cases[i][1],
             cases[i][2]);
    ck_assert_int_eq(r.status, 1);
    ck_assert_str_eq(r.err, want);
    ck_assert_int_eq(r.outputs, 0);
  }
}
END_TEST

START_TEST(test_gen_rejects_attribute_that_is_not_a_word_or_number) {
  static const char *const bad[] = {"hpack=", "HPACK=1",    "hpack=x", "hpack=1x",
                                    "=1",     "hop_by_hop", "hpack=-1"};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    char list[64], want[200];
    snprintf(list, sizeof list, "Accept %s\n", bad[i]);
    snprintf(want, sizeof want,
             "names.in:1: error: '%s' after 'Accept' is not an attribute (a lowercase word, or "
             "word=number); a name holds no blank\n",
             bad[i]);
    expect_error(list, strlen(list), want);
  }
}
END_TEST

START_TEST(test_gen_rejects_ids_out_of_range_given_twice_or_taken_twice) {
  EXPECT_ERROR("A id=65536\n",
               "names.in:1: error: the value of 'id' is out of range (0 to 65535)\n");
  EXPECT_ERROR("A id=99999999999999999999\n",
               "names.in:1: error: the value of 'id' is out of range (0 to 65535)\n");
  EXPECT_ERROR("A id=1 id=2\n", "names.in:1: error: 'id' is given twice\n");
  EXPECT_ERROR("A id=3\nB\nC id=4\n",
               "names.in:3: error: 'C' takes id 4, which 'B' took on line 2\n");
  EXPECT_ERROR("A id=65535\nB\n",
               "names.in:2: error: 'B' would take id 65536, the one after the last; ids go to "
               "65535\n");
  EXPECT_ERROR("Id-Limit\n", "names.in:1: error: 'Id-Limit' would make the id name HHN_ID_LIMIT, "
                             "which the table uses itself\n");
}
END_TEST

START_TEST(test_gen_rejects_attribute_given_twice) {
  EXPECT_ERROR("Accept single single\nDate hpack=1 hpack=2\n",
               "names.in:1: error: 'single' is given twice\n"
               "names.in:2: error: 'hpack' is given twice\n");
}
END_TEST

START_TEST(test_gen_rejects_word_used_as_flag_and_as_key) {
  EXPECT_ERROR("Accept single\nDate single=1\n",
               "names.in:2: error: 'single' is a key here and a flag elsewhere in the list\n");
}
END_TEST

START_TEST(test_gen_rejects_attribute_value_out_of_range) {
  EXPECT_ERROR("Accept hpack=2147483648\n",
               "names.in:1: error: the value of 'hpack' is out of range (0 to 2147483647)\n");
  EXPECT_ERROR("A abcdefghijabcdefghijabcdefghijab\nB abcdefghijabcdefghijabcdefghijabc\n",
               "names.in:2: error: the attribute word 'abcdefghijabcdef...' is 33 bytes long; "
               "the limit is 32\n");
}
END_TEST

START_TEST(test_gen_rejects_key_count_and_ids_that_attributes_take) {
  EXPECT_ERROR("Accept count=1\n", "names.in:1: error: the key 'count' would make ATTR_COUNT, "
                                   "which the table uses itself\n");
  EXPECT_ERROR("Flag-Single\nAccept single\n",
               "names.in:1: error: 'Flag-Single' would make the id name HHN_FLAG_SINGLE, which the "
               "table uses itself\n");
}
END_TEST

START_TEST(test_gen_reports_missing_file) {
  struct run r;
  static const char *const args[] = {"--output-dir", "out", "missing.in", NULL};
  setup_dir(&r, NULL, 0);
  run_in(&r, NULL, args);
  ck_assert_int_eq(r.status, 1);
  ck_assert_str_eq(r.err, "hhn-gen: error: cannot open 'missing.in': No such file or directory\n");
  ck_assert_int_eq(r.outputs, 0);
}
END_TEST

START_TEST(test_gen_reports_missing_gperf) {
  struct run r;
  static const char *const args[] = {"--hash", "gperf", "--output-dir", "out", "names.in", NULL};
  setup_dir(&r, "Accept\nDate\nVia\nAge\n", 20); /* Via and Age: a byte to read */
  run_in(&r, "/nonexistent/gperf", args);
  ck_assert_int_eq(r.status, 1);
  ck_assert_str_eq(r.err, "hhn-gen: error: cannot run gperf ('/nonexistent/gperf'): No such file "
                          "or directory; install GNU gperf or set GPERF\n");
  ck_assert_int_eq(r.outputs, 0);
}
END_TEST

START_TEST(test_gen_needs_no_gperf_for_names_of_distinct_lengths) {
  struct run r;
  static const char *const args[] = {"--output-dir", "out", "names.in", NULL};
  setup_dir(&r, "Accept\nTE\nContent-Type\n:path\n", 29); /* the length alone tells them */
  run_in(&r, "/nonexistent/gperf", args);
  ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
  ck_assert_str_eq(r.out, "hhn-gen: wrote out/hhn.c and out/hhn.h: 4 names in 5 slots; the hash "
                          "reads the length (searched, cost 0)\n");
  expect_each_lookup_passes(&r, "probe_length_alone.c");
}
END_TEST

START_TEST(test_gen_notes_a_flag_that_one_name_alone_has) {
  struct run r;
  static const char *const args[] = {"--output-dir", "out", "names.in", NULL};
  setup_dir(&r, "Accept\nX custom\nTE\n", 19); /* meant as one name, "X custom"? */
  run_in(&r, NULL, args);
  ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
  ck_assert_str_eq(r.out, "hhn-gen: wrote out/hhn.c and out/hhn.h: 3 names in 4 slots; the hash "
                          "reads the length (searched, cost 0)\nhhn-gen: note: names.in:2: the "
                          "flag 'custom' is this name's alone (\"X custom\" is the name 'X' with "
                          "the flag 'custom': a name has no blanks)\n");
  setup_dir(&r, "Accept a\nX a\nTE\n", 16); /* a flag of two names: nothing to note */
  run_in(&r, NULL, args);
  ck_assert_ptr_null(strstr(r.out, "note"));
}
END_TEST

START_TEST(test_gen_refuses_a_list_over_16_mb) {
  struct run r;
  static const char *const args[] = {"--output-dir", "out", "/dev/zero", NULL};
  setup_dir(&r, "", 0);
  run_in(&r, NULL, args); /* endless: it stops at 16 MB */
  ck_assert_int_eq(r.status, 1);
  ck_assert_str_eq(r.err, "hhn-gen: error: '/dev/zero' is over 16 MB, more than a list or a "
                          "table of fields may be\n");
  ck_assert_int_eq(r.outputs, 0);
}
END_TEST

START_TEST(test_gen_refuses_the_word_hash_of_names_under_4_bytes) {
  static const char *const args[] = {"--hash", "word", "--output-dir", "out", "names.in", NULL};
  /* its key would be one of 4 bytes or more */
  expect_refused(args, "te\nDNT\n", 7,
                 "hhn-gen: error: the word hash needs a name of 4 bytes or more, and the "
                 "longest here has 3; use --hash gperf\n");
}
END_TEST

START_TEST(test_gen_bounds_the_word_hash_asked_for) {
  static char list[2000 * 21];
  static const char *const args[] = {"--hash", "word", "--output-dir", "out", "names.in", NULL};
  uint64_t x = 1;
  /* 2,000 random names of one length: telling them apart by a multiply takes about n * n / 2
     slots, where 16 a name are allowed */
  for (size_t i = 0; i < 2000; i++) {
    for (size_t j = 0; j < 20; j++) {
      x = x * 6364136223846793005ULL + 1442695040888963407ULL;
      list[i * 21 + j] = (char)('a' + (x >> 33) % 26);
    }
    list[i * 21 + 20] = '\n';
  }
  expect_refused(args, list, sizeof list,
                 "hhn-gen: error: the word hash tells the 2000 names of 20 bytes apart in no "
                 "more than 16384 slots (32064 for the 2000 names, the most it may take); use "
                 "--hash gperf\n");
}
END_TEST

START_TEST(test_gen_rejects_key_positions_that_do_not_tell_names_apart) {
  static const char *const args[] = {"--key-positions", "1", "--output-dir", "out",
                                     "names.in",        NULL};
  /* same length and first byte */
  expect_refused(args, "Accept\nAccess\n", 14,
                 "hhn-gen: error: key positions 1 do not tell 'Accept' (line 1) from 'Access' "
                 "(line 2)\n");
}
END_TEST

START_TEST(test_gen_rejects_unreadable_key_positions_as_a_bad_command_line) {
  static const char *const bad[][2] = {
      {"0", "0 is not a position (the first byte is 1)"},
      {"256", "256 is past the longest name a list may hold (255 bytes)"},
      {"$-300", "$-300 is before the first byte of the longest name a list may hold (255 bytes)"},
      {"1-", "'1-' needs a number after it"},
      {",", "an empty position"},
      {"1,,2", "an empty position"},
      {"1,1", "1 is given twice"},
      {"1-3,2", "2 is given twice"},
      {"3-1", "the range 3-1 runs backwards"},
      {"$-", "'$-' needs a number after it"},
      {"1;2", "';' where a ',' or the end should be"},
      {"x", "'x' is not a position (N, N-M, $ or $-N)"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    struct run r;
    const char *const args[] = {"--key-positions", bad[i][0], "--output-dir", "out",
                                "names.in",        NULL};
    char want[256];
    setup_dir(&r, "Accept\n", 7);
    run_in(&r, NULL, args);
    snprintf(want, sizeof want, "hhn-gen: error: key positions '%s': %s\n", bad[i][0], bad[i][1]);
    ck_assert_int_eq(r.status, 2);
    ck_assert_msg(strcmp(r.err, want) == 0, "%s: %s", bad[i][0], r.err);
    ck_assert_int_eq(r.outputs, 0);
  }
}
END_TEST

START_TEST(test_gen_cuts_long_names_in_the_key_positions_error) {
  struct run r;
  static char list[600], want[400];
  static const char *const args[] = {"--key-positions", "1", "--output-dir", "out",
                                     "names.in",        NULL};
  memset(list, 'a', 255), list[255] = '\n'; /* two 255-byte names of one first byte */
  memset(list + 256, 'a', 255), list[256 + 254] = 'b', list[511] = '\n';
  setup_dir(&r, list, 512);
  run_in(&r, NULL, args);
  ck_assert_int_eq(r.status, 1);
  snprintf(want, sizeof want,
           "hhn-gen: error: key positions 1 do not tell '%.64s...' (line 1) from '%.64s...' "
           "(line 2)\n",
           list, list);
  ck_assert_str_eq(r.err, want);
}
END_TEST

START_TEST(test_gen_says_why_it_cannot_read_a_folder_given_as_the_list) {
  struct run r;
  static const char *const args[] = {"--output-dir", "out", "tmp", NULL};
  setup_dir(&r, "Accept\n", 7);
  run_in(&r, NULL, args);
  ck_assert_int_eq(r.status, 1);
  ck_assert_str_eq(r.err, "hhn-gen: error: cannot read 'tmp': Is a directory\n");
  ck_assert_int_eq(r.outputs, 0);
}
END_TEST

START_TEST(test_gen_uses_its_own_values_when_gperf_solves_nothing) {
  struct run r;
  char gperf[256];
  static const char *const args[] = {"--hash", "gperf", "--output-dir", "out", "names.in", NULL};
  setup_dir(&r, "Accept\nDate\nVia\nAge\n", 20);
  run_in(&r, fake_gperf(&r, gperf, sizeof gperf), args);
  ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
  ck_assert_ptr_nonnull(strstr(r.out, "hhn-gen's own values)"));
  ck_assert_str_eq(r.err, "hhn-gen: warning: gperf failed (exit status 3: fake: no luck); the "
                          "values are hhn-gen's own\n");
  expect_each_lookup_passes(&r, "own_values.c");
}
END_TEST

START_TEST(test_gen_warns_in_one_line_when_gperf_fails_even_if_quiet) {
  static const char *const gperfs[][2] = {
      {"#!/bin/sh\nexit 1\n", "gperf failed (exit status 1)"},
      {"#!/bin/sh\necho 'bad input' >&2\necho more >&2\nexit 3\n",
       "gperf failed (exit status 3: bad input)"},
      {"#!/bin/sh\nfor a; do case $a in --output-file=*) echo junk > \"${a#*=}\";; esac; done\n",
       "gperf's output holds no hash function that hhn-gen can read"},
  };
  static const char *const args[] = {"--quiet", "--hash",   "gperf", "--output-dir",
                                     "out",     "names.in", NULL};
  for (size_t i = 0; i < sizeof gperfs / sizeof gperfs[0]; i++) {
    struct run r;
    char gperf[256], want[256];
    setup_dir(&r, "Accept\nDate\nVia\nAge\n", 20);
    snprintf(gperf, sizeof gperf, "%s/broken-gperf", r.dir);
    spit(gperf, gperfs[i][0], strlen(gperfs[i][0]));
    ck_assert_int_eq(chmod(gperf, 0755), 0);
    run_in(&r, gperf, args);
    snprintf(want, sizeof want, "hhn-gen: warning: %s; the values are hhn-gen's own\n",
             gperfs[i][1]);
    ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
    ck_assert_str_eq(r.err, want);
    ck_assert_int_eq(r.outputs, 2);
  }
}
END_TEST

START_TEST(test_gen_rejects_bad_usage_with_status_2) {
  static const char *const cases[][6] = {
      {"--prefix", "9lives", "names.in", NULL},
      {"--prefix", "a-b", "names.in", NULL},
      {"--prefix", "a_prefix_of_33_characters_is_long", "names.in", NULL},
      {"--prefix", "_", "names.in", NULL},
      {"--prefix", "_hhn", "names.in", NULL},
      {"--key-positions", "1;rm", "names.in", NULL},
      {"--key-positions", "*", "names.in", NULL},
      {"--hash", "crc", "names.in", NULL},
      {"--hash", NULL},
      {"--hash", "word", "--key-positions", "1", "names.in", NULL},
      {"--name-entry", "middle", "--fields", "names.in", NULL},
      {"--name-entry", "last", "names.in", NULL},
      {"--go", "--prefix", "main", "names.in", NULL},
      {"--go", "--prefix", "Hhn", "names.in", NULL},
      {"--go", "--prefix", "h_test", "names.in", NULL},
      {"--go", "--static", "names.in", NULL},
      {"--frobnicate", "names.in", NULL},
      {"names.in", "other.in", NULL},
      {"--output-dir", NULL},
      {"--output-dir", "", "names.in", NULL},
      {"-o", NULL},
      {"-o", "", "names.in", NULL},
      {"--fields", "-", "-", NULL},
      {"--header-dir=", "names.in", NULL},
      {"--", "--prefix", "x", "names.in", NULL},
      {NULL},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    struct run r;
    setup_dir(&r, "Accept\n", 7);
    run_in(&r, NULL, cases[i]);
    ck_assert_int_eq(r.status, 2);
    /* one line, which says why */
    ck_assert_msg(strncmp(r.err, "hhn-gen: error: ", 16) == 0 && strchr(r.err, '\n') != NULL &&
                      strchr(r.err, '\n')[1] == '\0',
                  "stderr: %s", r.err);
  }
  /* after "--", a name that begins with '-' is the names file */
  struct run r;
  static const char *const dashed[] = {"-q", "--", "-names.in", NULL};
  setup_dir(&r, "Accept\n", 7);
  ck_assert_int_eq(shell_in(&r, "cp names.in ./-names.in"), 0);
  run_in(&r, NULL, dashed);
  ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
}
END_TEST

/* "-" reads the list (or the fields) from standard input, and -o is --output-dir: the same table
   as of the file, its banner naming <stdin>; a bad line there is reported as <stdin>'s. */
START_TEST(test_gen_reads_standard_input_for_a_dash) {
  struct run r;
  char cmd[2 * PATH_MAX + 512], banner[512];
  setup_dir(&r, "Accept\nX-Dash-Test\n", 19);
  snprintf(
      cmd, sizeof cmd,
      "'%s' -q -o std - < names.in && '%s' -q --output-dir file names.in && "
      "sed 1,3d std/hhn.c > a && sed 1,3d file/hhn.c > b && cmp -s a b && "
      "sed -e 1,3d -e 's/<stdin>/names.in/' std/hhn.h > a && sed 1,3d file/hhn.h > b && cmp -s a b",
      gen, gen);
  ck_assert_int_eq(shell_in(&r, cmd), 0);
  snprintf(cmd, sizeof cmd, "%s/std/hhn.c", r.dir);
  ck_assert_int_gt(slurp(cmd, banner, sizeof banner), 0);
  ck_assert_msg(strstr(banner, "from <stdin> with") != NULL, "%s", banner);
  snprintf(cmd, sizeof cmd,
           "printf 'accept\\t*/*\\n' | '%s' -q -o fields --fields - && test -s fields/hhn.c", gen);
  ck_assert_int_eq(shell_in(&r, cmd), 0);
  snprintf(cmd, sizeof cmd,
           "printf 'Accept\\nBad Name\\n' | '%s' -q -o bad - 2> err; "
           "test $? = 1 && grep -q '^<stdin>:2: error: ' err && test ! -e bad/hhn.c",
           gen);
  ck_assert_int_eq(shell_in(&r, cmd), 0);
}
END_TEST

START_TEST(test_gen_tells_why_gperf_gave_no_hash_of_the_positions_given) {
  struct run r;
  char gperf[256];
  static const char *const args[] = {"--key-positions", "1", "--output-dir", "out",
                                     "names.in",        NULL};
  /* A stand-in gperf whose hash reads byte 6 of the 2-byte keys it was given */
  static const char script[] =
      "#!/bin/sh\n"
      "for a; do case $a in --output-file=*) out=${a#--output-file=};; esac; done\n"
      "{ printf '\\nhash (str, len)\\n{\\n  static unsigned char asso_values[] =\\n    {\\n';\n"
      "  i=0; while [ $i -lt 256 ]; do printf '0, '; i=$((i+1)); done\n"
      "  printf '\\n    };\\n  return asso_values[(unsigned char)str[5]];\\n}\\n'; } > \"$out\"\n";
  setup_dir(&r, "Accept\nDate\n", 12);
  snprintf(gperf, sizeof gperf, "%s/fake-gperf", r.dir);
  spit(gperf, script, sizeof script - 1);
  ck_assert_int_eq(chmod(gperf, 0755), 0);
  run_in(&r, gperf, args);
  ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
  ck_assert_str_eq(r.err, "hhn-gen: note: gperf's hash reads byte 6 of keys of 2 bytes; the "
                          "values are hhn-gen's own\n");
  ck_assert_int_eq(r.outputs, 2);
}
END_TEST

START_TEST(test_gen_rust_refuses_the_c_options_and_names_no_module_can_have) {
  static const char *const cases[][8] = {
      {"--rust", "--static", "names.in", NULL},
      {"--rust", "--cxx", "names.in", NULL},
      {"--rust", "--header-dir", "inc", "names.in", NULL},
      {"--rust", "--prefix", "type", "names.in", NULL},
      {"--rust", "--prefix", "core", "names.in", NULL},
      {"--rust", "--prefix", "Hhn", "names.in", NULL},
      {"--rust", "--go", "names.in", NULL},
      {"--go", "--rust", "names.in", NULL},
      {"--go", "--rust-path", "a::b", "names.in", NULL},
      {"--rust-path=a::b", "names.in", NULL},
      {"--rust", "--rust-path", "a::fn", "names.in", NULL},
      {"--rust", "--rust-path=a:b", "names.in", NULL},
      {"--rust", "--rust-path=1a::b", "names.in", NULL},
      {"--rust", "--rust-path", NULL},
  };
  static const char *const want[] = {
      "hhn-gen: error: --rust writes one Rust file, P.rs, in place of the C files: --static has "
      "no use with it\n",
      "hhn-gen: error: --rust writes one Rust file, P.rs, in place of the C files: --cxx has no "
      "use with it\n",
      "hhn-gen: error: --rust writes one Rust file, P.rs, in place of the C files: --header-dir "
      "has no use with it\n",
      "hhn-gen: error: prefix 'type' cannot name a Rust module: it is a Rust keyword or a crate "
      "every crate has\n",
      "hhn-gen: error: prefix 'core' cannot name a Rust module: it is a Rust keyword or a crate "
      "every crate has\n",
      "hhn-gen: error: prefix 'Hhn' cannot name a Rust module: a Rust module's name is in "
      "lowercase (a-z, 0-9 and '_')\n",
      "hhn-gen: error: --go and --rust each pick the output's language: give one\n",
      "hhn-gen: error: --rust and --go each pick the output's language: give one\n",
      "hhn-gen: error: --rust-path has no use with --go: it is an option of --rust\n",
      "hhn-gen: error: --rust-path has no use with the C files: it is an option of --rust\n",
      "hhn-gen: error: --rust-path 'a::fn' is not a path, identifiers joined by '::', none a "
      "keyword (mycrate::hhn)\n",
      "hhn-gen: error: --rust-path 'a:b' is not a path, identifiers joined by '::', none a "
      "keyword (mycrate::hhn)\n",
      "hhn-gen: error: --rust-path '1a::b' is not a path, identifiers joined by '::', none a "
      "keyword (mycrate::hhn)\n",
      "hhn-gen: error: --rust-path needs a value; see hhn-gen --help\n",
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    struct run r;
    setup_dir(&r, "Accept\n", 7);
    run_in(&r, NULL, cases[i]);
    ck_assert_int_eq(r.status, 2);
    ck_assert_str_eq(r.err, want[i]);
    ck_assert_int_eq(r.outputs, 0);
  }
}
END_TEST

START_TEST(test_gen_rust_writes_its_module_alone_and_keeps_ids_whose_camel_case_meets) {
  struct run r;
  static char text[8192];
  static const char *const args[] = {"--rust", "--test", "--output-dir", "out", "names.in", NULL};
  /* G4 and g-4 (ids G4, G_4) meet as G4; Self is Rust's; 3-d begins with a digit */
  static const char list[] = "G4\ng-4\nSelf\n3-d\nContent-Type\n";
  generate_file(&r, list, args, "hhn.rs", text, sizeof text);
  ck_assert_int_eq(r.outputs, 2); /* hhn.rs and hhn_test.rs, no C */
  ck_assert_ptr_nonnull(strstr(text, "    G4 = 0,\n"));
  ck_assert_ptr_nonnull(strstr(text, "    G_4 = 1,\n"));
  ck_assert_ptr_nonnull(strstr(text, "    NameSelf = 2,\n"));
  ck_assert_ptr_nonnull(strstr(text, "    Name3D = 3,\n"));
  ck_assert_ptr_nonnull(strstr(text, "    ContentType = 4,\n"));
  ck_assert_ptr_nonnull(strstr(text, "#[allow(non_camel_case_types)]"));
}
END_TEST

START_TEST(test_gen_rust_takes_a_variant_the_list_gives_and_refuses_a_bad_one) {
  static const char *const args[] = {"--rust", "--output-dir", "out", "names.in", NULL};
  static const char *const bad[][2] = {
      {"Accept rust=accept\n", "names.in:1: error: 'rust=accept' is no Rust variant: write rust= "
                               "and a letter A-Z, then letters and digits (CamelCase, at most 32 "
                               "bytes, not Self nor ALL)\n"},
      {"Accept rust=Self\n", "names.in:1: error: 'rust=Self' is no Rust variant: write rust= and "
                             "a letter A-Z, then letters and digits (CamelCase, at most 32 bytes, "
                             "not Self nor ALL)\n"},
      {"Accept rust=ALL\n", "names.in:1: error: 'rust=ALL' is no Rust variant: write rust= and "
                            "a letter A-Z, then letters and digits (CamelCase, at most 32 bytes, "
                            "not Self nor ALL)\n"},
      {"Accept rust=A_B\n", "names.in:1: error: 'rust=A_B' is no Rust variant: write rust= and a "
                            "letter A-Z, then letters and digits (CamelCase, at most 32 bytes, not "
                            "Self nor ALL)\n"},
      {"Accept rust=A rust=B\n", "names.in:1: error: 'rust' is given twice\n"},
      {"Accept rust=Foo\nDate\nX-Y rust=Foo\n",
       "names.in:3: error: the Rust variant Foo of 'X-Y' is also that of 'Accept' (line 1)\n"},
      {"G4\ng-4\nX rust=G4\n", /* G4 and g-4 keep their ids, G4 and G_4 */
       "names.in:3: error: the Rust variant G4 of 'X' is also that of 'G4' (line 1)\n"},
  };
  static char text[8192];
  struct run r;
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    setup_dir(&r, bad[i][0], strlen(bad[i][0]));
    run_in(&r, NULL, args);
    ck_assert_int_eq(r.status, 1);
    ck_assert_str_eq(r.err, bad[i][1]);
    ck_assert_int_eq(r.outputs, 0);
  }
  /* the given variant; a CamelCase that meets it takes its id; C output leaves rust= out */
  static const char list[] = "Sec-WebSocket-Accept rust=SecWebSocketAccept\nX-Y rust=Accept\n"
                             "Accept\n";
  generate_file(&r, list, args, "hhn.rs", text, sizeof text);
  ck_assert_ptr_nonnull(strstr(text, "    SecWebSocketAccept = 0,\n"));
  ck_assert_ptr_nonnull(strstr(text, "    Accept = 1,\n"));
  ck_assert_ptr_nonnull(strstr(text, "    ACCEPT = 2,\n"));
  static const char *const c_args[] = {"--output-dir", "out", "names.in", NULL};
  generate_file(&r, list, c_args, "hhn.h", text, sizeof text);
  ck_assert_ptr_null(strstr(text, "RUST"));
}
END_TEST

START_TEST(test_gen_go_names_its_constants_and_refuses_a_bad_one) {
  static const char *const args[] = {"--go", "--output-dir", "out", "names.in", NULL};
  static const char *const bad[][2] = {
      {"Accept go=accept\n", "names.in:1: error: 'go=accept' is no Go constant of a name: write "
                             "go= and a letter A-Z, then letters, digits and '_' (at most 32 "
                             "bytes), none of the package's own identifiers (All, ...)\n"},
      {"Accept go=Lookup\n", "names.in:1: error: 'go=Lookup' is no Go constant of a name: write "
                             "go= and a letter A-Z, then letters, digits and '_' (at most 32 "
                             "bytes), none of the package's own identifiers (All, ...)\n"},
      {"Accept go=FuzzLookup\n", /* the test's function: go test would not build */
       "names.in:1: error: 'go=FuzzLookup' is no Go constant of a name: write go= and a letter "
       "A-Z, then letters, digits and '_' (at most 32 bytes), none of the package's own "
       "identifiers (All, ...)\n"},
      {"Accept go=Foo\nDate\nX-Y go=Foo\n",
       "names.in:3: error: the Go constant Foo of 'X-Y' is also that of 'Accept' (line 1)\n"},
  };
  static char text[16384];
  struct run r;
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    setup_dir(&r, bad[i][0], strlen(bad[i][0]));
    run_in(&r, NULL, args);
    ck_assert_int_eq(r.status, 1);
    ck_assert_str_eq(r.err, bad[i][1]);
    ck_assert_int_eq(r.outputs, 0);
  }
  /* Go's words: G4 and g-4 meet and take their places; Lookup and ClassifyString are the
     package's, TestNames its test's; 3-d has a digit first; the given constant; initialisms
     (X-Request-Id, content-md5, Www), a list's capitals (ETag, DNT), a pseudo-header; a flag's
     constant, typed */
  static const char list[] = "G4\ng-4\nLookup\n3-d\nContent-Type\nClassify-String x\n"
                             "Via go=ViaGiven\nTest-Names\nX-Request-Id\ncontent-md5\n"
                             "Www-Authenticate\nETag\nDNT\n:path\n";
  generate_file(&r, list, args, "hhn.go", text, sizeof text);
  ck_assert_int_eq(r.outputs, 1); /* hhn.go alone: no C */
  static const char *const rows[] = {
      "G4X0             ID = 0",  "G4X1             ID = 1",  "LookupX2         ID = 2",
      "Name3D           ID = 3",  "ContentType      ID = 4",  "ClassifyStringX5 ID = 5",
      "ViaGiven         ID = 6",  "TestNamesX7      ID = 7",  "XRequestID       ID = 8",
      "ContentMD5       ID = 9",  "WWWAuthenticate  ID = 10", "ETag             ID = 11",
      "DNT              ID = 12", "PseudoPath       ID = 13"};
  for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
    ck_assert_msg(strstr(text, rows[i]) != NULL, "no \"%s\" in hhn.go", rows[i]);
  ck_assert_ptr_nonnull(strstr(text, "const FlagX Flag = 1 << 0\n"));
  ck_assert_ptr_nonnull(strstr(text, "\npackage hhn\n"));
}
END_TEST

TCase *errors_case(void) {
  TCase *tc = tcase_create("errors");
  bound_case(tc);
  tcase_add_test(tc, test_gen_rejects_duplicate_in_another_case);
  tcase_add_test(tc, test_gen_reads_standard_input_for_a_dash);
  tcase_add_test(tc, test_gen_go_names_its_constants_and_refuses_a_bad_one);
  tcase_add_test(tc, test_gen_rejects_space_inside_a_name);
  tcase_add_test(tc, test_gen_rejects_colon_inside_a_name);
  tcase_add_test(tc, test_gen_rejects_lone_colon_and_double_colon);
  tcase_add_test(tc, test_gen_rejects_control_byte);
  tcase_add_test(tc, test_gen_rejects_nul_byte);
  tcase_add_test(tc, test_gen_rejects_utf8);
  tcase_add_test(tc, test_gen_rejects_separator_byte);
  tcase_add_test(tc, test_gen_rejects_empty_file);
  tcase_add_test(tc, test_gen_rejects_file_of_only_comments_and_blanks);
  tcase_add_test(tc, test_gen_rejects_name_of_256_bytes);
  tcase_add_test(tc, test_gen_reports_every_bad_line);
  tcase_add_test(tc, test_gen_rejects_names_that_make_the_same_id);
  tcase_add_test(tc, test_gen_rejects_name_whose_id_the_table_reserves);
  tcase_add_test(tc, test_gen_rejects_ids_that_the_c_library_or_the_source_defines);
  tcase_add_test(tc, test_gen_rejects_attribute_that_is_not_a_word_or_number);
  tcase_add_test(tc, test_gen_rejects_ids_out_of_range_given_twice_or_taken_twice);
  tcase_add_test(tc, test_gen_rejects_attribute_given_twice);
  tcase_add_test(tc, test_gen_rejects_word_used_as_flag_and_as_key);
  tcase_add_test(tc, test_gen_rejects_attribute_value_out_of_range);
  tcase_add_test(tc, test_gen_rejects_key_count_and_ids_that_attributes_take);
  tcase_add_test(tc, test_gen_reports_missing_file);
  tcase_add_test(tc, test_gen_reports_missing_gperf);
  tcase_add_test(tc, test_gen_needs_no_gperf_for_names_of_distinct_lengths);
  tcase_add_test(tc, test_gen_refuses_the_word_hash_of_names_under_4_bytes);
  tcase_add_test(tc, test_gen_bounds_the_word_hash_asked_for);
  tcase_add_test(tc, test_gen_rejects_key_positions_that_do_not_tell_names_apart);
  tcase_add_test(tc, test_gen_rejects_unreadable_key_positions_as_a_bad_command_line);
  tcase_add_test(tc, test_gen_cuts_long_names_in_the_key_positions_error);
  tcase_add_test(tc, test_gen_says_why_it_cannot_read_a_folder_given_as_the_list);
  tcase_add_test(tc, test_gen_notes_a_flag_that_one_name_alone_has);
  tcase_add_test(tc, test_gen_refuses_a_list_over_16_mb);
  tcase_add_test(tc, test_gen_uses_its_own_values_when_gperf_solves_nothing);
  tcase_add_test(tc, test_gen_warns_in_one_line_when_gperf_fails_even_if_quiet);
  tcase_add_test(tc, test_gen_rejects_bad_usage_with_status_2);
  tcase_add_test(tc, test_gen_tells_why_gperf_gave_no_hash_of_the_positions_given);
  tcase_add_test(tc, test_gen_rust_refuses_the_c_options_and_names_no_module_can_have);
  tcase_add_test(tc, test_gen_rust_writes_its_module_alone_and_keeps_ids_whose_camel_case_meets);
  tcase_add_test(tc, test_gen_rust_takes_a_variant_the_list_gives_and_refuses_a_bad_one);
  return tc;
}
