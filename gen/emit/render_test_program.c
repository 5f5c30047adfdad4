/* render_test_program.c: the render layer's test (see render.h): a table's test (--test) in a
   target's syntax: the list, its words and the test plan (testplan.h) as data, then the target's
   fixed checks. */
#include "render.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* What comes before number or tail i of a list: in one row ", " but first; in rows of the
   syntax's test_per_row, its test_row before each, after a comma but first. */
static const char *before(const struct emitter *e, size_t i, char *buf, size_t size) {
  const struct syntax *x = e->syntax;
  if (x->test_per_row <= 0 || i % (size_t)x->test_per_row != 0)
    return i ? ", " : "";
  snprintf(buf, size, "%s%s", i ? "," : "", x->test_row);
  return buf;
}

/* The types of the test plan's numbers. */
enum number_type { BYTES, UNSIGNEDS, SIZES };

/* n numbers of v, of type of, as a list (before); malloc'd, or NULL. */
static char *numbers(struct emitter *e, const void *v, size_t n, enum number_type of) {
  char *buf = malloc(n * 48 + 1), sep[32];
  size_t used = 0;
  if (buf == NULL)
    return emit_failed(e, ENOMEM), NULL;
  buf[0] = '\0';
  for (size_t i = 0; i < n; i++) {
    size_t x = of == BYTES       ? ((const unsigned char *)v)[i]
               : of == UNSIGNEDS ? ((const unsigned *)v)[i]
                                 : ((const size_t *)v)[i];
    used += (size_t)sprintf(buf + used, "%s%zu", before(e, i, sep, sizeof sep), x);
  }
  return buf;
}

/* The tails of the test plan, each the syntax's test_tail ("$B" its bytes, "$n" how many), as
   a list (before); malloc'd, or NULL. */
static char *tails(struct emitter *e, const struct testplan *t) {
  char *all = calloc(1, 1), sep[32];
  size_t used = 0;
  for (size_t i = 0; all != NULL && i < t->ntails; i++) {
    struct vars v = no_vars;
    v.bytes = (const unsigned char *)t->tails[i].s, v.n = v.size = t->tails[i].n;
    v.as = &e->syntax->test_string;
    RENDER_VAR(&v, 'n', render_num((long long)t->tails[i].n));
    char *one = render_text(e, e->syntax->test_tail, &v), *more;
    const char *b = before(e, i, sep, sizeof sep);
    if (one == NULL || (more = realloc(all, used + strlen(b) + strlen(one) + 1)) == NULL) {
      free(one), free(all);
      return emit_failed(e, ENOMEM), NULL;
    }
    all = more;
    used += (size_t)sprintf(all + used, "%s%s", b, one);
    free(one);
  }
  if (all == NULL)
    emit_failed(e, ENOMEM);
  return all;
}

/* The texts of the test plan's lists: "$t", "$q", "$l", "$m", "$o", "$x", "$u". */
enum { PLAN_LISTS = 7 };
static const char plan_letters[PLAN_LISTS] = {'t', 'q', 'l', 'm', 'o', 'x', 'u'};

/* Writes the test plan (testplan.h) that every target's test runs, in the syntax's test_plan
   (and test_fields_plan with --fields). */
static void render_test_plan(struct emitter *e) {
  const struct testplan *t = e->p->tests;
  struct vars v = no_vars;
  char *text[PLAN_LISTS] = {tails(e, t),
                            numbers(e, t->quick, t->nquick, BYTES),
                            numbers(e, t->lengths, t->nlengths, SIZES),
                            numbers(e, t->quick_lengths, t->nquick_lengths, SIZES),
                            numbers(e, t->odd, t->nodd, BYTES),
                            numbers(e, t->flips, t->nflips, BYTES),
                            numbers(e, t->units, t->nunits, UNSIGNEDS)};
  int all = 1;
  for (int i = 0; i < PLAN_LISTS; i++)
    all &= text[i] != NULL, RENDER_VAR(&v, plan_letters[i], text[i]);
  if (all) {
    RENDER_VAR(&v, 's', render_num(t->spellings)),
        RENDER_VAR(&v, 'f', render_num((long long)t->full_bytes));
    RENDER_VAR(&v, 'g', render_num((long long)t->quick_full_bytes));
    RENDER_VAR(&v, 'n', render_num(t->names_after)),
        RENDER_VAR(&v, 'p', render_num(t->filled_past));
    RENDER_VAR(&v, 'i', render_num((long long)e->l->id_bytes)),
        RENDER_VAR(&v, 'y', render_num((long long)t->longest));
    v.bytes = (const unsigned char *)t->alphabet, v.n = v.size = strlen(t->alphabet);
    v.as = &e->syntax->test_string;
    render_fill(e, e->syntax->test_plan, &v);
    if (e->fields != NULL && e->syntax->test_fields_plan != NULL)
      render_fill(e, e->syntax->test_fields_plan, &v);
    e->blank = 1;
  }
  for (int i = 0; i < PLAN_LISTS; i++)
    free(text[i]);
}

void render_test_data(struct emitter *e) {
  render_records(e, RECORD_LIST);
  render_words(e, &e->syntax->test_words);
  e->blank = 1;
  render_test_plan(e);
  if (e->fields != NULL)
    render_records(e, RECORD_TEST_ENTRIES);
}

void render_test_program(struct emitter *e) {
  struct vars v = no_vars;
  render_banner(e);
  render_fill(e, e->syntax->test_head, &v);
  render_test_data(e);
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
