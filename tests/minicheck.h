/* minicheck.h: the part of Check's API that the table tests use, for targets that have no Check
 * (the cross-compiled tests of make check-cross): check.h's names, each test run in a child
 * process as Check runs them, a failed assertion reported as file:line and the test's name.
 * Include it instead of <check.h> (the tests do, with -DHHN_MINICHECK). */
#ifndef HHN_TESTS_MINICHECK_H
#define HHN_TESTS_MINICHECK_H

#include <inttypes.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define MC_MAX 32 /* most tests in a case, and cases in a suite */

typedef void (*mc_test)(void);
typedef struct TCase {
  const char *name;
  mc_test test[MC_MAX];
  const char *test_name[MC_MAX];
  int signal[MC_MAX]; /* the signal a test must die of, or 0 */
  int n;
} TCase;
typedef struct Suite {
  const char *name;
  TCase *tcase[MC_MAX];
  int n;
} Suite;
typedef struct SRunner {
  Suite *suite;
  int failed;
} SRunner;
enum print_output { CK_NORMAL };

#define START_TEST(name)                                                                           \
  static const char *const name##_name = #name;                                                    \
  static void name(void)
#define END_TEST
#define tcase_add_test(tc, t) mc_add(tc, t, t##_name, 0)
#define tcase_add_test_raise_signal(tc, t, sig) mc_add(tc, t, t##_name, sig)

/* Reports a failed check of the running test and ends its process (the runner names the test). */
__attribute__((format(printf, 3, 4), noreturn, unused)) static void
mc_fail(const char *file, int line, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "%s:%d:F: ", file, line);
  vfprintf(stderr, fmt, ap);
  fprintf(stderr, "\n");
  va_end(ap);
  exit(1);
}

#define ck_assert_msg(cond, ...)                                                                   \
  do {                                                                                             \
    if (!(cond))                                                                                   \
      mc_fail(__FILE__, __LINE__, __VA_ARGS__);                                                    \
  } while (0)
#define ck_abort_msg(...) mc_fail(__FILE__, __LINE__, __VA_ARGS__)
#define ck_assert(cond) ck_assert_msg(cond, "assertion '%s' failed", #cond)
#define mc_cmp(type, fmt, a, op, b)                                                                \
  do {                                                                                             \
    type mc_a = (type)(a), mc_b = (type)(b);                                                       \
    ck_assert_msg(mc_a op mc_b, "'%s %s %s' failed: %" fmt " against %" fmt, #a, #op, #b, mc_a,    \
                  mc_b);                                                                           \
  } while (0)
#define ck_assert_int_eq(a, b) mc_cmp(intmax_t, PRIdMAX, a, ==, b)
#define ck_assert_uint_eq(a, b) mc_cmp(uintmax_t, PRIuMAX, a, ==, b)
#define ck_assert_ptr_eq(a, b)                                                                     \
  ck_assert_msg((const void *)(a) == (const void *)(b), "%s != %s", #a, #b)
#define ck_assert_ptr_null(a) ck_assert_msg((a) == NULL, "%s is not NULL", #a)
#define ck_assert_ptr_nonnull(a) ck_assert_msg((a) != NULL, "%s is NULL", #a)
#define ck_assert_str_eq(a, b) ck_assert_msg(strcmp(a, b) == 0, "\"%s\" != \"%s\"", a, b)
#define ck_assert_mem_eq(a, b, n) ck_assert_msg(memcmp(a, b, n) == 0, "%s != %s", #a, #b)

/* A zeroed allocation of size bytes; out of memory, the test driver exits 2. */
static inline void *mc_new(size_t size) {
  void *p = calloc(1, size);
  if (p == NULL)
    exit(2);
  return p;
}
static inline TCase *tcase_create(const char *name) {
  TCase *tc = mc_new(sizeof *tc);
  tc->name = name;
  return tc;
}
static inline void tcase_set_timeout(TCase *tc, double seconds) { (void)tc, (void)seconds; }
static inline void mc_add(TCase *tc, mc_test t, const char *name, int sig) {
  if (tc->n == MC_MAX)
    exit(2);
  tc->test[tc->n] = t, tc->test_name[tc->n] = name, tc->signal[tc->n++] = sig;
}
static inline Suite *suite_create(const char *name) {
  Suite *s = mc_new(sizeof *s);
  s->name = name;
  return s;
}
static inline void suite_add_tcase(Suite *s, TCase *tc) {
  if (s->n == MC_MAX)
    exit(2);
  s->tcase[s->n++] = tc;
}
static inline SRunner *srunner_create(Suite *s) {
  SRunner *sr = mc_new(sizeof *sr);
  sr->suite = s;
  return sr;
}

/* Runs one test in a child process; returns whether it passed. */
static inline int mc_run(const TCase *tc, int i) {
  fflush(stdout);
  pid_t pid = fork();
  if (pid == 0) {
    tc->test[i]();
    exit(0);
  }
  int status;
  if (pid < 0 || waitpid(pid, &status, 0) != pid)
    return 0;
  if (tc->signal[i])
    return WIFSIGNALED(status) && WTERMSIG(status) == tc->signal[i];
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

static inline void srunner_run_all(SRunner *sr, enum print_output how) {
  int run = 0;
  (void)how;
  printf("Running suite(s): %s\n", sr->suite->name);
  for (int c = 0; c < sr->suite->n; c++)
    for (int i = 0; i < sr->suite->tcase[c]->n; i++, run++)
      if (!mc_run(sr->suite->tcase[c], i)) {
        fprintf(stderr, "%s: %s FAILED\n", sr->suite->tcase[c]->name,
                sr->suite->tcase[c]->test_name[i]);
        sr->failed++;
      }
  printf("%d%%: Checks: %d, Failures: %d, Errors: 0\n", run ? 100 * (run - sr->failed) / run : 0,
         run, sr->failed);
}
static inline int srunner_ntests_failed(SRunner *sr) { return sr->failed; }
static inline void srunner_free(SRunner *sr) {
  for (int c = 0; c < sr->suite->n; c++)
    free(sr->suite->tcase[c]);
  free(sr->suite);
  free(sr);
}

#endif
