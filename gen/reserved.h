/* reserved.h: the identifiers that a generated table may not define, because something else
   does: the macros of the C headers that its files include, and the table's own names. */
#ifndef HHN_GEN_RESERVED_H
#define HHN_GEN_RESERVED_H

/* What defines id (an identifier a table would define, such as INT_MAX or HHN_COUNT), said so
   that it can end a message: "which <limits.h> or <stdint.h> defines"; or NULL if nothing
   else does. The C library's macros are those of the headers a table includes (<limits.h>,
   <stdint.h>, <stddef.h>, <string.h>, and on x86-64 <immintrin.h>) in glibc and musl with
   every feature macro on, and those that C reserves for <stdint.h> (INT... and UINT... ending
   in _MAX, _MIN, _C or _WIDTH); the table's own are the macros of its source (AVX512_IFUNC,
   ...). */
const char *reserved_ident(const char *id);

/* Whether ident, after the prefix and an underscore, names one of the table's own macros
   (COUNT, MIN_LENGTH, MAX_LENGTH, UNKNOWN, H, ATTR_COUNT, VERSION_MAJOR, ...). */
int reserved_own(const char *ident);

/* Whether ident, after the prefix and an underscore, names a macro or constant of the table's
   own in one file (--static), where they take the prefix: SLOT, EMPTY, INLINE, ... (own.h's
   list, which the writer spells them from). */
int reserved_one_file(const char *ident);

/* Why prefix cannot be a table's prefix ("it begins with '_', ..."), or NULL if it can: a
   prefix that begins with '_', whose macros (P_COUNT, ...) the C library defines, or, for a
   table with a header (header: not --static), that would name a C library's header (stdint.h),
   or, with cxx (--cxx), a C++ keyword, a lowercase macro or a name of the global namespace
   (size_t, std). */
const char *reserved_prefix(const char *prefix, int cxx, int header);

/* Whether word cannot be an enumerator of P.hpp as it is, and takes a '_' after it: a C++
   keyword, a lowercase macro of the C library or the compilers (errno, linux), "unknown" (the
   layer's own), or a word that begins with "__" (C++ keeps those: __cplusplus, __func__). */
int reserved_cxx_word(const char *word);

#endif
