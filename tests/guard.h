/* guard.h: test inputs placed flush against an inaccessible page, so a stray read faults. */
#ifndef HHN_TESTS_GUARD_H
#define HHN_TESTS_GUARD_H

#include <stddef.h>

/* The most bytes an input may have. */
#define GUARD_MAX 4096

/* Copies data[0..size) so that it ends where an inaccessible page begins; returns the copy. */
const void *guard_tail(const void *data, size_t size);

/* Copies data[0..size) so that it starts where an inaccessible page ends; returns the copy. */
const void *guard_head(const void *data, size_t size);

#endif
