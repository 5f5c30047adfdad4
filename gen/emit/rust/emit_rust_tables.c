/* emit_rust_tables.c: the tables of a table's Rust module (hhn-gen --rust), from the plan:
   the word hash's lengths and slots, or a sum's values and slots; the pool of names; with
   --fields, the static table and its match's records. */
#include "rust_sections.h"

#include <string.h>

#include "fieldhash.h"
#include "fields.h"
#include "rust_template.h"

/* Writes b[0..n), then 0s to `size` bytes, as a Rust byte string, `b"..."` (an array,
   `*b"..."`, if array), printable ASCII as it is but '"', '\\' and ' ', any other byte as
   \xNN, in lines of at most 96 columns joined by '\'. */
static void put_byte_string(struct emitter *e, const unsigned char *b, size_t n, size_t size,
                            int array) {
  size_t col = 6;
  out(e, "%sb\"", array ? "\n    *" : "");
  for (size_t i = 0; i < size; i++) {
    char x[8];
    unsigned c = i < n ? b[i] : 0;
    if (c > ' ' && c < 0x7F && c != '"' && c != '\\')
      x[0] = (char)c, x[1] = 0;
    else
      snprintf(x, sizeof x, "\\x%02X", c);
    if (col + strlen(x) > 96)
      out(e, "\\\n      "), col = 6;
    out(e, "%s", x);
    col += strlen(x);
  }
  out(e, "\"");
}

/* Writes the ids of the slots, each slot's name's (an empty slot's: the first name's, which
   never matches), and, if lens, the length of each. */
static void put_slot_ids(struct emitter *e, int lens) {
  const struct layout *l = e->l;
  rust_item(e, "Each slot's id (an empty slot's never matches).", NULL, 1,
            "static IDS: [Id; %zu] = [\n", l->slots);
  for (size_t s = 0; s < l->slots; s++)
    out(e, "    Id::%s,\n", rust_variant(e, l->slot_id[s] < 0 ? 0 : (size_t)l->slot_id[s]));
  out(e, "];\n");
  if (!lens)
    return;
  out(e, "\n");
  rust_item(e, "Each slot's name's length (0: none).", NULL, 1, "static LEN: [u8; %zu] = [",
            l->slots);
  for (size_t s = 0; s < l->slots; s++)
    out(e, "%s%zu,", s % 16 ? " " : "\n    ",
        l->slot_id[s] < 0 ? (size_t)0 : e->list->v[l->slot_id[s]].len);
  out(e, "\n];\n");
}

/* Writes the offset of each slot's name in the pool (doc: what is there), then the pool. */
static void put_pool(struct emitter *e, const char *array, const char *doc, int lower) {
  const struct layout *l = e->l;
  out(e, "\n");
  rust_item(e, "Where each slot's name begins in `POOL`.", NULL, 1, "static %s: [u32; %zu] = [",
            array, l->slots);
  for (size_t s = 0; s < l->slots; s++) {
    long i = l->slot_id[s];
    out(e, "%s%zu,", s % 16 ? " " : "\n    ",
        i < 0   ? (size_t)0
        : lower ? l->place[i].lower
                : l->place[i].at);
  }
  out(e, "\n];\n\n");
  rust_item(e, doc, NULL, 1, "static POOL: [u8; %zu] =", l->pool);
  put_byte_string(e, l->pool_bytes, l->used, l->pool, 1); /* C's 0s after the used bytes */
  out(e, ";\n");
}

/* Writes the word hash's slots: each slot's first and last 8 bytes and their mask. */
static void put_word_slots(struct emitter *e) {
  const struct layout *l = e->l;
  rust_item(e, "The slots, by hash.", NULL, 1, "static SLOTS: [Slot; %zu] = [\n", l->slots);
  for (size_t s = 0; s < l->slots; s++) {
    const struct held *h = &l->held[s];
    unsigned char lower[LAYOUT_HELD] = {0}, mask[LAYOUT_HELD] = {0};
    memcpy(lower, h->lower, (size_t)h->n), memcpy(mask, h->mask, (size_t)h->n);
    if (l->slot_id[s] < 0)
      out(e, "    // %zu: no name, and halves that no input's first 4 bytes, twice, match\n", s);
    else
      out(e, "    // %zu: %s\n", s, e->list->v[l->slot_id[s]].text);
    out(e, "    Slot {\n        lower: [");
    put_u64(e, lower), out(e, ", "), put_u64(e, lower + 8);
    out(e, "],\n        mask: [");
    put_u64(e, mask), out(e, ", "), put_u64(e, mask + 8);
    out(e, "],\n    },\n");
  }
  out(e, "];\n\n");
}

/* Writes the word hash's tables. */
static void put_word_tables(struct emitter *e) {
  const struct layout *l = e->l;
  out(e, "/// The lengths of the common path, and of the rare one.\n");
  rust_item(e, NULL, NULL, 0, "const COMMON_MIN: usize = %zu;\n", l->common.lo);
  rust_item(e, NULL, NULL, 0, "const COMMON_MAX: usize = %zu;\n", l->common.lo + l->common.width);
  if (l->path.rare) {
    rust_item(e, NULL, NULL, 0, "const RARE_MIN: usize = %zu;\n", l->rare.lo);
    rust_item(e, NULL, NULL, 0, "const RARE_MAX: usize = %zu;\n", l->rare.lo + l->rare.width);
  }
  rust_item(e, "The case bit of each byte of a key.", NULL, 0,
            "const FOLD: u64 = 0x2020202020202020;\n\n");
  put_template(e, template_rs_word_types);
  out(e, "\n");
  rust_item(e, "Each length's entry, by length.", NULL, 1, "static LENS: [Len; %zu] = [\n",
            l->max + 1);
  /* at: the first slot times 64 and the shift, packed by the plan; p and q in a u8 each */
  static const struct field pq = {"Len.p and Len.q of the Rust table", CTYPE_UCHAR, 0, 255};
  for (size_t len = 0; len <= l->max; len++)
    out(e, "    Len { mul: 0x%016llx, at: %lld, p: %lld, q: %lld },\n", l->lens[len].mul,
        checked(e, &l->lens_packed, (long long)l->lens[len].packed),
        checked(e, &pq, l->lens[len].p), checked(e, &pq, l->lens[len].q));
  out(e, "];\n\n");
  put_word_slots(e);
  put_slot_ids(e, l->path.rare);
  if (l->chained) {
    out(e, "\n");
    rust_item(e, "Each slot's chained slot (0: none).", NULL, 1, "static NEXT: [u32; %zu] = [",
              l->slots);
    for (size_t s = 0; s < l->slots; s++)
      out(e, "%s%zu,", s % 16 ? " " : "\n    ", l->next_slot[s]);
    out(e, "\n];\n");
  }
  if (l->path.words || l->chained)
    put_pool(e, "OFFSET",
             "Each name in lowercase and a NUL, then, past 16 bytes, the mask of its bytes\n/// "
             "from its 8th; then the list's spellings that are not lowercase.",
             0);
}

/* Writes the terms of a sum, one line each, after `let mut h`: each as the plan reads it
   (l->read[], the same reads as the C's). */
static void put_terms(struct emitter *e) {
  const struct layout *l = e->l;
  static const char add[] = "    h = h.wrapping_add(";
  for (int i = 0; i < l->nreads; i++) {
    const struct read *r = &l->read[i];
    char inc[16] = "";
    if (r->inc != 0)
      snprintf(inc, sizeof inc, " + %d", r->inc);
    switch (r->kind) {
    case READ_LENGTH:
      out(e, "%sASSO[len%s]);\n", add, inc);
      break;
    case READ_PER_LENGTH:
      out(e, "%sASSO[usize::from(s[usize::from(PER_LENGTH[len])])%s]);\n", add, inc);
      break;
    case READ_AT:
    case READ_FROM_END:
      out(e, "%sASSO[usize::from(s[%s%d])%s]);\n", add, r->kind == READ_FROM_END ? "len - " : "",
          r->a, inc);
      break;
    case READ_CLAMP_LAST: /* into the name: its last byte at most */
      out(e, "%sASSO[usize::from(s[(len - 1).min(%d)])%s]);\n", add, r->b, inc);
      break;
    case READ_CLAMP_FIRST: /* its first byte at least (clippy takes no other form) */
      out(e, "%sASSO[usize::from(s[len.saturating_sub(%d)])%s]);\n", add, r->b, inc);
      break;
    case READ_IF_LONGER:
    case READ_IF_AT_LEAST:
      out(e, "    if len %s %d {\n    %sASSO[usize::from(s[%s%d])%s]);\n    }\n",
          r->kind == READ_IF_LONGER ? ">" : ">=", r->a, add,
          r->kind == READ_IF_AT_LEAST ? "len - " : "", r->a, inc);
      break;
    }
  }
}

/* Writes a sum's hash and its tables. */
static void put_sum_tables(struct emitter *e) {
  const struct layout *l = e->l;
  size_t n = (size_t)l->nasso; /* the plan's: as many as the C table holds */
  rust_item(e, "The values of the hash's terms.", NULL, 1, "static ASSO: [u32; %zu] = [", n);
  for (size_t i = 0; i < n; i++)
    out(e, "%s%lu,", i % 8 ? " " : "\n    ", (unsigned long)l->values[i]);
  out(e, "\n];\n\n");
  if (l->per_length) {
    rust_item(e, "The byte the hash reads of each length.", NULL, 1,
              "static PER_LENGTH: [u8; %zu] = [", l->max + 1);
    for (size_t len = 0; len <= l->max; len++)
      out(e, "%s%u,", len % 16 ? " " : "\n    ", l->lens[len].at);
    out(e, "\n];\n\n");
  }
  if (l->displaced) {
    rust_item(e, "Each bucket's displacement.", NULL, 1, "static DISP: [u32; %zu] = [", l->buckets);
    for (size_t i = 0; i < l->buckets; i++)
      out(e, "%s%lu,", i % 8 ? " " : "\n    ", (unsigned long)l->displacement[i]);
    out(e, "\n];\n\n");
  }
  out(e, "/// The hash of a name of `MIN_LENGTH` to `MAX_LENGTH` bytes: a slot, or past them.\n"
         "#[inline(always)]\n#[allow(dead_code)]\nfn hash(s: &[u8]) -> u32 {\n    let len = "
         "s.len();\n");
  out(e, "    let mut h: u32 = %s;\n", l->hash_length ? "len as u32" : "0");
  put_terms(e);
  if (l->displaced)
    out(e, "    h = h.wrapping_add(DISP[(h >> %d) as usize]) & 0x%lx;\n", l->bucket_shift,
        (unsigned long)l->slot_mask);
  out(e, "    h\n}\n\n");
  rust_item(e, "The slots.", NULL, 0, "const SLOT_COUNT: usize = %zu;\n\n", l->slots);
  put_slot_ids(e, 1);
  put_pool(e, "AT", "Each name in lowercase, among the table's other bytes.", 1);
}

void output_rust_tables(struct emitter *e) {
  if (e->l->word)
    put_word_tables(e);
  else
    put_sum_tables(e);
}

/* Writes the static table's entries. */
static void put_field_entries(struct emitter *e) {
  const struct fields *f = e->fields;
  rust_item(e, "How many entries the static table has.", NULL, 0,
            "pub const FIELD_COUNT: usize = %zu;\n\n", f->n);
  rust_item(e, "The static table's entries, by index (from 0).", NULL, 1,
            "pub static FIELDS: [Field; FIELD_COUNT] = [\n");
  for (size_t i = 0; i < f->n; i++) {
    const struct entry *x = &f->v[i];
    out(e, "    Field { id: Id::%s, name: \"%.*s\", value: ", rust_variant(e, x->name_at),
        (int)x->nlen, x->name);
    put_byte_string(e, (const unsigned char *)x->value, x->vlen, x->vlen, 0);
    out(e, " },\n");
  }
  out(e, "];\n\n");
}

/* Writes the match's tables: each id's record, the entries by name, and the values. */
static void put_field_tables(struct emitter *e) {
  const struct fieldhash *p = e->match;
  const struct fields *f = e->fields;
  rust_item(e, "Each id's record.", NULL, 1, "static FIELD_IDS: [FieldId; ID_LIMIT] = [\n");
  for (long id = 0; id < e->list->id_limit; id++)
    out(e, "    FieldId { lens: 0x%llx, first: %d, count: %u, start: %u },\n",
        (unsigned long long)p->lens[id], p->first[id], p->count[id], p->start[id]);
  out(e, "];\n\n");
  rust_item(e, "The entries, by name, then value length, then index.", NULL, 1,
            "static FIELD_ENTRY: [FieldEntry; FIELD_COUNT] = [\n");
  for (size_t k = 0; k < f->n; k++) {
    size_t x = p->order[k];
    out(e, "    FieldEntry { index: %zu, len: %zu, at: %zu },\n", x, f->v[x].vlen, p->offset[x]);
  }
  out(e, "];\n\n");
  rust_item(e, "The values, each once.", NULL, 1, "static VALUES: [u8; %zu] =", p->pool_size);
  put_byte_string(e, p->pool, p->pool_size, p->pool_size, 1);
  out(e, ";\n");
}

void output_rust_fields(struct emitter *e) {
  if (e->fields == NULL)
    return;
  out(e, "\n");
  put_template(e, template_rs_fields);
  out(e, "\n");
  put_field_entries(e);
  put_field_tables(e);
}
