/* harness.c: runs of hhn-gen for its tests (see harness.h), and main: `check_gen
   PATH_TO_HHN_GEN`, with HHN_FAILALLOC naming build/tests/failalloc.so and HHN_DELAY
   build/tests/delay.so. Each test makes a folder with a names.in, an empty out/ and an empty
   tmp/ (hhn-gen's TMPDIR), runs hhn-gen there, and looks at its exit status, its stderr and
   what it left in out/ and tmp/. Every folder is made under one root, which main removes when
   the tests are done; CK_RUN_CASE=errors (or files, output, fields, targets) runs one file's tests
   alone. */
#include "harness.h"

#include <dirent.h>
#include <fcntl.h>
#include <ftw.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

char gen[PATH_MAX]; /* absolute path of hhn-gen */

char root[] = "/tmp/hhn-check-gen.XXXXXX"; /* every test's folder is in here */

const char *failalloc; /* path of failalloc.so */

const char *delay; /* path of delay.so */

/* bound_case's fixture, which runs in each test's process. */
static void bound_test(void) {
  struct rlimit lim = {300, 300};
  ck_assert_int_eq(setrlimit(RLIMIT_CPU, &lim), 0);
}

void bound_case(TCase *tc) {
  tcase_set_timeout(tc, 3600);
  tcase_add_checked_fixture(tc, bound_test, NULL);
}

/* Reads a whole small file into buf (NUL-terminated); returns its length or -1. */
long slurp(const char *path, char *buf, size_t size) {
  FILE *f = fopen(path, "rb");
  if (f == NULL)
    return -1;
  size_t n = fread(buf, 1, size - 1, f);
  buf[n] = '\0';
  fclose(f);
  return (long)n;
}

void spit(const char *path, const char *text, size_t size) {
  FILE *f = fopen(path, "wb");
  ck_assert_ptr_nonnull(f);
  ck_assert_uint_eq(fwrite(text, 1, size, f), size);
  ck_assert_int_eq(fclose(f), 0);
}

/* Counts the entries of the folder at path, . and .. aside. */
int count_entries(const char *path) {
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
void setup_dir(struct run *r, const char *list, size_t size) {
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
pid_t start_in(struct run *r, const char *gperf, const char *const args[]) {
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
void finish_run(struct run *r, pid_t pid) {
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
void run_in(struct run *r, const char *gperf, const char *const args[]) {
  finish_run(r, start_in(r, gperf, args));
}

/* Runs hhn-gen on list as names.in with --output-dir out. */
void run_list(struct run *r, const char *list, size_t size) {
  static const char *const args[] = {"--output-dir", "out", "names.in", NULL};
  setup_dir(r, list, size);
  run_in(r, NULL, args);
}

/* The compilers that build every table the tests make, each with -Wall -Wextra -Werror:
   $CC (or cc), and clang, whose warnings differ (-Wconstant-conversion, initializers). */
const char *compilers[2];

char programs[PATH_MAX]; /* tests/gen/programs, the test programs, as a full path */

/* Compiles the test program tests/gen/programs/FILE with cc (-std=c99 -pedantic -Wall -Wextra
   -Werror and flags) with the table that hhn-gen wrote in r->dir/out, and runs it; returns its exit
   status, 125 if it did not compile (its messages in r->dir/cc.log). A probe (probe_*.c)
   includes the table's source itself, to read its tables; any other is linked with it. */
int compile_with_and_run(struct run *r, const char *cc, const char *flags, const char *file) {
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

/* The flags of tests/checks/strict.sh, with which every table compiles without a warning. */
char strict[1024];

/* Checks that the table that hhn-gen wrote in r->dir/out compiles with cc, flags and the
   strict warnings of tests/checks/strict.sh, every one an error. */
void expect_strict(struct run *r, const char *cc, const char *flags) {
  char cmd[2048], log[4096] = "", path[256];
  snprintf(cmd, sizeof cmd, "cd %s && %s %s %s -Iout -c out/%s.c -o strict.o >cc.log 2>&1", r->dir,
           cc, strict, flags, r->prefix);
  int status = system(cmd);
  snprintf(path, sizeof path, "%s/cc.log", r->dir);
  if (status != 0)
    slurp(path, log, sizeof log);
  ck_assert_msg(status == 0, "%s %s: the table does not compile strictly:\n%s", cc, flags, log);
}

/* expect_runs with the first n compilers alone. */
static void expect_runs_by(struct run *r, size_t n, const char *flags, const char *file) {
  for (size_t i = 0; i < n; i++) {
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

/* Checks that tests/gen/programs/FILE passes with the table built by each compiler with flags, and
   that the table compiles with the strict warnings; fails with the compiler's messages if not. */
void expect_runs(struct run *r, const char *flags, const char *file) {
  expect_runs_by(r, sizeof compilers / sizeof compilers[0], flags, file);
}

/* Checks that tests/gen/programs/FILE passes with the lookup the CPU picks, with the AVX2 one
 * where the table has it and the CPU too (by the first compiler: the AVX2 lookup is one text in
 * every table, which each word table's emitted test runs in full), and with the portable one. */
void expect_each_lookup_passes(struct run *r, const char *file) {
  expect_runs(r, "", file);
  if (shell_in(r, "grep -qs lookup_avx2 out/*.c") == 0)
    expect_runs_by(r, 1, "-DHHN_NO_AVX512 -DHHN_AVX2", file);
  expect_runs(r, "-DHHN_NO_AVX512", file);
}

/* Runs cmd (a shell command) in r->dir; returns its exit status. */
int shell_in(struct run *r, const char *cmd) {
  static char line[20000];
  ck_assert_uint_lt(strlen(r->dir) + strlen(cmd) + 16, sizeof line);
  snprintf(line, sizeof line, "cd '%s' && %s", r->dir, cmd);
  int status = system(line);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

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
  FILE *flags = popen("sh tests/checks/strict.sh --flags", "r");
  if (flags == NULL || fgets(strict, sizeof strict, flags) == NULL || pclose(flags) != 0) {
    fprintf(stderr, "check_gen: cannot read the flags of tests/checks/strict.sh\n");
    return 2;
  }
  strict[strcspn(strict, "\n")] = '\0';
  if (realpath("tests/gen/programs", programs) == NULL) {
    fprintf(stderr, "check_gen: run it from the repository (no tests/gen/programs here)\n");
    return 2;
  }
  if (mkdtemp(root) == NULL) {
    perror("check_gen: mkdtemp");
    return 2;
  }
  return 0;
}

int main(int argc, char **argv) {
  if (setup(argc, argv) != 0)
    return 2;
  Suite *s = suite_create("hhn-gen");
  suite_add_tcase(s, errors_case());
  suite_add_tcase(s, files_case());
  suite_add_tcase(s, output_case());
  suite_add_tcase(s, fields_case());
  suite_add_tcase(s, targets_case());
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
