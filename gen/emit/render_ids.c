/* render_ids.c: the render layer's ids (see render.h): the ids and their constants, the list's
   words, and the arrays by id, in a target's syntax. */
#include "render.h"

#include <string.h>

#include "words.h"

long render_name_with_id(const struct names *list, long id) {
  if ((size_t)id < list->n && list->v[id].id == id)
    return id;
  for (size_t i = 0; i < list->n; i++)
    if (list->v[i].id == id)
      return (long)i;
  return -1;
}

void render_by_id(struct emitter *e, enum by_id b) {
  const struct by_id_syntax *bs = &e->syntax->by_id[b];
  struct vars v = no_vars;
  v.doc = bs->doc;
  RENDER_VAR(&v, 'k', render_num(e->list->nkeys));
  render_fill(e, bs->open, &v);
  for (long id = 0; id < e->list->id_limit; id++) {
    long i = render_name_with_id(e->list, id);
    v = no_vars;
    if (i >= 0)
      render_name_vars(e, (size_t)i, &v);
    render_fill(e, i >= 0 ? bs->item : bs->none, &v);
  }
  render_fill(e, bs->close, &v);
  e->blank = 1;
}

void render_id_list(struct emitter *e) {
  const struct syntax *x = e->syntax;
  const struct names *list = e->list;
  struct vars v = no_vars;
  size_t width = 0;
  int plain = 0;
  char padded[WORDS_MAX];
  for (size_t i = 0; i < list->n; i++) {
    plain |= list->v[i].plain;
    width = strlen(render_word(list, i)) > width ? strlen(render_word(list, i)) : width;
  }
  v.doc = x->ids_doc;
  RENDER_VAR(&v, 't', x->id_type[e->l->id_bytes > 1]),
      RENDER_VAR(&v, 'q', plain ? x->plain_note : "");
  render_fill(e, x->ids_open, &v);
  for (size_t i = 0; i < list->n; i++) {
    v = no_vars;
    render_name_vars(e, i, &v);
    snprintf(padded, sizeof padded, "%-*s", (int)width, render_word(list, i));
    RENDER_VAR(&v, 'v', padded);
    render_fill(e, x->ids_row, &v);
  }
  render_fill(e, x->ids_close, &v);
  e->blank = 1;
}

void render_ids(struct emitter *e) {
  const struct syntax *x = e->syntax;
  const struct names *list = e->list;
  struct vars v = no_vars;
  render_id_list(e);
  RENDER_VAR(&v, 'n', render_num((long long)list->n)),
      RENDER_VAR(&v, 'l', render_num(list->id_limit));
  RENDER_VAR(&v, 'm', render_num((long long)e->l->min)),
      RENDER_VAR(&v, 'x', render_num((long long)e->l->max));
  RENDER_VAR(&v, 't', x->id_type[e->l->id_bytes > 1]), RENDER_VAR(&v, 'k', render_num(list->nkeys));
  render_fill(e, x->constants_open, &v);
  render_words(e, &x->constants);
  render_fill(e, x->constants_close, &v);
}

/* A list word (a flag or a key) as the target spells it, in buf of WORDS_MAX bytes. */
static const char *word_as(const struct emitter *e, const char *word, char *buf) {
  size_t n = 0;
  if (e->syntax->camel_words)
    return words_of_list_word(word, buf);
  for (; word[n] && n < NAMES_MAX_WORD; n++)
    buf[n] = ascii_ident_char(word[n]);
  buf[n] = '\0';
  return buf;
}

void render_words(struct emitter *e, const struct words_syntax *w) {
  const struct names *list = e->list;
  struct vars v = no_vars;
  char buf[WORDS_MAX];
  render_fill(e, w->open, &v);
  for (int k = 0; k < list->nflags + list->nkeys; k++) {
    int flag = k < list->nflags;
    const char *word = flag ? list->flag[k] : list->key[k - list->nflags];
    v = no_vars;
    RENDER_VAR(&v, 'w', word), RENDER_VAR(&v, 'u', word_as(e, word, buf));
    RENDER_VAR(&v, 'k', render_num(flag ? k : k - list->nflags));
    render_fill(e, flag ? w->flag : w->key, &v);
  }
  v = no_vars;
  RENDER_VAR(&v, 'n', render_num(list->nkeys));
  render_fill(e, w->close, &v);
}
