/* emit_go_tables.c: the tables of a table's Go package (hhn-gen --go), from the plan: the word
   hash's lengths and slots, or a sum's values, its hash and slots; the pool of names; with
   --fields, the static table and its match's records. */
#include "go_sections.h"

#include <string.h>

#include "fieldhash.h"
#include "fields.h"
#include "go_template.h"

void go_string(struct emitter *e, const unsigned char *b, size_t n, const char *indent) {
  size_t col = 8 * strlen(indent) + 1;
  out(e, "\"");
  for (size_t i = 0; i < n; i++) {
    char x[8];
    if (b[i] >= ' ' && b[i] < 0x7F && b[i] != '"' && b[i] != '\\')
      x[0] = (char)b[i], x[1] = 0;
    else
      snprintf(x, sizeof x, "\\x%02x", b[i]);
    if (col + strlen(x) > 94)
      out(e, "\" +\n%s\"", indent), col = 8 * strlen(indent) + 1;
    out(e, "%s", x);
    col += strlen(x);
  }
  out(e, "\"");
}

/* Writes the n numbers of v, each after the first of a row of 16 after a blank, as a Go array's
   items (name, of type type). */
static void put_array(struct emitter *e, const char *doc, const char *name, const char *type,
                      size_t n, size_t (*at)(const struct emitter *, size_t)) {
  out(e, "// %s %s\nvar %s = [%zu]%s{", name, doc, name, n, type);
  for (size_t s = 0; s < n; s++)
    out(e, "%s%zu,", s % 16 ? " " : "\n\t", at(e, s));
  out(e, "\n}\n\n");
}

/* How many slots the arrays hold: the plan's span (a power of two for the word hash, so that
   a slot's index is masked, not checked). */
static size_t go_slots(const struct emitter *e) { return e->l->slot_span; }

/* Slot s of a word hash's arrays: s, or 0 past the table's. */
static size_t real_slot(const struct emitter *e, size_t s) { return s < e->l->slots ? s : 0; }

static size_t slot_len(const struct emitter *e, size_t s) {
  long i = e->l->slot_id[real_slot(e, s)];
  return i < 0 ? 0 : e->list->v[i].len;
}
static size_t slot_at(const struct emitter *e, size_t s) {
  long i = e->l->slot_id[real_slot(e, s)];
  return i < 0 ? 0 : e->l->word ? e->l->place[i].at : e->l->place[i].lower;
}
static size_t slot_next(const struct emitter *e, size_t s) {
  return s < e->l->slots ? e->l->next_slot[s] : 0;
}
static size_t value_at(const struct emitter *e, size_t i) { return e->l->values[i]; }
static size_t length_at(const struct emitter *e, size_t i) { return e->l->lens[i].at; }
static size_t displacement(const struct emitter *e, size_t i) { return e->l->displacement[i]; }

/* Writes the ids of the slots, each slot's name's (an empty slot's: the first name's, which
   never matches), and, if lens, the length of each. */
static void put_slot_ids(struct emitter *e, int lens) {
  const struct layout *l = e->l;
  out(e, "// ids is each slot's id (an empty slot's never matches).\nvar ids = [%zu]Id{\n",
      go_slots(e));
  for (size_t s = 0; s < go_slots(e); s++) {
    long i = l->slot_id[real_slot(e, s)];
    out(e, "\t%s,\n", go_const(e, i < 0 ? 0 : (size_t)i));
  }
  out(e, "}\n\n");
  if (lens)
    put_array(e, "is each slot's name's length (0: none).", "length", "uint8", go_slots(e),
              slot_len);
}

/* Writes the offset of each slot's name in the pool (doc: what is there), then the pool. */
static void put_pool(struct emitter *e, const char *doc) {
  put_array(e, "is where each slot's name begins in pool.", "offset", "uint32", go_slots(e),
            slot_at);
  go_doc(e, "pool is %s", doc);
  out(e, "const pool = ");
  go_string(e, e->l->pool_bytes, e->l->used, "\t");
  out(e, "\n");
}

/* Writes the word hash's slots: each slot's first and last 8 bytes and their masks. */
static void put_word_slots(struct emitter *e) {
  const struct layout *l = e->l;
  out(e, "// slots are the slots, by hash.\nvar slots = [slotMask + 1]slot{\n");
  for (size_t s = 0; s < go_slots(e); s++) {
    const struct held *h = &l->held[real_slot(e, s)];
    unsigned char lower[LAYOUT_HELD] = {0}, mask[LAYOUT_HELD] = {0};
    memcpy(lower, h->lower, (size_t)h->n), memcpy(mask, h->mask, (size_t)h->n);
    if (s >= l->slots)
      out(e, "\t// %zu: slot 0's, past the table's (the arrays' size is a power of two)\n", s);
    else if (l->slot_id[s] < 0)
      out(e, "\t// %zu: no name, and halves that no input's first 4 bytes, twice, match\n", s);
    else
      out(e, "\t// %zu: %s\n", s, e->list->v[l->slot_id[s]].text);
    out(e, "\t{");
    put_u64(e, lower), out(e, ", "), put_u64(e, lower + 8), out(e, ", ");
    put_u64(e, mask), out(e, ", "), put_u64(e, mask + 8);
    out(e, "},\n");
  }
  out(e, "}\n\n");
}

/* Writes the word hash's tables. */
static void put_word_tables(struct emitter *e) {
  const struct layout *l = e->l;
  out(e, "// The lengths of the common path, and of the rare one.\nconst (\n");
  out(e, "\tcommonMin = %zu\n\tcommonMax = %zu\n", l->common.lo, l->common.lo + l->common.width);
  if (l->path.rare)
    out(e, "\trareMin   = %zu\n\trareMax   = %zu\n", l->rare.lo, l->rare.lo + l->rare.width);
  out(e, ")\n\n// fold64 is the case bit of each byte of a key.\n"
         "const fold64 = 0x2020202020202020\n\n");
  out(e,
      "// The masks of a length and of a slot's index: lens and the slots' arrays hold a power of\n"
      "// two of each, so that an index needs no check.\nconst (\n\tlenMask  = %zu\n"
      "\tslotMask = %zu\n)\n\n",
      l->len_span - 1, go_slots(e) - 1);
  put_template(e, template_go_word_types);
  out(e, "\n// lens is each length's entry, by length.\nvar lens = [lenMask + 1]lenEntry{\n");
  for (size_t len = 0; len <= l->max; len++)
    out(e, "\t{0x%016llx, %lld},\n", l->lens[len].mul,
        checked(e, &l->lens_packed, (long long)l->lens[len].packed));
  out(e, "}\n\n");
  put_word_slots(e);
  put_slot_ids(e, l->path.rare);
  if (l->chained)
    put_array(e, "is each slot's chained slot (0: none).", "next", "uint32", go_slots(e),
              slot_next);
  if (l->path.words || l->chained)
    put_pool(e, "each name in lowercase and a NUL, then, past 16 bytes, the mask of its bytes "
                "from its 8th; then the list's spellings that are not lowercase.");
}

/* Writes the terms of a sum, one line each, after `h :=`: each as the plan reads it
   (l->read[], the same reads as the C's). */
static void put_terms(struct emitter *e) {
  const struct layout *l = e->l;
  for (int i = 0; i < l->nreads; i++) {
    const struct read *r = &l->read[i];
    char inc[16] = "";
    if (r->inc != 0)
      snprintf(inc, sizeof inc, "+%d", r->inc);
    switch (r->kind) {
    case READ_LENGTH:
      out(e, "\th += asso[n%s]\n", inc);
      break;
    case READ_PER_LENGTH:
      out(e, "\th += asso[int(s[perLength[n]])%s]\n", inc);
      break;
    case READ_AT:
    case READ_FROM_END:
      out(e, "\th += asso[int(s[%s%d])%s]\n", r->kind == READ_FROM_END ? "n-" : "", r->a, inc);
      break;
    case READ_CLAMP_LAST: /* into the name: its last byte at most */
      out(e, "\th += asso[int(s[minInt(n-1, %d)])%s]\n", r->b, inc);
      break;
    case READ_CLAMP_FIRST: /* its first byte at least */
      out(e, "\th += asso[int(s[maxInt(n-%d, 0)])%s]\n", r->b, inc);
      break;
    case READ_IF_LONGER:
    case READ_IF_AT_LEAST:
      out(e, "\tif n %s %d {\n\t\th += asso[int(s[%s%d])%s]\n\t}\n",
          r->kind == READ_IF_LONGER ? ">" : ">=", r->a, r->kind == READ_IF_AT_LEAST ? "n-" : "",
          r->a, inc);
      break;
    }
  }
}

/* Writes a sum's hash of type t. */
static void put_hash(struct emitter *e, enum go_type t) {
  const struct layout *l = e->l;
  go_typed(e,
           "// hash@S is the hash of a name of MinLength to MaxLength bytes: a slot, or past "
           "them.\nfunc hash@S(s @T) uint32 {\n\tn := len(s)\n",
           t, NULL, NULL);
  out(e, "\th := uint32(%s)\n", l->hash_length ? "n" : "0");
  put_terms(e);
  if (l->displaced)
    out(e, "\th = (h + disp[h>>%d]) & 0x%lx\n", l->bucket_shift, (unsigned long)l->slot_mask);
  out(e, "\treturn h\n}\n\n");
}

/* Writes a sum's hash and its tables. */
static void put_sum_tables(struct emitter *e) {
  const struct layout *l = e->l;
  put_array(e, "are the values of the hash's terms.", "asso", "uint32", (size_t)l->nasso, value_at);
  if (l->per_length)
    put_array(e, "is the byte the hash reads of each length.", "perLength", "uint8", l->max + 1,
              length_at);
  if (l->displaced)
    put_array(e, "is each bucket's displacement.", "disp", "uint32", l->buckets, displacement);
  put_hash(e, GO_BYTES);
  put_hash(e, GO_STRING);
  if (l->clamped) /* the helpers of the reads clamped into a name */
    out(e, "// minInt is the smaller of a and b.\nfunc minInt(a, b int) int {\n\tif a < b {\n"
           "\t\treturn a\n\t}\n\treturn b\n}\n\n// maxInt is the larger of a and b.\nfunc "
           "maxInt(a, b int) int {\n\tif a > b {\n\t\treturn a\n\t}\n\treturn b\n}\n\n");
  out(e, "// slotCount is how many slots the table has.\nconst slotCount = %zu\n\n", l->slots);
  put_slot_ids(e, 1);
  put_pool(e, "each name in lowercase, among the table's other bytes.");
}

void output_go_tables(struct emitter *e) {
  if (e->l->word)
    put_word_tables(e);
  else
    put_sum_tables(e);
}

/* Writes the static table's entries. */
static void put_field_entries(struct emitter *e) {
  const struct fields *f = e->fields;
  out(e, "// FieldCount is how many entries the static table has.\nconst FieldCount = %zu\n\n",
      f->n);
  out(e, "// fields are the static table's entries, by index (from 0).\n"
         "var fields = [FieldCount]Field{\n");
  for (size_t i = 0; i < f->n; i++) {
    const struct entry *x = &f->v[i];
    out(e, "\t{%s, \"%.*s\", ", go_const(e, x->name_at), (int)x->nlen, x->name);
    go_string(e, (const unsigned char *)x->value, x->vlen, "\t\t");
    out(e, "},\n");
  }
  out(e, "}\n\n");
}

/* Writes the match's tables: each id's record, the entries by name, and the values. */
static void put_field_tables(struct emitter *e) {
  const struct fieldhash *p = e->match;
  const struct fields *f = e->fields;
  out(e, "// fieldIDs is each id's record.\nvar fieldIDs = [IdLimit]fieldID{\n");
  for (long id = 0; id < e->list->id_limit; id++)
    out(e, "\t{0x%llx, %d, %u, %u},\n", (unsigned long long)p->lens[id], p->first[id], p->count[id],
        p->start[id]);
  out(e, "}\n\n// fieldEntries are the entries, by name, then value length, then index.\n"
         "var fieldEntries = [FieldCount]fieldEntry{\n");
  for (size_t k = 0; k < f->n; k++) {
    size_t x = p->order[k];
    out(e, "\t{%zu, %zu, %zu},\n", x, f->v[x].vlen, p->offset[x]);
  }
  out(e, "}\n\n// values are the values, each once.\nconst values = ");
  go_string(e, p->pool, p->pool_size, "\t");
  out(e, "\n");
}

void output_go_fields(struct emitter *e) {
  if (e->fields == NULL)
    return;
  out(e, "\n");
  put_template(e, template_go_fields);
  out(e, "\n");
  go_typed(e, template_go_field_match, GO_BYTES, NULL, NULL);
  out(e, "\n");
  go_typed(e, template_go_field_match, GO_STRING, NULL, NULL);
  out(e, "\n");
  put_field_entries(e);
  put_field_tables(e);
}
