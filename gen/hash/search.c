/* search.c: the search for the bytes that the hash reads, and the hash made from them with
   gperf's values or hhn-gen's own (see search.h). */
#include "search.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "displace.h"
#include "gperf.h"
#include "progress.h"

/* === Sets of keys ============================================================================= */

/* A set of 64-bit keys, each with the name it came from: open addressing, emptied in O(1) by
   a new stamp. */
struct keyset {
  uint64_t *key;
  uint32_t *stamp, *who;
  size_t mask;
  uint32_t now;
};

/* Makes a set for n keys; returns 0, or -1 if out of memory. */
static int keyset_init(struct keyset *ks, size_t n) {
  size_t size = 16;
  while (size < 2 * n)
    size *= 2;
  ks->key = malloc(size * sizeof *ks->key);
  ks->stamp = calloc(size, sizeof *ks->stamp);
  ks->who = malloc(size * sizeof *ks->who);
  ks->mask = size - 1;
  ks->now = 0;
  return ks->key && ks->stamp && ks->who ? 0 : -1;
}

static void keyset_free(struct keyset *ks) { free(ks->key), free(ks->stamp), free(ks->who); }

/* Empties the set. */
static void keyset_clear(struct keyset *ks) {
  if (++ks->now == 0) { /* the stamps wrapped around: clear them once in 2^32 */
    memset(ks->stamp, 0, (ks->mask + 1) * sizeof *ks->stamp);
    ks->now = 1;
  }
}

/* Adds key from name `who`; returns 1 and the earlier name in *other if the key is there. */
static int keyset_add(struct keyset *ks, uint64_t key, size_t who, size_t *other) {
  size_t i = (size_t)((key * 0x9E3779B97F4A7C15ULL) >> 32) & ks->mask;
  for (; ks->stamp[i] == ks->now; i = (i + 1) & ks->mask)
    if (ks->key[i] == key) {
      *other = ks->who[i];
      return 1;
    }
  ks->stamp[i] = ks->now, ks->key[i] = key, ks->who[i] = (uint32_t)who;
  return 0;
}

/* === The state of a search =================================================================== */

/* A set of terms, and the bytes a per-length term reads. */
struct terms {
  struct term t[HASHFN_MAX_TERMS];
  int k;
  unsigned char len_byte[NAMES_MAX_LENGTH + 1];
};

/* One set of the search: its terms (the last may be TERM_PER_LENGTH) and their cost. */
struct candidate {
  struct term term[SEARCH_MAX_POSITIONS + 1];
  int k, cost;
};

/* The cheapest SEARCH_MAX_TRIES sets found so far, cheapest first. */
struct candidates {
  struct candidate v[SEARCH_MAX_TRIES];
  int n;
  size_t sets, tried; /* sets to try in all (a bound), and tried so far: for progress notes */
};

/* A gperf run of the search: which candidate it is for, and its result once decided. */
struct run {
  struct gperf_job job;
  int cand; /* -1: no run */
  struct terms ts;
};

/* One search: the list, how its lengths go into synthetic keys, its names by length, a set of
   keys for telling them apart, and the sets, runs and hashes it works on (malloc'd: a hash is
   9 KB). */
struct search {
  const struct names *list;
  int len_offset; /* added to the length in a synthetic key: see length_offset */
  size_t *by_len; /* the names, by length */
  size_t at_len[NAMES_MAX_LENGTH + 2]; /* where the names of each length begin in by_len */
  struct keyset ks;
  struct candidates cs;                         /* the cheapest sets found */
  struct terms ts;                              /* the terms of the hash being made */
  unsigned char len_byte[NAMES_MAX_LENGTH + 1]; /* the per-length bytes of a set considered */
  struct run runs[SEARCH_GPERF_JOBS];           /* gperf's runs */
  struct hashfn parsed, trial;                  /* what a run gave, and the hash it makes */
  struct diag failure;                          /* the first run that failed, if one did */
  int failed, warned;                           /* whether one did, and whether that was said */
};

/* === Synthetic keys =========================================================================== */

/* Whether the bytes a and b are taken as one by gperf --ignore-case: the same letter. */
static int fold_together(int a, int b) { return a != b && ascii_lower(a) == ascii_lower(b); }

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

/* The byte that term t reads of a name, clamped into it, a letter in lowercase. */
static unsigned char key_byte(const struct name *nm, const struct term *t,
                              const unsigned char *len_byte) {
  return (unsigned char)ascii_lower((unsigned char)nm->text[term_index(t, len_byte, nm->len, 1)]);
}

/* Writes the synthetic key of a name for the terms t[0..k): its length (plus the length
   offset), then the byte that each term reads. */
static void synthetic_key(const struct search *s, const struct name *nm, const struct term *t,
                          int k, const unsigned char *len_byte, unsigned char *key) {
  key[0] = (unsigned char)(nm->len + (size_t)s->len_offset);
  for (int j = 0; j < k; j++)
    key[j + 1] = key_byte(nm, &t[j], len_byte);
}

/* One step of FNV-1a, which mixes each byte in before the next: no two keys of up to 7 terms,
   and no structure of longer ones, fold together. */
static uint64_t mix(uint64_t key, unsigned byte) { return (key ^ byte) * 0x100000001B3ULL; }

/* The synthetic key in 64 bits: its bytes, for up to 7 terms; else a hash of them, the length
   first (two keys with the same hash are taken for equal, which only ever makes a set look
   worse; given positions are checked exactly, by exactly_distinct). */
static uint64_t packed_key(const struct name *nm, const struct term *t, int k,
                           const unsigned char *len_byte) {
  uint64_t key = k <= 7 ? nm->len : mix(0xCBF29CE484222325ULL, (unsigned)nm->len);
  for (int j = 0; j < k; j++)
    if (k <= 7)
      key |= (uint64_t)key_byte(nm, &t[j], len_byte) << (8 * (j + 1));
    else
      key = mix(key, key_byte(nm, &t[j], len_byte));
  return key;
}

/* Whether the synthetic keys of the terms t[0..k) tell every name of the list apart; if not,
   stores two names they do not tell apart in *a and *b. */
static int distinct(struct search *s, const struct term *t, int k, const unsigned char *len_byte,
                    size_t *a, size_t *b) {
  keyset_clear(&s->ks);
  for (size_t i = 0; i < s->list->n; i++)
    if (keyset_add(&s->ks, packed_key(&s->list->v[i], t, k, len_byte), i, a)) {
      *b = i;
      return 0;
    }
  return 1;
}

/* Of the bytes 0..len-1 of the n names of length len, the one that, read as the last of the
   terms t[0..k), tells them apart with the other terms and has the most different values (then
   the first); -1 if none does. */
static int best_len_byte(struct search *s, const struct term *t, int k, size_t len,
                         unsigned char *len_byte) {
  const size_t *group = s->by_len + s->at_len[len];
  size_t n = s->at_len[len + 1] - s->at_len[len], other;
  int best = -1, best_values = 0;
  for (size_t p = 0; p < len; p++) {
    unsigned char seen[256] = {0};
    int values = 0;
    len_byte[len] = (unsigned char)p;
    for (size_t g = 0; g < n; g++)
      values += !seen[key_byte(&s->list->v[group[g]], &t[k - 1], len_byte)]++;
    if (values <= best_values)
      continue;
    size_t g = 0;
    keyset_clear(&s->ks);
    while (g < n &&
           !keyset_add(&s->ks, packed_key(&s->list->v[group[g]], t, k, len_byte), g, &other))
      g++;
    if (g == n)
      best = (int)p, best_values = values;
  }
  return best;
}

/* Chooses len_byte[len] for each length of the list, for the per-length term that ends the
   terms t[0..k): see best_len_byte. Returns 0 if some length has no such byte. */
static int choose_len_bytes(struct search *s, const struct term *t, int k,
                            unsigned char *len_byte) {
  memset(len_byte, 0, NAMES_MAX_LENGTH + 1);
  for (size_t len = 1; len <= NAMES_MAX_LENGTH; len++) {
    if (s->at_len[len + 1] == s->at_len[len])
      continue;
    int best = best_len_byte(s, t, k, len, len_byte);
    if (best < 0)
      return 0;
    len_byte[len] = (unsigned char)best;
  }
  return 1;
}

/* Sorts the list's names by length into s->by_len (a counting sort). */
static void sort_by_length(struct search *s) {
  memset(s->at_len, 0, sizeof s->at_len);
  for (size_t i = 0; i < s->list->n; i++)
    s->at_len[s->list->v[i].len + 1]++;
  for (size_t len = 1; len <= NAMES_MAX_LENGTH + 1; len++)
    s->at_len[len] += s->at_len[len - 1];
  size_t next[NAMES_MAX_LENGTH + 1];
  memcpy(next, s->at_len, sizeof next);
  for (size_t i = 0; i < s->list->n; i++)
    s->by_len[next[s->list->v[i].len]++] = i;
}

/* === A hash from a set of terms =============================================================== */

/* Starts gperf on the synthetic keys of the terms, with `iterations`. */
static enum gperf_result start_gperf(const struct search *s, const struct terms *ts, int iterations,
                                     struct gperf_job *job, struct diag *d) {
  struct gperf_input in;
  unsigned char key[HASHFN_MAX_TERMS + 1];
  if (gperf_input_start(&in, GPERF_SYNTHETIC, s->list->n, (size_t)ts->k + 1, d) != 0)
    return GPERF_BROKEN;
  for (size_t i = 0; i < s->list->n; i++) {
    synthetic_key(s, &s->list->v[i], ts->t, ts->k, ts->len_byte, key);
    gperf_input_add(&in, key, (size_t)ts->k + 1);
  }
  enum gperf_result res = gperf_start(job, &in, iterations, d);
  gperf_input_free(&in);
  return res;
}

/* Reads the values of an ended gperf job on the terms' synthetic keys into a hash of the
   terms, and checks it on the names. Returns GPERF_SOLVED, or another result with d set. */
static enum gperf_result finish_gperf(struct search *s, const struct terms *ts,
                                      enum hash_origin origin, struct gperf_job *job,
                                      struct hashfn *out, struct diag *d) {
  struct hashfn *parsed = &s->parsed;
  enum gperf_result res = gperf_finish(job, parsed, d);
  if (res != GPERF_SOLVED)
    return res;
  memset(out, 0, sizeof *out);
  out->origin = origin;
  memcpy(out->asso, parsed->asso, sizeof out->asso);
  out->nasso = parsed->nasso;
  memcpy(out->len_byte, ts->len_byte, sizeof out->len_byte);
  for (int i = 0; i < parsed->nterms; i++) { /* key byte 0 is the length, byte j term j - 1 */
    const struct term *g = &parsed->term[i];
    int j = g->kind == TERM_FROM_END ? ts->k + 1 - g->at : g->at;
    if (j < 0 || j > ts->k) {
      diag_set(d, "hhn-gen: error: gperf's hash reads byte %d of keys of %d bytes", j + 1,
               ts->k + 1);
      return GPERF_UNSOLVED;
    }
    out->term[out->nterms] = j == 0 ? (struct term){TERM_LENGTH, 0, s->len_offset} : ts->t[j - 1];
    out->term[out->nterms++].inc += g->inc;
  }
  hashfn_order_terms(out);
  if (hashfn_check(out, s->list, d) == 0)
    return GPERF_SOLVED;
  return d->out_of_memory ? GPERF_BROKEN : GPERF_UNSOLVED;
}

/* Says, once a search, that gperf failed (d holds how) and that the values are hhn-gen's
   own. */
static void warn_failed(struct search *s, const struct diag *d) {
  const char *why = strncmp(d->msg, "hhn-gen: error: ", 16) ? d->msg : d->msg + 16;
  if (!s->warned++)
    progress_warn("%s; the values are hhn-gen's own", why);
}

/* gperf's own hash of the names themselves, for small lists that no searched set fits; returns
   GPERF_SOLVED, or another result with d set. */
static enum gperf_result gperf_hash(const struct names *list, struct hashfn *out, struct diag *d) {
  struct gperf_input in;
  if (gperf_input_start(&in, GPERF_NAMES, list->n, NAMES_MAX_LENGTH, d) != 0)
    return GPERF_BROKEN;
  for (size_t i = 0; i < list->n; i++)
    gperf_input_add(&in, (const unsigned char *)list->v[i].text, list->v[i].len);
  enum gperf_result res = gperf_run(&in, 1, SEARCH_GPERF_SECONDS, out, d);
  gperf_input_free(&in);
  if (res != GPERF_SOLVED)
    return res;
  if (hashfn_check(out, list, d) == 0)
    return GPERF_SOLVED;
  return d->out_of_memory ? GPERF_BROKEN : GPERF_UNSOLVED;
}

/* The values of a hash of the terms: gperf's for a small list, if it finds them in time, else
   hhn-gen's own. */
static int hash_of(struct search *s, const struct terms *ts, enum hash_origin origin,
                   struct hashfn *out, struct diag *d) {
  struct gperf_job job;
  enum gperf_result res = GPERF_UNSOLVED;
  if (s->list->n <= SEARCH_GPERF_LIST) {
    if (start_gperf(s, ts, SEARCH_GPERF_ITERATIONS, &job, d) != GPERF_STARTED)
      return -1;
    if (gperf_wait(&job, 1, progress_elapsed() + SEARCH_GPERF_SECONDS) < 0)
      gperf_stop(&job);
    if ((res = finish_gperf(s, ts, origin, &job, out, d)) == GPERF_SOLVED || res == GPERF_BROKEN)
      return res == GPERF_SOLVED ? 0 : -1;
    const char *why = strncmp(d->msg, "hhn-gen: error: ", 16) ? d->msg : d->msg + 16;
    if (res == GPERF_FAILED)
      warn_failed(s, d);
    else
      progress_note("%s; the values are hhn-gen's own", why);
  }
  return displace_hash(s->list, ts->t, ts->k, ts->len_byte, origin, out, d);
}

/* === --key-positions ========================================================================== */

/* The synthetic keys being sorted by exactly_distinct, each key_size bytes. */
static const unsigned char *sorted_keys;
static size_t key_size;

static int by_key(const void *a, const void *b) {
  size_t x = *(const size_t *)a, y = *(const size_t *)b;
  int c = memcmp(sorted_keys + x * key_size, sorted_keys + y * key_size, key_size);
  return c ? c : (x > y) - (x < y);
}

/* Whether the synthetic keys of the terms t[0..k) tell every name apart, compared whole (in
   sorted order); if not, stores two names they do not tell apart in *a and *b, a first.
   Returns 1, 0, or -1 with d set if out of memory. */
static int exactly_distinct(struct search *s, const struct term *t, int k,
                            const unsigned char *len_byte, size_t *a, size_t *b, struct diag *d) {
  size_t n = s->list->n, *order = malloc(n * sizeof *order);
  unsigned char *keys = malloc(n * ((size_t)k + 1));
  int rc = 1;
  if (order == NULL || keys == NULL) {
    free(order), free(keys);
    return diag_oom(d);
  }
  for (size_t i = 0; i < n; i++) {
    synthetic_key(s, &s->list->v[i], t, k, len_byte, keys + i * ((size_t)k + 1));
    order[i] = i;
  }
  sorted_keys = keys, key_size = (size_t)k + 1;
  qsort(order, n, sizeof *order, by_key);
  for (size_t i = 1; i < n && rc == 1; i++)
    if (memcmp(keys + order[i] * key_size, keys + order[i - 1] * key_size, key_size) == 0)
      *a = order[i - 1], *b = order[i], rc = 0;
  free(order), free(keys);
  return rc;
}

/* The hash of the positions of --key-positions. */
static int given_hash(struct search *s, const struct positions *given, struct hashfn *out,
                      struct diag *d) {
  struct terms *ts = &s->ts;
  const struct names *list = s->list;
  char key_positions[1024], qa[ASCII_QUOTED], qb[ASCII_QUOTED];
  size_t a = 0, b = 0;
  memset(ts, 0, sizeof *ts);
  memcpy(ts->t, given->term, (size_t)given->n * sizeof *given->term);
  ts->k = given->n;
  positions_format(ts->t, ts->k, key_positions, sizeof key_positions);
  int told = exactly_distinct(s, ts->t, ts->k, ts->len_byte, &a, &b, d);
  if (told < 0)
    return -1;
  if (!told)
    return diag_set(
        d, "hhn-gen: error: key positions %s do not tell %s (line %d) from %s (line %d)",
        key_positions, ascii_quote(qa, list->v[a].text, list->v[a].len), list->v[a].line,
        ascii_quote(qb, list->v[b].text, list->v[b].len), list->v[b].line);
  return hash_of(s, ts, HASH_GIVEN, out, d);
}

/* === The search =============================================================================== */

/* Orders candidates by cost, then by how many bytes they read, then by their positions, so
   that the search is deterministic. */
static int by_cost(const struct candidate *x, const struct candidate *y) {
  if (x->cost != y->cost)
    return (x->cost > y->cost) - (x->cost < y->cost);
  if (x->k != y->k)
    return (x->k > y->k) - (x->k < y->k);
  for (int i = 0; i < x->k; i++)
    if (term_rank(&x->term[i]) != term_rank(&y->term[i]))
      return term_rank(&x->term[i]) < term_rank(&y->term[i]) ? -1 : 1;
  return 0;
}

/* The cost of the cheapest set found, or INT_MAX. */
static int cheapest(const struct candidates *cs) { return cs->n ? cs->v[0].cost : INT_MAX; }

/* Whether a set of this cost could still be kept. */
static int could_keep(const struct candidates *cs, int cost) {
  return cs->n < SEARCH_MAX_TRIES || cost <= cs->v[cs->n - 1].cost;
}

/* Keeps c if it is among the cheapest. */
static void keep(struct candidates *cs, const struct candidate *c) {
  int i = cs->n;
  if (cs->n == SEARCH_MAX_TRIES && by_cost(c, &cs->v[--i]) >= 0)
    return;
  if (cs->n < SEARCH_MAX_TRIES)
    cs->n++;
  for (; i > 0 && by_cost(c, &cs->v[i - 1]) < 0; i--)
    cs->v[i] = cs->v[i - 1];
  cs->v[i] = *c;
}

/* Keeps the set c if it tells the names apart, and the same set with a per-length byte if
   that does and could be as cheap as the cheapest. */
static void consider(struct search *s, struct candidate c, struct candidates *cs) {
  unsigned char *len_byte = s->len_byte;
  size_t a, b;
  if (could_keep(cs, c.cost) && distinct(s, c.term, c.k, len_byte, &a, &b))
    keep(cs, &c);
  if (c.k > SEARCH_MAX_WITH_PER_LENGTH || c.cost + 2 > cheapest(cs) || !could_keep(cs, c.cost + 2))
    return;
  c.term[c.k++] = (struct term){TERM_PER_LENGTH, 0, 0};
  c.cost += 2;
  if (choose_len_bytes(s, c.term, c.k, len_byte))
    keep(cs, &c);
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

/* How many k-subsets of n things there are. */
static size_t subsets(int n, int k) {
  size_t c = 1;
  for (int i = 0; i < k; i++)
    c = c * (size_t)(n - i) / (size_t)(i + 1);
  return c;
}

/* Finds the cheapest sets of 0 to SEARCH_MAX_POSITIONS of the first and last SEARCH_EDGE
   positions that tell the names apart, alone or with a per-length byte, up to the size where
   no larger set can be cheaper. */
static void enumerate(struct search *s, struct candidates *cs) {
  size_t min_len, max_len;
  struct term all[2 * SEARCH_EDGE];
  int nall = 0;
  names_lengths(s->list, &min_len, &max_len);
  for (int p = 0; p < SEARCH_EDGE && (size_t)p < max_len; p++)
    all[nall++] = (struct term){TERM_FROM_START, p, 0};
  for (int q = 1; q <= SEARCH_EDGE && (size_t)q <= max_len; q++)
    all[nall++] = (struct term){TERM_FROM_END, q, 0};
  for (int k = 0; k <= SEARCH_MAX_POSITIONS && k <= nall; k++)
    cs->sets += subsets(nall, k);
  for (int k = 0; k <= SEARCH_MAX_POSITIONS && k <= cheapest(cs) && k <= nall; k++) {
    int idx[SEARCH_MAX_POSITIONS];
    for (int i = 0; i < k; i++)
      idx[i] = i;
    do {
      struct candidate c = {.k = k};
      for (int i = 0; i < k; i++) {
        c.term[i] = all[idx[i]];
        c.cost += term_cost(&c.term[i], min_len);
      }
      consider(s, c, cs);
      progress_periodic("searching positions: %zu of %zu sets", ++cs->tried, cs->sets);
    } while (next_subset(idx, k, nall));
  }
}

/* The terms of a candidate, with the bytes of a per-length one chosen. */
static void terms_of(struct search *s, const struct candidate *c, struct terms *ts) {
  memset(ts, 0, sizeof *ts);
  memcpy(ts->t, c->term, (size_t)c->k * sizeof *c->term);
  ts->k = c->k;
  if (c->k > 0 && c->term[c->k - 1].kind == TERM_PER_LENGTH)
    choose_len_bytes(s, ts->t, ts->k, ts->len_byte); /* as when the set was found */
}

/* Stops every run. */
static void stop_runs(struct run *runs) {
  for (int j = 0; j < SEARCH_GPERF_JOBS; j++)
    if (runs[j].cand >= 0) {
      gperf_discard(&runs[j].job);
      runs[j].cand = -1;
    }
}

/* Starts runs for the candidates from *next while fewer than SEARCH_GPERF_JOBS run, none
   dearer than stop_cost; returns GPERF_BROKEN if gperf cannot run. */
static enum gperf_result start_runs(struct search *s, struct candidates *cs, struct run *runs,
                                    int *next, int stop_cost, struct diag *d) {
  int iterations = s->list->n <= SEARCH_SMALL_LIST ? SEARCH_GPERF_ITERATIONS : 1;
  for (int j = 0; j < SEARCH_GPERF_JOBS && *next < cs->n; j++) {
    if (runs[j].cand >= 0 || cs->v[*next].cost > stop_cost)
      continue;
    terms_of(s, &cs->v[*next], &runs[j].ts);
    if (start_gperf(s, &runs[j].ts, iterations, &runs[j].job, d) != GPERF_STARTED)
      return GPERF_BROKEN;
    runs[j].cand = (*next)++;
  }
  return GPERF_STARTED;
}

/* Waits for the run of candidate `cand` and reads its hash into *h; returns its result, or
   GPERF_UNSOLVED with *timed_out set when the time of the search runs out. */
static enum gperf_result result_of(struct search *s, struct run *runs, int cand, double until,
                                   struct hashfn *h, int *timed_out, struct diag *d) {
  int j = 0;
  while (runs[j].cand != cand)
    j++;
  while (runs[j].job.pid > 0)
    if (gperf_wait(&runs[j].job, 1, until) < 0) {
      *timed_out = 1;
      return GPERF_UNSOLVED;
    }
  runs[j].cand = -1;
  return finish_gperf(s, &runs[j].ts, HASH_SEARCHED, &runs[j].job, h, d);
}

/* Gives gperf the cheapest candidates, SEARCH_GPERF_JOBS at a time but decided in order, so
   that the result does not depend on which run ends first: of those it solves at the cheapest
   cost it can (up to SEARCH_MAX_SOLVED, or 1 for a list that is not small), keeps the one with
   the smallest largest hash. Returns GPERF_SOLVED, or another result with d set. */
static enum gperf_result try_gperf(struct search *s, struct candidates *cs, struct hashfn *out,
                                   struct diag *d) {
  struct run *runs = s->runs;
  int next = 0, found = 0, found_cost = INT_MAX, timed_out = 0, tried = 0;
  int most = s->list->n <= SEARCH_SMALL_LIST ? SEARCH_MAX_SOLVED : 1;
  double until = progress_elapsed() + SEARCH_GPERF_SECONDS;
  enum gperf_result res = GPERF_UNSOLVED;
  for (int j = 0; j < SEARCH_GPERF_JOBS; j++)
    runs[j].cand = -1;
  diag_set(d, "hhn-gen: error: no set of positions tells the names apart");
  for (int c = 0; c < cs->n && !timed_out; c++) {
    if (found && (cs->v[c].cost > found_cost || tried >= most))
      break;
    if ((res = start_runs(s, cs, runs, &next, found ? found_cost : INT_MAX, d)) == GPERF_BROKEN)
      break;
    progress_periodic("gperf: %d of %d sets tried", tried, cs->n);
    tried++;
    if ((res = result_of(s, runs, c, until, &s->trial, &timed_out, d)) == GPERF_BROKEN)
      break;
    if (res == GPERF_SOLVED && (!found || s->trial.max_hash < out->max_hash))
      *out = s->trial, found = 1, found_cost = cs->v[c].cost;
    if (res == GPERF_FAILED && !s->failed++)
      s->failure = *d;
  }
  stop_runs(runs);
  if (s->failed && !found && res != GPERF_BROKEN)
    warn_failed(s, &s->failure);
  out->tried = tried;
  return res == GPERF_BROKEN ? res : found ? GPERF_SOLVED : GPERF_UNSOLVED;
}

/* === When no set tells the names apart =========================================================
 */

/* How many different keys the names take when each name's key so far, key[i], is mixed with
   the byte that term t reads of it (none if t is NULL). */
static size_t count_with(struct search *s, const uint64_t *key, const struct term *t) {
  size_t n = 0, other;
  keyset_clear(&s->ks);
  for (size_t i = 0; i < s->list->n; i++)
    n +=
        !keyset_add(&s->ks, t ? mix(key[i], key_byte(&s->list->v[i], t, NULL)) : key[i], i, &other);
  return n;
}

/* Adds to ts, one at a time, the position (of any byte from either end) that makes the most
   keys different, until the names are told apart: at most every position of the longest name,
   since the bytes from the first on tell any two names apart. Each name's key is kept as a hash
   of its length and the bytes chosen so far, so that each position costs one step a name.
   Returns 0, or -1 with d set. */
static int widen(struct search *s, struct terms *ts, struct diag *d) {
  size_t min_len, max_len, n = s->list->n, told;
  uint64_t *key = malloc(n * sizeof *key);
  if (key == NULL)
    return diag_oom(d);
  names_lengths(s->list, &min_len, &max_len);
  memset(ts, 0, sizeof *ts);
  for (size_t i = 0; i < n; i++)
    key[i] = mix(0xCBF29CE484222325ULL, (unsigned)s->list->v[i].len);
  for (told = count_with(s, key, NULL); told < n;) {
    size_t best = 0;
    struct term pick = {TERM_FROM_START, 0, 0};
    for (size_t p = 0; p < 2 * max_len && ts->k + 1 < HASHFN_DISPLACED_TERMS; p++) {
      struct term t = p < max_len ? (struct term){TERM_FROM_START, (int)p, 0}
                                  : (struct term){TERM_FROM_END, (int)(p - max_len + 1), 0};
      size_t got = count_with(s, key, &t);
      if (got > best)
        best = got, pick = t;
      progress_periodic("widening positions: %d chosen", ts->k);
    }
    if (best <= told) { /* cannot happen: some byte tells apart any two names */
      free(key);
      return diag_set(d, "hhn-gen: error: no %d bytes tell the names apart",
                      HASHFN_DISPLACED_TERMS - 1);
    }
    ts->t[ts->k++] = pick;
    for (size_t i = 0; i < n; i++)
      key[i] = mix(key[i], key_byte(&s->list->v[i], &pick, NULL));
    told = best;
  }
  free(key);
  return 0;
}

/* A hash for a list that no searched set tells apart: gperf's own positions for a small list,
   else (or if gperf fails) hhn-gen's own values on widened positions. */
static int fallback(struct search *s, struct hashfn *out, struct diag *d) {
  enum gperf_result res =
      s->list->n <= SEARCH_GPERF_LIST ? gperf_hash(s->list, out, d) : GPERF_UNSOLVED;
  if (res == GPERF_SOLVED || res == GPERF_BROKEN)
    return res == GPERF_SOLVED ? 0 : -1;
  if (res == GPERF_FAILED)
    warn_failed(s, d);
  if (widen(s, &s->ts, d) != 0)
    return -1;
  return displace_hash(s->list, s->ts.t, s->ts.k, s->ts.len_byte, HASH_SEARCHED, out, d);
}

/* The hash of the length alone, for a list whose names all differ in length (the cheapest
   set reads no byte): each length's value is its rank among the list's lengths, so that the
   names fill slots 0 to n - 1; no gperf is needed. */
static int length_hash(struct search *s, struct hashfn *out, struct diag *d) {
  size_t min, max;
  uint32_t rank = 0;
  names_lengths(s->list, &min, &max);
  memset(out, 0, sizeof *out);
  out->origin = HASH_SEARCHED;
  out->nterms = 1;
  out->term[0] = (struct term){TERM_LENGTH, 0, s->len_offset};
  out->nasso = (int)max + s->len_offset + 1;
  for (size_t len = min; len <= max; len++) /* a length has one name, or none */
    if (s->at_len[len + 1] > s->at_len[len])
      out->asso[len + (size_t)s->len_offset] = rank++;
  return hashfn_check(out, s->list, d);
}

int search_hash(const struct names *list, const struct positions *given, struct hashfn *out,
                struct diag *d) {
  struct search *s = calloc(1, sizeof *s);
  int rc = -1;
  if (s == NULL || (s->by_len = malloc(list->n * sizeof(size_t))) == NULL ||
      keyset_init(&s->ks, list->n) != 0) {
    diag_oom(d);
    goto done;
  }
  s->list = list;
  s->len_offset = length_offset(list);
  sort_by_length(s);
  if (given != NULL) {
    rc = given_hash(s, given, out, d);
    goto done;
  }
  enumerate(s, &s->cs);
  enum gperf_result res = GPERF_UNSOLVED;
  if (s->cs.n > 0 && s->cs.v[0].k == 0)
    rc = length_hash(s, out, d);
  else if (s->cs.n > 0 && list->n <= SEARCH_GPERF_LIST &&
           (res = try_gperf(s, &s->cs, out, d)) != GPERF_UNSOLVED)
    rc = res == GPERF_SOLVED ? 0 : -1;
  else if (s->cs.n > 0) { /* hhn-gen's own values for the cheapest set */
    terms_of(s, &s->cs.v[0], &s->ts);
    rc = displace_hash(list, s->ts.t, s->ts.k, s->ts.len_byte, HASH_SEARCHED, out, d);
  } else
    rc = fallback(s, out, d);
done:
  if (s != NULL) {
    free(s->by_len);
    keyset_free(&s->ks);
  }
  free(s);
  return rc;
}
