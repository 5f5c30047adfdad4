/* diag.h: the one-line failure message that hhn-gen's phases hand back to the caller. */
#ifndef HHN_GEN_DIAG_H
#define HHN_GEN_DIAG_H

#include <stdarg.h>

/* Why a phase failed: "hhn-gen: error: ..." (or "file:line: error: ..."), without the
   newline; more lines only where a tool's own report is relayed (gperf's stderr). */
struct diag {
  char msg[4096];
  int out_of_memory; /* the failure was an allocation's, which no other way round can fix */
};

/* Sets d's message from a printf format (if d is not NULL); returns -1, for `return diag_set()`. */
int diag_set(struct diag *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Sets d's message to "out of memory" and marks it so; returns -1. */
int diag_oom(struct diag *d);

/* The same as diag_set for a va_list. */
int diag_vset(struct diag *d, const char *fmt, va_list ap);

/* Formats into a new heap string, as vsnprintf would; NULL if out of memory. */
char *diag_vformat(const char *fmt, va_list ap);

#endif
