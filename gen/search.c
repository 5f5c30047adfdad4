/* search.c: the search for the bytes that the hash reads, and the hash made from them with
   gperf's values (see search.h). */
#include "search.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "gperf.h"

/* One search: the list, how its lengths go into synthetic keys, and scratch space for telling
   the names apart (a key of up to HASHFN_MAX_TERMS + 1 bytes for each name, and two row
   indexes for each). */
struct search {
  const struct names *list;
  int len_offset; /* added to the length in a synthetic key: see length_offset */
  unsigned char *keys;
  size_t *order;
};

/* === synthetic keys ============================================================================
 */

/* Whether the bytes a and b are taken as one by gperf --ignore-case: the same letter. */
static int fold_together(int a, int b) {
  return a != b && (a | 0x20) == (b | 0x20) && (a | 0x20) >= 'a' && (a | 0x20) <= 'z';
}

/* The offset added to the length in a synthetic key, so that no two lengths of the list fold
   together under gperf's --ignore-case (as a key byte, a length of 65 to 90 is a letter 'A'
   to 'Z', which gperf takes for 'a' to 'z', lengths 97 to 122): the smallest that does, with
   every key byte under 256; or 0 if none does (then the search fails and the hash is gperf's
   own, which adds the length itself). */
static int length_offset(const struct names *list) {
  size_t min_len, max_len;
  unsigned char have[NAMES_MAX_LENGTH + 1] = {0};
  names_lengths(list, &min_len, &max_len);
  for (size_t i = 0; i < list->n; i++)
    have[list->v[i].len] = 1;
  for (int k = 0; (size_t)k + max_len <= 255; k++) {
    int folds = 0;
    for (int len = 1; len + 32 <= NAMES_MAX_LENGTH && !folds; len++)
      folds = have[len] && have[len + 32] && fold_together(len + k, len + 32 + k);
    if (!folds)
      return k;
  }
  return 0;
}

/* Writes the synthetic key of a name for the terms t[0..k): its length (plus the length
   offset), then the byte that each term reads (clamped into the name), letters in lowercase. */
static void synthetic_key(const struct search *s, const struct name *nm, const struct term *t,
                          int k, const unsigned char *len_byte, unsigned char *key) {
  key[0] = (unsigned char)(nm->len + (size_t)s->len_offset);
  for (int j = 0; j < k; j++) {
    unsigned char c = (unsigned char)nm->text[term_index(&t[j], len_byte, nm->len, 1)];
    key[j + 1] = c >= 'A' && c <= 'Z' ? c + 32 : c;
  }
}

/* Keys of a list being compared: rows of `width` bytes. */
static const unsigned char *sort_keys;
static size_t sort_width;
static int by_key(const void *a, const void *b) {
  size_t x = *(const size_t *)a, y = *(const size_t *)b;
  int d = memcmp(sort_keys + x * sort_width, sort_keys + y * sort_width, sort_width);
  return d ? d : (x > y) - (x < y);
}

/* Sorts rows[0..n), indexes of rows of w bytes in keys, and returns the place of the first
   of two equal rows in it, or n if all differ. */
static size_t find_equal_rows(const unsigned char *keys, size_t w, size_t *rows, size_t n) {
  sort_keys = keys;
  sort_width = w;
  qsort(rows, n, sizeof *rows, by_key);
  for (size_t i = 1; i < n; i++)
    if (memcmp(keys + rows[i - 1] * w, keys + rows[i] * w, w) == 0)
      return i - 1;
  return n;
}

/* Whether the synthetic keys of the terms t[0..k) tell every name of the list apart; if not,
   stores two names they do not tell apart in *a and *b. */
static int distinct(const struct search *s, const struct term *t, int k,
                    const unsigned char *len_byte, size_t *a, size_t *b) {
  const struct names *list = s->list;
  size_t w = (size_t)k + 1;
  for (size_t i = 0; i < list->n; i++) {
    synthetic_key(s, &list->v[i], t, k, len_byte, s->keys + i * w);
    s->order[i] = i;
  }
  size_t i = find_equal_rows(s->keys, w, s->order, list->n);
  if (i == list->n)
    return 1;
  *a = s->order[i];
  *b = s->order[i + 1];
  return 0;
}

/* Of the bytes 0..len-1 of the names list->v[group[0..n)] (all of length len), the one that,
   read as the last of the terms t[0..k), tells them apart with the other terms and has the
   most different values (then the first); -1 if none does. */
static int best_len_byte(const struct search *s, const struct term *t, int k, size_t len,
                         size_t *group, size_t n, unsigned char *len_byte) {
  size_t w = (size_t)k + 1, *rows = group + n; /* the group's rows, kept after it */
  int best = -1, best_values = 0;
  for (size_t p = 0; p < len; p++) {
    unsigned char seen[256] = {0};
    int values = 0;
    len_byte[len] = (unsigned char)p;
    for (size_t g = 0; g < n; g++) {
      synthetic_key(s, &s->list->v[group[g]], t, k, len_byte, s->keys + g * w);
      values += !seen[s->keys[g * w + w - 1]]++;
    }
    if (values <= best_values)
      continue;
    for (size_t r = 0; r < n; r++)
      rows[r] = r;
    if (find_equal_rows(s->keys, w, rows, n) == n)
      best = (int)p, best_values = values;
  }
  return best;
}

/* Chooses len_byte[len] for each length of the list, for the per-length term that ends the
   terms t[0..k): see best_len_byte. Returns 0 if some length has no such byte. */
static int choose_len_bytes(const struct search *s, const struct term *t, int k,
                            unsigned char *len_byte) {
  const struct names *list = s->list;
  memset(len_byte, 0, NAMES_MAX_LENGTH + 1);
  for (size_t len = 1; len <= NAMES_MAX_LENGTH; len++) {
    size_t n = 0;
    for (size_t i = 0; i < list->n; i++)
      if (list->v[i].len == len)
        s->order[n++] = i;
    if (n == 0)
      continue;
    int best = best_len_byte(s, t, k, len, s->order, n, len_byte);
    if (best < 0)
      return 0;
    len_byte[len] = (unsigned char)best;
  }
  return 1;
}

/* === a hash from a set of terms ================================================================
 */

/* Asks gperf for values that make the synthetic keys of the terms t[0..k) a perfect hash, and
   checks the result on the names. Returns GPERF_SOLVED, or another result with d set. */
static enum gperf_result solve(const struct search *s, const struct term *t, int k,
                               const unsigned char *len_byte, enum hash_origin origin,
                               struct hashfn *out, struct diag *d) {
  const struct names *list = s->list;
  struct gperf_input in;
  unsigned char key[HASHFN_MAX_TERMS + 1];
  static struct hashfn parsed;
  if (gperf_input_start(&in, GPERF_SYNTHETIC, list->n, (size_t)k + 1, d) != 0)
    return GPERF_BROKEN;
  for (size_t i = 0; i < list->n; i++) {
    synthetic_key(s, &list->v[i], t, k, len_byte, key);
    gperf_input_add(&in, key, (size_t)k + 1);
  }
  enum gperf_result res = gperf_run(&in, &parsed, d);
  gperf_input_free(&in);
  if (res != GPERF_SOLVED)
    return res;
  memset(out, 0, sizeof *out);
  out->origin = origin;
  memcpy(out->asso, parsed.asso, sizeof out->asso);
  out->nasso = parsed.nasso;
  memcpy(out->len_byte, len_byte, sizeof out->len_byte);
  for (int i = 0; i < parsed.nterms; i++) { /* key byte 0 is the length, byte j term j - 1 */
    const struct term *g = &parsed.term[i];
    int j = g->kind == TERM_FROM_END ? k + 1 - g->at : g->at;
    if (j < 0 || j > k) {
      diag_set(d, "hhn-gen: error: gperf's hash reads byte %d of keys of %d bytes", j + 1, k + 1);
      return GPERF_UNSOLVED;
    }
    out->term[out->nterms] = j == 0 ? (struct term){TERM_LENGTH, 0, s->len_offset} : t[j - 1];
    out->term[out->nterms++].inc += g->inc;
  }
  hashfn_order_terms(out);
  if (hashfn_check(out, list, d) == 0)
    return GPERF_SOLVED;
  return d->out_of_memory ? GPERF_BROKEN : GPERF_UNSOLVED;
}

/* gperf's own hash of the names themselves, for lists that no searched set fits. */
static int gperf_hash(const struct names *list, struct hashfn *out, struct diag *d) {
  struct gperf_input in;
  if (gperf_input_start(&in, GPERF_NAMES, list->n, NAMES_MAX_LENGTH, d) != 0)
    return -1;
  for (size_t i = 0; i < list->n; i++)
    gperf_input_add(&in, (const unsigned char *)list->v[i].text, list->v[i].len);
  enum gperf_result res = gperf_run(&in, out, d);
  gperf_input_free(&in);
  if (res != GPERF_SOLVED)
    return -1;
  return hashfn_check(out, list, d);
}

/* === --key-positions ===========================================================================
 */

/* Parses --key-positions (N, N-M, $ and $-N, comma-separated) into the terms t[0..max);
   returns how many, or -1. */
static int parse_positions(const char *s, struct term *t, int max) {
  int k = 0;
  while (*s) {
    char *end;
    long a, b; /* the range, as 0-based indexes, or as -1 for the last byte, -2 ... */
    if (*s == '$') {
      a = b = -1;
      if (*++s == '-') {
        b = a = -1 - strtol(s + 1, &end, 10);
        if (end == s + 1 || a < -NAMES_MAX_LENGTH)
          return -1;
        s = end;
      }
    } else {
      a = b = strtol(s, &end, 10);
      if (end == s || a < 1 || a > NAMES_MAX_LENGTH)
        return -1;
      s = end;
      if (*s == '-') {
        b = strtol(s + 1, &end, 10);
        if (end == s + 1 || b < a || b > NAMES_MAX_LENGTH)
          return -1;
        s = end;
      }
      a--, b--;
    }
    for (long p = a; p <= b; p++) {
      struct term n = {p >= 0 ? TERM_FROM_START : TERM_FROM_END, (int)(p >= 0 ? p : -p), 0};
      for (int i = 0; i < k; i++)
        if (t[i].kind == n.kind && t[i].at == n.at)
          return -1;
      if (k == max)
        return -1;
      t[k++] = n;
    }
    if (*s == ',')
      s++;
    else if (*s != '\0')
      return -1;
  }
  return k;
}

/* The hash of the positions of --key-positions. */
static int given_hash(const struct search *s, const char *key_positions, struct hashfn *out,
                      struct diag *d) {
  const struct names *list = s->list;
  struct term t[HASHFN_MAX_TERMS - 1];
  static const unsigned char no_len_byte[NAMES_MAX_LENGTH + 1];
  size_t a, b;
  int k = parse_positions(key_positions, t, HASHFN_MAX_TERMS - 1);
  if (k <= 0)
    return diag_set(d, "hhn-gen: error: cannot read key positions '%s' (1,2-4,$,$-1)",
                    key_positions);
  if (!distinct(s, t, k, no_len_byte, &a, &b))
    return diag_set(d,
                    "hhn-gen: error: key positions %s do not tell '%s' (line %d) from '%s' "
                    "(line %d)",
                    key_positions, list->v[a].text, list->v[a].line, list->v[b].text,
                    list->v[b].line);
  return solve(s, t, k, no_len_byte, HASH_GIVEN, out, d) == GPERF_SOLVED ? 0 : -1;
}

/* === the search ================================================================================
 */

/* One set of the search: its terms (the last may be TERM_PER_LENGTH) and their cost. */
struct candidate {
  struct term term[SEARCH_MAX_POSITIONS + 1];
  int k, cost;
};

/* Orders candidates by cost, then by how many bytes they read, then by their positions, so
   that the search is deterministic. */
static int by_cost(const void *a, const void *b) {
  const struct candidate *x = a, *y = b;
  if (x->cost != y->cost)
    return (x->cost > y->cost) - (x->cost < y->cost);
  if (x->k != y->k)
    return (x->k > y->k) - (x->k < y->k);
  for (int i = 0; i < x->k; i++)
    if (term_rank(&x->term[i]) != term_rank(&y->term[i]))
      return term_rank(&x->term[i]) < term_rank(&y->term[i]) ? -1 : 1;
  return 0;
}

/* The candidates found so far. */
struct candidates {
  struct candidate *v;
  size_t n, cap;
  int best; /* the cost of the cheapest: k positions cost at least k */
};

/* Appends c; returns 0, or -1 if out of memory. */
static int add_candidate(struct candidates *cs, const struct candidate *c) {
  if (cs->n == cs->cap) {
    struct candidate *more = realloc(cs->v, (cs->cap = cs->cap ? 2 * cs->cap : 64) * sizeof *more);
    if (more == NULL)
      return -1;
    cs->v = more;
  }
  cs->v[cs->n++] = *c;
  cs->best = c->cost < cs->best ? c->cost : cs->best;
  return 0;
}

/* Adds the set c if it tells the names apart, and the same set with a per-length byte if
   that does and could be as cheap as the best. Returns 0, or -1 if out of memory. */
static int consider(const struct search *s, struct candidate c, struct candidates *cs) {
  static unsigned char len_byte[NAMES_MAX_LENGTH + 1];
  size_t a, b;
  if (distinct(s, c.term, c.k, len_byte, &a, &b) && add_candidate(cs, &c) != 0)
    return -1;
  if (c.k > SEARCH_MAX_WITH_PER_LENGTH || c.cost + 2 > cs->best)
    return 0;
  c.term[c.k++] = (struct term){TERM_PER_LENGTH, 0, 0};
  c.cost += 2;
  if (choose_len_bytes(s, c.term, c.k, len_byte) && add_candidate(cs, &c) != 0)
    return -1;
  return 0;
}

/* Moves idx[0..k) to the next k-subset of 0..n-1 in lexicographic order; 0 after the last. */
static int next_subset(int *idx, int k, int n) {
  int i = k - 1;
  while (i >= 0 && idx[i] == n - k + i)
    i--;
  if (i < 0)
    return 0;
  idx[i]++;
  for (int j = i + 1; j < k; j++)
    idx[j] = idx[j - 1] + 1;
  return 1;
}

/* Every set of 0 to SEARCH_MAX_POSITIONS of the first and last SEARCH_EDGE positions that
   tells the names apart, alone or with a per-length byte, up to the size where no larger set
   can be cheaper. Returns 0, or -1 with d set. */
static int enumerate(const struct search *s, struct candidates *cs, struct diag *d) {
  const struct names *list = s->list;
  size_t min_len, max_len;
  struct term all[2 * SEARCH_EDGE];
  int nall = 0;
  names_lengths(list, &min_len, &max_len);
  for (int p = 0; p < SEARCH_EDGE && (size_t)p < max_len; p++)
    all[nall++] = (struct term){TERM_FROM_START, p, 0};
  for (int q = 1; q <= SEARCH_EDGE && (size_t)q <= max_len; q++)
    all[nall++] = (struct term){TERM_FROM_END, q, 0};
  cs->best = INT_MAX;
  for (int k = 0; k <= SEARCH_MAX_POSITIONS && k <= cs->best && k <= nall; k++) {
    int idx[SEARCH_MAX_POSITIONS];
    for (int i = 0; i < k; i++)
      idx[i] = i;
    do {
      struct candidate c = {.k = k};
      for (int i = 0; i < k; i++) {
        c.term[i] = all[idx[i]];
        c.cost += term_cost(&c.term[i], min_len);
      }
      if (consider(s, c, cs) != 0)
        return diag_oom(d);
    } while (next_subset(idx, k, nall));
  }
  return 0;
}

/* Gives gperf the cheapest candidates; of up to SEARCH_MAX_SOLVED that it solves at the
   cheapest cost it can, keeps the one with the smallest table. Returns GPERF_SOLVED, or
   another result with d set (the last failure). */
static enum gperf_result try_candidates(const struct search *s, struct candidates *cs,
                                        struct hashfn *out, struct diag *d) {
  static struct hashfn trial;
  unsigned char len_byte[NAMES_MAX_LENGTH + 1] = {0};
  enum gperf_result res = GPERF_UNSOLVED, found = GPERF_UNSOLVED;
  int tried = 0, found_cost = 0;
  qsort(cs->v, cs->n, sizeof *cs->v, by_cost);
  diag_set(d, "hhn-gen: error: no set of positions tells the names apart");
  for (size_t i = 0; i < cs->n && tried < SEARCH_MAX_TRIES; i++) {
    const struct candidate *c = &cs->v[i];
    if (found == GPERF_SOLVED && (c->cost > found_cost || tried >= SEARCH_MAX_SOLVED))
      break;
    tried++;
    if (c->k > 0 && c->term[c->k - 1].kind == TERM_PER_LENGTH)
      choose_len_bytes(s, c->term, c->k, len_byte); /* as when the set was found */
    else
      memset(len_byte, 0, sizeof len_byte);
    if ((res = solve(s, c->term, c->k, len_byte, HASH_SEARCHED, &trial, d)) == GPERF_BROKEN)
      return res;
    if (res == GPERF_SOLVED && (found != GPERF_SOLVED || trial.max_hash < out->max_hash)) {
      *out = trial;
      found_cost = c->cost;
      found = GPERF_SOLVED;
    }
  }
  out->tried = tried;
  return found;
}

int search_hash(const struct names *list, const char *key_positions, struct hashfn *out,
                struct diag *d) {
  struct search s = {list, length_offset(list), malloc(list->n * (HASHFN_MAX_TERMS + 1)),
                     malloc(2 * list->n * sizeof(size_t))};
  struct candidates cs = {NULL, 0, 0, INT_MAX};
  int rc = -1;
  if (s.keys == NULL || s.order == NULL) {
    diag_oom(d);
  } else if (key_positions != NULL) {
    rc = given_hash(&s, key_positions, out, d);
  } else if (enumerate(&s, &cs, d) == 0) {
    enum gperf_result res = try_candidates(&s, &cs, out, d);
    if (res == GPERF_SOLVED)
      rc = 0;
    else if (res == GPERF_UNSOLVED)
      rc = gperf_hash(list, out, d);
  }
  free(cs.v);
  free(s.order);
  free(s.keys);
  return rc;
}
