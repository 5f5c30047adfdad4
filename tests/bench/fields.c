/* fields.c: the fields benchmark (make bench-fields): for each (name, value) of a stream, the
   static table's answer (the name's id, its first entry, the entry of the name and the value),
   by hhn's P_field_lower (HPACK's and QPACK's tables, each four ways: --static, included, as
   built and with HHN_NO_AVX512, and linked, P.c an object of its own, the same two builds)
   against the ways stacks find it, each written here from its description:
     nghttp2   its token switch (mkswitch), then the entries from the token's first on while
               they have its name (HPACK's entries of a name are in a row): length, memcmp
     nghttp3   the switch, then its entries in a copy of the table sorted by token, each read
               through its index into the table (one more load): length, memcmp
     h2o       the switch, then one case a token holding a chain of compares with the
               constant values of its entries (mkswitch --fields)
   Each in the loop that branches on the answer, as an encoder does, beside the floor (the
   same loop over the answers known in advance); all agree with a plain scan first.
   Usage: fields DIR, or fields --check FILE... (the agreement alone). fields DIR reads
   DIR/h2-pairs.txt and DIR/h1-pairs.txt (or pairs-h2.tsv and
   pairs-h1.tsv): name, TAB, value a line; in values \\ is a backslash, \t a TAB, \r a CR and \n
   an LF. HTTP/1.1's names are put in lowercase first, as a proxy to HTTP/2 or HTTP/3 would. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core.h"

#include "fh.c" /* HPACK's table: hhn-gen --static --prefix fh --fields data/hpack-static.txt */
#include "fq.c" /* QPACK's */
#define HHN_NO_AVX512 /* the same, portable, as a file built without AVX-512 includes them */
#include "fhp.c"
#include "fqp.c"
#undef HHN_NO_AVX512
#include "fpeers.c" /* ph_switch, ph_chain, pq_switch, pq_chain: mkswitch --fields */
/* the same tables linked: hhn-gen --prefix flh (flq, ...) --fields ..., each P.c its own object,
   flhp.c and flqp.c built with HHN_NO_AVX512 */
#include "flh.h"
#include "flhp.h"
#include "flq.h"
#include "flqp.h"

/* === The streams ============================================================================== */

/* One field of a stream (tests/bench/core.h), and a stream: its fields, read whole. */
#define pair bench_field
struct stream {
  const char *what;
  struct pair *p;
  size_t n;
  struct bench_stream whole;
};

/* Reads the pairs at path (or dir/file, else dir/alt) into st, the names in lowercase; returns
   0, or -1 if it cannot be read. */
static int load_path(struct stream *st, const char *path) {
  int r = bench_stream_read(&st->whole, path, BENCH_LOWERCASE);
  st->p = st->whole.fields, st->n = st->whole.count;
  return r;
}
static int load(struct stream *st, const char *dir, const char *file, const char *alt) {
  int r = bench_stream_read_in(&st->whole, dir, file, alt, BENCH_LOWERCASE);
  st->p = st->whole.fields, st->n = st->whole.count;
  return r;
}

/* === The ways ================================================================================= */

/* An answer: the name's id (-1: none), its first entry, the entry of the name and the value. */
struct answer {
  int id, name, field;
};

/* A stack's static table, as it holds it: each entry's value, its length and its token (the
   name's id), made at the start from the tables' own entries (fh_fields, fq_fields). */
struct entry {
  const char *value;
  size_t vlen;
  int id;
};
enum { HN = FH_FIELD_COUNT, QN = FQ_FIELD_COUNT };
static struct entry hpack[HN], qpack[QN];
static int hfirst[FH_ID_LIMIT], qfirst[FQ_ID_LIMIT];
/* nghttp3's: QPACK's entries sorted by token (then index), each its index in the table; the
   first of each token's */
static struct { int id, index; } qsorted[QN];
static int qstart[FQ_ID_LIMIT];

static int by_token(const void *a, const void *b) {
  const int *x = a, *y = b;
  return x[0] != y[0] ? (x[0] < y[0] ? -1 : 1) : (x[1] < y[1] ? -1 : 1);
}

static void make_tables(void) {
  for (int i = 0; i < FH_ID_LIMIT; i++)
    hfirst[i] = -1;
  for (int i = 0; i < FQ_ID_LIMIT; i++)
    qfirst[i] = -1;
  for (int i = HN - 1; i >= 0; i--) {
    hpack[i] = (struct entry){fh_fields[i].value, fh_fields[i].value_len, fh_fields[i].id};
    hfirst[hpack[i].id] = i;
  }
  for (int i = QN - 1; i >= 0; i--) {
    qpack[i] = (struct entry){fq_fields[i].value, fq_fields[i].value_len, fq_fields[i].id};
    qfirst[qpack[i].id] = i;
    qsorted[i].id = qpack[i].id, qsorted[i].index = i;
  }
  qsort(qsorted, QN, sizeof qsorted[0], by_token);
  for (int i = QN - 1; i >= 0; i--)
    qstart[qsorted[i].id] = i;
}

#define INLINE static inline __attribute__((always_inline))

/* The compiler that built the benchmark, which its figures hold for. */
#if defined(__clang__)
#define COMPILER "clang " __clang_version__
#elif defined(__GNUC__)
#define COMPILER "gcc " __VERSION__
#else
#define COMPILER "an unknown compiler"
#endif

/* hhn's ways: prefix P's field_lower, as an answer. */
#define HHN_WAY(P)                                                                                 \
  INLINE struct answer hhn_##P(const struct pair *p, size_t i) {                                   \
    (void)i;                                                                                       \
    struct P##_match m = P##_field_lower(p->name, p->nlen, p->value, p->vlen);                     \
    return (struct answer){m.id, m.name, m.field};                                                 \
  }
HHN_WAY(fh)
HHN_WAY(fhp)
HHN_WAY(flh)
HHN_WAY(flhp)
HHN_WAY(fq)
HHN_WAY(fqp)
HHN_WAY(flq)
HHN_WAY(flqp)

/* nghttp2's way: the token, then its entries in a row from its first. */
INLINE struct answer nghttp2(const struct pair *p, size_t i) {
  (void)i;
  struct answer a = {ph_switch(p->name, p->nlen), -1, -1};
  if (a.id < 0)
    return a;
  a.name = hfirst[a.id];
  for (int i = a.name; i < HN && hpack[i].id == a.id; i++)
    if (hpack[i].vlen == p->vlen && memcmp(hpack[i].value, p->value, p->vlen) == 0) {
      a.field = i;
      break;
    }
  return a;
}

/* nghttp3's way: the token, then its entries in the copy sorted by token, each through its
   index. */
INLINE struct answer nghttp3(const struct pair *p, size_t i) {
  (void)i;
  struct answer a = {pq_switch(p->name, p->nlen), -1, -1};
  if (a.id < 0)
    return a;
  a.name = qfirst[a.id];
  for (int i = qstart[a.id]; i < QN && qsorted[i].id == a.id; i++) {
    const struct entry *e = &qpack[qsorted[i].index];
    if (e->vlen == p->vlen && memcmp(e->value, p->value, p->vlen) == 0) {
      a.field = qsorted[i].index;
      break;
    }
  }
  return a;
}

/* h2o's way: the token, then its chain of compares with constants. */
INLINE struct answer h2o(const struct pair *p, size_t i) {
  (void)i;
  struct answer a = {pq_switch(p->name, p->nlen), -1, -1};
  if (a.id < 0)
    return a;
  a.name = qfirst[a.id];
  a.field = pq_chain(a.id, p->value, p->vlen);
  return a;
}

/* The reference: a plain scan of a table's entries (fh_fields or fq_fields, alike but in
   type). */
#define SCAN(t, n, p, a)                                                                           \
  do {                                                                                             \
    (a).id = -1, (a).name = -1, (a).field = -1;                                                    \
    for (int e = 0; e < (n) && (a).field < 0; e++)                                                 \
      if ((t)[e].name_len == (p)->nlen && memcmp((t)[e].name, (p)->name, (p)->nlen) == 0) {        \
        if ((a).name < 0)                                                                          \
          (a).id = (t)[e].id, (a).name = e;                                                        \
        if ((t)[e].value_len == (p)->vlen && memcmp((t)[e].value, (p)->value, (p)->vlen) == 0)     \
          (a).field = e;                                                                           \
      }                                                                                            \
  } while (0)

/* The answers known in advance, for the floor. */
static struct answer *known;
INLINE struct answer floor_way(const struct pair *p, size_t i) {
  (void)p;
  return known[i];
}

/* The ways, each with the table it reads (0 HPACK, 1 QPACK) and what the column says; the
   ratios that the table prints are of the ways below. */
#define WAYS(X)                                                                                    \
  X(floor_way, -1, "floor")                                                                        \
  X(hhn_fh, 0, "HPACK static")                                                                     \
  X(hhn_fhp, 0, "static portable")                                                                 \
  X(hhn_flh, 0, "linked")                                                                          \
  X(hhn_flhp, 0, "linked portable")                                                                \
  X(nghttp2, 0, "nghttp2 way")                                                                     \
  X(hhn_fq, 1, "QPACK static")                                                                     \
  X(hhn_fqp, 1, "static portable")                                                                 \
  X(hhn_flq, 1, "linked")                                                                          \
  X(hhn_flqp, 1, "linked portable")                                                                \
  X(nghttp3, 1, "nghttp3 way")                                                                     \
  X(h2o, 1, "h2o way")
enum { NGHTTP2 = 5, NGHTTP3 = 10, H2O = 11 };
#define COUNT_WAY(w, t, what) +1
enum { WAYCOUNT = 0 WAYS(COUNT_WAY) };

/* === Agreement ================================================================================ */

static long disagreements;

/* Checks every way on one pair against the scan of its table. */
static void agree(const struct pair *p, const char *where) {
  struct answer want[2], got;
  SCAN(fh_fields, HN, p, want[0]);
  SCAN(fq_fields, QN, p, want[1]);
#define AGREE(w, t, what)                                                                          \
  if ((t) >= 0) {                                                                                  \
    got = w(p, 0);                                                                                 \
    if (got.id != want[t].id || got.name != want[t].name || got.field != want[t].field) {          \
      if (disagreements++ < 5)                                                                     \
        printf("fields: %s: %s on (%.*s, %.*s) gave {%d, %d, %d}, the scan {%d, %d, %d}\n", where, \
               what, (int)p->nlen, p->name, (int)p->vlen, p->value, got.id, got.name, got.field,   \
               want[t].id, want[t].name, want[t].field);                                           \
    }                                                                                              \
  }
  WAYS(AGREE)
}

/* Checks every way on each entry of both tables, its value a byte shorter and empty, and every
   value of the table under each name. */
static void agree_edges(void) {
  const struct fh_entry *h = fh_fields;
  for (int t = 0; t < 2; t++)
    for (int i = 0; i < (t ? QN : HN); i++) {
      const char *name = t ? fq_fields[i].name : h[i].name;
      size_t nlen = t ? fq_fields[i].name_len : h[i].name_len;
      for (int j = 0; j < (t ? QN : HN); j++) {
        struct pair p = {name, t ? fq_fields[j].value : h[j].value, nlen,
                         t ? fq_fields[j].value_len : h[j].value_len};
        agree(&p, "an entry's name and a value of its table");
        if (p.vlen > 0 && i == j)
          p.vlen--, agree(&p, "a value a byte short");
      }
    }
}

/* === Timing =================================================================================== */

static unsigned fhits[1024], nhits[1024];
static long misses;

/* One loop a way, out of line: it branches on the answer, as an encoder does. */
#define LOOP(w, t, what)                                                                           \
  __attribute__((noinline, aligned(64))) static long loop_##w(const struct stream *s) {            \
    for (size_t i = 0; i < s->n; i++) {                                                            \
      struct answer a = w(&s->p[i], i);                                                            \
      if (a.field >= 0)                                                                            \
        fhits[a.field]++;                                                                          \
      else if (a.name >= 0)                                                                        \
        nhits[a.name]++;                                                                           \
      else                                                                                         \
        misses++;                                                                                  \
    }                                                                                              \
    return misses;                                                                                 \
  }
WAYS(LOOP)

enum { RUNS = 41 };

/* The loops, in the order of WAYS, and one run of way w's on the stream context: ns a pair. */
#define LOOP_OF(w, t, what) loop_##w,
static long (*const loops[])(const struct stream *) = {WAYS(LOOP_OF)};
static double run_way(void *context, int w) {
  const struct stream *s = context;
  double t0 = bench_now();
  loops[w](s);
  return (bench_now() - t0) / (double)s->n;
}

/* Times every way on s, interleaved (tests/bench/core.c's schedule: RUNS runs, each way's after
   an untimed one); prints a row of each way's best, then a row of the peers' median ratios to
   hhn's ways (each run's own). */
static void time_stream(struct stream *s) {
  static double t[RUNS * WAYCOUNT];
  known = malloc(s->n * sizeof *known);
  for (size_t i = 0; i < s->n; i++)
    known[i] = hhn_fh(&s->p[i], i);
  bench_interleave(run_way, s, WAYCOUNT, RUNS, t);
  bench_cell(s->what);
  bench_cell_count(s->n);
  for (int k = 0; k < WAYCOUNT; k++)
    bench_cell_ns(bench_least(t, WAYCOUNT, RUNS, k));
  bench_end_row();
  bench_cell(s->what);
  bench_cell("nghttp2 / hhn");
  for (int k = 1; k < NGHTTP2; k++)
    bench_cell_ratio(bench_median_ratio(t, WAYCOUNT, RUNS, NGHTTP2, k));
  bench_cell("nghttp3 / hhn");
  for (int k = NGHTTP2 + 1; k < NGHTTP3; k++)
    bench_cell_ratio(bench_median_ratio(t, WAYCOUNT, RUNS, NGHTTP3, k));
  char h2o[64];
  snprintf(h2o, sizeof h2o, "h2o / hhn static: %.2fx",
           bench_median_ratio(t, WAYCOUNT, RUNS, H2O, NGHTTP2 + 1));
  bench_cell(h2o);
  bench_end_row();
  free(known);
}

/* fields --check FILE...: the agreement alone, on every entry and on each file's pairs (a
   maintainers' check of real pairs: make check-fields-pairs). */
static int check_only(int n, char **files) {
  size_t pairs = 0;
  make_tables();
  agree_edges();
  for (int k = 0; k < n; k++) {
    struct stream st = {files[k], NULL, 0, {NULL, 0, NULL}};
    if (load_path(&st, files[k]) != 0) {
      fprintf(stderr, "fields: cannot read %s\n", files[k]);
      return 2;
    }
    for (size_t i = 0; i < st.n; i++)
      agree(&st.p[i], st.what);
    pairs += st.n;
  }
  printf("fields: %ld disagreements with the plain scan, over %zu pairs of %d files and every "
         "entry with every value of its table\n",
         disagreements, pairs, n);
  return disagreements ? 1 : 0;
}

int main(int argc, char **argv) {
  struct stream st[2] = {{"HTTP/2", NULL, 0, {NULL, 0, NULL}},
                         {"HTTP/1.1", NULL, 0, {NULL, 0, NULL}}};
  if (argc >= 2 && strcmp(argv[1], "--check") == 0)
    return check_only(argc - 2, argv + 2);
  if (argc != 2 || load(&st[0], argv[1], "h2-pairs.txt", "pairs-h2.tsv") != 0 ||
      load(&st[1], argv[1], "h1-pairs.txt", "pairs-h1.tsv") != 0) {
    fprintf(stderr, "usage: fields DIR (with h2-pairs.txt and h1-pairs.txt, or pairs-h2.tsv "
                    "and pairs-h1.tsv)\n");
    return 2;
  }
  make_tables();
  agree_edges();
  for (int s = 0; s < 2; s++)
    for (size_t i = 0; i < st[s].n; i++)
      agree(&st[s].p[i], st[s].what);
  printf("fields: %ld disagreements with the plain scan, over %zu + %zu pairs and every entry "
         "with every value of its table\n",
         disagreements, st[0].n, st[1].n);
  if (disagreements)
    return 1;
  printf("\nThe static table's answer for each (name, value), in the loop that branches on it, "
         "by %s:\nns per pair, best of %d runs (floor: the loop over the answers known in "
         "advance); then,\nunder each of hhn's ways, each peer's time over its own, the median "
         "of the runs\n\n",
         COMPILER, RUNS);
  static const char *const columns[] = {"stream", "pairs",
#define COLUMN(w, t, what) what,
                                        WAYS(COLUMN)};
  bench_header(columns, 2 + WAYCOUNT);
  for (int s = 0; s < 2; s++)
    time_stream(&st[s]);
  return 0;
}
