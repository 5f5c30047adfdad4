/* static_tables.h: the names of the HPACK and QPACK static tables, entry by entry. */
#ifndef HHN_TESTS_STATIC_TABLES_H
#define HHN_TESTS_STATIC_TABLES_H

#include <stddef.h>

extern const char *const hpack_static[]; /* RFC 7541, Appendix A: index i + 1 */
extern const size_t hpack_static_count;
extern const char *const qpack_static[]; /* RFC 9204, Appendix A: index i */
extern const size_t qpack_static_count;

#endif
