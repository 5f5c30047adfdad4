/* emit_go_tables.c: the tables of a table's Go package (hhn-gen --go), from the plan by the
   render layer (render.h) in Go's syntax (go_syntax.c): the word hash's lengths and slots, or a
   sum's values, its hash and slots; the pool of names; with --fields, the static table and its
   match's records. */
#include "go_sections.h"

#include "go_template.h"

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
      l->len_span - 1, l->slot_span - 1);
  put_template(e, template_go_word_types);
  out(e, "\n");
  render_records(e, RECORD_LENS);
  render_records(e, RECORD_SLOTS);
  render_slot_ids(e);
  if (l->chained)
    render_array(e, ARRAY_NEXT);
  if (l->path.words || l->chained)
    render_pool(e);
}

/* Writes a sum's hash of type t. */
static void put_hash(struct emitter *e, enum go_type t) {
  const struct layout *l = e->l;
  go_typed(e,
           "// hash@S is the hash of a name of MinLength to MaxLength bytes: a slot, or past "
           "them.\nfunc hash@S(s @T) uint32 {\n\tn := len(s)\n",
           t, NULL, NULL);
  out(e, "\th := uint32(%s)\n", l->hash_length ? "n" : "0");
  render_terms(e);
  if (l->displaced)
    out(e, "\th = (h + disp[h>>%d]) & 0x%lx\n", l->bucket_shift, (unsigned long)l->slot_mask);
  out(e, "\treturn h\n}\n\n");
}

/* Writes a sum's hash and its tables. */
static void put_sum_tables(struct emitter *e) {
  const struct layout *l = e->l;
  render_array(e, ARRAY_ASSO);
  if (l->per_length)
    render_array(e, ARRAY_PER_LENGTH);
  if (l->displaced)
    render_array(e, ARRAY_DISP);
  put_hash(e, GO_BYTES);
  put_hash(e, GO_STRING);
  if (l->clamped) /* the helpers of the reads clamped into a name */
    put_template(e, template_go_clamp), out(e, "\n");
  out(e, "// slotCount is how many slots the table has.\nconst slotCount = %zu\n\n", l->slots);
  render_slot_ids(e);
  render_pool(e);
}

void output_go_tables(struct emitter *e) {
  if (e->l->word)
    put_word_tables(e);
  else
    put_sum_tables(e);
}

void output_go_fields(struct emitter *e) {
  if (e->fields == NULL)
    return;
  put_template(e, template_go_fields);
  out(e, "\n");
  go_typed(e, template_go_field_match, GO_BYTES, NULL, NULL);
  out(e, "\n");
  go_typed(e, template_go_field_match, GO_STRING, NULL, NULL);
  out(e, "\n");
  render_fields(e);
}
