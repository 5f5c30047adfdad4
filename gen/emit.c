/* emit.c: writing a generated table's C from its plan (see emit.h).

   Each output_* function writes one artifact of the output, in the order the driver at the
   end (emit_header, emit_source) calls them; what it writes depends only on the list, the
   hash and the layout (layout.h). Text that never varies is named template text. */
#include "emit.h"
#include "positions.h"
#include "version.h"

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
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
  struct diag *d;             /* where a number outside its field is reported */
  int internal;               /* a number was outside its field: the generator's bug */
};

/* === Writing ================================================================================= */

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

/* === The header ============================================================================== */

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
  comment(e, "Returns the id of the name whose lowercase spelling is exactly name[0..len), or "
             "@P_UNKNOWN (-1): any uppercase letter makes a name unknown, as HTTP/2 and HTTP/3 "
             "require (RFC 9113 section 8.2.1, RFC 9114 section 4.2). Otherwise the same as "
             "@p_lookup: any bytes and any len, NULL when len is 0, reads only name[0..len).");
  out(e, "int @p_lookup_lower(const char *name, size_t len);\n\n");
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

/* An ASCII byte in lowercase. */
static int lower_byte(int c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; }

/* Whether c is an ASCII letter. */
static int is_letter(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

/* Writes b[0..n) as items of an initializer, each followed by a comma, in rows of up to 16
   after the first `col` items of the row: printable ASCII as a character constant, any other
   byte as a number (an array initialized from a string could outgrow the 4095 bytes that C99
   promises a string literal). Returns the items in the last row. */
static int put_bytes(struct emitter *e, const unsigned char *b, size_t n, int col) {
  for (size_t i = 0; i < n; i++, col++) {
    out(e, "%s", col == 16 ? "\n    " : col > 0 ? " " : "");
    col = col == 16 ? 0 : col;
    if (b[i] > 0x20 && b[i] < 0x7f && b[i] != '\'' && b[i] != '\\')
      out(e, "'%c',", b[i]);
    else
      out(e, b[i] == ' ' ? "' '," : "%u,", b[i]);
  }
  return col;
}

/* The lowercase bytes of a name in lower[0..len] (with a NUL), and its mask in mask[0..len). */
static void lower_and_mask(const struct name *nm, unsigned char *lower, unsigned char *mask) {
  for (size_t i = 0; i < nm->len; i++) {
    lower[i] = (unsigned char)lower_byte(nm->text[i]);
    mask[i] = is_letter(nm->text[i]) ? ' ' : 0;
  }
  lower[nm->len] = 0;
}

/* The first and last 4 bytes of b[0..len) (len 4 to 7) in pieces[0..8). */
static void pieces_of(const unsigned char *b, size_t len, unsigned char *pieces) {
  memcpy(pieces, b, 4);
  memcpy(pieces + 4, b + len - 4, 4);
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

/* Returns v, a number of field f, having noted an internal failure if f cannot hold it: the
   plan's types are checked before a byte is written (layout_check), and every number the
   output writes is checked against them here, so a value the plan did not foresee fails the
   run instead of wrapping around in the table. */
static long long checked(struct emitter *e, const struct field *f, long long v) {
  if (e->internal || (f->what != NULL && v >= f->min && v <= f->max))
    return v;
  e->internal = 1;
  diag_set(e->d, "hhn-gen: error: internal: %lld is outside %s (%lld to %lld); please report it", v,
           f->what ? f->what : "a field the plan left out", f->min, f->max);
  return v;
}

/* Writes the values v[0..n) times `times`, numbers of field f, each followed by a comma, in
   rows of 16 (or 8 for numbers of over 3 digits) that each begin with indent (a newline and
   spaces). */
static void put_numbers(struct emitter *e, const struct field *f, const uint32_t *v, size_t n,
                        size_t times, const char *indent) {
  unsigned long top = 0;
  for (size_t i = 0; i < n; i++)
    top = (unsigned long)v[i] * times > top ? (unsigned long)v[i] * times : top;
  int width = snprintf(NULL, 0, "%lu", top);
  for (size_t i = 0; i < n; i++)
    out(e, "%s%*lld,", i % (width > 3 ? 8 : 16) ? " " : indent, width,
        checked(e, f, (long long)v[i] * (long long)times));
}

/* Whether the layout is direct. */
static int direct(const struct emitter *e) { return e->l->kind == LAYOUT_DIRECT; }

/* Whether the hash is displaced: hhn-gen's own values, and a displacement a bucket. */
static int displaced(const struct emitter *e) { return e->h->dis.bucket_bits > 0; }

/* === The source: description and tables ====================================================== */

/* Writes the bytes that the hash reads, in words: "1, $ and $-7", or "$-1 and lens[len].at". */
static void describe_positions(struct emitter *e) {
  char buf[1024];
  positions_describe(e->h->term, e->h->nterms, buf, sizeof buf);
  out(e, "%s", buf);
}

/* Writes what the hash is, in words. */
static void describe_hash(struct emitter *e) {
  const struct hashfn *h = e->h;
  char positions[1024];
  positions_format(h->term, h->nterms, positions, sizeof positions);
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

/* Writes how a lookup goes, in words, for the description. */
static void describe_lookup(struct emitter *e) {
  const struct layout *l = e->l;
  if (displaced(e))
    out(e, "The values are hhn-gen's own: random 32-bit values, a table of 256 for each term, "
           "whose sum names a bucket by its top bits; the bucket's displacement, added to the "
           "sum, names the slot by its low bits. A lookup rejects a length out of range, takes "
           "that slot, ");
  else
    out(e, "A lookup rejects a length out of range, takes the slot of the hash (a hash past the "
           "largest takes an empty slot), ");
  if (direct(e))
    out(e, "which holds the first and last 8 bytes of a name, its mask and its length, ");
  else
    out(e, "which holds the offset of a record in the pool, with the length of a name, its "
           "bytes and their mask, ");
  out(e, "and compares the length and the name together, %s: ",
      l->path.words    ? "in 4-byte pieces and 8-byte words"
      : l->path.common ? "in 4-byte pieces"
                       : "a byte at a time");
  out(e, "(input | mask) == lowercase, where the mask has 0x20 only where the name has a "
         "letter, so only letters fold (see @p_lookup). @p_lookup_lower compares the same "
         "bytes with no mask: input == lowercase.");
}

/* Writes the block comment that says what the table is: its sizes, its hash, its compare. */
static void output_description(struct emitter *e) {
  const struct layout *l = e->l;
  char *text = NULL;
  size_t size = 0;
  struct emitter m = *e; /* the same writer, into text */
  if ((m.f = open_memstream(&text, &size)) == NULL)
    return failed(e, errno);
  out(&m, "%zu names of %zu to %zu bytes in %zu slots%s. ", l->n, l->min, l->max, l->slots,
      direct(e) ? "" : " of an index into a pool of records");
  describe_hash(&m);
  describe_lookup(&m);
  if (fclose(m.f) != 0 || text == NULL)
    failed(e, errno ? errno : ENOMEM);
  if (m.error)
    failed(e, m.error);
  if (text != NULL)
    block_comment(e, text);
  free(text);
}

/* Writes the includes, and checks what the tables take for granted. */
static void output_includes(struct emitter *e) {
  out(e, "#include \"@p.h\"\n"
         "\n"
         "#include <limits.h>\n"
         "#include <string.h>\n"
         "\n"
         "/* The tables hold lengths, ids and names as bytes of 8 bits. */\n"
         "typedef char @p_bytes_have_8_bits[CHAR_BIT == 8 ? 1 : -1];\n");
}

/* The conditions under which the AVX-512 lookup is built, and how it is chosen. */
static const char template_vector_guard[] =
    "#if defined(__SANITIZE_THREAD__)\n"
    "#define SANITIZED /* ThreadSanitizer, which is not set up when a resolver runs */\n"
    "#elif defined(__has_feature)\n"
    "#if __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)\n"
    "#define SANITIZED /* ThreadSanitizer or MemorySanitizer (Clang), the same */\n"
    "#endif\n"
    "#endif\n"
    "#if defined(__x86_64__) && defined(__GNUC__) && !defined(HHN_NO_AVX512)\n"
    "#if defined(__AVX512BW__) && defined(__AVX512VL__)\n"
    "#define AVX512_ALWAYS /* built for AVX-512: the AVX-512 lookups are the lookups */\n"
    "#elif defined(__ELF__) && defined(__GLIBC__) && !defined(SANITIZED)\n"
    "#define AVX512_IFUNC /* the lookups are picked for the CPU when the program loads */\n"
    "#elif defined(SANITIZED)\n"
    "#define AVX512_CALL /* the lookups are picked for the CPU at each call */\n"
    "#endif\n"
    "#endif\n"
    "#if defined(AVX512_ALWAYS) || defined(AVX512_IFUNC) || defined(AVX512_CALL)\n"
    "#define AVX512 /* the AVX-512 lookups are built */\n"
    "#include <immintrin.h>\n"
    "#endif\n";

/* Writes what the AVX-512 lookup is, and the conditions under which it is built. */
static void output_vector_guard(struct emitter *e) {
  out(e, "\n");
  comment(e,
          "On x86-64 CPUs with AVX-512 (BW and VL), names of up to %zu bytes take lookup_avx512 "
          "(lower_avx512 for @p_lookup_lower): the same hash, %s, and one masked 32-byte compare "
          "that reads only s[0..len). With glibc, @p_lookup and @p_lookup_lower are indirect "
          "functions that pick them for the CPU when the program loads; built for AVX-512 "
          "(-mavx512bw -mavx512vl, or a -march that has them), they are the lookups. Define "
          "HHN_NO_AVX512 to leave them out.",
          e->l->vhi, direct(e) ? "into a table of its own" : "the same record");
  put_template(e, template_vector_guard);
}

/* Writes the struct of a direct slot, and checks its size, which the associated values are
   multiplied by; and the alignment that keeps a slot in one cache line. */
static void output_slot_type(struct emitter *e) {
  out(e,
      "\n/* A slot: the first and last 8 bytes of a name in lowercase, and their mask: 0x20 (a "
      "space)\n   where the name has a letter, 0 elsewhere. A name of 4 to 7 bytes is held as "
      "the two\n   4-byte pieces that a lookup compares, its first and last 4 bytes, twice; a "
      "shorter one\n   as it is. */\n"
      "struct slot {\n  unsigned char lower[%d], mask[%d];\n};\n"
      "typedef char @p_slot_is_%d_bytes[sizeof(struct slot) == %d ? 1 : -1];\n",
      LAYOUT_HELD, LAYOUT_HELD, LAYOUT_SLOT, LAYOUT_SLOT);
  out(e, "\n/* No slot crosses a cache line if the table starts on one (GCC and Clang can say "
         "so). */\n"
         "#if defined(__GNUC__)\n#define ALIGNED __attribute__((aligned(64)))\n#else\n"
         "#define ALIGNED\n#endif\n");
}

/* Writes the members of the table that both kinds of layout have first: the associated values
   and the per-length table. */
static void output_table_head(struct emitter *e) {
  const struct layout *l = e->l;
  if (e->h->nterms > 0)
    out(e,
        "  /* the associated value of each byte (and length) at a hashed position%s; a "
        "letter's\n     two cases share it */\n"
        "  %s asso[%d];\n",
        direct(e)      ? ", times 32,\n     the size of a slot, so that a hash is a slot's offset"
        : displaced(e) ? " (a table of\n     256 for each term), whose sum (modulo 2^32) picks "
                         "a bucket"
                       : "",
        ctype_name(l->asso.type), l->nasso);
  if (l->lens_at || l->lens_pieces) {
    size_t used = (size_t)(l->lens_at + l->lens_pieces) * (size_t)ctype_bytes(l->lens_f.type);
    out(e, "  /* for each length:%s%s%s */\n",
        l->lens_at ? " at, the byte that the hash reads;" : "",
        l->lens_pieces
            ? " p and q, where the second and third\n     of the four 4-byte pieces that "
              "the compare reads begin"
            : "",
        l->lens_pieces > 2 ? "; cmp and mask, where what it reads of\n     the record's name, and "
                             "their mask, begin, from the name"
                           : "");
    out(e, "  struct {\n    %s %s%s%s;\n", ctype_name(l->lens_f.type), l->lens_at ? "at" : "",
        l->lens_at && l->lens_pieces ? ", " : "",
        l->lens_pieces > 2 ? "p, q, cmp, mask"
        : l->lens_pieces   ? "p, q"
                           : "");
    if (l->lens_size > used)
      out(e, "    unsigned char unused[%zu];\n", l->lens_size - used);
    out(e, "  } lens[%zu];\n", l->max + 1);
  }
}

/* Writes the members of the direct layout that come first, for their alignment: the slots,
   and the vector slots. */
static void output_direct_slots_type(struct emitter *e) {
  out(e,
      "  /* for each hash, a slot; one more, empty, for a hash past the largest */\n"
      "  struct slot slots[%zu];\n",
      e->l->slots);
  if (e->l->path.vector)
    out(e,
        "#if defined(AVX512)\n"
        "  /* for each hash, a vector slot: a name of up to 32 bytes in lowercase, then 'A's, "
        "which\n     no input folded to lowercase has */\n"
        "  unsigned char vslots[%zu][%d];\n"
        "#endif\n",
        e->l->slots, LAYOUT_SLOT);
}

/* Writes the members of the direct layout beside the slots: each slot's length, id and the
   offset of its name in the pool. */
static void output_direct_meta_type(struct emitter *e) {
  out(e,
      "  /* for each slot, its name's length (0: none), id, and offset in the pool */\n"
      "  unsigned char len[%zu];\n  %s id[%zu];\n  %s rest[%zu];\n",
      e->l->slots, ctype_name(e->l->id.type), e->l->slots, ctype_name(e->l->offset.type),
      e->l->slots);
}

/* Writes the declaration of the table: its members, each with what it holds. */
static void output_table_type(struct emitter *e) {
  const struct layout *l = e->l;
  if (direct(e))
    output_slot_type(e);
  out(e, "\n/* clang-format off */\n");
  comment(e, "The tables of the lookups, in one object, so that one register can address them "
             "all.");
  out(e, "static const struct table {\n");
  if (direct(e))
    output_direct_slots_type(e);
  output_table_head(e);
  if (direct(e))
    output_direct_meta_type(e);
  else if (displaced(e))
    out(e,
        "  /* for each bucket, the displacement added to a sum; for each slot, the offset of its\n"
        "     record in the pool (0: no name has it) */\n"
        "  %s disp[%zu];\n  %s index[%zu];\n",
        ctype_name(l->disp.type), (size_t)1 << e->h->dis.bucket_bits, ctype_name(l->offset.type),
        l->slots);
  else
    out(e,
        "  /* for each hash: the offset of its record in the pool (0: no name has it); one "
        "more,\n     0, for a hash past the largest */\n"
        "  %s index[%zu];\n",
        ctype_name(l->offset.type), l->slots);
  if (l->path.vector)
    out(e,
        "#if defined(AVX512)\n"
        "  /* for each length, the mask of its bytes; and lookup_avx512's constants: bytes "
        "'A',\n     'Z' and 32, the case bit */\n"
        "  uint_least32_t k[%zu];\n"
        "  unsigned char a[32], z[32], case_bit[32];\n"
        "#endif\n",
        l->vhi + 1);
  out(e,
      "  /* %s then the spellings of the names that are not lowercase */\n"
      "  unsigned char pool[%zu];\n"
      "} table%s = {\n",
      direct(e) ? "each name in lowercase, and the mask of the bytes past its 8th;"
                : "the records,",
      l->pool, direct(e) ? " ALIGNED" : "");
}

/* Writes the associated values, times `times`. */
static void output_asso(struct emitter *e, size_t times) {
  out(e, "  {");
  put_numbers(e, &e->l->asso, e->h->asso, (size_t)e->l->nasso, times, "\n    ");
  out(e, "\n  },\n");
}

/* Writes the per-length table. */
static void output_lens(struct emitter *e) {
  const struct layout *l = e->l;
  const struct field *f = &l->lens_f;
  size_t used = (size_t)(l->lens_at + l->lens_pieces) * (size_t)ctype_bytes(f->type);
  out(e, "  {\n");
  for (size_t len = l->min; len <= l->max; len++) {
    const struct lens_entry *v = &l->lens[len];
    out(e, "    [%zu] = {", len);
    if (l->lens_at)
      out(e, "%lld%s", checked(e, f, v->at), l->lens_pieces ? ", " : "");
    if (l->lens_pieces)
      out(e, "%lld, %lld", checked(e, f, v->p), checked(e, f, v->q));
    if (l->lens_pieces > 2)
      out(e, ", %lld, %lld", checked(e, f, v->cmp), checked(e, f, v->mask));
    /* every field, even the unused ones, for -Wmissing-field-initializers */
    out(e, l->lens_size > used ? ", {0}},\n" : "},\n");
  }
  out(e, "  },\n");
}

/* Writes the first and last 8 bytes of b[0..len) as a direct slot holds them: for 8 or more,
   the first 8 and the last 8; for 4 to 7, the first and last 4, twice; for fewer, the bytes. */
static void put_held(struct emitter *e, const unsigned char *b, size_t len) {
  unsigned char held[LAYOUT_HELD] = {0};
  if (len >= 8) {
    memcpy(held, b, 8);
    memcpy(held + 8, b + len - 8, 8);
  } else if (len >= 4) {
    pieces_of(b, len, held);
    memcpy(held + 8, held, 8);
  } else {
    memcpy(held, b, len);
  }
  out(e, "{");
  put_bytes(e, held, len >= 4 ? LAYOUT_HELD : len, 0);
  out(e, "}");
}

/* Writes the direct slots, in slot order, so that the table reads like one. */
static void output_slots(struct emitter *e) {
  const struct layout *l = e->l;
  out(e, "  {\n");
  for (size_t s = 0; s < l->slots; s++) {
    if (l->slot_id[s] < 0)
      continue;
    const struct name *nm = &e->list->v[l->slot_id[s]];
    unsigned char lower[NAMES_MAX_LENGTH + 1], mask[NAMES_MAX_LENGTH];
    lower_and_mask(nm, lower, mask);
    out(e, "    /* @P_%s */\n    [%zu] = {", nm->ident, s);
    put_held(e, lower, nm->len);
    out(e, ",\n      ");
    put_held(e, mask, nm->len);
    out(e, "},\n");
  }
  out(e, "  },\n");
}

/* Writes the length, id and offset in the pool of each direct slot's name. */
static void output_meta(struct emitter *e) {
  const struct layout *l = e->l;
  static const char *const what[] = {"len", "id", "rest"};
  const struct field *fields[] = {&l->slot_len, &l->id, &l->offset};
  for (int k = 0; k < 3; k++) {
    out(e, "  { /* %s */", what[k]);
    for (size_t s = 0, col = 0; s < l->slots; s++) {
      long id = l->slot_id[s];
      if (id < 0)
        continue;
      size_t v = k == 0 ? e->list->v[id].len : k == 1 ? (size_t)id : l->place[id].at;
      out(e, "%s[%zu] = %lld,", col++ % 8 ? " " : "\n    ", s, checked(e, fields[k], (long long)v));
    }
    out(e, "\n  },\n");
  }
}

/* Writes the displacement of each bucket of a displaced hash. */
static void output_disp(struct emitter *e) {
  out(e, "  {");
  put_numbers(e, &e->l->disp, e->h->dis.disp, (size_t)1 << e->h->dis.bucket_bits, 1, "\n    ");
  out(e, "\n  },\n");
}

/* Writes the index: the offset of the record of each hash. */
static void output_index(struct emitter *e) {
  const struct layout *l = e->l;
  int width = snprintf(NULL, 0, "%zu", l->pool);
  out(e, "  {");
  for (size_t s = 0; s < l->slots; s++)
    out(e, "%s%*lld,", s % (width > 3 ? 8 : 16) ? " " : "\n    ", width,
        checked(e, &l->offset, l->slot_id[s] < 0 ? 0 : (long long)l->place[l->slot_id[s]].at));
  out(e, "\n  },\n");
}

/* Writes the direct layout's vector slots: each name of up to 32 bytes in lowercase, then 'A's;
   32 'A's in an empty slot. */
static void output_vslots(struct emitter *e) {
  const struct layout *l = e->l;
  out(e, "#if defined(AVX512)\n  {\n");
  for (size_t s = 0; s < l->slots; s++) {
    const struct name *nm = l->slot_id[s] >= 0 && e->list->v[l->slot_id[s]].len <= l->vhi
                                ? &e->list->v[l->slot_id[s]]
                                : NULL;
    char bytes[LAYOUT_SLOT];
    for (size_t j = 0; j < LAYOUT_SLOT; j++) /* the name, then 'A's */
      bytes[j] = nm != NULL && j < nm->len ? (char)lower_byte(nm->text[j]) : 'A';
    out(e, "    \"%.*s\",\n", LAYOUT_SLOT, bytes);
  }
  out(e, "  },\n#endif\n");
}

/* Writes the AVX-512 lookup's per-length masks and constants. */
static void output_vector_constants(struct emitter *e) {
  const struct layout *l = e->l;
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
}

/* Writes a name's bytes in the pool, after a comment with their offset and id. */
static void put_place(struct emitter *e, size_t id) {
  const struct name *nm = &e->list->v[id];
  long long len = checked(e, &e->l->name_len, (long long)nm->len);
  long long in = checked(e, &e->l->id, (long long)id);
  unsigned char head[3] = {(unsigned char)len, (unsigned char)(in & 255), (unsigned char)(in >> 8)},
                lower[NAMES_MAX_LENGTH + 1], mask[NAMES_MAX_LENGTH], pieces[16];
  lower_and_mask(nm, lower, mask);
  out(e, "    /* %zu: @P_%s */\n    ", e->l->place[id].at, nm->ident);
  int col = direct(e) ? 0 : put_bytes(e, head, e->l->head, 0);
  put_bytes(e, lower, nm->len + 1, col);
  if (direct(e) && nm->len > LAYOUT_HELD) { /* the mask of the bytes from the 8th */
    out(e, "\n    ");
    put_bytes(e, mask + 8, nm->len - 8, 0);
  } else if (!direct(e) && layout_packed(nm->len)) { /* the pieces, and their mask */
    pieces_of(lower, nm->len, pieces);
    pieces_of(mask, nm->len, pieces + 8);
    out(e, "\n    ");
    put_bytes(e, pieces, 16, 0);
  } else if (!direct(e)) {
    out(e, "\n    ");
    put_bytes(e, mask, nm->len, 0);
  }
  out(e, "\n");
}

/* Writes the pool: (indexed) the empty record, each name's bytes, then the spellings that are
   not lowercase; the zeros after them, for the reads past the last, C writes. */
static void output_pool(struct emitter *e) {
  static const unsigned char empty[3];
  if (direct(e))
    out(e,
        "  /* pool: each name in lowercase and a NUL, then, for a name over %d bytes, the mask "
        "of\n     its bytes from the 8th; then the spellings */\n  {\n",
        LAYOUT_HELD);
  else
    out(e,
        "  /* pool: each record is its length and id (%s), its lowercase name and a NUL,\n"
        "     then the mask of the name (or, for a name of 4 to 7 bytes, its first and last "
        "4\n     bytes and their mask); then the spellings */\n  {\n    /* 0: no name */\n    ",
        e->l->id_bytes > 1 ? "2 bytes, low first" : "a byte");
  if (!direct(e)) {
    put_bytes(e, empty, e->l->head, 0);
    out(e, "\n");
  }
  for (size_t i = 0; i < e->list->n; i++)
    put_place(e, i);
  for (size_t i = 0; i < e->list->n; i++) {
    const struct name *nm = &e->list->v[i];
    if (e->l->place[i].spell != e->l->place[i].lower) {
      out(e, "    /* %zu */\n    ", e->l->place[i].spell);
      put_bytes(e, (const unsigned char *)nm->text, nm->len + 1, 0);
      out(e, "\n");
    }
  }
  out(e, "  },\n};\n");
}

/* Writes the names table: each id's lowercase name, spelling, length and flags. */
static void output_names(struct emitter *e) {
  const struct layout *l = e->l;
  out(e,
      "\n/* The offsets in the pool of each id's name in lowercase and as the list spells it, "
      "its\n   length%s. */\n",
      l->flag_bytes ? " and its flags" : "");
  out(e, "static const struct {\n  %s lower, spell;\n  %s len;\n", ctype_name(l->offset.type),
      ctype_name(l->name_len.type));
  if (l->flag_bytes)
    out(e, "  %s flags;\n", ctype_name(l->flags.type));
  out(e, "} names[@P_COUNT] = {\n");
  for (size_t i = 0; i < e->list->n; i++) {
    const struct name *nm = &e->list->v[i];
    out(e, "  [@P_%s] = {%lld, %lld, %lld", nm->ident,
        checked(e, &l->offset, (long long)l->place[i].lower),
        checked(e, &l->offset, (long long)l->place[i].spell),
        checked(e, &l->name_len, (long long)nm->len));
    if (l->flag_bytes) {
      checked(e, &l->flags, (long long)nm->flags);
      out(e, ", ");
      put_flags(e, nm);
    }
    out(e, "},\n");
  }
  out(e, "};\n");
}

/* Writes the numbered attributes of each id. */
static void output_attrs(struct emitter *e) {
  out(e,
      "\n"
      "/* The value of each numbered attribute (@P_ATTR_*) of each id; -1 where the list gives\n"
      "   none. */\n"
      "static const %s attrs[@P_COUNT][@P_ATTR_COUNT] = {\n",
      ctype_name(e->l->attr.type));
  for (size_t i = 0; i < e->list->n; i++) {
    out(e, "  [@P_%s] = {", e->list->v[i].ident);
    for (int k = 0; k < e->list->nkeys; k++)
      out(e, "%s%lld", k ? ", " : "", checked(e, &e->l->attr, e->list->v[i].attr[k]));
    out(e, "},\n");
  }
  out(e, "};\n");
}

/* Writes the table and the names. */
static void output_tables(struct emitter *e) {
  output_table_type(e);
  if (direct(e)) {
    output_slots(e);
    if (e->l->path.vector)
      output_vslots(e);
  }
  if (e->h->nterms > 0)
    output_asso(e, direct(e) ? LAYOUT_SLOT : 1);
  if (e->l->per_length || e->l->path.common)
    output_lens(e);
  if (direct(e))
    output_meta(e);
  else if (displaced(e))
    output_disp(e), output_index(e);
  else
    output_index(e);
  if (e->l->path.vector) {
    out(e, "#if defined(AVX512)\n");
    output_vector_constants(e);
    out(e, "#endif\n");
  }
  output_pool(e);
  output_names(e);
  if (e->list->nkeys > 0)
    output_attrs(e);
  out(e, "/* clang-format on */\n");
}

/* === The source: the hash and the lookups ==================================================== */

/* Writes the index of the byte that term t reads, as C ("3", "len - 2", a clamp), for the body
   of a hash; for gperf's own positions, a position some names lack is guarded by a length test
   written first. */
static void put_term_index(struct emitter *e, const struct term *t, char *index, size_t size) {
  int start = t->kind == TERM_FROM_START;
  if (t->kind == TERM_PER_LENGTH)
    snprintf(index, size, "t->lens[len].at");
  else if (term_in_every_name(t, e->l->min))
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

/* Writes a hash function `fn` of the units of type `unit` at s[0..len), where byte is "" for
   bytes or "(unsigned char)" for UTF-16 units, whose low byte stands in for them; asso names
   the associated values, stored times `times`. */
static void put_hash(struct emitter *e, const char *fn, const char *unit, const char *byte,
                     const char *asso, size_t times) {
  const struct hashfn *h = e->h;
  const char *type = displaced(e) ? "uint32_t" : "uint_least32_t";
  out(e, "static %s %s(const struct table *t, const %s *s, size_t len) {\n", type, fn, unit);
  if (hashfn_clamps(h))
    out(e, "  %s h = 0;\n", type);
  else if (times == 1)
    out(e, "  uint_least32_t h = len;\n");
  else
    out(e, "  uint_least32_t h = len * %zu;\n", times);
  if (hashfn_byte_terms(h) == 0) /* the length alone tells the names apart */
    out(e, "  (void)s;\n");
  if (h->nterms == 0)
    out(e, "  (void)t;\n");
  for (int i = 0; i < h->nterms; i++) {
    const struct term *t = &h->term[i];
    char index[96], inc[32] = "";
    if (t->inc)
      snprintf(inc, sizeof inc, " + %d", t->inc);
    if (t->kind == TERM_LENGTH) {
      out(e, "  h += t->%s[len%s];\n", asso, inc);
      continue;
    }
    put_term_index(e, t, index, sizeof index);
    out(e, "  h += t->%s[%ss[%s]%s];\n", asso, byte, index, inc);
  }
  out(e, "  return h;\n}\n");
}

/* Writes the hash of bytes and of UTF-16 units. */
static void output_hash(struct emitter *e) {
  size_t times = direct(e) ? LAYOUT_SLOT : 1;
  out(e,
      "\n/* The hash of s[0..len), for a len between the shortest and the longest name's%s. "
      "*/\n",
      direct(e) ? ": a slot's offset" : "");
  put_hash(e, "hash", "unsigned char", "", "asso", times);
  out(e, "\n/* The same hash on UTF-16 units; a unit above 0x7F may land anywhere, since none\n"
         "   matches. */\n");
  put_hash(e, "hash16", "uint16_t", "(unsigned char)", "asso", times);
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

/* Writes the lines that find the slot of s's hash (with hash_fn): in a direct layout, the slot
   at offset h and the index i of its length, id and offset; in an indexed one, the record r.
   A hash past the largest takes the empty slot after it (a conditional move, not a branch). */
static void put_slot(struct emitter *e, const char *hash_fn, const char *s) {
  size_t empty = (e->l->slots - 1) * (direct(e) ? LAYOUT_SLOT : 1);
  if (displaced(e))
    out(e,
        "  uint32_t sum = %s(t, %s, len); /* its top bits name a bucket */\n"
        "  size_t h = (sum + t->disp[sum >> %d]) & %zu;\n",
        hash_fn, s, 32 - e->h->dis.bucket_bits, e->l->slots - 1);
  else
    out(e,
        "  size_t h = %s(t, %s, len);\n"
        "  h = h < %zu ? h : %zu;\n",
        hash_fn, s, empty, empty);
  if (direct(e))
    out(e, "  size_t i = h / %d;\n", LAYOUT_SLOT);
  else
    out(e, "  const unsigned char *r = t->pool + t->index[h];\n");
}

/* The length and the id of the slot found (see put_slot), as C. */
static const char *slot_len(const struct emitter *e) { return direct(e) ? "t->len[i]" : "r[0]"; }
static const char *slot_id(const struct emitter *e) {
  return direct(e) ? "t->id[i]" : e->l->id_bytes > 1 ? "(r[1] | r[2] << 8)" : "r[1]";
}

/* The two case rules, each with lookups of its own over the same table. */
enum match {
  MATCH_FOLD,  /* @p_lookup: a letter matches in either case, through the mask */
  MATCH_LOWER, /* @p_lookup_lower: only the lowercase spelling matches; no mask */
};
#define MATCHES (MATCH_LOWER + 1)

/* The names of one case rule's functions in the output. */
static const struct lookup_names {
  const char *api;      /* the public function, after "@p_" */
  const char *rare;     /* names under 4 bytes, beside the common path */
  const char *portable; /* the common path, beside the vector lookup */
  const char *avx512;   /* the vector lookup */
  const char *resolver; /* what picks the lookup for the CPU */
} lookups[MATCHES] = {
    [MATCH_FOLD] = {"lookup", "lookup_rare", "lookup_portable", "lookup_avx512", "lookup_resolver"},
    [MATCH_LOWER] = {"lookup_lower", "lower_rare", "lower_portable", "lower_avx512",
                     "lower_resolver"},
};

/* Writes the compare of a name of 1 to 3 bytes, byte by byte (top is the longest it takes):
   (s | mask) ^ lower to fold, s ^ lower for the lowercase spelling alone. */
static void put_rare_compare(struct emitter *e, size_t top, enum match m) {
  static const char *const
      bytes2[MATCHES] = {"d |= ((s[0] | m[0]) ^ l[0]) | ((s[1] | m[1]) ^ l[1]);\n",
                         "d |= (s[0] ^ l[0]) | (s[1] ^ l[1]);\n"},
      *const last[MATCHES] = {"d |= (s[end] | m[end]) ^ l[end];\n", "d |= s[end] ^ l[end];\n"},
      *const byte1[MATCHES] = {"d |= (s[0] | m[0]) ^ l[0];\n", "d |= s[0] ^ l[0];\n"};
  if (direct(e) && m == MATCH_FOLD)
    out(e, "  const unsigned char *l = (const unsigned char *)t->slots + h, *m = l + %d;\n",
        LAYOUT_HELD);
  else if (direct(e))
    out(e, "  const unsigned char *l = (const unsigned char *)t->slots + h;\n");
  else if (m == MATCH_FOLD)
    out(e, "  const unsigned char *l = r + %zu, *m = l + len + 1; /* the name and its mask */\n",
        e->l->head);
  else
    out(e, "  const unsigned char *l = r + %zu; /* the name */\n", e->l->head);
  out(e, "  uint64_t d = %s ^ len;\n", slot_len(e));
  if (e->l->min >= 2) /* names of 2 or 3 bytes only */
    out(e, "  size_t end = len - 1; /* the first, the second and the last byte */\n  %s  %s",
        bytes2[m], last[m]);
  else if (top >= 2)
    out(e,
        "  if (len >= 2) { /* 2 or 3 bytes: the first, the second and the last */\n"
        "    size_t end = len - 1;\n    %s    %s  } else {\n    %s  }\n",
        bytes2[m], last[m], byte1[m]);
  else
    out(e, "  %s", byte1[m]);
}

/* Writes the lookup of names under 4 bytes: lookup_rare (or lower_rare) beside the common
   path, or, in a table of short names only, the public lookup itself. */
static void output_rare(struct emitter *e, enum match m) {
  const struct lookup_names *n = &lookups[m];
  int common = e->l->path.common;
  size_t top = common ? LAYOUT_PIECE - 1 : e->l->max; /* the longest name it takes */
  if (common) {
    out(e, "\n");
    comment(e, "The lookup of a name of fewer than %zu bytes (see @p_%s).", e->l->lo, n->api);
    out(e, "COLD static int %s(const unsigned char *s, size_t len) {\n", n->rare);
  } else
    out(e,
        "\n"
        "int @p_%s(const char *name, size_t len) {\n"
        "  const unsigned char *s = (const unsigned char *)name;\n",
        n->api);
  out(e,
      "  const struct table *t = &table;\n"
      "  /* one compare for both ends: a length below the shortest wraps around */\n"
      "  if (len - %zu > %zu)\n"
      "    return @P_UNKNOWN;\n",
      e->l->min, top - e->l->min);
  put_slot(e, "hash", "s");
  if (common)
    out(e,
        "  /* d is 0 if and only if the slot holds a name of this length that s spells\n"
        "     (see @p_%s). */\n",
        n->api);
  else if (m == MATCH_FOLD)
    out(e, "  /* d is 0 if and only if the slot holds a name of this length that s spells,\n"
           "     with (s | mask) == lower byte by byte: only letters fold. */\n");
  else
    out(e, "  /* d is 0 if and only if the slot holds a name of this length whose lowercase\n"
           "     spelling s is, byte by byte. */\n");
  put_rare_compare(e, top, m);
  out(e, "  return d ? @P_UNKNOWN : %s;\n}\n", slot_id(e));
}
/* The comment on the common path's compare, once the slot is found. */
static const char template_pieces_comment[] =
    "  /* d is 0 if and only if the slot holds a name of this length that s spells, with\n"
    "     (s | mask) == lower: a byte matches a lowercase letter if it is that letter or\n"
    "     its uppercase form, and any other byte only itself (so '-' never matches CR, '@'\n"
    "     never '`', and no byte above 0x7F matches). The name is read as four 4-byte\n"
    "     pieces, at 0, p, q and len - 4: for 8 bytes or more, the first and the last 8\n"
    "     bytes; for fewer, the first and the last 4, twice. No branch tells the two apart,\n"
    "     so a stream that mixes them costs no mispredictions. Every read is inside\n"
    "     s[0..len), and inside the table, whatever the slot holds. */\n";

/* The same for the lowercase spelling alone. */
static const char template_lower_comment[] =
    "  /* d is 0 if and only if the slot holds a name of this length whose lowercase spelling\n"
    "     is s: four 4-byte pieces, at 0, p, q and len - 4, as the lookup that folds case\n"
    "     reads them, compared with no mask, so that no uppercase letter matches. Every read\n"
    "     is inside s[0..len), and inside the table, whatever the slot holds. */\n";

/* The four pieces that the common path reads of s. */
static const char template_pieces[] =
    "  size_t p = t->lens[len].p, q = t->lens[len].q;\n"
    "  uint64_t x = pair(load4(s), load4(s + p)), y = pair(load4(s + q), load4(s + len - 4));\n";

/* Writes `uint64_t d = expr;`, on one line if it fits in clang-format's 100 columns. */
static void put_d(struct emitter *e, const char *expr) {
  out(e, "  uint64_t d =%s%s;\n", strlen(expr) + 16 <= 100 ? " " : "\n      ", expr);
}

/* Writes the common path's compare of the slot found (see put_slot): to fold, with the mask
   ((s | mask) ^ lower); for the lowercase spelling alone, with none (s ^ lower). For the
   latter, a branch on the length in place of the pieces (an 8-byte load at each end of a name
   of 8 bytes or more) runs 6 instructions fewer a lookup, and took about 1.4 times as long on
   shuffled streams, where it mispredicts. */
static void put_pieces(struct emitter *e, enum match m) {
  static const char *const
      comments[MATCHES] = {template_pieces_comment, template_lower_comment},
      *const x[MATCHES] = {"(x | load8(m))", "x"}, *const y[MATCHES] = {"(y | load8(m + %s))", "y"},
      *const word[MATCHES] = {"(load8(s + %s) | load8(%s + %s))", "load8(s + %s)"};
  int fold = m == MATCH_FOLD;
  char mdecl[64] = ""; /* the mask's pointer, declared beside l's */
  if (fold && direct(e))
    snprintf(mdecl, sizeof mdecl, ", *m = l + %d", LAYOUT_HELD);
  else if (fold)
    snprintf(mdecl, sizeof mdecl, ", *m = r + %zu + t->lens[len].mask", e->l->head);
  if (direct(e))
    out(e,
        "  /* the first and last 8 bytes%s */\n"
        "  const unsigned char *l = (const unsigned char *)t->slots + h%s;\n",
        fold ? ", and their mask" : " of the name in lowercase", mdecl);
  else
    out(e,
        "  /* what the compare reads of the record's name%s */\n"
        "  const unsigned char *l = r + %zu + t->lens[len].cmp%s;\n",
        fold ? ", and their mask" : "", e->l->head, mdecl);
  put_template(e, comments[m]);
  put_template(e, template_pieces);
  const char *at = direct(e) ? "8" : "q";
  char ys[64], expr[160];
  snprintf(ys, sizeof ys, y[m], at);
  snprintf(expr, sizeof expr, "(%s ^ len) | (%s ^ load8(l)) | (%s ^ load8(l + %s))", slot_len(e),
           x[m], ys, at);
  put_d(e, expr);
  if (!e->l->path.words)
    return;
  const char *i = direct(e) ? "w" : "i", *mask = direct(e) ? "rest + len - 7" : "m";
  char input[96];
  snprintf(input, sizeof input, word[m], i, mask, i);
  if (direct(e) && fold)
    out(e, "  /* past 16 bytes, the 8-byte words between, from the pool: the name in lowercase, "
           "and\n     after it the mask of its bytes from the 8th */\n"
           "  for (size_t w = 8; d == 0 && w + 8 < len; w += 8) {\n"
           "    const unsigned char *rest = t->pool + t->rest[i]; /* here, not before: short "
           "names skip it */\n");
  else if (direct(e))
    out(e, "  for (size_t w = 8; d == 0 && w + 8 < len; w += 8) { /* past 16 bytes, the words "
           "between */\n"
           "    const unsigned char *rest = t->pool + t->rest[i];\n");
  else
    out(e, "  for (size_t i = 8; d == 0 && i + 8 < len; i += 8) /* past 16 bytes, the words "
           "between */\n");
  out(e, "    d |= %s ^ load8(%s + %s);\n%s", input, direct(e) ? "rest" : "l", i,
      direct(e) ? "  }\n" : "");
}

/* Writes the common path: lookup_portable (or lower_portable) beside the vector lookup, or
   the public lookup itself. */
static void output_portable(struct emitter *e, enum match m) {
  const struct layout *l = e->l;
  const struct lookup_names *n = &lookups[m];
  out(e, "\n");
  if (l->path.vector) {
    comment(e, "The lookup on any CPU (see @p_%s).", n->api);
    out(e, "static int %s(const char *name, size_t len) {\n", n->portable);
  } else
    out(e, "int @p_%s(const char *name, size_t len) {\n", n->api);
  out(e, "  const unsigned char *s = (const unsigned char *)name;\n"
         "  const struct table *t = &table;\n");
  out(e, "  /* %zu to %zu bytes here%s%s (a shorter length wraps around) */\n", l->lo, l->max,
      l->path.rare ? ", the rest in " : "", l->path.rare ? n->rare : "");
  out(e, "  if (len - %zu > %zu)\n", l->lo, l->max - l->lo);
  if (l->path.rare)
    out(e, "    return %s(s, len);\n", n->rare);
  else
    out(e, "    return @P_UNKNOWN;\n");
  put_slot(e, "hash", "s");
  put_pieces(e, m);
  out(e, "  return d ? @P_UNKNOWN : %s;\n}\n", slot_id(e));
}

/* === The source: the AVX-512 lookups ========================================================= */

/* The guard of the vector lookups, and their load. */
static const char template_vector_load[] =
    "\n"
    "#if defined(AVX512)\n"
    "/* The 32 bytes at p as a vector. */\n"
    "__attribute__((target(\"avx\"))) static __m256i vector(const unsigned char *p) {\n"
    "  return _mm256_loadu_si256((const void *)p);\n"
    "}\n";

/* The fold of lookup_avx512's input to lowercase. */
static const char template_vector_fold[] =
    "  /* The name's uppercase letters in lowercase%s. */\n"
    "  __mmask32 up = _mm256_mask_cmpge_epu8_mask(k, v, vector(t->a));\n"
    "  up = _mm256_mask_cmple_epu8_mask(up, v, vector(t->z));\n"
    "  v = _mm256_mask_add_epi8(v, up, v, vector(t->case_bit));\n";

/* The compare of the direct layout's lookup_avx512, after the fold. */
static const char template_vector_direct_fold[] =
    "  /* ne is 0 if and only if the slot holds a name of this length that s spells: a name\n"
    "     of len bytes matches s's bytes where a letter matches either case and any other\n"
    "     byte only itself (so '-' never matches CR, '@' never '`'), and the 'A's after\n"
    "     both. Where the slot's name is longer than len, an 'A' of v meets one of its bytes;\n"
    "     where it is shorter, one of its 'A's meets a byte of s. */\n"
    "  unsigned ne = _mm256_cmpneq_epi8_mask(v, vector((const unsigned char *)t->vslots + h));\n";

/* The compare of the direct layout's lower_avx512: no fold, and no 'A' in s. */
static const char template_vector_direct_lower[] =
    "  /* ne is 0 if and only if the slot holds a name of this length whose lowercase spelling\n"
    "     is s: v meets the slot's name and 'A's, and no byte of s is 'A'. No other uppercase\n"
    "     letter can meet a byte of a slot, which holds a name in lowercase and 'A's; so where\n"
    "     the slot's name is longer than len, an 'A' of v meets one of its bytes, and where it\n"
    "     is shorter, one of its 'A's meets a byte of s, which is not 'A'. */\n"
    "  unsigned ne = _mm256_cmpneq_epi8_mask(v, vector((const unsigned char *)t->vslots + h)) |\n"
    "                _mm256_mask_cmpeq_epi8_mask(k, v, vector(t->a));\n";

/* Writes the compare of the direct layout's vector lookup: 'A's stand in for the length. */
static void put_vector_direct(struct emitter *e, enum match m) {
  out(e, "  /* The vector slot at offset h (an offset, not a pointer, lets the reads add it to "
         "the\n     table's address as they load) */\n");
  put_slot(e, "hash", "s");
  out(e, "  /* The name's bytes, then 'A' in each byte past them: the masked load reads "
         "s[0..len)\n     and nothing else, however near the end of s is to unmapped memory. */\n"
         "  __mmask32 k = t->k[len];\n"
         "  __m256i v = _mm256_mask_loadu_epi8(vector(t->a), k, s);\n");
  if (m == MATCH_FOLD) {
    out(e, template_vector_fold, ". Then no byte of v is 'A' but those past len");
    put_template(e, template_vector_direct_fold);
  } else {
    put_template(e, template_vector_direct_lower);
  }
  out(e,
      "  int id = %s;\n"
      "  if (ne) /* a conditional move, not a branch */\n",
      slot_id(e));
}

/* Writes the compare of the indexed layout's vector lookup: the record's length and name. */
static void put_vector_indexed(struct emitter *e, enum match m) {
  put_slot(e, "hash", "s");
  out(e, "  /* The name's bytes, and 0 in each byte past them: the masked load reads s[0..len) "
         "and\n     nothing else, however near the end of s is to unmapped memory. */\n"
         "  __mmask32 k = t->k[len];\n"
         "  __m256i v = _mm256_maskz_loadu_epi8(k, s);\n");
  if (m == MATCH_FOLD)
    out(e, template_vector_fold, "");
  out(e, "  /* ne is 0 if and only if the record is of a name of this length whose len bytes "
         "match\n     v's: ");
  out(e, m == MATCH_FOLD ? "a letter either case, any other byte only itself (so '-' never "
                           "matches\n     CR, '@' never '`')."
                         : "byte for byte, its lowercase spelling, so that no uppercase letter\n"
                           "     matches.");
  out(e,
      " The vector reads 32 bytes of the pool; the compare looks at len. */\n"
      "  unsigned ne = _mm256_mask_cmpneq_epi8_mask(k, v, vector(r + %zu));\n"
      "  int id = %s;\n"
      "  if (ne | (r[0] ^ len)) /* a conditional move, not a branch */\n",
      e->l->head, slot_id(e));
}

/* Writes the vector lookup of one case rule: lookup_avx512 or lower_avx512. */
static void output_vector_lookup(struct emitter *e, enum match m) {
  const struct layout *l = e->l;
  const struct lookup_names *n = &lookups[m];
  char head[128]; /* clang-format breaks the line after the name at column 100 */
  int col = snprintf(head, sizeof head,
                     "__attribute__((target(\"avx512bw,avx512vl\"))) static int %s(", n->avx512);
  out(e, "\n/* The lookup of %s, for CPUs with AVX-512BW and AVX-512VL. */\n", n->portable);
  out(e, "%sconst char *name,%s%*ssize_t len) {\n", head, col + 31 <= 100 ? "" : "\n",
      col + 31 <= 100 ? 1 : col, "");
  out(e, "  const unsigned char *s = (const unsigned char *)name;\n"
         "  const struct table *t = &table;\n"
         "  __asm__(\"\" : \"+r\"(t)); /* one register holds the address of every table */\n");
  out(e, "  /* %zu to %zu bytes here, the rest in %s (a shorter length wraps around) */\n", l->min,
      l->vhi, n->portable);
  out(e, "  if (len - %zu > %zu)\n    return %s(name, len);\n", l->min, l->vhi - l->min,
      n->portable);
  if (direct(e))
    put_vector_direct(e, m);
  else
    put_vector_indexed(e, m);
  out(e, "    id = @P_UNKNOWN;\n"
         "  return id;\n"
         "}\n");
}

/* Writes both vector lookups, built where the guard says. */
static void output_vector_lookups(struct emitter *e) {
  put_template(e, template_vector_load);
  for (int m = 0; m < MATCHES; m++)
    output_vector_lookup(e, (enum match)m);
  out(e, "#endif\n");
}

/* Writes the resolver of one case rule's indirect function, and the function. */
static void put_resolver(struct emitter *e, enum match m) {
  const struct lookup_names *n = &lookups[m];
  char decl[96];
  int width =
      snprintf(decl, sizeof decl, "int %s_%s(const char *name, size_t len)", e->o->prefix, n->api);
  comment(e, "Picks the function of @p_%s for this CPU, once, when the program loads.", n->api);
  out(e,
      "__attribute__((used, no_sanitize_address)) static lookup_fn *%s(void) {\n"
      "  __builtin_cpu_init(); /* resolvers run before the constructor that would */\n"
      "  if (__builtin_cpu_supports(\"avx512bw\") && __builtin_cpu_supports(\"avx512vl\"))\n"
      "    return %s;\n"
      "  return %s;\n"
      "}\n",
      n->resolver, n->avx512, n->portable);
  /* on one line if it fits in clang-format's 100 columns */
  width += (int)strlen(" __attribute__((ifunc(\"\")));") + (int)strlen(n->resolver);
  out(e, "%s%s__attribute__((ifunc(\"%s\")));\n", decl, width <= 100 ? " " : "\n    ", n->resolver);
}

/* Writes the public lookups: indirect functions that pick a lookup for the CPU, or calls of
   the one lookup built. */
static void output_dispatch(struct emitter *e) {
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

/* === The source: UTF-16 and the accessors ==================================================== */

/* Writes @p_lookup16, which compares UTF-16 units with the name in lowercase. */
static void output_lookup16(struct emitter *e) {
  out(e,
      "\n"
      "int @p_lookup16(const uint16_t *name, size_t len) {\n"
      "  const struct table *t = &table;\n"
      "  if (len - %zu > %zu)\n"
      "    return @P_UNKNOWN;\n",
      e->l->min, e->l->max - e->l->min);
  put_slot(e, "hash16", "name");
  if (direct(e))
    out(e, "  const unsigned char *lower = t->pool + t->rest[i];\n");
  else
    out(e, "  const unsigned char *lower = r + %zu;\n", e->l->head);
  out(e,
      "  if (%s != len)\n"
      "    return @P_UNKNOWN;\n"
      "  for (size_t i = 0; i < len; i++) {\n"
      "    unsigned c = name[i], want = lower[i];\n"
      "    if (c != want && (want < 'a' || want > 'z' || c != want - 32))\n"
      "      return @P_UNKNOWN;\n"
      "  }\n"
      "  return %s;\n"
      "}\n",
      slot_len(e), slot_id(e));
}

/* The accessors of an id's names. */
static const char template_accessors[] =
    "\n"
    "/* Whether id is one of the table's. */\n"
    "static int known(int id) { return id >= 0 && id < (int)(sizeof names / sizeof names[0]); }\n"
    "\n"
    "const char *@p_name(int id, size_t *len) {\n"
    "  if (len != NULL)\n"
    "    *len = known(id) ? names[id].len : 0;\n"
    "  return known(id) ? (const char *)table.pool + names[id].spell : NULL;\n"
    "}\n"
    "\n"
    "const char *@p_lower(int id, size_t *len) {\n"
    "  if (len != NULL)\n"
    "    *len = known(id) ? names[id].len : 0;\n"
    "  return known(id) ? (const char *)table.pool + names[id].lower : NULL;\n"
    "}\n"
    "\n"
    "unsigned long @p_flags(int id) {";

/* Writes the accessors: @p_name, @p_lower, @p_flags and @p_attr. */
static void output_accessors(struct emitter *e) {
  put_template(e, template_accessors);
  if (e->l->flag_bytes && strlen(e->o->prefix) + 71 <= 100) /* on one line if it fits */
    out(e, " return known(id) ? names[id].flags : 0; }\n");
  else if (e->l->flag_bytes)
    out(e, "\n  return known(id) ? names[id].flags : 0;\n}\n");
  else
    out(e, "\n  (void)id; /* the list has no flags */\n  return 0;\n}\n");
  out(e, "\nlong @p_attr(int id, int key) {\n");
  if (e->list->nkeys > 0)
    out(e, "  if (!known(id) || key < 0 || key >= (int)(sizeof attrs[0] / sizeof attrs[0][0]))\n"
           "    return -1;\n"
           "  return attrs[id][key];\n"
           "}\n");
  else
    out(e, "  (void)id, (void)key; /* the list has no numbered attributes */\n"
           "  return -1;\n"
           "}\n");
}

/* === The drivers ============================================================================= */

/* Starts an emitter of f. */
static void start(struct emitter *e, FILE *f, const struct names *list, const struct hashfn *h,
                  const struct layout *l, const struct emit_options *o, struct diag *d) {
  size_t i;
  memset(e, 0, sizeof *e);
  e->f = f, e->list = list, e->h = h, e->l = l, e->o = o, e->d = d;
  for (i = 0; o->prefix[i] && i < MAX_PREFIX; i++)
    e->upper[i] = o->prefix[i] >= 'a' && o->prefix[i] <= 'z' ? o->prefix[i] - 32 : o->prefix[i];
}

/* The first write error, of the emitter or of the file; or -1 for a number outside its field
   (see checked), with the message in e->d. */
static int finish(struct emitter *e) {
  if (fflush(e->f) != 0 || ferror(e->f))
    failed(e, errno);
  return e->internal ? -1 : e->error;
}

int emit_header(FILE *f, const struct names *list, const struct emit_options *o, struct diag *d) {
  struct emitter e;
  start(&e, f, list, NULL, NULL, o, d);
  output_banner(&e);
  output_header_top(&e);
  output_macros(&e);
  output_ids(&e);
  output_declarations(&e);
  return finish(&e);
}

int emit_source(FILE *f, const struct names *list, const struct hashfn *h, const struct layout *l,
                const struct emit_options *o, struct diag *d) {
  struct emitter e;
  start(&e, f, list, h, l, o, d);
  output_banner(&e);
  comment(&e, "@p.c: lookups and names for the ids of @p.h; a perfect hash table.");
  output_description(&e);
  output_includes(&e);
  if (l->path.vector)
    output_vector_guard(&e);
  output_tables(&e);
  output_hash(&e);
  output_helpers(&e);
  for (int m = 0; m < MATCHES && l->path.rare; m++) /* each path for each case rule */
    output_rare(&e, (enum match)m);
  for (int m = 0; m < MATCHES && l->path.common; m++)
    output_portable(&e, (enum match)m);
  if (l->path.vector) {
    output_vector_lookups(&e);
    output_dispatch(&e);
  }
  output_lookup16(&e);
  output_accessors(&e);
  return finish(&e);
}
