/* peers.h: the lookups the benchmark measures hhn against, each made at build time from the
   benchmark's list (tests/bench/bench.mk). All return the name's id or -1. */
#ifndef HHN_BENCH_PEERS_H
#define HHN_BENCH_PEERS_H

#include <stddef.h>
#include <stdint.h>

int hhnp_lookup(const char *name, size_t len);       /* hhn's table without vector lookups */
int hhnp_lookup_lower(const char *name, size_t len); /* and its lookup of lowercase names */
int hhnp_lookup16(const uint16_t *name, size_t len); /* and of UTF-16 names */
int hhnp_classify(const char *name, size_t len);     /* and its classifications */
int hhnp_classify_lower(const char *name, size_t len);
int hhnp_classify16(const uint16_t *name, size_t len);
int hhna_lookup(const char *name, size_t len); /* hhn's table without its AVX-512 lookups */
int hhna_lookup_lower(const char *name, size_t len);
int hhna_classify(const char *name, size_t len);
int hhna_classify_lower(const char *name, size_t len);
int webkit_lookup(const char *name, size_t len); /* gperf with WebKit's flags */
int gperfk_lookup(const char *name, size_t len); /* gperf with its own key positions */
int switch_lookup(const char *name, size_t len); /* nghttp2/h2o style; lowercase input only */
int linear_lookup(const char *name, size_t len); /* strncasecmp over the list */
int null_lookup(const char *name, size_t len);   /* no lookup at all: the loop's own cost */

#endif
