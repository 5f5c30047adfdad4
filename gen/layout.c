/* layout.c: planning a generated table (see layout.h). */
#include "layout.h"

#include <stdlib.h>
#include <string.h>

int layout_packed(size_t len) { return len >= LAYOUT_PIECE && len < 2 * LAYOUT_PIECE; }

/* The ids in each of `slots` slots of h for the names of up to max bytes, or -1; malloc'd
   (NULL if out of memory). */
static long *slot_ids(const struct names *list, const struct hashfn *h, size_t slots, size_t max) {
  long *id_in = malloc(slots * sizeof *id_in);
  if (id_in == NULL)
    return NULL;
  for (size_t s = 0; s < slots; s++)
    id_in[s] = -1;
  for (size_t j = 0; j < list->n; j++)
    if (list->v[j].len <= max)
      id_in[hashfn_apply(h, (const unsigned char *)list->v[j].text, list->v[j].len)] = (long)j;
  return id_in;
}

/* Which lookups the table has, and the lengths each takes. The common path takes the names of
   4 bytes or more, from lo, with no branch on the length but its range check (and, past 16
   bytes, a loop); the rare path takes the shorter names, rare in traffic; the vector path
   names of up to 32 bytes, where the hash reads a byte. */
static void plan_paths(struct layout *l, const struct hashfn *h) {
  l->lo = l->min > LAYOUT_PIECE ? l->min : LAYOUT_PIECE;
  l->path.common = l->max >= LAYOUT_PIECE;
  l->path.rare = l->min < LAYOUT_PIECE;
  l->path.words = l->max > 4 * LAYOUT_PIECE;
  l->vhi = l->max < LAYOUT_VECTOR_MAX ? l->max : LAYOUT_VECTOR_MAX;
  l->path.vector = l->path.common && h->nterms > 0 && l->min <= l->vhi;
  l->per_length = hashfn_per_length(h);
  l->lens = l->per_length || l->path.common;
}

/* The sizes of the tables: associated values, slots and their stride. */
static void plan_sizes(struct layout *l, const struct hashfn *h) {
  l->nasso = 256; /* every byte, and past it what an index plus its increment can reach */
  for (int i = 0; i < h->nterms; i++) {
    const struct term *t = &h->term[i];
    int top = (t->kind == TERM_LENGTH ? (int)l->max : 255) + t->inc;
    l->nasso = top + 1 > l->nasso ? top + 1 : l->nasso;
  }
  l->asso_top = 0;
  for (int i = 0; i < l->nasso; i++)
    l->asso_top = h->asso[i] > l->asso_top ? h->asso[i] : l->asso_top;
  l->slots = hashfn_slots(h);
  l->width = l->max < 8 ? 8 : (l->max + 7) / 8 * 8; /* one word at least: a packed name */
  l->slot_size = 4 + 2 * l->width;                  /* len, id (aligned), lower, mask */
  l->stride = 8, l->shift = 3;
  while (l->stride < l->slot_size)
    l->stride *= 2, l->shift++;
  l->id_bytes = l->n > 256 ? 2 : 1;
}

int layout_plan(struct layout *l, const struct names *list, const struct hashfn *h,
                struct diag *d) {
  memset(l, 0, sizeof *l);
  l->n = list->n;
  names_lengths(list, &l->min, &l->max);
  plan_paths(l, h);
  plan_sizes(l, h);
  l->slot_id = slot_ids(list, h, l->slots, l->max);
  if (l->path.vector)
    l->vslot_id = slot_ids(list, h, l->slots, l->vhi);
  if (l->slot_id == NULL || (l->path.vector && l->vslot_id == NULL))
    return diag_oom(d);
  return 0;
}

void layout_free(struct layout *l) {
  free(l->slot_id);
  free(l->vslot_id);
  l->slot_id = l->vslot_id = NULL;
}
