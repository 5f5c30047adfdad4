/* failalloc.c: an LD_PRELOAD library for check_gen that makes one allocation of a program fail.

   With HHN_FAIL_ALLOC_AT=N, the allocation numbered N (0 is the first malloc, calloc or
   realloc after the program starts) returns NULL with errno ENOMEM; with HHN_COUNT_ALLOC=FILE,
   the number of allocations is written to FILE when the program exits. Both variables, and
   LD_PRELOAD, are removed at load time, so that programs it starts (gperf) run as usual. glibc
   only: it calls glibc's own allocator by its internal names. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

extern void *__libc_malloc(size_t n);
extern void *__libc_calloc(size_t n, size_t size);
extern void *__libc_realloc(void *p, size_t n);

static long fail_at = -1, count;
static char count_file[4096];

__attribute__((constructor)) static void start(void) {
  const char *at = getenv("HHN_FAIL_ALLOC_AT"), *file = getenv("HHN_COUNT_ALLOC");
  if (at != NULL)
    fail_at = atol(at);
  if (file != NULL)
    snprintf(count_file, sizeof count_file, "%s", file);
  unsetenv("HHN_FAIL_ALLOC_AT");
  unsetenv("HHN_COUNT_ALLOC");
  unsetenv("LD_PRELOAD");
}

__attribute__((destructor)) static void finish(void) {
  if (count_file[0] == '\0')
    return;
  long n = count;
  FILE *f = fopen(count_file, "w");
  if (f != NULL) {
    fprintf(f, "%ld\n", n);
    fclose(f);
  }
}

/* Whether this allocation is the one to fail. */
static int fails(void) {
  if (count++ != fail_at)
    return 0;
  errno = ENOMEM;
  return 1;
}

void *malloc(size_t n) { return fails() ? NULL : __libc_malloc(n); }
void *calloc(size_t n, size_t size) { return fails() ? NULL : __libc_calloc(n, size); }
void *realloc(void *p, size_t n) { return fails() ? NULL : __libc_realloc(p, n); }
