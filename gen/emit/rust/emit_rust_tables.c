/* emit_rust_tables.c: the tables of a table's Rust module (hhn-gen --rust), from the plan by
   the render layer (render.h) in Rust's syntax (rust_syntax.c): the word hash's lengths and
   slots, or a sum's values, its hash and slots; the pool of names; with --fields, the static
   table and its match's records. */
#include "rust_sections.h"

#include "rust_template.h"

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
  render_records(e, RECORD_LENS);
  render_records(e, RECORD_SLOTS);
  render_slot_ids(e);
  if (l->chained)
    render_array(e, ARRAY_NEXT);
  if (l->path.words || l->chained)
    render_pool(e);
}

/* Writes a sum's hash and its tables. */
static void put_sum_tables(struct emitter *e) {
  const struct layout *l = e->l;
  render_array(e, ARRAY_ASSO);
  if (l->per_length)
    render_array(e, ARRAY_PER_LENGTH);
  if (l->displaced)
    render_array(e, ARRAY_DISP);
  out(e, "/// The hash of a name of `MIN_LENGTH` to `MAX_LENGTH` bytes: a slot, or past them.\n"
         "#[inline(always)]\n#[allow(dead_code)]\nfn hash(s: &[u8]) -> u32 {\n    let len = "
         "s.len();\n");
  out(e, "    let mut h: u32 = %s;\n", l->hash_length ? "len as u32" : "0");
  render_terms(e);
  if (l->displaced)
    out(e, "    h = h.wrapping_add(DISP[(h >> %d) as usize]) & 0x%lx;\n", l->bucket_shift,
        (unsigned long)l->slot_mask);
  out(e, "    h\n}\n\n");
  rust_item(e, "The slots.", NULL, 0, "const SLOT_COUNT: usize = %zu;\n\n", l->slots);
  render_slot_ids(e);
  render_pool(e);
}

void output_rust_tables(struct emitter *e) {
  if (e->l->word)
    put_word_tables(e);
  else
    put_sum_tables(e);
}

void output_rust_fields(struct emitter *e) {
  if (e->fields == NULL)
    return;
  put_template(e, template_rs_fields);
  out(e, "\n");
  render_fields(e);
}
