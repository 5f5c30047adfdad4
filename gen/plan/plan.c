/* plan.c: the plan that every output renders, made from its parts (see plan.h). */
#include "plan.h"

#include <string.h>

int plan_make(struct plan *p, const struct names *list, const struct hashfn *h,
              const struct fields *fields, const struct plan_options *o, struct diag *d) {
  memset(p, 0, sizeof *p);
  p->list = list;
  p->fields = fields;
  p->tests = &testplan;
  if (layout_plan(&p->table, list, h, o->small, d) != 0)
    return -1;
  return fields != NULL ? fieldmatch_plan(&p->match, fields, list, o->name_last, d) : 0;
}

void plan_free(struct plan *p) {
  layout_free(&p->table);
  fieldmatch_free(&p->match);
}
