/* bench.c: times hhn_lookup, hhn_lookup_lower and their peers side by side on the same streams
 * of header names, warm and with cold caches, and says how many bytes each one's table takes.
 *
 *   bench [TRAFFIC_DIR]            print tables of ns per lookup and ratios to hhn
 *   bench --instr IMPL STREAM DIR  run IMPL once over STREAM (for callgrind's instruction count)
 *   bench --step IMPL STREAM DIR   the same, stopped by SIGTRAP just before (for steps.c)
 *   bench --list [DIR]             print the implementations' names and the streams
 *
 * TRAFFIC_DIR (default build/traffic, which tests/bench/traffic.c writes) holds the streams:
 * each file *.txt (one name a line) or *.tsv (name<TAB>value a line), in the order sent,
 * labelled by its name less the extension and "-names" (h1-names.txt: "h1"). */
#define _GNU_SOURCE /* sched_getcpu */
#include <dirent.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#if defined(__x86_64__) && defined(__GNUC__)
#include <cpuid.h>
#endif

#include "core.h"
#include "hhn.h"
#include "peers.h"
#include "sizes.h" /* each implementation's object's bytes, as `size` counts them */

/* One name of a stream: where it starts and how long it is. */
struct item {
  const char *p;
  size_t n;
};

/* A stream of names in one buffer, in the order they are looked up; item is made from off and
   len once the buffer is complete, so that the timed loop reads one array. */
struct stream {
  const char *label;
  char *base;
  size_t *off, *len, n;
  struct item *item;
  int *answer; /* each name's id, for the branching loop's floor */
};

#if defined HHN_BENCH_AB
/* tests/bench/ab.sh: the table that the work tree's hhn-gen writes (hhn) against the one that
   a revision's writes (old), in the order HHN_BENCH_AB says (1: hhn first, 2: old first); with
   HHN_BENCH_AB_LOWER (both tables have it), their lookup_lower too, on lowercase streams; with
   HHN_BENCH_AB_AVX2, both built with -DHHN_NO_AVX512 -DHHN_AVX2, and with HHN_BENCH_AB_PORTABLE,
   with -DHHN_NO_AVX512 -DHHN_NO_AVX2, which their columns then say */
int old_lookup(const char *name, size_t len);
int old_lookup_lower(const char *name, size_t len);
#if defined HHN_BENCH_AB_LOWER
#define LOWER_IMPLS(X, first, second)                                                              \
  X(first##_lower, first##_lookup_lower, 1) X(second##_lower, second##_lookup_lower, 1)
#define LOWER_BYTES(first, second) first##_BYTES, second##_BYTES,
#define PEERS 4 /* what the cold row times */
#else
#define LOWER_IMPLS(X, first, second)
#define LOWER_BYTES(first, second)
#define PEERS 2
#endif
#if HHN_BENCH_AB == 1
#define IMPLS(X)                                                                                   \
  X(hhn, hhn_lookup, 0) X(old, old_lookup, 0) LOWER_IMPLS(X, hhn, old) X(loop_only, null_lookup, 0)
#define TABLE_BYTES                                                                                \
  { HHN_BYTES, OLD_BYTES, LOWER_BYTES(HHN, OLD) 0 }
#else
#define IMPLS(X)                                                                                   \
  X(old, old_lookup, 0) X(hhn, hhn_lookup, 0) LOWER_IMPLS(X, old, hhn) X(loop_only, null_lookup, 0)
#define TABLE_BYTES                                                                                \
  { OLD_BYTES, HHN_BYTES, LOWER_BYTES(OLD, HHN) 0 }
#endif
#else
/* The implementations: a name, its lookup, and whether it takes lowercase input only, as
   hhn_lookup_lower and the switch do: those get the lowercase twin of each stream. */
#define IMPLS(X)                                                                                   \
  X(hhn, hhn_lookup, 0)                                                                            \
  X(hhn_avx2, hhna_lookup, 0)                                                                      \
  X(hhn_portable, hhnp_lookup, 0)                                                                  \
  X(hhn_lower, hhn_lookup_lower, 1)                                                                \
  X(hhn_lower_avx2, hhna_lookup_lower, 1)                                                          \
  X(hhn_lower_portable, hhnp_lookup_lower, 1)                                                      \
  X(hhn_static, hhns_lookup, 0)                                                                    \
  X(hhn_static_lower, hhns_lookup_lower, 1)                                                        \
  X(hhn_static_portable, hhnsp_lookup, 0)                                                          \
  X(hhn_static_lower_portable, hhnsp_lookup_lower, 1)                                              \
  X(gperf_webkit, webkit_lookup, 0)                                                                \
  X(gperf_own, gperfk_lookup, 0)                                                                   \
  X(switch, switch_lookup, 1)                                                                      \
  X(linear, linear_lookup, 0)                                                                      \
  X(loop_only, null_lookup, 0)
#define PEERS 13 /* all but linear and loop_only: what the cold row times */
#include "hhns.c" /* the default list's table as hhn-gen --static writes it, for the loops to inline */
/* the same with its portable lookups alone, as a file built with -DHHN_NO_AVX512 includes it */
#define HHN_NO_AVX512
#include "hhnsp.c"
#undef HHN_NO_AVX512
#endif

/* A timed loop: out of line, and at the start of a 64-byte line, so that every loop of one
   shape lies alike across the lines (on a Zen 3, run_hhn's loop crossed a line and
   run_hhn_avx2's did not; this narrowed the first column's lag behind the same lookup in the
   second, but did not end it: docs/benchmarks-archive.md, "A Zen 3"). */
#define TIMED __attribute__((noinline, aligned(64)))

/* One loop per implementation, kept out of line so callgrind can count it alone; it reads
   one array of (pointer, length) pairs, so that it costs as little as a loop can. */
#define RUNNER(name, fn, lower)                                                                    \
  TIMED long run_##name(const struct stream *st) {                                                 \
    long sum = 0;                                                                                  \
    for (const struct item *it = st->item, *end = it + st->n; it != end; it++)                     \
      sum += fn(it->p, it->n);                                                                     \
    return sum;                                                                                    \
  }
IMPLS(RUNNER)

/* The same loop as a caller writes it: it branches on the answer, known or not, with work on
   each side that no compiler can make a conditional move of (a store where the id says). A
   mispredicted branch waits for the lookup's whole latency, which the loop above hides. */
/* hits: by id, every id fits (to 65535). At a set page offset, 2 KB on: a load whose address
   has the same low 12 bits as a store just before it waits to be told apart from it (4K
   aliasing), and where the linker put hits beside a table's first arrays so, the loop's stores
   cost that column 1.2-1.4 times its time (docs/benchmarks.md). */
static struct {
  unsigned char pad[2048];
  unsigned v[65536];
} hits_at __attribute__((aligned(4096)));
#define hits (hits_at.v)
static long misses;
#define BRANCHER(name, fn, lower)                                                                  \
  TIMED long branch_##name(const struct stream *st) {                                              \
    for (const struct item *it = st->item, *end = it + st->n; it != end; it++) {                   \
      int id = fn(it->p, it->n);                                                                   \
      if (id >= 0)                                                                                 \
        hits[id]++;                                                                                \
      else                                                                                         \
        misses++;                                                                                  \
    }                                                                                              \
    return misses;                                                                                 \
  }
IMPLS(BRANCHER)

/* A loop where each lookup waits for the one before: its name's address depends on the id
   before (through chase_zero, 0, which the compiler cannot know), so that a lookup's time is
   its latency. */
volatile size_t chase_zero;
#define CHASER(name, fn, lower)                                                                    \
  TIMED long chase_##name(const struct stream *st) {                                               \
    size_t zero = chase_zero, id = 0;                                                              \
    long sum = 0;                                                                                  \
    for (const struct item *it = st->item, *end = it + st->n; it != end; it++) {                   \
      id = (size_t)fn(it->p + (id & zero), it->n + (id & zero));                                   \
      sum += (long)id;                                                                             \
    }                                                                                              \
    return sum;                                                                                    \
  }
IMPLS(CHASER)

/* The branching loop's floor: the same loop over the answers, known in advance (st->answer),
   so that the branch resolves as soon as its id is read: what any lookup costs the caller at
   the least. */
TIMED static long branch_floor(const struct stream *st) {
  for (const int *a = st->answer, *end = a + st->n; a != end; a++)
    if (*a >= 0)
      hits[*a]++;
    else
      misses++;
  return misses;
}

/* The latency loop's floor: the least table lookup there is, which answers with the entry of a
   256-entry table at the name's first byte, so that each answer waits for the call and two loads
   (the byte, then the entry) and nothing else: what any lookup whose answer is read from a table
   indexed by the name's bytes costs that loop at the least. The table is all 0s, written at run
   time so that no compiler can know it. */
int chase_table[256];
__attribute__((noinline)) static int table_floor(const char *name, size_t len) {
  (void)len;
  return chase_table[(unsigned char)name[0]];
}
CHASER(floor, table_floor, 0)

static const struct impl {
  const char *name;
  long (*run)(const struct stream *);
  long (*branch)(const struct stream *);
  long (*chase)(const struct stream *);
  int (*lookup)(const char *, size_t);
  int lower; /* it takes lowercase input only: time it on the lowercase twin of each stream */
} impls[] = {
#define ENTRY(name, fn, lower) {#name, run_##name, branch_##name, chase_##name, fn, lower},
    IMPLS(ENTRY)};
#define NIMPLS (sizeof impls / sizeof impls[0])
/* How many bytes the stream's names fill in its buffer. */
static size_t used(const struct stream *st) {
  return st->n ? st->off[st->n - 1] + st->len[st->n - 1] : 0;
}

/* Whether the streams need their answers (the branching loop's floor): not in the tool modes,
   which time nothing, so that under an emulator they start in a second. */
static int need_answers = 1;

/* Makes the stream's item array from its offsets and lengths, over a copy of its names that
   starts on a 64-byte boundary: names cross cache lines where the same stream in another
   buffer would, so that streams of the same names time alike. */
static void finish(struct stream *st) {
  size_t size = used(st);
  void *names;
  st->item = malloc((st->n + 1) * sizeof *st->item);
  if (posix_memalign(&names, 64, size + 1) != 0 || st->item == NULL)
    exit(2);
  memcpy(names, st->base, size);
  free(st->base);
  st->base = names;
  st->answer = malloc((st->n + 1) * sizeof *st->answer);
  if (st->answer == NULL)
    exit(2);
  for (size_t i = 0; i < st->n; i++) {
    st->item[i] = (struct item){st->base + st->off[i], st->len[i]};
    st->answer[i] = need_answers ? linear_lookup(st->item[i].p, st->item[i].n) : 0; /* not hhn */
  }
}

static void add(struct stream *st, const char *s, size_t n, size_t *cap) {
  if (st->n == *cap) {
    *cap = *cap ? 2 * *cap : 1024;
    st->off = realloc(st->off, *cap * sizeof *st->off);
    st->len = realloc(st->len, *cap * sizeof *st->len);
    if (st->off == NULL || st->len == NULL)
      exit(2);
  }
  size_t at = used(st);
  st->base = realloc(st->base, at + n + 1);
  if (st->base == NULL)
    exit(2);
  memcpy(st->base + at, s, n);
  st->off[st->n] = at;
  st->len[st->n++] = n;
}

/* Reads a stream of one name per line (what comes before a tab, in a .tsv) with the core's
   reader (tests/bench/core.h); returns 0, or -1 if the file is not there. */
static int read_stream(struct stream *st, const char *label, const char *path) {
  struct bench_stream in;
  size_t cap = 0;
  memset(st, 0, sizeof *st);
  st->label = label;
  if (bench_stream_read(&in, path, BENCH_AS_SENT) != 0)
    return -1;
  for (size_t i = 0; i < in.count; i++)
    add(st, in.fields[i].name, in.fields[i].nlen, &cap);
  bench_stream_free(&in);
  return 0;
}

/* A copy of src with every name changed by how: 'U'ppercase, 'l'owercase, 's'huffled. */
static void derive(struct stream *dst, const struct stream *src, const char *label, char how) {
  size_t cap = 0, *order = malloc(src->n * sizeof *order);
  uint64_t x = 0x9e3779b97f4a7c15u; /* a fixed seed: the same shuffle every run */
  memset(dst, 0, sizeof *dst);
  dst->label = label;
  for (size_t i = 0; i < src->n; i++)
    order[i] = i;
  if (how == 's')
    for (size_t i = src->n; i > 1; i--) {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;
      size_t j = x % i, t = order[i - 1];
      order[i - 1] = order[j], order[j] = t;
    }
  for (size_t i = 0; i < src->n; i++) {
    char buf[1024];
    size_t n = src->len[order[i]];
    memcpy(buf, src->base + src->off[order[i]], n);
    for (size_t k = 0; k < n; k++) {
      if (how == 'U' && buf[k] >= 'a' && buf[k] <= 'z')
        buf[k] -= 32;
      if (how == 'l' && buf[k] >= 'A' && buf[k] <= 'Z')
        buf[k] += 32;
    }
    add(dst, buf, n, &cap);
  }
  free(order);
}

/* Names no list has, of realistic lengths: X- and capitalized words, 8 to 32 bytes. */
static void unknown_stream(struct stream *st, size_t count) {
  static const char *const words[] = {"Acme",  "Request", "Trace", "Session", "Edge", "Cache",
                                      "Token", "Client",  "Shard", "Debug",   "Id",   "Route",
                                      "Mode",  "Hint",    "Proxy", "Backend", "Ttl",  "Origin"};
  uint64_t x = 0x2545f4914f6cdd1du;
  size_t cap = 0;
  memset(st, 0, sizeof *st);
  st->label = "unknown X-...";
  while (st->n < count) {
    char buf[64] = "X";
    size_t want = 8 + (x % 25);
    while (strlen(buf) < want) {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;
      strcat(buf, "-");
      strcat(buf, words[x % (sizeof words / sizeof words[0])]);
    }
    buf[want] = '\0'; /* the last word cut to length, so that no name passes 32 bytes */
    if (linear_lookup(buf, strlen(buf)) == -1) /* not hhn: callgrind counts hhn's calls */
      add(st, buf, strlen(buf), &cap);
  }
}

#define now bench_now

/* Orders doubles, for qsort. */
static int by_value(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

#define MAX_FILES 12 /* streams read from the folder: each makes 4 */
#define MAX_STREAMS (4 * MAX_FILES + 1)
static struct stream streams[MAX_STREAMS], lowered[MAX_STREAMS];
static int nstreams;

static int by_name(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The stream files of dir (*.txt and *.tsv), sorted, into files (at most MAX_FILES, each
   malloc'd); returns how many, or exits if dir cannot be read or has none. */
static int stream_files(const char *dir, char **files) {
  DIR *d = opendir(dir);
  struct dirent *e;
  int n = 0;
  if (d == NULL) {
    fprintf(stderr, "bench: cannot read the folder %s (make bench writes build/traffic)\n", dir);
    exit(1);
  }
  while ((e = readdir(d)) != NULL && n < MAX_FILES) {
    size_t len = strlen(e->d_name);
    if (len > 4 &&
        (strcmp(e->d_name + len - 4, ".txt") == 0 || strcmp(e->d_name + len - 4, ".tsv") == 0))
      files[n++] = strdup(e->d_name);
  }
  closedir(d);
  if (n == 0) {
    fprintf(stderr, "bench: %s holds no stream (*.txt, *.tsv)\n", dir);
    exit(1);
  }
  qsort(files, (size_t)n, sizeof *files, by_name);
  return n;
}

/* The label of the stream in file with how it is changed: the file's name less its extension
   and "-names", then how ("as sent", ...). */
static const char *label_of(const char *file, const char *how) {
  char base[256], *cut, *label = malloc(300);
  snprintf(base, sizeof base, "%.*s", (int)(strlen(file) - 4), file);
  if ((cut = strstr(base, "-names")) != NULL)
    memmove(cut, cut + 6, strlen(cut + 6) + 1);
  snprintf(label, 300, "%s %s", base, how);
  return label;
}

/* Builds every stream from the traffic folder: each file as sent, in uppercase, in lowercase
   and shuffled; then the unknown names. */
static void build_streams(const char *dir) {
  char *files[MAX_FILES];
  int n = stream_files(dir, files);
  for (int i = 0; i < n; i++) {
    char path[4096];
    struct stream base;
    snprintf(path, sizeof path, "%s/%s", dir, files[i]);
    if (read_stream(&base, label_of(files[i], "as sent"), path) != 0 || base.n == 0) {
      fprintf(stderr, "bench: cannot read %s, or it holds no name\n", path);
      exit(1);
    }
    streams[nstreams++] = base;
    derive(&streams[nstreams++], &base, label_of(files[i], "UPPERCASE"), 'U');
    derive(&streams[nstreams++], &base, label_of(files[i], "lowercase"), 'l');
    derive(&streams[nstreams++], &base, label_of(files[i], "shuffled"), 's');
    free(files[i]);
  }
  unknown_stream(&streams[nstreams++], 20000);
  for (int s = 0; s < nstreams; s++) {
    derive(&lowered[s], &streams[s], streams[s].label, 'l');
    finish(&streams[s]);
    finish(&lowered[s]);
  }
}

/* Checks that every implementation gives every name of every stream the same id. */
static long agree(void) {
  long checked = 0;
  for (int s = 0; s < nstreams; s++)
    for (size_t i = 0; i < streams[s].n; i++) {
      const char *p = streams[s].base + streams[s].off[i], *q = lowered[s].base + lowered[s].off[i];
      size_t n = streams[s].len[i];
      int want = hhn_lookup(p, n);
      for (size_t k = 1; k < NIMPLS - 1; k++) { /* all but loop_only */
        int got = impls[k].lookup(impls[k].lower ? q : p, n);
        if (got != want) {
          fprintf(stderr, "bench: %s gives %d for '%.*s', hhn %d\n", impls[k].name, got, (int)n, p,
                  want);
          exit(1);
        }
        checked++;
      }
    }
  return checked;
}

/* Prints a table's header (tests/bench/core.h's): the lead columns, "stream" and the next
   one if names, then the names of the first n implementations. */
static void header(int names, size_t n) {
  const char *columns[2 + NIMPLS] = {"stream", "names"};
  for (size_t k = 0; k < n; k++)
    columns[1 + names + k] = impls[k].name;
  bench_header(columns, (int)(1 + names + n));
}

/* === Cold caches ============================================================================== */

#define GROUP 12         /* lookups a group: about one request's headers */
#define GROUPS 2000      /* groups timed a run */
#define SWEEP (4u << 20) /* bytes read between groups: more than a core's L2 */

static unsigned char *sweep_buffer;

/* Reads the sweep buffer, a byte a cache line, so that the lookups' tables leave L1 and L2. */
static void sweep(void) {
  volatile unsigned char sink = 0;
  for (size_t i = 0; i < SWEEP; i += 64)
    sink ^= sweep_buffer[i];
  (void)sink;
}

/* The ns of one group of n lookups of impl from it (n == 0: the clock's cost alone), after a
   sweep. */
static double cold_once(int (*lookup)(const char *, size_t), const struct item *it, int n,
                        long *sum) {
  sweep();
  double t0 = now();
  for (int i = 0; i < n; i++)
    *sum += lookup(it[i].p, it[i].n);
  return now() - t0;
}

/* The ns per lookup of impl on st with cold caches: for each of GROUPS groups, the time of its
   GROUP lookups less that of an empty group timed just before it (the clock's cost), each after
   a sweep; the median of those, which a single slow group moves not at all (the difference of
   two means went below 0 where a sweep was slow). */
static double cold_group(int (*lookup)(const char *, size_t), const struct stream *st) {
  static double d[GROUPS];
  long sum = 0;
  for (size_t g = 0; g < GROUPS; g++) {
    const struct item *it = st->item + (g * GROUP) % (st->n - GROUP);
    double clock = cold_once(lookup, it, 0, &sum);
    d[g] = (cold_once(lookup, it, GROUP, &sum) - clock) / GROUP;
  }
  volatile long sink = sum;
  (void)sink;
  qsort(d, GROUPS, sizeof d[0], by_value);
  return d[GROUPS / 2] > 0 ? d[GROUPS / 2] : 0;
}

/* Prints a row of ns per lookup with cold caches for each of the first PEERS implementations
   on the stream: best of 3 runs. */
static void cold_row(const struct stream *st, const struct stream *lower) {
  double best[PEERS];
  for (size_t k = 0; k < PEERS; k++) {
    best[k] = 1e300;
    for (int r = 0; r < 3; r++) {
      double t = cold_group(impls[k].lookup, impls[k].lower ? lower : st);
      best[k] = t < best[k] ? t : best[k];
    }
  }
  printf("| %s |", st->label);
  for (size_t k = 0; k < PEERS; k++)
    printf(k ? " %.2f (%.2fx) |" : " %.2f |", best[k], best[k] / best[0]);
  printf("\n");
}

/* Prints the cold-cache table: h1 and h2 as sent, and unknown names. */
static void cold_table(void) {
  if ((sweep_buffer = malloc(SWEEP)) == NULL)
    exit(2);
  memset(sweep_buffer, 1, SWEEP);
  printf("\nCold caches: groups of %d lookups (one request's headers), each after reading %u MB, "
         "more\nthan L2 holds; ns per lookup, the median of %d groups, each less what the clock "
         "costs,\nbest of 3 runs (in brackets: how many times %s's time)\n\n",
         GROUP, SWEEP >> 20, GROUPS, impls[0].name);
  header(0, PEERS);
  for (int s = 0; s < nstreams; s++)
    if (strstr(streams[s].label, "as sent") || strstr(streams[s].label, "unknown"))
      cold_row(&streams[s], &lowered[s]);
  free(sweep_buffer);
}

/* Prints how many bytes each implementation's object takes: its tables and its code. */
static void bytes_table(void) {
  static const unsigned long bytes[] = TABLE_BYTES;
  printf("\nBytes of each implementation's object (its tables and code, as size counts them; "
         "in\nbrackets: how many times %s's)\n\n|",
         impls[0].name);
  for (size_t k = 0; k + 1 < NIMPLS; k++)
    printf(" %s |", impls[k].name);
  printf("\n|");
  for (size_t k = 0; k + 1 < NIMPLS; k++)
    printf("---:|");
  printf("\n|");
  for (size_t k = 0; k + 1 < NIMPLS; k++)
    printf(k ? " %lu (%.2fx) |" : " %lu |", bytes[k], (double)bytes[k] / (double)bytes[0]);
  printf("\n");
}

/* === The program ============================================================================== */

/* --list, --instr and --step: what tests/bench/instr.sh runs; -1 when argv asks for none */
static int wide_instr(const char *name, int s);

static int tool_mode(int argc, char **argv) {
  if ((argc == 2 || argc == 3) && strcmp(argv[1], "--list") == 0) {
    for (size_t k = 0; k < NIMPLS; k++)
      printf("%s%s", k ? " " : "", impls[k].name);
    puts("");
    need_answers = 0;
    build_streams(argc == 3 ? argv[2] : "build/traffic");
    for (int s = 0; s < nstreams; s++)
      printf("%d %s\n", s, streams[s].label);
    return 0;
  }
  int step = argc == 5 && strcmp(argv[1], "--step") == 0;
  if (!(argc == 5 && (strcmp(argv[1], "--instr") == 0 || step)))
    return -1;
  need_answers = 0;
  build_streams(argv[4]); /* --instr IMPL STREAM DIR */
  int s = atoi(argv[3]);
  for (size_t k = 0; k < NIMPLS; k++)
    if (strcmp(impls[k].name, argv[2]) == 0 && s >= 0 && s < nstreams) {
      if (step)
        raise(SIGTRAP); /* steps takes over here */
      long sum = impls[k].run(impls[k].lower ? &lowered[s] : &streams[s]);
      printf("%s %s %zu lookups (sum %ld)\n", impls[k].name, streams[s].label, streams[s].n, sum);
      return 0;
    }
  return step || s < 0 || s >= nstreams ? 2 : wide_instr(argv[2], s);
}

enum { REPS = 25 };
/* best: the plain loop's least ns per lookup; branched: the branching loop's; floor: its floor */
static double best[MAX_STREAMS][NIMPLS], branched[MAX_STREAMS][NIMPLS], floor_ns[MAX_STREAMS];
static double chased[MAX_STREAMS][NIMPLS], chase_floor_ns[MAX_STREAMS];
/* each run's time of the branching loop, for ratios of one run (see paired) */
static double branch_run[REPS][MAX_STREAMS][NIMPLS];

/* The ns per lookup of one run of loop over in, after an untimed one: the run before, of another
   implementation (linear's, a few ms long), left the caches full of its own data. */
static double timed(long (*loop)(const struct stream *), const struct stream *in) {
  volatile long sink = loop(in);
  double t0 = now();
  sink = loop(in);
  (void)sink;
  return (now() - t0) / (double)in->n;
}

/* Keeps the least of *at and t in *at. */
static void keep_least(double *at, double t) { *at = t < *at ? t : *at; }

/* best, branched and floor_ns: the least of REPS runs of each loop */
static void warm_time(void) {
  for (int s = 0; s < nstreams; s++) {
    floor_ns[s] = chase_floor_ns[s] = 1e300;
    for (size_t k = 0; k < NIMPLS; k++)
      best[s][k] = branched[s][k] = chased[s][k] = 1e300;
  }
  for (int r = 0; r < REPS; r++) /* interleaved, so that drift hits every column alike */
    for (int s = 0; s < nstreams; s++) {
      for (size_t k = 0; k < NIMPLS; k++) {
        const struct stream *in = impls[k].lower ? &lowered[s] : &streams[s];
        keep_least(&best[s][k], timed(impls[k].run, in));
        branch_run[r][s][k] = timed(impls[k].branch, in);
        keep_least(&branched[s][k], branch_run[r][s][k]);
        keep_least(&chased[s][k], timed(impls[k].chase, in));
      }
      keep_least(&floor_ns[s], timed(branch_floor, &streams[s]));
      keep_least(&chase_floor_ns[s], timed(chase_floor, &streams[s]));
    }
}

/* The median over the runs of the branching loop's time of implementation a over b's on stream
   s, each in one run: a slow phase of the machine, which slows both, moves it little (a ratio
   of the best times can pair a slow run of one with a fast one of the other). */
static double paired(int s, size_t a, size_t b) {
  double r[REPS];
  for (int i = 0; i < REPS; i++)
    r[i] = branch_run[i][s][a] / branch_run[i][s][b];
  qsort(r, REPS, sizeof r[0], by_value);
  return r[REPS / 2];
}

/* The index of the implementation called name, or NIMPLS. */
static size_t impl_index(const char *name) {
  size_t k = 0;
  while (k < NIMPLS && strcmp(impls[k].name, name) != 0)
    k++;
  return k;
}

/* The warm tables: time per lookup as measured, then with the loop's own time taken off */
static void warm_tables(void) {
  printf("\nns per lookup, best of %d runs, each after an untimed one (in brackets: how many "
         "times %s's time)\n\n",
         REPS, impls[0].name);
  header(1, NIMPLS);
  for (int s = 0; s < nstreams; s++) {
    printf("| %s | %zu |", streams[s].label, streams[s].n);
    for (size_t k = 0; k < NIMPLS; k++)
      if (k == 0)
        printf(" %.2f |", best[s][k]);
      else
        printf(" %.2f (%.2fx) |", best[s][k], best[s][k] / best[s][0]);
    printf("\n");
  }
  printf("\nThe same with loop_only's time taken off each: the lookups' own cost, ns\n\n");
  header(0, NIMPLS - 1);
  for (int s = 0; s < nstreams; s++) {
    double loop = best[s][NIMPLS - 1], own = best[s][0] - loop;
    printf("| %s |", streams[s].label);
    for (size_t k = 0; k + 1 < NIMPLS; k++)
      if (k == 0)
        printf(" %.2f |", own);
      else
        printf(" %.2f (%.2fx) |", best[s][k] - loop, (best[s][k] - loop) / own);
    printf("\n");
  }
  printf("\nloop_only calls a function that looks nothing up: the cost of the loop around every\n"
         "lookup.%s\n",
         impl_index("switch") < NIMPLS
             ? " hhn_lower, hhn_lower_portable and switch are given every stream in "
               "lowercase,\nas HTTP/2 and HTTP/3 send names; *_portable is hhn's table "
               "built with -DHHN_NO_AVX512,\nwhat CPUs without AVX-512 run."
         : impl_index("hhn_lower") < NIMPLS ? " *_lower are given every stream in lowercase."
                                            : "");
}

/* The lowercase lookups against the switch: how many times their time the switch takes, with
   the loop and without it. */
static void lower_table(void) {
  size_t sw = impl_index("switch"),
         lower[] = {impl_index("hhn_lower"), impl_index("hhn_lower_avx2"),
                    impl_index("hhn_lower_portable")};
  if (sw == NIMPLS)
    return;
  printf("\nThe lookups of lowercase names: the switch's time as a multiple of hhn_lower's,\n"
         "hhn_lower_avx2's and hhn_lower_portable's, with the loop, and (in brackets) without "
         "it\n\n| stream | switch / hhn_lower | switch / hhn_lower_avx2 | switch / "
         "hhn_lower_portable |\n|---|---:|---:|---:|\n");
  for (int s = 0; s < nstreams; s++) {
    double loop = best[s][NIMPLS - 1];
    printf("| %s |", streams[s].label);
    for (size_t i = 0; i < 3; i++)
      printf(" %.2fx (%.2fx) |", best[s][sw] / best[s][lower[i]],
             (best[s][sw] - loop) / (best[s][lower[i]] - loop));
    printf("\n");
  }
}

/* The branching loop's table: ns per lookup of each implementation beside the floor, and the
   switch's time as a multiple of each of hhn's lookups' in that loop. */
static void branch_tables(void) {
  printf(
      "\nThe loop that branches on the answer, known or not, as a caller does; floor: the same\n"
      "loop over the answers known in advance. ns per lookup, best of %d runs (in brackets: how\n"
      "many times %s's time)\n\n| stream | floor |",
      REPS, impls[0].name);
  for (size_t k = 0; k + 1 < NIMPLS; k++)
    printf(" %s |", impls[k].name);
  printf("\n|---|---:|");
  for (size_t k = 0; k + 1 < NIMPLS; k++)
    printf("---:|");
  printf("\n");
  for (int s = 0; s < nstreams; s++) {
    printf("| %s | %.2f |", streams[s].label, floor_ns[s]);
    for (size_t k = 0; k + 1 < NIMPLS; k++)
      printf(k ? " %.2f (%.2fx) |" : " %.2f |", branched[s][k], branched[s][k] / branched[s][0]);
    printf("\n");
  }
  printf("\nLatency: each lookup waits for the one before (its name's address depends on the "
         "id);\nns per lookup, best of %d runs; floor: the least table lookup, a call that returns "
         "the entry\nof a table at the name's first byte (two loads), which no lookup that reads "
         "its answer from\na table can beat\n\n| stream | floor |",
         REPS);
  for (size_t k = 0; k < NIMPLS; k++)
    printf(" %s |", impls[k].name);
  printf("\n|---|---:|");
  for (size_t k = 0; k < NIMPLS; k++)
    printf("---:|");
  printf("\n");
  for (int s = 0; s < nstreams; s++) {
    printf("| %s | %.2f |", streams[s].label, chase_floor_ns[s]);
    for (size_t k = 0; k < NIMPLS; k++)
      printf(k ? " %.2f (%.2fx) |" : " %.2f |", chased[s][k], chased[s][k] / chased[s][0]);
    printf("\n");
  }
  static const char *const ours[] = {"hhn",
                                     "hhn_avx2",
                                     "hhn_portable",
                                     "hhn_lower",
                                     "hhn_lower_avx2",
                                     "hhn_lower_portable",
                                     "hhn_static",
                                     "hhn_static_portable",
                                     "hhn_static_lower",
                                     "hhn_static_lower_portable"};
  enum { OURS = sizeof ours / sizeof ours[0] };
  size_t sw = impl_index("switch");
  if (sw == NIMPLS)
    return;
  printf("\nIn the loop that branches: the switch's time as a multiple of each of hhn's, the "
         "median over\nthe runs of the two times of one run\n\n| stream |");
  for (size_t i = 0; i < OURS; i++)
    printf(" switch / %s |", ours[i]);
  printf("\n|---|");
  for (size_t i = 0; i < OURS; i++)
    printf("---:|");
  printf("\n");
  for (int s = 0; s < nstreams; s++) {
    printf("| %s |", streams[s].label);
    for (size_t i = 0; i < OURS; i++)
      printf(" %.2fx |", paired(s, sw, impl_index(ours[i])));
    printf("\n");
  }
}

#if !defined HHN_BENCH_AB
/* UTF-16: each stream widened, as a JavaScript engine holds a name once a character of it is
   above U+00FF, looked up by hhn_lookup16 (with AVX-512, and portable) beside the 8-bit
   lookups; and the WebKit way: narrow to a stack copy (unknown if a unit is above 0xFF), then
   gperf's lookup with WebKit's flags. */
struct item16 {
  const uint16_t *p;
  size_t n;
};

static int webkit16(const uint16_t *s, size_t n) {
  char buf[256];
  if (n > sizeof buf)
    return -1;
  for (size_t i = 0; i < n; i++) {
    if (s[i] > 0xFF)
      return -1;
    buf[i] = (char)s[i];
  }
  return webkit_lookup(buf, n);
}

#define WIDE_IMPLS(X) X(hhn_lookup16) X(hhnp_lookup16) X(webkit16)
#define WIDE_RUNNER(fn)                                                                            \
  TIMED static long wide_##fn(const struct item16 *it, size_t n) {                                 \
    long sum = 0;                                                                                  \
    for (size_t i = 0; i < n; i++)                                                                 \
      sum += fn(it[i].p, it[i].n);                                                                 \
    return sum;                                                                                    \
  }
WIDE_IMPLS(WIDE_RUNNER)

/* The stream's names widened to UTF-16 into *units (malloc'd), in its buffer's layout. */
static struct item16 *widen(const struct stream *st, uint16_t **units_out);

/* bench --instr of a UTF-16 lookup: runs it once over stream s widened; 2 if it has no such. */
static int wide_instr(const char *name, int s) {
#define WIDE_INSTR(fn)                                                                             \
  if (strcmp(name, #fn) == 0) {                                                                    \
    uint16_t *units;                                                                               \
    struct item16 *it = widen(&streams[s], &units);                                                \
    long sum = wide_##fn(it, streams[s].n);                                                        \
    printf("%s %s %zu lookups (sum %ld)\n", name, streams[s].label, streams[s].n, sum);            \
    free(units), free(it);                                                                         \
    return 0;                                                                                      \
  }
  WIDE_IMPLS(WIDE_INSTR)
  return 2;
}

static struct item16 *widen(const struct stream *st, uint16_t **units_out) {
  uint16_t *units = malloc((used(st) + 1) * sizeof *units);
  struct item16 *it = malloc((st->n + 1) * sizeof *it);
  if (units == NULL || it == NULL)
    exit(2);
  *units_out = units;
  for (size_t i = 0; i < used(st); i++)
    units[i] = (unsigned char)st->base[i];
  for (size_t i = 0; i < st->n; i++)
    it[i] = (struct item16){units + st->off[i], st->len[i]};
  return it;
}

/* The ns per lookup of one run of loop over the n names of it, after an untimed one. */
static double wide_timed(long (*loop)(const struct item16 *, size_t), const struct item16 *it,
                         size_t n) {
  volatile long sink = loop(it, n);
  double t0 = now();
  sink = loop(it, n);
  (void)sink;
  return (now() - t0) / (double)n;
}

/* The UTF-16 table: each 16-bit lookup's least ns per lookup of REPS runs, beside the 8-bit
   lookup's of the plain loop (best[]). */
static void wide_table(void) {
  static long (*const loops[])(const struct item16 *, size_t) = {
#define WIDE_ENTRY(fn) wide_##fn,
      WIDE_IMPLS(WIDE_ENTRY)};
  size_t hhn = impl_index("hhn"), hhnp = impl_index("hhn_portable");
  printf("\nUTF-16: the streams widened; ns per lookup, best of %d runs (in brackets: over the\n"
         "8-bit lookup's time, or for the WebKit way over hhn_lookup16's)\n\n"
         "| stream | hhn_lookup | hhn_lookup16 | portable | portable lookup16 | WebKit way |\n"
         "|---|---:|---:|---:|---:|---:|\n",
         REPS);
  for (int s = 0; s < nstreams; s++) {
    uint16_t *units;
    struct item16 *it = widen(&streams[s], &units);
    double t[3] = {1e300, 1e300, 1e300};
    for (int r = 0; r < REPS; r++)
      for (int k = 0; k < 3; k++)
        keep_least(&t[k], wide_timed(loops[k], it, streams[s].n));
    printf("| %s | %.2f | %.2f (%.2fx) | %.2f | %.2f (%.2fx) | %.2f (%.2fx) |\n", streams[s].label,
           best[s][hhn], t[0], t[0] / best[s][hhn], best[s][hhnp], t[1], t[1] / best[s][hhnp], t[2],
           t[2] / t[0]);
    free(units), free(it);
  }
}
#else
/* make bench-ab's build has no UTF-16 lookups to run. */
static int wide_instr(const char *name, int s) {
  (void)name, (void)s;
  return 2;
}
#endif

#if !defined HHN_BENCH_AB
/* Whether stream s is one the goals and classifications are timed on: one as sent (the
   shuffled ones too where shuffled), or the unknown names where unknown. */
static int timed_on(int s, int shuffled, int unknown) {
  const char *label = streams[s].label;
  size_t n = strlen(label);
  return (n > 8 && strcmp(label + n - 8, " as sent") == 0) ||
         (shuffled && n > 9 && strcmp(label + n - 9, " shuffled") == 0) ||
         (unknown && strncmp(label, "unknown", 7) == 0);
}

/* The goals of hhn's lookups beside their peers (docs/benchmarks-archive.md, "CPUs without
   AVX-512"), for each build: this CPU's pick, the AVX2 lookups (built on request) and the portable
   ones (what a CPU without AVX-512 runs): the switch's time, and WebKit's gperf table's, as
   multiples of hhn's in each loop. */
static void goals_table(void) {
  static const char *const builds[][3] = {{"this CPU's", "hhn", "hhn_lower"},
                                          {"avx2", "hhn_avx2", "hhn_lower_avx2"},
                                          {"portable", "hhn_portable", "hhn_lower_portable"}};
  size_t sw = impl_index("switch"), gperf = impl_index("gperf_webkit");
  printf("\nThe goals, for each build: in the loop that only adds ids up, the switch's time over "
         "hhn_lower's\n(at least 2) and WebKit's gperf table's over hhn's (at least 4); in the "
         "loop that branches, the\nswitch's over each (at least 1.5; the median over the runs of "
         "the two times of one run); in\nthe one that waits, the same (at least 1: no slower)\n\n"
         "| build | stream | plain: switch / lower | plain: "
         "gperf / hhn | branching: switch / hhn | branching: switch / lower | latency: switch / "
         "hhn | latency: switch / lower |\n|---|---|---:|---:|---:|---:|---:|---:|\n");
  for (size_t b = 0; b < 3; b++)
    for (int s = 0; s < nstreams; s++) {
      size_t h = impl_index(builds[b][1]), l = impl_index(builds[b][2]);
      if (!timed_on(s, 1, 0))
        continue;
      printf("| %s | %s | %.2fx | %.2fx | %.2fx | %.2fx | %.2fx | %.2fx |\n", builds[b][0],
             streams[s].label, best[s][sw] / best[s][l], best[s][gperf] / best[s][h],
             paired(s, sw, h), paired(s, sw, l), chased[s][sw] / chased[s][h],
             chased[s][sw] / chased[s][l]);
    }
}

/* Classification: telling a field name a token or not, and looking it up, in the loop that
   branches on the answer (a caller rejects the message, ignores the field or uses it by it).
   The peers are written here from what the stacks do: nghttp2's way, a check of each byte
   (a table load and a branch per byte, which answers "no token" and "uppercase"), then its
   token lookup (the switch, on lowercase names); WebKit's (Bun's Headers), isValidHTTPToken's
   loop over every byte, then findHTTPHeaderName (gperf with WebKit's flags). A name that
   begins with ':' both look up alone, as a stack checks its pseudo-headers, so that every
   implementation gives every name the same answer. */
static unsigned char peer_class[256]; /* 0: a tchar but an uppercase letter, 1: one, 2: none */

static void peer_classes(void) {
  for (int c = 0; c < 256; c++) {
    int token = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
                (c != 0 && strchr("!#$%&'*+-.^_`|~", c) != NULL);
    peer_class[c] = (unsigned char)(token ? 0 : c >= 'A' && c <= 'Z' ? 1 : 2);
  }
}

static int nghttp2_way(const char *s, size_t n) {
  unsigned up = 0;
  if (n > 0 && s[0] == ':') {
    int id = switch_lookup(s, n);
    return id >= 0 ? id : HHN_INVALID;
  }
  if (n == 0)
    return HHN_INVALID;
  for (size_t i = 0; i < n; i++) {
    unsigned c = peer_class[(unsigned char)s[i]];
    if (c == 2)
      return HHN_INVALID;
    up |= c;
  }
  return up ? HHN_UPPERCASE : switch_lookup(s, n);
}

static int webkit_way(const char *s, size_t n) {
  if (n > 0 && s[0] == ':') {
    int id = webkit_lookup(s, n);
    return id >= 0 ? id : HHN_INVALID;
  }
  if (n == 0)
    return HHN_INVALID;
  for (size_t i = 0; i < n; i++)
    if (peer_class[(unsigned char)s[i]] == 2)
      return HHN_INVALID;
  return webkit_lookup(s, n);
}

/* The classifications and what they are timed beside: lookup_lower (the goal is at most 1.1
   times its time), nghttp2's way and WebKit's, each of hhn's in the three builds (the CPU's
   pick, without AVX-512, without either vector lookup); the first seven take lowercase names. */
#define CLASSIFY_IMPLS(X)                                                                          \
  X(classify_lower, hhn_classify_lower, 1)                                                         \
  X(lookup_lower, hhn_lookup_lower, 1)                                                             \
  X(classify_lower_avx2, hhna_classify_lower, 1)                                                   \
  X(lookup_lower_avx2, hhna_lookup_lower, 1)                                                       \
  X(classify_lower_portable, hhnp_classify_lower, 1)                                               \
  X(lookup_lower_portable, hhnp_lookup_lower, 1)                                                   \
  X(nghttp2_way, nghttp2_way, 1)                                                                   \
  X(classify, hhn_classify, 0)                                                                     \
  X(classify_avx2, hhna_classify, 0)                                                               \
  X(classify_portable, hhnp_classify, 0)                                                           \
  X(webkit_way, webkit_way, 0)
CLASSIFY_IMPLS(BRANCHER)
static const struct impl classifiers[] = {
#define CLASSIFY_ENTRY(name, fn, lower) {#name, NULL, branch_##name, NULL, fn, lower},
    CLASSIFY_IMPLS(CLASSIFY_ENTRY)};
enum { NCLASSIFIERS = sizeof classifiers / sizeof classifiers[0] };

/* Exits unless every classification gives every name of stream s the answer that hhn's of its
   case rule gives. */
static void classify_agree(int s) {
  for (size_t i = 0; i < streams[s].n; i++) {
    const char *p = streams[s].base + streams[s].off[i], *q = lowered[s].base + lowered[s].off[i];
    size_t n = streams[s].len[i];
    for (size_t k = 0; k < NCLASSIFIERS; k++) {
      const struct impl *c = &classifiers[k];
      int got = c->lookup(c->lower ? q : p, n);
      int want = c->lower ? hhn_classify_lower(q, n) : hhn_classify(p, n);
      if (strncmp(c->name, "lookup", 6) != 0 && got != want) {
        fprintf(stderr, "bench: %s gives %d for '%.*s', hhn %d\n", c->name, got, (int)n, p, want);
        exit(1);
      }
    }
  }
}

/* UTF-16 classification: hhn_classify16 (with AVX-512, and portable) beside hhn_lookup16, and
   WebKit's way on UTF-16 (Bun's Headers on a JavaScript string): isValidHTTPToken's loop over
   every unit (a unit above 0x7F is no tchar), then the narrowing copy and gperf's lookup of
   webkit16. */
static int webkit16_way(const uint16_t *s, size_t n) {
  if (n > 0 && s[0] == ':') {
    int id = webkit16(s, n);
    return id >= 0 ? id : HHN_INVALID;
  }
  if (n == 0)
    return HHN_INVALID;
  for (size_t i = 0; i < n; i++)
    if (s[i] > 0x7F || peer_class[s[i]] == 2)
      return HHN_INVALID;
  return webkit16(s, n);
}
#define WIDE_CLASSIFY_IMPLS(X)                                                                     \
  X(hhn_classify16) X(hhn_lookup16) X(hhnp_classify16) X(hhnp_lookup16) X(webkit16_way)
#define WIDE_BRANCHER(fn)                                                                          \
  TIMED static long wide_branch_##fn(const struct item16 *it, size_t n) {                          \
    for (size_t i = 0; i < n; i++) {                                                               \
      int id = fn(it[i].p, it[i].n);                                                               \
      if (id >= 0)                                                                                 \
        hits[id]++;                                                                                \
      else                                                                                         \
        misses++;                                                                                  \
    }                                                                                              \
    return misses;                                                                                 \
  }
WIDE_CLASSIFY_IMPLS(WIDE_BRANCHER)

/* The UTF-16 classification table, on the streams of the 8-bit one, widened; exits unless each
   classification gives every name hhn_classify's answer on its bytes. */
static void classify16_table(void) {
  static long (*const loops[])(const struct item16 *, size_t) = {
#define WIDE_BRANCH_ENTRY(fn) wide_branch_##fn,
      WIDE_CLASSIFY_IMPLS(WIDE_BRANCH_ENTRY)};
  static int (*const fns[])(const uint16_t *, size_t) = {
#define WIDE_FN_ENTRY(fn) fn,
      WIDE_CLASSIFY_IMPLS(WIDE_FN_ENTRY)};
  static const char *const names[] = {
#define WIDE_NAME_ENTRY(fn) #fn,
      WIDE_CLASSIFY_IMPLS(WIDE_NAME_ENTRY)};
  enum { N = sizeof loops / sizeof loops[0] };
  printf("\nUTF-16 classification, the streams widened, in the loop that branches: ns per name, "
         "best\nof %d runs (*_portable: built with -DHHN_NO_AVX512)\n\n| stream | classify16 | "
         "lookup16 | classify16_portable | lookup16_portable | webkit16_way | classify16 / "
         "lookup16 | the same, portable | webkit16_way / classify16 | the same, portable "
         "|\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
         REPS);
  for (int s = 0; s < nstreams; s++) {
    if (!timed_on(s, 0, 1)) /* as sent, and the unknown names */
      continue;
    uint16_t *units;
    struct item16 *it = widen(&streams[s], &units);
    double t[N];
    for (size_t i = 0; i < streams[s].n; i++)
      for (size_t k = 0; k < N; k++) {
        int got = fns[k](it[i].p, it[i].n);
        int want = hhn_classify(streams[s].base + streams[s].off[i], it[i].n);
        if (strstr(names[k], "lookup") == NULL && got != want) { /* not the lookups */
          fprintf(stderr, "bench: %s gives %d for '%.*s', hhn_classify %d\n", names[k], got,
                  (int)it[i].n, streams[s].base + streams[s].off[i], want);
          exit(1);
        }
      }
    for (size_t k = 0; k < N; k++)
      t[k] = 1e300;
    for (int r = 0; r < REPS; r++)
      for (size_t k = 0; k < N; k++)
        keep_least(&t[k], wide_timed(loops[k], it, streams[s].n));
    printf("| %s | %.2f | %.2f | %.2f | %.2f | %.2f | %.2fx | %.2fx | %.2fx | %.2fx |\n",
           streams[s].label, t[0], t[1], t[2], t[3], t[4], t[0] / t[1], t[2] / t[3], t[4] / t[0],
           t[4] / t[2]);
    free(units), free(it);
  }
}

/* The index of the classifier called name (one of CLASSIFY_IMPLS). */
static size_t classifier(const char *name) {
  size_t k = 0;
  while (k + 1 < NCLASSIFIERS && strcmp(classifiers[k].name, name) != 0)
    k++;
  return k;
}

/* The classification table: each implementation's least ns per name of REPS runs of the
   branching loop, with the ratios that the goals are about, for each build. */
static void classify_table(void) {
  static const char *const builds[][2] = {{"classify_lower", "lookup_lower"},
                                          {"classify_lower_avx2", "lookup_lower_avx2"},
                                          {"classify_lower_portable", "lookup_lower_portable"}};
  double t[NCLASSIFIERS];
  size_t ng = classifier("nghttp2_way");
  peer_classes();
  printf("\nClassification in the loop that branches on the answer: ns per name, best of %d runs "
         "(the\nfirst seven given lowercase names, as HTTP/2 sends them; *_avx2: built with "
         "-DHHN_NO_AVX512 -DHHN_AVX2,\n*_portable: with -DHHN_NO_AVX512); then for each build, "
         "classify_lower / lookup_lower\nand nghttp2_way / classify_lower\n\n| stream |",
         REPS);
  for (size_t k = 0; k < NCLASSIFIERS; k++)
    printf(" %s |", classifiers[k].name);
  printf(" this CPU's | avx2 | portable | webkit_way / classify |\n|---|");
  for (size_t k = 0; k < NCLASSIFIERS + 4; k++)
    printf("---:|");
  printf("\n");
  for (int s = 0; s < nstreams; s++) {
    if (!timed_on(s, 0, 1)) /* as sent, and the unknown names */
      continue;
    classify_agree(s);
    for (size_t k = 0; k < NCLASSIFIERS; k++)
      t[k] = 1e300;
    for (int r = 0; r < REPS; r++)
      for (size_t k = 0; k < NCLASSIFIERS; k++)
        keep_least(&t[k],
                   timed(classifiers[k].branch, classifiers[k].lower ? &lowered[s] : &streams[s]));
    printf("| %s |", streams[s].label);
    for (size_t k = 0; k < NCLASSIFIERS; k++)
      printf(" %.2f |", t[k]);
    for (size_t b = 0; b < 3; b++) {
      size_t cl = classifier(builds[b][0]), lk = classifier(builds[b][1]);
      printf(" %.2fx, %.2fx |", t[cl] / t[lk], t[ng] / t[cl]);
    }
    printf(" %.2fx |\n", t[classifier("webkit_way")] / t[classifier("classify")]);
  }
}
#endif

/* Whether this CPU runs hhn's AVX-512 lookups, and its AVX2 ones: the tests their resolvers
   make. */
static int cpu_has_avx512(void) {
#if defined(__x86_64__) && defined(__GNUC__)
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl");
#else
  return 0;
#endif
}
static int cpu_has_avx2(void) {
#if defined(__x86_64__) && defined(__GNUC__)
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2");
#else
  return 0;
#endif
}

/* Writes the CPU's name, as it tells it, into buf: cpuid's brand string, family and model on
   x86-64. */
static void cpu_name(char *buf, size_t size) {
  snprintf(buf, size, "unknown");
#if defined(__x86_64__) && defined(__GNUC__)
  unsigned r[12], max = __get_cpuid_max(0x80000000, NULL);
  if (max >= 0x80000004) {
    for (unsigned i = 0; i < 3; i++)
      __get_cpuid(0x80000002 + i, &r[4 * i], &r[4 * i + 1], &r[4 * i + 2], &r[4 * i + 3]);
    char brand[49];
    memcpy(brand, r, 48);
    brand[48] = '\0';
    const char *b = brand;
    while (*b == ' ')
      b++;
    unsigned a = 0, bx, c, d, family, model;
    if (!__get_cpuid(1, &a, &bx, &c, &d))
      a = 0;
    family = (a >> 8 & 15) + (((a >> 8 & 15) == 15) ? (a >> 20 & 255) : 0);
    model = (a >> 4 & 15) | ((family >= 6) ? (a >> 12 & 0xF0) : 0);
    snprintf(buf, size, "%s (family %u, model %u)", b, family, model);
  }
#endif
}

/* What each implementation runs on this CPU: for hhn's, the lookup its build and the CPU
   pick (the tests hhn's resolvers make, repeated here). */
static const char *path_of(const char *name) {
  int avx512 = cpu_has_avx512(), avx2 = cpu_has_avx2();
  if (strncmp(name, "hhn_static", 10) == 0 && strstr(name, "portable") != NULL)
    return "portable C: hhn-gen --static, included with HHN_NO_AVX512 defined";
  if (strstr(name, "portable") != NULL)
    return "portable C: hhn's table built with -DHHN_NO_AVX512";
  if (strstr(name, "avx2") != NULL)
    return avx2 ? "AVX2: hhn's table built with -DHHN_NO_AVX512 -DHHN_AVX2, picked when the "
                  "program loads"
                : "portable C: hhn's table built with -DHHN_NO_AVX512 -DHHN_AVX2 (no AVX2 here)";
  if (strncmp(name, "hhn_static", 10) == 0)
    return avx512 ? "AVX-512: hhn-gen --static, the lookup picked at each call"
                  : "portable C: hhn-gen --static, the lookup picked at each call";
  int ours = strcmp(name, "hhn") == 0 || strcmp(name, "hhn_lower") == 0 ||
             strcmp(name, "old") == 0 || strcmp(name, "old_lower") == 0;
#if defined HHN_BENCH_AB_PORTABLE
  if (ours)
    return "portable C: the table built with -DHHN_NO_AVX512 -DHHN_NO_AVX2";
#elif defined HHN_BENCH_AB_AVX2
  if (ours)
    return avx2 ? "AVX2 (of a table that has it): the table built with -DHHN_NO_AVX512 -DHHN_AVX2"
                : "portable C: the table built with -DHHN_NO_AVX512 -DHHN_AVX2 (no AVX2 here)";
#endif
  if (ours)
    return avx512 ? "AVX-512: picked when the program loads"
                  : "portable C: picked when the program loads (no AVX-512BW and VL here)";
  if (strncmp(name, "gperf", 5) == 0)
    return "gperf's lookup, its own C";
  if (strcmp(name, "switch") == 0)
    return "switch on the length and the last byte, then memcmp";
  if (strcmp(name, "linear") == 0)
    return "strncasecmp over the list";
  return "no lookup: the loop alone";
}

/* The compiler that built the benchmark (its figures hold for it alone), and the list. */
#if defined(__clang__)
#define COMPILER "clang " __clang_version__
#elif defined(__GNUC__)
#define COMPILER "gcc " __VERSION__
#else
#define COMPILER "an unknown compiler"
#endif
#if !defined(HHN_BENCH_LIST)
#define HHN_BENCH_LIST "the list of its tables"
#endif

/* Says which CPU the run is on, by what compiler and of what list it was built, and what each
   column runs. */
static void describe(void) {
  char name[96];
  cpu_name(name, sizeof name);
  printf("CPU: %s; AVX-512BW and VL: %s; AVX2: %s; run on CPU %d\nbuilt by %s, of %s\n\n"
         "| column | runs |\n|---|---|\n",
         name, cpu_has_avx512() ? "yes" : "no", cpu_has_avx2() ? "yes" : "no", sched_getcpu(),
         COMPILER, HHN_BENCH_LIST);
  for (size_t k = 0; k < NIMPLS; k++)
    printf("| %s | %s |\n", impls[k].name, path_of(impls[k].name));
  fflush(stdout); /* before the long runs */
}

/* === What a reader of make bench sees first and last ========================================= */
#if !defined HHN_BENCH_AB

/* On a terminal, says on stderr which group of tables (k of n) is being timed, over the last
   line; "" at the end clears it. The tables go to stdout, often a file. */
static void progress(int k, int n, const char *what) {
  static int tty = -1;
  if (tty < 0)
    tty = isatty(2);
  if (tty && *what)
    fprintf(stderr, "\r\033[Kbench: %d of %d: %s", k, n, what);
  else if (tty)
    fprintf(stderr, "\r\033[K");
}

/* The least and the most of a ratio over the streams as sent, as "1.23-4.56x". */
static const char *ratio_range(char *buf, size_t size, double (*ratio)(int s, size_t a, size_t b),
                               size_t a, size_t b) {
  double lo = 1e300, hi = 0;
  for (int s = 0; s < nstreams; s++)
    if (timed_on(s, 0, 0)) {
      double r = ratio(s, a, b);
      lo = r < lo ? r : lo, hi = r > hi ? r : hi;
    }
  snprintf(buf, size, hi > 0 ? "%.2f-%.2fx" : "no stream as sent", lo, hi);
  return buf;
}

static double plain_ratio(int s, size_t a, size_t b) { return best[s][a] / best[s][b]; }

/* The verdict, the run's last lines: how many times hhn's time its peers take, over the streams
   as sent, in the loop that adds ids up and in the one that branches (this CPU's build). */
static void verdict(void) {
  size_t hhn = impl_index("hhn"), lower = impl_index("hhn_lower"), sw = impl_index("switch");
  size_t gperf = impl_index("gperf_webkit"), own = impl_index("gperf_own");
  char a[64], b[64], c[64], d[64];
  size_t n = strlen(COMPILER); /* less clang's version's last blank */
  while (n > 0 && COMPILER[n - 1] == ' ')
    n--;
  if (sw == NIMPLS || gperf == NIMPLS || own == NIMPLS || lower == NIMPLS)
    return;
  printf("\nVerdict (%.*s): of hhn's time, WebKit's gperf table takes %s, gperf's own keys %s;\n"
         "the switch takes %s of hhn_lower's, and in the loop that branches %s of hhn's\n",
         (int)n, COMPILER, ratio_range(a, sizeof a, plain_ratio, gperf, hhn),
         ratio_range(b, sizeof b, plain_ratio, own, hhn),
         ratio_range(c, sizeof c, plain_ratio, sw, lower),
         ratio_range(d, sizeof d, paired, sw, hhn));
}

/* Whether the plot draws implementation k: all but the linear scan (tens of times the others,
   it would flatten them) and loop_only. */
static int drawn(size_t k) { return k + 1 < NIMPLS && strcmp(impls[k].name, "linear") != 0; }

/* Writes the warm times to path, for tests/bench/plot.gp: a line a stream as sent (and the
   unknown names), its label, then ns per name of each implementation drawn (the first line
   names them). */
static void plot_data(const char *path) {
  FILE *f = fopen(path, "w");
  if (f == NULL) {
    perror(path);
    exit(1);
  }
  fprintf(f, "stream");
  for (size_t k = 0; k < NIMPLS; k++)
    if (drawn(k))
      fprintf(f, "\t%s", impls[k].name);
  for (int s = 0; s < nstreams; s++)
    if (timed_on(s, 0, 1)) {
      fprintf(f, "\n\"%s\"", streams[s].label);
      for (size_t k = 0; k < NIMPLS; k++)
        if (drawn(k))
          fprintf(f, "\t%.3f", best[s][k]);
    }
  fprintf(f, "\n");
  if (fclose(f) != 0) {
    perror(path);
    exit(1);
  }
}
#endif

int main(int argc, char **argv) {
  const char *plot = NULL; /* --plot FILE: the warm times for a plot, too */
  int rc = tool_mode(argc, argv);
  if (rc >= 0)
    return rc;
  if (argc > 2 && strcmp(argv[1], "--plot") == 0)
    plot = argv[2], argv += 2, argc -= 2;
  build_streams(argc > 1 ? argv[1] : "build/traffic");
  describe();
  printf("\nbench: all implementations agree on %ld lookups\n", agree());
#if !defined HHN_BENCH_AB
  enum { GROUPS_TIMED = 6 };
  progress(1, GROUPS_TIMED, "warm caches, three loops, every implementation");
#endif
  warm_time();
  warm_tables();
  lower_table();
  branch_tables();
#if !defined HHN_BENCH_AB
  goals_table();
  progress(2, GROUPS_TIMED, "UTF-16");
  wide_table();
  progress(3, GROUPS_TIMED, "classification");
  classify_table();
  progress(4, GROUPS_TIMED, "classification of UTF-16");
  classify16_table();
  progress(5, GROUPS_TIMED, "cold caches");
#endif
  cold_table();
  bytes_table();
#if !defined HHN_BENCH_AB
  progress(6, GROUPS_TIMED, "");
  if (plot != NULL)
    plot_data(plot);
  verdict();
#else
  (void)plot;
#endif
  return 0;
}
