/* emit_classify.c: the section of a table's source that classifies a field name in one pass:
   @p_classify and the rest, each the lookup of its case rule and, for a name that the lookup
   does not know, a check of its bytes, 16 at a time with SSE2 or NEON. */
#include "emit_sections.h"
#include "names.h"
#include "table_template.h" /* template_NAME: the sections of gen/emit/c/table.c.in, made by the build */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* === The check of a name's bytes ============================================================= */

/* One short function of the check: its signature and the one statement of its body. */
struct short_fn {
  const char *sig, *body;
};

/* The vector helpers of the check: a load of 16 bytes, a vector of two 8-byte words, 0, an OR,
   whether a vector has a byte other than 0, and the bytes outside a range, within it and equal
   to one; the same for SSE2 (every x86-64 CPU) and for NEON (every aarch64 CPU), which also
   has vec_units here (SSE2's, of two statements, is written after them): 16 UTF-16 units as
   bytes, saturated, so that a unit above 0xFF is 0xFF (or, of SSE2's signed pack, 0 from
   0x8000 on), a byte that no token has, as no unit from 0x80 to 0xFF is. */
static const struct short_fn sse2_fns[] = {
    {"static @~vec16 @~vec_load(const unsigned char *p)",
     "return _mm_loadu_si128((const __m128i *)(const void *)p);"},
    {"static @~vec16 @~vec_words(uint64_t a, uint64_t b)",
     "return _mm_set_epi64x((long long)b, (long long)a);"},
    {"static @~vec16 @~vec_zero(void)", "return _mm_setzero_si128();"},
    {"static @~vec16 @~vec_or(@~vec16 a, @~vec16 b)", "return _mm_or_si128(a, b);"},
    {"static int @~vec_any(@~vec16 v)",
     "return _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_setzero_si128())) != 0xFFFF;"},
    {"static @~vec16 @~vec_outside(@~vec16 v, char lo, char n)",
     "return _mm_subs_epu8(_mm_sub_epi8(v, _mm_set1_epi8(lo)), _mm_set1_epi8(n));"},
    {"static @~vec16 @~vec_within(@~vec16 v, char lo, char n)",
     "return _mm_cmpeq_epi8(@~vec_outside(v, lo, n), _mm_setzero_si128());"},
    {"static @~vec16 @~vec_is(@~vec16 v, char c)", "return _mm_cmpeq_epi8(v, _mm_set1_epi8(c));"},
};
static const struct short_fn neon_fns[] = {
    {"static @~vec16 @~vec_load(const unsigned char *p)", "return vld1q_u8(p);"},
    {"static @~vec16 @~vec_words(uint64_t a, uint64_t b)",
     "return vcombine_u8(vcreate_u8(a), vcreate_u8(b));"},
    {"static @~vec16 @~vec_zero(void)", "return vdupq_n_u8(0);"},
    {"static @~vec16 @~vec_or(@~vec16 a, @~vec16 b)", "return vorrq_u8(a, b);"},
    {"static int @~vec_any(@~vec16 v)", "return vmaxvq_u8(v) != 0;"},
    {"static @~vec16 @~vec_within(@~vec16 v, char lo, char n)",
     "return vcleq_u8(vsubq_u8(v, vdupq_n_u8((uint8_t)lo)), vdupq_n_u8((uint8_t)n));"},
    {"static @~vec16 @~vec_outside(@~vec16 v, char lo, char n)",
     "return vmvnq_u8(@~vec_within(v, lo, n));"},
    {"static @~vec16 @~vec_is(@~vec16 v, char c)", "return vceqq_u8(v, vdupq_n_u8((uint8_t)c));"},
    {"static @~vec16 @~vec_units(const uint16_t *u)",
     "return vcombine_u8(vqmovn_u16(vld1q_u16(u)), vqmovn_u16(vld1q_u16(u + 8)));"},
};

/* Writes the n short functions fns, each on one line where it fits, as clang-format lays them
   out. */
static void put_short_fns(struct emitter *e, const struct short_fn *fns, size_t n) {
  for (size_t i = 0; i < n; i++) {
    char one_line[256], broken[256];
    snprintf(one_line, sizeof one_line, "%s { %s }\n", fns[i].sig, fns[i].body);
    snprintf(broken, sizeof broken, "%s {\n  %s\n}\n", fns[i].sig, fns[i].body);
    fit(e, one_line, broken);
  }
}

/* Writes the vector helpers of the check, for SSE2 and for NEON. */
static void output_check_vectors(struct emitter *e) {
  out(e, "\n#if defined(@~CHECK_SSE2)\ntypedef __m128i @~vec16;\n");
  put_short_fns(e, sse2_fns, sizeof sse2_fns / sizeof sse2_fns[0]);
  out(e, "static @~vec16 @~vec_units(const uint16_t *u) {\n"
         "  const unsigned char *p = (const unsigned char *)u;\n"
         "  return _mm_packus_epi16(@~vec_load(p), @~vec_load(p + 16));\n"
         "}\n");
  out(e, "#elif defined(@~CHECK_NEON)\ntypedef uint8x16_t @~vec16;\n");
  put_short_fns(e, neon_fns, sizeof neon_fns / sizeof neon_fns[0]);
  out(e, "#endif\n");
}

/* Writes the class of each byte: 0 a token's byte that is no uppercase letter, 1 an uppercase
   letter, 2 a byte that no token has. */
static void output_token_class(struct emitter *e) {
  out(e, "\n");
  comment(e, "The class of each byte: 0 a byte of a token (RFC 9110 section 5.6.2: tchar) that "
             "is no uppercase letter, 1 an uppercase letter, 2 a byte that no token has.");
  out(e, "/* clang-format off */\nstatic const unsigned char @~token_class[256] = {\n");
  for (int row = 0; row < 16; row++) {
    out(e, "  ");
    for (int c = row * 16; c < row * 16 + 16; c++)
      out(e, "%d,%s",
          !ascii_is_tchar((unsigned char)c) ? 2
          : c >= 'A' && c <= 'Z'            ? 1
                                            : 0,
          c % 16 == 15 ? "\n" : " ");
  }
  out(e, "};\n/* clang-format on */\n");
}

/* === Each classification, and the public functions ============================================ */

/* Which of a lookup's names (struct lookup_names) a path's functions take. */
enum path_name { NAME_PORTABLE, NAME_AVX512, NAME_AVX2 };

/* How one path classifies: its functions' attribute; the lookup bodies of bytes and of units
   (with a %d for fold; NULL: the path has none of units), and the checks of a name that they
   do not know, called as check(name, len, fold), each after the statements before it; and
   its functions' names. */
struct classify_path {
  const char *attr, *body8, *body16, *check8, *check16, *before8, *before16;
  enum path_name name;
};

/* The portable path, the AVX-512 one and the AVX2 one (of a table with a common path, which
   the vector lookups imply). In a state that a 256-bit instruction left dirty, the check's SSE2
   would run many times slower on Intel's CPUs, and GCC 12 does not clear it on the way to a cold
   call: the vector paths clear it first. */
static const struct classify_path portable_path = {
    "",
    "@~portable(name, len, %d)",
    "@~portable16(name, len, %d)",
    "@~unknown8",
    "@~unknown16",
    "",
    "",
    NAME_PORTABLE,
};
static const struct classify_path rare_path = {
    "",
    "@~rare((const unsigned char *)name, len, %d)",
    "@~portable16(name, len, %d)",
    "@~unknown8",
    "@~unknown16",
    "",
    "",
    NAME_PORTABLE,
};
/* The rare path's, beside the common one: the lengths it does not take, out of its way. */
static const struct classify_path cold_path = {
    "@~COLD ",
    "@~rare((const unsigned char *)name, len, %d)",
    "@~units16(name, len, %d)",
    "@~unknown8",
    "@~unknown16",
    "",
    "",
    NAME_PORTABLE,
};
static const struct classify_path avx512_path = {
    "__attribute__((__target__(\"avx512bw,avx512vl\"))) ",
    "@~avx512(name, len, %d)",
    "@~avx512_16(name, len, %d)",
    "@~unknown_avx512",
    "@~unknown16",
    "",
    "  _mm256_zeroupper(); /* before the check's SSE2 */\n",
    NAME_AVX512,
};
/* The AVX2 path, of bytes alone: its lookup, then the SSE2 check. */
static const struct classify_path avx2_path = {
    "__attribute__((__target__(\"avx2\"))) ",
    "@~avx2(name, len, %d)",
    NULL,
    "@~unknown8",
    NULL,
    "  _mm256_zeroupper(); /* before the check's SSE2 */\n",
    NULL,
    NAME_AVX2,
};

/* Writes one case rule's classification, head unit, size_t len) ("static int
   classify_portable(const char *name"): the statements first, then the lookup body's id (body,
   called as "body(name, len, fold)" once fold is formatted in), else the verdict of check. */
static void put_classify(struct emitter *e, const char *head, const char *unit, const char *first,
                         const char *body, const char *check, const char *before, enum match m) {
  const char *const params[] = {unit, "size_t len"};
  char *sig = signature(e, head, params, 2, ") {\n");
  char call[160];
  if (sig == NULL)
    return;
  put_template(e, sig);
  free(sig);
  snprintf(call, sizeof call, body, m == MATCH_FOLD);
  if (*first != '\0')
    out(e, "  int id;\n%s  id = %s;\n", first, spelled(e, call));
  else
    out(e, "  int id = %s;\n", spelled(e, call));
  out(e, "  if (id != @P_UNKNOWN)\n    return id;\n%s  return %s(name, len, %d);\n}\n", before,
      spelled(e, check), m == MATCH_FOLD);
}

/* Writes into buf the statements that start an AVX-512 classification: the lengths that the
   vector lookup does not take (and, of units, the names near a page's end) go to the portable
   classification fn, in one jump. Its lookup would call the portable one and then check, so
   that a known name's path would keep a frame and saved registers, and take 1.08-1.11 times
   the lookup's time in make bench (0.96-1.00 without). The jump is marked unlikely: GCC inlines
   the portable classification, and else put it first, so that a known name's path began with
   a taken branch. */
static void vector_first(struct emitter *e, char *buf, size_t size, const char *fn, int units) {
  const struct layout *l = e->l;
  static const char head[] = "  if (__builtin_expect(";
  char cond[192];
  snprintf(cond, sizeof cond, "len - %zu > %zu%s%s", l->vector.lo, l->vector.width,
           l->chained ? spelled(e, vector_chained_test) : "", units ? vector_page_test : "");
  /* broken where clang-format breaks it: before the 0, under the condition */
  int broken = strlen(head) + strlen(cond) + strlen(", 0))") > EMIT_COLUMN;
  snprintf(buf, size, "%s%s,%s%*s0))\n    return %s(name, len);\n", head, cond, broken ? "\n" : " ",
           broken ? (int)strlen(head) : 0, "", spelled(e, fn));
}

/* Writes into buf the statements that start a portable classification beside a rare path: the
   lengths that the common path does not take go to the rare path's classification fn, in one
   jump. Else a rare name's lookup is a call, after which its check may follow, so that every
   name's path would keep a frame: 1.12 times the lookup's time in make bench's loop that
   branches, 1.04-1.06 without. */
static void portable_first(struct emitter *e, char *buf, size_t size, const char *fn) {
  const struct layout *l = e->l;
  snprintf(buf, size, "  if (len - %zu > %zu)\n    return %s(name, len);\n", l->common.lo,
           l->common.width, spelled(e, fn));
}

/* Writes the classifications of path p, of bytes and of UTF-16 units: the public functions,
   where the table has one path, else the path's own (of the portable path or, with their
   attribute, the AVX-512 one), for the public ones to pick. The portable ones are inline,
   which a build for AVX-512 calls none of and says nothing of. */
static void put_classifications(struct emitter *e, const struct classify_path *p) {
  int portable = p == &portable_path, cold = p == &cold_path, own = e->l->path.vector;
  const struct {
    const struct lookup_names *fns;
    const char *unit, *body, *check, *before;
  } units[2] = {{classifies, "const char *name", p->body8, p->check8, p->before8},
                {classifies16, "const uint16_t *name", p->body16, p->check16, p->before16}};
  for (int m = 0; m < MATCHES; m++)
    for (int u = 0; u < 2 && units[u].body != NULL; u++) {
      const struct lookup_names *f = &units[u].fns[m];
      const char *name = p->name == NAME_AVX2     ? f->avx2
                         : p->name == NAME_AVX512 ? f->avx512
                                                  : f->portable;
      char head[160], first[256] = "";
      if (name == NULL) /* the rule has no lookup of this path */
        continue;
      if (*p->attr != '\0' && !cold)
        vector_first(e, first, sizeof first, f->portable, u);
      else if (portable && e->l->path.cold)
        portable_first(e, first, sizeof first, f->rare);
      if (cold)
        snprintf(head, sizeof head, "%sstatic int %s(", p->attr, f->rare);
      else if (own)
        snprintf(head, sizeof head, "%sstatic %sint %s(", p->attr, portable ? "inline " : "", name);
      else
        snprintf(head, sizeof head, "@sint @p_%s(", f->api);
      put_classify(e, head, units[u].unit, first, units[u].body, units[u].check, units[u].before,
                   (enum match)m);
    }
}

/* The check of a name of up to 32 bytes for CPUs with AVX-512BW and VL: one masked load, and
   each byte's class by two lookups of its nibbles (vpshufb). */
static const char template_check_avx512[] =
    "  __mmask32 k, token;\n"
    "  __m256i v, lo, hi, f = _mm256_set1_epi8(0x0F);\n"
    "  /* none, or over 32 bytes */\n"
    "  if (len - 1 > 31) {\n"
    "    _mm256_zeroupper(); /* before the check's SSE2 */\n"
    "    return @~unknown8(name, len, fold);\n"
    "  }\n"
    "  k = (__mmask32)(0xFFFFFFFFu >> (32 - len));\n"
    "  v = _mm256_maskz_loadu_epi8(k, name);\n"
    "  lo = _mm256_shuffle_epi8(@~vector(@~tchar_nibbles[0]), _mm256_and_si256(v, f));\n"
    "  hi = _mm256_and_si256(_mm256_srli_epi16(v, 4), f);\n"
    "  hi = _mm256_shuffle_epi8(@~vector(@~tchar_nibbles[1]), hi);\n"
    "  token = _mm256_mask_test_epi8_mask(k, lo, hi);\n"
    "  if (token != k)\n"
    "    return @P_INVALID;\n"
    "  lo = _mm256_sub_epi8(v, _mm256_set1_epi8('A'));\n"
    "  if (!fold && _mm256_mask_cmplt_epu8_mask(k, lo, _mm256_set1_epi8(26)) != 0)\n"
    "    return @P_UPPERCASE;\n"
    "  return @P_UNKNOWN;\n"
    "}\n";

/* Writes the AVX-512 check of a name of up to 32 bytes (see template_check_avx512). */
static void output_check_avx512(struct emitter *e) {
  static const char *const params[] = {"const char *name", "size_t len", "int fold"};
  char *head = signature(e,
                         "__attribute__((__target__(\"avx512bw,avx512vl\"))) @~COLD static int "
                         "@~unknown_avx512(",
                         params, 3, ") {\n");
  out(e, "\n");
  comment(e, "The verdict on name[0..len), which the lookup does not know, for CPUs with "
             "AVX-512BW and VL: for 1 to 32 bytes, one masked load that reads name[0..len) and "
             "nothing else, and the bytes that are a token's found by their nibbles: the low one "
             "picks a byte of @~tchar_nibbles[0], whose bit h is set if the byte of high nibble h "
             "is a tchar, and the high one picks its bit from @~tchar_nibbles[1] (none for a "
             "byte above 0x7F). Out of line, so that a known name's path is the lookup's "
             "alone.");
  if (head != NULL)
    put_template(e, head);
  free(head);
  put_template(e, template_check_avx512);
}

/* Writes the two tables of nibbles of the AVX-512 check (see template_check_avx512), each 16
   bytes twice, once for each 128-bit lane. */
static void output_tchar_nibbles(struct emitter *e) {
  out(e, "\n/* The nibbles' tables of @~unknown_avx512. */\n/* clang-format off */\n"
         "static const unsigned char @~tchar_nibbles[2][32] = {\n");
  for (int row = 0; row < 2; row++)
    for (int i = 0; i < 32; i++) {
      int n = i % 16, bits = 0;
      for (int h = 0; h < 8; h++)
        bits |= (row == 0 ? ascii_is_tchar((unsigned char)(h * 16 + n)) : h == n) << h;
      out(e, "%s0x%02X%s",
          i % 16 ? ""
          : i    ? "   "
                 : "  {",
          bits,
          i == 31        ? "},\n"
          : i % 16 == 15 ? ",\n"
                         : ", ");
    }
  out(e, "};\n/* clang-format on */\n");
}

/* Writes the check of a name's bytes, then the classifications of each case rule, of bytes and
   of UTF-16 units (classifies, classifies16): the functions themselves where the table has one
   lookup of each, else each path's and the public ones that pick one for the CPU, as the
   lookups do. */
void output_classify(struct emitter *e) {
  const struct paths *p = &e->l->path;
  output_token_class(e);
  output_check_vectors(e);
  put_template(e, template_check_classes);
  put_template(e, template_check_verdicts);
  out(e, "\n");
  comment(e,
          "The classifications: the lookup of the case rule, and for a name that it does not "
          "know, the verdict on its bytes%s.",
          p->vector ? " (on each path, then the public functions, which pick a path for the CPU)"
                    : "");
  if (p->cold)
    put_classifications(e, &cold_path);
  put_classifications(e, p->common ? &portable_path : &rare_path);
  if (!p->vector)
    return;
  out(e, "#if defined(@~AVX512)\n");
  output_tchar_nibbles(e);
  output_check_avx512(e);
  put_classifications(e, &avx512_path);
  out(e, "#endif\n");
  if (p->avx2) {
    out(e, "#if defined(@~AVX2)\n");
    put_classifications(e, &avx2_path);
    out(e, "#endif\n");
  }
  put_dispatch(e, classifies, "@~lookup_fn", 0, "const char *name");
  put_dispatch(e, classifies16, "@~lookup16_fn", 0, "const uint16_t *name");
}
