/* emit_fields.c: the sections of a static table of fields (hhn-gen --fields): P.h's
   declarations of P_field and P_field_lower, P_fields and their types; in P.c, the value
   lookup's tables, P_fields and the match (table.c.in's field_match); and P_test.c's copy of
   the entries. */
#include <stdio.h>
#include <stdlib.h>

#include "emit_sections.h"
#include "fieldhash.h"
#include "fields.h"
#include "table_template.h" /* template_NAME: gen/table.c.in's sections, made by the build */

/* The parameters of P_field and P_field_lower. */
static const char *const field_params[] = {"const char *name", "size_t nlen", "const char *value",
                                           "size_t vlen"};

/* Writes the declaration of P_field or P_field_lower, head its type and name: on one line in
   P.h (which clang-format leaves alone there), as clang-format lays it out in one file. */
static void put_declaration(struct emitter *e, const char *head) {
  char *sig;
  if (!e->o->one_file) {
    out(e, "%sconst char *name, size_t nlen, const char *value, size_t vlen)@n;\n",
        spelled(e, head));
    return;
  }
  if ((sig = signature(e, head, field_params, 4, ");\n")) != NULL)
    out(e, "%s", sig);
  free(sig);
}

/* Writes P.h's part (or, in one file, its header part): the count, the types, the functions
   and, outside one file, the entries' array. */
void output_field_declarations(struct emitter *e) {
  if (e->o->fields == NULL)
    return;
  out(e, "\n");
  comment(e,
          "The static table of %s (hhn-gen --fields): @P_FIELD_COUNT entries, each a name of the "
          "list and a value, numbered from 0 in the table's order. HPACK's index on the wire "
          "(RFC 7541) is this index plus 1, and nghttp2's own is this one; QPACK's (RFC 9204) "
          "is this one.",
          e->o->fields_source);
  out(e, "#define @P_FIELD_COUNT %zu\n\n", e->o->fields->n);
  comment(e, "What @p_field and @p_field_lower answer: the name's id (@P_UNKNOWN, -1, if it "
             "is not in the list); name: the first entry with that name, or -1; field: the entry "
             "with that name and that value, or -1.");
  out(e, "struct @p_match {\n  int id;\n  short name, field;\n};\n\n");
  comment(e, "Returns the match of the field of name name[0..nlen), exactly in lowercase as "
             "HTTP/2 and HTTP/3 send it (as @p_lookup_lower), and value value[0..vlen), in one "
             "call: the id, the first entry of the name, the entry of the name and the value. "
             "Values compare byte for byte (\"GET\" is not \"get\"); an empty value matches an "
             "entry's empty value. Takes any bytes and lengths; name or value may be NULL when "
             "its length is 0. Reads only name[0..nlen) and value[0..vlen).");
  put_declaration(e, "@dstruct @p_match @p_field_lower(");
  out(e, "\n");
  comment(e, "The same with the name matched ASCII case-insensitively (as @p_lookup).");
  put_declaration(e, "@dstruct @p_match @p_field(");
  out(e, "\n");
  comment(e, "One entry, for a decoder: its name (in lowercase) and value, NUL-terminated, their "
             "lengths, and the name's id.");
  out(e, "struct @p_entry {\n  const char *name, *value;\n  unsigned short name_len, value_len;\n"
         "  int id;\n};\n");
  if (!e->o->one_file) {
    comment(e, "The entries, by index.");
    out(e, "extern const struct @p_entry @p_fields[@P_FIELD_COUNT];\n");
  }
}

/* Writes the value lookup's numbers and tables: each id's first entry, the slots, the entries
   and the values. */
static void put_field_table(struct emitter *e) {
  const struct fields *f = e->o->fields;
  const struct fieldhash *p = e->o->fieldhash;
  size_t slots = (size_t)1 << p->bits;
  out(e, "#define @~FIELD_MUL UINT64_C(0x%016llx)\n#define @~FIELD_SHIFT %d\n",
      (unsigned long long)p->mul, 64 - p->bits);
  out(e, "#define @~FIELD_CHAINS %d\n", p->chained > 0);
  out(e,
      "static const struct @~field_table {\n"
      "  /* for each id: the first entry with its name, the entry of its name and an empty\n"
      "     value (-1: none), and the longest value of its entries (0: none but empty) */\n"
      "  struct {\n    short first, empty;\n    uint_least16_t longest;\n  } ids[%ld];\n"
      "  /* for each slot, 1 + the first entry whose value's key it is, or 0 */\n"
      "  uint_least16_t slot[%zu];\n"
      "  /* for each entry: its name's id, its value's length, 1 + the next entry of its\n"
      "     slot (0: none), and where its value begins in values */\n"
      "  struct {\n    uint_least16_t id, len, next;\n    uint_least32_t offset;\n"
      "  } entry[%zu];\n"
      "  /* the values, each once */\n"
      "  unsigned char values[%zu];\n"
      "} @~field_index = {\n  {",
      e->list->id_limit, slots, f->n, p->pool_size ? p->pool_size : 1);
  for (long i = 0; i < e->list->id_limit; i++)
    out(e, "%s{%d, %d, %u},", i % 5 ? " " : "\n    ", p->first[i], p->empty[i], p->longest[i]);
  out(e, "\n  },\n  {");
  for (size_t i = 0; i < slots; i++)
    out(e, "%s%u,", i % 16 ? " " : "\n    ", p->slot[i]);
  out(e, "\n  },\n  {\n");
  for (size_t i = 0; i < f->n; i++)
    out(e, "    {%ld, %zu, %u, %zu}, /* %zu */\n", p->id[i], f->v[i].vlen, p->next[i], p->offset[i],
        i);
  out(e, "  },\n  {\n");
  if (p->pool_size == 0)
    out(e, "    0,\n");
  else if (put_bytes(e, p->pool, p->pool_size, 0) > 0)
    out(e, "\n");
  out(e, "  },\n};\n");
}

/* Writes the entries' public array, by index. */
static void put_entries(struct emitter *e) {
  const struct fields *f = e->o->fields;
  out(e, "@dconst struct @p_entry @p_fields[@P_FIELD_COUNT] = {\n");
  for (size_t i = 0; i < f->n; i++) {
    const struct entry *x = &f->v[i];
    out(e, "    /* %zu */ {", i);
    put_string(e, x->name, x->nlen);
    out(e, ",\n        ");
    put_string(e, x->value, x->vlen);
    out(e, ",\n        %zu, %zu, @P_%s},\n", x->nlen, x->vlen, e->list->v[x->name_at].ident);
  }
  out(e, "};\n");
}

/* Writes a function: its comment, its signature (head, params, then tail) and its body. */
static void put_function(struct emitter *e, const char *what, const char *head,
                         const char *const params[], int n, const char *tail, const char *body) {
  char *sig = signature(e, head, params, n, tail);
  out(e, "\n");
  comment(e, "%s", what);
  if (sig != NULL)
    out(e, "%s", sig);
  free(sig);
  put_template(e, body);
}

/* Writes the value compare, the match and the public functions. */
static void put_functions(struct emitter *e) {
  static const char *const same[] = {"const unsigned char *a", "const unsigned char *b",
                                     "size_t n"};
  static const char *const match[] = {"int id", "const char *value", "size_t vlen"};
  static const char *const rules[2][2] = {{"@p_field", "@p_lookup"},
                                          {"@p_field_lower", "@p_lookup_lower"}};
  put_function(e,
               "Whether a[0..n) and b[0..n) are the same bytes: 8 at a time, the last 8 "
               "overlapping the word before; under 8, two 4-byte pieces that overlap, or each "
               "byte of up to 3. Reads only a[0..n) and b[0..n).",
               "@~INLINE int @~field_same(", same, 3, ") {\n", template_field_same);
  put_function(e,
               "The match of a field whose name has id id (@P_UNKNOWN: none) and whose value is "
               "value[0..vlen): the id's first entry; its entry of an empty value, for an empty "
               "one; none, for one longer than its entries'; else the slot of the value's key "
               "(the id, the length, and the first, middle and last bytes, from the lowest bits) "
               "times FIELD_MUL, its top bits; and the entries of its chain (one, where no two "
               "share the slot), each compared by id, length and bytes.",
               "@~INLINE struct @p_match @~field_match(", match, 3, ") {\n", template_field_match);
  for (int r = 0; r < 2; r++) {
    char head[64], *sig;
    /* the common path's lookup where the table has one, which the compiler can inline: in
       make bench-fields, 1.2 times as fast as the public lookup's pick of the AVX-512 one at
       each call (docs/benchmarks.md, "Fields") */
    const char *lookup =
        e->l->path.common ? lookups[r ? MATCH_LOWER : MATCH_FOLD].portable : rules[r][1];
    snprintf(head, sizeof head, "@sstruct @p_match %s(", rules[r][0]);
    sig = signature(e, head, field_params, 4, ") {\n");
    out(e, "\n%s", sig ? sig : "");
    free(sig);
    out(e, "  int id = %s(name, nlen);\n  return @~field_match(id, value, vlen);\n}\n",
        spelled(e, lookup));
  }
}

/* Writes the static table's part of P.c: the tables, the entries and the match. */
void output_fields(struct emitter *e) {
  const struct fieldhash *p = e->o->fieldhash;
  if (e->o->fields == NULL)
    return;
  out(e, "\n");
  comment(e,
          "The static table of %s: its %zu entries, and what @p_field and @p_field_lower read "
          "to find one. The name's id gives its first entry, its entry of an empty value and "
          "its longest value (ids); a value no longer and not empty, its key (the id, the "
          "length, the first, middle and last bytes) times FIELD_MUL, its top %d bits: a slot; the "
          "slot, the first entry of the chain of those whose key leads there (%zu "
          "entr%s not the first of its chain), each compared by id, length and bytes with the "
          "value.",
          e->o->fields_source, e->o->fields->n, p->bits, p->chained,
          p->chained == 1 ? "y is" : "ies are");
  out(e, "/* clang-format off */\n");
  put_field_table(e);
  out(e, "\n/* The entries, by index: name, value, their lengths, the name's id. */\n");
  put_entries(e);
  out(e, "/* clang-format on */\n");
  put_functions(e);
}

/* Writes P_test.c's copy of the entries, for its reference: refentries[] and REFENTRIES (none
   without --fields). */
void output_test_fields(struct emitter *e) {
  const struct fields *f = e->o->fields;
  if (f == NULL)
    return;
  comment(e, "The static table as hhn-gen read it: each entry's name and value, in index order.");
  out(e, "static const struct refentry {\n  const char *name, *value;\n  size_t nlen, vlen;\n"
         "} refentries[] = {\n");
  for (size_t i = 0; i < f->n; i++) {
    out(e, "    {");
    put_string(e, f->v[i].name, f->v[i].nlen);
    out(e, ", ");
    put_string(e, f->v[i].value, f->v[i].vlen);
    out(e, ", %zu, %zu},\n", f->v[i].nlen, f->v[i].vlen);
  }
  out(e, "};\nenum { REFENTRIES = %zu };\n\n", f->n);
}
