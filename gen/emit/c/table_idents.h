/* table_idents.h: the identifiers that a table's source defines for itself (its tables, helpers,
   macros and constants): the one list of them, with the functions behind the public ones that
   api.c names, which the writer spells (with the prefix in one file, --static) and idents.c
   refuses as ids. */
#ifndef HHN_GEN_TABLE_IDENTS_H
#define HHN_GEN_TABLE_IDENTS_H

#include "emit_text.h"

/* The table's own identifiers, and how many. */
extern const struct table_ident table_idents[];
extern const int table_idents_count;

/* Every identifier of the table's own: table_idents, then the functions behind the public ones
   (api.h), for the emitter ("@~"). */
const struct table_ident_list *table_idents_all(void);

#endif
