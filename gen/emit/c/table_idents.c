/* table_idents.c: the identifiers that a table's source defines for itself (see table_idents.h). */
#include "table_idents.h"

#include <string.h>

#include "api.h"

const struct table_ident table_idents[] = {
    /* the tables and their types */
    {"table", TABLE_IDENT_NAME},
    {"slot", TABLE_IDENT_NAME},
    {"names", TABLE_IDENT_NAME},
    {"attrs", TABLE_IDENT_NAME},
    /* the hash and the compare's helpers */
    {"hash", TABLE_IDENT_NAME},
    {"hash16", TABLE_IDENT_NAME},
    {"hash_short", TABLE_IDENT_NAME},
    {"hash16_short", TABLE_IDENT_NAME},
    {"little", TABLE_IDENT_NAME},
    {"chained", TABLE_IDENT_NAME},
    {"chained16", TABLE_IDENT_NAME},
    {"load8", TABLE_IDENT_NAME},
    {"load4", TABLE_IDENT_NAME},
    {"lower8", TABLE_IDENT_NAME},
    {"slot16", TABLE_IDENT_NAME},
    {"pair", TABLE_IDENT_NAME},
    {"narrow4", TABLE_IDENT_NAME},
    {"narrow8", TABLE_IDENT_NAME},
    {"narrow44", TABLE_IDENT_NAME},
    {"vector", TABLE_IDENT_NAME},
    {"known", TABLE_IDENT_NAME},
    {"has_avx512", TABLE_IDENT_NAME},
    {"has_avx2", TABLE_IDENT_NAME},
    /* the bodies of both case rules, and each rule's function */
    {"rare", TABLE_IDENT_NAME},
    {"pieces", TABLE_IDENT_NAME},
    {"portable", TABLE_IDENT_NAME},
    {"avx512", TABLE_IDENT_NAME},
    {"portable16", TABLE_IDENT_NAME},
    {"avx512_16", TABLE_IDENT_NAME},
    {"avx2", TABLE_IDENT_NAME},
    /* the check of a name's bytes, and the classifications */
    {"token_class", TABLE_IDENT_NAME},
    {"vec16", TABLE_IDENT_NAME},
    {"vec_load", TABLE_IDENT_NAME},
    {"vec_words", TABLE_IDENT_NAME},
    {"vec_zero", TABLE_IDENT_NAME},
    {"vec_or", TABLE_IDENT_NAME},
    {"vec_any", TABLE_IDENT_NAME},
    {"vec_outside", TABLE_IDENT_NAME},
    {"vec_within", TABLE_IDENT_NAME},
    {"vec_is", TABLE_IDENT_NAME},
    {"vec_units", TABLE_IDENT_NAME},
    {"vec_classes", TABLE_IDENT_NAME},
    {"classes", TABLE_IDENT_NAME},
    {"verdict", TABLE_IDENT_NAME},
    {"unknown8", TABLE_IDENT_NAME},
    {"unknown16", TABLE_IDENT_NAME},
    {"unknown_avx512", TABLE_IDENT_NAME},
    {"tchar_nibbles", TABLE_IDENT_NAME},
    /* how a lookup is picked for the CPU */
    {"lookup_fn", TABLE_IDENT_NAME},
    {"lookup16_fn", TABLE_IDENT_NAME},
    /* the macros, undefined at the end of one file */
    {"field_table", TABLE_IDENT_NAME},
    {"field_index", TABLE_IDENT_NAME},
    {"field_same", TABLE_IDENT_NAME},
    {"field_none", TABLE_IDENT_NAME},
    {"field_entry", TABLE_IDENT_NAME},
    {"field_at", TABLE_IDENT_NAME},
    {"field_rare", TABLE_IDENT_NAME},
    {"field_portable", TABLE_IDENT_NAME},
    {"chained_slot", TABLE_IDENT_NAME},
    {"SANITIZED", TABLE_IDENT_MACRO},
    {"AVX512", TABLE_IDENT_MACRO},
    {"AVX512_ALWAYS", TABLE_IDENT_MACRO},
    {"AVX2", TABLE_IDENT_MACRO},
    {"PICK_CALL", TABLE_IDENT_MACRO},
    {"PICK_IFUNC", TABLE_IDENT_MACRO},
    {"VECTOR", TABLE_IDENT_MACRO},
    {"ALIGNED", TABLE_IDENT_MACRO},
    {"COLD", TABLE_IDENT_MACRO},
    {"INLINE", TABLE_IDENT_MACRO},
    {"ONE_BASE", TABLE_IDENT_MACRO},
    {"ANCHOR", TABLE_IDENT_MACRO},
    {"UNUSED", TABLE_IDENT_MACRO},
    {"NARROW_SSE2", TABLE_IDENT_MACRO},
    {"NARROW_NEON", TABLE_IDENT_MACRO},
    {"CHECK_SSE2", TABLE_IDENT_MACRO},
    {"CHECK_NEON", TABLE_IDENT_MACRO},
    /* the constants */
    {"SLOT", TABLE_IDENT_CONSTANT},
    {"EMPTY", TABLE_IDENT_CONSTANT},
};
const int table_idents_count = sizeof table_idents / sizeof table_idents[0];

const struct table_ident_list *table_idents_all(void) {
  static struct table_ident all[sizeof table_idents / sizeof table_idents[0] + API_BEHIND_MAX];
  static struct table_ident_list list = {all, 0};
  if (list.n == 0) {
    const char *behind[API_BEHIND_MAX];
    size_t n = api_behind(behind);
    for (int i = 0; i < table_idents_count; i++)
      all[list.n++] = table_idents[i];
    for (size_t i = 0; i < n; i++)
      all[list.n++] = (struct table_ident){behind[i], TABLE_IDENT_NAME};
  }
  return &list;
}
