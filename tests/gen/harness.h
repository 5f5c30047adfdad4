/* harness.h: what the tests of hhn-gen as a program share (harness.c): a run of hhn-gen in a
   folder of its own, what it left there, and the programs that build its tables. The tests
   are in errors.c (the list and the command line), files.c (what is written, and when: the
   renames, signals, locks and failed allocations) and output.c (the tables it writes). */
#ifndef HHN_TESTS_GEN_HARNESS_H
#define HHN_TESTS_GEN_HARNESS_H

#define _XOPEN_SOURCE 700 /* nftw, realpath, mkdtemp */
#include <check.h>
#include <limits.h>
#include <stddef.h>
#include <sys/types.h>

extern char gen[PATH_MAX];    /* absolute path of hhn-gen */
extern char root[];           /* every test's folder is in here */
extern const char *failalloc; /* path of failalloc.so */
extern const char *delay;     /* path of delay.so */
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

/* Bounds each test of tc by CPU time, not by the clock, a guard against a hang: its process,
   and each that it starts (hhn-gen, the compilers, the programs), may use 300 s of CPU
   (RLIMIT_CPU), however loaded the machine (the most any takes is under 30 s); the clock's
   limit is an hour, a backstop (under load 15 on two cores a test of 60 s of clock took
   3 minutes and more, and failed). */
void bound_case(TCase *tc);

/* Reads a whole small file into buf (NUL-terminated); returns its length or -1. */
long slurp(const char *path, char *buf, size_t size);

void spit(const char *path, const char *text, size_t size);

/* Counts the entries of the folder at path, . and .. aside. */
int count_entries(const char *path);

/* Makes a folder holding names.in (unless list is NULL), out/ and tmp/. */
void setup_dir(struct run *r, const char *list, size_t size);

/* Starts hhn-gen with args (NULL-terminated) in r->dir, its output to files there, with GPERF
   set to gperf unless it is NULL; returns its pid. */
pid_t start_in(struct run *r, const char *gperf, const char *const args[]);

/* Waits for the hhn-gen of start_in and records what it did. */
void finish_run(struct run *r, pid_t pid);

/* Runs hhn-gen with args (NULL-terminated) in r->dir, with GPERF set to gperf unless it is
   NULL, and records what happened. */
void run_in(struct run *r, const char *gperf, const char *const args[]);

/* Runs hhn-gen on list as names.in with --output-dir out. */
void run_list(struct run *r, const char *list, size_t size);

extern const char *compilers[2];
extern char programs[PATH_MAX]; /* tests/gen/programs, the test programs, as a full path */
/* Compiles the test program tests/gen/programs/FILE with cc (-std=c99 -pedantic -Wall -Wextra
   -Werror and flags) with the table that hhn-gen wrote in r->dir/out, and runs it; returns its exit
   status, 125 if it did not compile (its messages in r->dir/cc.log). A probe (probe_*.c)
   includes the table's source itself, to read its tables; any other is linked with it. */
int compile_with_and_run(struct run *r, const char *cc, const char *flags, const char *file);

extern char strict[1024];
/* Checks that the table that hhn-gen wrote in r->dir/out compiles with cc, flags and the
   strict warnings of tests/checks/strict.sh, every one an error. */
void expect_strict(struct run *r, const char *cc, const char *flags);

/* Checks that tests/gen/programs/FILE passes with the table built by each compiler with flags, and
   that the table compiles with the strict warnings; fails with the compiler's messages if not. */
void expect_runs(struct run *r, const char *flags, const char *file);

/* Checks that tests/gen/programs/FILE passes with the lookup the CPU picks, with the AVX2 one
   where the table has it, and with the portable one. */
void expect_each_lookup_passes(struct run *r, const char *file);

/* Runs cmd (a shell command) in r->dir; returns its exit status. */
int shell_in(struct run *r, const char *cmd);

/* The tests of each file, as a case of the suite. */
TCase *errors_case(void);
TCase *files_case(void);
TCase *output_case(void);
TCase *fields_case(void);
TCase *targets_case(void);

#endif
