/* plan.h: the one value that every output renders (struct plan): the list and its ids, the
   table's plan with the hash's own numbers in it (layout.h), and the static table's match
   (fieldmatch.h); made and checked before a byte is written. An emitter reads this alone. */
#ifndef HHN_GEN_PLAN_H
#define HHN_GEN_PLAN_H

#include "diag.h"
#include "fieldmatch.h"
#include "fields.h"
#include "hashfn.h"
#include "layout.h"
#include "names.h"
#include "testplan.h"

/* What an output is made of. */
struct plan {
  const struct names *list;     /* the names, their ids and identifiers */
  struct layout table;          /* the table: its kind, paths, numbers and bytes */
  const struct fields *fields;  /* --fields: the static table's entries, or NULL */
  struct fieldmatch match;      /* with fields: the plan of its (name, value) match */
  const struct testplan *tests; /* what its tests (--test) try: testplan */
};

/* What the command line asks of the plan: a small table (--small), and which entry a match of
   a name alone answers (--name-entry last: its last). */
struct plan_options {
  int small, name_last;
};

/* Plans the table of list for the hash h (checked by hashfn_check), as o asks, and, if fields
   is not NULL (bound to list), its match. Returns 0, or -1 with d set; call plan_free either
   way. */
int plan_make(struct plan *p, const struct names *list, const struct hashfn *h,
              const struct fields *fields, const struct plan_options *o, struct diag *d);

/* Frees what plan_make allocated. */
void plan_free(struct plan *p);

#endif
