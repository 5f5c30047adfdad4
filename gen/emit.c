/* emit.c: writing a generated table's C from its plan (see emit.h).

   Each output_* function writes one artifact of the output, in the order the driver at the
   end (emit_header, emit_source) calls them; what it writes depends only on the list, the
   hash and the layout (layout.h). Text that never varies is named template text. */
#include "emit.h"
#include "version.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define MAX_PREFIX 32  /* hhn-gen takes no longer prefix */
#define WRAP_COLUMN 96 /* wrapped comments end by here, leaving room for a closing star-slash */

/* One file being written: what it is of, and the first error. */
struct emitter {
  FILE *f;
  const struct names *list;
  const struct hashfn *h;
  const struct layout *l;
  const struct emit_options *o;
  char upper[MAX_PREFIX + 1]; /* the prefix in uppercase */
  int error;                  /* the errno of the first failed write, or 0 */
};

/* === Writing ===================================================================================
 */

/* Notes the first failure. */
static void failed(struct emitter *e, int err) {
  if (e->error == 0)
    e->error = err ? err : EIO;
}

/* fmt with "@p" replaced by the prefix and "@P" by the prefix in uppercase; malloc'd, or NULL. */
static char *expand(const struct emitter *e, const char *fmt) {
  size_t n = strlen(fmt) + 1, used = 0;
  for (const char *s = fmt; (s = strchr(s, '@')) != NULL; s++)
    n += MAX_PREFIX;
  char *x = malloc(n);
  for (const char *s = fmt; x != NULL && *s; s++)
    if (s[0] == '@' && (s[1] == 'p' || s[1] == 'P')) {
      const char *with = *++s == 'p' ? e->o->prefix : e->upper;
      memcpy(x + used, with, strlen(with));
      used += strlen(with);
    } else {
      x[used++] = *s;
    }
  if (x != NULL)
    x[used] = '\0';
  return x;
}

/* The one way to write output: fmt, printf-style, with "@p" and "@P" in fmt (never in the
   values it formats) expanded as expand does. */
__attribute__((format(printf, 2, 3))) static void out(struct emitter *e, const char *fmt, ...) {
  char *x = strchr(fmt, '@') ? expand(e, fmt) : NULL;
  va_list ap;
  va_start(ap, fmt);
  if (x == NULL && strchr(fmt, '@'))
    failed(e, ENOMEM);
  else if (vfprintf(e->f, x ? x : fmt, ap) < 0)
    failed(e, errno);
  va_end(ap);
  free(x);
}

/* Writes text that never varies (a template), with "@p" and "@P" expanded as expand does. */
static void put_template(struct emitter *e, const char *text) {
  char *x = expand(e, text);
  if (x == NULL)
    failed(e, ENOMEM);
  else if (fputs(x, e->f) == EOF)
    failed(e, errno);
  free(x);
}

/* Writes the blank-separated words of text, each after a blank, starting at column col; before
   a word that would pass WRAP_COLUMN, writes cont and goes on at column strlen(cont) - 1.
   A word is written so that it cannot end the comment or open one: "*" + "/" and "/" + "*"
   get a backslash between them. */
static void wrap(struct emitter *e, const char *text, size_t col, const char *cont) {
  size_t n;
  for (const char *w = text; *w; w += n) {
    char word[2 * 4096 + 1];
    size_t used = 0;
    while (*w == ' ')
      w++;
    if ((n = strcspn(w, " ")) == 0)
      break;
    for (size_t i = 0; i < n && used + 2 < sizeof word; i++) {
      word[used++] = w[i];
      if (i + 1 < n && ((w[i] == '*' && w[i + 1] == '/') || (w[i] == '/' && w[i + 1] == '*')))
        word[used++] = '\\';
    }
    if (col + 1 + used > WRAP_COLUMN) {
      out(e, "%s", cont);
      col = strlen(cont) - 1;
    }
    out(e, " %.*s", (int)used, word);
    col += 1 + used;
  }
}

/* Writes a comment, printf-style (@p expanded in fmt), its words wrapped so that no line passes
   column 100 (where clang-format would rewrap it): on the opener's line, indented under it. */
__attribute__((format(printf, 2, 3))) static void comment(struct emitter *e, const char *fmt, ...) {
  char *x = expand(e, fmt), *text = NULL;
  va_list ap;
  va_start(ap, fmt);
  if (x != NULL)
    text = diag_vformat(x, ap);
  va_end(ap);
  free(x);
  if (text == NULL)
    return failed(e, ENOMEM);
  out(e, "/*");
  wrap(e, text, 2, "\n  ");
  out(e, " */\n");
  free(text);
}

/* Writes text as a block comment: its words wrapped on lines of their own, each starting with a
   star, between the opener and the closer. */
static void block_comment(struct emitter *e, const char *text) {
  out(e, "/*\n *");
  wrap(e, text, 2, "\n *");
  out(e, "\n */\n");
}

/* Writes "#define P_<what> <value>". */
static void define(struct emitter *e, const char *what, long value) {
  out(e, "#define @P_%s %ld\n", what, value);
}

/* Writes a list word (a flag or a key) as an identifier (see names_ident_char). */
static void put_ident(struct emitter *e, const char *word) {
  for (; *word; word++)
    out(e, "%c", names_ident_char(*word));
}

/* An ASCII byte in lowercase. */
static int lower_byte(int c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; }

/* Whether c is an ASCII letter. */
static int is_letter(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

/* Copies a name's bytes to buf as a slot holds them (if slot; see layout_packed) or whole;
   returns how many. */
static size_t held_bytes(const struct name *nm, int slot, char *buf) {
  if (!slot || !layout_packed(nm->len)) {
    memcpy(buf, nm->text, nm->len);
    return nm->len;
  }
  memcpy(buf, nm->text, 4);
  memcpy(buf + 4, nm->text + nm->len - 4, 4);
  return 8;
}

/* Writes a name in lowercase as a C string; if slot, as its slot holds it. */
static void put_lower(struct emitter *e, const struct name *nm, int slot) {
  char buf[NAMES_MAX_LENGTH];
  size_t n = held_bytes(nm, slot, buf);
  for (size_t j = 0; j < n; j++)
    buf[j] = (char)lower_byte(buf[j]);
  out(e, "\"%.*s\"", (int)n, buf);
}

/* Writes the mask of a name as a C string, a space (0x20) where it has a letter, else NUL; if
   slot, as its slot holds it. */
static void put_mask(struct emitter *e, const struct name *nm, int slot) {
  char buf[NAMES_MAX_LENGTH];
  size_t n = held_bytes(nm, slot, buf);
  out(e, "\"");
  for (size_t j = 0; j < n; j++)
    out(e, "%s", is_letter(buf[j]) ? " " : "\\0");
  out(e, "\"");
}

/* Writes the flags of a name as a C expression: P_FLAG_A | P_FLAG_B, or 0. */
static void put_flags(struct emitter *e, const struct name *nm) {
  int any = 0;
  for (int i = 0; i < e->list->nflags; i++)
    if ((nm->flags >> i) & 1) {
      out(e, any++ ? " | @P_FLAG_" : "@P_FLAG_");
      put_ident(e, e->list->flag[i]);
    }
  if (!any)
    out(e, "0");
}

/* The smallest unsigned C type that holds the associated values times 1 << shift. */
static const char *asso_type(const struct emitter *e, int shift) {
  unsigned long top = (unsigned long)e->l->asso_top << shift;
  return top > 65535 ? "unsigned int" : top > 255 ? "unsigned short" : "unsigned char";
}

/* Writes the associated values, times 1 << shift, each followed by a comma, in rows of 8 or
   16 that each begin with indent (a newline and spaces). */
static void put_asso(struct emitter *e, int shift, const char *indent) {
  int width = snprintf(NULL, 0, "%u", e->l->asso_top << shift);
  for (int i = 0; i < e->l->nasso; i++)
    out(e, "%s%*u,", i % (width > 3 ? 8 : 16) ? " " : indent, width, e->h->asso[i] << shift);
}

/* === The header ================================================================================
 */

/* Writes the DO-NOT-EDIT banner that starts both files. */
static void output_banner(struct emitter *e) {
  /* the source is a file name, so it holds no slash to end the comment with */
  out(e, "/* DO NOT EDIT: generated by hhn-gen from %s with\n *  ", e->o->source);
  wrap(e, e->o->command, 4, "\n *    ");
  out(e, "\n */\n");
}

/* Writes the header's opening: its purpose, the include guard and includes. */
static void output_header_top(struct emitter *e) {
  comment(e, "@p.h: ids for the names of %s, and their lookups.", e->o->source);
  out(e, "#ifndef @P_H\n"
         "#define @P_H\n"
         "\n"
         "#include <stddef.h>\n"
         "#include <stdint.h>\n"
         "\n"
         "#ifdef __cplusplus\n"
         "extern \"C\" {\n"
         "#endif\n"
         "\n");
}

/* Writes the macros: unknown, the count, the lengths, the version, the flags and the keys. */
static void output_macros(struct emitter *e) {
  size_t min, max;
  int major = 0, minor = 0, patch = 0;
  names_lengths(e->list, &min, &max);
  sscanf(HHN_GEN_VERSION, "%d.%d.%d", &major, &minor, &patch);
  comment(e, "What a lookup returns for a name that is not in the list.");
  out(e, "#define @P_UNKNOWN (-1)\n");
  comment(e, "How many names the list has: ids run from 0 to @P_COUNT - 1.");
  define(e, "COUNT", (long)e->list->n);
  comment(e, "The lengths of the shortest and the longest name, in bytes.");
  define(e, "MIN_LENGTH", (long)min);
  define(e, "MAX_LENGTH", (long)max);
  comment(e, "The version of hhn-gen that wrote this file.");
  define(e, "VERSION_MAJOR", major);
  define(e, "VERSION_MINOR", minor);
  define(e, "VERSION_PATCH", patch);
  if (e->list->nflags > 0)
    comment(e, "The flag words of the list, as @p_flags returns them.");
  for (int i = 0; i < e->list->nflags; i++) {
    out(e, "#define @P_FLAG_");
    put_ident(e, e->list->flag[i]);
    out(e, " (1ul << %d)\n", i);
  }
  comment(e, "The keys of the list's numbered attributes, for @p_attr, and how many there are.");
  for (int i = 0; i < e->list->nkeys; i++) {
    out(e, "#define @P_ATTR_");
    put_ident(e, e->list->key[i]);
    out(e, " %d\n", i);
  }
  define(e, "ATTR_COUNT", e->list->nkeys);
  out(e, "\n");
}

/* Writes the enum of ids. */
static void output_ids(struct emitter *e) {
  comment(e, "The id of each name is its position in the list. Its identifier is @P_ and the name "
             "in uppercase, with a leading ':' written PSEUDO_ and any byte other than a letter "
             "or a digit written _: @P_CONTENT_TYPE is Content-Type, @P_PSEUDO_PATH is :path.");
  out(e, "/* clang-format off */\n"
         "enum @p_id {\n");
  for (size_t i = 0; i < e->list->n; i++)
    out(e, "  @P_%s = %zu,\n", e->list->v[i].ident, i);
  out(e, "};\n"
         "/* clang-format on */\n"
         "\n");
}

/* Writes the declarations of the functions, each with its contract. */
static void output_declarations(struct emitter *e) {
  comment(e, "Returns the id of the field name name[0..len), matched ASCII case-insensitively "
             "(only the 52 letters fold: '-' never matches CR, '@' never '`'), or @P_UNKNOWN (-1) "
             "if the name is not in the list. Takes any bytes and any len; name may be NULL when "
             "len is 0. Reads only name[0..len), allocates nothing and is safe to call from any "
             "thread.");
  out(e, "int @p_lookup(const char *name, size_t len);\n\n");
  comment(e, "The same as @p_lookup for len UTF-16 code units, read in place; a unit above 0x7F "
             "never matches, whatever its low byte.");
  out(e, "int @p_lookup16(const uint16_t *name, size_t len);\n\n");
  comment(e, "Returns the name of id as the list spells it, NUL-terminated, and stores its length "
             "where len points unless len is NULL; returns NULL (storing 0) if id is not in "
             "0..@P_COUNT - 1.");
  out(e, "const char *@p_name(int id, size_t *len);\n\n");
  comment(e, "The same as @p_name for the name in lowercase, as HTTP/2 and HTTP/3 send it.");
  out(e, "const char *@p_lower(int id, size_t *len);\n\n");
  comment(e, "Returns the flags (@P_FLAG_*) that the list gives id, ORed together; 0 if it gives "
             "none or id is not in 0..@P_COUNT - 1.");
  out(e, "unsigned long @p_flags(int id);\n\n");
  comment(e, "Returns the value that the list gives id for key (@P_ATTR_*); -1 if it gives none, "
             "or if id or key is out of range.");
  out(e, "long @p_attr(int id, int key);\n"
         "\n"
         "#ifdef __cplusplus\n"
         "}\n"
         "#endif\n"
         "\n"
         "#endif\n");
}

/* === The source: description and tables ========================================================
 */

/* Writes the bytes that the hash reads, in words: "1, $ and $-7", or "$-1 and lens[len].at". */
static void describe_positions(struct emitter *e) {
  char buf[1024], *p = buf, *comma;
  hashfn_positions(e->h, buf, sizeof buf - 16);
  if (e->l->per_length)
    strcat(buf, buf[0] ? ",lens[len].at" : "lens[len].at");
  while ((comma = strchr(p, ',')) != NULL) {
    *comma = '\0';
    out(e, "%s%s", p, strchr(comma + 1, ',') ? ", " : " and ");
    p = comma + 1;
  }
  out(e, "%s", p);
}

/* Writes what the hash is, in words. */
static void describe_hash(struct emitter *e) {
  const struct hashfn *h = e->h;
  char positions[1024];
  hashfn_positions(h, positions, sizeof positions);
  int clamps = hashfn_clamps(h), bytes = positions[0] != '\0', clamped = 0;
  for (int i = 0; i < h->nterms; i++) /* whether a position lies past the end of a name */
    clamped |= h->term[i].kind != TERM_PER_LENGTH && !term_in_every_name(&h->term[i], e->l->min);
  if (h->nterms == 0) {
    out(e, clamps ? "The hash is always 0. " : "The hash is the length alone. ");
  } else if (clamps && !bytes && !e->l->per_length) {
    out(e, "The hash is the associated value of the length alone. ");
  } else if (clamps) {
    out(e, "The hash is the sum of the associated values of the length and of %s",
        bytes ? "bytes " : "byte ");
    describe_positions(e);
    out(e, "%s", bytes ? " (1 is the first byte, $ the last" : " (");
    if (clamped)
      out(e, "; a position past either end of a shorter name reads the byte at that end");
    if (e->l->per_length)
      out(e,
          "%slens[len].at is a byte chosen for each length, one where the names of that "
          "length differ",
          bytes ? "; " : "");
    out(e, "). ");
  } else {
    out(e, "The hash is the length plus the associated values of bytes ");
    describe_positions(e);
    out(e, ", each in the names long enough to have it (gperf's own positions). ");
  }
}

/* Writes the block comment that says what the table is: its sizes, its hash, its compare. */
static void output_description(struct emitter *e) {
  const struct layout *l = e->l;
  char *text = NULL;
  size_t size = 0;
  struct emitter m = *e; /* the same writer, into text */
  if ((m.f = open_memstream(&text, &size)) == NULL)
    return failed(e, errno);
  out(&m, "%zu names of %zu to %zu bytes in %zu slots. ", l->n, l->min, l->max, l->slots);
  describe_hash(&m);
  out(&m,
      "A lookup rejects a length out of range, loads the one slot that the hash names, and "
      "compares the length and the name together, %s: ",
      l->path.words    ? "in 4-byte pieces and 8-byte words"
      : l->path.common ? "in 4-byte pieces"
                       : "a byte at a time");
  out(&m, "(input | mask) == lowercase, where the mask has 0x20 only where the name has a "
          "letter, so only letters fold (see @p_lookup).");
  if (fclose(m.f) != 0 || text == NULL)
    failed(e, errno ? errno : ENOMEM);
  if (m.error)
    failed(e, m.error);
  if (text != NULL)
    block_comment(e, text);
  free(text);
}

/* Writes the includes, and opens the tables, which clang-format leaves as they are. */
static void output_includes(struct emitter *e) {
  out(e, "#include \"@p.h\"\n"
         "\n"
         "#include <string.h>\n"
         "\n"
         "/* clang-format off */\n");
}

/* Writes the associated values of the portable lookup, times the size of a slot. */
static void output_asso(struct emitter *e) {
  out(e, "/* The associated value of each byte (and length) at a hashed position, times the\n"
         "   size of a slot, so that a hash is a slot's offset; a letter's two cases share it. "
         "*/\n");
  out(e, "static const %s asso[%d] = {", asso_type(e, e->l->shift), e->l->nasso);
  put_asso(e, e->l->shift, "\n  ");
  out(e, "\n};\n\n");
}

/* Writes the per-length table: the byte that the hash reads, and where the pieces begin. */
static void output_lens(struct emitter *e) {
  const struct layout *l = e->l;
  int at = l->per_length, pieces = l->path.common;
  char pieces_text[256];
  static const char per_length_text[] =
      "at, the byte that the hash reads (0 is the first), one where the names of that length "
      "differ";
  snprintf(pieces_text, sizeof pieces_text,
           "p and q, where the second and the third of the four 4-byte pieces that %s_lookup "
           "compares begin (the first begins at 0, the fourth at len - 4).",
           e->o->prefix);
  if (at && pieces)
    comment(e, "For each length: %s; and %s", per_length_text, pieces_text);
  else
    comment(e, "For each length: %s", at ? per_length_text : pieces_text);
  out(e, "static const struct {\n  unsigned char %s;\n} lens[%zu] = {\n",
      at && pieces ? "at, p, q, unused"
      : at         ? "at"
                   : "p, q",
      l->max + 1);
  for (size_t len = l->min; len <= l->max; len++) {
    out(e, "  [%zu] = {", len);
    if (at)
      out(e, "%u%s", e->h->len_byte[len], pieces ? ", " : "");
    if (pieces && len >= LAYOUT_PIECE)
      out(e, "%zu, %zu", len < 8 ? len - 4 : 4, len < 8 ? 0 : len - 8);
    else if (pieces)
      out(e, "0, 0");
    /* every field, even the unused one, for -Wmissing-field-initializers */
    out(e, at && pieces ? ", 0},\n" : "},\n");
  }
  out(e, "};\n\n");
}

/* Writes the slots of the portable table, in slot order, so that the table reads like one. */
static void output_slots(struct emitter *e) {
  const struct layout *l = e->l;
  int pad = l->stride > l->slot_size;
  out(e,
      "/* The name in each slot: its length (0 for an empty slot), its id, its lowercase bytes,\n"
      "   and its mask: 0x20 (a space) where the name has a letter, 0 elsewhere. A name of 4 to\n"
      "   7 bytes is held as the two 4-byte pieces that a lookup compares: its first 4 bytes,\n"
      "   then its last 4. */\n"
      "static const struct slot {\n"
      "  unsigned char len;\n"
      "  short id;\n");
  out(e, "  unsigned char lower[%zu], mask[%zu];\n", l->width, l->width);
  if (pad)
    out(e, "  unsigned char pad[%zu];\n", l->stride - l->slot_size);
  out(e, "} slots[%zu] = {\n", l->slots);
  for (size_t s = 0; s < l->slots; s++)
    if (l->slot_id[s] >= 0) {
      const struct name *nm = &e->list->v[l->slot_id[s]];
      out(e, "  [%zu] = {%zu, @P_%s, ", s, nm->len, nm->ident);
      put_lower(e, nm, 1);
      out(e, ", ");
      put_mask(e, nm, 1);
      out(e, pad ? ", {0}},\n" : "},\n"); /* the padding too, as above */
    }
  out(e, "};\n");
}

/* Writes the names table: each id's length, spellings and flags. */
static void output_names(struct emitter *e) {
  out(e,
      "\n"
      "/* The length, the spelling in the list, the lowercase spelling and the flags of each id. "
      "*/\n"
      "static const struct {\n"
      "  unsigned char len;\n"
      "  const char *name, *lower;\n"
      "  unsigned long flags;\n"
      "} names[@P_COUNT] = {\n");
  for (size_t i = 0; i < e->list->n; i++) {
    const struct name *nm = &e->list->v[i];
    out(e, "  [@P_%s] = {%zu, \"%s\", ", nm->ident, nm->len, nm->text);
    put_lower(e, nm, 0);
    out(e, ", ");
    put_flags(e, nm);
    out(e, "},\n");
  }
  out(e, "};\n");
}

/* Writes the numbered attributes of each id. */
static void output_attrs(struct emitter *e) {
  out(e, "\n"
         "/* The value of each numbered attribute (@P_ATTR_*) of each id; -1 where the list gives\n"
         "   none. */\n"
         "static const long attrs[@P_COUNT][@P_ATTR_COUNT] = {\n");
  for (size_t i = 0; i < e->list->n; i++) {
    out(e, "  [@P_%s] = {", e->list->v[i].ident);
    for (int k = 0; k < e->list->nkeys; k++)
      out(e, "%s%ld", k ? ", " : "", e->list->v[i].attr[k]);
    out(e, "},\n");
  }
  out(e, "};\n");
}

/* === The source: the hash and the lookups ======================================================
 */

/* Writes the index of the byte that term t reads, as C ("3", "len - 2", a clamp), for the body
   of a hash; for gperf's own positions, a position some names lack is guarded by a length test
   written first. */
static void put_term_index(struct emitter *e, const struct term *t, char *index, size_t size) {
  int start = t->kind == TERM_FROM_START;
  if (t->kind == TERM_PER_LENGTH)
    return;
  if (term_in_every_name(t, e->l->min))
    snprintf(index, size, start ? "%d" : "len - %d", t->at);
  else if (!hashfn_clamps(e->h) && start) /* gperf's: only the names that have the byte */
    snprintf(index, size, "%d", t->at), out(e, "  if (len > %d)\n  ", t->at);
  else if (!hashfn_clamps(e->h))
    snprintf(index, size, "len - %d", t->at), out(e, "  if (len >= %d)\n  ", t->at);
  else if (start) /* clamped to the last byte */
    snprintf(index, size, "len > %d ? %d : len - 1", t->at, t->at);
  else /* clamped to the first byte */
    snprintf(index, size, "len > %d ? len - %d : 0", t->at - 1, t->at);
}

/* Writes the body of a hash function over s[0..len), where byte is "" for bytes or
   "(unsigned char)" for UTF-16 units, whose low byte stands in for them; asso and at name the
   associated values and the per-length byte's position (as C expressions: "asso" and
   "lens[len].at"); the values in asso are shifted left by shift, and so is the hash. */
static void put_hash_body(struct emitter *e, const char *byte, const char *asso, const char *at,
                          int shift) {
  const struct hashfn *h = e->h;
  if (hashfn_clamps(h))
    out(e, "  unsigned h = 0;\n");
  else
    out(e, "  unsigned h = (unsigned)len << %d;\n", shift);
  if (hashfn_byte_terms(h) == 0) /* the length alone tells the names apart */
    out(e, "  (void)s;\n");
  for (int i = 0; i < h->nterms; i++) {
    const struct term *t = &h->term[i];
    char index[96], inc[32] = "";
    if (t->inc)
      snprintf(inc, sizeof inc, " + %d", t->inc);
    if (t->kind == TERM_LENGTH) {
      out(e, "  h += %s[len%s];\n", asso, inc);
      continue;
    }
    put_term_index(e, t, index, sizeof index);
    out(e, "  h += %s[%ss[%s]%s];\n", asso, byte, t->kind == TERM_PER_LENGTH ? at : index, inc);
  }
  out(e, "  return h;\n}\n");
}

/* Writes the hash of bytes and of UTF-16 units, and closes the tables. */
static void output_hash(struct emitter *e) {
  out(e, "/* clang-format on */\n"
         "\n"
         "/* The hash of s[0..len), for a len between the shortest and the longest name's. */\n"
         "static unsigned hash(const unsigned char *s, size_t len) {\n");
  put_hash_body(e, "", "asso", "lens[len].at", e->l->shift);
  out(e, "\n"
         "/* The same hash on UTF-16 units; a unit above 0x7F may land anywhere, since none\n"
         "   matches. */\n"
         "static unsigned hash16(const uint16_t *s, size_t len) {\n");
  put_hash_body(e, "(unsigned char)", "asso", "lens[len].at", e->l->shift);
}

/* The helpers of the common path: unaligned loads, and two pieces as one word. */
static const char template_loads[] =
    "\n"
    "/* The bytes at p, as one word; memcpy makes a single unaligned load of them. */\n"
    "static uint64_t load8(const unsigned char *p) {\n"
    "  uint64_t v;\n"
    "  memcpy(&v, p, sizeof v);\n"
    "  return v;\n"
    "}\n"
    "static uint32_t load4(const unsigned char *p) {\n"
    "  uint32_t v;\n"
    "  memcpy(&v, p, sizeof v);\n"
    "  return v;\n"
    "}\n"
    "\n"
    "/* The 4 bytes of a, then the 4 of b, as load8 would read them from memory in a row. */\n"
    "static uint64_t pair(uint32_t a, uint32_t b) {\n"
    "  static const union {\n"
    "    uint32_t word;\n"
    "    unsigned char first;\n"
    "  } one = {1}; /* first is 1 on a little-endian machine; the compiler folds the test */\n"
    "  return one.first ? (uint64_t)b << 32 | a : (uint64_t)a << 32 | b;\n"
    "}\n";

/* The attribute that keeps the rare path out of line. */
static const char template_cold[] = "\n"
                                    "/* Keeps the rare path out of the common one, where the "
                                    "compiler knows how. */\n"
                                    "#if defined(__GNUC__)\n"
                                    "#define COLD __attribute__((noinline, cold))\n"
                                    "#else\n"
                                    "#define COLD\n"
                                    "#endif\n";

/* Writes the helpers that the lookups share. */
static void output_helpers(struct emitter *e) {
  if (e->l->path.common)
    put_template(e, template_loads);
  if (e->l->path.common && e->l->path.rare)
    put_template(e, template_cold);
}

/* Writes the line that loads the slot of s's hash into e (hashing with hash_fn). */
static void put_slot_load(struct emitter *e, const char *hash_fn, const char *s) {
  out(e, "  const struct slot *e = (const void *)((const char *)slots + (%s(%s, len) & %zu));\n",
      hash_fn, s, (e->l->slots - 1) << e->l->shift);
}

/* Writes the compare of a name of 1 to 3 bytes, byte by byte (top is the longest it takes). */
static void put_rare_compare(struct emitter *e, size_t top) {
  static const char bytes3[] = "d |= ((s[0] | e->mask[0]) ^ e->lower[0]) | ((s[1] | e->mask[1]) "
                               "^ e->lower[1]);\n",
                    last[] = "d |= (s[t] | e->mask[t]) ^ e->lower[t];\n",
                    byte1[] = "d |= (s[0] | e->mask[0]) ^ e->lower[0];\n";
  out(e, "  uint64_t d = e->len ^ len;\n");
  if (e->l->min >= 2) /* names of 2 or 3 bytes only */
    out(e, "  size_t t = len - 1; /* the first, the second and the last byte */\n  %s  %s", bytes3,
        last);
  else if (top >= 2)
    out(e,
        "  if (len >= 2) { /* 2 or 3 bytes: the first, the second and the last */\n"
        "    size_t t = len - 1;\n    %s    %s  } else {\n    %s  }\n",
        bytes3, last, byte1);
  else
    out(e, "  %s", byte1);
}

/* Writes the lookup of names under 4 bytes: lookup_rare beside the common path, or, in a table
   of short names only, the lookup itself. */
static void output_rare(struct emitter *e) {
  int common = e->l->path.common;
  size_t top = common ? LAYOUT_PIECE - 1 : e->l->max; /* the longest name it takes */
  if (common)
    out(e,
        "\n/* The lookup of a name of fewer than %zu bytes (see @p_lookup). */\n"
        "COLD static int lookup_rare(const unsigned char *s, size_t len) {\n",
        e->l->lo);
  else
    out(e, "\n"
           "int @p_lookup(const char *name, size_t len) {\n"
           "  const unsigned char *s = (const unsigned char *)name;\n");
  out(e,
      "  /* one compare for both ends: a length below the shortest wraps around */\n"
      "  if (len - %zu > %zu)\n"
      "    return @P_UNKNOWN;\n",
      e->l->min, top - e->l->min);
  put_slot_load(e, "hash", "s");
  out(e, common ? "  /* d is 0 if and only if the slot holds a name of this length that s spells\n"
                  "     (see @p_lookup). */\n"
                : "  /* d is 0 if and only if the slot holds a name of this length that s spells,\n"
                  "     with (s | mask) == lower byte by byte: only letters fold. */\n");
  put_rare_compare(e, top);
  out(e, "  return d ? @P_UNKNOWN : e->id;\n"
         "}\n");
}

/* The compare of the common path, after the slot is loaded. */
static const char template_pieces[] =
    "  const unsigned char *l = e->lower, *m = e->mask;\n"
    "  /* d is 0 if and only if the slot holds a name of this length that s spells, with\n"
    "     (s | mask) == lower: a byte matches a lowercase letter if it is that letter or\n"
    "     its uppercase form, and any other byte only itself (so '-' never matches CR, '@'\n"
    "     never '`', and no byte above 0x7F matches). The name is read as four 4-byte\n"
    "     pieces, at 0, p, q and len - 4: for 8 bytes or more, the first and the last 8\n"
    "     bytes; for fewer, the first and the last 4, twice. No branch tells the two apart,\n"
    "     so a stream that mixes them costs no mispredictions. Every read is inside\n"
    "     s[0..len), and inside the slot, whatever it holds. */\n"
    "  size_t p = lens[len].p, q = lens[len].q;\n"
    "  uint64_t x = pair(load4(s), load4(s + p)), y = pair(load4(s + q), load4(s + len - 4));\n"
    "  uint64_t d = (e->len ^ len) | ((x | load8(m)) ^ load8(l)) | ((y | load8(m + q)) ^ "
    "load8(l + q));\n";

/* The loop over the 8-byte words between the first and the last 8, for names over 16 bytes. */
static const char template_words[] =
    "  for (size_t i = 8; d == 0 && i + 8 < len; i += 8) /* past 16 bytes, the 8-byte "
    "words between */\n"
    "    d |= (load8(s + i) | load8(m + i)) ^ load8(l + i);\n";

/* Writes the common path: lookup_portable beside the vector lookup, or the lookup itself. */
static void output_portable(struct emitter *e) {
  const struct layout *l = e->l;
  out(e, "\n");
  if (l->path.vector)
    out(e, "/* The lookup on any CPU (see @p_lookup). */\n"
           "static int lookup_portable(const char *name, size_t len) {\n");
  else
    out(e, "int @p_lookup(const char *name, size_t len) {\n");
  out(e, "  const unsigned char *s = (const unsigned char *)name;\n");
  out(e, "  /* %zu to %zu bytes here%s (a shorter length wraps around) */\n", l->lo, l->max,
      l->path.rare ? ", the rest in lookup_rare" : "");
  out(e, "  if (len - %zu > %zu)\n", l->lo, l->max - l->lo);
  out(e, l->path.rare ? "    return lookup_rare(s, len);\n" : "    return @P_UNKNOWN;\n");
  put_slot_load(e, "hash", "s");
  put_template(e, template_pieces);
  if (l->path.words)
    put_template(e, template_words);
  out(e, "  return d ? @P_UNKNOWN : e->id;\n"
         "}\n");
}

/* === The source: the AVX-512 lookup ============================================================
 */

/* The conditions under which the AVX-512 lookup is built, and how it is chosen. */
static const char template_vector_guard[] =
    "#if defined(__x86_64__) && defined(__GNUC__) && !defined(HHN_NO_AVX512)\n"
    "#if defined(__AVX512BW__) && defined(__AVX512VL__)\n"
    "#define AVX512_ALWAYS /* built for AVX-512: lookup_avx512 is the lookup */\n"
    "#elif defined(__ELF__) && defined(__GLIBC__)\n"
    "#define AVX512_IFUNC /* the lookup is picked for the CPU when the program loads */\n"
    "#endif\n"
    "#endif\n"
    "#if defined(AVX512_ALWAYS) || defined(AVX512_IFUNC)\n"
    "#include <immintrin.h>\n"
    "\n"
    "/* clang-format off */\n";

/* Writes what the AVX-512 lookup is, and the conditions under which it is built. */
static void output_vector_intro(struct emitter *e) {
  out(e, "\n");
  comment(e,
          "On x86-64 CPUs with AVX-512 (BW and VL), names of up to %zu bytes take lookup_avx512: "
          "the same hash, into a table of its own, and one masked 32-byte compare that reads only "
          "s[0..len). With glibc, @p_lookup is an indirect function that picks it for the CPU "
          "when the program loads; built for AVX-512 (-mavx512bw -mavx512vl, or a -march that "
          "has them), it is the lookup. Define HHN_NO_AVX512 to leave it out.",
          e->l->vhi);
  put_template(e, template_vector_guard);
}

/* Writes the declaration of the vector table: slots, then the lookup's other tables. */
static void output_vtable_type(struct emitter *e) {
  const struct layout *l = e->l;
  comment(e,
          "The table of lookup_avx512. Each slot of 64 bytes holds a name of %zu to %zu bytes, in "
          "lowercase, then 'A' up to byte 32, then its id%s; an empty slot holds 32 'A's. A "
          "lookup folds the input's uppercase letters to lowercase, so no byte of it is ever 'A'. "
          "Then the associated values of hash, times 64, the size of a slot; for each "
          "length, %sk, its bytes: (1 << len) - 1; and the vectors of lookup_avx512's "
          "constants, each byte 'A', 'Z' and 32 (the case bit).",
          l->min, l->vhi, l->id_bytes > 1 ? " (low byte first)" : "",
          l->per_length ? "at (as in lens), and " : "");
  out(e, "static const struct vtable {\n  struct vslot {\n");
  out(e, "    unsigned char lower[32], id[%zu], unused[%zu];\n", l->id_bytes, 32 - l->id_bytes);
  out(e, "  } slots[%zu];\n", l->slots);
  out(e, "  %s asso[%d];\n", asso_type(e, LAYOUT_VSHIFT), l->nasso);
  if (l->per_length)
    out(e, "  unsigned char at[%zu];\n", l->vhi + 1);
  out(e,
      "  unsigned k[%zu];\n"
      "  unsigned char a[32], z[32], case_bit[32];\n"
      "} vtable __attribute__((aligned(64))) = {\n  {\n",
      l->vhi + 1);
}

/* Writes the slots of the vector table: each name in lowercase, then 'A's, then its id. */
static void output_vslots(struct emitter *e) {
  const struct layout *l = e->l;
  for (size_t s = 0; s < l->slots; s++) {
    const struct name *nm = l->vslot_id[s] >= 0 ? &e->list->v[l->vslot_id[s]] : NULL;
    char bytes[LAYOUT_VECTOR_MAX];
    for (size_t j = 0; j < LAYOUT_VECTOR_MAX; j++) /* the name, then 'A's */
      bytes[j] = nm != NULL && j < nm->len ? (char)lower_byte(nm->text[j]) : 'A';
    out(e, "    [%zu] = {\"%.*s", s, LAYOUT_VECTOR_MAX, bytes);
    if (nm == NULL)
      out(e, "\", {0}, {0}},\n");
    else if (l->id_bytes > 1)
      out(e, "\", {@P_%s & 255, @P_%s >> 8}, {0}},\n", nm->ident, nm->ident);
    else
      out(e, "\", {@P_%s}, {0}},\n", nm->ident);
  }
  out(e, "  },\n");
}

/* Writes the vector table's other rows: associated values, per-length bytes and masks, and the
   constant vectors. */
static void output_vtable_rest(struct emitter *e) {
  const struct layout *l = e->l;
  out(e, "  {");
  put_asso(e, LAYOUT_VSHIFT, "\n    ");
  out(e, "\n  },\n");
  if (l->per_length) {
    out(e, "  {");
    for (size_t len = 0; len <= l->vhi; len++)
      out(e, "%s%u,", len % 16 ? " " : "\n    ", len >= l->min ? e->h->len_byte[len] : 0);
    out(e, "\n  },\n");
  }
  out(e, "  {");
  for (size_t len = 0; len <= l->vhi; len++)
    out(e, "%s0x%08llx,", len % 6 ? " " : "\n    ", len >= l->min ? (1ull << len) - 1 : 0);
  out(e, "\n  },\n");
  static const char vectors[] = "AZ ";
  for (int i = 0; i < 3; i++) {
    char v[32];
    memset(v, vectors[i], sizeof v);
    out(e, "  \"%.32s\",\n", v);
  }
  out(e, "};\n"
         "/* clang-format on */\n");
}

/* The vector load, and the head of lookup_avx512. */
static const char template_vector_head[] =
    "\n"
    "/* The 32 bytes at p as a vector. */\n"
    "__attribute__((target(\"avx\"))) static __m256i vector(const unsigned char *p) {\n"
    "  return _mm256_loadu_si256((const void *)p);\n"
    "}\n"
    "\n"
    "/* The lookup of lookup_portable, for CPUs with AVX-512BW and AVX-512VL. */\n"
    "__attribute__((target(\"avx512bw,avx512vl\"))) static int lookup_avx512(const char *name,\n"
    "                                                                      size_t len) {\n"
    "  const unsigned char *s = (const unsigned char *)name;\n"
    "  const struct vtable *t = &vtable;\n"
    "  __asm__(\"\" : \"+r\"(t)); /* one register holds the address of every table */\n";

/* The compare of lookup_avx512, once the slot's offset e is known. */
static const char template_vector_compare[] =
    "  /* The name's bytes, then 'A' in each byte past them: the masked load reads s[0..len)\n"
    "     and nothing else, however near the end of s is to unmapped memory. */\n"
    "  __mmask32 k = t->k[len];\n"
    "  __m256i v = _mm256_mask_loadu_epi8(vector(t->a), k, s);\n"
    "  /* The name's uppercase letters in lowercase. Then no byte of v is 'A' but those past\n"
    "     len. */\n"
    "  __mmask32 up = _mm256_mask_cmpge_epu8_mask(k, v, vector(t->a));\n"
    "  up = _mm256_mask_cmple_epu8_mask(up, v, vector(t->z));\n"
    "  v = _mm256_mask_add_epi8(v, up, v, vector(t->case_bit));\n"
    "  /* ne is 0 if and only if the slot holds a name of this length that s spells: a name\n"
    "     of len bytes matches s's bytes where a letter matches either case and any other\n"
    "     byte only itself (so '-' never matches CR, '@' never '`'), and the 'A's after\n"
    "     both. Where the slot's name is longer than len, an 'A' of v meets one of its bytes;\n"
    "     where it is shorter, one of its 'A's meets a byte of s. */\n"
    "  unsigned ne = _mm256_cmpneq_epi8_mask(v, vector(slots + e));\n";

/* Writes vhash and lookup_avx512. */
static void output_vector_lookup(struct emitter *e) {
  const struct layout *l = e->l;
  out(e,
      "\n"
      "/* The hash of s[0..len) into vtable: hash's, times 64 instead of the size of a slot. */\n"
      "static unsigned vhash(const struct vtable *t, const unsigned char *s, size_t len) {\n");
  put_hash_body(e, "", "t->asso", "t->at[len]", LAYOUT_VSHIFT);
  put_template(e, template_vector_head);
  out(e,
      "  /* %zu to %zu bytes here, the rest in lookup_portable (a shorter length wraps around) "
      "*/\n",
      l->min, l->vhi);
  out(e, "  if (len - %zu > %zu)\n", l->min, l->vhi - l->min);
  out(e,
      "    return lookup_portable(name, len);\n"
      "  /* The slot at offset e of the slots' bytes (an offset, not a pointer, lets both reads\n"
      "     of the slot add it to the table's address as they load) */\n"
      "  const unsigned char *slots = (const unsigned char *)t->slots;\n"
      "  size_t e = vhash(t, s, len) & %zu;\n",
      (l->slots - 1) << LAYOUT_VSHIFT);
  put_template(e, template_vector_compare);
  if (l->id_bytes > 1)
    out(e, "  size_t id_at = e + offsetof(struct vslot, id);\n"
           "  int id = slots[id_at] | slots[id_at + 1] << 8;\n");
  else
    out(e, "  int id = slots[e + offsetof(struct vslot, id)];\n");
  out(e, "  if (ne) /* a conditional move, not a branch */\n"
         "    id = @P_UNKNOWN;\n"
         "  return id;\n"
         "}\n"
         "#endif\n");
}

/* The resolver of the indirect function, which picks a lookup for the CPU. */
static const char template_resolver[] =
    "\n"
    "#if defined(AVX512_IFUNC)\n"
    "/* The type of both lookups. */\n"
    "typedef int lookup_fn(const char *, size_t);\n"
    "/* Picks the lookup for this CPU, once, when the program loads. */\n"
    "__attribute__((used, no_sanitize_address)) static lookup_fn *resolve_lookup(void) {\n"
    "  __builtin_cpu_init(); /* resolvers run before the constructor that would */\n"
    "  if (__builtin_cpu_supports(\"avx512bw\") && __builtin_cpu_supports(\"avx512vl\"))\n"
    "    return lookup_avx512;\n"
    "  return lookup_portable;\n"
    "}\n";

/* @p_lookup where there is no indirect function: one lookup or the other. */
static const char template_dispatch[] = "#else\n"
                                        "int @p_lookup(const char *name, size_t len) {\n"
                                        "#if defined(AVX512_ALWAYS)\n"
                                        "  return lookup_avx512(name, len);\n"
                                        "#else\n"
                                        "  return lookup_portable(name, len);\n"
                                        "#endif\n"
                                        "}\n"
                                        "#endif\n";

/* Writes @p_lookup as the indirect function, or as a call of the one lookup built. */
static void output_dispatch(struct emitter *e) {
  static const char decl[] = "int @p_lookup(const char *name, size_t len)",
                    attr[] = "__attribute__((ifunc(\"resolve_lookup\")));";
  size_t width = strlen(decl) - 2 + strlen(e->o->prefix) + 1 + strlen(attr);
  put_template(e, template_resolver);
  put_template(e, decl); /* on one line if it fits in clang-format's 100 columns */
  out(e, "%s%s\n", width <= 100 ? " " : "\n    ", attr);
  put_template(e, template_dispatch);
}

/* === The source: UTF-16 and the accessors ======================================================
 */

/* Writes @p_lookup16, which compares UTF-16 units with the whole name in the names table. */
static void output_lookup16(struct emitter *e) {
  out(e,
      "\n"
      "int @p_lookup16(const uint16_t *name, size_t len) {\n"
      "  if (len - %zu > %zu)\n"
      "    return @P_UNKNOWN;\n",
      e->l->min, e->l->max - e->l->min);
  put_slot_load(e, "hash16", "name");
  put_template(e, "  if (e->len != len)\n"
                  "    return @P_UNKNOWN;\n"
                  "  const char *lower = names[e->id].lower; /* the whole name; the slot may hold "
                  "pieces */\n"
                  "  for (size_t i = 0; i < len; i++) {\n"
                  "    unsigned c = name[i], want = (unsigned char)lower[i];\n"
                  "    if (c != want && (want < 'a' || want > 'z' || c != want - 32))\n"
                  "      return @P_UNKNOWN;\n"
                  "  }\n"
                  "  return e->id;\n"
                  "}\n");
}

/* The accessors of an id's names and flags. */
static const char template_accessors[] =
    "\n"
    "const char *@p_name(int id, size_t *len) {\n"
    "  int known = id >= 0 && id < (int)(sizeof names / sizeof names[0]);\n"
    "  if (len != NULL)\n"
    "    *len = known ? names[id].len : 0;\n"
    "  return known ? names[id].name : NULL;\n"
    "}\n"
    "\n"
    "const char *@p_lower(int id, size_t *len) {\n"
    "  int known = id >= 0 && id < (int)(sizeof names / sizeof names[0]);\n"
    "  if (len != NULL)\n"
    "    *len = known ? names[id].len : 0;\n"
    "  return known ? names[id].lower : NULL;\n"
    "}\n"
    "\n"
    "unsigned long @p_flags(int id) {\n"
    "  int known = id >= 0 && id < (int)(sizeof names / sizeof names[0]);\n"
    "  return known ? names[id].flags : 0;\n"
    "}\n"
    "\n"
    "long @p_attr(int id, int key) {\n";

/* Writes the accessors: @p_name, @p_lower, @p_flags and @p_attr. */
static void output_accessors(struct emitter *e) {
  put_template(e, template_accessors);
  if (e->list->nkeys > 0)
    put_template(e, "  if (id < 0 || id >= (int)(sizeof names / sizeof names[0]) || key < 0 ||\n"
                    "      key >= (int)(sizeof attrs[0] / sizeof attrs[0][0]))\n"
                    "    return -1;\n"
                    "  return attrs[id][key];\n"
                    "}\n");
  else
    put_template(e, "  (void)id, (void)key; /* the list has no numbered attributes */\n"
                    "  return -1;\n"
                    "}\n");
}

/* === The drivers ===============================================================================
 */

/* Starts an emitter of f. */
static void start(struct emitter *e, FILE *f, const struct names *list, const struct hashfn *h,
                  const struct layout *l, const struct emit_options *o) {
  size_t i;
  memset(e, 0, sizeof *e);
  e->f = f, e->list = list, e->h = h, e->l = l, e->o = o;
  for (i = 0; o->prefix[i] && i < MAX_PREFIX; i++)
    e->upper[i] = o->prefix[i] >= 'a' && o->prefix[i] <= 'z' ? o->prefix[i] - 32 : o->prefix[i];
}

/* The first write error, of the emitter or of the file. */
static int finish(struct emitter *e) {
  if (fflush(e->f) != 0 || ferror(e->f))
    failed(e, errno);
  return e->error;
}

int emit_header(FILE *f, const struct names *list, const struct emit_options *o) {
  struct emitter e;
  start(&e, f, list, NULL, NULL, o);
  output_banner(&e);
  output_header_top(&e);
  output_macros(&e);
  output_ids(&e);
  output_declarations(&e);
  return finish(&e);
}

int emit_source(FILE *f, const struct names *list, const struct hashfn *h, const struct layout *l,
                const struct emit_options *o) {
  struct emitter e;
  start(&e, f, list, h, l, o);
  output_banner(&e);
  comment(&e, "@p.c: lookups and names for the ids of @p.h; a perfect hash table.");
  output_description(&e);
  output_includes(&e);
  if (h->nterms > 0)
    output_asso(&e);
  if (l->lens)
    output_lens(&e);
  output_slots(&e);
  output_names(&e);
  if (list->nkeys > 0)
    output_attrs(&e);
  output_hash(&e);
  output_helpers(&e);
  if (l->path.rare)
    output_rare(&e);
  if (l->path.common)
    output_portable(&e);
  if (l->path.vector) {
    output_vector_intro(&e);
    output_vtable_type(&e);
    output_vslots(&e);
    output_vtable_rest(&e);
    output_vector_lookup(&e);
    output_dispatch(&e);
  }
  output_lookup16(&e);
  output_accessors(&e);
  return finish(&e);
}
