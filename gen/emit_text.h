/* emit_text.h: what the emitter's files share: the writer of one output file and the text
   helpers every section writes with (emit_text.c). The sections are in emit_header.c (the
   header), emit_tables.c (the description and the tables), emit_lookups.c (the hash and the
   portable lookups), emit_vector.c (the AVX-512 lookups and how one is picked) and
   emit_classify.c (the check of a name's bytes, and the classifications), each an
   output_* function per artifact, called in order by the drivers in emit.c. */
#ifndef HHN_GEN_EMIT_TEXT_H
#define HHN_GEN_EMIT_TEXT_H

#include <stdint.h>
#include <stdio.h>

#include "diag.h"
#include "emit.h"
#include "hashfn.h"
#include "layout.h"
#include "names.h"

#define EMIT_COLUMN 100    /* clang-format's column limit (.clang-format): no line passes it */
#define EMIT_PREFIX_MAX 32 /* hhn-gen takes no longer prefix */

/* One file being written: what it is of, and the first error. */
struct emitter {
  FILE *f;
  const struct names *list;
  const struct hashfn *h;
  const struct layout *l;
  const struct emit_options *o;
  char upper[EMIT_PREFIX_MAX + 1];    /* the prefix in uppercase */
  char unused[EMIT_PREFIX_MAX + 16];  /* @d in one file: "P_UNUSED static " */
  char nothrow[EMIT_PREFIX_MAX + 16]; /* @n in the header: " P_nothrow" */
  int error;                          /* the errno of the first failed write, or 0 */
  struct diag *d;                     /* where a number outside its field is reported */
  int internal;                       /* a number was outside its field: the generator's bug */
};

/* Notes the first failure of a write (errno err, or EIO). */
void emit_failed(struct emitter *e, int err);

/* The one way to write output: fmt, printf-style, with "@p" in fmt (never in the values it
   formats) the prefix and "@P" the prefix in uppercase; "@s" and "@d" before a public
   function's definition and declaration make it static in one file (--static); "@~" before an
   identifier of the table's own (own.h) spells it as the file does: with the prefix in one
   file, so that it meets no name of the file that includes it. */
void out(struct emitter *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* text with its markers expanded, as out writes them ("@p", "@~name"), for a value that out is
   given by a "%s": the spelling of an identifier of the table's own, say, which one file
   prefixes. In one of 8 buffers of 1,024 bytes that later calls reuse; a longer text fails the
   output (EOVERFLOW), never truncated. */
const char *spelled(struct emitter *e, const char *text);

/* The UTF-16 vector lookup's page test, as its text after the length's (emit_vector.c). */
extern const char vector_page_test[];
/* The vector lookups' test of a length that a chain keeps from them (emit_vector.c). */
extern const char vector_chained_test[];

/* Writes text that never varies (a template), with "@p" and "@P" expanded. */
void put_template(struct emitter *e, const char *text);

/* Writes the first of two ways to write the same code, one_line, if no line of it passes
   EMIT_COLUMN once "@p" and "@P" are expanded, else the second, broken: the one place that
   fits code to the column, as clang-format would. */
void fit(struct emitter *e, const char *one_line, const char *broken);

/* The same of n ways (n >= 1): writes the first that fits, else the last. */
void fit_first(struct emitter *e, const char *const ways[], int n);

/* A function's signature as clang-format lays it out: head (up to and with its "("), the n
   parameters, then tail (") {\n"); on one line if it fits, else the parameters filling lines
   under the first. "@p" and "@P" are expanded. Malloc'd, or NULL (an emitter failure). */
char *signature(struct emitter *e, const char *head, const char *const params[], int n,
                const char *tail);

/* Writes the blank-separated words of text, each after a blank, from column col; before a word
   that would pass the column of a comment's text (EMIT_COLUMN less room for its closer), writes
   cont and goes on at column strlen(cont) - 1. No word can end or open a comment. */
void wrap(struct emitter *e, const char *text, size_t col, const char *cont);

/* Writes a comment, printf-style, its words wrapped (see wrap): on the opener's line, each
   further line indented under it. */
void comment(struct emitter *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The same, indented as a member of a struct or a statement of a function is (two blanks). */
void inner_comment(struct emitter *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Writes text as a block comment: its words wrapped on lines of their own, each starting with
   a star, between the opener and the closer. */
void block_comment(struct emitter *e, const char *text);

/* Writes a list word (a flag or a key) as an identifier (see names_ident_char). */
void put_ident(struct emitter *e, const char *word);

/* Writes b[0..n) as items of an initializer, each followed by a comma, in rows of up to 16
   after the first `col` items of the row: printable ASCII as a character constant, any other
   byte as a number. Returns the items in the last row. */
int put_bytes(struct emitter *e, const unsigned char *b, size_t n, int col);

/* Returns v, a number of field f, having noted an internal failure if f cannot hold it: the
   plan's types are checked before a byte is written (layout_check), and every number the
   output writes is checked against them here. */
long long checked(struct emitter *e, const struct field *f, long long v);

/* Writes the values v[0..n) times `times`, numbers of field f, each followed by a comma, in
   rows of 16 (or 8 for numbers of over 3 digits) that each begin with indent. */
void put_numbers(struct emitter *e, const struct field *f, const uint32_t *v, size_t n,
                 size_t times, const char *indent);

/* The sections, in the order the drivers call them (see each for what it writes). */
void output_banner(struct emitter *e);
void output_header_top(struct emitter *e);
void output_macros(struct emitter *e);
void output_ids(struct emitter *e);
void output_declarations(struct emitter *e);
void output_description(struct emitter *e);
void output_map(struct emitter *e);
void output_includes(struct emitter *e);
void output_vector_guard(struct emitter *e);
void output_tables(struct emitter *e);
void output_hash(struct emitter *e);
void output_helpers(struct emitter *e);
void output_rares(struct emitter *e);
void output_pieces(struct emitter *e);
void output_portables(struct emitter *e);
void output_vector_lookups(struct emitter *e);
void output_dispatch(struct emitter *e);
void output_portable16(struct emitter *e);
void output_lookup16(struct emitter *e);
void output_classify(struct emitter *e);
void output_accessors(struct emitter *e);
void output_test_top(struct emitter *e);
void output_test_data(struct emitter *e);
void output_cxx(struct emitter *e);
void output_undefs(struct emitter *e);

/* The two case rules, each with lookups of its own over the same table. */
enum match {
  MATCH_FOLD,  /* @p_lookup: a letter matches in either case, through the mask */
  MATCH_LOWER, /* @p_lookup_lower: only the lowercase spelling matches; no mask */
};
#define MATCHES (MATCH_LOWER + 1)

/* The names of one case rule's functions in the output. */
struct lookup_names {
  const char *api;      /* the public function, after "@p_" */
  const char *rare;     /* names under 4 bytes, beside the common path */
  const char *portable; /* the common path, beside the vector lookup */
  const char *avx512;   /* the vector lookup */
  const char *avx2;     /* the AVX2 lookup, of bytes (NULL: none) */
  const char *resolver; /* what picks the lookup for the CPU */
};
extern const struct lookup_names lookups[MATCHES];
extern const struct lookup_names lookups16[MATCHES];    /* of UTF-16 units; rare: units16 */
extern const struct lookup_names classifies[MATCHES];   /* the classifications (no rare) */
extern const struct lookup_names classifies16[MATCHES]; /* and of UTF-16 units */

/* Writes the public lookups of names, whose name parameter is unit (see emit_vector.c). */
void put_dispatch(struct emitter *e, const struct lookup_names *names, const char *fn, int declare,
                  const char *unit);

/* Writes the function of one case rule, head unit, size_t len), that calls the body of both,
   fn(arg, len, fold) (see emit_lookups.c). */
void put_rule(struct emitter *e, const char *head, const char *unit, const char *fn,
              const char *arg, enum match m);

/* Writes the declarations of what put_find_slot's lines assign, to open a function with. */
void put_find_decls(struct emitter *e);

/* Writes the lines that find the slot of s's hash (with hash_fn): the slot's offset h, and in
   a direct layout the index i of its length, id and offset, in an indexed one its record r. */
void put_find_slot(struct emitter *e, const char *hash_fn, const char *s);

/* The length and the id of the slot found (see put_find_slot), as C. */
const char *found_len(const struct emitter *e);
const char *found_id(const struct emitter *e);

/* Writes the end of a lookup once d is known, where s is the input: the id if d is 0, else
   P_UNKNOWN, or, where names are chained, the lookup of the chain (of units, if wide). */
void put_verdict(struct emitter *e, const char *s, int wide);

#endif
