/* emit_rust.c: the sections of a table's Rust module (hhn-gen --rust) that are Rust's own: the
   order of the ids' items (the render layer writes them), Id's accessors, the lookups and the
   classifications, around the fixed text of gen/emit/rust/table.rs.in. */
#include "rust_sections.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "rust_template.h"

void rust_item(struct emitter *e, const char *doc, const char *lints, int table, const char *fmt,
               ...) {
  char head[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(head, sizeof head, fmt, ap);
  va_end(ap);
  if (doc != NULL)
    out(e, "/// %s\n", doc);
  out(e, "#[allow(dead_code%s%s)]\n%s%s", lints ? ", " : "", lints ? lints : "",
      table ? "#[rustfmt::skip]\n" : "", head);
}

/* Writes the ids' tables: every id in order, an id by number, and each id's names, flags and
   attributes. */
static void put_id_tables(struct emitter *e) {
  render_records(e, RECORD_ALL);
  render_by_id(e, BY_ID_NUMBER);
  render_by_id(e, BY_ID_NAME);
  render_by_id(e, BY_ID_LOWER);
  if (e->list->nflags > 0)
    render_by_id(e, BY_ID_FLAGS);
  if (e->list->nkeys > 0)
    render_by_id(e, BY_ID_ATTRS);
}

void output_rust_ids(struct emitter *e) {
  render_ids(e);
  put_template(e, template_rs_class);
  out(e, "\n");
  put_id_tables(e);
}

/* Writes the accessors of Id: the template's, then the flags and attributes. */
void output_rust_accessors(struct emitter *e) {
  put_template(e, template_rs_impl);
  put_template(e, e->list->nflags > 0 ? template_rs_flags : template_rs_no_flags);
  put_template(e, e->list->nkeys > 0 ? template_rs_attr : template_rs_no_attr);
  out(e, "\n");
  put_template(e, template_rs_traits);
  if (e->l->id_bytes == 1)
    put_template(e, template_rs_from_u8);
}

/* Writes the word hash's key of a name of 4 bytes or more, k, and its fold. */
static void put_word_key(struct emitter *e) {
  out(e, "    // the key: the name's %s 4 bytes and its last 4, %s\n",
      e->l->key_middle ? "middle" : "first",
      e->l->lower_folds ? "ORed with 0x20 (both rules: '^' or '_')" : "ORed with 0x20 to fold");
  out(e, "    let k = load4(s, %s) | load4(s, len - 4) << 32;\n",
      e->l->key_middle ? "len / 2 - 2" : "0");
  out(e, e->l->lower_folds ? "    let k = k | FOLD;\n"
                           : "    let k = if fold { k | FOLD } else { k };\n");
}

/* Writes find, the lookup of both case rules, of the word hash, and its rare path and chains. */
static void put_word_find(struct emitter *e) {
  const struct layout *l = e->l;
  int words = l->path.words;
  put_template(e, template_rs_word_head);
  put_word_key(e);
  put_template(e, template_rs_word_slot);
  out(e, "    let %sd = if fold {\n", words ? "mut " : "");
  put_template(e, template_rs_word_compare);
  if (words)
    put_template(e, template_rs_word_words);
  put_template(e, l->chained ? template_rs_word_end : template_rs_word_end_unchained);
  out(e, "\n");
  if (l->chained)
    put_template(e, template_rs_chained), out(e, "\n");
  put_template(e, l->path.rare ? template_rs_rare : template_rs_no_rare);
  out(e, "\n");
  put_template(e, template_rs_load4);
  if (words)
    out(e, "\n"), put_template(e, template_rs_load8);
  if (l->chained)
    out(e, "\n"), put_template(e, template_rs_same);
}

void output_rust_lookups(struct emitter *e) {
  put_template(e, template_rs_lookups);
  out(e, "\n");
  if (e->l->word) {
    put_word_find(e);
  } else {
    put_template(e, template_rs_sum_head);
    out(e, "\n");
    put_template(e, template_rs_same);
  }
  out(e, "\n");
}
