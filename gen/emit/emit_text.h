/* emit_text.h: the writer of one output file (struct emitter) and the text helpers every
   target writes with (emit_text.c); the render layer's items are declared in render.h, C's
   sections in gen/emit/c/emit_sections.h. */
#ifndef HHN_GEN_EMIT_TEXT_H
#define HHN_GEN_EMIT_TEXT_H

#include <stdint.h>
#include <stdio.h>

#include "diag.h"
#include "emit_options.h"
#include "plan.h"

#define EMIT_COLUMN 100    /* clang-format's column limit (.clang-format): no line passes it */
#define EMIT_PREFIX_MAX 32 /* hhn-gen takes no longer prefix */

/* What an identifier of a file's own is ("@~name", out), which says how one file spells it. */
enum table_ident_kind {
  TABLE_IDENT_NAME,     /* a function, object, type or tag: P_name in one file */
  TABLE_IDENT_MACRO,    /* a macro: P_NAME in one file, undefined at its end */
  TABLE_IDENT_CONSTANT, /* an enum constant: P_NAME in one file */
};

struct table_ident {
  const char *name;
  enum table_ident_kind kind;
};

/* The identifiers of a file's own, which its target gives the emitter (C's: table_idents.h). */
struct table_ident_list {
  const struct table_ident *v;
  size_t n;
};

/* One file being written: what it is of, and the first error. */
struct emitter {
  FILE *f;
  const struct plan *p;           /* what it renders; and its parts: */
  const struct names *list;       /* the list */
  const struct layout *l;         /* the table's plan */
  const struct fields *fields;    /* the static table, or NULL */
  const struct fieldmatch *match; /* its match's plan */
  const struct emit_options *o;
  char upper[EMIT_PREFIX_MAX + 1];    /* the prefix in uppercase */
  char unused[EMIT_PREFIX_MAX + 16];  /* @d in one file: "P_UNUSED static " */
  char nothrow[EMIT_PREFIX_MAX + 16]; /* @n in the header: " P_nothrow" */
  int error;                          /* the errno of the first failed write, or 0 */
  struct diag *d;                     /* where a number outside its field is reported */
  int internal;                       /* a number was outside its field: the generator's bug */
  const struct syntax *syntax;        /* the target's syntax, for the render layer (render.h) */
  int blank; /* a blank line is owed before the next text: an item ended (render.h) */
  const struct table_ident_list *own; /* what "@~" spells; NULL: none (a target of no one file) */
};

/* Starts e, an emitter of p's file f, as o asks, numbers outside their fields reported to d. */
void emit_start(struct emitter *e, FILE *f, const struct plan *p, const struct emit_options *o,
                struct diag *d);

/* Ends e: the first write error, of the emitter or of the file; or -1 for a number outside its
   field (see checked), with the message in e->d. */
int emit_finish(struct emitter *e);

/* Notes the first failure of a write (errno err, or EIO). */
void emit_failed(struct emitter *e, int err);

/* Notes the generator's own bug, printf-style: the output fails (emit_finish returns -1). */
void emit_internal(struct emitter *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The one way to write output: fmt, printf-style, with "@p" in fmt (never in the values it
   formats) the prefix and "@P" the prefix in uppercase; "@s" and "@d" before a public
   function's definition and declaration make it static in one file (--static); "@~" before an
   identifier of the file's own (e->own) spells it as the file does: with the prefix in one
   file, so that it meets no name of the file that includes it. */
void out(struct emitter *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* text with its markers expanded, as out writes them ("@p", "@~name"), for a value that out is
   given by a "%s": the spelling of an identifier of the table's own, say, which one file
   prefixes. In one of 8 buffers of 1,024 bytes that later calls reuse; a longer text fails the
   output (EOVERFLOW), never truncated. */
const char *spelled(struct emitter *e, const char *text);

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

/* Writes s[0..n) as a C string literal: printable ASCII as it is, but '"', '\\' and '?' (no
   trigraph), and any other byte in octal. */
void put_string(struct emitter *e, const char *s, size_t n);

/* Writes a list word (a flag or a key) as an identifier (see ascii_ident_char). */
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

#endif
