/* emit.h: the type of every target's drivers, which write a generated table's files from its
   plan (plan.h), one driver a file (each target's header, in its folder, declares its own); each
   returns 0, the errno of the first write that failed, or -1 with d set for a number that does
   not fit the type the plan chose for it (the generator's bug). */
#ifndef HHN_GEN_EMIT_H
#define HHN_GEN_EMIT_H

#include <stdio.h>

#include "diag.h"
#include "emit_options.h"
#include "plan.h"

/* The type of every driver: writes p's file to f, as o asks. */
typedef int emit_fn(FILE *f, const struct plan *p, const struct emit_options *o, struct diag *d);

#endif
