/* own.h: the identifiers that a table's source defines for itself (its tables, helpers,
   macros and constants): the one list of them, with the functions behind the public ones that
   api.c names, which the writer spells (with the prefix in one file, --static) and idents.c
   refuses as ids. */
#ifndef HHN_GEN_OWN_H
#define HHN_GEN_OWN_H

#include "emit_text.h"

/* The table's own identifiers, and how many. */
extern const struct own own_idents[];
extern const int own_count;

/* Every identifier of the table's own: own_idents, then the functions behind the public ones
   (api.h), for the emitter ("@~"). */
const struct own_list *own_all(void);

#endif
