/* emit_text.c: the writer of a generated file and the text helpers of its sections (see
   emit_text.h). */
#include "emit_text.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define WRAP_COLUMN                                                                                \
  (EMIT_COLUMN - 4) /* a comment's words end here, leaving room for its closer                     \
                     */

void emit_failed(struct emitter *e, int err) {
  if (e->error == 0)
    e->error = err ? err : EIO;
}

void emit_internal(struct emitter *e, const char *fmt, ...) {
  char text[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(text, sizeof text, fmt, ap);
  va_end(ap);
  if (!e->internal)
    diag_set(e->d, "hhn-gen: error: internal: %s; please report it", text);
  e->internal = 1;
}

/* Writes the blank line that an item owes, if it does. */
static void owed(struct emitter *e) {
  if (e->blank && fputc('\n', e->f) == EOF)
    emit_failed(e, errno);
  e->blank = 0;
}

/* What "@x" stands for in the output's text: @p the prefix, @P the prefix in uppercase, and
   before a public function's definition @s (static in one file) or its declaration @d (the
   same, and unused if the file's user calls it not), and after the declaration @n (" P_nothrow",
   in the header); NULL for any other x. */
static const char *marker(const struct emitter *e, char x) {
  switch (x) {
  case 'p':
    return e->o->prefix;
  case 'P':
    return e->upper;
  case 's':
    return e->o->static_file ? "static " : "";
  case 'd':
    return e->o->static_file ? e->unused : "";
  case 'n':
    return e->o->static_file ? "" : e->nothrow;
  default:
    return NULL;
  }
}

/* Writes into x (at *used) the identifier of the table's own at word[0..n) as the file spells
   it: with the prefix and an underscore in one file (in uppercase for a macro or a constant),
   as it is in two. A word that is none of them is the generator's bug: noted, and written. */
static void put_own(const struct emitter *e, char *x, size_t *used, const char *word, size_t n) {
  const struct table_ident *o = NULL;
  for (size_t i = 0; e->own != NULL && o == NULL && i < e->own->n; i++)
    if (strlen(e->own->v[i].name) == n && memcmp(e->own->v[i].name, word, n) == 0)
      o = &e->own->v[i];
  if (o == NULL) {
    diag_set(e->d, "hhn-gen: error: internal: '%.*s' is no name of the table's own", (int)n, word);
    ((struct emitter *)e)->internal = 1;
  } else if (e->o->static_file) {
    const char *p = o->kind == TABLE_IDENT_NAME ? e->o->prefix : e->upper;
    *used += (size_t)sprintf(x + *used, "%s_", p);
  }
  memcpy(x + *used, word, n);
  *used += n;
}

/* fmt with each marker (see marker) replaced, and each "@~" before an identifier of the
   file's own (e->own) spelled as the file spells it (put_own); malloc'd, or NULL. */
static char *expand(const struct emitter *e, const char *fmt) {
  size_t n = strlen(fmt) + 1, used = 0;
  for (const char *s = fmt; (s = strchr(s, '@')) != NULL; s++)
    n += 2 * EMIT_PREFIX_MAX + 16;
  char *x = malloc(n);
  for (const char *s = fmt; x != NULL && *s; s++)
    if (s[0] == '@' && s[1] == '~') {
      size_t w = strspn(s + 2, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
      put_own(e, x, &used, s + 2, w);
      s += 1 + w;
    } else if (s[0] == '@' && marker(e, s[1]) != NULL) {
      const char *with = marker(e, *++s);
      memcpy(x + used, with, strlen(with));
      used += strlen(with);
    } else {
      x[used++] = *s;
    }
  if (x != NULL)
    x[used] = '\0';
  return x;
}

const char *spelled(struct emitter *e, const char *text) {
  static char ring[8][1024];
  static int next;
  char *x = expand(e, text), *buf = ring[next++ % 8];
  if (x == NULL) {
    emit_failed(e, ENOMEM);
    return text;
  }
  if ((size_t)snprintf(buf, sizeof ring[0], "%s", x) >= sizeof ring[0])
    emit_failed(e, EOVERFLOW); /* a text too long to hold whole: fail, never truncate it */
  free(x);
  return buf;
}

void out(struct emitter *e, const char *fmt, ...) {
  char *x = strchr(fmt, '@') ? expand(e, fmt) : NULL;
  va_list ap;
  va_start(ap, fmt);
  owed(e);
  if (x == NULL && strchr(fmt, '@'))
    emit_failed(e, ENOMEM);
  else if (vfprintf(e->f, x ? x : fmt, ap) < 0)
    emit_failed(e, errno);
  va_end(ap);
  free(x);
}

void put_template(struct emitter *e, const char *text) {
  char *x = expand(e, text);
  owed(e);
  if (x == NULL)
    emit_failed(e, ENOMEM);
  else if (fputs(x, e->f) == EOF)
    emit_failed(e, errno);
  free(x);
}

/* Whether no line of text passes EMIT_COLUMN once its markers are expanded (1 on a failure,
   which the emitter notes). */
static int fits(struct emitter *e, const char *text) {
  char *x = expand(e, text);
  size_t longest = 0;
  for (const char *s = x; s != NULL && *s;) {
    size_t n = strcspn(s, "\n");
    longest = n > longest ? n : longest;
    s += n + (s[n] == '\n');
  }
  if (x == NULL)
    emit_failed(e, ENOMEM);
  free(x);
  return longest <= EMIT_COLUMN;
}

void fit(struct emitter *e, const char *one_line, const char *broken) {
  put_template(e, fits(e, one_line) ? one_line : broken);
}

void fit_first(struct emitter *e, const char *const ways[], int n) {
  int i = 0;
  while (i + 1 < n && !fits(e, ways[i]))
    i++;
  put_template(e, ways[i]);
}

/* How many lines the n parameters take when each line of them starts at column col, the last
   followed by end more columns. */
static int lines_under(size_t col, const char *const params[], int n, size_t end) {
  int lines = 1;
  size_t at = col;
  for (int i = 0; i < n; i++) {
    size_t len = strlen(params[i]), after = i + 1 < n ? 1 : end;
    if (i > 0 && at + 2 + len + after > EMIT_COLUMN)
      lines++, at = col;
    else if (i > 0)
      at += 2;
    at += len;
  }
  return lines;
}

char *signature(struct emitter *e, const char *head, const char *const params[], int n,
                const char *tail) {
  char *h = expand(e, head), *text = NULL;
  size_t size = 0, col = h ? strlen(h) : 0, end = strcspn(tail, "\n");
  FILE *f = h ? open_memstream(&text, &size) : NULL;
  if (f != NULL) {
    size_t name = col > 0 ? col - 1 : 0; /* where the function's name begins, before its "(" */
    while (name > 0 && (isalnum((unsigned char)h[name - 1]) || h[name - 1] == '_'))
      name--;
    if (n > 0 && name > 0 &&
        (col + strlen(params[0]) + (n > 1 ? 1 : end) > EMIT_COLUMN ||
         lines_under(col, params, n, end) > 2)) {
      /* not even the first parameter fits, or the parameters would take over two lines under
         it: the name on a line of its own, after the type, as clang-format prefers */
      size_t type = name;
      while (type > 0 && h[type - 1] == ' ')
        type--;
      fprintf(f, "%.*s\n", (int)type, h);
      col -= name;
    }
    fputs(h + (size_t)(strlen(h) - col), f);
    size_t at = col; /* the column after what is written */
    for (int i = 0; i < n; i++) {
      size_t len = strlen(params[i]), after = i + 1 < n ? 1 : end; /* a comma, or the tail */
      if (i > 0 && at + 2 + len + after > EMIT_COLUMN)
        fprintf(f, ",\n%*s", (int)col, ""), at = col; /* under the first parameter */
      else if (i > 0)
        fputs(", ", f), at += 2;
      fputs(params[i], f);
      at += len;
    }
    fputs(tail, f);
    fclose(f);
  }
  free(h);
  if (text == NULL)
    emit_failed(e, ENOMEM);
  return text;
}

void wrap(struct emitter *e, const char *text, size_t col, const char *cont) {
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
        word[used++] = '\\'; /* "*" + "/" and "/" + "*" would end or open the comment */
    }
    if (col + 1 + used > WRAP_COLUMN) {
      out(e, "%s", cont);
      col = strlen(cont) - 1;
    }
    out(e, " %.*s", (int)used, word);
    col += 1 + used;
  }
}

/* Writes a comment after indent (blanks), its words wrapped, each further line under the
   first word. */
static void vcomment(struct emitter *e, const char *indent, const char *fmt, va_list ap) {
  char *x = expand(e, fmt), *text = x ? diag_vformat(x, ap) : NULL, cont[64];
  free(x);
  if (text == NULL)
    return emit_failed(e, ENOMEM);
  snprintf(cont, sizeof cont, "\n%s  ", indent);
  out(e, "%s/*", indent);
  wrap(e, text, strlen(indent) + 2, cont);
  out(e, " */\n");
  free(text);
}

void comment(struct emitter *e, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vcomment(e, "", fmt, ap);
  va_end(ap);
}

void inner_comment(struct emitter *e, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vcomment(e, "  ", fmt, ap);
  va_end(ap);
}

void block_comment(struct emitter *e, const char *text) {
  out(e, "/*\n *");
  wrap(e, text, 2, "\n *");
  out(e, "\n */\n");
}

void put_ident(struct emitter *e, const char *word) {
  for (; *word; word++)
    out(e, "%c", ascii_ident_char(*word));
}

int put_bytes(struct emitter *e, const unsigned char *b, size_t n, int col) {
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

long long checked(struct emitter *e, const struct field *f, long long v) {
  if (e->internal || (f->what != NULL && v >= f->min && v <= f->max))
    return v;
  e->internal = 1;
  diag_set(e->d, "hhn-gen: error: internal: %lld is outside %s (%lld to %lld); please report it", v,
           f->what ? f->what : "a field the plan left out", f->min, f->max);
  return v;
}

void put_numbers(struct emitter *e, const struct field *f, const uint32_t *v, size_t n,
                 size_t times, const char *indent) {
  unsigned long top = 0;
  for (size_t i = 0; i < n; i++)
    top = (unsigned long)v[i] * times > top ? (unsigned long)v[i] * times : top;
  int width = snprintf(NULL, 0, "%lu", top);
  for (size_t i = 0; i < n; i++)
    out(e, "%s%*lld,", i % (width > 3 ? 8 : 16) ? " " : indent, width,
        checked(e, f, (long long)v[i] * (long long)times));
}

void put_string(struct emitter *e, const char *s, size_t n) {
  out(e, "\"");
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c == '"' || c == '\\' || c == '?' || c < 0x20 || c > 0x7E)
      out(e, "\\%03o", c);
    else
      out(e, "%c", c);
  }
  out(e, "\"");
}

void emit_start(struct emitter *e, FILE *f, const struct plan *p, const struct emit_options *o,
                struct diag *d) {
  memset(e, 0, sizeof *e);
  e->f = f, e->p = p, e->o = o, e->d = d;
  e->list = p->list, e->l = &p->table, e->fields = p->fields, e->match = &p->match;
  for (size_t i = 0; o->prefix[i] && i < EMIT_PREFIX_MAX; i++)
    e->upper[i] = (char)ascii_upper(o->prefix[i]);
  snprintf(e->unused, sizeof e->unused, "%s_UNUSED static ", e->upper);
  snprintf(e->nothrow, sizeof e->nothrow, " %s_nothrow", e->upper);
}

int emit_finish(struct emitter *e) {
  if (fflush(e->f) != 0 || ferror(e->f))
    emit_failed(e, errno);
  return e->internal ? -1 : e->error;
}
