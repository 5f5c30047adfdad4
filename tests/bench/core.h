/* core.h: the benchmarks' one core, which every language's harness uses (C and C++ by
   including it, Rust through its FFI, Go through cgo): the stream reader, the interleaved
   schedule of the timed runs and their statistics, and the table printer. A harness keeps only
   its loops, each timed by its own language's clock around the loop alone.

   A stream is a file of a field a line: a name, or a name, a TAB and a value (where \\ is a
   backslash, \t a TAB, \r a CR and \n an LF), as tests/bench/traffic.c writes them and as
   captured traffic is kept. */
#ifndef HHN_BENCH_CORE_H
#define HHN_BENCH_CORE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One field of a stream: its name and its value (vlen 0 when the line has none). */
struct bench_field {
  const char *name, *value;
  size_t nlen, vlen;
};

/* A stream read whole: its fields, in one buffer that they point into. */
struct bench_stream {
  struct bench_field *fields;
  size_t count;
  char *bytes;
};

/* How bench_stream_read takes a line's name: as it is, or put in lowercase. */
enum { BENCH_AS_SENT = 0, BENCH_LOWERCASE = 1 };

/* Reads path into s, each line a field (a line's value unescaped); returns 0, or -1 if the file
   cannot be read (s empty). */
int bench_stream_read(struct bench_stream *s, const char *path, int how);
/* Reads dir/file, or dir/alt if there is no dir/file: as bench_stream_read. */
int bench_stream_read_in(struct bench_stream *s, const char *dir, const char *file, const char *alt,
                         int how);
void bench_stream_free(struct bench_stream *s);

/* A way's loop run once over its stream: the ns it took a field, by the harness's own clock. */
typedef double (*bench_run_fn)(void *context, int way);

/* Runs each of ways ways rounds times, interleaved: a round runs every way, each once untimed
   (so that no way is timed on the caches another filled) and then timed, the first way of a
   round one further on each round; way w's time in round r in ns[r * ways + w]. */
void bench_interleave(bench_run_fn run, void *context, int ways, int rounds, double *ns);

/* Of the rounds' times (ns, as bench_interleave leaves them): way w's least, its median, and
   the median over the rounds of way a's time over way b's in the same round (a ratio that a
   slow phase of the machine, which slows both, moves little). */
double bench_least(const double *ns, int ways, int rounds, int w);
double bench_median(const double *ns, int ways, int rounds, int w);
double bench_median_ratio(const double *ns, int ways, int rounds, int a, int b);

/* A monotonic clock in ns, for the harnesses in C. */
double bench_now(void);

/* The table printer: Markdown rows of cells. bench_header prints the header row of n columns
   and its rule (the first column left-aligned, the others right); each row is cells, then
   bench_end_row. A number is printed with two decimals; a ratio with an "x". */
void bench_header(const char *const *columns, int n);
void bench_cell(const char *text);
void bench_cell_count(size_t n);
void bench_cell_ns(double ns);
void bench_cell_ratio(double ratio);
void bench_end_row(void);

#ifdef __cplusplus
}
#endif

#endif
