/* layout.c: planning a generated table (see layout.h). */
#include "layout.h"

#include "positions.h"
#include "word.h"

#include <stdlib.h>
#include <string.h>

/* === Types ==================================================================================== */

/* Each type's C name, its bytes and the range it holds. */
static const struct {
  const char *name;
  int bytes;
  long long min, max;
} ctypes[] = {
    [CTYPE_UCHAR] = {"unsigned char", 1, 0, 255},
    [CTYPE_U16] = {"uint_least16_t", 2, 0, 65535},
    [CTYPE_U32] = {"uint_least32_t", 4, 0, 4294967295LL},
    [CTYPE_EXACT32] = {"uint32_t", 4, 0, 4294967295LL},
    [CTYPE_SCHAR] = {"signed char", 1, -127, 127},
    [CTYPE_SHORT] = {"short", 2, -32767, 32767},
    [CTYPE_S32] = {"int_least32_t", 4, -2147483647LL, 2147483647LL},
};

const char *ctype_name(enum ctype t) { return ctypes[t].name; }

int ctype_bytes(enum ctype t) { return ctypes[t].bytes; }

/* The smallest unsigned type that holds max. */
static enum ctype unsigned_for(unsigned long long max) {
  return max <= 255 ? CTYPE_UCHAR : max <= 65535 ? CTYPE_U16 : CTYPE_U32;
}

/* A field of the given type over min..max; one the table does not have unless `has`. */
static struct field field(const char *what, enum ctype type, long long min, long long max,
                          int has) {
  struct field f = {has ? what : NULL, type, min, max};
  return f;
}

int layout_check(const struct layout *l, struct diag *d) {
  const struct field *const all[] = {
      &l->asso, &l->sum,    &l->lens_f,   &l->lens_base, &l->next, &l->disp, &l->slot_len,
      &l->id,   &l->offset, &l->name_len, &l->flags,     &l->attr, &l->mask, &l->lens_packed};
  for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
    const struct field *f = all[i];
    if (f->what != NULL && (f->min < ctypes[f->type].min || f->max > ctypes[f->type].max))
      return diag_set(d,
                      "hhn-gen: error: internal: the plan puts %lld to %lld in %s, whose type "
                      "(%s) holds %lld to %lld; please report it",
                      f->min, f->max, f->what, ctypes[f->type].name, ctypes[f->type].min,
                      ctypes[f->type].max);
  }
  return 0;
}

/* === The shape: paths, hash, per-length table ================================================= */

int layout_packed(size_t len) { return len >= LAYOUT_PIECE && len < 2 * LAYOUT_PIECE; }

/* The span from lo to hi. */
static struct span span(size_t lo, size_t hi) {
  struct span s = {lo, hi - lo};
  return s;
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
  l->path.cold = l->path.common && l->path.rare;
  l->vhi = l->max < LAYOUT_VECTOR_MAX ? l->max : LAYOUT_VECTOR_MAX;
  l->word = h->origin == HASH_WORD;
  l->path.vector = l->path.common && (h->nterms > 0 || l->word) && l->min <= l->vhi;
  l->per_length = hashfn_per_length(h);
  l->common = span(l->lo, l->max);
  l->rare = span(l->min, l->path.common ? LAYOUT_PIECE - 1 : l->max);
  l->rare_shape = l->rare.lo >= 2                   ? RARE_THREE
                  : l->rare.lo + l->rare.width >= 2 ? RARE_TWO_OR_THREE
                                                    : RARE_ONE;
  l->vector = span(l->word ? l->lo : l->min, l->vhi); /* word: a short name's key differs */
  l->all = span(l->min, l->max);
  l->mask = field("the vector masks", CTYPE_U32, 0, (1LL << l->vhi) - 1, l->path.vector);
  l->path.avx2 = l->path.vector && l->word;
  l->vslot_size = l->word ? LAYOUT_VSLOT_MAX : LAYOUT_SLOT;
  l->vector_consts = l->path.vector && !l->word;
  for (size_t len = 0; l->path.vector && len <= l->vhi; len++)
    l->vmask[len] = len >= l->vector.lo ? (1ull << len) - 1 : 0;
}

/* Whether a word table's vector lookups read the pool rather than vector slots of their own:
   asked (small), or where the vector slots would pass LAYOUT_VSLOTS_MAX bytes. The name in the
   pool is followed by a NUL, and its first byte is never 0, which the compare of a length with
   no name meets (see kinds[LAYOUT_WORD_POOLED]); the pool has room after its last name for a
   read of 32 bytes. */
static void plan_pooled(struct layout *l, int small) {
  l->pooled = l->word && l->path.vector &&
              (small || l->slots * (size_t)LAYOUT_VSLOT_MAX > LAYOUT_VSLOTS_MAX);
  if (l->pooled)
    l->vslot_size = 0, l->vector_consts = 1;
}

/* The associated values: how many the hash indexes, and the largest; the slots, and how a
   displaced hash finds one. */
static void plan_hash(struct layout *l, const struct hashfn *h) {
  if (l->word) { /* no values: each length's multiplier, and its region of the slots */
    l->slots = h->word.slots;
    l->chained = h->word.chained;
    l->lower_folds = h->word.lower_folds;
    l->key_middle = h->word.middle;
    l->key_narrow = h->word.narrow;
    return;
  }
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
  l->displaced = h->dis.bucket_bits > 0;
  l->slots = l->displaced ? (size_t)1 << h->dis.slot_bits : (size_t)h->max_hash + 2;
  l->bucket_shift = 32 - h->dis.bucket_bits;
  l->buckets = (size_t)1 << h->dis.bucket_bits;
  l->slot_mask = l->slots - 1;
}

/* How the hash reads each term (see enum read_kind): a position that some names lack is
   clamped into them (hhn-gen's own positions) or guarded by a length test (gperf's). */
static void plan_reads(struct layout *l, const struct hashfn *h) {
  int clamps = hashfn_clamps(h);
  l->nreads = h->nterms;
  l->hash_length = !clamps;
  l->reads_bytes = hashfn_byte_terms(h) > 0;
  for (int i = 0; i < h->nterms; i++) {
    const struct term *t = &h->term[i];
    int start = t->kind == TERM_FROM_START;
    struct read r = {READ_PER_LENGTH, t->at, t->at, t->inc};
    if (t->kind == TERM_LENGTH)
      r.kind = READ_LENGTH;
    else if (t->kind == TERM_PER_LENGTH)
      r.kind = READ_PER_LENGTH;
    else if (term_in_every_name(t, l->min))
      r.kind = start ? READ_AT : READ_FROM_END;
    else if (!clamps)
      r.kind = start ? READ_IF_LONGER : READ_IF_AT_LEAST;
    else if (start)
      r.kind = READ_CLAMP_LAST;
    else
      r.kind = READ_CLAMP_FIRST, r.a = t->at - 1;
    l->read[i] = r;
    l->clamped |= r.kind == READ_CLAMP_LAST || r.kind == READ_CLAMP_FIRST;
  }
}

/* The word hash's numbers of each length, and their fields: its multiplier (in mul[], 8 bytes a
   length), and in the per-length table its first slot, then the shift, p and q (8 bytes). */
static void plan_word_lens(struct layout *l, const struct hashfn *h, unsigned *top) {
  size_t base_top = 0;
  unsigned long packed_top = 0;
  for (size_t len = 0; len <= l->max; len++) {
    struct lens_entry *e = &l->lens[len];
    e->mul = len >= l->min ? h->word.mul[len] : 0;
    e->shift = len >= l->min ? h->word.shift[len] : 63;
    e->base = len >= l->min ? h->word.base[len] : 0;
    if (e->base == 0) /* no name: the first 4 bytes twice, which slot 0 never matches */
      e->p = 0, e->q = 0;
    *top = e->shift > *top ? e->shift : *top;
    /* AVX2: the lanes of the whole words, and the tail's place; none where the vector mask
       has no byte (no name, a chain, or a length the vector lookup does not take) */
    int lanes = l->path.avx2 && len <= l->vhi && l->vmask[len] != 0;
    e->words = lanes ? (unsigned)(LAYOUT_VECTOR_MAX - len / 4 * 4) : LAYOUT_VECTOR_MAX;
    e->tail = lanes ? (unsigned)(LAYOUT_VECTOR_MAX - len) : LAYOUT_VECTOR_MAX;
    *top = l->path.avx2 && e->words > *top ? e->words : *top;
    base_top = e->base > base_top ? e->base : base_top;
    e->packed = (unsigned long)e->base << 6 | e->shift;
    packed_top = e->packed > packed_top ? e->packed : packed_top;
  }
  l->lens_base =
      field("lens[].base", l->slots > 65536 ? CTYPE_U32 : CTYPE_U16, 0, (long long)base_top, 1);
  l->lens_packed =
      field("lens[].packed (first slot * 64 + shift)", CTYPE_U32, 0, (long long)packed_top, 1);
}

/* The per-length table's entry for each length of the list (see struct lens_entry). */
static void plan_lens(struct layout *l, const struct hashfn *h) {
  unsigned top = 0;
  for (size_t len = l->min; len <= l->max; len++) {
    struct lens_entry *e = &l->lens[len];
    e->at = h->len_byte[len]; /* 0 where no name has the length */
    e->p = (unsigned)(len < 4 ? 0 : len < 8 ? len - 4 : 4);
    e->q = (unsigned)(len < 8 ? 0 : len - 8);
    e->cmp = (unsigned)(layout_packed(len) ? len + 1 : 0);
    unsigned v[] = {l->lens_at ? e->at : 0, e->p, e->q, l->lens_pieces > 2 ? e->cmp : 0};
    for (size_t k = 0; k < sizeof v / sizeof v[0]; k++)
      top = v[k] > top ? v[k] : top;
  }
  if (l->word)
    plan_word_lens(l, h, &top);
  l->lens_f = field("lens[]", unsigned_for(top), 0, top, l->lens_at || l->lens_pieces || l->word);
  size_t used = (size_t)(l->lens_at + l->lens_pieces) * (size_t)ctypes[l->lens_f.type].bytes;
  if (l->word) /* the base, and the shift (p and q counted); AVX2's words and tail */
    used += (size_t)ctypes[l->lens_base.type].bytes + 1 + (l->path.avx2 ? 2 : 0);
  for (l->lens_size = 1; l->lens_size < used;)
    l->lens_size *= 2;
  l->lens_pad = l->lens_size - used;
}

/* === The pool ================================================================================= */

/* Whether a name's spelling is its lowercase name. */
static int is_lowercase(const struct name *nm) {
  for (size_t i = 0; i < nm->len; i++)
    if (ascii_lower(nm->text[i]) != nm->text[i])
      return 0;
  return 1;
}

/* The bytes of a name's place in the pool: see struct place. */
static size_t place_bytes(const struct layout *l, size_t len) {
  if (l->records)
    return l->head + len + 1 + (layout_packed(len) ? 8 : 0);
  return len + 1 + (len > LAYOUT_HELD ? len - 8 : 0);
}

/* Places every name in the pool, in id order (after the empty record, indexed), then the
   spellings that are not lowercase names; the pool ends with room for the longest read past
   a name's bytes (a compare of the longest name, or a vector). */
static void plan_pool(struct layout *l, const struct names *list) {
  size_t at = l->head; /* indexed: the empty record, of length 0, first */
  for (size_t i = 0; i < list->n; i++) {
    struct place *p = &l->place[i];
    size_t len = list->v[i].len;
    p->at = at;
    p->lower = at + l->head;
    p->spell = p->lower;
    p->second = p->lower + len + 1;
    at += place_bytes(l, len);
    p->end = at;
  }
  for (size_t i = 0; i < list->n; i++)
    if (!is_lowercase(&list->v[i]))
      l->place[i].spell = at, at += list->v[i].len + 1;
  l->used = at;
  l->pool = at + l->head + 2 * l->max + 48;
  l->offset = field("an offset into the pool", l->pool > 65535 ? CTYPE_U32 : CTYPE_U16, 0,
                    (long long)at, 1);
}

/* The lowercase bytes of a name in lower[0..len] (with a NUL), and its mask in mask[0..len):
   0x20 where the name has a letter, else 0. */
static void lower_and_mask(const struct name *nm, unsigned char *lower, unsigned char *mask) {
  for (size_t i = 0; i < nm->len; i++) {
    lower[i] = (unsigned char)ascii_lower(nm->text[i]);
    mask[i] = lower[i] != (unsigned char)ascii_upper(nm->text[i]) ? ' ' : 0;
  }
  lower[nm->len] = 0;
}

/* The first and last 4 bytes of b[0..len) (len 4 to 7) in pieces[0..8). */
static void pieces_of(const unsigned char *b, size_t len, unsigned char *pieces) {
  memcpy(pieces, b, 4);
  memcpy(pieces + 4, b + len - 4, 4);
}

/* Writes every name's place, and the spellings, into the pool's bytes. */
static void fill_pool(struct layout *l, const struct names *list) {
  for (size_t i = 0; i < list->n; i++) {
    const struct name *nm = &list->v[i];
    const struct place *p = &l->place[i];
    unsigned char *at = l->pool_bytes + p->at, lower[NAMES_MAX_LENGTH + 1], mask[NAMES_MAX_LENGTH];
    lower_and_mask(nm, lower, mask);
    if (l->records) { /* the record's length and id, low byte first */
      at[0] = (unsigned char)nm->len, at[1] = (unsigned char)(nm->id & 255);
      if (l->id_bytes > 1)
        at[2] = (unsigned char)(nm->id >> 8);
    }
    memcpy(l->pool_bytes + p->lower, lower, nm->len + 1);
    unsigned char *second = l->pool_bytes + p->second;
    if (!l->records && nm->len > LAYOUT_HELD) /* the mask of the bytes from the 8th */
      memcpy(second, mask + 8, nm->len - 8);
    else if (l->records && layout_packed(nm->len)) /* its first and last 4 bytes */
      pieces_of(lower, nm->len, second);
    if (l->place[i].spell != l->place[i].lower)
      memcpy(l->pool_bytes + l->place[i].spell, nm->text, nm->len + 1);
  }
}

/* What a direct slot holds of b[0..len): see struct held. */
static void hold(const unsigned char *b, size_t len, unsigned char *held) {
  if (len >= 8) {
    memcpy(held, b, 8);
    memcpy(held + 8, b + len - 8, 8);
  } else if (len >= 4) {
    pieces_of(b, len, held);
    memcpy(held + 8, held, 8);
  } else {
    memcpy(held, b, len);
  }
}

/* Gives each empty slot of a length's region of the word hash one of the length's names, as a
   copy: its bytes, length, id and offset, which never match (a name's hash leads to its own
   slot) and would answer right if they did; so that no lookup of the word hash tests the
   length but the rare one. A copy is a slot whose name's own slot (slot_of) is another. */
static void plan_copies(struct layout *l, const struct hashfn *h) {
  const struct wordfn *w = &h->word;
  for (size_t len = 1; len <= l->max; len++) {
    size_t count = word_region(w, len), named = 0;
    if (w->base[len] == 0) /* no name */
      continue;
    for (size_t s = w->base[len]; s < w->base[len] + count && named == 0; s++)
      named = l->slot_id[s] >= 0 ? s : 0;
    for (size_t s = w->base[len]; s < w->base[len] + count; s++)
      if (l->slot_id[s] < 0)
        l->slot_id[s] = l->slot_id[named];
  }
}

/* The word hash's empty slot 0, which every length with no name hashes to, matches no input:
   its vector slot is 0xFF (its mask 0), which no byte meets (such a length's vector mask is 0, so
   that the vector holds 0s), and its 8 bytes for the common path are 4 0s and 4 0xFFs, which no
   input meets (such a length's p is 0, so that the common path reads the name's first 4 bytes
   twice). */
static void fill_slot0(struct layout *l) {
  if (l->vslot != NULL)
    memset(l->vslot[0], 0xFF, LAYOUT_SLOT), memset(l->vslot[0] + LAYOUT_SLOT, 0, LAYOUT_SLOT);
  memset(l->held[0].lower + 4, 0xFF, 4);
  l->held[0].n = 8;
}

/* Writes each direct slot's bytes and each vector slot's: a name of up to 32 bytes in
   lowercase, then 'A's, 32 of them in an empty slot; of the word hash, then 0s, and after
   them the name's mask, then 0s (and fill_slot0's slot 0). */
static void fill_slots(struct layout *l, const struct names *list) {
  for (size_t s = 0; s < l->slots; s++) {
    const struct name *nm = l->slot_id[s] >= 0 ? &list->v[l->slot_id[s]] : NULL;
    unsigned char lower[NAMES_MAX_LENGTH + 1], mask[NAMES_MAX_LENGTH];
    if (l->vslot != NULL) {
      memset(l->vslot[s], l->word ? 0 : 'A', LAYOUT_SLOT);
      memset(l->vslot[s] + LAYOUT_SLOT, 0, LAYOUT_VSLOT_MAX - LAYOUT_SLOT);
    }
    if (nm == NULL)
      continue;
    lower_and_mask(nm, lower, mask);
    hold(lower, nm->len, l->held[s].lower);
    hold(mask, nm->len, l->held[s].mask);
    l->held[s].n = nm->len >= 4 ? LAYOUT_HELD : (int)nm->len;
    if (l->vslot != NULL && nm->len <= l->vhi) {
      memcpy(l->vslot[s], lower, nm->len);
      if (l->vslot_size > LAYOUT_SLOT)
        memcpy(l->vslot[s] + LAYOUT_SLOT, mask, nm->len);
    }
  }
  if (l->word)
    fill_slot0(l);
}

/* === Sizes ==================================================================================== */

/* The numbers of the hash: its associated values as stored (times the scale), the largest sum
   they can make, a displaced hash's displacements, and the empty slot. */
static void plan_sums(struct layout *l, const struct hashfn *h) {
  long long times = (long long)l->scale, sum = 0;
  long long top = (long long)l->asso_top * times;
  l->asso = field("the associated values",
                  l->displaced ? CTYPE_EXACT32 : unsigned_for((unsigned long long)top), 0, top,
                  h->nterms > 0);
  for (int i = 0; i < h->nterms; i++) /* each term adds at most the largest value */
    sum += top;
  if (l->hash_length) /* gperf's own hash adds the length too */
    sum += (long long)l->max * times;
  /* a displaced hash wraps around at 2^32 on purpose; any other must never wrap */
  l->sum =
      field("the hash", l->displaced ? CTYPE_EXACT32 : CTYPE_U32, 0, l->displaced ? 0 : sum, 1);
  l->disp = field("the displacements", l->slots > 65536 ? CTYPE_U32 : CTYPE_U16, 0,
                  (long long)l->slots - 1, l->displaced);
  l->empty = (l->slots - 1) * l->scale;
}

/* The sizes of a name's flags and attribute values, and of its other numbers. */
static void plan_accessors(struct layout *l, const struct names *list) {
  long top = 0;
  l->flag_bytes = list->nflags == 0 ? 0 : list->nflags <= 8 ? 1 : list->nflags <= 16 ? 2 : 4;
  for (size_t i = 0; i < list->n; i++)
    for (int k = 0; k < list->nkeys; k++)
      top = list->v[i].attr[k] > top ? list->v[i].attr[k] : top;
  l->attr_bytes = list->nkeys == 0 ? 0 : top <= 127 ? 1 : top <= 32767 ? 2 : 4;
  l->flags = field("the flags",
                   l->flag_bytes == 1   ? CTYPE_UCHAR
                   : l->flag_bytes == 2 ? CTYPE_U16
                                        : CTYPE_U32,
                   0, list->nflags ? (1LL << list->nflags) - 1 : 0, list->nflags > 0);
  l->attr = field("the attributes",
                  l->attr_bytes == 1   ? CTYPE_SCHAR
                  : l->attr_bytes == 2 ? CTYPE_SHORT
                                       : CTYPE_S32,
                  -1, top, list->nkeys > 0);
  l->id_bytes = list->id_limit > 256 ? 2 : 1;
  l->id = field("an id", l->id_bytes > 1 ? CTYPE_U16 : CTYPE_UCHAR, 0, list->id_limit - 1, 1);
  l->sparse = (size_t)list->id_limit != list->n;
  l->ids_spread = list->id_limit > 4096 && (size_t)list->id_limit / 4 > list->n;
  l->name_len = field("a name's length", CTYPE_UCHAR, 0, (long long)l->max, 1);
}

/* Plans the pool of a layout of the given kind; returns the tables' bytes. */
static size_t plan_kind(struct layout *l, const struct names *list, const struct hashfn *h,
                        enum layout_kind kind) {
  l->kind = kind;
  l->records = kind == LAYOUT_INDEXED || kind == LAYOUT_DISPLACED;
  l->head = l->records ? 1 + l->id_bytes : 0;
  l->scale = l->records ? 1 : LAYOUT_SLOT;
  l->lens_at = l->per_length;
  l->lens_pieces = l->path.common ? l->records ? 3 : 2 : 0;
  plan_pool(l, list);
  plan_lens(l, h);
  plan_sums(l, h);
  l->slot_len = field("a slot's length", CTYPE_UCHAR, 0, (long long)l->max, !l->records);
  size_t off = (size_t)ctypes[l->offset.type].bytes;
  size_t asso = (size_t)l->nasso * (size_t)ctypes[l->asso.type].bytes;
  size_t names = l->n * (2 * off + 1 + (size_t)l->flag_bytes);
  size_t slot = off; /* the index's offset, or the length, id and offset */
  if (!l->records)
    slot += LAYOUT_SLOT + 1 + l->id_bytes + (l->path.vector ? l->vslot_size : 0);
  size_t disp = l->displaced ? l->buckets * (size_t)ctypes[l->disp.type].bytes : 0;
  l->next = field("a chained slot", l->slots > 65536 ? CTYPE_U32 : CTYPE_U16, 0,
                  (long long)l->slots - 1, l->chained > 0);
  if (l->chained)
    slot += (size_t)ctypes[l->next.type].bytes;
  size_t lens = l->word ? (l->max + 1) * (8 + l->lens_size) : 0; /* mul[] and lens[] */
  return asso + disp + lens + l->slots * slot + l->pool + names;
}

/* Adds to *off a member of n things of `bytes` bytes each, where C puts it: at the next
   multiple of its alignment (that of the type, its size here). */
static void add_member(size_t *off, size_t n, size_t bytes) {
  *off = (*off + bytes - 1) / bytes * bytes + n * bytes;
}

/* direct: the padding before the slots. The small tables come first, the associated values at
   offset 0, so that a read adds its index to the table's address and nothing more (aarch64 and
   armhf cannot add both an index and a large offset in one load); the slots after them, from
   a multiple of 64 bytes. */
static void plan_order(struct layout *l) {
  size_t off = 0;
  if (l->asso.what != NULL)
    add_member(&off, (size_t)l->nasso, (size_t)ctypes[l->asso.type].bytes);
  if (l->word) { /* the multipliers, then entries of 8 bytes, a base first */
    size_t base = (size_t)ctypes[l->lens_base.type].bytes;
    add_member(&off, l->max + 1, 8);
    add_member(&off, (l->max + 1) * l->lens_size / base, base);
  } else if (l->lens_f.what != NULL)
    add_member(&off, (l->max + 1) * l->lens_size, (size_t)ctypes[l->lens_f.type].bytes);
  add_member(&off, l->slots, 1); /* len */
  add_member(&off, l->slots, (size_t)ctypes[l->id.type].bytes);
  add_member(&off, l->slots, (size_t)ctypes[l->offset.type].bytes);
  if (l->chained)
    add_member(&off, l->slots, (size_t)ctypes[l->next.type].bytes);
  l->slots_pad = (64 - off % 64) % 64;
}

/* Of spread ids, the names in the order of their ids (by_number), by a walk over the ids (each
   a name's at most: names.c refuses one taken twice); returns -1 if out of memory. */
static int plan_by_number(struct layout *l, const struct names *list) {
  long *at;
  size_t k = 0;
  if (!l->ids_spread)
    return 0;
  at = malloc((size_t)list->id_limit * sizeof *at);
  l->by_number = malloc(list->n * sizeof *l->by_number);
  if (at == NULL || l->by_number == NULL)
    return free(at), -1;
  for (long id = 0; id < list->id_limit; id++)
    at[id] = -1;
  for (size_t i = 0; i < list->n; i++)
    at[list->v[i].id] = (long)i;
  for (long id = 0; id < list->id_limit; id++)
    if (at[id] >= 0)
      l->by_number[k++] = (size_t)at[id];
  free(at);
  return 0;
}

/* The name (its index in the list) in each of `slots` slots of h, or -1; malloc'd (NULL if out
   of memory). */
static long *slot_ids(const struct names *list, const struct hashfn *h, size_t slots) {
  long *id_in = malloc(slots * sizeof *id_in);
  if (id_in == NULL)
    return NULL;
  for (size_t s = 0; s < slots; s++)
    id_in[s] = -1;
  for (size_t j = 0; j < list->n; j++)
    id_in[h->origin == HASH_WORD
              ? h->word.slot_of[j]
              : hashfn_apply(h, (const unsigned char *)list->v[j].text, list->v[j].len)] = (long)j;
  return id_in;
}

/* Copies the hash's own numbers into the plan (see struct layout's values); 0, or -1 out of
   memory. */
static int plan_values(struct layout *l, const struct hashfn *h) {
  positions_format(h->term, h->nterms, l->positions, sizeof l->positions);
  positions_describe(h->term, h->nterms, l->position_words, sizeof l->position_words);
  if (l->word) {
    l->copy = calloc(l->slots, 1);
    l->next_slot = l->chained ? malloc(l->slots * sizeof *l->next_slot) : NULL;
    if (l->copy == NULL || (l->chained && l->next_slot == NULL))
      return -1;
    for (size_t s = 0; s < l->slots; s++)
      l->copy[s] = l->slot_id[s] >= 0 && h->word.slot_of[l->slot_id[s]] != s;
    if (l->chained)
      memcpy(l->next_slot, h->word.next, l->slots * sizeof *l->next_slot);
    return 0;
  }
  l->values = malloc((size_t)l->nasso * sizeof *l->values);
  l->displacement = l->displaced ? malloc(l->buckets * sizeof *l->displacement) : NULL;
  if (l->values == NULL || (l->displaced && l->displacement == NULL))
    return -1;
  for (int i = 0; i < l->nasso; i++)
    l->values[i] = i < HASHFN_MAX_ASSO ? h->asso[i] : 0;
  if (l->displaced)
    memcpy(l->displacement, h->dis.disp, l->buckets * sizeof *l->displacement);
  return 0;
}

/* The smallest power of two of at least n. */
static size_t pow2_at_least(size_t n) {
  size_t p = 1;
  while (p < n)
    p <<= 1;
  return p;
}

/* The arrays' spans for a target that masks its indexes, and what compares byte by byte. */
static void plan_spans(struct layout *l) {
  l->slot_span = l->word ? pow2_at_least(l->slots) : l->slots;
  l->len_span = pow2_at_least(l->max + 1);
  l->byte_compare = !l->word || l->chained > 0;
}

int layout_plan(struct layout *l, const struct names *list, const struct hashfn *h, int small,
                struct diag *d) {
  memset(l, 0, sizeof *l);
  l->n = list->n;
  names_lengths(list, &l->min, &l->max);
  plan_paths(l, h);
  plan_hash(l, h);
  plan_pooled(l, small);
  for (size_t i = 0; l->word && i < list->n; i++) /* a chained name's length: the portable path */
    if (h->word.slot_of[i] >= h->word.regions && list->v[i].len <= l->vhi)
      l->vmask[list->v[i].len] = 0;
  for (size_t len = 0; l->word && len <= l->vhi; len++) /* no name: nothing to load */
    if (h->word.base[len] == 0)
      l->vmask[len] = 0;
  plan_reads(l, h);
  plan_accessors(l, list);
  l->place = malloc(list->n * sizeof *l->place);
  l->slot_id = slot_ids(list, h, l->slots);
  if (l->place == NULL || l->slot_id == NULL || plan_by_number(l, list) != 0)
    return diag_oom(d);
  if (l->word)
    plan_copies(l, h);
  plan_spans(l);
  if (plan_values(l, h) != 0)
    return diag_oom(d);
  if (l->displaced) { /* a displaced hash is not a slot's offset: records only */
    l->bytes = plan_kind(l, list, h, LAYOUT_DISPLACED);
  } else if (l->word) { /* its slots are its own: direct */
    l->bytes = plan_kind(l, list, h, l->pooled ? LAYOUT_WORD_POOLED : LAYOUT_WORD);
  } else {
    size_t indexed = l->bytes = plan_kind(l, list, h, LAYOUT_INDEXED);
    l->bytes = plan_kind(l, list, h, LAYOUT_DIRECT);
    if (l->bytes > LAYOUT_DIRECT_SLACK * indexed && l->bytes > indexed + LAYOUT_DIRECT_EXTRA)
      l->bytes = plan_kind(l, list, h, LAYOUT_INDEXED);
  }
  int vslots = !l->records && l->path.vector && !l->pooled; /* what output_vslots writes */
  l->pool_bytes = calloc(l->used + 1, 1);
  if (!l->records)
    l->held = calloc(l->slots, sizeof *l->held);
  if (vslots)
    l->vslot = malloc(l->slots * sizeof *l->vslot);
  if (l->pool_bytes == NULL || (!l->records && !l->held) || (vslots && !l->vslot))
    return diag_oom(d);
  fill_pool(l, list);
  if (!l->records) {
    fill_slots(l, list);
    plan_order(l);
  }
  return layout_check(l, d);
}

void layout_free(struct layout *l) {
  free(l->by_number);
  l->by_number = NULL;
  free(l->slot_id);
  free(l->place);
  free(l->pool_bytes);
  free(l->held);
  free(l->vslot);
  free(l->values);
  free(l->displacement);
  free(l->next_slot);
  free(l->copy);
  l->values = NULL, l->displacement = NULL, l->next_slot = NULL, l->copy = NULL;
  l->slot_id = NULL, l->place = NULL, l->pool_bytes = NULL, l->held = NULL, l->vslot = NULL;
}
