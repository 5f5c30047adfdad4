/* fieldmatch.c: the plan of a static table's match (see fieldmatch.h). */
#include "fieldmatch.h"

#include <stdlib.h>
#include <string.h>

unsigned fieldmatch_bit(size_t n) { return n < FIELDMATCH_LONG ? (unsigned)n : FIELDMATCH_LONG; }

/* Puts each entry's value in the pool, once for equal values. */
static void fill_pool(struct fieldmatch *p, const struct fields *f) {
  for (size_t e = 0; e < f->n; e++) {
    const struct entry *x = &f->v[e];
    size_t at = p->pool_size;
    for (size_t j = 0; j < e && at == p->pool_size; j++)
      if (f->v[j].vlen == x->vlen && memcmp(f->v[j].value, x->value, x->vlen) == 0)
        at = p->offset[j];
    if (at == p->pool_size && x->vlen > 0)
      memcpy(p->pool + at, x->value, x->vlen), p->pool_size += x->vlen;
    p->offset[e] = at;
  }
}

/* Orders a group of entries by the lengths of their values, then by index (an insertion sort:
   groups are small), so that the match's scan stops at the first longer value. */
static void sort_group(uint16_t *order, size_t n, const struct fields *f) {
  for (size_t i = 1; i < n; i++) {
    uint16_t x = order[i];
    size_t j = i;
    for (; j > 0 && f->v[order[j - 1]].vlen > f->v[x].vlen; j--)
      order[j] = order[j - 1];
    order[j] = x;
  }
}

/* Groups the entries by id (each group by the lengths of their values, then by index), and notes
   each id's first entry, its count, where its group begins and the lengths of its values. */
static void group_entries(struct fieldmatch *p, const struct fields *f, size_t ids) {
  size_t at = 0;
  for (size_t e = 0; e < f->n; e++)
    p->count[p->id[e]]++;
  for (size_t id = 0; id < ids; id++)
    p->start[id] = (uint16_t)at, at += p->count[id], p->count[id] = 0;
  for (size_t e = 0; e < f->n; e++) {
    long id = p->id[e];
    p->order[p->start[id] + p->count[id]++] = (uint16_t)e;
    if (p->first[id] < 0 || p->name_last)
      p->first[id] = (int16_t)e;
    p->lens[id] |= UINT64_C(1) << fieldmatch_bit(f->v[e].vlen);
  }
  for (size_t id = 0; id < ids; id++)
    sort_group(p->order + p->start[id], p->count[id], f);
}

int fieldmatch_plan(struct fieldmatch *p, const struct fields *f, const struct names *list,
                    int name_last, struct diag *d) {
  size_t n = f->n, ids = (size_t)list->id_limit, pool = 1;
  memset(p, 0, sizeof *p);
  p->name_last = name_last;
  for (size_t e = 0; e < n; e++)
    pool += f->v[e].vlen;
  p->first = malloc(ids * sizeof *p->first);
  p->count = calloc(ids, sizeof *p->count);
  p->start = calloc(ids, sizeof *p->start);
  p->lens = calloc(ids, sizeof *p->lens);
  p->order = malloc((n ? n : 1) * sizeof *p->order);
  p->id = malloc((n ? n : 1) * sizeof *p->id);
  p->offset = malloc((n ? n : 1) * sizeof *p->offset);
  p->pool = malloc(pool);
  if (p->first == NULL || p->count == NULL || p->start == NULL || p->lens == NULL ||
      p->order == NULL || p->id == NULL || p->offset == NULL || p->pool == NULL) {
    fieldmatch_free(p);
    p->name_last = name_last;
    return diag_oom(d);
  }
  for (size_t i = 0; i < ids; i++)
    p->first[i] = -1;
  for (size_t e = 0; e < n; e++)
    p->id[e] = list->v[f->v[e].name_at].id;
  group_entries(p, f, ids);
  fill_pool(p, f);
  return 0;
}

void fieldmatch_free(struct fieldmatch *p) {
  free(p->first);
  free(p->count);
  free(p->start);
  free(p->lens);
  free(p->order);
  free(p->id);
  free(p->offset);
  free(p->pool);
  memset(p, 0, sizeof *p);
}
