/* emit_lookups.c: the sections of a table's source that look a name up: the slot's finding,
   the rare and the portable lookups of each case rule, lookup16 and the accessors. What
   varies with the layout kind and the case rule is text in the tables below, chosen by the
   plan (layout.h); the code that writes them branches on nothing else. */
#include "emit_sections.h"
#include "table_template.h" /* template_NAME: the sections of gen/emit/c/table.c.in, made by the build */

#include "emit_kinds.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

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

/* The compare of the first, the second and the last of 2 or 3 bytes, as the body of a function
   (RARE_THREE), or inside its test of the length, an indent more (RARE_TWO_OR_THREE, with the
   compare of one byte, ONE, after it); and of one byte alone. Each folds with FOLD, after
   "if (fold)": a table of slots ORs in each byte's mask, a table of records (which hold no mask)
   puts the input's uppercase letters in lowercase (a byte b is one if b - 'A' < 26, unsigned).
   The input's bytes (and the mask of one byte) are anchored as whole registers: else clang 14
   loads a byte of the slot into the low byte of a register alone (`mov bl`), which on x86 waits
   for what that register held, and folds and compares it there (1.04-1.09 times the rare path's
   time). */
#define RARE_THREE(fold)                                                                           \
  "  end = len - 1; /* the first, the second and the last byte */\n"                               \
  "  a = s[0], b = s[1], z = s[end];\n  @~ANCHOR(a);\n  @~ANCHOR(b);\n  @~ANCHOR(z);\n"            \
  "  if (fold)" fold("    ") "  d |= (a ^ l[0]) | (b ^ l[1]) | (z ^ l[end]);\n"
#define RARE_TWO_OR_THREE(fold, one)                                                               \
  "  if (len >= 2) { /* 2 or 3 bytes: the first, the second and the last */\n"                     \
  "    size_t end = len - 1;\n"                                                                    \
  "    unsigned a = s[0], b = s[1], z = s[end];\n"                                                 \
  "    @~ANCHOR(a);\n    @~ANCHOR(b);\n    @~ANCHOR(z);\n"                                         \
  "    if (fold)" fold("      ") "    d |= (a ^ l[0]) | (b ^ l[1]) | (z ^ l[end]);\n"              \
                                 "  } else {\n" one("    ") "  }\n"
#define RARE_MASK(indent) "\n" indent "a |= m[0], b |= m[1], z |= m[end];\n"
#define RARE_MASK1(in)                                                                             \
  in "unsigned a = s[0], k = m[0];\n" in "@~ANCHOR(a);\n" in "@~ANCHOR(k);\n" in                   \
     "d |= (a | (fold ? k : 0)) ^ l[0];\n"
#define RARE_UP(b) #b " += " #b " - 'A' < 26u ? 32 : 0"
#define RARE_ADD(indent)                                                                           \
  " /* the uppercase letters in lowercase: a record has no mask */\n" indent RARE_UP(              \
      a) ", " RARE_UP(b) ", " RARE_UP(z) ";\n"
#define RARE_ADD1(in)                                                                              \
  in "d |= ((unsigned)s[0] + (fold && (unsigned)s[0] - 'A' < 26u ? 32 : 0)) ^ l[0];\n"
static const char *const rare_compares[] = {[RARE_THREE] = RARE_THREE(RARE_MASK),
                                            [RARE_TWO_OR_THREE] =
                                                RARE_TWO_OR_THREE(RARE_MASK, RARE_MASK1),
                                            [RARE_ONE] = "  {\n" RARE_MASK1("    ") "  }\n"};
static const char *const rare_compares_records[] = {[RARE_THREE] = RARE_THREE(RARE_ADD),
                                                    [RARE_TWO_OR_THREE] =
                                                        RARE_TWO_OR_THREE(RARE_ADD, RARE_ADD1),
                                                    [RARE_ONE] = RARE_ADD1("  ")};

/* The parameters of the field bodies, after the name's (value and vlen, then fold). */
static const char *const field_tail_params[] = {"const char *value", "size_t vlen", "int fold"};

/* Writes the head of a body, of a lookup (the id) or of a field's match (field_at's answer):
   fn(s, len, fold) or fn(s, len, value, vlen, fold), s of type unit; static is what comes
   before its type (@~INLINE, or @~COLD static). */
static void put_body_head(struct emitter *e, const char *statics, const char *fn, const char *unit,
                          int field) {
  char head[128], *sig;
  const char *params[5] = {unit, "size_t len", "int fold"};
  snprintf(head, sizeof head, "%s %s %s(", statics, field ? "struct @p_match" : "int", fn);
  if (field)
    memcpy(params + 2, field_tail_params, sizeof field_tail_params);
  sig = signature(e, head, params, field ? 5 : 3, ") {\n");
  if (sig != NULL)
    put_template(e, sig);
  free(sig);
}

/* What a body returns for a name the list does not have. */
static const char *no_name(int field) { return field ? "@~field_none()" : "@P_UNKNOWN"; }

/* The index of the record of the slot found: the slot's own in a table of slots (i, read beside
   its id), else the id's; into buf. */
static const char *record_at(const struct emitter *e, char *buf, size_t size) {
  if (!e->l->records)
    return "i";
  snprintf(buf, size, "(size_t)%s", found_id(e));
  return buf;
}

/* Writes a field body's answer once the slot is found and d compared: none, or field_at of the
   slot's id and record, or, where names chain (the common path of a table of chains), of a name
   chained after the slot. */
static void put_field_verdict(struct emitter *e, const char *s, int chains) {
  char buf[64];
  const char *at = record_at(e, buf, sizeof buf);
  if (!chains && !e->o->static_file) {
    out(e, "  if (d)\n    return @~field_none();\n  return @~field_at(%s, %s, value, vlen);\n",
        found_id(e), at);
    return;
  }
  /* in one file, inlined into its caller: one match built at one return, whose members clang 14
     then keeps apart (6-7% faster, gcc 12 the same: make bench-fields); a match of an object of
     its own keeps the two returns above (no gain measured there) */
  if (!chains) {
    out(e,
        "  {\n    struct @p_match found;\n    found.id = d ? @P_UNKNOWN : %s;\n"
        "    found.name = d ? (short)-1 : @~field_index.rec[%s].first;\n"
        "    found.field = d ? (short)-1 : @~field_entry(%s, value, vlen);\n"
        "    return found;\n  }\n",
        found_id(e), at, at);
    return;
  }
  out(e,
      "  if (d) {\n"
      "    /* a name that shares the slot's length and key may be chained after it */\n"
      "    int c = t->next[i] ? @~chained_slot(%s, len, i, fold) : -1;\n"
      "    return c < 0 ? @~field_none() : @~field_at(t->id[c], (size_t)c, value, vlen);\n"
      "  }\n"
      "  return @~field_at(%s, %s, value, vlen);\n",
      s, found_id(e), at);
}

/* Writes the lookup of names under 4 bytes, of both case rules: rare(s, len, fold); or (field)
   the match of a field of such a name, field_rare(s, len, value, vlen, fold). */
static void put_rare_body(struct emitter *e, int field) {
  const struct layout *l = e->l;
  size_t top = l->rare.lo + l->rare.width; /* the longest name it takes */
  out(e, "\n");
  if (field)
    comment(e,
            "The match of a field whose name has fewer than %zu bytes: @~rare's compare, then "
            "@~field_at.",
            top + 1);
  else
    comment(e,
            "The lookup of a name of fewer than %zu bytes, of both case rules: d is 0 if and "
            "only if the slot holds a name of this length that s spells, byte by byte, with (s | "
            "mask) == lower to fold (only letters fold) and s == lower for the lowercase "
            "spelling alone.",
            top + 1);
  put_body_head(e, field && l->path.common ? "@~COLD static" : "@~INLINE",
                field ? "@~field_rare" : "@~rare", "const unsigned char *s", field);
  out(e, "  const struct @~table *t = &@~table;\n");
  put_find_decls(e);
  out(e, l->records ? "  const unsigned char *l;\n  uint64_t d;\n"
                    : "  const unsigned char *l, *m;\n  uint64_t d;\n");
  if (l->rare_shape == RARE_THREE) /* declarations first, in the strictest C */
    out(e, "  size_t end;\n  unsigned a, b, z;\n");
  out(e,
      "  /* one compare for both ends: a length below the shortest wraps around */\n"
      "  if (len - %zu > %zu)\n"
      "    return %s;\n",
      l->rare.lo, l->rare.width, spelled(e, no_name(field)));
  put_find_slot(e, l->word ? "@~hash_short" : "@~hash", "s");
  out(e, kinds[l->kind].rare_reads, l->head);
  out(e, "  d = %s ^ len;\n", found_len(e));
  put_template(e, (l->records ? rare_compares_records : rare_compares)[l->rare_shape]);
  if (field)
    put_field_verdict(e, "s", 0);
  else
    out(e, "  return d ? @P_UNKNOWN : %s;\n", found_id(e));
  out(e, "}\n");
}

/* Writes the rare path: its body, and each case rule's function of it, beside the common path
   (lookup_rare and lower_rare, out of its way) or, in a table of short names only, the public
   lookups themselves. */
void output_rares(struct emitter *e) {
  if (!e->l->path.rare)
    return;
  put_rare_body(e, 0);
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

/* Writes `d |= ` the expression or of the 8 bytes at position at, at the indent: on one line
   where it fits, else broken after its last ^, as clang-format breaks it. */
static void put_word(struct emitter *e, const char * or, const char *at, const char *indent) {
  char expr[256], one_line[320], broken[320];
  snprintf(expr, sizeof expr, or, at, at, at);
  const char *last = strrchr(expr, '^');
  snprintf(one_line, sizeof one_line, "%sd |= %s;\n", indent, expr);
  snprintf(broken, sizeof broken, "%sd |= %.*s^\n%s     %s;\n", indent, (int)(last - expr), expr,
           indent, last + 2);
  fit(e, one_line, broken);
}

/* Writes the compare of a name over 16 bytes between its first and its last 8, which ORs the
   expression or into d: the 8 bytes at 8 and the 8 that end 8 before the last (at 8 again up to
   24 bytes), with no loop, so that no compiler puts a branch on the length before the compare's
   (clang 14 did, with the loop over the words this replaced); past 32 bytes, where the list has
   such a name, the words between those, in a loop that ends at the first that differs (without
   that end, clang 14 made the loop of at most a few words a vector loop, unrolled). */
static void put_words(struct emitter *e, const char * or) {
  const struct kind_text *k = &kinds[e->l->kind];
  put_template(e, k->words);
  out(e, "    size_t tail = len > 24 ? len - 16 : 8;\n");
  put_word(e, or, "8", "    ");
  put_word(e, or, "tail", "    ");
  if (e->l->max > 32) {
    out(e, "    for (size_t w = 16; d == 0 && w + 16 < len; w += 8)\n");
    put_word(e, or, "w", "      ");
  }
  put_template(e, k->words_end);
}

/* Writes the common path's compare of the slot found, of bytes or (wide) of UTF-16 units
   narrowed to bytes, whose high bytes, ORed into big, make d other than 0; explained (of bytes)
   where the comment is not written already. */
static void put_pieces(struct emitter *e, int wide, int explain) {
  const struct layout *l = e->l;
  const struct kind_text *k = &kinds[l->kind];
  char one_line[256], broken[256];
  out(e, k->pieces_reads, l->head, l->head);
  if (wide) {
    put_template(e, "  p = t->lens[len].p, q = t->lens[len].q;\n"
                    "  x = @~narrow44(&big, name, name + p);\n"
                    "  y = @~narrow44(&big, name + q, name + len - 4);\n");
  } else {
    if (explain)
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

/* Writes the common path, of both case rules: portable(name, len, fold); or (field) the match
   of a field, field_portable(name, len, value, vlen, fold), whose name takes the same path. */
static void put_portable_body(struct emitter *e, int field) {
  const struct layout *l = e->l;
  out(e, "\n");
  if (field)
    comment(e, "The match of a field on any CPU, of both case rules: @~portable's find and "
               "compare, then @~field_at.");
  else
    comment(e, "The lookup on any CPU, of both case rules (see @p_lookup and @p_lookup_lower).");
  put_body_head(e, "@~INLINE", field ? "@~field_portable" : "@~portable", "const char *name",
                field);
  out(e, "  const unsigned char *s = (const unsigned char *)name;\n"
         "  const struct @~table *t = &@~table;\n");
  put_find_decls(e);
  out(e,
      "  const unsigned char *l%s;\n"
      "  size_t p, q;\n"
      "  uint64_t %sd;\n"
      "  @~ONE_BASE(t);\n",
      l->records ? "" : ", *m", kinds[l->kind].pieces_call ? "" : "x, y, ");
  out(e, "  /* %zu to %zu bytes here%s (a shorter length wraps around) */\n", l->common.lo,
      l->common.lo + l->common.width, l->path.rare ? ", the rest in the rare path" : "");
  out(e, "  if (len - %zu > %zu)\n", l->common.lo, l->common.width);
  if (l->path.rare && field)
    out(e, "    return @~field_rare(s, len, value, vlen, fold);\n");
  else if (l->path.rare)
    out(e, "    return fold ? %s(s, len) : %s(s, len);\n", spelled(e, lookups[MATCH_FOLD].rare),
        spelled(e, lookups[MATCH_LOWER].rare));
  else
    out(e, "    return %s;\n", spelled(e, no_name(field)));
  put_find_slot(e, "@~hash", "s");
  put_pieces(e, 0, !field);
  if (field)
    put_field_verdict(e, "s", l->chained > 0);
  else
    put_verdict(e, "s", 0);
  out(e, "}\n");
}

/* Writes the common path and each rule's function of it (lookup_portable and lower_portable
   beside the vector lookup, else the public lookups themselves). */
void output_portables(struct emitter *e) {
  const struct layout *l = e->l;
  if (!l->path.common)
    return;
  put_portable_body(e, 0);
  out(e, "\n");
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

/* Writes the match of a field of any name: field_rare, for names under 4 bytes; the chain's
   walk that answers a slot (chained_slot), in a table of chains; and field_portable. */
void output_field_bodies(struct emitter *e) {
  if (e->l->path.rare)
    put_rare_body(e, 1);
  if (e->l->chained) {
    out(e, "\n");
    comment(e, "The slot of the name chained after slot i that s[0..len) spells, or -1.");
    put_chained(e, "@~chained_slot", "unsigned char", "(int)i");
  }
  if (e->l->path.common)
    put_portable_body(e, 1);
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
  out(e,
      "  const unsigned char *l%s;\n"
      "  size_t p, q;\n"
      "  uint64_t x, y, d, big = 0;\n"
      "  @~ONE_BASE(t);\n",
      l->records ? "" : ", *m");
  out(e, "  if (len - %zu > %zu)\n    return @~units16(name, len, fold);\n", l->common.lo,
      l->common.width);
  put_find_slot(e, "@~hash16", "name");
  put_pieces(e, 1, 0);
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
