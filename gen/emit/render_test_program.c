/* render_test_program.c: the render layer's test (see render.h): a table's test (--test) in a
   target's syntax: the list, its words and the test plan (testplan.h) as data, then the target's
   fixed checks. */
#include "render.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* n numbers, of v (bytes, or sizes if sizes), between commas; malloc'd, or NULL. */
static char *numbers(struct emitter *e, const void *v, size_t n, int sizes) {
  char *buf = malloc(n * 24 + 1);
  size_t used = 0;
  if (buf == NULL)
    return emit_failed(e, ENOMEM), NULL;
  buf[0] = '\0';
  for (size_t i = 0; i < n; i++)
    used += (size_t)sprintf(buf + used, "%s%zu", i ? ", " : "",
                            sizes ? ((const size_t *)v)[i] : (size_t)((const unsigned char *)v)[i]);
  return buf;
}

/* The tails of the test plan, each a "$B" of the syntax's test_tail, between commas; malloc'd,
   or NULL. */
static char *tails(struct emitter *e, const struct testplan *t) {
  char *all = calloc(1, 1);
  size_t used = 0;
  for (size_t i = 0; all != NULL && i < t->ntails; i++) {
    struct vars v = no_vars;
    v.bytes = (const unsigned char *)t->tails[i].s, v.n = v.size = t->tails[i].n;
    v.as = &e->syntax->test_string;
    char *one = render_text(e, e->syntax->test_tail, &v), *more;
    if (one == NULL || (more = realloc(all, used + strlen(one) + 3)) == NULL) {
      free(one), free(all);
      return emit_failed(e, ENOMEM), NULL;
    }
    all = more;
    used += (size_t)sprintf(all + used, "%s%s", i ? ", " : "", one);
    free(one);
  }
  if (all == NULL)
    emit_failed(e, ENOMEM);
  return all;
}

/* Writes the test plan that every target's test runs. */
static void render_plan(struct emitter *e, const struct testplan *t) {
  struct vars v = no_vars;
  char *text[6] = {tails(e, t),
                   numbers(e, t->quick, t->nquick, 0),
                   numbers(e, t->lengths, t->nlengths, 1),
                   numbers(e, t->quick_lengths, t->nquick_lengths, 1),
                   numbers(e, t->odd, t->nodd, 0),
                   numbers(e, t->flips, t->nflips, 0)};
  if (text[0] && text[1] && text[2] && text[3] && text[4] && text[5]) {
    RENDER_VAR(&v, 's', render_num(t->spellings)),
        RENDER_VAR(&v, 'f', render_num((long long)t->full_bytes));
    RENDER_VAR(&v, 'g', render_num((long long)t->quick_full_bytes));
    RENDER_VAR(&v, 'n', render_num(t->names_after)),
        RENDER_VAR(&v, 'p', render_num(t->filled_past));
    RENDER_VAR(&v, 't', text[0]), RENDER_VAR(&v, 'q', text[1]), RENDER_VAR(&v, 'l', text[2]),
        RENDER_VAR(&v, 'm', text[3]);
    RENDER_VAR(&v, 'o', text[4]), RENDER_VAR(&v, 'x', text[5]),
        RENDER_VAR(&v, 'i', render_num((long long)e->l->id_bytes));
    v.bytes = (const unsigned char *)t->alphabet, v.n = v.size = strlen(t->alphabet);
    v.as = &e->syntax->test_string;
    render_fill(e, e->syntax->test_plan, &v);
    if (e->fields != NULL && e->syntax->test_fields_plan != NULL)
      render_fill(e, e->syntax->test_fields_plan, &v);
    e->blank = 1;
  }
  for (int i = 0; i < 6; i++)
    free(text[i]);
}

void render_test_program(struct emitter *e) {
  struct vars v = no_vars;
  render_banner(e);
  render_fill(e, e->syntax->test_head, &v);
  render_records(e, RECORD_LIST);
  render_words(e, &e->syntax->test_words);
  e->blank = 1;
  render_plan(e, e->p->tests);
  if (e->fields != NULL)
    render_records(e, RECORD_TEST_ENTRIES);
  put_template(e, e->syntax->test_template);
  if (e->fields != NULL)
    out(e, "\n"), put_template(e, e->syntax->test_fields_template);
  if (e->syntax->test_example != NULL && e->list->n > 0) {
    render_name_vars(e, 0, &v);
    int canonical = v.v['m' - 'a'][0] != '\0';
    RENDER_VAR(&v, 'o', canonical ? "true" : "false");
    RENDER_VAR(&v, 'c', canonical ? v.v['m' - 'a'] : v.v['l' - 'a']);
    out(e, "\n"), render_fill(e, e->syntax->test_example, &v);
  }
}
