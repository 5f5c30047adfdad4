/* check_gen.c: Check tests of hhn-gen as a program: golden errors, nothing half-written, output.
 *
 * Run as `check_gen PATH_TO_HHN_GEN`, with HHN_FAILALLOC naming build/tests/failalloc.so. Each
 * test makes a folder with a names.in, an empty out/ and an empty tmp/ (hhn-gen's TMPDIR), runs
 * hhn-gen there, and looks at its exit status, its stderr and what it left in out/ and tmp/.
 * Every folder is made under one root, which main removes when the tests are done. */
#define _XOPEN_SOURCE 700 /* nftw */
#include <check.h>
#include <dirent.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static char gen[PATH_MAX];                        /* absolute path of hhn-gen */
static char root[] = "/tmp/hhn-check-gen.XXXXXX"; /* every test's folder is in here */
static const char *failalloc;                     /* path of failalloc.so */
static const char *delay;                         /* path of delay.so */

/* What one run of hhn-gen did, and how to run it. */
struct run {
  int status;
  char dir[128];           /* the folder it ran in */
  char err[16384];         /* its stderr */
  char out[16384];         /* its stdout */
  int outputs;             /* files in out/ afterwards */
  int temps;               /* files left in tmp/, its TMPDIR */
  long fsize;              /* if > 0, the most bytes it may write to a file (RLIMIT_FSIZE) */
  long fail_alloc;         /* if >= 0, the allocation of hhn-gen that fails (see failalloc.c) */
  const char *delay_after; /* if not NULL, where hhn-gen is held up (see delay.c): rename:N */
  int ignore_hup;          /* hhn-gen starts with SIGHUP ignored, as under nohup */
  const char *stdout_to;   /* if not NULL, hhn-gen's stdout (else a file in dir) */
  const char *prefix;      /* of the table that the test programs build: hhn unless set */
};

static void expect_both_lookups_pass(struct run *r, const char *file);
static int shell_in(struct run *r, const char *cmd);

/* Reads a whole small file into buf (NUL-terminated); returns its length or -1. */
static long slurp(const char *path, char *buf, size_t size) {
  FILE *f = fopen(path, "rb");
  if (f == NULL)
    return -1;
  size_t n = fread(buf, 1, size - 1, f);
  buf[n] = '\0';
  fclose(f);
  return (long)n;
}

static void spit(const char *path, const char *text, size_t size) {
  FILE *f = fopen(path, "wb");
  ck_assert_ptr_nonnull(f);
  ck_assert_uint_eq(fwrite(text, 1, size, f), size);
  ck_assert_int_eq(fclose(f), 0);
}

/* Counts the entries of the folder at path, . and .. aside. */
static int count_entries(const char *path) {
  DIR *d = opendir(path);
  struct dirent *e;
  int n = 0;
  while (d && (e = readdir(d)) != NULL)
    n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
  if (d)
    closedir(d);
  return n;
}

/* Makes a folder holding names.in (unless list is NULL), out/ and tmp/. */
static void setup_dir(struct run *r, const char *list, size_t size) {
  char path[256];
  snprintf(r->dir, sizeof r->dir, "%s/t.XXXXXX", root);
  ck_assert_ptr_nonnull(mkdtemp(r->dir));
  r->fsize = 0;
  r->fail_alloc = -1;
  r->delay_after = NULL;
  r->ignore_hup = 0;
  r->stdout_to = NULL;
  r->prefix = "hhn";
  snprintf(path, sizeof path, "%s/out", r->dir);
  ck_assert_int_eq(mkdir(path, 0755), 0);
  snprintf(path, sizeof path, "%s/tmp", r->dir);
  ck_assert_int_eq(mkdir(path, 0755), 0);
  if (list != NULL) {
    snprintf(path, sizeof path, "%s/names.in", r->dir);
    spit(path, list, size);
  }
}

/* Starts hhn-gen with args (NULL-terminated) in r->dir, its output to files there, with GPERF
   set to gperf unless it is NULL; returns its pid. */
static pid_t start_in(struct run *r, const char *gperf, const char *const args[]) {
  const char *argv[16] = {gen};
  for (int i = 0; args[i]; i++)
    argv[i + 1] = args[i];
  pid_t pid = fork();
  ck_assert_int_ge(pid, 0);
  if (pid == 0) {
    char errp[256], outp[256];
    snprintf(errp, sizeof errp, "%s/stderr", r->dir);
    snprintf(outp, sizeof outp, "%s/stdout", r->dir);
    int e = open(errp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    int o = open(r->stdout_to ? r->stdout_to : outp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (e < 0 || o < 0 || dup2(e, 2) < 0 || dup2(o, 1) < 0 || chdir(r->dir) != 0)
      _exit(126);
    /* The signal state a test means, whatever started check_gen: a shell starts a background
       job with SIGINT and SIGQUIT ignored, which hhn-gen would rightly keep ignored. */
    static const int sigs[] = {SIGHUP,  SIGINT,  SIGQUIT, SIGTERM, SIGPIPE,
                               SIGALRM, SIGUSR1, SIGUSR2, SIGXCPU, SIGXFSZ};
    sigset_t none;
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
      signal(sigs[i], SIG_DFL);
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    if (gperf != NULL)
      setenv("GPERF", gperf, 1);
    setenv("TMPDIR", "tmp", 1);
    if (r->fsize > 0) {
      struct rlimit lim = {(rlim_t)r->fsize, (rlim_t)r->fsize};
      signal(SIGXFSZ, SIG_IGN); /* a write past the limit fails with EFBIG instead */
      if (setrlimit(RLIMIT_FSIZE, &lim) != 0)
        _exit(126);
    }
    if (r->delay_after != NULL) {
      char mark[256];
      snprintf(mark, sizeof mark, "%s/delaying", r->dir);
      setenv("HHN_DELAY_AFTER", r->delay_after, 1);
      setenv("HHN_DELAY_MARK", mark, 1);
      setenv("HHN_DELAY_MS", "1500", 1);
      setenv("LD_PRELOAD", delay, 1);
    }
    if (r->ignore_hup)
      signal(SIGHUP, SIG_IGN);
    struct rlimit no_core = {0, 0}; /* SIGQUIT's */
    setrlimit(RLIMIT_CORE, &no_core);
    if (r->fail_alloc >= 0) {
      char at[32];
      snprintf(at, sizeof at, "%ld", r->fail_alloc);
      setenv("HHN_FAIL_ALLOC_AT", at, 1);
      setenv("LD_PRELOAD", failalloc, 1);
    }
    execv(gen, (char *const *)argv);
    _exit(127);
  }
  return pid;
}

/* Waits for the hhn-gen of start_in and records what it did. */
static void finish_run(struct run *r, pid_t pid) {
  char path[256];
  int status;
  ck_assert_int_eq(waitpid(pid, &status, 0), pid);
  r->status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  snprintf(path, sizeof path, "%s/stderr", r->dir);
  slurp(path, r->err, sizeof r->err);
  snprintf(path, sizeof path, "%s/stdout", r->dir);
  slurp(path, r->out, sizeof r->out);
  snprintf(path, sizeof path, "%s/out", r->dir);
  r->outputs = count_entries(path);
  snprintf(path, sizeof path, "%s/tmp", r->dir);
  r->temps = count_entries(path);
  ck_assert_msg(r->temps == 0, "hhn-gen left %d files in its TMPDIR", r->temps);
}

/* Runs hhn-gen with args (NULL-terminated) in r->dir, with GPERF set to gperf unless it is
   NULL, and records what happened. */
static void run_in(struct run *r, const char *gperf, const char *const args[]) {
  finish_run(r, start_in(r, gperf, args));
}

/* Runs hhn-gen on list as names.in with --output-dir out. */
static void run_list(struct run *r, const char *list, size_t size) {
  static const char *const args[] = {"--output-dir", "out", "names.in", NULL};
  setup_dir(r, list, size);
  run_in(r, NULL, args);
}

/* Checks that hhn-gen rejected list with exactly the message `want` and wrote nothing. */
static void expect_error(const char *list, size_t size, const char *want) {
  struct run r;
  run_list(&r, list, size);
  ck_assert_int_eq(r.status, 1);
  ck_assert_str_eq(r.err, want);
  ck_assert_int_eq(r.outputs, 0);
}
#define EXPECT_ERROR(list, want) expect_error(list, sizeof list - 1, want)

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
      {"AVX512", "Ifunc", "AVX512_IFUNC, which the table's source defines for itself"},
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
  static const char *const args[] = {"--output-dir", "out", "names.in", NULL};
  setup_dir(&r, "Accept\n", 7);
  run_in(&r, "/nonexistent/gperf", args);
  ck_assert_int_eq(r.status, 1);
  ck_assert_str_eq(r.err, "hhn-gen: error: cannot run gperf ('/nonexistent/gperf'): No such file "
                          "or directory; install GNU gperf or set GPERF\n");
  ck_assert_int_eq(r.outputs, 0);
}
END_TEST

START_TEST(test_gen_rejects_key_positions_that_do_not_tell_names_apart) {
  struct run r;
  static const char *const args[] = {"--key-positions", "1", "--output-dir", "out",
                                     "names.in",        NULL};
  setup_dir(&r, "Accept\nAccess\n", 14); /* same length and first byte */
  run_in(&r, NULL, args);
  ck_assert_int_eq(r.status, 1);
  ck_assert_str_eq(r.err, "hhn-gen: error: key positions 1 do not tell 'Accept' (line 1) from "
                          "'Access' (line 2)\n");
  ck_assert_int_eq(r.outputs, 0);
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

START_TEST(test_gen_fails_when_its_output_cannot_go_to_stdout) {
  static const char *const runs[][5] = {
      {"--output-dir", "out", "names.in", NULL}, {"--help", NULL}, {"--version", NULL}};
  for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
    struct run r;
    setup_dir(&r, "Accept\n", 7);
    r.stdout_to = "/dev/full";
    run_in(&r, NULL, runs[i]);
    ck_assert_int_eq(r.status, 1);
    ck_assert_str_eq(r.err, "hhn-gen: error: cannot write to standard output: No space left on "
                            "device\n");
  }
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

/* Writes a stand-in gperf that fails the way a broken one would, and returns its path. */
static const char *fake_gperf(struct run *r, char *path, size_t size) {
  snprintf(path, size, "%s/fake-gperf", r->dir);
  spit(path, "#!/bin/sh\necho 'fake: no luck' >&2\nexit 3\n", 41);
  ck_assert_int_eq(chmod(path, 0755), 0);
  return path;
}

START_TEST(test_gen_uses_its_own_values_when_gperf_solves_nothing) {
  struct run r;
  char gperf[256];
  static const char *const args[] = {"--output-dir", "out", "names.in", NULL};
  setup_dir(&r, "Accept\nDate\nVia\n", 16);
  run_in(&r, fake_gperf(&r, gperf, sizeof gperf), args);
  ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
  ck_assert_ptr_nonnull(strstr(r.out, "hhn-gen's own values)"));
  ck_assert_str_eq(r.err, "hhn-gen: warning: gperf failed (exit status 3: fake: no luck); the "
                          "values are hhn-gen's own\n");
  expect_both_lookups_pass(&r, "own_values.c");
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
  static const char *const args[] = {"--quiet", "--output-dir", "out", "names.in", NULL};
  for (size_t i = 0; i < sizeof gperfs / sizeof gperfs[0]; i++) {
    struct run r;
    char gperf[256], want[256];
    setup_dir(&r, "Accept\nDate\nVia\n", 16);
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

START_TEST(test_gen_hashes_the_key_positions_given) {
  struct run r;
  static char c[65536];
  static const char *const args[] = {"--key-positions", "2,$-2", "--output-dir", "out",
                                     "names.in",        NULL};
  generate(&r, "Accept\nDate\nVia\n", args, c, sizeof c);
  expect_both_lookups_pass(&r, "probe_key_positions.c");
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
  expect_both_lookups_pass(&r, "probe_attrs.c");
}
END_TEST

/* The compilers that build every table the tests make, each with -Wall -Wextra -Werror:
   $CC (or cc), and clang, whose warnings differ (-Wconstant-conversion, initializers). */
static const char *compilers[2];
static char programs[PATH_MAX]; /* tests/gen, the test programs, as a full path */

/* Compiles the test program tests/gen/FILE with cc (-std=c99 -pedantic -Wall -Wextra -Werror
   and flags) with the table that hhn-gen wrote in r->dir/out, and runs it; returns its exit
   status, 125 if it did not compile (its messages in r->dir/cc.log). A probe (probe_*.c)
   includes the table's source itself, to read its tables; any other is linked with it. */
static int compile_with_and_run(struct run *r, const char *cc, const char *flags,
                                const char *file) {
  static char cmd[3 * PATH_MAX], table[64];
  table[0] = '\0';
  if (strncmp(file, "probe_", 6) != 0)
    snprintf(table, sizeof table, "out/%s.c", r->prefix);
  snprintf(cmd, sizeof cmd,
           "cd %s && { %s -std=c99 -pedantic -Wall -Wextra -Werror %s -Iout -I%s/.. %s %s/%s -o t "
           ">cc.log 2>&1 || exit 125; } && ./t",
           r->dir, cc, flags, programs, table, programs, file);
  int status = system(cmd);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

/* The flags of tests/strict.sh, with which every table compiles without a warning. */
static char strict[1024];

/* Checks that the table that hhn-gen wrote in r->dir/out compiles with cc, flags and the
   strict warnings of tests/strict.sh, every one an error. */
static void expect_strict(struct run *r, const char *cc, const char *flags) {
  char cmd[2048], log[4096] = "", path[256];
  snprintf(cmd, sizeof cmd, "cd %s && %s %s %s -Iout -c out/%s.c -o strict.o >cc.log 2>&1", r->dir,
           cc, strict, flags, r->prefix);
  int status = system(cmd);
  snprintf(path, sizeof path, "%s/cc.log", r->dir);
  if (status != 0)
    slurp(path, log, sizeof log);
  ck_assert_msg(status == 0, "%s %s: the table does not compile strictly:\n%s", cc, flags, log);
}

/* Checks that tests/gen/FILE passes with the table built by each compiler with flags, and that
   the table compiles with the strict warnings; fails with the compiler's messages if not. */
static void expect_runs(struct run *r, const char *flags, const char *file) {
  for (size_t i = 0; i < sizeof compilers / sizeof compilers[0]; i++) {
    expect_strict(r, compilers[i], flags);
    int status = compile_with_and_run(r, compilers[i], flags, file);
    char log[4096] = "", path[256];
    snprintf(path, sizeof path, "%s/cc.log", r->dir);
    if (status == 125)
      slurp(path, log, sizeof log);
    ck_assert_msg(status == 0, "%s %s %s: %s %d%s%s", file, compilers[i], flags,
                  status == 125 ? "does not compile" : "exit status", status, log[0] ? ":\n" : "",
                  log);
  }
}

/* Checks that tests/gen/FILE passes with the lookup the CPU picks and with the portable one. */
static void expect_both_lookups_pass(struct run *r, const char *file) {
  expect_runs(r, "", file);
  expect_runs(r, "-DHHN_NO_AVX512", file);
}

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
  expect_both_lookups_pass(&r, "probe_vector.c");
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
  expect_both_lookups_pass(&r, "over_256_names.c");
}
END_TEST

START_TEST(test_gen_indexed_table_with_a_name_of_255_bytes_is_right) {
  struct run r;
  static char c[1 << 20], list[40000];
  static const char *const args[] = {"--output-dir", "out", "names.in", NULL};
  static const char chars[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_!";
  /* a name of each length from 3 to 255, of random tchars: a sparse hash of the length alone,
     whose table is indexed, and whose per-length table holds 256 for length 255 (the offset of
     its mask), which once wrapped around to 0 in an unsigned char and made the name itself its
     own mask: a 255-byte input whose bytes were bit-subsets of the name's took its id */
  uint32_t x = 12345;
  size_t n = 0;
  for (size_t len = 3; len <= 255; len++) {
    for (size_t k = 0; k < len; k++, x = x * 1103515245u + 12345u)
      list[n++] = chars[(x >> 16) % (sizeof chars - 1)];
    list[n++] = '\n';
  }
  list[n] = '\0';
  generate(&r, list, args, c, sizeof c);
  ck_assert_msg(strstr(r.out, "hhn-gen's own values") != NULL, "not a displaced table: %s", r.out);
  expect_both_lookups_pass(&r, "every_byte.c");
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

START_TEST(test_gen_gives_each_name_the_id_the_list_chooses) {
  struct run r;
  static char list[8192], c[1 << 18];
  static const char *const args[] = {"--output-dir", "out", "names.in", NULL};
  ck_assert_int_gt(slurp("tests/data/ids/nghttp2.in", list, sizeof list), 0);
  generate(&r, list, args, c, sizeof c);
  expect_both_lookups_pass(&r, "ids.c");
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
  expect_both_lookups_pass(&r, "probe_one_file.c");
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

/* Writes list as names.in, runs hhn-gen --test with args, and checks that its test compiles
   with -Wall -Wextra -Werror as C and as C++ (gcc, g++) and passes. */
static void expect_test_builds_and_passes(const char *list, const char *prefix, int one_file) {
  struct run r;
  char cmd[1024];
  const char *const args[] = {
      "--test",       "--prefix", prefix,     one_file ? "--static" : "--quiet",
      "--output-dir", "out",      "names.in", NULL};
  setup_dir(&r, list, strlen(list));
  run_in(&r, NULL, args);
  ck_assert_msg(r.status == 0, "%s: status %d: %s", prefix, r.status, r.err);
  char table[128] = "";
  if (!one_file)
    snprintf(table, sizeof table, "out/%s.c", prefix);
  snprintf(cmd, sizeof cmd,
           "cc -std=c99 -O1 -Wall -Wextra -Werror out/%s_test.c %s -o t && ./t > t.log && "
           "grep -q ' checks, 0 failures$' t.log && g++ -x c++ -Wall -Wextra -Werror -c "
           "out/%s_test.c -o u.o",
           prefix, table, prefix);
  ck_assert_msg(shell_in(&r, cmd) == 0, "the test of prefix %s", prefix);
}

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
      "#define no_sanitize_address BROKEN\n#define AVX512_IFUNC 1\n#define NARROW_SSE2 1\n"
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

START_TEST(test_gen_test_writes_a_test_that_passes_and_fails_on_another_table) {
  struct run r;
  static char c[1 << 17];
  static const char *const args[] = {"--test", "--output-dir", "out", "names.in", NULL};
  generate(&r, "Accept\nDate\nVia\nTE\n", args, c, sizeof c);
  ck_assert_ptr_nonnull(strstr(r.out, "out/hhn.h and out/hhn_test.c:"));
  ck_assert_int_eq(shell_in(&r, "cc -O2 out/hhn_test.c out/hhn.c -o t && ./t > t.log && "
                                "grep -q ' checks, 0 failures$' t.log"),
                   0);
  /* the same test beside the table of a list one byte away fails, and says where */
  char cmd[PATH_MAX + 512];
  snprintf(cmd, sizeof cmd,
           "printf 'Accept\\nDate\\nVia\\nTF\\n' > b.in && '%s' --quiet --output-dir other b.in "
           "&& cc -O2 out/hhn_test.c other/hhn.c -o u && ! ./u > u.log && "
           "grep -q '^hhn_test: FAIL: hhn_' u.log && grep -q ' [1-9][0-9]* failures$' u.log",
           gen);
  ck_assert_int_eq(shell_in(&r, cmd), 0);
}
END_TEST

START_TEST(test_gen_table_of_one_name_hashes_the_length_alone_and_works) {
  struct run r;
  static char c[65536];
  static const char *const args[] = {"--output-dir", "out", "names.in", NULL};
  generate(&r, "Accept\n", args, c, sizeof c);
  expect_both_lookups_pass(&r, "probe_length_alone.c");
}
END_TEST

START_TEST(test_gen_table_of_names_under_4_bytes_compares_bytes_and_works) {
  struct run r;
  static char c[65536];
  static const char *const args[] = {"--output-dir", "out", "names.in", NULL};
  generate(&r, "a\nTE\nVia\nDnt\n", args, c, sizeof c);
  expect_both_lookups_pass(&r, "under_4_bytes.c");
}
END_TEST

START_TEST(test_gen_chooses_a_byte_per_length_for_names_alike_deep_inside) {
  struct run r;
  static char c[65536];
  char list[200];
  static const char *const args[] = {"--output-dir", "out", "names.in", NULL};
  /* Two 60-byte names that differ only in byte 41, beyond the first and last 16, and a short
     name: byte 41 is read as the byte chosen for length 60. */
  memset(list, 'a', 60);
  memset(list + 61, 'a', 60);
  list[40] = 'x', list[60] = '\n', list[121] = '\n';
  strcpy(list + 122, "Via\n");
  generate(&r, list, args, c, sizeof c);
  expect_both_lookups_pass(&r, "probe_per_length.c");
}
END_TEST

START_TEST(test_gen_falls_back_to_gperf_positions_for_names_alike_but_deep_inside) {
  struct run r;
  static char c[65536];
  char list[200];
  static const char *const args[] = {"--output-dir", "out", "names.in", NULL};
  /* Three 60-byte names, one differing from another in byte 31 and from the third in byte 36:
     no byte in the first and last 16, nor any one byte per length, tells them apart. And two
     short names, which the AVX-512 lookup takes, hashed by gperf's positions too. */
  memset(list, 'a', 182);
  list[30] = 'x', list[61 + 35] = 'x', list[60] = list[121] = list[182] = '\n';
  strcpy(list + 183, "Via\nTE\n");
  generate(&r, list, args, c, sizeof c);
  expect_both_lookups_pass(&r, "probe_gperf_positions.c");
}
END_TEST

/* Builds the test that hhn-gen --test wrote beside r's table, both ways (with and without
   the AVX-512 lookups), and checks that it passes. */
static void expect_emitted_test_passes(struct run *r) {
  ck_assert_int_eq(shell_in(r, "for v in '' -DHHN_NO_AVX512; do cc -O2 $v out/hhn_test.c out/hhn.c "
                               "-o t && ./t > t.log && grep -q ' checks, 0 failures$' t.log || "
                               "exit 1; done"),
                   0);
}

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

START_TEST(test_gen_hashes_a_big_list_that_only_31_bytes_tell_apart) {
  struct run r;
  static char c[1 << 20], list[1100 * 40];
  static const char *const args[] = {"--test", "--output-dir", "out", "names.in", NULL};
  write_alike_in_31_bytes(list, sizeof list);
  generate(&r, list, args, c, sizeof c);
  ck_assert_msg(strstr(r.out, ": 1050 names in ") != NULL && strstr(r.out, "own values") != NULL,
                "stdout: %s", r.out);
  expect_emitted_test_passes(&r);
  /* 34,650 bytes of names: the test samples every 2nd (once "every 2th") */
  ck_assert_int_eq(shell_in(&r, "grep -q 'mutations of every 2nd name, the others' t.log"), 0);
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
  expect_both_lookups_pass(&r, "widened.c");
}
END_TEST

START_TEST(test_gen_keeps_old_output_when_the_list_is_bad) {
  struct run r;
  char buf[256];
  static const char *const args[] = {"--output-dir", "out", "names.in", NULL};
  setup_dir(&r, "Accept\naccept\n", 14);
  snprintf(buf, sizeof buf, "%s/out/hhn.c", r.dir);
  spit(buf, "old", 3);
  run_in(&r, NULL, args);
  ck_assert_int_eq(r.status, 1);
  ck_assert_int_eq(r.outputs, 1);
  ck_assert_int_eq(slurp(buf, r.out, sizeof r.out), 3);
  ck_assert_str_eq(r.out, "old");
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
      {"--frobnicate", "names.in", NULL},
      {"names.in", "other.in", NULL},
      {"--output-dir", NULL},
      {"--output-dir", "", "names.in", NULL},
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

START_TEST(test_gen_makes_missing_output_folders) {
  struct run r;
  char path[256];
  static const char *const args[] = {"--output-dir", "no/such/dir", "--header-dir",
                                     "inc/lude",     "names.in",    NULL};
  setup_dir(&r, "Accept\n", 7);
  run_in(&r, NULL, args);
  ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
  snprintf(path, sizeof path, "%s/no/such/dir/hhn.c", r.dir);
  ck_assert_int_eq(access(path, R_OK), 0);
  snprintf(path, sizeof path, "%s/inc/lude/hhn.h", r.dir);
  ck_assert_int_eq(access(path, R_OK), 0);
}
END_TEST

START_TEST(test_gen_reports_an_output_folder_it_cannot_make) {
  struct run r;
  char path[256];
  static const char *const args[] = {"--output-dir", "blocker/dir", "names.in", NULL};
  setup_dir(&r, "Accept\n", 7);
  snprintf(path, sizeof path, "%s/blocker", r.dir);
  spit(path, "a file", 6);
  run_in(&r, NULL, args);
  ck_assert_int_eq(r.status, 1);
  ck_assert_str_eq(r.err, "hhn-gen: error: cannot make the folder 'blocker': Not a directory\n");
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

START_TEST(test_gen_man_page_and_help_document_every_option) {
  static char man[65536];
  struct run r;
  static const char *const help[] = {"--help", NULL};
  static const char *const options[] = {"prefix", "output-dir", "header-dir", "key-positions",
                                        "static", "test",       "cxx",        "quiet",
                                        "help",   "version"};
  ck_assert_int_gt(slurp("gen/hhn-gen.1", man, sizeof man), 0);
  setup_dir(&r, NULL, 0);
  run_in(&r, NULL, help);
  for (size_t i = 0; i < sizeof options / sizeof options[0]; i++) {
    char roff[64] = "\\-\\-", plain[64], *p = roff + 4; /* in roff, each - is \- */
    snprintf(plain, sizeof plain, "--%s", options[i]);
    for (const char *o = options[i]; *o; o++)
      p += *o == '-' ? sprintf(p, "\\-") : sprintf(p, "%c", *o);
    ck_assert_msg(strstr(r.out, plain) != NULL, "--help lacks %s", plain);
    ck_assert_msg(strstr(man, roff) != NULL, "hhn-gen.1 lacks %s", roff);
  }
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

/* Runs cmd (a shell command) in r->dir; returns its exit status. */
static int shell_in(struct run *r, const char *cmd) {
  static char line[20000];
  ck_assert_uint_lt(strlen(r->dir) + strlen(cmd) + 16, sizeof line);
  snprintf(line, sizeof line, "cd '%s' && %s", r->dir, cmd);
  int status = system(line);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

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
  expect_both_lookups_pass(&r, "lengths_fold.c");
}
END_TEST

START_TEST(test_gen_keeps_the_old_header_when_the_source_cannot_be_replaced) {
  struct run r;
  char path[256];
  static const char *const args[] = {"--output-dir", "out", "names.in", NULL};
  setup_dir(&r, "Accept\nDate\n", 12);
  snprintf(path, sizeof path, "%s/out/hhn.h", r.dir);
  spit(path, "old", 3);
  /* out/hhn.c is a folder that is not empty: no file can be renamed over it */
  ck_assert_int_eq(shell_in(&r, "mkdir out/hhn.c && touch out/hhn.c/x"), 0);
  run_in(&r, NULL, args);
  ck_assert_int_eq(r.status, 1);
  ck_assert_str_eq(r.err, "hhn-gen: error: cannot rename into 'out/hhn.c': Is a directory\n");
  ck_assert_int_eq(r.outputs, 2); /* hhn.h and hhn.c/, and no temporary file */
  ck_assert_int_eq(slurp(path, r.out, sizeof r.out), 3);
  ck_assert_str_eq(r.out, "old");
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

START_TEST(test_gen_reports_a_failed_write_with_the_file_and_its_reason) {
  struct run r;
  static const char *const args[] = {"--output-dir", "out", "names.in", NULL};
  setup_dir(&r, "Accept\nDate\nVia\n", 16);
  r.fsize = 8192; /* room for gperf's files and hhn.h (2.4 KB), not for hhn.c (14 KB) */
  run_in(&r, NULL, args);
  ck_assert_int_eq(r.status, 1);
  ck_assert_str_eq(r.err, "hhn-gen: error: cannot write 'out/hhn.c': File too large\n");
  ck_assert_int_eq(r.outputs, 0);
}
END_TEST

/* Interrupts hhn-gen with sig while a stand-in gperf that sleeps runs, and checks that it
   dies of sig, with no temporary folder, no file in out/ and no gperf left. */
static void interrupt_during_gperf(int sig) {
  struct run r;
  char gperf[256], pidfile[256], text[32] = "";
  static const char *const args[] = {"--output-dir", "out", "names.in", NULL};
  static const char script[] = "#!/bin/sh\necho $$ > gperf.pid.tmp && mv gperf.pid.tmp gperf.pid\n"
                               "exec sleep 60\n";
  setup_dir(&r, "Accept\nDate\n", 12);
  snprintf(gperf, sizeof gperf, "%s/sleepy-gperf", r.dir);
  spit(gperf, script, sizeof script - 1);
  ck_assert_int_eq(chmod(gperf, 0755), 0);
  pid_t pid = start_in(&r, gperf, args);
  snprintf(pidfile, sizeof pidfile, "%s/gperf.pid", r.dir);
  for (int i = 0; i < 1000 && slurp(pidfile, text, sizeof text) <= 0; i++)
    usleep(10000); /* until gperf runs: 10 s at most */
  pid_t gperf_pid = (pid_t)atol(text);
  ck_assert_int_gt(gperf_pid, 0);
  ck_assert_int_eq(kill(pid, sig), 0);
  finish_run(&r, pid); /* which checks that tmp/ is empty */
  ck_assert_int_eq(r.status, 128 + sig);
  ck_assert_int_eq(r.outputs, 0);
  ck_assert_msg(kill(gperf_pid, 0) != 0, "gperf (pid %d) still runs", (int)gperf_pid);
}

START_TEST(test_gen_interrupted_by_sigterm_leaves_nothing_behind) {
  interrupt_during_gperf(SIGTERM);
}
END_TEST

START_TEST(test_gen_interrupted_by_sigint_leaves_nothing_behind) { interrupt_during_gperf(SIGINT); }
END_TEST

START_TEST(test_gen_interrupted_by_sigquit_leaves_nothing_behind) {
  interrupt_during_gperf(SIGQUIT);
}
END_TEST

/* Waits up to 10 s for the file dir/name; returns whether it came. */
static int wait_for(const char *dir, const char *name) {
  char path[256];
  struct stat st;
  snprintf(path, sizeof path, "%s/%s", dir, name);
  for (int i = 0; i < 1000; i++, usleep(10000))
    if (stat(path, &st) == 0 && st.st_size >= 0)
      return 1;
  return 0;
}

/* The count of names that out/hhn.h of the folder dir defines and that out/hhn.c describes. */
static void pair_counts(const char *dir, long *h, long *c) {
  char path[256], *at;
  static char text[1 << 17];
  snprintf(path, sizeof path, "%s/out/hhn.h", dir);
  ck_assert_int_gt(slurp(path, text, sizeof text), 0);
  ck_assert_ptr_nonnull(at = strstr(text, "#define HHN_COUNT "));
  *h = atol(at + strlen("#define HHN_COUNT "));
  snprintf(path, sizeof path, "%s/out/hhn.c", dir);
  ck_assert_int_gt(slurp(path, text, sizeof text), 0);
  ck_assert_ptr_nonnull(at = strstr(text, "\n/*\n * ")); /* the description: "N names of" */
  *c = atol(at + 7);
}

START_TEST(test_gen_interrupted_between_its_renames_leaves_a_matching_pair) {
  struct run r;
  char path[256];
  long h, c;
  static const char *const args[] = {"--output-dir", "out", "names.in", NULL};
  setup_dir(&r, "Accept\nDate\n", 12);
  run_in(&r, NULL, args); /* the old pair: 2 names */
  ck_assert_int_eq(r.status, 0);
  snprintf(path, sizeof path, "%s/names.in", r.dir);
  spit(path, "Accept\nDate\nVia\n", 16);
  r.delay_after = "rename:1"; /* held up once the new header is in place */
  pid_t pid = start_in(&r, NULL, args);
  ck_assert(wait_for(r.dir, "delaying"));
  ck_assert_int_eq(kill(pid, SIGTERM), 0);
  finish_run(&r, pid);
  ck_assert_int_eq(r.status, 128 + SIGTERM);
  ck_assert_int_eq(r.outputs, 2);
  pair_counts(r.dir, &h, &c);
  ck_assert_int_eq(h, c); /* never the new header beside the old source */
  ck_assert_int_eq(h, 3); /* the signal waited until both were in place */
}
END_TEST

START_TEST(test_gen_runs_at_once_on_one_output_leave_a_matching_pair) {
  struct run a, b;
  char out[256];
  long h, c;
  static const char *const args[] = {"--output-dir", "out", "names.in", NULL};
  setup_dir(&a, "Accept\nDate\n", 12);
  setup_dir(&b, "Accept\nDate\nVia\n", 16);
  snprintf(out, sizeof out, "%s/out", a.dir);
  const char *const args_b[] = {"--output-dir", out, "names.in", NULL};
  a.delay_after = "rename:1"; /* a is held up between its renames; b runs meanwhile */
  pid_t pa = start_in(&a, NULL, args);
  ck_assert(wait_for(a.dir, "delaying"));
  pid_t pb = start_in(&b, NULL, args_b);
  finish_run(&a, pa);
  finish_run(&b, pb);
  ck_assert_msg(a.status == 0 && b.status == 0, "%d %d: %s %s", a.status, b.status, a.err, b.err);
  pair_counts(a.dir, &h, &c);
  ck_assert_int_eq(h, c); /* never one's header beside the other's source */
  ck_assert_int_eq(h, 3); /* b's, which waited for a to put both of its files in place */
}
END_TEST

/* Waits up to 20 s for the hhn-gen of start_in, killing it after; returns whether it ended. */
static int finish_within(pid_t pid) {
  for (int i = 0; i < 2000; i++, usleep(10000))
    if (waitpid(pid, NULL, WNOHANG) == pid)
      return 1;
  kill(pid, SIGKILL);
  waitpid(pid, NULL, 0);
  return 0;
}

START_TEST(test_gen_runs_at_once_lock_folders_in_one_order_whatever_their_paths) {
  struct run a, b;
  static const char *const args_a[] = {"--output-dir", "X", "--header-dir", "Y", "names.in", NULL};
  static const char *const args_b[] = {"--output-dir", "X",        "--header-dir",
                                       "./Y",          "names.in", NULL};
  setup_dir(&a, "Accept\nDate\n", 12);
  b = a; /* the same folder, so the same X and Y; b's stderr and stdout overwrite a's */
  a.delay_after = "flock:1"; /* each is held up with one folder locked, the other not yet */
  b.delay_after = "flock:1";
  pid_t pa = start_in(&a, NULL, args_a);
  ck_assert(wait_for(a.dir, "delaying"));
  pid_t pb = start_in(&b, NULL, args_b);
  int ended_a = finish_within(pa), ended_b = finish_within(pb);
  ck_assert_msg(ended_a && ended_b, "the runs hung: each waits for the other's lock");
}
END_TEST

/* Runs hhn-gen with --cxx --test on old.in, then puts a folder where the file `blocked` was,
   then runs it on names.in: it must fail, and leave every file of the old table as it was. */
static void expect_old_table_kept(const char *blocked) {
  struct run r;
  char path[256], cmd[512];
  static char before[4][1 << 17], after[1 << 17];
  static const char *const names[] = {"hhn.h", "hhn.c", "hhn_test.c", "hhn.hpp"};
  static const char *const args_old[] = {"-q",  "--cxx",  "--test", "--output-dir",
                                         "out", "old.in", NULL};
  static const char *const args[] = {"-q",  "--cxx",    "--test", "--output-dir",
                                     "out", "names.in", NULL};
  setup_dir(&r, "Accept\n", 7);
  ck_assert_int_eq(shell_in(&r, "printf 'Old-Name\\n' > old.in"), 0);
  run_in(&r, NULL, args_old);
  ck_assert_int_eq(r.status, 0);
  snprintf(cmd, sizeof cmd, "rm out/%s && mkdir out/%s && touch out/%s/x", blocked, blocked,
           blocked);
  ck_assert_int_eq(shell_in(&r, cmd), 0);
  for (int k = 0; k < 4; k++) {
    snprintf(path, sizeof path, "%s/out/%s", r.dir, names[k]);
    if (strcmp(names[k], blocked) != 0)
      ck_assert_int_gt(slurp(path, before[k], sizeof before[k]), 0);
  }
  run_in(&r, NULL, args);
  ck_assert_int_eq(r.status, 1);
  snprintf(cmd, sizeof cmd, "hhn-gen: error: cannot rename into 'out/%s': Is a directory\n",
           blocked);
  ck_assert_str_eq(r.err, cmd);
  ck_assert_int_eq(r.outputs, 4); /* the old files and the folder, no temporary file */
  for (int k = 0; k < 4; k++) {
    snprintf(path, sizeof path, "%s/out/%s", r.dir, names[k]);
    if (strcmp(names[k], blocked) != 0) {
      ck_assert_int_gt(slurp(path, after, sizeof after), 0);
      ck_assert_msg(strcmp(after, before[k]) == 0, "out/%s is not the old one", names[k]);
    }
  }
}

START_TEST(test_gen_keeps_every_old_file_when_the_cxx_header_cannot_be_replaced) {
  expect_old_table_kept("hhn.hpp");
}
END_TEST

START_TEST(test_gen_keeps_every_old_file_when_the_test_cannot_be_replaced) {
  expect_old_table_kept("hhn_test.c");
}
END_TEST

START_TEST(test_gen_interrupted_as_gperf_starts_stops_it) {
  struct run r;
  char gperf[256], pidfile[256], text[32] = "";
  static const char *const args[] = {"--output-dir", "out", "names.in", NULL};
  static const char script[] = "#!/bin/sh\necho $$ > gperf.pid.tmp && mv gperf.pid.tmp gperf.pid\n"
                               "exec sleep 60\n";
  setup_dir(&r, "Accept\nDate\n", 12);
  snprintf(gperf, sizeof gperf, "%s/sleepy-gperf", r.dir);
  spit(gperf, script, sizeof script - 1);
  ck_assert_int_eq(chmod(gperf, 0755), 0);
  r.delay_after = "spawn:1"; /* held up once gperf has started, before it is known */
  pid_t pid = start_in(&r, gperf, args);
  ck_assert(wait_for(r.dir, "delaying") && wait_for(r.dir, "gperf.pid"));
  snprintf(pidfile, sizeof pidfile, "%s/gperf.pid", r.dir);
  ck_assert_int_gt(slurp(pidfile, text, sizeof text), 0);
  pid_t gperf_pid = (pid_t)atol(text);
  ck_assert_int_eq(kill(pid, SIGTERM), 0);
  finish_run(&r, pid);
  int alive = kill(gperf_pid, 0) == 0;
  if (alive)
    kill(gperf_pid, SIGKILL);
  ck_assert_int_eq(r.status, 128 + SIGTERM);
  ck_assert_msg(!alive, "gperf (pid %d) still ran", (int)gperf_pid);
  ck_assert_int_eq(r.outputs, 0);
}
END_TEST

START_TEST(test_gen_keeps_sighup_ignored_as_nohup_leaves_it) {
  struct run r;
  char gperf[256];
  static const char *const args[] = {"--output-dir", "out", "names.in", NULL};
  /* gperf takes 2 s the first time, and fails every time: the values are hhn-gen's own */
  static const char script[] =
      "#!/bin/sh\n[ -f gperf.pid ] || { echo $$ > gperf.pid.tmp && mv gperf.pid.tmp gperf.pid;"
      " sleep 2; }\nexit 1\n";
  setup_dir(&r, "Accept\nDate\n", 12);
  snprintf(gperf, sizeof gperf, "%s/slow-gperf", r.dir);
  spit(gperf, script, sizeof script - 1);
  ck_assert_int_eq(chmod(gperf, 0755), 0);
  r.ignore_hup = 1;
  pid_t pid = start_in(&r, gperf, args);
  ck_assert(wait_for(r.dir, "gperf.pid"));
  ck_assert_int_eq(kill(pid, SIGHUP), 0);
  finish_run(&r, pid);
  ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
  ck_assert_int_eq(r.outputs, 2);
}
END_TEST

/* Reads out/hhn.c and out/hhn.h of r into c and h. */
static void read_table(struct run *r, char *c, char *h, size_t size) {
  char path[256];
  snprintf(path, sizeof path, "%s/out/hhn.c", r->dir);
  ck_assert_int_gt(slurp(path, c, size), 0);
  snprintf(path, sizeof path, "%s/out/hhn.h", r->dir);
  ck_assert_int_gt(slurp(path, h, size), 0);
}

START_TEST(test_gen_every_failed_allocation_says_so_in_one_line_and_writes_nothing) {
  struct run r;
  char path[256], count[32] = "";
  static char want_c[1 << 16], want_h[1 << 16], c[1 << 16], h[1 << 16];
  static const char list[] = "Accept single\nDate hpack=1\nX\n";
  static const char *const args[] = {"--output-dir", "out", "names.in", NULL};
  ck_assert_msg(failalloc != NULL, "HHN_FAILALLOC does not name failalloc.so");
  setup_dir(&r, list, sizeof list - 1);
  snprintf(path, sizeof path, "%s/count", r.dir);
  setenv("HHN_COUNT_ALLOC", path, 1); /* how many allocations a whole run makes */
  r.fail_alloc = 1L << 30;
  run_in(&r, NULL, args);
  unsetenv("HHN_COUNT_ALLOC");
  ck_assert_msg(r.status == 0, "status %d: %s", r.status, r.err);
  read_table(&r, want_c, want_h, sizeof want_c);
  ck_assert_int_gt(slurp(path, count, sizeof count), 0);
  long n = atol(count);
  ck_assert_int_gt(n, 10);
  for (long i = 0; i < n; i++) {
    setup_dir(&r, list, sizeof list - 1);
    r.fail_alloc = i;
    run_in(&r, NULL, args);
    if (r.status == 0) { /* it did without that allocation (qsort can): the same table */
      read_table(&r, c, h, sizeof c);
      ck_assert_msg(strcmp(c, want_c) == 0 && strcmp(h, want_h) == 0,
                    "allocation %ld: a different table", i);
      continue;
    }
    const char *nl = strchr(r.err, '\n');
    ck_assert_msg(r.status == 1 && nl != NULL && nl[1] == '\0', "allocation %ld: status %d: %s", i,
                  r.status, r.err);
    ck_assert_msg(strstr(r.err, "memory") != NULL, "allocation %ld: %s", i, r.err);
    ck_assert_int_eq(r.outputs, 0);
  }
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

/* Removes one entry of the tree being removed. */
static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw) {
  (void)st, (void)flag, (void)ftw;
  return remove(path);
}

/* Reads the paths and flags the tests use from argv and the environment, and makes their
   folder; returns 0, or 2 after saying why not. */
static int setup(int argc, char **argv) {
  if (argc != 2 || realpath(argv[1], gen) == NULL) {
    fprintf(stderr, "usage: check_gen PATH_TO_HHN_GEN\n");
    return 2;
  }
  failalloc = getenv("HHN_FAILALLOC");
  delay = getenv("HHN_DELAY");
  compilers[0] = getenv("CC") && *getenv("CC") ? getenv("CC") : "cc";
  compilers[1] = "clang";
  FILE *flags = popen("sh tests/strict.sh --flags", "r");
  if (flags == NULL || fgets(strict, sizeof strict, flags) == NULL || pclose(flags) != 0) {
    fprintf(stderr, "check_gen: cannot read the flags of tests/strict.sh\n");
    return 2;
  }
  strict[strcspn(strict, "\n")] = '\0';
  if (realpath("tests/gen", programs) == NULL) {
    fprintf(stderr, "check_gen: run it from the repository (no tests/gen here)\n");
    return 2;
  }
  if (mkdtemp(root) == NULL) {
    perror("check_gen: mkdtemp");
    return 2;
  }
  return 0;
}

/* The tests of hhn-gen's refusals and failures. */
static TCase *errors_case(void) {
  TCase *tc = tcase_create("errors");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, test_gen_rejects_duplicate_in_another_case);
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
  tcase_add_test(tc, test_gen_rejects_key_positions_that_do_not_tell_names_apart);
  tcase_add_test(tc, test_gen_rejects_unreadable_key_positions_as_a_bad_command_line);
  tcase_add_test(tc, test_gen_cuts_long_names_in_the_key_positions_error);
  tcase_add_test(tc, test_gen_says_why_it_cannot_read_a_folder_given_as_the_list);
  tcase_add_test(tc, test_gen_fails_when_its_output_cannot_go_to_stdout);
  tcase_add_test(tc, test_gen_uses_its_own_values_when_gperf_solves_nothing);
  tcase_add_test(tc, test_gen_warns_in_one_line_when_gperf_fails_even_if_quiet);
  tcase_add_test(tc, test_gen_keeps_old_output_when_the_list_is_bad);
  tcase_add_test(tc, test_gen_rejects_bad_usage_with_status_2);
  tcase_add_test(tc, test_gen_makes_missing_output_folders);
  tcase_add_test(tc, test_gen_interrupted_by_sigterm_leaves_nothing_behind);
  tcase_add_test(tc, test_gen_interrupted_by_sigint_leaves_nothing_behind);
  tcase_add_test(tc, test_gen_interrupted_by_sigquit_leaves_nothing_behind);
  tcase_add_test(tc, test_gen_interrupted_between_its_renames_leaves_a_matching_pair);
  tcase_add_test(tc, test_gen_runs_at_once_on_one_output_leave_a_matching_pair);
  tcase_add_test(tc, test_gen_interrupted_as_gperf_starts_stops_it);
  tcase_add_test(tc, test_gen_keeps_sighup_ignored_as_nohup_leaves_it);
  tcase_add_test(tc, test_gen_reports_an_output_folder_it_cannot_make);
  tcase_add_test(tc, test_gen_keeps_the_old_header_when_the_source_cannot_be_replaced);
  tcase_add_test(tc, test_gen_keeps_every_old_file_when_the_cxx_header_cannot_be_replaced);
  tcase_add_test(tc, test_gen_keeps_every_old_file_when_the_test_cannot_be_replaced);
  tcase_add_test(tc, test_gen_runs_at_once_lock_folders_in_one_order_whatever_their_paths);
  tcase_add_test(tc, test_gen_tells_why_gperf_gave_no_hash_of_the_positions_given);
  tcase_add_test(tc, test_gen_reports_a_failed_write_with_the_file_and_its_reason);
  tcase_add_test(tc, test_gen_every_failed_allocation_says_so_in_one_line_and_writes_nothing);
  return tc;
}

/* The tests of what hhn-gen writes. */
static TCase *output_case(void) {
  TCase *tc = tcase_create("output");
  tcase_set_timeout(tc, 60);
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

int main(int argc, char **argv) {
  if (setup(argc, argv) != 0)
    return 2;
  Suite *s = suite_create("hhn-gen");
  suite_add_tcase(s, errors_case());
  suite_add_tcase(s, output_case());
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  if (nftw(root, remove_entry, 16, FTW_DEPTH | FTW_PHYS) != 0) {
    perror("check_gen: removing its folders");
    failed++;
  }
  return failed ? 1 : 0;
}
