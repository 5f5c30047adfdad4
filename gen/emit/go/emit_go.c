/* emit_go.c: the sections of a table's Go package (hhn-gen --go) that are Go's own: the order
   of the ids' items (the render layer writes them), the accessors, the lookups and the
   classifications, typed for []byte and string, around the fixed text of
   gen/emit/go/table.go.in. */
#include "go_sections.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "go_template.h"

void go_typed(struct emitter *e, const char *text, enum go_type t, const char *name,
              const char *fold) {
  const char *with[] = {"@T", t == GO_BYTES ? "[]byte" : "string",
                        "@S", t == GO_BYTES ? "Bytes" : "String",
                        "@F", t == GO_BYTES ? "" : "String",
                        "@N", name ? name : "",
                        "@B", fold ? fold : ""};
  size_t size = strlen(text) * 9 + 1, n = 0; /* no marker grows 9 times: "@N" at most */
  char *buf = malloc(size);
  if (buf == NULL)
    return emit_failed(e, ENOMEM);
  for (const char *s = text; *s;) {
    size_t k = 0;
    while (k < 10 && strncmp(s, with[k], 2) != 0)
      k += 2;
    if (k < 10)
      n += (size_t)sprintf(buf + n, "%s", with[k + 1]), s += 2;
    else
      buf[n++] = *s++;
  }
  buf[n] = '\0';
  put_template(e, buf);
  free(buf);
}

/* Writes the ids' tables and the accessors of the flags and attributes. */
static void put_id_tables(struct emitter *e) {
  const struct names *list = e->list;
  render_records(e, RECORD_ALL);
  render_by_id(e, BY_ID_NAME);
  render_by_id(e, BY_ID_LOWER);
  put_template(e, list->nflags > 0 ? template_go_flags : template_go_no_flags);
  out(e, "\n");
  put_template(e, list->nkeys > 0 ? template_go_attr : template_go_no_attr);
  out(e, "\n");
  if (list->nflags > 0)
    render_by_id(e, BY_ID_FLAGS);
  if (list->nkeys > 0)
    render_by_id(e, BY_ID_ATTRS);
}

void output_go_ids(struct emitter *e) {
  render_ids(e);
  put_template(e, template_go_class);
  out(e, "\n");
  put_id_tables(e);
}

/* The public lookups: their names, for []byte and string, and what they do. */
static const struct {
  const char *name, *fold, *doc;
} lookups[4] = {
    {"Lookup", "true",
     "Lookup returns the id of the field name s, matched ASCII case-insensitively (only the 52 "
     "letters fold: '-' never matches CR, '@' never a backquote), and whether the list has "
     "it. It takes any bytes of any length, reads only s and allocates nothing."},
    {"LookupLower", "false",
     "LookupLower returns the id of the name whose lowercase spelling is exactly s, and whether "
     "the list has it: any uppercase letter makes a name unknown, as HTTP/2 and HTTP/3 require "
     "(RFC 9113 section 8.2.1, RFC 9114 section 4.2). Otherwise the same as Lookup."},
    {"LookupString", "true", "LookupString is Lookup of a string."},
    {"LookupLowerString", "false", "LookupLowerString is LookupLower of a string."},
};

/* Writes the word hash's key of a name of 4 bytes or more, k, and its fold, for type t. */
static void put_word_key(struct emitter *e, enum go_type t) {
  out(e, "\t// the key: the name's %s 4 bytes and its last 4, %s\n",
      e->l->key_middle ? "middle" : "first",
      e->l->lower_folds ? "ORed with 0x20 (both rules: '^' or '_')" : "ORed with 0x20 to fold");
  go_typed(e,
           e->l->key_middle ? "\tk := load4@S(s, n/2-2) | y&^0xffffffff\n"
                            : "\tk := x&0xffffffff | y&^0xffffffff\n",
           t, NULL, NULL);
  out(e, e->l->lower_folds ? "\tk |= fold64\n" : "\tif fold {\n\t\tk |= fold64\n\t}\n");
}

/* Writes lookup k (of lookups[]) of the word hash. */
static void put_word_find(struct emitter *e, int k) {
  enum go_type t = k < 2 ? GO_BYTES : GO_STRING;
  render_doc(e, "//", lookups[k].doc), out(e, "\n");
  go_typed(e, template_go_word_head, t, lookups[k].name, lookups[k].fold);
  go_typed(e, e->l->path.rare ? template_go_rare : template_go_no_rare, t, NULL, NULL);
  go_typed(e, template_go_word_common, t, NULL, NULL);
  put_word_key(e, t);
  go_typed(e, template_go_word_slot, t, NULL, NULL);
  if (e->l->path.words)
    go_typed(e, template_go_word_words, t, NULL, NULL);
  go_typed(e, e->l->chained ? template_go_word_end : template_go_word_end_unchained, t, NULL, NULL);
  out(e, "\n");
}

/* Writes the helpers of type t that the lookups call. */
static void put_helpers(struct emitter *e, enum go_type t) {
  go_typed(e, template_go_classify, t, NULL, NULL);
  out(e, "\n");
  if (e->l->word && e->l->chained)
    go_typed(e, template_go_chained, t, NULL, NULL), out(e, "\n");
  if (e->l->byte_compare) /* what reads a name byte by byte */
    go_typed(e, template_go_same, t, NULL, NULL), out(e, "\n");
}

void output_go_lookups(struct emitter *e) {
  for (int k = 0; k < 4; k++) {
    if (e->l->word) {
      put_word_find(e, k);
    } else {
      render_doc(e, "//", lookups[k].doc), out(e, "\n");
      go_typed(e, template_go_sum_find, k < 2 ? GO_BYTES : GO_STRING, lookups[k].name,
               lookups[k].fold);
      out(e, "\n");
    }
  }
  put_helpers(e, GO_BYTES);
  put_helpers(e, GO_STRING);
  put_template(e, template_go_load_bytes);
  out(e, "\n");
  put_template(e, template_go_load_string);
  out(e, "\n");
  put_template(e, template_go_tchar);
  if (e->l->word && e->l->path.rare)
    out(e, "\n"), put_template(e, template_go_lower_byte);
  out(e, "\n");
}
