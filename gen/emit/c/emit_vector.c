/* emit_vector.c: the sections of a table's source that use vectors: the common path's compare
   with SSE2; for CPUs with AVX-512 or AVX2, the vector lookups of each case rule, and the public
   lookups that pick one or the portable one (an indirect function's resolver, a test at each
   call, or the one lookup built). */
#include "emit_sections.h"
#include "table_template.h" /* template_NAME: the sections of gen/emit/c/table.c.in, made by the build */

#include "emit_kinds.h"

#include <stdlib.h>
#include <string.h>

/* === The common path's compare ============================================================== */

/* What @~pieces says of itself, and its bodies: SSE2's, then the two words'. */
#define PIECES_SAYS                                                                                \
  "The common path's d, for the four 4-byte pieces of s at 0, p, q and len - 4 and the slot's "    \
  "16 bytes at l, their mask at m: 0 if and only if the pieces (ORed with the mask to fold) are "  \
  "those bytes. With SSE2 (every x86-64 CPU has it), the pieces "                                  \
  "in one vector, ORed and compared at once, in fewer steps than two 8-byte words (measured "      \
  "faster for @p_lookup, and as fast for @p_lookup_lower, which skips the OR). Else the two "      \
  "words."

/* What @~pieces says of itself in an indexed table, whose records hold no mask. */
#define PIECES_RECORDS_SAYS                                                                        \
  "The common path's d, for the four 4-byte pieces of s at 0, p, q and len - 4 and the "           \
  "record's 8 bytes at l and 8 at l + q: 0 if and only if the pieces (their uppercase letters in " \
  "lowercase, to fold) are those bytes. With SSE2 (every x86-64 CPU has it), in one vector, "      \
  "folded by two compares; else in two words, folded by @~lower8."

/* Writes an indexed table's @~pieces (see PIECES_RECORDS_SAYS). */
static void output_pieces_records(struct emitter *e) {
  static const char *const params[] = {
      "const unsigned char *s", "size_t p", "size_t q", "size_t len",
      "const unsigned char *l", "int fold"};
  char *sig = signature(e, "@~INLINE uint64_t @~pieces(", params, 6, ") {\n");
  if (sig == NULL)
    return;
  out(e, "\n");
  comment(e, PIECES_RECORDS_SAYS);
  out(e, "#if defined(@~CHECK_SSE2) && defined(__GNUC__)\n");
  put_template(e, sig);
  put_template(e, template_pieces_records_sse2);
  out(e, "#else\n");
  put_template(e, sig);
  put_template(e, template_pieces_records_words);
  out(e, "#endif\n");
  free(sig);
}

/* Writes @~pieces, the common path's compare of a kind that calls it (pieces_call), before
   the common path: with SSE2 where the compiler has it, else with two words. */
void output_pieces(struct emitter *e) {
  static const char *const params[] = {
      "const unsigned char *s", "size_t p", "size_t q", "size_t len", "const unsigned char *l",
      "const unsigned char *m", "int fold"};
  char *sig;
  if (!e->l->path.common || kinds[e->l->kind].pieces_call == NULL)
    return;
  if (e->l->records)
    return output_pieces_records(e);
  sig = signature(e, "@~INLINE uint64_t @~pieces(", params, 7, ") {\n");
  if (sig == NULL)
    return;
  out(e, "\n");
  comment(e, PIECES_SAYS);
  out(e, "#if defined(@~CHECK_SSE2) && defined(__GNUC__)\n");
  comment(e, "The 16 bytes at p, in a slot: in an aligned load where the slots lie on multiples "
             "of 16 bytes, as the layout puts them; else (the table built with -fpack-struct, "
             "which drops the padding) in an unaligned one.");
  put_template(e, template_slot16);
  put_template(e, sig);
  put_template(e, template_pieces_sse2);
  out(e, "#else\n");
  put_template(e, sig);
  put_template(e, template_pieces_words);
  out(e, "#endif\n");
  free(sig);
}

/* === The vector lookups ===================================================================== */

/* The vector lookups' test of a length whose names chain (the word hash), which their mask
   marks with 0 (as it does a length with no name): the portable lookup takes those lengths, so
   that the vector one never meets a chain; the classifications repeat it. */
const char vector_chained_test[] = " || @~table.k[len] == 0";

/* The head of the vector lookups' functions, which only CPUs with AVX-512 may run. */
#define AVX512_HEAD "__attribute__((__target__(\"avx512bw,avx512vl\"))) "

/* What the UTF-16 vector lookup says of its compare, the 8-bit one's. */
static const char see_compare[] = "  /* ne is 0 if and only if the slot holds the name of v, as in "
                                  "@~avx512 */\n";

/* Why the vector lookup branches on its compare, as the portable one does. */
static const char template_vector_branch[] =
    "  /* A branch, not a conditional move: where it is predicted (a known name), the id waits\n"
    "     on the hash alone, not on the load and compare of the name, so that a caller that\n"
    "     branches on it or waits for it goes on sooner (measured against a conditional move:\n"
    "     faster in the loops that branch and that wait, alike in the one that only adds ids\n"
    "     up, where an unknown name mispredicts) */\n";

/* Writes the end of a vector lookup, of bytes or (wide) of units, once v holds the input: the
   fold, the compare (explained once, in the 8-bit one) and the id. */
static void put_vector_compare(struct emitter *e, int wide) {
  const struct layout *l = e->l;
  put_template(e, kinds[l->kind].vector_fold);
  put_template(e, wide ? see_compare : kinds[l->kind].vector_compare);
  out(e, kinds[l->kind].vector_ne, l->head);
  put_template(e, wide ? "  /* a branch, as in @~avx512 */\n" : template_vector_branch);
  out(e, kinds[l->kind].vector_pick, found_id(e));
  out(e, "}\n");
}

/* Writes the start of the body of an 8-bit vector lookup, after its signature: its locals (those
   of every lookup, then locals), and the lengths it leaves to the portable lookup. */
static void put_vector_head(struct emitter *e, const char *locals) {
  const struct layout *l = e->l;
  out(e, "  const unsigned char *s = (const unsigned char *)name;\n"
         "  const struct @~table *t = &@~table;\n");
  put_find_decls(e);
  put_template(e, locals);
  out(e, "  __asm__(\"\" : \"+r\"(t)); /* one register holds the address of every table */\n");
  out(e,
      "  /* %zu to %zu bytes here, the rest in the portable lookup (a shorter length wraps "
      "around) */\n",
      l->vector.lo, l->vector.lo + l->vector.width);
  out(e, "  if (len - %zu > %zu%s)\n    return fold ? %s(name, len) : %s(name, len);\n",
      l->vector.lo, l->vector.width, l->chained ? spelled(e, vector_chained_test) : "",
      spelled(e, lookups[MATCH_FOLD].portable), spelled(e, lookups[MATCH_LOWER].portable));
}

/* Writes the vector lookup, of both case rules: avx512(name, len, fold). */
static void output_vector_body(struct emitter *e) {
  const struct layout *l = e->l;
  static const char *const params[] = {"const char *name", "size_t len", "int fold"};
  char *head = signature(e, AVX512_HEAD "@~INLINE int @~avx512(", params, 3, ") {\n");
  out(e, "\n");
  comment(e, "The lookup of both case rules for CPUs with AVX-512BW and AVX-512VL (see "
             "@p_lookup and @p_lookup_lower).");
  if (head != NULL)
    put_template(e, head);
  free(head);
  put_vector_head(e, "  __mmask32 k;\n  __m256i v;\n  unsigned ne;\n");
  put_template(e, kinds[l->kind].vector_before);
  put_find_slot(e, "@~hash", "s");
  put_template(e, kinds[l->kind].vector_load);
  inner_comment(e, "To fold, the name's uppercase letters in lowercase%s.",
                kinds[l->kind].vector_folded);
  put_vector_compare(e, 0);
}

/* The UTF-16 vector lookup's test of a name whose 64 bytes cross a 4 KB page (see
   output_vector_body16), after its test of the length; the classifications repeat it. */
const char vector_page_test[] = " || ((uintptr_t)name & 4095) > 4096 - 64";

/* Writes the vector lookup of UTF-16 units, of both case rules: avx512_16(name, len, fold), the
   8-bit one's compare on the units packed to bytes, where a unit above 0x7F matches no byte of
   a name. */
static void output_vector_body16(struct emitter *e) {
  const struct layout *l = e->l;
  out(e, "\n");
  comment(e, "@p_lookup16 and @p_lookup16_lower for CPUs with AVX-512BW and AVX-512VL: units "
             "narrowed to bytes in the vector, then the compare of @p_lookup and "
             "@p_lookup_lower.");
  static const char *const params[] = {"const uint16_t *name", "size_t len", "int fold"};
  char *head = signature(e, AVX512_HEAD "@~INLINE int @~avx512_16(", params, 3, ") {\n");
  if (head != NULL)
    put_template(e, head);
  free(head);
  out(e, "  const struct @~table *t = &@~table;\n");
  put_find_decls(e);
  out(e, "  __mmask32 k;\n"
         "  __m256i lo, hi, v;\n"
         "  unsigned ne;\n"
         "  __asm__(\"\" : \"+r\"(t)); /* one register holds the address of every table */\n");
  out(e,
      "  /* %zu to %zu units here; and the units' 64 bytes within one 4 KB page, since a masked\n"
      "     load whose lanes reach an unmapped page, even masked off, costs a microcode assist\n"
      "     (the cost of many lookups; the 8-bit lookup pays it for a name that ends within 32\n"
      "     bytes of an unmapped page, which a parser's buffer seldom is, and is faster without\n"
      "     the test) */\n"
      "  if (len - %zu > %zu%s%s)\n"
      "    return fold ? %s(name, len) : %s(name, len);\n",
      l->vector.lo, l->vector.lo + l->vector.width, l->vector.lo, l->vector.width,
      l->chained ? spelled(e, vector_chained_test) : "", vector_page_test,
      spelled(e, lookups16[MATCH_FOLD].portable), spelled(e, lookups16[MATCH_LOWER].portable));
  put_template(e, kinds[l->kind].vector_before);
  put_find_slot(e, "@~hash16", "name");
  put_template(e, template_load16);
  put_template(e, kinds[l->kind].vector_load16);
  put_vector_compare(e, 1);
}

/* The head of the AVX2 lookups' functions. */
#define AVX2_HEAD "__attribute__((__target__(\"avx2\"))) "

/* Writes the AVX2 lookup, of both case rules: avx2(name, len, fold), the AVX-512 one's hash,
   slots and compare (a word table's: its vector slots hold one length's names, then 0s). */
static void output_avx2_body(struct emitter *e) {
  static const char *const params[] = {"const char *name", "size_t len", "int fold"};
  char *head = signature(e, AVX2_HEAD "@~INLINE int @~avx2(", params, 3, ") {\n");
  out(e, "\n");
  comment(e,
          "The lookup of both case rules for CPUs with AVX2 and not AVX-512 (see @p_lookup "
          "and @p_lookup_lower): @~avx512's hash, slots and compare, with no masked load of "
          "bytes. Built only with HHN_AVX2: on a CPU without AVX-512 the portable lookup, picked "
          "the same way, measured about as fast, and faster in a loop that branches on the id "
          "(hhn's docs/benchmarks-archive.md).");
  if (head != NULL)
    put_template(e, head);
  free(head);
  put_vector_head(e, "  __m256i v, last;\n  const unsigned char *s4 = s;\n  unsigned eq;\n");
  put_find_slot(e, "@~hash", "s");
  put_template(e, template_avx2_load);
  put_template(e, e->l->pooled ? template_avx2_compare_pooled : template_avx2_compare);
  out(e, "  return %s;\n}\n", found_id(e));
}

/* Writes the AVX2 lookup's body and each case rule's function of it, under its guard. */
static void output_avx2_lookups(struct emitter *e) {
  out(e, "\n#if defined(@~AVX2)");
  output_avx2_body(e);
  out(e, "\n/* The AVX2 lookup of each case rule. */\n");
  for (int m = 0; m < MATCHES; m++) {
    char head[128];
    snprintf(head, sizeof head, AVX2_HEAD "static int %s(", lookups[m].avx2);
    put_rule(e, head, "const char *name", "@~avx2", "name", (enum match)m);
  }
  out(e, "#endif\n");
}

/* Writes the vector lookups' bodies and each case rule's function of them, built where the
   guard says. */
void output_vector_lookups(struct emitter *e) {
  put_template(e, template_vector_load);
  out(e, "\n#if defined(@~AVX512)");
  output_vector_body(e);
  output_vector_body16(e);
  out(e, "\n/* The vector lookup of each case rule. */\n");
  for (int m = 0; m < MATCHES; m++) {
    char head[128];
    snprintf(head, sizeof head, AVX512_HEAD "static int %s(", lookups[m].avx512);
    put_rule(e, head, "const char *name", "@~avx512", "name", (enum match)m);
    snprintf(head, sizeof head, AVX512_HEAD "static int %s(", lookups16[m].avx512);
    put_rule(e, head, "const uint16_t *name", "@~avx512_16", "name", (enum match)m);
  }
  out(e, "#endif\n");
  if (e->l->path.avx2)
    output_avx2_lookups(e);
}

/* Writes the tests that pick the vector lookups of one function, names, for the CPU, in the
   order they are tried: each under its guard, a test (ifunc: in a resolver, else at each call),
   and the return of the lookup it picks (ret, with the lookup's name for %s). The AVX2 one is
   the table's if it has one and names do (of bytes). */
static void put_picks(struct emitter *e, const struct lookup_names *names, int ifunc,
                      const char *ret) {
  char line[160];
  out(e, "#if defined(@~AVX512)\n  if (%s)\n",
      ifunc ? "__builtin_cpu_supports(\"avx512bw\") && "
              "__builtin_cpu_supports(\"avx512vl\")"
            : spelled(e, "@~has_avx512()"));
  snprintf(line, sizeof line, ret, spelled(e, names->avx512));
  out(e, "  %s\n#endif\n", line);
  if (!e->l->path.avx2 || names->avx2 == NULL)
    return;
  out(e, "#if defined(@~AVX2)\n  if (%s)\n",
      ifunc ? "__builtin_cpu_supports(\"avx2\")" : spelled(e, "@~has_avx2()"));
  snprintf(line, sizeof line, ret, spelled(e, names->avx2));
  out(e, "  %s\n#endif\n", line);
}

/* Writes the resolver of an indirect function, @p_api of type fn (whose parameters are params),
   that picks a vector lookup or the portable one, and the function. */
static void put_ifunc(struct emitter *e, const struct lookup_names *names, const char *fn,
                      const char *params) {
  const char *api = names->api, *resolver = names->resolver;
  char one_line[320], broken[320], at_asm[320];
  const char *const ways[] = {one_line, broken, at_asm};
  comment(e,
          "Picks the function of @p_%s for this CPU, once, when the program loads (its symbol "
          "named by asm, as ifunc names it, in C++ too).",
          api);
  snprintf(one_line, sizeof one_line, "static %s *%s(void) __asm__(\"@p_%s\");\n", fn, resolver,
           resolver);
  snprintf(broken, sizeof broken, "static %s *\n%s(void) __asm__(\"@p_%s\");\n", fn, resolver,
           resolver);
  snprintf(at_asm, sizeof at_asm, "static %s *%s(void) __asm__(\n    \"@p_%s\");\n", fn, resolver,
           resolver);
  fit_first(e, ways, 3);
  snprintf(one_line, sizeof one_line,
           "__attribute__((__used__, __no_sanitize_address__)) static %s *%s(void) {\n", fn,
           resolver);
  snprintf(broken, sizeof broken,
           "__attribute__((__used__, __no_sanitize_address__)) static %s *\n%s(void) {\n", fn,
           resolver);
  fit(e, one_line, broken);
  out(e, "  __builtin_cpu_init(); /* resolvers run before the constructor that would */\n");
  put_picks(e, names, 1, "  return %s;");
  out(e, "  return %s;\n}\n", spelled(e, names->portable));
  snprintf(one_line, sizeof one_line,
           "int @p_%s(%s, size_t len) __attribute__((__ifunc__(\"@p_%s\")));\n", api, params,
           resolver);
  snprintf(broken, sizeof broken,
           "int @p_%s(%s, size_t len)\n    __attribute__((__ifunc__(\"@p_%s\")));\n", api, params,
           resolver);
  fit(e, one_line, broken);
}

/* Writes the public lookups of names (of bytes, or of UTF-16 units), unit *name: indirect
   functions of type fn (declared here if declare) that pick a lookup for the CPU, or functions
   that call the one the build has, or pick one at each call (see the vector guard). */
void put_dispatch(struct emitter *e, const struct lookup_names *names, const char *fn, int declare,
                  const char *unit) {
  if (!e->o->static_file) {
    out(e, "\n#if defined(@~PICK_IFUNC)\n");
    if (declare)
      out(e, "/* The type of these lookups. */\ntypedef int %s(%.*s, size_t);\n", spelled(e, fn),
          (int)(strchr(unit, '*') + 1 - unit), unit);
    for (int m = 0; m < MATCHES; m++)
      put_ifunc(e, &names[m], fn, unit);
    out(e, "#else\n");
  } else {
    out(e, "\n");
  }
  for (int m = 0; m < MATCHES; m++) {
    out(e, "@sint @p_%s(%s, size_t len) {\n", names[m].api, unit);
    put_picks(e, &names[m], 0, "  return %s(name, len);");
    out(e, "  return %s(name, len);\n}\n", spelled(e, names[m].portable));
  }
  if (!e->o->static_file)
    out(e, "#endif\n");
}

/* Writes the byte lookups' public functions, after the CPU tests they may need. */
void output_dispatch(struct emitter *e) {
  put_template(e, template_has);
  if (e->l->path.avx2)
    put_template(e, template_has_avx2);
  put_dispatch(e, lookups, "@~lookup_fn", 1, "const char *name");
}

/* Writes @p_lookup16 and @p_lookup16_lower: the vector lookup of each where the CPU runs it,
   else portable16 of it. */
void output_lookup16(struct emitter *e) {
  if (e->l->path.vector) {
    put_dispatch(e, lookups16, "@~lookup16_fn", 1, "const uint16_t *name");
    return;
  }
  out(e, "\n");
  for (int m = 0; m < MATCHES; m++) {
    char head[64];
    snprintf(head, sizeof head, "@sint @p_%s(", lookups16[m].api);
    put_rule(e, head, "const uint16_t *name", "@~portable16", "name", (enum match)m);
  }
}
