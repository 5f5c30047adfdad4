/* gperf.h: GNU gperf as hhn-gen runs it: the keys it is given, the process, and the associated
   values read back out of the C it writes. */
#ifndef HHN_GEN_GPERF_H
#define HHN_GEN_GPERF_H

#include <stddef.h>

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
  GPERF_UNSOLVED, /* it ran but gave no usable hash for these keys */
  GPERF_BROKEN,   /* it could not be run at all (no gperf, no temporary folder): stop */
};

/* Starts an input for n keys of up to max_len bytes; returns 0, or -1 with d set. */
int gperf_input_start(struct gperf_input *in, enum gperf_keys keys, size_t n, size_t max_len,
                      struct diag *d);

/* Appends the keyword key[0..n): quoted, with every byte that is not a printable letter,
   digit or punctuation in octal. Takes no more keys than gperf_input_start was told. */
void gperf_input_add(struct gperf_input *in, const unsigned char *key, size_t n);

/* Frees the input. */
void gperf_input_free(struct gperf_input *in);

/* Runs gperf --ignore-case ($GPERF, or gperf on PATH) on the input, in a temporary folder it
   then removes, and reads the hash function it writes into *out (terms in gperf's key bytes,
   origin HASH_GPERF). Returns GPERF_SOLVED, or another result with the reason in d. */
enum gperf_result gperf_run(const struct gperf_input *in, struct hashfn *out, struct diag *d);

/* Reads the terms and the values out of the text of gperf's output; returns 0, or -1 if the
   text does not hold a hash function of the expected shape. */
int gperf_parse(const char *text, struct hashfn *out);

#endif
