/* render_steps.c: a file as steps (render.h): the facts of the plan each step asks for, the
   markers of a group's bindings, and the plan's numbers that a step's text writes. */
#include "render.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* The facts (enum plan_fact) that e's plan has. */
static unsigned facts_of(const struct emitter *e) {
  const struct layout *l = e->l;
  unsigned has = 0;
  has |= l->word ? HAS_WORD : 0;
  has |= l->word && l->path.rare ? HAS_RARE : 0;
  has |= l->word && l->chained ? HAS_CHAINED : 0;
  has |= l->word && l->path.words ? HAS_WORDS : 0;
  has |= !l->word || l->path.words || l->chained ? HAS_NAME_POOL : 0;
  has |= e->list->nflags > 0 ? HAS_FLAGS : 0;
  has |= e->list->nkeys > 0 ? HAS_ATTRS : 0;
  has |= e->fields != NULL ? HAS_FIELDS : 0;
  has |= l->per_length ? HAS_PER_LENGTH : 0;
  has |= l->displaced ? HAS_DISPLACED : 0;
  has |= l->clamped ? HAS_CLAMPED : 0;
  has |= l->byte_compare ? HAS_BYTE_COMPARE : 0;
  has |= l->id_bytes == 1 ? HAS_BYTE_IDS : 0;
  has |= l->key_middle ? HAS_KEY_MIDDLE : 0;
  has |= l->lower_folds ? HAS_LOWER_FOLDS : 0;
  has |= l->hash_length ? HAS_HASH_LENGTH : 0;
  has |= e->o->target_option ? HAS_TARGET_OPTION : 0;
  has |= l->ids_spread ? HAS_SPREAD_IDS : 0;
  has |= e->o->module_path != NULL ? HAS_MODULE_PATH : 0;
  has |= l->key_narrow ? HAS_NARROW_KEY : 0;
  return has;
}

/* Sets the plan's numbers of a step's text (render.h) in v. */
static void plan_vars(const struct emitter *e, struct vars *v) {
  const struct layout *l = e->l;
  RENDER_VAR(v, 'a', render_num((long long)l->common.lo));
  RENDER_VAR(v, 'b', render_num((long long)(l->common.lo + l->common.width)));
  RENDER_VAR(v, 'c', render_num((long long)l->rare.lo));
  RENDER_VAR(v, 'd', render_num((long long)(l->rare.lo + l->rare.width)));
  RENDER_VAR(v, 'e', render_num((long long)l->len_span - 1));
  RENDER_VAR(v, 'f', render_num((long long)l->slot_span - 1));
  RENDER_VAR(v, 's', render_num((long long)l->slots));
  RENDER_VAR(v, 'h', render_num(l->bucket_shift));
  RENDER_VAR(v, 'm', render_hex(e, l->slot_mask, 0));
  RENDER_VAR(v, 'k', l->key_middle ? "middle" : "first");
  RENDER_VAR(v, 'n', render_num((long long)e->list->n));
  RENDER_VAR(v, 'l', render_num((long long)l->min));
  RENDER_VAR(v, 'x', render_num((long long)l->max));
}

/* Writes the text of step s once a name, in the order of the ids, s->between between two. */
static void put_names(struct emitter *e, const struct step *s) {
  int first = 1; /* an id the list skips writes nothing, and no `between` */
  for (long id = 0; id < e->list->id_limit; id++) {
    long i = render_name_with_id(e->list, id);
    struct vars v = no_vars;
    if (i < 0)
      continue;
    render_name_vars(e, (size_t)i, &v);
    if (!first && s->between != NULL)
      put_template(e, s->between);
    render_fill(e, s->text, &v);
    first = 0;
  }
}

/* Writes the text of step s with the list's first name's vars and "$p" the module's path. */
static void put_first_name(struct emitter *e, const struct step *s) {
  struct vars v = no_vars;
  if (e->list->n == 0)
    return;
  render_name_vars(e, 0, &v);
  RENDER_VAR(&v, 'p', e->o->module_path != NULL ? e->o->module_path : "");
  render_fill(e, s->text, &v);
}

/* The marker of b at s, its index in b->mark, or -1. */
static int marker_at(const struct binding *b, const char *s) {
  for (int k = 0; b != NULL && k + 1 < BINDING_MARKS && b->mark[k] != NULL; k += 2)
    if (strncmp(s, b->mark[k], strlen(b->mark[k])) == 0)
      return k;
  return -1;
}

/* text with b's markers replaced: malloc'd, or NULL (the emitter notes the failure). */
static char *bound(struct emitter *e, const char *text, const struct binding *b) {
  char *buf = NULL;
  size_t size = 0;
  FILE *f = open_memstream(&buf, &size);
  if (f == NULL)
    return emit_failed(e, ENOMEM), NULL;
  for (const char *s = text; *s;) {
    int k = *s == '@' ? marker_at(b, s) : -1;
    if (k >= 0)
      fputs(b->mark[k + 1], f), s += strlen(b->mark[k]);
    else
      fputc(*s++, f);
  }
  if (fclose(f) != 0)
    return emit_failed(e, ENOMEM), free(buf), NULL;
  return buf;
}

/* Writes the text of step s, bound by b. */
static void put_text(struct emitter *e, const struct step *s, const struct binding *b) {
  char *text = bound(e, s->text, b);
  struct vars v = no_vars;
  if (text == NULL)
    return;
  if (s->kind == STEP_FIXED) {
    put_template(e, text);
  } else {
    plan_vars(e, &v);
    v.doc = b != NULL ? b->doc : NULL;
    render_fill(e, text, &v);
  }
  free(text);
}

/* Writes item step s. */
static void put_item(struct emitter *e, const struct step *s) {
  switch (s->kind) {
  case STEP_TOP:
    return render_top(e);
  case STEP_IDS:
    return render_ids(e);
  case STEP_ARRAY:
    return render_array(e, (enum array_id)s->item);
  case STEP_RECORDS:
    return render_records(e, (enum record_id)s->item);
  case STEP_BY_ID:
    return render_by_id(e, (enum by_id)s->item);
  case STEP_SLOT_IDS:
    return render_slot_ids(e);
  case STEP_TERMS:
    return render_terms(e);
  case STEP_POOL:
    return render_pool(e);
  case STEP_FIELDS:
    return render_fields(e);
  case STEP_TEST:
    return render_test_program(e);
  case STEP_NAMES:
    return put_names(e, s);
  case STEP_CALL:
    return s->call(e);
  case STEP_FIRST:
    return put_first_name(e, s);
  default:
    return emit_internal(e, "a step of kind %d is no item", (int)s->kind);
  }
}

/* Writes steps, bound by b, each whose facts the plan has (has: facts_of). */
static void run(struct emitter *e, const struct step *steps, const struct binding *b,
                unsigned has) {
  for (const struct step *s = steps; s->kind != STEP_END; s++) {
    if ((has & s->when) != s->when || (has & s->unless) != 0)
      continue;
    if (s->kind == STEP_FIXED || s->kind == STEP_TEXT)
      put_text(e, s, b);
    else if (s->kind == STEP_EACH && s->bindings == NULL)
      run(e, s->each, b, has);
    else if (s->kind == STEP_EACH)
      for (const struct binding *each = s->bindings; each->mark[0] != NULL; each++)
        run(e, s->each, each, has);
    else
      put_item(e, s);
  }
}

const struct step render_word_tables[] = {
    ITEM(STEP_RECORDS, RECORD_LENS, 0, 0), ITEM(STEP_RECORDS, RECORD_SLOTS, 0, 0),
    ITEM(STEP_SLOT_IDS, 0, 0, 0), ITEM(STEP_ARRAY, ARRAY_NEXT, HAS_CHAINED, 0), STEPS_END};

const struct step render_sum_arrays[] = {ITEM(STEP_ARRAY, ARRAY_ASSO, 0, 0),
                                         ITEM(STEP_ARRAY, ARRAY_PER_LENGTH, HAS_PER_LENGTH, 0),
                                         ITEM(STEP_ARRAY, ARRAY_DISP, HAS_DISPLACED, 0), STEPS_END};

const struct step render_test_file[] = {ITEM(STEP_TEST, 0, 0, 0), STEPS_END};

void render_steps(struct emitter *e, const struct step *steps) { run(e, steps, NULL, facts_of(e)); }

int render_file(FILE *f, const struct plan *p, const struct emit_options *o, struct diag *d,
                const struct syntax *x, const struct step *steps) {
  struct emitter e;
  emit_start(&e, f, p, o, d);
  e.syntax = x;
  render_steps(&e, steps);
  return emit_finish(&e);
}
