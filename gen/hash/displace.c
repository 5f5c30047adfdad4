/* displace.c: hhn-gen's own hash values, by hash and displace (see displace.h). */
#include "displace.h"

#include <stdlib.h>
#include <string.h>

/* The state of the search: the sums of the names, and scratch space. */
struct work {
  size_t n;
  uint32_t *sum;        /* each name's sum */
  size_t *order;        /* names, by bucket */
  size_t *start;        /* where each bucket's names begin in order (and one past the last) */
  size_t *by_size;      /* buckets with names, largest first */
  size_t filled;        /* how many buckets have names */
  unsigned char *taken; /* slots taken */
};

/* The next value of a xorshift64* sequence. */
static uint64_t next_random(uint64_t *x) {
  *x ^= *x >> 12, *x ^= *x << 25, *x ^= *x >> 27;
  return *x * 0x2545F4914F6CDD1DULL;
}

/* Fills h's tables with random values from seed: the length's, then one per byte term, each
   a table of 256 at its increment; a letter's two cases share a value. */
static void fill_values(struct hashfn *h, uint64_t seed) {
  uint64_t x = 0x9E3779B97F4A7C15ULL ^ (seed * 0xD1B54A32D192ED03ULL);
  for (int i = 0; i < h->nasso; i++)
    h->asso[i] = (uint32_t)(next_random(&x) >> 32);
  for (int i = 0; i < h->nterms; i++)
    if (h->term[i].kind != TERM_LENGTH)
      for (int c = 'A'; c <= 'Z'; c++)
        h->asso[h->term[i].inc + c] = h->asso[h->term[i].inc + ascii_lower(c)];
}

/* Sorts the names into buckets by the top bits of their sums (a counting sort), and the
   buckets by size, largest first. Returns 0, or -1 if two names of a bucket would share every
   slot (the same low bits). */
static int bucket(struct work *w, const struct displacement *dis) {
  size_t buckets = (size_t)1 << dis->bucket_bits, slots = (size_t)1 << dis->slot_bits;
  memset(w->start, 0, (buckets + 2) * sizeof *w->start);
  for (size_t i = 0; i < w->n; i++)
    w->start[(w->sum[i] >> (32 - dis->bucket_bits)) + 2]++;
  for (size_t b = 2; b < buckets + 2; b++)
    w->start[b] += w->start[b - 1];
  for (size_t i = 0; i < w->n; i++)
    w->order[w->start[(w->sum[i] >> (32 - dis->bucket_bits)) + 1]++] = i;
  for (size_t b = 0; b < buckets; b++) /* the same low bits in one bucket: no way round */
    for (size_t i = w->start[b]; i < w->start[b + 1]; i++)
      for (size_t j = w->start[b]; j < i; j++)
        if (((w->sum[w->order[i]] ^ w->sum[w->order[j]]) & (slots - 1)) == 0)
          return -1;
  size_t placed = 0, largest = 0; /* buckets by size, largest first: sizes are small */
  for (size_t b = 0; b < buckets; b++)
    largest = w->start[b + 1] - w->start[b] > largest ? w->start[b + 1] - w->start[b] : largest;
  for (size_t size = largest; size > 0; size--)
    for (size_t b = 0; b < buckets; b++)
      if (w->start[b + 1] - w->start[b] == size)
        w->by_size[placed++] = b;
  w->filled = placed;
  return 0;
}

/* Whether the names of bucket b, displaced by disp, land on free slots. */
static int fits(const struct work *w, const struct displacement *dis, size_t b, uint32_t disp) {
  uint32_t mask = ((uint32_t)1 << dis->slot_bits) - 1;
  for (size_t i = w->start[b]; i < w->start[b + 1]; i++)
    if (w->taken[(w->sum[w->order[i]] + disp) & mask])
      return 0;
  return 1;
}

/* Gives each bucket with names, largest first, the smallest displacement that lands them on
   free slots. Returns 0, or -1 if some bucket finds none. */
static int displace(struct work *w, struct displacement *dis) {
  uint32_t slots = (uint32_t)1 << dis->slot_bits, mask = slots - 1;
  size_t buckets = (size_t)1 << dis->bucket_bits;
  memset(w->taken, 0, slots);
  memset(dis->disp, 0, buckets * sizeof *dis->disp);
  for (size_t k = 0; k < w->filled; k++) {
    size_t b = w->by_size[k];
    uint32_t disp = 0;
    while (disp < slots && !fits(w, dis, b, disp))
      disp++;
    if (disp == slots)
      return -1;
    dis->disp[b] = disp;
    for (size_t i = w->start[b]; i < w->start[b + 1]; i++)
      w->taken[(w->sum[w->order[i]] + disp) & mask] = 1;
  }
  return 0;
}

/* Sets out's terms (the length, then t[0..k), each with a table of its own) and sizes. */
static void shape(struct hashfn *out, const struct term *t, int k, const unsigned char *len_byte,
                  enum hash_origin origin, size_t n) {
  memset(out, 0, sizeof *out);
  out->origin = origin;
  out->nterms = k + 1;
  out->term[0] = (struct term){TERM_LENGTH, 0, 0};
  for (int j = 0; j < k; j++)
    out->term[j + 1] = t[j], out->term[j + 1].inc = 256 * (j + 1);
  out->nasso = 256 * (k + 1);
  memcpy(out->len_byte, len_byte, sizeof out->len_byte);
  hashfn_order_terms(out);
  int slot_bits = DISPLACE_BUCKET_SHIFT + 1; /* at least 2 buckets */
  while (((size_t)1 << slot_bits) * DISPLACE_LOAD_PERCENT < n * 100)
    slot_bits++;
  out->dis.slot_bits = slot_bits;
  out->dis.bucket_bits = slot_bits - DISPLACE_BUCKET_SHIFT;
}

/* Tries seed after seed until the buckets of one can be displaced. Returns 0 or -1. */
static int find_values(struct work *w, const struct names *list, struct hashfn *out) {
  for (uint64_t seed = 0; seed < DISPLACE_SEEDS; seed++) {
    fill_values(out, seed);
    for (size_t i = 0; i < list->n; i++)
      w->sum[i] = hashfn_sum(out, (const unsigned char *)list->v[i].text, list->v[i].len);
    if (bucket(w, &out->dis) == 0 && displace(w, &out->dis) == 0)
      return 0;
  }
  return -1;
}

int displace_hash(const struct names *list, const struct term *t, int k,
                  const unsigned char *len_byte, enum hash_origin origin, struct hashfn *out,
                  struct diag *d) {
  if (k + 1 > HASHFN_DISPLACED_TERMS)
    return diag_set(d, "hhn-gen: error: a hash of hhn-gen's own reads at most %d bytes",
                    HASHFN_DISPLACED_TERMS - 1);
  shape(out, t, k, len_byte, origin, list->n);
  size_t buckets = (size_t)1 << out->dis.bucket_bits, slots = (size_t)1 << out->dis.slot_bits;
  struct work w = {list->n,
                   malloc(list->n * sizeof(uint32_t)),
                   malloc(list->n * sizeof(size_t)),
                   malloc((buckets + 2) * sizeof(size_t)),
                   malloc(buckets * sizeof(size_t)),
                   0,
                   malloc(slots)};
  out->dis.disp = malloc(buckets * sizeof *out->dis.disp);
  int rc = -1;
  if (!w.sum || !w.order || !w.start || !w.by_size || !w.taken || !out->dis.disp)
    diag_oom(d);
  else if (find_values(&w, list, out) != 0)
    diag_set(d, "hhn-gen: error: no values of %d seeds make a hash of the names", DISPLACE_SEEDS);
  else
    rc = 0; /* a perfect hash by how it was found; hhn-gen's check phase checks it */
  free(w.sum), free(w.order), free(w.start), free(w.by_size), free(w.taken);
  if (rc != 0)
    hashfn_free(out);
  return rc;
}
