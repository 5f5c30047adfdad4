/* gperf.h: GNU gperf as hhn-gen runs it: the keys it is given, the process, and the associated
   values read back out of the C it writes. */
#ifndef HHN_GEN_GPERF_H
#define HHN_GEN_GPERF_H

#include <stddef.h>
#include <sys/types.h>

#include "diag.h"
#include "hashfn.h"

/* What the keys given to gperf are, which says how gperf is run. */
enum gperf_keys {
  GPERF_SYNTHETIC, /* hhn-gen's synthetic keys, hashed whole: byte 0 the length, then a byte
                      for each position (--no-strlen --key-positions=*) */
  GPERF_NAMES,     /* the names themselves, at positions gperf chooses */
};

/* gperf's input file, being built: a declarations section, then one keyword a line. */
struct gperf_input {
  enum gperf_keys keys;
  char *text;
  size_t used, cap;
};

/* How a run of gperf ended. */
enum gperf_result {
  GPERF_SOLVED,   /* it wrote a hash function, read into the hashfn */
  GPERF_UNSOLVED, /* it ran but gave no usable hash for these keys, or took too long */
  GPERF_FAILED,   /* it ran and failed: an exit status other than 0, or no hash in its output */
  GPERF_BROKEN,   /* it could not be run at all (no gperf, no temporary folder): stop */
  GPERF_STARTED,  /* it runs (gperf_start) */
};

/* Starts an input for n keys of up to max_len bytes; returns 0, or -1 with d set. */
int gperf_input_start(struct gperf_input *in, enum gperf_keys keys, size_t n, size_t max_len,
                      struct diag *d);

/* Appends the keyword key[0..n): quoted, with every byte that is not a printable letter,
   digit or punctuation in octal. Takes no more keys than gperf_input_start was told. */
void gperf_input_add(struct gperf_input *in, const unsigned char *key, size_t n);

/* Frees the input. */
void gperf_input_free(struct gperf_input *in);

/* One run of gperf: its files in a temporary folder of its own, and its process. */
struct gperf_job {
  char dir[4096], in[4200], out[4200], err[4200];
  int handles[5]; /* what cleanup.h removes if hhn-gen is interrupted: the folder, its three
                     files and the process */
  pid_t pid;      /* 0 once it has ended */
  int status;     /* how it ended: its exit status, 128 + a signal, or -1 (killed: too slow) */
};

/* Starts gperf --ignore-case ($GPERF, or gperf on PATH) on the input, with
   --multiple-iterations=iterations for synthetic keys. Returns GPERF_STARTED, or GPERF_BROKEN
   with the reason in d (nothing is left behind then). */
enum gperf_result gperf_start(struct gperf_job *job, const struct gperf_input *in, int iterations,
                              struct diag *d);

/* Waits until one of the n jobs that are running ends, or `until` (seconds on the progress
   clock) passes; returns the index of a job that ended, or -1 at `until`. */
int gperf_wait(struct gperf_job *jobs, int n, double until);

/* Stops a job that runs too long: kills and reaps gperf (status -1). */
void gperf_stop(struct gperf_job *job);

/* Stops the job if it runs, and removes its files. */
void gperf_discard(struct gperf_job *job);

/* Reads the hash function an ended job wrote into *out (terms in gperf's key bytes, origin
   HASH_GPERF) and removes its files. Returns GPERF_SOLVED, or another result with the reason
   in d. */
enum gperf_result gperf_finish(struct gperf_job *job, struct hashfn *out, struct diag *d);

/* Runs gperf on the input and waits, for at most `timeout` seconds: start, wait and finish. */
enum gperf_result gperf_run(const struct gperf_input *in, int iterations, double timeout,
                            struct hashfn *out, struct diag *d);

/* Reads the terms and the values out of the text of gperf's output; returns 0, or -1 if the
   text does not hold a hash function of the expected shape. */
int gperf_parse(const char *text, struct hashfn *out);

#endif
