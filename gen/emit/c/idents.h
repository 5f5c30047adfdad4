/* idents.h: the identifier rules of a generated table, in one place: how a name becomes its
   id (and its C++ enumerator), and which identifiers a table may not define because something
   else does: the macros of the C headers that its files include, C++'s keywords and the
   table's own names. */
#ifndef HHN_GEN_IDENTS_H
#define HHN_GEN_IDENTS_H

#include <stdio.h>

#include "names.h"

/* What defines id (an identifier a table would define, such as INT_MAX or HHN_COUNT), said so
   that it can end a message: "which <limits.h> or <stdint.h> defines"; or NULL if nothing
   else does. The C library's macros are those of the headers a table includes (<limits.h>,
   <stdint.h>, <stddef.h>, <string.h>, and on x86-64 <immintrin.h>) in glibc and musl with
   every feature macro on, and those that C reserves for <stdint.h> (INT... and UINT... ending
   in _MAX, _MIN, _C or _WIDTH); the table's own are the macros of its source (AVX512_IFUNC,
   ...). */
const char *idents_reserved(const char *id);

/* Whether ident, after the prefix and an underscore, names one of the table's own macros
   (COUNT, MIN_LENGTH, MAX_LENGTH, UNKNOWN, H, ATTR_COUNT, VERSION_MAJOR, ...). */
int idents_own(const char *ident);

/* Whether ident, after the prefix and an underscore, names a macro or constant of the table's
   own in one file (--static), where they take the prefix: SLOT, EMPTY, INLINE, ...
   (table_idents.h's list, which the writer spells them from). */
int idents_static_file(const char *ident);

/* Why prefix cannot be a table's prefix ("it begins with '_', ..."), or NULL if it can: a
   prefix that begins with '_', whose macros (P_COUNT, ...) the C library defines, or, for a
   table with a header (header: not --static), that would name a C library's header (stdint.h),
   or, with cxx (--cxx), a C++ keyword, a lowercase macro or a name of the global namespace
   (size_t, std). */
const char *idents_prefix(const char *prefix, int cxx, int header);

/* Whether word cannot be an enumerator of P.hpp as it is, and takes a '_' after it: a C++
   keyword, a lowercase macro of the C library or the compilers (errno, linux), "unknown" (the
   layer's own), or a word that begins with "__" (C++ keeps those: __cplusplus, __func__). */
int idents_cxx_word(const char *word);

/* Gives every name its id identifier: the name in uppercase, a leading ':' as PSEUDO_, and every
   other byte that is not a letter or digit as '_'. Reports identifiers that two names share, that
   clash with the other identifiers a table defines (COUNT, FLAG_ and ATTR_ of the attributes,
   ...), or that, after the prefix, another header defines (INT_MAX: see idents_reserved), or, in
   one file (--static), the table's own macros do; returns the number of errors. */
int idents_make(struct names *list, const char *prefix, int static_file, FILE *err);

/* The enumerator of P.hpp for a name's C id (without its prefix), in buf of IDENTS_CXX_WORD
   bytes: lowercase, '_' before a digit, '_' after a C++ keyword or a lowercase C macro. */
#define IDENTS_CXX_WORD (2 * NAMES_MAX_LENGTH + 16)
const char *idents_cxx_enumerator(const char *ident, char *buf);

/* A name's word in a target (a C++ enumerator, a Rust variant), in at most IDENTS_WORD bytes, and
   the name's index in the list, for finding two names with one word. */
#define IDENTS_WORD (IDENTS_CXX_WORD + 8)
struct idents_word {
  char word[IDENTS_WORD];
  size_t i;
};

/* Sorts v[0..n) by word, then by index: two names of one word are neighbours. */
void idents_sort_words(struct idents_word *v, size_t n);

/* Reports to err, as file:line errors, each name whose C++ enumerator another name's is too;
   returns how many. */
int idents_cxx_check(const struct names *list, FILE *err);

/* C++'s keywords and alternative tokens, which neither a namespace (a prefix, with --cxx) nor
   an enumerator may be; sorted (strcmp, for bsearch), then NULL. */
extern const char *const idents_cxx_keywords[];

#endif
