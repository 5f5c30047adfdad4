/* word.c: hhn-gen's word hash (see word.h): the keys, the search of a multiplier for each
   length, the chains, and the check. */
#include "word.h"

#include <stdlib.h>
#include <string.h>

/* === Keys ===================================================================================== */

uint64_t word_key(const unsigned char *s, size_t len, int fold, int middle) {
  uint64_t k = 0;
  size_t first = middle && len >= WORD_PIECE ? len / 2 - 2 : 0;
  if (len < WORD_PIECE) {
    unsigned a = s[0], b = s[len / 2], z = s[len - 1];
    if (fold)
      a = (unsigned)ascii_lower((int)a), b = (unsigned)ascii_lower((int)b),
      z = (unsigned)ascii_lower((int)z);
    return a | b << 8 | z << 16;
  }
  for (int i = 0; i < WORD_PIECE; i++) {
    k |= (uint64_t)s[first + i] << (8 * i);
    k |= (uint64_t)s[len - WORD_PIECE + i] << (8 * (i + WORD_PIECE));
  }
  return fold ? k | WORD_FOLD : k;
}

size_t word_region(const struct wordfn *w, size_t len) {
  return w->mul[len] == 0 ? 1 : (size_t)1 << (64 - w->shift[len]);
}

size_t word_slot(const struct wordfn *w, uint64_t key, size_t len) {
  return w->base[len] + (size_t)(word_product(key, w->mul[len], w->narrow) >> w->shift[len]);
}

int word_fits(const struct names *list) {
  size_t min, max;
  unsigned char seen[NAMES_MAX_LENGTH + 1] = {0};
  int shared = 0;
  if (list->n > WORD_LIST)
    return 0;
  names_lengths(list, &min, &max);
  for (size_t i = 0; i < list->n; i++)
    shared |= seen[list->v[i].len]++ > 0;
  return max >= WORD_PIECE && shared;
}

/* The key of name i of the list, folded, with the first piece middle or not: what places it. */
static uint64_t key_of(const struct names *list, size_t i, int middle) {
  return word_key((const unsigned char *)list->v[i].text, list->v[i].len, 1, middle);
}

/* === The search =============================================================================== */

/* The next value of a splitmix64 sequence: the multipliers tried, the same on every run. */
static uint64_t next_mul(uint64_t *x) {
  uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
  z = (z ^ z >> 30) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ z >> 27) * 0x94D049BB133111EBULL;
  return (z ^ z >> 31) | 1;
}

/* Finds a multiplier that gives the n distinct keys n distinct top `bits` bits of their
   word_product, trying the fewest bits first (narrow: each half of it odd); returns 0 with *mul
   and *bits, or -1 if none does in max_bits bits (at most WORD_MAX_BITS). taken is scratch of
   1 << WORD_MAX_BITS bytes, left all 0. */
static int find_mul(const uint64_t *keys, size_t n, uint64_t seed, int max_bits, int narrow,
                    unsigned char *taken, uint64_t *mul, int *bits) {
  int b = 1;
  while (((size_t)1 << b) < n)
    b++;
  for (; b <= max_bits; b++) {
    uint64_t x = seed * 0xD1B54A32D192ED03ULL + (uint64_t)b;
    for (int t = 0; t < WORD_TRIES; t++) {
      uint64_t m = next_mul(&x) | (narrow ? UINT64_C(1) << 32 : 0);
      size_t i = 0;
      while (i < n && !taken[word_product(keys[i], m, narrow) >> (64 - b)])
        taken[word_product(keys[i++], m, narrow) >> (64 - b)] = 1;
      for (size_t j = 0; j < i; j++)
        taken[word_product(keys[j], m, narrow) >> (64 - b)] = 0;
      if (i == n) {
        *mul = m, *bits = b;
        return 0;
      }
    }
  }
  return -1;
}

/* A name of one length: its key, and its index in the list. */
struct keyed {
  uint64_t key;
  size_t i;
};

/* Orders names by key, then by their order in the list. */
static int by_key(const void *a, const void *b) {
  const struct keyed *x = a, *y = b;
  if (x->key != y->key)
    return x->key < y->key ? -1 : 1;
  return x->i < y->i ? -1 : x->i > y->i;
}

/* How many names share their length and key with another, by the key with the first piece
   middle or not: the names that such a key would chain. named is scratch of list->n. */
static size_t chains(const struct names *list, int middle, struct keyed *named) {
  size_t n = 0;
  for (size_t i = 0; i < list->n; i++) /* the length in the top byte: keys of 8 bytes clash */
    named[i] = (struct keyed){key_of(list, i, middle), list->v[i].len};
  qsort(named, list->n, sizeof *named, by_key);
  for (size_t i = 1; i < list->n; i++)
    n += named[i].key == named[i - 1].key && named[i].i == named[i - 1].i;
  return n;
}

/* The names of length len, by key (into named, how many: *n), and their distinct keys (into
   keys, how many: the return). The first name of a key (in list order) is its head. */
static size_t keys_of_length(const struct names *list, size_t len, int middle, struct keyed *named,
                             size_t *n, uint64_t *keys) {
  size_t u = 0;
  *n = 0;
  for (size_t i = 0; i < list->n; i++)
    if (list->v[i].len == len)
      named[(*n)++] = (struct keyed){key_of(list, i, middle), i};
  qsort(named, *n, sizeof *named, by_key);
  for (size_t j = 0; j < *n; j++)
    if (j == 0 || named[j].key != named[j - 1].key)
      keys[u++] = named[j].key;
  return u;
}

/* Whether the key's first piece is the middle 4 bytes: where they chain fewer names than the
   first 4; narrow, only where the first 4 chain more than WORD_CHAINED allows, as its lookups
   read a name a byte at a time, and the middle's 4 more reads cost every lookup where a chained
   name costs its own alone. named is scratch of list->n. */
static int middle_key(const struct names *list, int narrow, struct keyed *named) {
  size_t first = chains(list, 0, named);
  return chains(list, 1, named) < first && (!narrow || first > WORD_CHAINED(list->n));
}

/* Scratch space of the search, and its bound. */
struct work {
  size_t budget; /* the most slots the hash may take */
  struct keyed *named;
  uint64_t *keys;
  unsigned char *taken; /* 1 << WORD_MAX_BITS bytes */
  unsigned char *head;  /* whether each name is the first of its length and key */
};

/* The most bits of slots that a length may take when `used` of the budget's slots are taken. */
static int bits_left(size_t budget, size_t used) {
  int b = 0;
  while (b < WORD_MAX_BITS && used + ((size_t)2 << b) <= budget)
    b++;
  return b;
}

/* Gives the heads of length len their slots, from w->slots (and the other names of a key
   their head's slot, for now); returns 0, or -1 with d set if no multiplier tells the
   length's keys apart in the slots the budget leaves. */
static int place_length(struct wordfn *w, const struct names *list, size_t len, struct work *k,
                        struct diag *d) {
  size_t n, u = keys_of_length(list, len, w->middle, k->named, &n, k->keys);
  int max_bits = bits_left(k->budget, w->slots);
  uint64_t mul = 0;
  int bits = 0;
  w->mul[len] = 0, w->shift[len] = 63, w->base[len] = 0; /* no name: the empty slot 0 */
  if (u == 0)
    return 0;
  if (w->slots >= k->budget ||
      (u > 1 && find_mul(k->keys, u, len, max_bits, w->narrow, k->taken, &mul, &bits) != 0))
    return diag_set(d,
                    "hhn-gen: error: the word hash tells the %zu names of %zu bytes apart in no "
                    "more than %zu slots (%zu for the %zu names, the most it may take); use "
                    "--hash gperf",
                    u, len, max_bits ? (size_t)1 << max_bits : 0, k->budget, list->n);
  w->mul[len] = mul, w->shift[len] = (unsigned char)(64 - (bits ? bits : 1));
  w->base[len] = w->slots;
  w->slots += (size_t)1 << bits;
  for (size_t j = 0; j < n; j++) {
    w->slot_of[k->named[j].i] = word_slot(w, k->named[j].key, len);
    k->head[k->named[j].i] = j == 0 || k->named[j].key != k->named[j - 1].key;
  }
  return 0;
}

/* Gives each name that shares its length and key with an earlier one (head[i] 0) a slot after
   every length's, in list order, chained from the last slot of its key. */
static void chain(struct wordfn *w, const struct names *list, const unsigned char *head) {
  for (size_t i = 0; i < list->n; i++) {
    size_t at = w->slot_of[i];
    if (head[i])
      continue;
    while (w->next[at] != 0)
      at = w->next[at];
    w->next[at] = w->slots;
    w->slot_of[i] = w->slots++;
    w->chained++;
  }
}

/* Whether the lowercase rule must fold its key too: a key byte of a name of WORD_PIECE bytes or
   more (in lowercase, as that rule finds it) changes when folded. */
static int lower_folds(const struct names *list, int middle) {
  for (size_t i = 0; i < list->n; i++) {
    unsigned char lower[NAMES_MAX_LENGTH];
    size_t len = list->v[i].len;
    for (size_t j = 0; j < len; j++)
      lower[j] = (unsigned char)ascii_lower((unsigned char)list->v[i].text[j]);
    if (len >= WORD_PIECE && word_key(lower, len, 0, middle) != word_key(lower, len, 1, middle))
      return 1;
  }
  return 0;
}

/* === The hash ================================================================================= */

int word_hash(const struct names *list, size_t budget, int narrow, struct wordfn *w,
              struct diag *d) {
  struct work k = {.budget = budget};
  size_t min, max, tail = 0;
  int rc = -1;
  memset(w, 0, sizeof *w);
  w->narrow = narrow;
  names_lengths(list, &min, &max);
  if (max < WORD_PIECE)
    return diag_set(d,
                    "hhn-gen: error: the word hash needs a name of %d bytes or more, and the "
                    "longest here has %zu; use --hash gperf",
                    WORD_PIECE, max);
  k.named = malloc(list->n * sizeof *k.named);
  k.keys = malloc(list->n * sizeof *k.keys);
  k.taken = calloc((size_t)1 << WORD_MAX_BITS, 1);
  k.head = malloc(list->n);
  w->slot_of = malloc(list->n * sizeof *w->slot_of);
  if (k.named == NULL || k.keys == NULL || k.taken == NULL || k.head == NULL || !w->slot_of) {
    diag_oom(d);
    goto done;
  }
  w->middle = middle_key(list, narrow, k.named);
  w->slots = 1; /* slot 0: empty, for every length without a name */
  for (size_t len = 1; len <= max; len++)
    if (place_length(w, list, len, &k, d) != 0)
      goto done;
  w->regions = w->slots;
  for (size_t i = 0; i < list->n; i++)
    tail += !k.head[i];
  if (w->slots + tail > budget) {
    diag_set(d,
             "hhn-gen: error: the word hash takes %zu slots, %zu of them chained, where the %zu "
             "names may take %zu; use --hash gperf",
             w->slots + tail, tail, list->n, budget);
    goto done;
  }
  if ((w->next = calloc(w->slots + tail, sizeof *w->next)) == NULL) {
    diag_oom(d);
    goto done;
  }
  chain(w, list, k.head);
  w->lower_folds = lower_folds(list, w->middle);
  rc = 0;
done:
  free(k.named);
  free(k.keys);
  free(k.taken);
  free(k.head);
  return rc;
}

/* === The check ================================================================================ */

/* Checks that every length's slots lie before the chained ones. */
static int check_regions(const struct wordfn *w, size_t max, struct diag *d) {
  for (size_t len = 1; len <= max; len++) {
    if (w->base[len] + word_region(w, len) > w->regions || w->regions > w->slots)
      return diag_set(d,
                      "hhn-gen: error: internal: the word hash's slots of %zu bytes pass "
                      "its %zu; please report it",
                      len, w->regions);
  }
  return 0;
}

int word_check(const struct wordfn *w, const struct names *list, unsigned *max_hash,
               struct diag *d) {
  size_t min, max;
  char q[ASCII_QUOTED];
  names_lengths(list, &min, &max);
  if (check_regions(w, max, d) != 0)
    return -1;
  unsigned char *used = calloc(w->slots, 1);
  if (used == NULL)
    return diag_oom(d);
  for (size_t i = 0; i < list->n; i++) {
    const struct name *nm = &list->v[i];
    size_t at = word_slot(w, key_of(list, i, w->middle), nm->len), steps = 0;
    while (at != w->slot_of[i] && at != 0 && steps++ < w->slots)
      at = w->next[at];
    if (at != w->slot_of[i] || at == 0 || at >= w->slots || used[at]++) {
      free(used);
      return diag_set(d,
                      "hhn-gen: error: internal: the word hash does not find %s (line %d); "
                      "please report it",
                      ascii_quote(q, nm->text, nm->len), nm->line);
    }
  }
  free(used);
  if (w->lower_folds != lower_folds(list, w->middle))
    return diag_set(d, "hhn-gen: error: internal: the word hash's case rule is wrong; please "
                       "report it");
  *max_hash = (unsigned)(w->slots - 1);
  return 0;
}

void word_free(struct wordfn *w) {
  free(w->slot_of);
  free(w->next);
  w->slot_of = NULL, w->next = NULL;
}
