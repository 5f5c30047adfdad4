/* files.c: the tests of what hhn-gen leaves behind: nothing half-written whatever fails or
   comes (a bad list, a write that fails, a signal, an allocation that fails), the old files kept
   unless every new one is put in place, and runs at once that lock their folders. */
#include "harness.h"

#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* Interrupts hhn-gen with sig while a stand-in gperf that sleeps runs, and checks that it
   dies of sig, with no temporary folder, no file in out/ and no gperf left. */
static void interrupt_during_gperf(int sig) {
  struct run r;
  char gperf[256], pidfile[256], text[32] = "";
  static const char *const args[] = {"--hash", "gperf", "--output-dir", "out", "names.in", NULL};
  static const char script[] = "#!/bin/sh\necho $$ > gperf.pid.tmp && mv gperf.pid.tmp gperf.pid\n"
                               "exec sleep 60\n";
  setup_dir(&r, "Accept\nAccess\n", 14); /* one length: gperf runs */
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

/* Waits up to 20 s for the hhn-gen of start_in, killing it after; returns whether it ended. */
static int finish_within(pid_t pid) {
  for (int i = 0; i < 2000; i++, usleep(10000))
    if (waitpid(pid, NULL, WNOHANG) == pid)
      return 1;
  kill(pid, SIGKILL);
  waitpid(pid, NULL, 0);
  return 0;
}

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

/* Reads out/hhn.c and out/hhn.h of r into c and h. */
static void read_table(struct run *r, char *c, char *h, size_t size) {
  char path[256];
  snprintf(path, sizeof path, "%s/out/hhn.c", r->dir);
  ck_assert_int_gt(slurp(path, c, size), 0);
  snprintf(path, sizeof path, "%s/out/hhn.h", r->dir);
  ck_assert_int_gt(slurp(path, h, size), 0);
}

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

START_TEST(test_gen_interrupted_as_gperf_starts_stops_it) {
  struct run r;
  char gperf[256], pidfile[256], text[32] = "";
  static const char *const args[] = {"--hash", "gperf", "--output-dir", "out", "names.in", NULL};
  static const char script[] = "#!/bin/sh\necho $$ > gperf.pid.tmp && mv gperf.pid.tmp gperf.pid\n"
                               "exec sleep 60\n";
  setup_dir(&r, "Accept\nAccess\n", 14); /* one length: gperf runs */
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
  static const char *const args[] = {"--hash", "gperf", "--output-dir", "out", "names.in", NULL};
  /* gperf takes 2 s the first time, and fails every time: the values are hhn-gen's own */
  static const char script[] =
      "#!/bin/sh\n[ -f gperf.pid ] || { echo $$ > gperf.pid.tmp && mv gperf.pid.tmp gperf.pid;"
      " sleep 2; }\nexit 1\n";
  setup_dir(&r, "Accept\nAccess\n", 14); /* one length: gperf runs */
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

START_TEST(test_gen_keeps_every_old_file_when_the_cxx_header_cannot_be_replaced) {
  expect_old_table_kept("hhn.hpp");
}
END_TEST

START_TEST(test_gen_keeps_every_old_file_when_the_test_cannot_be_replaced) {
  expect_old_table_kept("hhn_test.c");
}
END_TEST

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

START_TEST(test_gen_warns_of_the_files_an_earlier_run_left_beside_its_own) {
  struct run r;
  char path[256];
  static const char *const all[] = {"--test", "--cxx", "--output-dir", "out", "other.in", NULL};
  static const char *const plain[] = {"--output-dir", "out", "names.in", NULL};
  static const char *const one[] = {"--static", "--output-dir", "out", "names.in", NULL};
  static const char *const tested[] = {"--test", "--output-dir", "out", "names.in", NULL};
  setup_dir(&r, "Accept\nDate\n", 12);
  snprintf(path, sizeof path, "%s/other.in", r.dir);
  spit(path, "Accept\nVia\n", 11);
  run_in(&r, NULL, all);
  ck_assert_int_eq(r.outputs, 4);
  run_in(&r, NULL, plain);
  ck_assert_int_eq(r.status, 0);
  ck_assert_str_eq(r.err, "hhn-gen: warning: out/hhn_test.c is an earlier run's, left as it was "
                          "(this run has no --test): remove it unless it is of this list\n"
                          "hhn-gen: warning: out/hhn.hpp is an earlier run's, left as it was "
                          "(this run has no --cxx): remove it unless it is of this list\n");
  run_in(&r, NULL, tested); /* a test of this list, from its own --test run: no warning */
  run_in(&r, NULL, plain);
  ck_assert_str_eq(r.err, "hhn-gen: warning: out/hhn.hpp is an earlier run's, left as it was "
                          "(this run has no --cxx): remove it unless it is of this list\n");
  snprintf(path, sizeof path, "%s/out/hhn.hpp", r.dir);
  spit(path, "// a file of the user's\n", 24); /* not hhn-gen's: no word of it */
  snprintf(path, sizeof path, "%s/out/hhn_test.c", r.dir);
  ck_assert_int_eq(unlink(path), 0);
  run_in(&r, NULL, one);
  ck_assert_int_eq(r.status, 0);
  ck_assert_str_eq(r.err, "hhn-gen: warning: out/hhn.h is an earlier run's, left as it was "
                          "(--static writes no header): remove it unless it is of this list\n");
  /* a Rust run: its own test, not the C files, which are another build's */
  static const char *const rust_all[] = {"--rust", "--test",   "--output-dir",
                                         "out",    "other.in", NULL};
  static const char *const rust[] = {"--rust", "--output-dir", "out", "names.in", NULL};
  static const char *const rust_tested[] = {"--rust", "--test",   "--output-dir",
                                            "out",    "names.in", NULL};
  run_in(&r, NULL, rust_all);
  ck_assert_int_eq(r.status, 0);
  ck_assert_str_eq(r.err, "");
  run_in(&r, NULL, rust);
  ck_assert_int_eq(r.status, 0);
  ck_assert_str_eq(r.err, "hhn-gen: warning: out/hhn_test.rs is an earlier run's, left as it was "
                          "(this run has no --test): remove it unless it is of this list\n");
  run_in(&r, NULL, rust_tested);
  run_in(&r, NULL, rust);
  ck_assert_str_eq(r.err, "");
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

START_TEST(test_gen_every_failed_allocation_says_so_in_one_line_and_writes_nothing) {
  struct run r;
  char path[256], count[32] = "";
  static char want_c[1 << 16], want_h[1 << 16], c[1 << 16], h[1 << 16];
  static const char list[] = "Accept single\nDate hpack=1 single\nX\n";
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

TCase *files_case(void) {
  TCase *tc = tcase_create("files");
  bound_case(tc);
  tcase_add_test(tc, test_gen_fails_when_its_output_cannot_go_to_stdout);
  tcase_add_test(tc, test_gen_keeps_old_output_when_the_list_is_bad);
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
  tcase_add_test(tc, test_gen_warns_of_the_files_an_earlier_run_left_beside_its_own);
  tcase_add_test(tc, test_gen_reports_a_failed_write_with_the_file_and_its_reason);
  tcase_add_test(tc, test_gen_every_failed_allocation_says_so_in_one_line_and_writes_nothing);
  return tc;
}
