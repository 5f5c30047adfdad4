/* emit_lookups.c: the sections of a table's source that compute: the hash, the helpers of the
   compare, the rare and the portable lookups of each case rule, lookup16 and the accessors.
   What varies with the layout kind and the case rule is text in the tables below, chosen by
   the plan (layout.h); the code that writes them branches on nothing else. */
#include "emit_sections.h"

#include "emit_kinds.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* === The hash ================================================================================= */

/* How each kind of read is written (see enum read_kind): a guard before it, if any, and the
   index of the byte (with its numbers a and b), or, for the length, the index itself. */
static const struct {
  const char *guard, *index;
  int byte; /* whether the index is of a byte of s (else it is the length) */
} reads[READ_KINDS] = {
    [READ_LENGTH] = {"", "len", 0},
    [READ_AT] = {"", "%d", 1},
    [READ_FROM_END] = {"", "len - %d", 1},
    [READ_PER_LENGTH] = {"", "t->lens[len].at", 1},
    [READ_IF_LONGER] = {"  if (len > %d)\n  ", "%d", 1},
    [READ_IF_AT_LEAST] = {"  if (len >= %d)\n  ", "len - %d", 1},
    [READ_CLAMP_LAST] = {"", "len > %d ? %d : len - 1", 1},
    [READ_CLAMP_FIRST] = {"", "len > %d ? len - %d : 0", 1},
};

/* Writes a hash function `fn` of the units of type `unit` at s[0..len), where byte is "" for
   bytes or "(unsigned char)" for UTF-16 units, whose low byte stands in for them. */
static void put_hash(struct emitter *e, const char *fn, const char *unit, const char *byte) {
  const struct layout *l = e->l;
  const char *type = ctype_name(l->sum.type);
  out(e, "static %s %s(const struct @~table *t, const %s *s, size_t len) {\n", type, spelled(e, fn),
      unit);
  if (!l->hash_length)
    out(e, "  %s h = 0;\n", type);
  else if (l->scale == 1)
    out(e, "  %s h = (%s)len;\n", type, type);
  else
    out(e, "  %s h = (%s)(len * %zu);\n", type, type, l->scale);
  if (!l->reads_bytes) /* the length alone tells the names apart */
    out(e, "  (void)s;\n");
  if (l->nreads == 0)
    out(e, "  (void)t;\n");
  for (int i = 0; i < l->nreads; i++) {
    const struct read *r = &l->read[i];
    char guard[64], index[96], inc[32] = "";
    snprintf(guard, sizeof guard, reads[r->kind].guard, r->a);
    snprintf(index, sizeof index, reads[r->kind].index, r->a, r->b);
    if (r->inc)
      snprintf(inc, sizeof inc, " + %d", r->inc);
    if (reads[r->kind].byte)
      out(e, "%s  h += t->asso[%ss[%s]%s];\n", guard, byte, index, inc);
    else
      out(e, "%s  h += t->asso[%s%s];\n", guard, index, inc);
  }
  out(e, "  return h;\n}\n");
}

/* The body of the word hash of a name of 4 bytes or more, of bytes and of UTF-16 units (%s: how
   it reads the key's 8 bytes; then the fold). */
static const char template_word_hash[] =
    "%s"
    "%s"
    "  return (size_t)((k * t->mul[len]) >> t->lens[len].shift);\n"
    "}\n";

/* The body of the word hash of a name of 1 to 3 bytes, of bytes and of units (%s: how a unit
   becomes a byte). */
static const char template_word_short[] =
    "  unsigned a = %ss[0], b = %ss[len / 2], z = %ss[len - 1];\n"
    "  if (fold) /* letters in lowercase, and nothing else */\n"
    "    a += a - 'A' < 26u ? 32 : 0, b += b - 'A' < 26u ? 32 : 0, z += z - 'A' < 26u ? 32 : 0;\n"
    "  return (size_t)(((uint64_t)(a | b << 8 | z << 16) * t->mul[len]) >> t->lens[len].shift);\n"
    "}\n";

/* The lookup of the names chained after a slot's, of bytes or of units (%s: the function's
   name, the unit's type). */
static const char template_chained[] =
    "@~COLD static int %s(const %s *s, size_t len, size_t i, int fold) {\n"
    "  const struct @~table *t = &@~table;\n"
    "  while ((i = t->next[i]) != 0) {\n"
    "    const unsigned char *lower = t->pool + t->offset[i];\n"
    "    size_t k;\n"
    "    for (k = 0; k < len; k++) {\n"
    "      unsigned c = s[k], want = lower[k];\n"
    "      if (c != want && (!fold || want < 'a' || want > 'z' || c != want - 32))\n"
    "        break;\n"
    "    }\n"
    "    if (k == len)\n"
    "      return %s;\n"
    "  }\n"
    "  return @P_UNKNOWN;\n"
    "}\n";

/* Writes the head of a word hash, fn, of the units at s, fitted to the column. */
static void word_head(struct emitter *e, const char *fn, const char *unit) {
  char head[64], param[64];
  snprintf(head, sizeof head, "@~INLINE size_t %s(", fn);
  snprintf(param, sizeof param, "const %s *s", unit);
  const char *const params[] = {"const struct @~table *t", param, "size_t len", "int fold"};
  char *sig = signature(e, head, params, 4, ") {\n");
  if (sig != NULL)
    put_template(e, sig);
  free(sig);
}

/* Writes the word hash's functions: of names of 4 bytes or more (the common path's), of shorter
   ones, of UTF-16 units; and the lookups of chained names, if any. */
static void put_word_hashes(struct emitter *e) {
  const struct layout *l = e->l;
  const char *fold = l->lower_folds
                         ? "  (void)fold; /* a name has '^' or '_': both rules fold */\n"
                           "  k |= UINT64_C(0x2020202020202020);\n"
                         : "  if (fold) /* to lowercase, and '^' and '_' to '~' and DEL */\n"
                           "    k |= UINT64_C(0x2020202020202020);\n";
  const char *first = l->key_middle ? "s + (len >> 1) - 2" : "s";
  char line[160];
  if (l->path.common) {
    comment(e,
            "The slot of s[0..len) among its length's, for a len of 4 bytes or more: the top bits "
            "of its key times the length's multiplier. The key is %s 4 bytes and its last 4, read "
            "as one number whose lowest byte is the first (the same on every CPU), each byte ORed "
            "with 0x20 to fold (a letter's cases share a key; names of one length and key "
            "chain).",
            l->key_middle ? "the name's middle (from len / 2 - 2, which keeps apart names that "
                            "its first 4 bytes do not)"
                          : "the name's first");
    snprintf(line, sizeof line,
             "  uint64_t k = @~little(@~pair(@~load4(%s), @~load4(s + len - 4)));\n", first);
    word_head(e, "@~hash", "unsigned char");
    out(e, template_word_hash, spelled(e, line), fold);
    out(e, "\n/* The same hash on UTF-16 units (@~narrow44); a unit above 0x7F may land "
           "anywhere, since none\n   matches. */\n");
    snprintf(line, sizeof line,
             "  uint64_t big = 0, k = @~little(@~narrow44(&big, %s, s + len - 4));\n", first);
    word_head(e, "@~hash16", "uint16_t");
    out(e, template_word_hash, spelled(e, line), fold);
  }
  out(e, "\n");
  comment(e, "The slot of a name of fewer than 4 bytes among its length's: its first, middle and "
             "last byte, letters in lowercase to fold (so that no two names share one), times the "
             "length's multiplier; of bytes, and of UTF-16 units, whose low byte stands in for "
             "them.");
  if (l->path.rare) {
    word_head(e, "@~hash_short", "unsigned char");
    out(e, template_word_short, "", "", "");
  }
  word_head(e, "@~hash16_short", "uint16_t");
  out(e, template_word_short, "(unsigned char)", "(unsigned char)", "(unsigned char)");
  if (!l->chained)
    return;
  out(e, "\n");
  comment(e, "The lookup of the names chained after slot i (next), whose length and key its "
             "name's share, compared byte by byte; of bytes, and of UTF-16 units.");
  out(e, template_chained, spelled(e, "@~chained"), "unsigned char", "t->id[i]");
  out(e, template_chained, spelled(e, "@~chained16"), "uint16_t", "t->id[i]");
}

/* Writes the hash of bytes and of UTF-16 units, after the constants that the lookups find a slot
   with: the empty slot (a hash past the largest takes it) and, direct, a slot's size. */
void output_hash(struct emitter *e) {
  const struct layout *l = e->l;
  const struct kind_text *k = &kinds[l->kind];
  char slot[64];
  snprintf(slot, sizeof slot, k->slot_const, l->scale);
  if (k->constants != NULL)
    out(e, k->constants, spelled(e, slot), l->empty);
  if (l->word) {
    out(e, "\n");
    put_word_hashes(e);
    return;
  }
  out(e,
      "\n/* The hash of s[0..len), for a len between the shortest and the longest name's%s. "
      "*/\n",
      k->hash_is);
  put_hash(e, "@~hash", "unsigned char", "");
  out(e, "\n/* The same hash on UTF-16 units; a unit above 0x7F may land anywhere, since none\n"
         "   matches. */\n");
  put_hash(e, "@~hash16", "uint16_t", "(unsigned char)");
}

/* The helpers of the common path: unaligned loads, and two pieces as one word. */
static const char template_loads[] =
    "\n"
    "/* The bytes at p, as one word; memcpy makes a single unaligned load of them. */\n"
    "static uint64_t @~load8(const unsigned char *p) {\n"
    "  uint64_t v;\n"
    "  memcpy(&v, p, sizeof v);\n"
    "  return v;\n"
    "}\n"
    "static uint32_t @~load4(const unsigned char *p) {\n"
    "  uint32_t v;\n"
    "  memcpy(&v, p, sizeof v);\n"
    "  return v;\n"
    "}\n"
    "\n"
    "/* The 4 bytes of a, then the 4 of b, as @~load8 would read them from memory in a row. */\n"
    "static uint64_t @~pair(uint32_t a, uint32_t b) {\n"
    "  static const union {\n"
    "    uint32_t word;\n"
    "    unsigned char first;\n"
    "  } one = {1}; /* first is 1 on a little-endian machine; the compiler folds the test */\n"
    "  return one.first ? (uint64_t)b << 32 | a : (uint64_t)a << 32 | b;\n"
    "}\n"
    "\n"
    "/* The low bytes of the 4 UTF-16 units at a, then of the 4 at b, as @~load8 reads 8\n"
    "   bytes. With SSE2 (every x86-64 CPU has it), a pack with unsigned saturation: a unit\n"
    "   of 0x80 to 0xFF gives itself, one of 0x100 to 0x7FFF 0xFF and one of 0x8000 or more\n"
    "   (negative, to the pack) 0, none of them a byte of a name (an RFC 9110 token), folded\n"
    "   or not. With NEON (little-endian aarch64), a narrowing with unsigned saturation: a\n"
    "   unit of 0x80 to 0xFF gives itself and any larger one 0xFF, no byte of a name either.\n"
    "   Else shifts and masks, on either byte order, which narrow only units of up to 0xFF\n"
    "   right: each unit is ORed into *big, whose high bytes then make the lookup's d other\n"
    "   than 0. */\n"
    "#if defined(@~NARROW_SSE2)\n"
    "static uint64_t @~narrow44(uint64_t *big, const uint16_t *a, const uint16_t *b) {\n"
    "  __m128i v = _mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)(const void *)a),\n"
    "                                 _mm_loadl_epi64((const __m128i *)(const void *)b));\n"
    "  (void)big;\n"
    "  return (uint64_t)_mm_cvtsi128_si64(_mm_packus_epi16(v, v));\n"
    "}\n"
    "#elif defined(@~NARROW_NEON)\n"
    "static uint64_t @~narrow44(uint64_t *big, const uint16_t *a, const uint16_t *b) {\n"
    "  uint8x8_t v = vqmovn_u16(vcombine_u16(vld1_u16(a), vld1_u16(b)));\n"
    "  (void)big;\n"
    "  return vget_lane_u64(vreinterpret_u64_u8(v), 0);\n"
    "}\n"
    "#else\n"
    "static uint32_t @~narrow4(uint64_t *big, const uint16_t *u) {\n"
    "  uint64_t x = @~load8((const unsigned char *)u);\n"
    "  *big |= x;\n"
    "  x = (x | x >> 8) & UINT64_C(0x0000FFFF0000FFFF);\n"
    "  return (uint32_t)(x | x >> 16);\n"
    "}\n"
    "static uint64_t @~narrow44(uint64_t *big, const uint16_t *a, const uint16_t *b) {\n"
    "  return @~pair(@~narrow4(big, a), @~narrow4(big, b));\n"
    "}\n"
    "#endif\n";

/* The narrowing of 8 units, for the words of names over 16 bytes. */
static const char template_narrow8[] =
    "static uint64_t @~narrow8(uint64_t *big, const uint16_t *u) "
    "{ return @~narrow44(big, u, u + 4); }\n";

/* The attribute that keeps the rare path out of line. */
static const char template_cold[] =
    "\n"
    "/* Keeps the rare paths out of the common ones, where the compiler knows how. */\n"
    "#if defined(__GNUC__)\n"
    "#define @~COLD __attribute__((__noinline__, __cold__))\n"
    "#else\n"
    "#define @~COLD\n"
    "#endif\n";

/* The attribute that writes the body of both case rules into each. */
static const char template_inline[] =
    "\n"
    "/* Each case rule's lookup is one body, fn(..., fold), inlined into both rules' functions "
    "with\n"
    "   fold a constant, where the compiler knows how: each is then its own code, with no test\n"
    "   of fold. */\n"
    "#if defined(__GNUC__)\n"
    "#define @~INLINE __attribute__((__always_inline__)) static inline\n"
    "#else\n"
    "#define @~INLINE static\n"
    "#endif\n";

/* The barrier that keeps the table's address in one register. */
static const char template_one_base[] =
    "\n"
    "/* Keeps the table's address in one register, t, which each read then adds its offset to:\n"
    "   else GCC makes the address of a member far into the table anew, where a load cannot add\n"
    "   the offset (on aarch64, two instructions each time). Not on x86, whose loads add any\n"
    "   offset, and where the register's use lengthens the path to the slot. */\n"
    "#if defined(__GNUC__) && !defined(__x86_64__) && !defined(__i386__)\n"
    "#define @~ONE_BASE(t) __asm__(\"\" : \"+r\"(t))\n"
    "#else\n"
    "#define @~ONE_BASE(t) (void)(t)\n"
    "#endif\n";

/* The word hash's helpers: a key's bytes as the same number on every CPU, and the barrier that
   makes the pointer to a length's ids from the length alone. */
static const char template_word_helpers[] =
    "\n"
    "/* The 8 bytes that @~pair or @~narrow44 read, as the number whose lowest byte is the first:\n"
    "   the word hash's key, the same on every CPU (the compiler folds the test). */\n"
    "static uint64_t @~little(uint64_t v) {\n"
    "  static const union {\n"
    "    uint32_t word;\n"
    "    unsigned char first;\n"
    "  } one = {1};\n"
    "  if (one.first)\n"
    "    return v;\n"
    "  v = v << 32 | v >> 32;\n"
    "  v = (v & UINT64_C(0x0000FFFF0000FFFF)) << 16 | (v >> 16 & UINT64_C(0x0000FFFF0000FFFF));\n"
    "  return (v & UINT64_C(0x00FF00FF00FF00FF)) << 8 | (v >> 8 & UINT64_C(0x00FF00FF00FF00FF));\n"
    "}\n";
static const char template_anchor[] =
    "\n"
    "/* Keeps p in a register of its own, opaque to the compiler, which can then neither fold it\n"
    "   into a later address nor rebuild it there. Made from the length alone, the ids pointer\n"
    "   lets a read through it wait on the hash and nothing more (else the compiler adds the\n"
    "   length's first slot to the hash first: one step more before the slot's id, on the path\n"
    "   a caller waits on); the other uses say why at the use. */\n"
    "#if defined(__GNUC__)\n"
    "#define @~ANCHOR(p) __asm__(\"\" : \"+r\"(p))\n"
    "#else\n"
    "#define @~ANCHOR(p) (void)(p)\n"
    "#endif\n";

/* Writes the helpers that the lookups share. */
void output_helpers(struct emitter *e) {
  if (e->l->path.common) {
    put_template(e, template_loads);
    put_template(e, template_one_base);
  }
  if (e->l->word) {
    if (e->l->path.common)
      put_template(e, template_word_helpers);
    put_template(e, template_anchor);
  }
  if (e->l->path.common && e->l->path.words)
    put_template(e, template_narrow8);
  put_template(e, template_cold); /* the check of unknown names, and path.cold's */
  put_template(e, template_inline);
}

/* === Finding the slot ========================================================================= */

void put_find_decls(struct emitter *e) {
  out(e, kinds[e->l->kind].find_decls, ctype_name(e->l->id.type));
}

void put_find_slot(struct emitter *e, const char *hash_fn, const char *s) {
  const struct layout *l = e->l;
  out(e, kinds[l->kind].find, spelled(e, hash_fn), s, l->bucket_shift, l->slot_mask);
  put_template(e, kinds[l->kind].at);
}

const char *found_len(const struct emitter *e) { return kinds[e->l->kind].len; }

const char *found_id(const struct emitter *e) { return kinds[e->l->kind].id[e->l->id_bytes > 1]; }

void put_verdict(struct emitter *e, const char *s, int wide) {
  if (!e->l->chained) {
    out(e, "  return d ? @P_UNKNOWN : %s;\n", found_id(e));
    return;
  }
  out(e,
      "  /* a name that shares the slot's length and key may be chained after it */\n"
      "  if (d)\n"
      "    return t->next[i] ? @~chained%s(%s, len, i, fold) : @P_UNKNOWN;\n"
      "  return %s;\n",
      wide ? "16" : "", s, found_id(e));
}

/* === Each case rule's lookup from one body ================================================== */

/* Writes a lookup of one case rule as a call of the body of both, fn(arg, len, fold), whose
   fold is 1 to fold letters (@p_lookup) and 0 for the lowercase spelling alone
   (@p_lookup_lower): `head` names the lookup ("static int lookup_portable(" or
   "int @p_lookup("), and its first parameter, unit, is the name ("const char *name"). On one
   line where it fits. */
void put_rule(struct emitter *e, const char *head, const char *unit, const char *fn,
              const char *arg, enum match m) {
  const char *const params[] = {unit, "size_t len"};
  char one_line[512], body[128], *sig = signature(e, head, params, 2, ") {\n");
  snprintf(one_line, sizeof one_line, "%s%s, size_t len) { return %s(%s, len, %d); }\n", head, unit,
           fn, arg, m == MATCH_FOLD);
  snprintf(body, sizeof body, "  return %s(%s, len, %d);\n}\n", fn, arg, m == MATCH_FOLD);
  if (sig != NULL) {
    char *broken = malloc(strlen(sig) + strlen(body) + 1);
    if (broken == NULL)
      emit_failed(e, ENOMEM);
    else
      fit(e, one_line, strcat(strcpy(broken, sig), body));
    free(broken);
  }
  free(sig);
}

/* === The rare path ============================================================================ */

/* The compare of the first, the second and the last of 2 or 3 bytes, each with its mask to
   fold, as the body of a function, or inside its test of the length (an indent more); and of
   one byte. */
static const char template_rare_three[] =
    "  end = len - 1; /* the first, the second and the last byte */\n"
    "  a = s[0], b = s[1], z = s[end];\n"
    "  if (fold)\n"
    "    a |= m[0], b |= m[1], z |= m[end];\n"
    "  d |= (a ^ l[0]) | (b ^ l[1]) | (z ^ l[end]);\n";
static const char template_rare_two_or_three[] =
    "  if (len >= 2) { /* 2 or 3 bytes: the first, the second and the last */\n"
    "    size_t end = len - 1;\n"
    "    unsigned a = s[0], b = s[1], z = s[end];\n"
    "    if (fold)\n"
    "      a |= m[0], b |= m[1], z |= m[end];\n"
    "    d |= (a ^ l[0]) | (b ^ l[1]) | (z ^ l[end]);\n"
    "  } else {\n"
    "    d |= (s[0] | (fold ? m[0] : 0)) ^ l[0];\n"
    "  }\n";
static const char template_rare_one[] = "  d |= (s[0] | (fold ? m[0] : 0)) ^ l[0];\n";
static const char *const rare_compares[] = {[RARE_THREE] = template_rare_three,
                                            [RARE_TWO_OR_THREE] = template_rare_two_or_three,
                                            [RARE_ONE] = template_rare_one};

/* Writes the lookup of names under 4 bytes, of both case rules: rare(s, len, fold). */
static void output_rare_body(struct emitter *e) {
  const struct layout *l = e->l;
  size_t top = l->rare.lo + l->rare.width; /* the longest name it takes */
  out(e, "\n");
  comment(e,
          "The lookup of a name of fewer than %zu bytes, of both case rules: d is 0 if and only "
          "if the slot holds a name of this length that s spells, byte by byte, with (s | mask) "
          "== lower to fold (only letters fold) and s == lower for the lowercase spelling "
          "alone.",
          top + 1);
  out(e, "@~INLINE int @~rare(const unsigned char *s, size_t len, int fold) {\n"
         "  const struct @~table *t = &@~table;\n");
  put_find_decls(e);
  out(e, "  const unsigned char *l, *m;\n"
         "  uint64_t d;\n");
  if (l->rare_shape == RARE_THREE) /* declarations first, in the strictest C */
    out(e, "  size_t end;\n  unsigned a, b, z;\n");
  out(e,
      "  /* one compare for both ends: a length below the shortest wraps around */\n"
      "  if (len - %zu > %zu)\n"
      "    return @P_UNKNOWN;\n",
      l->rare.lo, l->rare.width);
  put_find_slot(e, l->word ? "@~hash_short" : "@~hash", "s");
  out(e, kinds[l->kind].rare_reads, l->head);
  out(e, "  d = %s ^ len;\n", found_len(e));
  put_template(e, rare_compares[l->rare_shape]);
  out(e, "  return d ? @P_UNKNOWN : %s;\n}\n", found_id(e));
}

/* Writes the rare path: its body, and each case rule's function of it, beside the common path
   (lookup_rare and lower_rare, out of its way) or, in a table of short names only, the public
   lookups themselves. */
void output_rares(struct emitter *e) {
  if (!e->l->path.rare)
    return;
  output_rare_body(e);
  out(e, "\n");
  if (e->l->path.common)
    comment(e, "The rare path of each case rule, out of the common path's way.");
  for (int m = 0; m < MATCHES; m++) {
    char head[64];
    if (e->l->path.common) {
      snprintf(head, sizeof head, "@~COLD static int %s(", lookups[m].rare);
      put_rule(e, head, "const unsigned char *s", "@~rare", "s", (enum match)m);
    } else {
      snprintf(head, sizeof head, "@sint @p_%s(", lookups[m].api);
      put_rule(e, head, "const char *name", "@~rare", "(const unsigned char *)name", (enum match)m);
    }
  }
}

/* === The common path ========================================================================== */

/* The comment on the common path's compare, once the slot is found. */
static const char pieces_comment[] =
    "d is 0 if and only if the slot holds a name of this length that s spells, with (s | mask) "
    "== lower to fold, and s == lower for the lowercase spelling alone: a byte matches a "
    "lowercase letter if it is that letter or, to fold, its uppercase form, and any other byte "
    "only itself (so '-' never matches CR, '@' never '`', and no byte above 0x7F matches). The "
    "name is read as four 4-byte pieces, at 0, p, q and len - 4: for 8 bytes or more, the first "
    "and the last 8 bytes; for fewer, the first and the last 4, twice. No branch tells the two "
    "apart, so a stream that mixes them costs no mispredictions. Every read is inside s[0..len), "
    "and inside the table, whatever the slot holds. (A branch on the length in place of the "
    "pieces runs 6 instructions fewer, and took 1.4 times as long on shuffled streams.)";

/* The four pieces that the common path reads of s. */
static const char template_pieces[] =
    "  p = t->lens[len].p, q = t->lens[len].q;\n"
    "  x = @~pair(@~load4(s), @~load4(s + p)), y = @~pair(@~load4(s + q), @~load4(s + len - 4));\n";

/* Writes the loop over the words of a name over 16 bytes, which ORs the expression or into d:
   on one line where it fits, else broken after its last ^, as clang-format breaks it. */
static void put_words(struct emitter *e, const char * or) {
  const struct kind_text *k = &kinds[e->l->kind];
  char one_line[256], broken[256];
  const char *at = strrchr(or, '^');
  snprintf(one_line, sizeof one_line, "    d |= %s;\n", or);
  snprintf(broken, sizeof broken, "    d |= %.*s^\n         %s;\n", (int)(at - or), or, at + 2);
  put_template(e, k->words);
  fit(e, one_line, broken);
  put_template(e, k->words_end);
}

/* Writes the common path's compare of the slot found, of bytes or (wide) of UTF-16 units
   narrowed to bytes, whose high bytes, ORed into big, make d other than 0. */
static void put_pieces(struct emitter *e, int wide) {
  const struct layout *l = e->l;
  const struct kind_text *k = &kinds[l->kind];
  char one_line[256], broken[256];
  out(e, k->pieces_reads, l->head, l->head);
  if (wide) {
    put_template(e, "  p = t->lens[len].p, q = t->lens[len].q;\n"
                    "  x = @~narrow44(&big, name, name + p);\n"
                    "  y = @~narrow44(&big, name + q, name + len - 4);\n");
  } else {
    inner_comment(e, "%s%s", pieces_comment, k->pieces_note ? k->pieces_note : "");
    put_template(e, k->pieces_call ? k->pieces_call : template_pieces);
  }
  if (wide || !k->pieces_call) {
    put_template(e, k->pieces_fold);
    snprintf(one_line, sizeof one_line, "  d = %s;\n", k->pieces_d);
    snprintf(broken, sizeof broken, "  d =\n      %s;\n", k->pieces_d);
    fit(e, one_line, broken);
  }
  if (l->path.words)
    put_words(e, wide ? k->words16_d : k->words_d);
  if (wide)
    out(e, "  d |= big & UINT64_C(0xFF00FF00FF00FF00); /* 0 with SSE2 or NEON */\n");
}

/* Writes the common path, of both case rules: portable(name, len, fold), and each rule's
   function of it (lookup_portable and lower_portable beside the vector lookup, else the public
   lookups themselves). */
void output_portables(struct emitter *e) {
  const struct layout *l = e->l;
  if (!l->path.common)
    return;
  out(e, "\n");
  comment(e, "The lookup on any CPU, of both case rules (see @p_lookup and @p_lookup_lower).");
  out(e, "@~INLINE int @~portable(const char *name, size_t len, int fold) {\n"
         "  const unsigned char *s = (const unsigned char *)name;\n"
         "  const struct @~table *t = &@~table;\n");
  put_find_decls(e);
  out(e,
      "  const unsigned char *l, *m;\n"
      "  size_t p, q;\n"
      "  uint64_t %sd;\n"
      "  @~ONE_BASE(t);\n",
      kinds[l->kind].pieces_call ? "" : "x, y, ");
  out(e, "  /* %zu to %zu bytes here%s (a shorter length wraps around) */\n", l->common.lo,
      l->common.lo + l->common.width, l->path.rare ? ", the rest in the rare path" : "");
  out(e, "  if (len - %zu > %zu)\n", l->common.lo, l->common.width);
  if (l->path.rare)
    out(e, "    return fold ? %s(s, len) : %s(s, len);\n", spelled(e, lookups[MATCH_FOLD].rare),
        spelled(e, lookups[MATCH_LOWER].rare));
  else
    out(e, "    return @P_UNKNOWN;\n");
  put_find_slot(e, "@~hash", "s");
  put_pieces(e, 0);
  put_verdict(e, "s", 0);
  out(e, "}\n\n");
  if (l->path.vector)
    comment(e, "The common path of each case rule, which the vector lookup falls back on.");
  for (int m = 0; m < MATCHES; m++) {
    char head[64];
    if (l->path.vector)
      snprintf(head, sizeof head, "static int %s(", lookups[m].portable);
    else
      snprintf(head, sizeof head, "@sint @p_%s(", lookups[m].api);
    put_rule(e, head, "const char *name", "@~portable", "name", (enum match)m);
  }
}

/* === UTF-16 and the accessors ================================================================= */

/* Writes portable16, the UTF-16 lookup on any CPU: the common path's compare of the units
   narrowed to bytes 8 at a time (narrow44), and units16 (unit by unit) for the other lengths. */
static void output_portable16_common(struct emitter *e) {
  const struct layout *l = e->l;
  out(e,
      "\n/* The UTF-16 lookup on any CPU, of both case rules: the common path's compare, on the\n"
      "   units narrowed to bytes 8 at a time (@~narrow44), where a unit above 0x7F matches no\n"
      "   byte of a name. */\n"
      "@~INLINE int @~portable16(const uint16_t *name, size_t len, int fold) {\n"
      "  const struct @~table *t = &@~table;\n");
  put_find_decls(e);
  out(e, "  const unsigned char *l, *m;\n"
         "  size_t p, q;\n"
         "  uint64_t x, y, d, big = 0;\n"
         "  @~ONE_BASE(t);\n");
  out(e, "  if (len - %zu > %zu)\n    return @~units16(name, len, fold);\n", l->common.lo,
      l->common.width);
  put_find_slot(e, "@~hash16", "name");
  put_pieces(e, 1);
  put_verdict(e, "name", 1);
  out(e, "}\n");
}

/* Writes units16, which compares UTF-16 units with the name in lowercase, one by one, and
   portable16 of it, or over it for the common path. */
void output_portable16(struct emitter *e) {
  const struct layout *l = e->l;
  out(e,
      "\n/* The UTF-16 lookup unit by unit, of both case rules%s. */\n"
      "%sint @~units16(const uint16_t *name, size_t len, int fold) {\n"
      "  const struct @~table *t = &@~table;\n",
      l->path.common ? ", for the other lengths" : "",
      spelled(e, l->path.cold ? "@~COLD static " : "static "));
  put_find_decls(e);
  out(e,
      "  const unsigned char *lower;\n"
      "  size_t k;\n"
      "  if (len - %zu > %zu)\n"
      "    return @P_UNKNOWN;\n",
      l->all.lo, l->all.width);
  put_find_slot(e, l->word ? "@~hash16_short" : "@~hash16", "name");
  out(e, kinds[l->kind].units_lower, l->head);
  out(e,
      "  if (%s != len)\n"
      "    return @P_UNKNOWN;\n"
      "  for (k = 0; k < len; k++) {\n"
      "    unsigned c = name[k], want = lower[k];\n"
      "    if (c != want && (!fold || want < 'a' || want > 'z' || c != want - 32))\n"
      "      return @P_UNKNOWN;\n"
      "  }\n"
      "  return %s;\n"
      "}\n",
      found_len(e), found_id(e));
  if (l->path.common)
    output_portable16_common(e);
  else
    out(e, "@~INLINE int @~portable16(const uint16_t *name, size_t len, int fold) {\n"
           "  return @~units16(name, len, fold);\n"
           "}\n");
  if (l->path.vector)
    out(e, "\n/* The UTF-16 lookup on any CPU of each case rule, which the vector one falls back "
           "on. */\n");
  for (int m = 0; m < MATCHES && l->path.vector; m++) {
    char head[64];
    snprintf(head, sizeof head, "static int %s(", lookups16[m].portable);
    put_rule(e, head, "const uint16_t *name", "@~portable16", "name", (enum match)m);
  }
}

/* The accessors of an id's names. */
static const char template_known[] = "\n"
                                     "/* Whether id is one of the table's. */\n"
                                     "static int @~known(int id) { return id >= 0 && id < "
                                     "(int)(sizeof @~names / sizeof @~names[0]); }\n";
static const char template_known_sparse[] =
    "\n"
    "/* Whether id is a name's: in range, and not an id that the list skips (length 0). */\n"
    "static int @~known(int id) {\n"
    "  return id >= 0 && id < (int)(sizeof @~names / sizeof @~names[0]) && @~names[id].len != 0;\n"
    "}\n";
static const char template_accessors[] =
    "\n"
    "@sconst char *@p_name(int id, size_t *len) {\n"
    "  if (len != NULL)\n"
    "    *len = @~known(id) ? @~names[id].len : 0;\n"
    "  return @~known(id) ? (const char *)@~table.pool + @~names[id].spell : NULL;\n"
    "}\n"
    "\n"
    "@sconst char *@p_lower(int id, size_t *len) {\n"
    "  if (len != NULL)\n"
    "    *len = @~known(id) ? @~names[id].len : 0;\n"
    "  return @~known(id) ? (const char *)@~table.pool + @~names[id].lower : NULL;\n"
    "}\n";

/* Writes the accessors: @p_name, @p_lower, @p_flags and @p_attr. */
void output_accessors(struct emitter *e) {
  put_template(e, e->l->sparse ? template_known_sparse : template_known);
  put_template(e, template_accessors);
  if (e->l->flags.what != NULL)
    fit(e, "\n@sunsigned long @p_flags(int id) { return @~known(id) ? @~names[id].flags : 0; }\n",
        "\n@sunsigned long @p_flags(int id) {\n  return @~known(id) ? @~names[id].flags : 0;\n}\n");
  else
    out(e, "\n@sunsigned long @p_flags(int id) {\n  (void)id; /* the list has no flags */\n"
           "  return 0;\n}\n");
  out(e, "\n@slong @p_attr(int id, int key) {\n");
  if (e->l->attr.what != NULL)
    out(e,
        "  if (!@~known(id) || key < 0 || key >= (int)(sizeof @~attrs[0] / sizeof @~attrs[0][0]))\n"
        "    return -1;\n"
        "  return @~attrs[id][key];\n"
        "}\n");
  else
    out(e, "  (void)id, (void)key; /* the list has no numbered attributes */\n"
           "  return -1;\n"
           "}\n");
}
