/* guard.c: test inputs placed flush against an inaccessible page (see guard.h). */
#include "guard.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static unsigned char *open_page; /* one readable page between two inaccessible ones */
static size_t page_size;

/* Maps the three pages once per process; aborts if the system refuses. */
static void setup(void) {
  if (open_page != NULL)
    return;
  page_size = (size_t)sysconf(_SC_PAGESIZE);
  if (page_size < GUARD_MAX)
    abort();
  unsigned char *p = mmap(NULL, 3 * page_size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED || mprotect(p + page_size, page_size, PROT_READ | PROT_WRITE) != 0)
    abort();
  open_page = p + page_size;
}

const void *guard_tail(const void *data, size_t size) {
  setup();
  if (size > GUARD_MAX)
    abort();
  unsigned char *dst = open_page + page_size - size;
  if (size > 0)
    memcpy(dst, data, size);
  return dst;
}

const void *guard_head(const void *data, size_t size) {
  setup();
  if (size > GUARD_MAX)
    abort();
  if (size > 0)
    memcpy(open_page, data, size);
  return open_page;
}
