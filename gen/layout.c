/* layout.c: planning a generated table (see layout.h). */
#include "layout.h"

#include <stdlib.h>
#include <string.h>

int layout_packed(size_t len) { return len >= LAYOUT_PIECE && len < 2 * LAYOUT_PIECE; }

size_t layout_cmp_offset(size_t len) { return layout_packed(len) ? len + 1 : 0; }

size_t layout_mask_offset(size_t len) { return layout_packed(len) ? len + 1 + 8 : len + 1; }

/* The id in each of `slots` slots of h, or -1; malloc'd (NULL if out of memory). */
static long *slot_ids(const struct names *list, const struct hashfn *h, size_t slots) {
  long *id_in = malloc(slots * sizeof *id_in);
  if (id_in == NULL)
    return NULL;
  for (size_t s = 0; s < slots; s++)
    id_in[s] = -1;
  for (size_t j = 0; j < list->n; j++)
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
  l->path.words = l->max > LAYOUT_HELD;
  l->vhi = l->max < LAYOUT_VECTOR_MAX ? l->max : LAYOUT_VECTOR_MAX;
  l->path.vector = l->path.common && h->nterms > 0 && l->min <= l->vhi;
  l->per_length = hashfn_per_length(h);
}

/* The associated values: how many the hash indexes, and the largest. */
static void plan_hash(struct layout *l, const struct hashfn *h) {
  l->nasso = 256; /* every byte, and past it what an index plus its increment can reach */
  for (int i = 0; i < h->nterms; i++) {
    const struct term *t = &h->term[i];
    int top = (t->kind == TERM_LENGTH ? (int)l->max : 255) + t->inc;
    l->nasso = top + 1 > l->nasso ? top + 1 : l->nasso;
  }
  l->asso_top = 0;
  for (int i = 0; i < l->nasso; i++)
    l->asso_top = h->asso[i] > l->asso_top ? h->asso[i] : l->asso_top;
  /* a displaced hash lands in its slots; a sum may pass the largest, so an empty slot more */
  l->slots = h->dis.bucket_bits ? (size_t)1 << h->dis.slot_bits : (size_t)h->max_hash + 2;
}

/* Whether a name's spelling is its lowercase name. */
static int is_lowercase(const struct name *nm) {
  for (size_t i = 0; i < nm->len; i++)
    if (nm->text[i] >= 'A' && nm->text[i] <= 'Z')
      return 0;
  return 1;
}

/* The bytes of a name's place in the pool: see struct place. */
static size_t place_bytes(const struct layout *l, size_t len) {
  if (l->kind == LAYOUT_INDEXED)
    return l->head + (layout_packed(len) ? len + 1 + 16 : 2 * len + 1);
  return len + 1 + (len > LAYOUT_HELD ? len - 8 : 0);
}

/* Places every name in the pool, in id order (after the empty record, indexed), then the
   spellings that are not lowercase names; the pool ends with room for the longest read past
   a name's bytes (a compare of the longest name, or a vector). */
static void plan_pool(struct layout *l, const struct names *list) {
  size_t at = l->kind == LAYOUT_INDEXED ? l->head : 0; /* the empty record: length 0 */
  for (size_t i = 0; i < list->n; i++) {
    struct place *p = &l->place[i];
    p->at = at;
    p->lower = at + (l->kind == LAYOUT_INDEXED ? l->head : 0);
    p->spell = p->lower;
    at += place_bytes(l, list->v[i].len);
  }
  for (size_t i = 0; i < list->n; i++)
    if (!is_lowercase(&list->v[i]))
      l->place[i].spell = at, at += list->v[i].len + 1;
  l->pool = at + l->head + 2 * l->max + 48;
  l->off_bytes = l->pool > 65535 ? 4 : 2;
}

int layout_value_bytes(const struct layout *l, size_t times) {
  unsigned long top = (unsigned long)l->asso_top * times;
  return top > 65535 ? 4 : top > 255 ? 2 : 1;
}

/* The sizes of a name's flags and attribute values. */
static void plan_accessors(struct layout *l, const struct names *list) {
  long top = 0;
  l->flag_bytes = list->nflags == 0 ? 0 : list->nflags <= 8 ? 1 : list->nflags <= 16 ? 2 : 4;
  for (size_t i = 0; i < list->n; i++)
    for (int k = 0; k < list->nkeys; k++)
      top = list->v[i].attr[k] > top ? list->v[i].attr[k] : top;
  l->attr_bytes = list->nkeys == 0 ? 0 : top <= 127 ? 1 : top <= 32767 ? 2 : 4;
}

/* Plans the pool of a layout of the given kind; returns the tables' bytes. */
static size_t plan_kind(struct layout *l, const struct names *list, enum layout_kind kind) {
  l->kind = kind;
  l->head = kind == LAYOUT_INDEXED ? 1 + l->id_bytes : 0;
  plan_pool(l, list);
  size_t times = kind == LAYOUT_DIRECT ? LAYOUT_SLOT : 1; /* what the values are times */
  size_t asso = (size_t)l->nasso * (size_t)layout_value_bytes(l, times);
  size_t names = l->n * (2 * (size_t)l->off_bytes + 1 + (size_t)l->flag_bytes);
  size_t slot = (size_t)l->off_bytes; /* the index's offset, or the length, id and offset */
  if (kind == LAYOUT_DIRECT)
    slot += LAYOUT_SLOT + 1 + l->id_bytes + (l->path.vector ? LAYOUT_SLOT : 0);
  return asso + l->slots * slot + l->pool + names;
}

int layout_plan(struct layout *l, const struct names *list, const struct hashfn *h,
                struct diag *d) {
  memset(l, 0, sizeof *l);
  l->n = list->n;
  names_lengths(list, &l->min, &l->max);
  plan_paths(l, h);
  plan_hash(l, h);
  plan_accessors(l, list);
  l->id_bytes = l->n > 256 ? 2 : 1;
  l->place = malloc(list->n * sizeof *l->place);
  l->slot_id = slot_ids(list, h, l->slots);
  if (l->place == NULL || l->slot_id == NULL)
    return diag_oom(d);
  size_t indexed = l->bytes = plan_kind(l, list, LAYOUT_INDEXED);
  if (h->dis.bucket_bits) /* a displaced hash is not a slot's offset: indexed only */
    return 0;
  l->bytes = plan_kind(l, list, LAYOUT_DIRECT);
  if (l->bytes > LAYOUT_DIRECT_SLACK * indexed && l->bytes > indexed + LAYOUT_DIRECT_EXTRA)
    l->bytes = plan_kind(l, list, LAYOUT_INDEXED);
  return 0;
}

void layout_free(struct layout *l) {
  free(l->slot_id);
  free(l->place);
  l->slot_id = NULL;
  l->place = NULL;
}
