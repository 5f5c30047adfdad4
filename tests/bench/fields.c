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

/* One field of a stream. */
struct pair {
  const char *name, *value;
  size_t nlen, vlen;
};
struct stream {
  const char *what;
  struct pair *p;
  size_t n;
};

/* Decodes the escapes of a value in s[0..n) in place; returns its new length. */
static size_t unescape(char *s, size_t n) {
  size_t k = 0;
  for (size_t i = 0; i < n; i++) {
    char c = s[i];
    if (c == '\\' && i + 1 < n && strchr("\\trn", s[i + 1]) != NULL) {
      c = s[++i];
      c = c == 't' ? '\t' : c == 'r' ? '\r' : c == 'n' ? '\n' : c;
    }
    s[k++] = c;
  }
  return k;
}

/* Reads the pairs at path into st; returns 0, or -1 if it cannot be read. */
static int load_path(struct stream *st, const char *path) {
  FILE *f = fopen(path, "rb");
  if (f == NULL)
    return -1;
  fseek(f, 0, SEEK_END);
  long size = ftell(f);
  char *text = malloc((size_t)size + 1);
  rewind(f);
  if (text == NULL || fread(text, 1, (size_t)size, f) != (size_t)size)
    return -1;
  fclose(f);
  text[size] = '\n';
  size_t lines = 0;
  for (long i = 0; i < size; i++)
    lines += text[i] == '\n';
  st->p = calloc(lines + 1, sizeof *st->p), st->n = 0;
  for (char *s = text, *end = text + size; s < end;) {
    char *nl = memchr(s, '\n', (size_t)(end - s) + 1), *tab = memchr(s, '\t', (size_t)(nl - s));
    if (tab != NULL) {
      struct pair *p = &st->p[st->n++];
      p->name = s, p->nlen = (size_t)(tab - s);
      for (size_t i = 0; i < p->nlen; i++)
        s[i] = (char)(s[i] >= 'A' && s[i] <= 'Z' ? s[i] + 32 : s[i]);
      p->value = tab + 1, p->vlen = unescape(tab + 1, (size_t)(nl - tab - 1));
    }
    s = nl + 1;
  }
  return 0;
}

/* Reads dir/file (or dir/alt) into st; returns 0, or -1 if neither can be read. */
static int load(struct stream *st, const char *dir, const char *file, const char *alt) {
  char path[4096], other[4096];
  snprintf(path, sizeof path, "%s/%s", dir, file);
  snprintf(other, sizeof other, "%s/%s", dir, alt);
  return load_path(st, path) == 0 || load_path(st, other) == 0 ? 0 : -1;
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

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

enum { RUNS = 41 };

static int by_value(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

/* The median over the runs of way peer's time over way k's, in the same run (run r's times at
   t[r * WAYCOUNT + k]): a ratio that a slow phase of the machine, which slows both, moves
   little. */
static double median_ratio(const double *t, int peer, int k) {
  double r[RUNS];
  for (int i = 0; i < RUNS; i++)
    r[i] = t[i * WAYCOUNT + peer] / t[i * WAYCOUNT + k];
  qsort(r, RUNS, sizeof r[0], by_value);
  return r[RUNS / 2];
}

/* Times every way on s, interleaved: RUNS runs, each way's after an untimed one; prints a row of
   each way's best, then the peers' median ratios to hhn's ways. */
static void time_stream(const struct stream *s) {
  static double t[RUNS * WAYCOUNT];
  double best[WAYCOUNT];
  known = malloc(s->n * sizeof *known);
  for (size_t i = 0; i < s->n; i++)
    known[i] = hhn_fh(&s->p[i], i);
  for (int k = 0; k < WAYCOUNT; k++)
    best[k] = 1e30;
  for (int r = 0; r < RUNS; r++) {
    int k = 0;
#define TIME(w, tab, what)                                                                         \
  {                                                                                                \
    loop_##w(s);                                                                                   \
    double t0 = now();                                                                             \
    loop_##w(s);                                                                                   \
    double ns = (now() - t0) / (double)s->n;                                                       \
    t[r * WAYCOUNT + k] = ns;                                                                      \
    best[k] = ns < best[k] ? ns : best[k];                                                         \
    k++;                                                                                           \
  }
    WAYS(TIME)
  }
  printf("| %s | %zu |", s->what, s->n);
  for (int k = 0; k < WAYCOUNT; k++)
    printf(" %.2f |", best[k]);
  printf("\n");
  printf("| %s | nghttp2 / hhn |", s->what);
  for (int k = 1; k < NGHTTP2; k++)
    printf(" %.2fx |", median_ratio(t, NGHTTP2, k));
  printf(" nghttp3 / hhn |");
  for (int k = NGHTTP2 + 1; k < NGHTTP3; k++)
    printf(" %.2fx |", median_ratio(t, NGHTTP3, k));
  printf(" h2o / hhn static: %.2fx |\n", median_ratio(t, H2O, NGHTTP2 + 1));
  free(known);
}

/* fields --check FILE...: the agreement alone, on every entry and on each file's pairs (a
   maintainers' check of real pairs: make check-fields-pairs). */
static int check_only(int n, char **files) {
  size_t pairs = 0;
  make_tables();
  agree_edges();
  for (int k = 0; k < n; k++) {
    struct stream st = {files[k], NULL, 0};
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
  struct stream st[2] = {{"HTTP/2", NULL, 0}, {"HTTP/1.1", NULL, 0}};
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
  printf("| stream | pairs |");
#define HEAD(w, t, what) printf(" %s |", what);
  WAYS(HEAD)
  printf("\n|---|---:|");
  for (int k = 0; k < WAYCOUNT; k++)
    printf("---:|");
  printf("\n");
  for (int s = 0; s < 2; s++)
    time_stream(&st[s]);
  return 0;
}
