/* emit_vector.c: the sections of a table's source for CPUs with AVX-512: the vector lookup of
   each case rule, and the public lookups that pick it or the portable one (an indirect
   function's resolver, a test at each call, or the one lookup built). */
#include "emit_text.h"

#include <string.h>

/* The guard of the vector lookups, and their load. */
static const char template_vector_load[] =
    "\n"
    "#if defined(AVX512)\n"
    "/* The 32 bytes at p as a vector. */\n"
    "__attribute__((target(\"avx\"))) static __m256i vector(const unsigned char *p) {\n"
    "  return _mm256_loadu_si256((const void *)p);\n"
    "}\n";

/* The fold of the vector lookup's input to lowercase (%s: what the comment adds). */
static const char template_vector_fold[] =
    "  /* The name's uppercase letters in lowercase%s. */\n"
    "  __mmask32 up = _mm256_mask_cmpge_epu8_mask(k, v, vector(t->a));\n"
    "  up = _mm256_mask_cmple_epu8_mask(up, v, vector(t->z));\n"
    "  v = _mm256_mask_add_epi8(v, up, v, vector(t->case_bit));\n";

/* The vector lookup of each layout kind: what comes before the slot is found, the masked load,
   what the fold's comment adds, the compare of each case rule (%zu: the record's head), and
   the line before the one that makes an unknown name's id (%s: the slot's id). In the direct
   layout, 'A's stand in for the length; in the indexed one, the record's length is compared. */
static const struct {
  const char *before, *load, *folded, *compare[MATCHES], *pick;
} vector_says[LAYOUT_KINDS] = {
    [LAYOUT_DIRECT] =
        {"  /* The vector slot at offset h (an offset, not a pointer, lets the reads add it to "
         "the\n     table's address as they load) */\n",
         "  /* The name's bytes, then 'A' in each byte past them: the masked load reads "
         "s[0..len)\n     and nothing else, however near the end of s is to unmapped memory. */\n"
         "  __mmask32 k = t->k[len];\n"
         "  __m256i v = _mm256_mask_loadu_epi8(vector(t->a), k, s);\n",
         ". Then no byte of v is 'A' but those past len",
         {[MATCH_FOLD] =
              "  /* ne is 0 if and only if the slot holds a name of this length that s spells: a "
              "name\n     of len bytes matches s's bytes where a letter matches either case and "
              "any other\n     byte only itself (so '-' never matches CR, '@' never '`'), and the "
              "'A's after\n     both. Where the slot's name is longer than len, an 'A' of v "
              "meets one of its bytes;\n     where it is shorter, one of its 'A's meets a byte of "
              "s. */\n"
              "  unsigned ne = _mm256_cmpneq_epi8_mask(v, vector((const unsigned char *)t->vslots "
              "+ h));\n",
          [MATCH_LOWER] =
              "  /* ne is 0 if and only if the slot holds a name of this length whose lowercase "
              "spelling\n     is s: v meets the slot's name and 'A's, and no byte of s is 'A'. No "
              "other uppercase\n     letter can meet a byte of a slot, which holds a name in "
              "lowercase and 'A's; so where\n     the slot's name is longer than len, an 'A' of v "
              "meets one of its bytes, and where it\n     is shorter, one of its 'A's meets a "
              "byte of s, which is not 'A'. */\n"
              "  unsigned ne = _mm256_cmpneq_epi8_mask(v, vector((const unsigned char *)t->vslots "
              "+ h)) |\n"
              "                _mm256_mask_cmpeq_epi8_mask(k, v, vector(t->a));\n"},
         "  int id = %s;\n  if (ne) /* a conditional move, not a branch */\n"},
    [LAYOUT_INDEXED] =
        {"",
         "  /* The name's bytes, and 0 in each byte past them: the masked load reads s[0..len) "
         "and\n     nothing else, however near the end of s is to unmapped memory. */\n"
         "  __mmask32 k = t->k[len];\n"
         "  __m256i v = _mm256_maskz_loadu_epi8(k, s);\n",
         "",
         {[MATCH_FOLD] = "  /* ne is 0 if and only if the record is of a name of this length "
                         "whose len bytes match\n     v's: a letter either case, any other byte "
                         "only itself (so '-' never matches\n     CR, '@' never '`'). The vector "
                         "reads 32 bytes of the pool; the compare looks at len. */\n"
                         "  unsigned ne = _mm256_mask_cmpneq_epi8_mask(k, v, vector(r + %zu));\n",
          [MATCH_LOWER] = "  /* ne is 0 if and only if the record is of a name of this length "
                          "whose len bytes match\n     v's: byte for byte, its lowercase "
                          "spelling, so that no uppercase letter\n     matches. The vector reads "
                          "32 bytes of the pool; the compare looks at len. */\n"
                          "  unsigned ne = _mm256_mask_cmpneq_epi8_mask(k, v, vector(r + %zu));\n"},
         "  int id = %s;\n  if (ne | (r[0] ^ len)) /* a conditional move, not a branch */\n"},
};

/* Writes the vector lookup of one case rule: lookup_avx512 or lower_avx512. */
static void output_vector_lookup(struct emitter *e, enum match m) {
  const struct layout *l = e->l;
  const struct lookup_names *n = &lookups[m];
  char one_line[256], broken[256];
  int col = snprintf(one_line, sizeof one_line,
                     "__attribute__((target(\"avx512bw,avx512vl\"))) static int %s(", n->avx512);
  memcpy(broken, one_line, (size_t)col + 1);
  snprintf(one_line + col, sizeof one_line - (size_t)col, "const char *name, size_t len) {\n");
  snprintf(broken + col, sizeof broken - (size_t)col, "const char *name,\n%*ssize_t len) {\n", col,
           "");
  out(e, "\n/* The lookup of %s, for CPUs with AVX-512BW and AVX-512VL. */\n", n->portable);
  fit(e, one_line, broken);
  out(e, "  const unsigned char *s = (const unsigned char *)name;\n"
         "  const struct table *t = &table;\n"
         "  __asm__(\"\" : \"+r\"(t)); /* one register holds the address of every table */\n");
  out(e, "  /* %zu to %zu bytes here, the rest in %s (a shorter length wraps around) */\n",
      l->vector.lo, l->vector.lo + l->vector.width, n->portable);
  out(e, "  if (len - %zu > %zu)\n    return %s(name, len);\n", l->vector.lo, l->vector.width,
      n->portable);
  put_template(e, vector_says[l->kind].before);
  put_find_slot(e, "hash", "s");
  put_template(e, vector_says[l->kind].load);
  if (m == MATCH_FOLD)
    out(e, template_vector_fold, vector_says[l->kind].folded);
  out(e, vector_says[l->kind].compare[m], l->head);
  out(e, vector_says[l->kind].pick, found_id(e));
  out(e, "    id = @P_UNKNOWN;\n"
         "  return id;\n"
         "}\n");
}

/* Writes both vector lookups, built where the guard says. */
void output_vector_lookups(struct emitter *e) {
  put_template(e, template_vector_load);
  for (int m = 0; m < MATCHES; m++)
    output_vector_lookup(e, (enum match)m);
  out(e, "#endif\n");
}

/* Writes the resolver of one case rule's indirect function, and the function. */
static void put_resolver(struct emitter *e, enum match m) {
  const struct lookup_names *n = &lookups[m];
  char one_line[256], broken[256];
  comment(e, "Picks the function of @p_%s for this CPU, once, when the program loads.", n->api);
  out(e,
      "__attribute__((used, no_sanitize_address)) static lookup_fn *%s(void) {\n"
      "  __builtin_cpu_init(); /* resolvers run before the constructor that would */\n"
      "  if (__builtin_cpu_supports(\"avx512bw\") && __builtin_cpu_supports(\"avx512vl\"))\n"
      "    return %s;\n"
      "  return %s;\n"
      "}\n",
      n->resolver, n->avx512, n->portable);
  snprintf(one_line, sizeof one_line,
           "int @p_%s(const char *name, size_t len) __attribute__((ifunc(\"%s\")));\n", n->api,
           n->resolver);
  snprintf(broken, sizeof broken,
           "int @p_%s(const char *name, size_t len)\n    __attribute__((ifunc(\"%s\")));\n", n->api,
           n->resolver);
  fit(e, one_line, broken);
}

/* Writes the public lookups: indirect functions that pick a lookup for the CPU, or functions
   that call the one the build has, or pick one at each call (see the vector guard). */
void output_dispatch(struct emitter *e) {
  out(e, "\n#if defined(AVX512_IFUNC)\n"
         "/* The type of every lookup. */\n"
         "typedef int lookup_fn(const char *, size_t);\n");
  for (int m = 0; m < MATCHES; m++)
    put_resolver(e, (enum match)m);
  out(e, "#else\n"
         "#if defined(AVX512_CALL)\n"
         "/* Whether the CPU has AVX-512BW and AVX-512VL (known once constructors have run). */\n"
         "static int has_avx512(void) {\n"
         "  return __builtin_cpu_supports(\"avx512bw\") && __builtin_cpu_supports(\"avx512vl\");\n"
         "}\n"
         "#endif\n");
  for (int m = 0; m < MATCHES; m++)
    out(e,
        "int @p_%s(const char *name, size_t len) {\n"
        "#if defined(AVX512_ALWAYS)\n"
        "  return %s(name, len);\n"
        "#elif defined(AVX512_CALL)\n"
        "  return has_avx512() ? %s(name, len) : %s(name, len);\n"
        "#else\n"
        "  return %s(name, len);\n"
        "#endif\n"
        "}\n",
        lookups[m].api, lookups[m].avx512, lookups[m].avx512, lookups[m].portable,
        lookups[m].portable);
  out(e, "#endif\n");
}
