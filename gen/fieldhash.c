/* fieldhash.c: the plan of a static table's value lookup (see fieldhash.h). */
#include "fieldhash.h"

#include <stdlib.h>
#include <string.h>

uint64_t fieldhash_key(long id, const unsigned char *v, size_t n) {
  uint64_t k = (uint64_t)id | (uint64_t)n << 16;
  if (n > 0)
    k |= (uint64_t)v[0] << 32 | (uint64_t)v[n / 2] << 40 | (uint64_t)v[n - 1] << 48;
  return k;
}

/* The slot of key k under multiplier mul in 1 << bits slots. */
static size_t slot_of(uint64_t k, uint64_t mul, int bits) {
  return (size_t)((k * mul) >> (64 - bits));
}

/* The next of a fixed sequence of odd multipliers (splitmix64), so that a run is repeatable. */
static uint64_t next_mul(uint64_t *state) {
  uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));
  z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
  return (z ^ (z >> 31)) | 1;
}

/* How many of the n keys share a slot with one before them, under mul in 1 << bits slots
   (used: 1 << bits bytes of scratch). */
static size_t collisions(const uint64_t *keys, size_t n, uint64_t mul, int bits,
                         unsigned char *used) {
  size_t c = 0;
  memset(used, 0, (size_t)1 << bits);
  for (size_t e = 0; e < n; e++) {
    size_t s = slot_of(keys[e], mul, bits);
    c += used[s];
    used[s] = 1;
  }
  return c;
}

/* Searches mul and bits: the fewest collisions, then the fewest slots; stops at none. Returns
   0, or -1 if out of memory. */
static int search(struct fieldhash *p, const uint64_t *keys, size_t n) {
  int lo = 1;
  while (((size_t)1 << lo) < 2 * n)
    lo++;
  unsigned char *used = malloc((size_t)1 << (lo + 3));
  size_t best = (size_t)-1;
  uint64_t state = 0;
  if (used == NULL)
    return -1;
  for (int bits = lo; bits <= lo + 3 && best > 0; bits++)
    for (int t = 0; t < 1000 && best > 0; t++) {
      uint64_t mul = next_mul(&state);
      size_t c = collisions(keys, n, mul, bits, used);
      if (c < best)
        best = c, p->mul = mul, p->bits = bits;
    }
  free(used);
  p->chained = best;
  return 0;
}

/* Puts each entry's value in the pool, once for equal values. */
static void fill_pool(struct fieldhash *p, const struct fields *f) {
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

/* Links each entry into its slot's chain, in index order, and notes each id's first entry. */
static void link_entries(struct fieldhash *p, const uint64_t *keys, size_t n) {
  for (size_t e = 0; e < n; e++) {
    uint16_t *at = &p->slot[slot_of(keys[e], p->mul, p->bits)];
    while (*at != 0)
      at = &p->next[*at - 1];
    *at = (uint16_t)(e + 1);
    if (p->first[p->id[e]] < 0)
      p->first[p->id[e]] = (int16_t)e;
  }
}

/* Notes each id's entry of an empty value, and its longest value. */
static void note_ids(struct fieldhash *p, const struct fields *f) {
  for (size_t e = f->n; e-- > 0;) {
    long id = p->id[e];
    if (f->v[e].vlen == 0)
      p->empty[id] = (int16_t)e;
    if (f->v[e].vlen > p->longest[id])
      p->longest[id] = (uint16_t)f->v[e].vlen;
  }
}

int fieldhash_plan(struct fieldhash *p, const struct fields *f, const struct names *list,
                   struct diag *d) {
  size_t n = f->n, ids = (size_t)list->id_limit, pool = 1;
  uint64_t *keys = malloc(n * sizeof *keys);
  memset(p, 0, sizeof *p);
  for (size_t e = 0; e < n; e++)
    pool += f->v[e].vlen;
  p->next = calloc(n, sizeof *p->next);
  p->first = malloc(ids * sizeof *p->first);
  p->empty = malloc(ids * sizeof *p->empty);
  p->longest = calloc(ids, sizeof *p->longest);
  p->id = malloc(n * sizeof *p->id);
  p->offset = malloc(n * sizeof *p->offset);
  p->pool = malloc(pool);
  if (keys == NULL || p->next == NULL || p->first == NULL || p->empty == NULL ||
      p->longest == NULL || p->id == NULL || p->offset == NULL || p->pool == NULL)
    goto oom;
  for (size_t e = 0; e < n; e++) {
    const struct entry *x = &f->v[e];
    p->id[e] = list->v[x->name_at].id;
    keys[e] = fieldhash_key(p->id[e], (const unsigned char *)x->value, x->vlen);
  }
  if (search(p, keys, n) != 0 || (p->slot = calloc((size_t)1 << p->bits, sizeof *p->slot)) == NULL)
    goto oom;
  for (size_t i = 0; i < ids; i++)
    p->first[i] = -1, p->empty[i] = -1;
  link_entries(p, keys, n);
  note_ids(p, f);
  fill_pool(p, f);
  free(keys);
  return 0;
oom:
  free(keys);
  fieldhash_free(p);
  return diag_oom(d);
}

void fieldhash_free(struct fieldhash *p) {
  free(p->slot);
  free(p->next);
  free(p->first);
  free(p->empty);
  free(p->longest);
  free(p->id);
  free(p->offset);
  free(p->pool);
  memset(p, 0, sizeof *p);
}
