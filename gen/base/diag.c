/* diag.c: failure messages and formatted heap strings (see diag.h). */
#include "diag.h"

#include <stdio.h>
#include <stdlib.h>

int diag_vset(struct diag *d, const char *fmt, va_list ap) {
  if (d != NULL) {
    vsnprintf(d->msg, sizeof d->msg, fmt, ap);
    d->out_of_memory = 0;
  }
  return -1;
}

int diag_oom(struct diag *d) {
  diag_set(d, "hhn-gen: error: out of memory");
  if (d != NULL)
    d->out_of_memory = 1;
  return -1;
}

int diag_set(struct diag *d, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  diag_vset(d, fmt, ap);
  va_end(ap);
  return -1;
}

char *diag_vformat(const char *fmt, va_list ap) {
  va_list again;
  va_copy(again, ap);
  int n = vsnprintf(NULL, 0, fmt, ap);
  char *s = n < 0 ? NULL : malloc((size_t)n + 1);
  if (s != NULL)
    vsnprintf(s, (size_t)n + 1, fmt, again);
  va_end(again);
  return s;
}
