/* hashfn.c: the terms of a hash, the hash of a name, and the checks on a hash (see hashfn.h). */
#include "hashfn.h"

#include "word.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int hashfn_clamps(const struct hashfn *h) { return h->origin != HASH_GPERF; }

long term_index(const struct term *t, const unsigned char *len_byte, size_t len, int clamp) {
  switch (t->kind) {
  case TERM_LENGTH:
    return -1;
  case TERM_PER_LENGTH:
    return len_byte[len];
  case TERM_FROM_START:
    return (size_t)t->at < len ? t->at : clamp ? (long)len - 1 : -1;
  case TERM_FROM_END:
    return (size_t)t->at <= len ? (long)len - t->at : clamp ? 0 : -1;
  }
  return -1;
}

int term_in_every_name(const struct term *t, size_t min_len) {
  switch (t->kind) {
  case TERM_FROM_START:
    return (size_t)t->at < min_len;
  case TERM_FROM_END:
    return (size_t)t->at <= min_len;
  default:
    return 1;
  }
}

int term_cost(const struct term *t, size_t min_len) {
  if (t->kind == TERM_LENGTH)
    return 0;
  if (t->kind == TERM_PER_LENGTH)
    return 2;
  return term_in_every_name(t, min_len) ? 1 : 3;
}

long term_rank(const struct term *t) {
  switch (t->kind) {
  case TERM_LENGTH:
    return -1;
  case TERM_FROM_START:
    return t->at;
  case TERM_FROM_END:
    return 1000L + t->at;
  case TERM_PER_LENGTH:
    break;
  }
  return 100000L;
}

void hashfn_order_terms(struct hashfn *h) {
  for (int i = 1; i < h->nterms; i++)
    for (int j = i; j > 0 && term_rank(&h->term[j]) < term_rank(&h->term[j - 1]); j--) {
      struct term t = h->term[j];
      h->term[j] = h->term[j - 1];
      h->term[j - 1] = t;
    }
}

uint32_t hashfn_sum(const struct hashfn *h, const unsigned char *s, size_t len) {
  uint32_t v = hashfn_clamps(h) ? 0 : (uint32_t)len;
  for (int i = 0; i < h->nterms; i++) {
    const struct term *t = &h->term[i];
    if (t->kind == TERM_LENGTH) {
      v += h->asso[len + t->inc];
      continue;
    }
    long at = term_index(t, h->len_byte, len, hashfn_clamps(h));
    if (at >= 0)
      v += h->asso[s[at] + t->inc];
  }
  return v;
}

unsigned hashfn_apply(const struct hashfn *h, const unsigned char *s, size_t len) {
  if (h->origin == HASH_WORD)
    return (unsigned)word_slot(&h->word, word_key(s, len, 1, h->word.middle), len);
  uint32_t v = hashfn_sum(h, s, len);
  const struct displacement *dis = &h->dis;
  if (dis->bucket_bits == 0)
    return v;
  v += dis->disp[v >> (32 - dis->bucket_bits)];
  return v & ((1u << dis->slot_bits) - 1);
}

void hashfn_free(struct hashfn *h) {
  word_free(&h->word);
  free(h->dis.disp);
  memset(&h->dis, 0, sizeof h->dis);
}

/* Checks that every index h can make of a name of up to max_len bytes lies in its values.
   Returns 0, or -1 with the failure in d. */
static int check_range(const struct hashfn *h, size_t max_len, struct diag *d) {
  for (int i = 0; i < h->nterms; i++) {
    const struct term *t = &h->term[i];
    long top = (t->kind == TERM_LENGTH ? (long)max_len : 255) + t->inc;
    if (t->inc < 0 || top >= h->nasso)
      return diag_set(d, "hhn-gen: error: gperf's table has %d associated values; %s need %ld",
                      h->nasso, t->kind == TERM_LENGTH ? "lengths" : "bytes", top + 1);
  }
  return 0;
}

/* Checks that wherever a name has a letter, its two cases share a value, so that the name
   spelt in any case hashes alike. (Elsewhere a letter may take any value: an input with it
   there is no name. gperf leaves such letters apart when an increment moves them off the bytes
   it was given.) Returns 0, or -1 with the failure in d. */
static int check_case(const struct hashfn *h, const struct names *list, struct diag *d) {
  for (size_t j = 0; j < list->n; j++)
    for (int i = 0; i < h->nterms; i++) {
      const struct name *nm = &list->v[j];
      const struct term *t = &h->term[i];
      long at = term_index(t, h->len_byte, nm->len, hashfn_clamps(h));
      int c = at < 0 ? 0 : ascii_lower((unsigned char)nm->text[at]), up = ascii_upper(c);
      char q[ASCII_QUOTED];
      if (c != up && h->asso[c + t->inc] != h->asso[up + t->inc])
        return diag_set(d, "hhn-gen: error: gperf's hash tells '%c' from '%c' in %s", c, up,
                        ascii_quote(q, nm->text, nm->len));
    }
  return 0;
}

/* Orders (hash, id) pairs by hash. */
static int by_hash(const void *a, const void *b) {
  const unsigned *x = a, *y = b;
  return x[0] < y[0] ? -1 : x[0] > y[0];
}

int hashfn_check(struct hashfn *h, const struct names *list, struct diag *d) {
  size_t min_len, max_len;
  if (h->origin == HASH_WORD)
    return word_check(&h->word, list, &h->max_hash, d);
  names_lengths(list, &min_len, &max_len);
  if (check_range(h, max_len, d) != 0 || check_case(h, list, d) != 0)
    return -1;
  unsigned(*pairs)[2] = malloc(list->n * sizeof *pairs);
  if (pairs == NULL)
    return diag_oom(d);
  h->max_hash = 0;
  for (size_t i = 0; i < list->n; i++) {
    pairs[i][0] = hashfn_apply(h, (const unsigned char *)list->v[i].text, list->v[i].len);
    pairs[i][1] = (unsigned)i;
    h->max_hash = pairs[i][0] > h->max_hash ? pairs[i][0] : h->max_hash;
  }
  qsort(pairs, list->n, sizeof *pairs, by_hash);
  for (size_t i = 1; i < list->n; i++)
    if (pairs[i][0] == pairs[i - 1][0]) {
      const struct name *a = &list->v[pairs[i - 1][1]], *b = &list->v[pairs[i][1]];
      char qa[ASCII_QUOTED], qb[ASCII_QUOTED];
      diag_set(d, "hhn-gen: error: %s (line %d) and %s (line %d) have the same hash %u",
               ascii_quote(qa, a->text, a->len), a->line, ascii_quote(qb, b->text, b->len), b->line,
               pairs[i][0]);
      free(pairs);
      return -1;
    }
  free(pairs);
  return 0;
}

int hashfn_per_length(const struct hashfn *h) {
  for (int i = 0; i < h->nterms; i++)
    if (h->term[i].kind == TERM_PER_LENGTH)
      return 1;
  return 0;
}

int hashfn_byte_terms(const struct hashfn *h) {
  int n = 0;
  for (int i = 0; i < h->nterms; i++)
    n += h->term[i].kind != TERM_LENGTH;
  return n;
}

int hashfn_cost(const struct hashfn *h, const struct names *list) {
  size_t min_len, max_len;
  int cost = 0;
  names_lengths(list, &min_len, &max_len);
  for (int i = 0; i < h->nterms; i++)
    cost += term_cost(&h->term[i], min_len);
  return cost;
}
