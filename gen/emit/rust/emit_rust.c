/* emit_rust.c: the sections of a table's Rust module (hhn-gen --rust): its description, the
   enum of ids and its accessors, the lookups and the classifications, from the same plan as
   the C output; the fixed text is gen/emit/rust/table.rs.in's, the tables are emit_rust_tables.c's.
 */
#include "rust_sections.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "rust_idents.h"
#include "rust_template.h"

/* Writes a comment (opener "//", or "///" for an item's doc), printf-style, its words
   wrapped. */
static void rdoc(struct emitter *e, const char *opener, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void rdoc(struct emitter *e, const char *opener, const char *fmt, ...) {
  char text[4096], cont[64];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(text, sizeof text, fmt, ap);
  va_end(ap);
  snprintf(cont, sizeof cont, "\n%s", opener);
  out(e, "%s", opener);
  wrap(e, text, strlen(opener), cont);
  out(e, "\n");
}

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

/* The type of an id's number: the smallest that holds the list's (u8 up to 256 ids). */
static const char *id_number(const struct emitter *e) { return e->l->id_bytes == 1 ? "u8" : "u16"; }

/* Writes the enum of ids, each variant with the list's spelling. */
static void put_enum(struct emitter *e) {
  const struct names *list = e->list;
  rdoc(e, "///",
       "A name of the list, by its id: the list's `id=N`, or the id before it plus one (0 for "
       "the first). `as u16` gives the number; `Id::from_u16` takes it back.");
  int plain = 0;
  for (size_t i = 0; i < list->n; i++)
    plain |= list->v[i].plain;
  out(e,
      "#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]\n"
      "#[repr(%s)]\n#[allow(dead_code, clippy::enum_variant_names, clippy::upper_case_acronyms)]\n"
      "#[rustfmt::skip]\n%spub enum Id {\n",
      id_number(e),
      plain ? "#[allow(non_camel_case_types)] // names whose CamelCase met keep their ids\n" : "");
  for (size_t i = 0; i < list->n; i++)
    out(e, "    /// %s\n    %s = %ld,\n", list->v[i].text, e->list->v[i].word, list->v[i].id);
  out(e, "}\n\n");
}

/* Writes the constants: the counts and lengths, and the flags' bits and the attributes' keys. */
static void put_constants(struct emitter *e) {
  const struct names *list = e->list;
  const struct layout *l = e->l;
  rust_item(e, "How many names the list has.", NULL, 0, "pub const COUNT: usize = %zu;\n", list->n);
  rust_item(e, "The largest id plus one.", NULL, 0, "pub const ID_LIMIT: usize = %ld;\n",
            list->id_limit);
  rust_item(e, "The length of the shortest name.", NULL, 0, "pub const MIN_LENGTH: usize = %zu;\n",
            l->min);
  rust_item(e, "The length of the longest name.", NULL, 0, "pub const MAX_LENGTH: usize = %zu;\n",
            l->max);
  for (int k = 0; k < list->nflags; k++) {
    out(e, "/// The bit of `Id::flags` for the list's flag `%s`.\n", list->flag[k]);
    rust_item(e, NULL, NULL, 0, "pub const FLAG_");
    put_ident(e, list->flag[k]);
    out(e, ": u32 = 1 << %d;\n", k);
  }
  for (int k = 0; k < list->nkeys; k++) {
    out(e, "/// The key of `Id::attr` for the list's `%s=N`.\n", list->key[k]);
    rust_item(e, NULL, NULL, 0, "pub const ATTR_");
    put_ident(e, list->key[k]);
    out(e, ": usize = %d;\n", k);
  }
  rust_item(e, "The type of an id's number: the smallest that holds the list's.", NULL, 0,
            "pub type IdNumber = %s;\n", id_number(e));
  rust_item(e, "How many keys the list gives attributes of.", NULL, 0,
            "pub const ATTR_COUNT: usize = %d;\n\n", list->nkeys);
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
  put_enum(e);
  put_constants(e);
  put_template(e, template_rs_class);
  out(e, "\n");
  put_id_tables(e);
}

/* Writes the accessors of Id: the template's, then the flags and attributes. */
void output_rust_accessors(struct emitter *e) {
  put_template(e, template_rs_impl);
  out(e, "\n    /// The flags (`FLAG_*`) that the list gives the name, ORed together; 0 for none.\n"
         "    pub const fn flags(self) -> u32 {\n");
  out(e, e->list->nflags > 0 ? "        FLAGS[self as usize]\n"
                             : "        let _ = self;\n        0\n");
  out(e, "    }\n\n"
         "    /// The value that the list gives the name for `key` (an `ATTR_*`), if any.\n"
         "    pub const fn attr(self, key: usize) -> Option<u32> {\n");
  if (e->list->nkeys > 0)
    out(e, "        if key >= ATTR_COUNT || ATTRS[self as usize][key] < 0 {\n"
           "            None\n"
           "        } else {\n"
           "            Some(ATTRS[self as usize][key] as u32)\n"
           "        }\n");
  else
    out(e, "        let _ = (self, key);\n        None\n");
  out(e, "    }\n}\n\n");
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
