/* render.c: the render layer (see render.h): the plan's items in a target's syntax. */
#include "render.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

void render_string(struct emitter *e, const struct string_syntax *s, const unsigned char *b,
                   size_t n, size_t size) {
  size_t col = s->start_col;
  out(e, "%s", s->open);
  for (size_t i = 0; i < size; i++) {
    char x[8];
    unsigned c = i < n ? b[i] : 0;
    if ((c > ' ' || (c == ' ' && s->space)) && c < 0x7F && c != '"' && c != '\\' &&
        (s->escape == NULL || strchr(s->escape, (int)c) == NULL))
      x[0] = (char)c, x[1] = 0;
    else
      snprintf(x, sizeof x, s->hex, c);
    if (col + strlen(x) > s->column)
      out(e, "%s", s->cont), col = s->cont_col;
    out(e, "%s", x);
    col += strlen(x);
  }
  out(e, "%s", s->close);
}

const struct vars no_vars;

/* Writes text[0..n) as fixed text, its markers expanded. */
static void put_run(struct emitter *e, const char *text, size_t n) {
  char *run = malloc(n + 1);
  if (run == NULL)
    return emit_failed(e, ENOMEM);
  memcpy(run, text, n), run[n] = '\0';
  put_template(e, run);
  free(run);
}

void render_fill(struct emitter *e, const char *text, const struct vars *v) {
  const char *s = text;
  while (*s) {
    size_t n = strcspn(s, "$");
    if (n > 0)
      put_run(e, s, n);
    s += n;
    if (*s == '\0')
      break;
    char x = s[1];
    s += x ? 2 : 1;
    if (x == '$')
      out(e, "$");
    else if (x == 'B' && v->as != NULL)
      render_string(e, v->as, v->bytes, v->n, v->size);
    else if (x == 'R' && v->as != NULL && v->more != NULL)
      render_string(e, v->as, v->more, v->nmore, v->nmore);
    else if (x == 'D' && v->doc != NULL)
      render_doc(e, e->syntax->doc, v->doc);
    else if (x >= 'a' && x <= 'z' && v->v[x - 'a'] != NULL)
      out(e, "%s", v->v[x - 'a']);
    else
      emit_internal(e, "the syntax's '$%c' has no value here", x);
  }
}

void render_doc(struct emitter *e, const char *opener, const char *text) {
  char cont[16];
  snprintf(cont, sizeof cont, "\n%s", opener);
  out(e, "%s", opener);
  wrap(e, text, strlen(opener), cont);
}

/* The next of 16 buffers of a number's text, which later calls reuse. */
static char *ring(void) {
  static char buf[16][32];
  static int next;
  return buf[next++ % 16];
}

const char *render_num(long long v) {
  char *buf = ring();
  snprintf(buf, 24, "%lld", v);
  return buf;
}

const char *render_hex(const struct emitter *e, unsigned long long v, int digits) {
  char *buf = ring(), plain[24];
  size_t n = (size_t)snprintf(plain, sizeof plain, "%0*llx", digits, v), at = 2;
  size_t group = (size_t)e->syntax->hex_group;
  const char *sep = e->syntax->hex_sep != NULL ? e->syntax->hex_sep : "_";
  memcpy(buf, "0x", 2);
  for (size_t k = 0; k < n; k++) {
    if (group > 0 && k > 0 && (n - k) % group == 0)
      at += (size_t)sprintf(buf + at, "%s", sep);
    buf[at++] = plain[k];
  }
  buf[at] = '\0';
  return buf;
}

char *render_text(struct emitter *e, const char *text, const struct vars *v) {
  char *buf = NULL;
  size_t size = 0;
  FILE *f = open_memstream(&buf, &size), *was = e->f;
  int blank = e->blank; /* owed to the file, not to the text */
  if (f == NULL)
    return emit_failed(e, ENOMEM), NULL;
  e->f = f, e->blank = 0;
  render_fill(e, text, v);
  e->f = was, e->blank = blank;
  if (fclose(f) != 0)
    return emit_failed(e, ENOMEM), free(buf), NULL;
  return buf;
}

/* The description's second paragraph: how the hash finds a slot, in text[0..size). */
static void how(const struct layout *l, char *text, size_t size) {
  if (l->word)
    snprintf(text, size,
             "%zu names of %zu to %zu bytes in %zu slots. The hash (hhn-gen's word hash) "
             "multiplies %s, the name's %s 4 bytes and its last 4 (for a name under 4 bytes, "
             "its first, middle and last byte), by a number chosen for its length%s, and takes "
             "the top bits: one of that length's slots. A lookup rejects a length out of range, "
             "takes the slot of the hash, which holds the first and last 8 bytes of a name and "
             "their mask, and compares the name's pieces with them at once.",
             l->n, l->min, l->max, l->slots, l->key_narrow ? "each half of a key" : "a key",
             l->key_middle ? "middle" : "first", l->key_narrow ? ", adds the two in 32 bits" : "");
  else
    snprintf(text, size,
             "%zu names of %zu to %zu bytes in %zu slots. The hash is a sum of values of the "
             "length and of bytes of the name%s; a lookup rejects a length out of range, takes "
             "the slot of the hash and compares the length and the bytes of its name.",
             l->n, l->min, l->max, l->slots,
             l->displaced ? " (hhn-gen's own), plus a displacement a bucket" : "");
}

void render_banner(struct emitter *e) {
  struct vars v = no_vars;
  RENDER_VAR(&v, 's', e->o->source);
  render_fill(e, e->syntax->banner, &v);
  wrap(e, e->o->command, e->syntax->banner_col, e->syntax->command);
  render_fill(e, e->syntax->top_end, &v);
}

void render_top(struct emitter *e) {
  const struct syntax *x = e->syntax;
  struct vars v = no_vars;
  char text[1024], *about;
  RENDER_VAR(&v, 's', e->o->source), RENDER_VAR(&v, 'p', e->o->prefix);
  render_banner(e);
  if ((about = render_text(e, x->about, &v)) != NULL)
    render_doc(e, x->comment, about), out(e, "\n%s\n", x->comment);
  free(about);
  how(e->l, text, sizeof text);
  render_doc(e, x->comment, text);
  out(e, "\n");
  render_fill(e, x->after_about, &v);
}

/* text as a Markdown code span, in a buffer the next call reuses: between runs of one backtick
   more than its longest, and a space inside each where it begins or ends with one (a`b: ``a`b``).
 */
static const char *code_span(const char *text) {
  static char buf[3 * NAMES_MAX_LENGTH + 8];
  size_t longest = 0, run = 0, n = 0, len = strlen(text);
  for (const char *s = text; *s; s++)
    run = *s == '`' ? run + 1 : 0, longest = run > longest ? run : longest;
  int pad = len > 0 && (text[0] == '`' || text[len - 1] == '`');
  for (size_t k = 0; k <= longest; k++)
    buf[n++] = '`';
  n += (size_t)sprintf(buf + n, "%s%s%s", pad ? " " : "", text, pad ? " " : "");
  for (size_t k = 0; k <= longest; k++)
    buf[n++] = '`';
  buf[n] = '\0';
  return buf;
}

const char *render_word(const struct names *list, size_t i) {
  return list->v[i].word != NULL ? list->v[i].word : list->v[i].ident;
}

void render_name_vars(const struct emitter *e, size_t i, struct vars *v) {
  static char lower[NAMES_MAX_LENGTH + 1], canonical[NAMES_MAX_LENGTH + 1],
      attrs[NAMES_MAX_KEYS * 24];
  const struct name *nm = &e->list->v[i];
  size_t k = 0, used = 0;
  int token = 1;
  for (; k < nm->len; k++) {
    unsigned char c = (unsigned char)nm->text[k];
    lower[k] = (char)ascii_lower(c), token &= ascii_is_tchar(c);
    canonical[k] = (char)(k == 0 || nm->text[k - 1] == '-' ? ascii_upper(c) : ascii_lower(c));
  }
  lower[k] = '\0', attrs[0] = '\0', canonical[token ? k : 0] = '\0';
  for (int a = 0; a < e->list->nkeys; a++)
    used +=
        (size_t)snprintf(attrs + used, sizeof attrs - used, "%s%ld", a ? ", " : "", nm->attr[a]);
  RENDER_VAR(v, 's', nm->text), RENDER_VAR(v, 'l', lower);
  RENDER_VAR(v, 'w', render_word(e->list, i)), RENDER_VAR(v, 'e', nm->ident);
  RENDER_VAR(v, 'f', render_num((long long)nm->flags)), RENDER_VAR(v, 'a', attrs);
  RENDER_VAR(v, 'i', render_num(nm->id)), RENDER_VAR(v, 'm', canonical);
  RENDER_VAR(v, 'k', code_span(nm->text)), RENDER_VAR(v, 'n', render_num((long long)nm->len));
}
