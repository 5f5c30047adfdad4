/* emit_kinds.c: what the output says that differs with the layout's kind (layout.h): every
   piece of text of each kind, in one table, which the sections index by the plan's kind. */
#include "emit_kinds.h"

#define S_(x) #x
#define S(x) S_(x)

/* The comment of the common path's compare of the bytes of a name over 16 bytes between its first
   and its last 8 (direct). */
#define DIRECT_WORDS_COMMENT                                                                       \
  "  /* past 16 bytes, the bytes between, from the pool (the name in lowercase, and after it\n"    \
  "     the mask of its bytes from the 8th): the 8 at 8 and the 8 from tail, before the last 8\n"  \
  "     (at 8 again up to 24 bytes), and past 32 bytes the words between */\n"

/* The fold of the vector lookup's input to lowercase, for @p_lookup: a byte b of s is an
   uppercase letter if and only if b - 'A' < 26, unsigned, so one compare finds them (two, for
   'A' <= b <= 'Z', ran as fast in both loops of make bench-ab, within its 3% noise). */
#define VECTOR_FOLD_BY_ADD                                                                         \
  "  if (fold) {\n"                                                                                \
  "    __mmask32 up =\n"                                                                           \
  "        _mm256_mask_cmplt_epu8_mask(k, _mm256_sub_epi8(v, @~vector(t->a)), "                    \
  "@~vector(t->letters));\n"                                                                       \
  "    v = _mm256_mask_add_epi8(v, up, v, @~vector(t->case_bit));\n"                               \
  "  }\n"

/* What the indexed and the displaced layouts share, a record a name (all but the slot found). */
#define RECORDS                                                                                    \
  .slots = " of an index into a pool of records",                                                  \
  .holds = "which holds the offset of a record in the pool, with the length of a name and its "    \
           "bytes, ",                                                                              \
  .at = "  r = t->pool + t->index[h];\n", .len = "r[0]", .id = {"r[1]", "(r[1] | r[2] << 8)"},     \
  .hash_is = "", .rare_reads = "  l = r + %zu;\n",                                                 \
  .pieces_reads = "  /* what the compare reads of the record's name */\n"                          \
                  "  l = r + %zu + t->lens[len].cmp;\n",                                           \
  .pieces_fold =                                                                                   \
      "  if (fold) /* the input's uppercase letters in lowercase: a record has no mask "           \
      "*/\n    x = @~lower8(x), y = @~lower8(y);\n",                                               \
  .pieces_d = "(r[0] ^ len) | (x ^ @~load8(l)) | (y ^ @~load8(l + q))",                            \
  .pieces_call = "  p = t->lens[len].p, q = t->lens[len].q;\n"                                     \
                 "  d = (r[0] ^ len) | @~pieces(s, p, q, len, l, fold);\n",                        \
  .words = "  if (d == 0 && len > 16) { /* past 16 bytes, the bytes between */\n",                 \
  .words_d = "(fold ? @~lower8(@~load8(s + %s)) : @~load8(s + %s)) ^ @~load8(l + %s)",             \
  .words16_d = "(fold ? @~lower8(@~narrow8(&big, name + %s)) : @~narrow8(&big, name + %s)) ^ "     \
               "@~load8(l + %s)",                                                                  \
  .words_end = "  }\n", .units_lower = "  lower = r + %zu;\n",                                     \
  .pool_says = "the records, then the spellings of the names that are not lowercase",              \
  .pool_intro = "  /* pool: each record is its length and id (%s), its lowercase name and a "      \
                "NUL,\n     and for a name of 4 to 7 bytes its first and last 4 bytes; then the "  \
                "spellings */\n  {\n"                                                              \
                "    /* 0: no name */\n    ",                                                      \
  .aligned = "", .vector_where = "the same record", .vector_before = "",                           \
  .vector_load = "  /* The name's bytes, and 0 in each byte past them: the masked load reads "     \
                 "s[0..len) and\n     nothing else, however near the end of s is to unmapped "     \
                 "memory. */\n"                                                                    \
                 "  k = t->k[len];\n"                                                              \
                 "  v = _mm256_maskz_loadu_epi8(k, s);\n",                                         \
  .vector_folded = "", .vector_fold = VECTOR_FOLD_BY_ADD,                                          \
  .vector_compare = "  /* ne is 0 if and only if the record is of a name of this length whose "    \
                    "len bytes match\n"                                                            \
                    "     v's: to fold, a letter either case, any other byte only itself (so "     \
                    "'-' never\n"                                                                  \
                    "     matches CR, '@' never '`'); else byte for byte, its lowercase "          \
                    "spelling, so that no\n"                                                       \
                    "     uppercase letter matches. The vector reads 32 bytes of the pool; the "   \
                    "compare looks\n"                                                              \
                    "     at len. */\n",                                                           \
  .vector_ne = "  ne = _mm256_mask_cmpneq_epi8_mask(k, v, @~vector(r + %zu));\n",                  \
  .vector_pick = "  if (ne | (r[0] ^ len))\n    return @P_UNKNOWN;\n  return %s;\n",               \
  .vector_load16 = ""

/* What the direct and the word layouts share: 32-byte slots, and the compare of a slot's name. */
#define SLOTS                                                                                      \
  .slots = "",                                                                                     \
  .holds = "which holds the first and last 8 bytes of a name, its mask and its length, ",          \
  .len = "t->len[i]", .pieces_fold = "  if (fold)\n    x |= @~load8(m), y |= @~load8(m + 8);\n",   \
  .words = DIRECT_WORDS_COMMENT                                                                    \
      "  if (d == 0 && len > 16) {\n"                                                              \
      "    const unsigned char *lower = t->pool + t->offset[i]; /* here: short names skip it "     \
      "*/\n",                                                                                      \
  .words_d = "(@~load8(s + %s) | (fold ? @~load8(lower + len - 7 + %s) : 0)) ^ @~load8(lower + "   \
             "%s)",                                                                                \
  .words16_d = "(@~narrow8(&big, name + %s) | (fold ? @~load8(lower + len - 7 + %s) : 0)) ^ "      \
               "@~load8(lower + %s)",                                                              \
  .words_end = "  }\n", .units_lower = "  lower = t->pool + t->offset[i];\n",                      \
  .pool_says = "each name in lowercase, and the mask of the bytes past its 8th; then the "         \
               "spellings of the names that are not lowercase",                                    \
  .pool_intro = "  /* pool: each name in lowercase and a NUL, then, for a name over " S(           \
      LAYOUT_HELD) " bytes, the mask of\n     its bytes from the 8th; then the spellings "         \
                   "*/\n  {\n",                                                                    \
  .aligned = " @~ALIGNED", .vector_where = "into a table of its own",                              \
  .vector_pick = "  if (ne)\n    return @P_UNKNOWN;\n  return %s;\n"

/* The direct layout's vector compare: any name may be in any slot, so an 'A' past the name
   (which no input folded to lowercase has) tells the lengths apart. */
#define DIRECT_VECTOR                                                                              \
  .vector_load = "  /* The name's bytes, then 'A' in each byte past them: the masked load "        \
                 "reads s[0..len)\n     and nothing else, however near the end of s is to "        \
                 "unmapped memory. */\n"                                                           \
                 "  k = t->k[len];\n"                                                              \
                 "  v = _mm256_mask_loadu_epi8(@~vector(t->a), k, s);\n",                          \
  .vector_folded = ". Then no byte of v is 'A' but those past len",                                \
  .vector_fold = VECTOR_FOLD_BY_ADD,                                                               \
  .vector_compare =                                                                                \
      "  /* ne is 0 if and only if the slot holds a name of this length that s spells: a "         \
      "name\n"                                                                                     \
      "     of len bytes matches s's bytes where, to fold, a letter matches either case, "         \
      "and\n"                                                                                      \
      "     any other byte only itself (so '-' never matches CR, '@' never '`'), and the "         \
      "'A's\n"                                                                                     \
      "     after both. Where the slot's name is longer than len, an 'A' of v meets one of "       \
      "its\n"                                                                                      \
      "     bytes; where it is shorter, one of its 'A's meets a byte of s, which is not "          \
      "'A':\n"                                                                                     \
      "     folded, no byte of s is, and for the lowercase spelling alone (which no "              \
      "uppercase\n"                                                                                \
      "     letter matches, since a slot holds a name in lowercase and 'A's), one that is\n"       \
      "     makes ne other than 0 here. */\n",                                                     \
  .vector_load16 = "  v = _mm256_mask_blend_epi8(k, @~vector(t->a), v);\n"

/* The word layouts' load of the name into v. */
#define WORD_LOAD                                                                                  \
  "  /* The name's bytes, and 0 in each byte past them: the masked load reads s[0..len) and\n"     \
  "     nothing else, however near the end of s is to unmapped memory. (A length with\n"           \
  "     no name has no bytes in its mask, and its slot, the empty one, no 0.) */\n"                \
  "  k = t->k[len];\n"                                                                             \
  "  v = _mm256_maskz_loadu_epi8(k, s);\n"

/* The word layout's vector compare: a length's slots hold only names of that length, its empty
   ones a copy of one of them, so that 0s past the name need no test of the length. */
#define WORD_VECTOR                                                                                \
  .vector_load = WORD_LOAD,                                                                        \
  .vector_ne = "  ne = _mm256_cmpneq_epi8_mask(v, @~vector(t->vslots[i]));\n",                     \
  .vector_folded = ": the slot's mask (0x20 where its name has a letter, 0 past it) ORed in, "     \
                   "as the portable lookup folds",                                                 \
  .vector_fold = "  if (fold)\n    v = _mm256_or_si256(v, @~vector(t->vslots[i] + 32));\n",        \
  .vector_compare =                                                                                \
      "  /* ne is 0 if and only if the slot holds a name that s spells: a length's slots hold "    \
      "its\n"                                                                                      \
      "     names alone (an empty one a copy of one of them, which never matches: a name's hash "  \
      "leads\n"                                                                                    \
      "     to its own slot), then 0s, so that a name matches s's len bytes where, to fold, a "    \
      "letter\n"                                                                                   \
      "     matches either case, and any other byte only itself (so '-' never matches CR, '@' "    \
      "never\n"                                                                                    \
      "     '`'; for the lowercase spelling alone, no uppercase letter), and the 0s after "        \
      "both. */\n",                                                                                \
  .vector_load16 = ""

/* The pooled word layout's vector compare: the slot's name in the pool, with no vector slots;
   the input folded by a compare and an add, as the direct layout folds it. */
#define POOLED_VECTOR                                                                              \
  .vector_load = WORD_LOAD, .vector_folded = "", .vector_fold = VECTOR_FOLD_BY_ADD,                \
  .vector_compare =                                                                                \
      "  /* ne is 0 if and only if the slot holds a name that s spells: a length's slots hold "    \
      "its\n     names alone (an empty one a copy of one of them, which never matches: a name's "  \
      "hash leads\n     to its own slot), so that the compare, of the 32 bytes from the slot's "   \
      "name in the pool,\n     looks at len bytes alone: to fold, a letter matches either case, "  \
      "and any other byte\n     only itself (so '-' never matches CR, '@' never '`'; for the "     \
      "lowercase spelling alone,\n     no uppercase letter). It looks at the first byte too, "     \
      "which a length with no name\n     leaves 0 in v, and which is never 0 in a name. */\n",     \
  .vector_ne = "  ne = _mm256_mask_cmpneq_epi8_mask(k | 1, v, @~vector(t->pool + t->offset[i]));"  \
               "\n",                                                                               \
  .vector_load16 = ""

/* What the word layouts share but the vector compare: a length's region of slots. */
#define WORD_SLOTS                                                                                 \
  .pieces_d = "(x ^ @~load8(l)) | (y ^ @~load8(l + 8))",                                           \
  .pieces_note = " A length's slots hold its names alone (an empty one a copy of one of them, "    \
                 "which never matches: a name's hash leads to its own slot), so that no test "     \
                 "of the length is needed; a length with no name has p 0, so that the first "      \
                 "two pieces are the name's first 4 bytes twice, and its slot, the first, 4 0s "   \
                 "and 4 0xFFs.",                                                                   \
  .pieces_call = "  p = t->lens[len].p, q = t->lens[len].q;\n"                                     \
                 "  d = @~pieces(s, p, q, len, l, m, fold);\n",                                    \
  .rare_reads = "  l = t->slots[i].lower, m = t->slots[i].mask;\n",                                \
  .pieces_reads = "  /* the first and last 8 bytes of the name in lowercase, and their mask, "     \
                  "both read through l\n     (else the compiler keeps a pointer to each, one "     \
                  "register more than the lookup has\n     free, which it would save and "         \
                  "restore on every call) */\n"                                                    \
                  "  l = t->slots[i].lower;\n  @~ANCHOR(l);\n  m = l + 16;\n",                     \
  .vector_before = "",                                                                             \
  .constants = "\n/* A slot's size, @~SLOT: a slot's index times it is its offset. */\n"           \
               "enum { %s };\n",                                                                   \
  .slot_const = "@~SLOT = %zu", .hash_is = " of 4 bytes or more: its slot among its length's",     \
  .finds = "A lookup rejects a length out of range, takes the slot of the hash, ",                 \
  .find_decls = "  size_t i, j;\n  const %s *ids; /* the ids of the length's slots */\n",          \
  .find = "  j = %s(t, %s, len, fold);\n"                                                          \
          "  ids = t->id + t->lens[len].base;\n"                                                   \
          "  @~ANCHOR(ids); /* from the length alone: its read waits on the hash alone */\n"       \
          "  i = t->lens[len].base + j;\n",                                                        \
  .at = "", .id = {"ids[j]", "ids[j]"}, .asso_says = ""

const struct kind_text kinds[] = {
    [LAYOUT_DIRECT] =
        {SLOTS, DIRECT_VECTOR,
         .pieces_d = "(t->len[i] ^ len) | (x ^ @~load8(l)) | (y ^ @~load8(l + 8))",
         .rare_reads = "  l = (const unsigned char *)t->slots + h, m = l + 16;\n",
         .pieces_reads = "  /* the first and last 8 bytes of the name in lowercase, and their "
                         "mask */\n  l = (const unsigned char *)t->slots + h, m = l + 16;\n",
         .vector_before = "  /* The vector slot at offset h (an offset, not a pointer, lets the "
                          "reads add it to the\n     table's address as they load) */\n",
         .vector_ne = "  ne = _mm256_cmpneq_epi8_mask(v, @~vector((const unsigned char *)t->vslots "
                      "+ h));\n"
                      "  if (!fold)\n"
                      "    ne |= _mm256_mask_cmpeq_epi8_mask(k, v, @~vector(t->a));\n",
         .constants = "\n/* A slot's size, @~SLOT, is what the associated values are times, so "
                      "that a hash is a slot's\n   offset; a hash past the largest takes the "
                      "empty slot, at offset @~EMPTY. */\nenum { %s@~EMPTY = %zu };\n",
         .slot_const = "@~SLOT = %zu, ", .hash_is = ": a slot's offset",
         .finds = "A lookup rejects a length out of range, takes the slot of the hash (a hash "
                  "past the largest takes an empty slot), ",
         .find_decls = "  size_t h, i;\n",
         .find = "  h = %s(t, %s, len);\n  h = h < @~EMPTY ? h : (size_t)@~EMPTY;\n",
         .at = "  i = h / @~SLOT;\n", .id = {"t->id[i]", "t->id[i]"},
         .asso_says = ", times 32,\n     the size of a slot, so that a hash is a slot's offset"},
    [LAYOUT_INDEXED] = {RECORDS,
                        .constants =
                            "\n/* A hash past the largest takes the empty slot, @~EMPTY. */"
                            "\nenum { %s@~EMPTY = %zu };\n",
                        .slot_const = "",
                        .finds = "A lookup rejects a length out of range, takes the slot of the "
                                 "hash (a hash past the largest takes an empty slot), ",
                        .find_decls = "  size_t h;\n  const unsigned char *r;\n",
                        .find = "  h = %s(t, %s, len);\n  h = h < @~EMPTY ? h : (size_t)@~EMPTY;\n",
                        .asso_says = ""},
    [LAYOUT_DISPLACED] =
        {RECORDS, .constants = NULL, /* no empty slot: a displaced sum always lands in one */
         .slot_const = "",
         .finds = "The values are hhn-gen's own: random 32-bit values, a table of 256 for each "
                  "term, whose sum names a bucket by its top bits; the bucket's displacement, "
                  "added to the sum, names the slot by its low bits. A lookup rejects a length "
                  "out of range, takes that slot, ",
         .find_decls = "  uint32_t sum; /* the hash, whose top bits name a bucket */\n  size_t h;\n"
                       "  const unsigned char *r;\n",
         .find = "  sum = %s(t, %s, len);\n  h = (sum + t->disp[sum >> %d]) & %zu;\n",
         .asso_says = " (a table of\n     256 for each term), whose sum (modulo 2^32) picks a "
                      "bucket"},
    [LAYOUT_WORD] = {SLOTS, WORD_VECTOR, WORD_SLOTS},
    [LAYOUT_WORD_POOLED] = {SLOTS, POOLED_VECTOR, WORD_SLOTS},
};

/* Every kind has its text. */
typedef char kinds_of_every_layout[sizeof kinds / sizeof kinds[0] == LAYOUT_KINDS ? 1 : -1];
