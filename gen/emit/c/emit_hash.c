/* emit_hash.c: the sections of a table's source that the lookups build on: the hash of each
   layout (the word hash, a sum of associated values) and the helpers of the compare (loads,
   the inline and cold markers, the anchor), chosen by the plan (layout.h). */
#include "emit_sections.h"
#include "table_template.h" /* template_NAME: the sections of gen/emit/c/table.c.in, made by the build */

#include "c.h"
#include "emit_kinds.h"
#include "render.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* === The hash ================================================================================= */

/* Writes a hash function `fn` of the units of type `unit` at s[0..len): bytes, or (units) UTF-16
   units, whose low byte stands in for them. */
static void put_hash(struct emitter *e, const char *fn, const char *unit, int units) {
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
  const struct syntax *was = e->syntax;
  e->syntax = units ? &c_units_syntax : &c_syntax; /* the terms, as render_terms writes them */
  render_terms(e);
  e->syntax = was;
  out(e, "  return h;\n}\n");
}

/* The body of the word hash of a name of 4 bytes or more, of bytes and of UTF-16 units (%s: the
   key's declaration, how it reads the key's 8 bytes; then the fold). The shift is anchored as a
   whole register: else clang 14 loads its byte alone (`mov cl`), which on x86 waits for what the
   register held before, often the caller's last answer, so that each lookup waits on the one
   before (1.6-1.9 times the time in a loop of lookups). */
static const char template_word_hash[] =
    "  size_t shift = t->lens[len].shift;\n%s  @~ANCHOR(shift);\n%s%s"
    "  return (size_t)((k * t->mul[len]) >> shift);\n"
    "}\n";

/* The body of the word hash of a name of 1 to 3 bytes, of bytes and of units (%s: how a unit
   becomes a byte). */
static const char template_word_short[] =
    "  unsigned a = %ss[0], b = %ss[len / 2], z = %ss[len - 1];\n"
    "  size_t shift = t->lens[len].shift;\n"
    "  @~ANCHOR(shift);\n"
    "  if (fold) /* letters in lowercase, and nothing else */\n"
    "    a += a - 'A' < 26u ? 32 : 0, b += b - 'A' < 26u ? 32 : 0, z += z - 'A' < 26u ? 32 : 0;\n"
    "  return (size_t)(((uint64_t)(a | b << 8 | z << 16) * t->mul[len]) >> shift);\n"
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
    snprintf(line, sizeof line, "  k = @~little(@~pair(@~load4(%s), @~load4(s + len - 4)));\n",
             first);
    word_head(e, "@~hash", "unsigned char");
    out(e, template_word_hash, "  uint64_t k;\n", spelled(e, line), fold);
    out(e, "\n/* The same hash on UTF-16 units (@~narrow44); a unit above 0x7F may land "
           "anywhere, since none\n   matches. */\n");
    snprintf(line, sizeof line, "  k = @~little(@~narrow44(&big, %s, s + len - 4));\n", first);
    word_head(e, "@~hash16", "uint16_t");
    out(e, template_word_hash, "  uint64_t big = 0, k;\n", spelled(e, line), fold);
  }
  out(e, "\n");
  comment(e, "The slot of a name of fewer than 4 bytes among its length's: its first, middle and "
             "last byte, letters in lowercase to fold (so that no two names share one), times the "
             "length's multiplier, shifted by a whole register (as @~hash is); of bytes, and of "
             "UTF-16 units, whose low byte stands in for them.");
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
  put_chained(e, "@~chained", "unsigned char", "t->id[i]");
  put_chained(e, "@~chained16", "uint16_t", "t->id[i]");
}

void put_chained(struct emitter *e, const char *fn, const char *unit, const char *found) {
  out(e, template_chained, spelled(e, fn), unit, found);
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
  put_hash(e, "@~hash", "unsigned char", 0);
  out(e, "\n/* The same hash on UTF-16 units; a unit above 0x7F may land anywhere, since none\n"
         "   matches. */\n");
  put_hash(e, "@~hash16", "uint16_t", 1);
}

/* Writes the helpers that the lookups share. */
void output_helpers(struct emitter *e) {
  if (e->l->path.common) {
    put_template(e, template_loads);
    put_template(e, template_one_base);
    if (e->l->records)
      put_template(e, template_lower8);
  }
  if (e->l->word && e->l->path.common)
    put_template(e, template_word_helpers);
  if (e->l->word || e->l->path.rare)
    put_template(e, template_anchor);
  if (e->l->path.common && e->l->path.words)
    put_template(e, template_narrow8);
  put_template(e, template_cold); /* the check of unknown names, and path.cold's */
  put_template(e, template_inline);
}
