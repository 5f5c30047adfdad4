/* own.c: the identifiers that a table's source defines for itself (see own.h). */
#include "own.h"

#include <string.h>

#include "api.h"

const struct own own_idents[] = {
    /* the tables and their types */
    {"table", OWN_NAME},
    {"slot", OWN_NAME},
    {"names", OWN_NAME},
    {"attrs", OWN_NAME},
    /* the hash and the compare's helpers */
    {"hash", OWN_NAME},
    {"hash16", OWN_NAME},
    {"hash_short", OWN_NAME},
    {"hash16_short", OWN_NAME},
    {"little", OWN_NAME},
    {"chained", OWN_NAME},
    {"chained16", OWN_NAME},
    {"load8", OWN_NAME},
    {"load4", OWN_NAME},
    {"lower8", OWN_NAME},
    {"slot16", OWN_NAME},
    {"pair", OWN_NAME},
    {"narrow4", OWN_NAME},
    {"narrow8", OWN_NAME},
    {"narrow44", OWN_NAME},
    {"vector", OWN_NAME},
    {"known", OWN_NAME},
    {"has_avx512", OWN_NAME},
    {"has_avx2", OWN_NAME},
    /* the bodies of both case rules, and each rule's function */
    {"rare", OWN_NAME},
    {"pieces", OWN_NAME},
    {"portable", OWN_NAME},
    {"avx512", OWN_NAME},
    {"portable16", OWN_NAME},
    {"avx512_16", OWN_NAME},
    {"avx2", OWN_NAME},
    /* the check of a name's bytes, and the classifications */
    {"token_class", OWN_NAME},
    {"vec16", OWN_NAME},
    {"vec_load", OWN_NAME},
    {"vec_words", OWN_NAME},
    {"vec_zero", OWN_NAME},
    {"vec_or", OWN_NAME},
    {"vec_any", OWN_NAME},
    {"vec_outside", OWN_NAME},
    {"vec_within", OWN_NAME},
    {"vec_is", OWN_NAME},
    {"vec_units", OWN_NAME},
    {"vec_classes", OWN_NAME},
    {"classes", OWN_NAME},
    {"verdict", OWN_NAME},
    {"unknown8", OWN_NAME},
    {"unknown16", OWN_NAME},
    {"unknown_avx512", OWN_NAME},
    {"tchar_nibbles", OWN_NAME},
    /* how a lookup is picked for the CPU */
    {"lookup_fn", OWN_NAME},
    {"lookup16_fn", OWN_NAME},
    /* the macros, undefined at the end of one file */
    {"field_table", OWN_NAME},
    {"field_index", OWN_NAME},
    {"field_same", OWN_NAME},
    {"field_none", OWN_NAME},
    {"field_at", OWN_NAME},
    {"field_rare", OWN_NAME},
    {"field_portable", OWN_NAME},
    {"chained_slot", OWN_NAME},
    {"SANITIZED", OWN_MACRO},
    {"AVX512", OWN_MACRO},
    {"AVX512_ALWAYS", OWN_MACRO},
    {"AVX2", OWN_MACRO},
    {"PICK_CALL", OWN_MACRO},
    {"PICK_IFUNC", OWN_MACRO},
    {"VECTOR", OWN_MACRO},
    {"ALIGNED", OWN_MACRO},
    {"COLD", OWN_MACRO},
    {"INLINE", OWN_MACRO},
    {"ONE_BASE", OWN_MACRO},
    {"ANCHOR", OWN_MACRO},
    {"UNUSED", OWN_MACRO},
    {"NARROW_SSE2", OWN_MACRO},
    {"NARROW_NEON", OWN_MACRO},
    {"CHECK_SSE2", OWN_MACRO},
    {"CHECK_NEON", OWN_MACRO},
    /* the constants */
    {"SLOT", OWN_CONSTANT},
    {"EMPTY", OWN_CONSTANT},
};
const int own_count = sizeof own_idents / sizeof own_idents[0];

const struct own_list *own_all(void) {
  static struct own all[sizeof own_idents / sizeof own_idents[0] + API_BEHIND_MAX];
  static struct own_list list = {all, 0};
  if (list.n == 0) {
    const char *behind[API_BEHIND_MAX];
    size_t n = api_behind(behind);
    for (int i = 0; i < own_count; i++)
      all[list.n++] = own_idents[i];
    for (size_t i = 0; i < n; i++)
      all[list.n++] = (struct own){behind[i], OWN_NAME};
  }
  return &list;
}
