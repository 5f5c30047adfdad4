/* core.c: the benchmarks' one core (see core.h). */
#include "core.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* === The streams ============================================================================== */

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

/* The whole of path, with a '\n' after it, in a buffer of its own; NULL if it cannot be read. */
static char *read_whole(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  char *text = NULL;
  long n;
  if (f == NULL)
    return NULL;
  if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
      (text = malloc((size_t)n + 1)) != NULL && fread(text, 1, (size_t)n, f) == (size_t)n) {
    text[n] = '\n';
    *size = (size_t)n;
  } else {
    free(text);
    text = NULL;
  }
  fclose(f);
  return text;
}

/* Sets field to the line s[0..n): its name before a TAB, its value after. */
static void take_line(struct bench_field *field, char *s, size_t n, int how) {
  char *tab = memchr(s, '\t', n);
  field->name = s;
  field->nlen = tab != NULL ? (size_t)(tab - s) : n;
  field->value = tab != NULL ? tab + 1 : s + n;
  field->vlen = tab != NULL ? unescape(tab + 1, n - field->nlen - 1) : 0;
  if (how == BENCH_LOWERCASE)
    for (size_t i = 0; i < field->nlen; i++)
      s[i] = (char)(s[i] >= 'A' && s[i] <= 'Z' ? s[i] + 32 : s[i]);
}

int bench_stream_read(struct bench_stream *s, const char *path, int how) {
  size_t size = 0, lines = 0;
  memset(s, 0, sizeof *s);
  if ((s->bytes = read_whole(path, &size)) == NULL)
    return -1;
  for (size_t i = 0; i < size; i++)
    lines += s->bytes[i] == '\n';
  if ((s->fields = calloc(lines + 1, sizeof *s->fields)) == NULL) {
    bench_stream_free(s);
    return -1;
  }
  for (char *at = s->bytes, *end = s->bytes + size; at < end;) {
    char *nl = memchr(at, '\n', (size_t)(end - at) + 1);
    size_t n = (size_t)(nl - at) - (nl > at && nl[-1] == '\r');
    if (n > 0)
      take_line(&s->fields[s->count++], at, n, how);
    at = nl + 1;
  }
  return 0;
}

int bench_stream_read_in(struct bench_stream *s, const char *dir, const char *file, const char *alt,
                         int how) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir, file);
  if (bench_stream_read(s, path, how) == 0)
    return 0;
  snprintf(path, sizeof path, "%s/%s", dir, alt);
  return bench_stream_read(s, path, how);
}

void bench_stream_free(struct bench_stream *s) {
  free(s->fields);
  free(s->bytes);
  memset(s, 0, sizeof *s);
}

/* === The schedule and its statistics ===========================================================
 */

void bench_interleave(bench_run_fn run, void *context, int ways, int rounds, double *ns) {
  for (int r = 0; r < rounds; r++)
    for (int i = 0; i < ways; i++) {
      int w = (r + i) % ways;
      run(context, w);
      ns[r * ways + w] = run(context, w);
    }
}

static int by_value(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

/* The median of v[0..n), which it sorts. */
static double median_of(double *v, int n) {
  qsort(v, (size_t)n, sizeof v[0], by_value);
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

double bench_least(const double *ns, int ways, int rounds, int w) {
  double least = ns[w];
  for (int r = 1; r < rounds; r++)
    least = ns[r * ways + w] < least ? ns[r * ways + w] : least;
  return least;
}

/* The median of f(ns, r) over the rounds r; 0 if it cannot allocate. */
static double median_over(const double *ns, int ways, int rounds, int a, int b) {
  double *v = malloc((size_t)rounds * sizeof *v), m;
  if (v == NULL)
    return 0;
  for (int r = 0; r < rounds; r++)
    v[r] = b < 0 ? ns[r * ways + a] : ns[r * ways + a] / ns[r * ways + b];
  m = median_of(v, rounds);
  free(v);
  return m;
}

double bench_median(const double *ns, int ways, int rounds, int w) {
  return median_over(ns, ways, rounds, w, -1);
}

double bench_median_ratio(const double *ns, int ways, int rounds, int a, int b) {
  return median_over(ns, ways, rounds, a, b);
}

double bench_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

/* === The table printer =========================================================================
 */

static int in_row; /* a cell of the row is out: the next one follows its "|" */

void bench_header(const char *const *columns, int n) {
  for (int i = 0; i < n; i++)
    bench_cell(columns[i]);
  bench_end_row();
  printf("|---|");
  for (int i = 1; i < n; i++)
    printf("---:|");
  printf("\n");
  fflush(stdout);
}

void bench_cell(const char *text) {
  printf("%s %s |", in_row ? "" : "|", text);
  in_row = 1;
}

void bench_cell_count(size_t n) {
  char s[32];
  snprintf(s, sizeof s, "%zu", n);
  bench_cell(s);
}

void bench_cell_ns(double ns) {
  char s[32];
  snprintf(s, sizeof s, "%.2f", ns);
  bench_cell(s);
}

void bench_cell_ratio(double ratio) {
  char s[32];
  snprintf(s, sizeof s, "%.2fx", ratio);
  bench_cell(s);
}

void bench_end_row(void) {
  printf("\n");
  fflush(stdout);
  in_row = 0;
}
