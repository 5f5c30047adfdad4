/* targets.c: the tests of hhn-gen's targets beyond C, Rust and Go (their own are in
   errors.c): WebKit's files (--webkit): what it refuses (and its option --wtf-characters
   elsewhere), how it orders and names the ids. */
#include "harness.h"

#include <stdio.h>
#include <string.h>

/* Runs hhn-gen with args on list, which it must take, and reads out/FILE into text. */
static void generate(struct run *r, const char *list, const char *const args[], const char *file,
                     char *text, size_t size) {
  setup_dir(r, list, strlen(list));
  run_in(r, NULL, args);
  ck_assert_msg(r->status == 0, "status %d: %s", r->status, r->err);
  snprintf(text, size, "%s/out/%s", r->dir, file);
  ck_assert_int_gt(slurp(text, text, size), 0);
}

START_TEST(test_gen_webkit_refuses_what_its_files_have_no_use_for) {
  static const char *const cases[][6] = {
      {"--webkit", "--static", "names.in", NULL},
      {"--webkit", "--test", "names.in", NULL},
      {"--webkit", "--cxx", "names.in", NULL},
      {"--webkit", "--rust", "names.in", NULL},
      {"--wtf-characters", "names.in", NULL},
      {"--rust", "--wtf-characters", "names.in", NULL},
      {"--webkit", "--bun-enum", "names.in", NULL},
      {"--rust", "--wtf-characters", "--bun-enum", "names.in", NULL},
      {"--webkit", "--fields", "names.in", "names.in", NULL},
      {"--bun", "--fields", "names.in", "names.in", NULL},
  };
  static const char *const want[] = {
      "hhn-gen: error: --webkit writes P.h, P.cpp and P.gperf, in place of the C files: "
      "--static has no use with it\n",
      "hhn-gen: error: --webkit writes P.h, P.cpp and P.gperf, in place of the C files: "
      "--test has no use with it\n",
      "hhn-gen: error: --webkit writes P.h, P.cpp and P.gperf, in place of the C files: "
      "--cxx has no use with it\n",
      "hhn-gen: error: --rust and --webkit each pick the output's language: give one\n",
      "hhn-gen: error: --wtf-characters has no use with the C files: it is an option of "
      "--webkit and --bun\n",
      "hhn-gen: error: --wtf-characters has no use with --rust: it is an option of --webkit "
      "and --bun\n",
      "hhn-gen: error: --bun-enum has no use with --webkit: it is an option of --rust\n",
      "hhn-gen: error: --wtf-characters has no use with --rust: it is an option of --webkit "
      "and --bun\n",
      "hhn-gen: error: --fields has no use with --webkit: WebKit's HTTPHeaderNames files hold "
      "no static table\n",
      "hhn-gen: error: --fields has no use with --bun: WebKit's HTTPHeaderNames files hold no "
      "static table\n",
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

START_TEST(test_gen_webkit_refuses_ids_the_list_gives_and_a_bad_enumerator) {
  static const char *const args[] = {"--webkit", "--output-dir", "out", "names.in", NULL};
  static const char *const bad[][2] = {
      {"Accept\nAge id=4\nVia id=9\n",
       "names.in:2: error: id=4: --webkit's files number the names in the order of their bytes, "
       "not by id=\n"
       "names.in:3: error: id=9: --webkit's files number the names in the order of their bytes, "
       "not by id=\n"},
      {"Accept webkit=accept\n", "names.in:1: error: 'webkit=accept' is no WebKit enumerator of "
                                 "a name: write webkit= and a letter A-Z, then letters, digits "
                                 "and '_' (at most 32 bytes)\n"},
      {"Accept webkit=Foo\nVia webkit=Foo\n",
       "names.in:2: error: the WebKit enumerator Foo of 'Via' is also that of 'Accept' (line 1)\n"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    struct run r;
    setup_dir(&r, bad[i][0], strlen(bad[i][0]));
    run_in(&r, NULL, args);
    ck_assert_int_eq(r.status, 1);
    ck_assert_str_eq(r.err, bad[i][1]);
    ck_assert_int_eq(r.outputs, 0);
  }
}
END_TEST

START_TEST(test_gen_webkit_sorts_the_ids_by_bytes_and_names_them_as_webkit_does) {
  static const char *const args[] = {"--webkit", "--output-dir", "out", "names.in", NULL};
  /* sorted by bytes: '1' before ':', ':' before 'D', "DNT" before "Date", 'X' before 'd'; '-' and
     '.' left out; a keyword, a pseudo-header and a name of a digit first take their C ids in
     CamelCase; two that meet keep their C ids; one given */
  static const char list[] = "X-DNS-Prefetch-Control\nDate\nDNT\ndelete\n:path\nExpect\nETag\n"
                             "1-x\nA.b\nAb\nVia webkit=ViaGiven\n";
  static const char want[] = "    Name1X,\n    PseudoPath,\n    A_B,\n    AB,\n    DNT,\n"
                             "    Date,\n    ETag,\n    Expect,\n    ViaGiven,\n"
                             "    XDNSPrefetchControl,\n    Delete,\n};\n\n"
                             "const unsigned numHTTPHeaderNames = 11;\n"
                             "const size_t minHTTPHeaderNameLength = 2;\n"
                             "const size_t maxHTTPHeaderNameLength = 22;\n";
  static char text[16384];
  struct run r;
  generate(&r, list, args, "HTTPHeaderNames.h", text, sizeof text);
  ck_assert_int_eq(r.outputs, 3); /* .h, .cpp and .gperf, no C */
  ck_assert_msg(strstr(text, want) != NULL, "%s", text);
  ck_assert_ptr_nonnull(strstr(text, "        WebCore::HTTPHeaderName::Delete\n    >;\n"));
  generate(&r, list, args, "HTTPHeaderNames.gperf", text, sizeof text);
  ck_assert_ptr_nonnull(
      strstr(text, "%%\n\"1-x\", HTTPHeaderName::Name1X\n\":path\", HTTPHeaderName::PseudoPath\n"));
  ck_assert_ptr_nonnull(strstr(text, "    { \"X-DNS-Prefetch-Control\", 22 },\n"));
}
END_TEST

TCase *targets_case(void) {
  TCase *tc = tcase_create("targets");
  bound_case(tc);
  tcase_add_test(tc, test_gen_webkit_refuses_what_its_files_have_no_use_for);
  tcase_add_test(tc, test_gen_webkit_refuses_ids_the_list_gives_and_a_bad_enumerator);
  tcase_add_test(tc, test_gen_webkit_sorts_the_ids_by_bytes_and_names_them_as_webkit_does);
  return tc;
}
