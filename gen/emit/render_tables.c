/* render_tables.c: the render layer's tables (see render.h): the plan's arrays and records,
   the pool, the hash's terms and the static table's match, in a target's syntax. */
#include "render.h"

#include <stdlib.h>
#include <string.h>

/* The slot of the plan behind element s of an array of slots: s, or slot 0 past the table's. */
static size_t real(const struct emitter *e, size_t s) { return s < e->l->slots ? s : 0; }

/* How many slots the arrays of slots hold in this syntax. */
static size_t span(const struct emitter *e) {
  return e->syntax->masked ? e->l->slot_span : e->l->slots;
}

/* Whether array a has an element a slot. */
static int by_slot(enum array_id a) {
  return a == ARRAY_LENGTH || a == ARRAY_OFFSET || a == ARRAY_NEXT || a == ARRAY_AT;
}

/* Element s of array a. */
static size_t array_item(const struct emitter *e, enum array_id a, size_t s) {
  const struct layout *l = e->l;
  long i = by_slot(a) ? l->slot_id[real(e, s)] : 0;
  switch (a) {
  case ARRAY_LENGTH:
    return i < 0 ? 0 : e->list->v[i].len;
  case ARRAY_OFFSET:
    return i < 0 ? 0 : l->place[i].at;
  case ARRAY_AT:
    return i < 0 ? 0 : l->place[i].lower;
  case ARRAY_NEXT:
    return s < l->slots ? l->next_slot[s] : 0;
  case ARRAY_ASSO:
    return l->values[s];
  case ARRAY_PER_LENGTH:
    return l->lens[s].at;
  default:
    return l->displacement[s];
  }
}

/* How many elements array a holds. */
static size_t array_count(const struct emitter *e, enum array_id a) {
  return by_slot(a)        ? span(e)
         : a == ARRAY_ASSO ? (size_t)e->l->nasso
         : a == ARRAY_DISP ? e->l->buckets
                           : e->l->max + 1;
}

void render_array(struct emitter *e, enum array_id a) {
  const struct syntax *x = e->syntax;
  const struct array_syntax *as = &x->arrays[a];
  struct vars v = no_vars;
  size_t n = array_count(e, a);
  RENDER_VAR(&v, 'd', as->doc), RENDER_VAR(&v, 'n', as->name), RENDER_VAR(&v, 't', as->type);
  RENDER_VAR(&v, 'c', render_num((long long)n));
  render_fill(e, x->array_open, &v);
  for (size_t s = 0; s < n; s++)
    out(e, "%s%zu,", s % (size_t)as->row ? " " : x->array_row, array_item(e, a, s));
  out(e, "%s", x->array_close);
  e->blank = 1;
}

/* The name of slot s in a comment: its name's, or why it holds none. */
static const char *slot_note(const struct emitter *e, size_t s) {
  if (s >= e->l->slots)
    return "slot 0's, past the table's (the arrays' size is a power of two)";
  if (e->l->slot_id[s] < 0)
    return "no name, and halves that no input's first 4 bytes, twice, match";
  return e->list->v[e->l->slot_id[s]].text;
}

/* The 8 bytes of b as one little-endian number in hexadecimal, 0x and 16 digits (e's syntax). */
static const char *u64_of(const struct emitter *e, const unsigned char *b) {
  unsigned long long v = 0;
  for (int k = 7; k >= 0; k--)
    v = v << 8 | b[k];
  return render_hex(e, v, 16);
}

/* The vars of a slot's record, k. */
static void slot_vars(struct emitter *e, size_t k, struct vars *v) {
  const struct held *h = &e->l->held[real(e, k)];
  unsigned char lower[LAYOUT_HELD] = {0}, mask[LAYOUT_HELD] = {0};
  memcpy(lower, h->lower, (size_t)h->n), memcpy(mask, h->mask, (size_t)h->n);
  RENDER_VAR(v, 'i', render_num((long long)k)), RENDER_VAR(v, 'x', slot_note(e, k));
  RENDER_VAR(v, 'a', u64_of(e, lower)), RENDER_VAR(v, 'b', u64_of(e, lower + 8));
  RENDER_VAR(v, 'c', u64_of(e, mask)), RENDER_VAR(v, 'd', u64_of(e, mask + 8));
}

/* The vars of the static table's entry k. */
static void entry_vars(struct emitter *e, size_t k, struct vars *v) {
  static char name[NAMES_MAX_LENGTH + 1];
  const struct entry *x = &e->fields->v[k];
  snprintf(name, sizeof name, "%.*s", (int)x->nlen, x->name);
  RENDER_VAR(v, 'w', e->list->v[x->name_at].word), RENDER_VAR(v, 's', name);
  v->bytes = (const unsigned char *)x->value, v->n = v->size = x->vlen;
}

void render_pool_after(const struct emitter *e, size_t k, const unsigned char **after, size_t *n) {
  const struct fieldmatch *p = e->match;
  size_t end = p->offset[k] + e->fields->v[k].vlen;
  *after = p->pool + end;
  *n = end < p->pool_size ? p->pool_size - end : 0;
  *n = *n > 4 ? 4 : *n;
}

/* The vars of element k of record array r. */
static void record_vars(struct emitter *e, enum record_id r, size_t k, struct vars *v) {
  const struct layout *l = e->l;
  const struct fieldmatch *p = e->match;
  if (r == RECORD_LENS) {
    RENDER_VAR(v, 'm', render_hex(e, l->lens[k].mul, 16));
    RENDER_VAR(v, 'a', render_num(checked(e, &l->lens_packed, (long long)l->lens[k].packed)));
    RENDER_VAR(v, 'p', render_num(checked(e, &l->lens_f, l->lens[k].p)));
    RENDER_VAR(v, 'q', render_num(checked(e, &l->lens_f, l->lens[k].q)));
  } else if (r == RECORD_SLOTS) {
    slot_vars(e, k, v);
  } else if (r == RECORD_IDS || r == RECORD_ALL || r == RECORD_BY_NUMBER) {
    long i = r == RECORD_ALL         ? (long)k
             : r == RECORD_BY_NUMBER ? (long)l->by_number[k]
                                     : l->slot_id[real(e, k)];
    RENDER_VAR(v, 'w', render_word(e->list, i < 0 ? 0 : (size_t)i));
  } else if (r == RECORD_FIELDS || r == RECORD_TEST_ENTRIES) {
    entry_vars(e, k, v);
    v->as = r == RECORD_FIELDS ? &e->syntax->in_entry : &e->syntax->test_entry;
    render_pool_after(e, k, &v->more, &v->nmore);
    RENDER_VAR(v, 'z', render_num((long long)e->fields->v[k].nlen));
    RENDER_VAR(v, 'v', render_num((long long)e->fields->v[k].vlen));
    RENDER_VAR(v, 'r', render_num((long long)v->nmore));
  } else if (r == RECORD_LIST) {
    render_name_vars(e, k, v);
  } else if (r == RECORD_FIELD_IDS) {
    RENDER_VAR(v, 'l', render_hex(e, p->lens[k], 1)), RENDER_VAR(v, 'f', render_num(p->first[k]));
    RENDER_VAR(v, 'n', render_num(p->count[k])), RENDER_VAR(v, 's', render_num(p->start[k]));
  } else {
    size_t x = p->order[k];
    RENDER_VAR(v, 'x', render_num((long long)x)),
        RENDER_VAR(v, 'l', render_num((long long)e->fields->v[x].vlen));
    RENDER_VAR(v, 'a', render_num((long long)p->offset[x]));
  }
}

/* How many elements record array r holds. */
static size_t record_count(const struct emitter *e, enum record_id r) {
  switch (r) {
  case RECORD_LENS:
    return e->l->max + 1;
  case RECORD_SLOTS:
  case RECORD_IDS:
    return span(e);
  case RECORD_ALL:
  case RECORD_BY_NUMBER:
  case RECORD_LIST:
    return e->list->n;
  case RECORD_FIELD_IDS:
    return (size_t)e->list->id_limit;
  default:
    return e->fields->n;
  }
}

void render_records(struct emitter *e, enum record_id r) {
  const struct record_syntax *rs = &e->syntax->records[r];
  size_t n = record_count(e, r);
  const char *row = rs->bare != NULL && e->list->nkeys == 0 ? rs->bare : rs->row;
  struct vars v = no_vars;
  RENDER_VAR(&v, 'c', render_num((long long)n));
  RENDER_VAR(&v, 'k', render_num(e->list->nkeys > 0 ? e->list->nkeys : 1));
  render_fill(e, rs->open, &v);
  for (size_t k = 0; k < n; k++) {
    v = no_vars;
    record_vars(e, r, k, &v);
    render_fill(e, row, &v);
  }
  v = no_vars;
  RENDER_VAR(&v, 'l', e->match->name_last ? "last" : "first");
  RENDER_VAR(&v, 'b', e->match->name_last ? "true" : "false");
  RENDER_VAR(&v, 'n', e->match->name_last ? "1" : "0");
  render_fill(e, rs->close, &v);
  e->blank = 1;
}

void render_terms(struct emitter *e) {
  const struct layout *l = e->l;
  for (int i = 0; i < l->nreads; i++) {
    const struct read *r = &l->read[i];
    struct vars v = no_vars;
    char *inc = NULL;
    RENDER_VAR(&v, 'v', render_num(r->inc));
    if (r->inc != 0 && (inc = render_text(e, e->syntax->increment, &v)) == NULL)
      return;
    RENDER_VAR(&v, 'a', render_num(r->a)), RENDER_VAR(&v, 'b', render_num(r->b)),
        RENDER_VAR(&v, 'i', inc ? inc : "");
    render_fill(e, e->syntax->term[r->kind], &v);
    free(inc);
  }
}

void render_pool(struct emitter *e) {
  const struct layout *l = e->l;
  const struct syntax *x = e->syntax;
  struct vars v = no_vars;
  render_array(e, l->word ? ARRAY_OFFSET : ARRAY_AT);
  v.doc = l->word ? x->word_pool_doc : x->sum_pool_doc;
  RENDER_VAR(&v, 'd', v.doc), RENDER_VAR(&v, 'c', render_num((long long)l->pool));
  v.bytes = l->pool_bytes, v.n = l->used, v.size = x->sized_pool ? l->pool : l->used;
  v.as = &x->string;
  render_fill(e, x->pool, &v);
  e->blank = 1;
}

void render_fields(struct emitter *e) {
  const struct fieldmatch *p = e->match;
  struct vars v = no_vars;
  render_records(e, RECORD_FIELDS);
  render_records(e, RECORD_FIELD_IDS);
  render_records(e, RECORD_FIELD_ENTRIES);
  RENDER_VAR(&v, 'c', render_num((long long)p->pool_size));
  v.bytes = p->pool, v.n = v.size = p->pool_size, v.as = &e->syntax->string;
  render_fill(e, e->syntax->values, &v);
  e->blank = 1;
}

void render_slot_ids(struct emitter *e) {
  render_records(e, RECORD_IDS);
  if (!e->l->word || e->l->path.rare) /* what the rare path and a sum's compare read */
    render_array(e, ARRAY_LENGTH);
}
