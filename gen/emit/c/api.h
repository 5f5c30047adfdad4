/* api.h: the public functions of a generated table, each once (api.c): its name, parameters,
   result and contract, its form in the C++ layer, and the names of the functions of each case
   rule behind it; P.h's declarations, P.hpp's wrappers and the table's own names are written
   from here. */
#ifndef HHN_GEN_API_H
#define HHN_GEN_API_H

#include <stddef.h>

/* One public function of a table. */
struct api_fn {
  const char *name;     /* after "P_" */
  const char *result;   /* its type, as its declaration spells it before the name ("int ") */
  const char *params;   /* its parameters */
  const char *contract; /* its comment in P.h, or NULL where the function before it says it */
  int cxx_rank;         /* where its form comes in P.hpp (functions of one name are together) */
  const char *cxx;      /* its form in P.hpp, with "@16" where the call of a UTF-16 function
                           goes (see emit_cxx.c), or NULL where the one before writes it */
};

/* The public functions, in the order P.h declares them, and how many. */
extern const struct api_fn api_fns[];
extern const int api_count;

/* The two case rules, each with lookups of its own over the same table. */
enum match {
  MATCH_FOLD,  /* @p_lookup: a letter matches in either case, through the mask */
  MATCH_LOWER, /* @p_lookup_lower: only the lowercase spelling matches; no mask */
};
#define MATCHES (MATCH_LOWER + 1)

/* The names of one case rule's functions in the output. */
struct lookup_names {
  const char *api;      /* the public function, after "@p_" */
  const char *rare;     /* names under 4 bytes, beside the common path */
  const char *portable; /* the common path, beside the vector lookup */
  const char *avx512;   /* the vector lookup */
  const char *avx2;     /* the AVX2 lookup, of bytes (NULL: none) */
  const char *resolver; /* what picks the lookup for the CPU */
};
extern const struct lookup_names lookups[MATCHES];
extern const struct lookup_names lookups16[MATCHES];    /* of UTF-16 units; rare: units16 */
extern const struct lookup_names classifies[MATCHES];   /* the classifications (no rare) */
extern const struct lookup_names classifies16[MATCHES]; /* and of UTF-16 units */

/* The functions of the table's own behind the public ones (lookup_rare, lower16_resolver, ...:
   the names of lookups, ..., classifies16 that the table defines), into v; returns how many. */
#define API_BEHIND_MAX (4 * MATCHES * 5)
size_t api_behind(const char *v[API_BEHIND_MAX]);

#endif
