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
    if ((c > ' ' || (c == ' ' && s->space)) && c < 0x7F && c != '"' && c != '\\')
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

/* Vars of no value. */
static const struct vars no_vars;

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

/* A number as text, in one of 16 buffers that later calls reuse. */
static const char *num(long long v) {
  static char ring[16][24];
  static int next;
  char *buf = ring[next++ % 16];
  snprintf(buf, sizeof ring[0], "%lld", v);
  return buf;
}

/* A number as hexadecimal text, 0x and at least `digits` digits, in num's ring. */
static const char *hex(unsigned long long v, int digits) {
  static char ring[16][24];
  static int next;
  char *buf = ring[next++ % 16];
  snprintf(buf, sizeof ring[0], "0x%0*llx", digits, v);
  return buf;
}

/* text with each "$x" replaced by its text in v (as render_fill does); malloc'd, or NULL. */
static char *filled(struct emitter *e, const char *text, const struct vars *v) {
  char *buf = NULL;
  size_t size = 0;
  FILE *f = open_memstream(&buf, &size), *was = e->f;
  if (f == NULL)
    return emit_failed(e, ENOMEM), NULL;
  e->f = f;
  render_fill(e, text, v);
  e->f = was;
  if (fclose(f) != 0)
    return emit_failed(e, ENOMEM), free(buf), NULL;
  return buf;
}

/* The description's second paragraph: how the hash finds a slot, in text[0..size). */
static void how(const struct layout *l, char *text, size_t size) {
  if (l->word)
    snprintf(text, size,
             "%zu names of %zu to %zu bytes in %zu slots. The hash (hhn-gen's word hash) "
             "multiplies a key, the name's %s 4 bytes and its last 4 (for a name under 4 bytes, "
             "its first, middle and last byte), by a number chosen for its length, and takes the "
             "top bits: one of that length's slots. A lookup rejects a length out of range, takes "
             "the slot of the hash, which holds the first and last 8 bytes of a name and their "
             "mask, and compares the name's pieces with them at once.",
             l->n, l->min, l->max, l->slots, l->key_middle ? "middle" : "first");
  else
    snprintf(text, size,
             "%zu names of %zu to %zu bytes in %zu slots. The hash is a sum of values of the "
             "length and of bytes of the name%s; a lookup rejects a length out of range, takes "
             "the slot of the hash and compares the length and the bytes of its name.",
             l->n, l->min, l->max, l->slots,
             l->displaced ? " (hhn-gen's own), plus a displacement a bucket" : "");
}

void render_top(struct emitter *e) {
  const struct syntax *x = e->syntax;
  struct vars v = no_vars;
  char text[1024], *about;
  v.v['s' - 'a'] = e->o->source, v.v['p' - 'a'] = e->o->prefix;
  render_fill(e, x->banner, &v);
  wrap(e, e->o->command, x->banner_col, x->command);
  render_fill(e, x->top_end, &v);
  if ((about = filled(e, x->about, &v)) != NULL)
    render_doc(e, x->comment, about), out(e, "\n%s\n", x->comment);
  free(about);
  how(e->l, text, sizeof text);
  render_doc(e, x->comment, text);
  out(e, "\n");
  render_fill(e, x->after_about, &v);
}

/* The slot of the plan behind element s of an array of slots: s, or slot 0 past the table's. */
static size_t real(const struct emitter *e, size_t s) { return s < e->l->slots ? s : 0; }

/* How many slots the arrays of slots hold in this syntax. */
static size_t span(const struct emitter *e) {
  return e->syntax->masked ? e->l->slot_span : e->l->slots;
}

/* Element s of array a, and how many the array holds. */
static size_t array_item(const struct emitter *e, enum array_id a, size_t s) {
  const struct layout *l = e->l;
  long i = a <= ARRAY_AT ? l->slot_id[real(e, s)] : 0;
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

static size_t array_count(const struct emitter *e, enum array_id a) {
  return a <= ARRAY_AT     ? span(e)
         : a == ARRAY_ASSO ? (size_t)e->l->nasso
         : a == ARRAY_DISP ? e->l->buckets
                           : e->l->max + 1;
}

void render_array(struct emitter *e, enum array_id a) {
  const struct syntax *x = e->syntax;
  const struct array_syntax *as = &x->arrays[a];
  struct vars v = no_vars;
  size_t n = array_count(e, a);
  v.v['d' - 'a'] = as->doc, v.v['n' - 'a'] = as->name, v.v['t' - 'a'] = as->type;
  v.v['c' - 'a'] = num((long long)n);
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

/* The 8 bytes of b as one little-endian number in hexadecimal, 0x and 16 digits. */
static const char *u64_of(const unsigned char *b) {
  unsigned long long v = 0;
  for (int k = 7; k >= 0; k--)
    v = v << 8 | b[k];
  return hex(v, 16);
}

/* Sets "$c" of v to text. */
#define SET(vars, c, text) ((vars)->v[(c) - 'a'] = (text))

/* The vars of a slot's record, k. */
static void slot_vars(struct emitter *e, size_t k, struct vars *v) {
  const struct held *h = &e->l->held[real(e, k)];
  unsigned char lower[LAYOUT_HELD] = {0}, mask[LAYOUT_HELD] = {0};
  memcpy(lower, h->lower, (size_t)h->n), memcpy(mask, h->mask, (size_t)h->n);
  SET(v, 'i', num((long long)k)), SET(v, 'x', slot_note(e, k));
  SET(v, 'a', u64_of(lower)), SET(v, 'b', u64_of(lower + 8));
  SET(v, 'c', u64_of(mask)), SET(v, 'd', u64_of(mask + 8));
}

/* The vars of the static table's entry k. */
static void entry_vars(struct emitter *e, size_t k, struct vars *v) {
  static char name[NAMES_MAX_LENGTH + 1];
  const struct entry *x = &e->fields->v[k];
  snprintf(name, sizeof name, "%.*s", (int)x->nlen, x->name);
  SET(v, 'w', e->list->v[x->name_at].word), SET(v, 's', name);
  v->bytes = (const unsigned char *)x->value, v->n = v->size = x->vlen;
  v->as = &e->syntax->in_entry;
}

/* The vars of element k of record array r. */
static void record_vars(struct emitter *e, enum record_id r, size_t k, struct vars *v) {
  const struct layout *l = e->l;
  const struct fieldhash *p = e->match;
  if (r == RECORD_LENS) {
    SET(v, 'm', hex(l->lens[k].mul, 16));
    SET(v, 'a', num(checked(e, &l->lens_packed, (long long)l->lens[k].packed)));
    SET(v, 'p', num(checked(e, &l->lens_f, l->lens[k].p)));
    SET(v, 'q', num(checked(e, &l->lens_f, l->lens[k].q)));
  } else if (r == RECORD_SLOTS) {
    slot_vars(e, k, v);
  } else if (r == RECORD_IDS || r == RECORD_ALL) {
    long i = r == RECORD_ALL ? (long)k : l->slot_id[real(e, k)];
    SET(v, 'w', e->list->v[i < 0 ? 0 : i].word);
  } else if (r == RECORD_FIELDS) {
    entry_vars(e, k, v);
  } else if (r == RECORD_FIELD_IDS) {
    SET(v, 'l', hex(p->lens[k], 1)), SET(v, 'f', num(p->first[k]));
    SET(v, 'n', num(p->count[k])), SET(v, 's', num(p->start[k]));
  } else {
    size_t x = p->order[k];
    SET(v, 'x', num((long long)x)), SET(v, 'l', num((long long)e->fields->v[x].vlen));
    SET(v, 'a', num((long long)p->offset[x]));
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
  struct vars v = no_vars;
  v.v['c' - 'a'] = num((long long)n);
  render_fill(e, rs->open, &v);
  for (size_t k = 0; k < n; k++) {
    v = no_vars;
    record_vars(e, r, k, &v);
    render_fill(e, rs->row, &v);
  }
  render_fill(e, rs->close, &v);
  e->blank = 1;
}

/* The index in the list of the name whose id is id, or -1: its place, as most lists have it,
   else by a search. */
static long name_with_id(const struct names *list, long id) {
  if ((size_t)id < list->n && list->v[id].id == id)
    return id;
  for (size_t i = 0; i < list->n; i++)
    if (list->v[i].id == id)
      return (long)i;
  return -1;
}

/* The vars of name i in an array by id: "$s" its spelling, "$l" in lowercase, "$w" its word,
   "$f" its flags, "$a" its attributes, between commas. */
static void name_vars(const struct emitter *e, size_t i, struct vars *v) {
  static char lower[NAMES_MAX_LENGTH + 1], attrs[NAMES_MAX_KEYS * 24];
  const struct name *nm = &e->list->v[i];
  size_t k = 0, used = 0;
  for (; k < nm->len; k++)
    lower[k] = (char)((nm->text[k] >= 'A' && nm->text[k] <= 'Z') ? nm->text[k] + 32 : nm->text[k]);
  lower[k] = '\0', attrs[0] = '\0';
  for (int a = 0; a < e->list->nkeys; a++)
    used +=
        (size_t)snprintf(attrs + used, sizeof attrs - used, "%s%ld", a ? ", " : "", nm->attr[a]);
  SET(v, 's', nm->text), SET(v, 'l', lower), SET(v, 'w', nm->word);
  SET(v, 'f', num((long long)nm->flags)), SET(v, 'a', attrs);
}

void render_by_id(struct emitter *e, enum by_id b) {
  const struct by_id_syntax *bs = &e->syntax->by_id[b];
  struct vars v = no_vars;
  v.doc = bs->doc;
  SET(&v, 'k', num(e->list->nkeys));
  render_fill(e, bs->open, &v);
  for (long id = 0; id < e->list->id_limit; id++) {
    long i = name_with_id(e->list, id);
    v = no_vars;
    if (i >= 0)
      name_vars(e, (size_t)i, &v);
    render_fill(e, i >= 0 ? bs->item : bs->none, &v);
  }
  render_fill(e, bs->close, &v);
  e->blank = 1;
}

void render_terms(struct emitter *e) {
  const struct layout *l = e->l;
  for (int i = 0; i < l->nreads; i++) {
    const struct read *r = &l->read[i];
    struct vars v = no_vars;
    char *inc = NULL;
    SET(&v, 'v', num(r->inc));
    if (r->inc != 0 && (inc = filled(e, e->syntax->increment, &v)) == NULL)
      return;
    SET(&v, 'a', num(r->a)), SET(&v, 'b', num(r->b)), SET(&v, 'i', inc ? inc : "");
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
  SET(&v, 'd', v.doc), SET(&v, 'c', num((long long)l->pool));
  v.bytes = l->pool_bytes, v.n = l->used, v.size = x->sized_pool ? l->pool : l->used;
  v.as = &x->string;
  render_fill(e, x->pool, &v);
  e->blank = 1;
}

void render_fields(struct emitter *e) {
  const struct fieldhash *p = e->match;
  struct vars v = no_vars;
  render_records(e, RECORD_FIELDS);
  render_records(e, RECORD_FIELD_IDS);
  render_records(e, RECORD_FIELD_ENTRIES);
  SET(&v, 'c', num((long long)p->pool_size));
  v.bytes = p->pool, v.n = v.size = p->pool_size, v.as = &e->syntax->string;
  render_fill(e, e->syntax->values, &v);
  e->blank = 1;
}

void render_slot_ids(struct emitter *e) {
  render_records(e, RECORD_IDS);
  if (!e->l->word || e->l->path.rare) /* what the rare path and a sum's compare read */
    render_array(e, ARRAY_LENGTH);
}
