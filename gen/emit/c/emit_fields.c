/* emit_fields.c: the sections of a static table of fields (hhn-gen --fields): P.h's
   declarations of P_field and P_field_lower, P_fields and their types; in P.c, the match's
   tables, P_fields and the match (table.c.in's field_at, after the lookup's own paths:
   emit_lookups.c's output_field_bodies); and P_test.c's copy of the entries. */
#include <stdio.h>
#include <stdlib.h>

#include "emit_sections.h"
#include "fieldmatch.h"
#include "fields.h"
#include "render.h"
#include "table_template.h" /* template_NAME: gen/emit/c/table.c.in's sections, made by the build */

/* The parameters of P_field and P_field_lower. */
static const char *const field_params[] = {"const char *name", "size_t nlen", "const char *value",
                                           "size_t vlen"};

/* Writes the declaration of P_field or P_field_lower, head its type and name: on one line in
   P.h (which clang-format leaves alone there), as clang-format lays it out in one file. */
static void put_declaration(struct emitter *e, const char *head) {
  char *sig;
  if (!e->o->static_file) {
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
  if (e->fields == NULL)
    return;
  out(e, "\n");
  comment(e,
          "The static table of %s (hhn-gen --fields): @P_FIELD_COUNT entries, each a name of the "
          "list and a value, numbered from 0 in the table's order. HPACK's index on the wire "
          "(RFC 7541) is this index plus 1, and nghttp2's own is this one; QPACK's (RFC 9204) "
          "is this one.",
          e->o->fields_source);
  out(e, "#define @P_FIELD_COUNT %zu\n\n", e->fields->n);
  comment(e,
          "What @p_field and @p_field_lower answer: the name's id (@P_UNKNOWN, -1, if it "
          "is not in the list); name: the %s entry with that name, or -1; field: the entry "
          "with that name and that value, or -1.",
          e->match->name_last ? "last" : "first");
  out(e, "struct @p_match {\n  int id;\n  short name, field;\n};\n\n");
  comment(e, "Returns the match of the field of name name[0..nlen), exactly in lowercase as "
             "HTTP/2 and HTTP/3 send it (as @p_lookup_lower), and value value[0..vlen), in one "
             "call: the id, the name's entry (see @p_match), the entry of the name and the value. "
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
  if (!e->o->static_file) {
    comment(e, "The entries, by index.");
    out(e, "extern const struct @p_entry @p_fields[@P_FIELD_COUNT];\n");
  }
}

/* Writes one record: the lengths of its name's values, its first entry, how many entries it
   has and where they begin in entry[] (an id of -1: none of the list's, a slot with no name). */
static void put_record(struct emitter *e, long id, size_t at) {
  const struct fieldmatch *p = e->match;
  if (id < 0)
    out(e, "    {UINT64_C(0x0), -1, 0, 0}, /* %zu */\n", at);
  else
    out(e, "    {UINT64_C(0x%llx), %d, %u, %u}, /* %zu */\n", (unsigned long long)p->lens[id],
        p->first[id], p->count[id], p->start[id], at);
}

/* The id of slot s's name, or -1 (the empty slot). */
static long slot_name_id(const struct emitter *e, size_t s) {
  long j = e->l->slot_id[s];
  return j < 0 ? -1 : e->list->v[j].id;
}

/* Writes the match's tables: the records (each slot's, in a table of slots, read beside its
   id; else each id's), the entries by name and the values. */
static void put_field_table(struct emitter *e) {
  const struct fields *f = e->fields;
  const struct fieldmatch *p = e->match;
  const struct layout *l = e->l;
  size_t records = l->records ? (size_t)e->list->id_limit : l->slots;
  out(e,
      "static const struct @~field_table {\n"
      "  /* for each %s: bit n set where an entry of its name has a value of n\n"
      "     bytes (bit 63: 63 or more), its name's %s entry (-1: none), how many entries its\n"
      "     name has, and where they begin in entry[] */\n"
      "  struct {\n    uint64_t lens;\n    short first;\n    uint_least16_t count, start;\n"
      "  } rec[%zu];\n"
      "  /* the entries, by name, then value length, then index: each one's index, its value's\n"
      "     length, and where its value begins in values */\n"
      "  struct {\n    uint_least16_t index, len;\n    uint_least32_t offset;\n"
      "  } entry[%zu];\n"
      "  /* the values, each once */\n"
      "  unsigned char values[%zu];\n"
      "} @~field_index = {\n  {\n",
      l->records ? "id" : "slot (its name's, read beside its id)",
      e->match->name_last ? "last" : "first", records, f->n, p->pool_size ? p->pool_size : 1);
  for (size_t r = 0; r < records; r++)
    put_record(e, l->records ? (long)r : slot_name_id(e, r), r);
  out(e, "  },\n  {\n");
  for (size_t k = 0; k < f->n; k++) {
    size_t x = p->order[k];
    out(e, "    {%zu, %zu, %zu}, /* %zu */\n", x, f->v[x].vlen, p->offset[x], k);
  }
  out(e, "  },\n  {\n");
  if (p->pool_size == 0)
    out(e, "    0,\n");
  else if (put_bytes(e, p->pool, p->pool_size, 0) > 0)
    out(e, "\n");
  out(e, "  },\n};\n");
}

/* Writes the entries' public array, by index. */
static void put_entries(struct emitter *e) {
  const struct fields *f = e->fields;
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

/* Writes the value compare, the match's end, its bodies and the public functions. */
static void put_functions(struct emitter *e) {
  static const char *const same[] = {"const unsigned char *a", "const unsigned char *b",
                                     "size_t n"};
  static const char *const at[] = {"int id", "size_t r", "const char *value", "size_t vlen"};
  static const char *const rules[2] = {"@p_field", "@p_field_lower"};
  put_function(e,
               "Whether a[0..n) and b[0..n) are the same bytes: 8 at a time, the last 8 "
               "overlapping the word before; under 8, two 4-byte pieces that overlap, or the "
               "first, middle and last of up to 3 bytes. Reads only a[0..n) and b[0..n).",
               "@~INLINE int @~field_same(", same, 3, ") {\n", template_field_same);
  put_template(e, template_field_none);
  if (e->o->static_file) /* the answer of one file's match, built once (emit_lookups.c) */
    put_function(e,
                 "The entry of a field whose name has record rec[r] and whose value is "
                 "value[0..vlen), or -1: found among the name's entries alone, by their lengths, "
                 "then their bytes.",
                 "@~INLINE short @~field_entry(", at + 1, 3, ") {\n", template_field_entry);
  if (e->l->chained > 0 || !e->o->static_file) /* what a match answers but in one file */
    put_function(e,
                 "The match of a field whose name has id id, and record rec[r], and whose value is "
                 "value[0..vlen): the id, the name's entry, and the entry of its name with "
                 "that value, if any, found among the name's entries alone, by their lengths, "
                 "then their bytes.",
                 "@~INLINE struct @p_match @~field_at(", at, 4, ") {\n", template_field_at);
  output_field_bodies(e);
  for (int r = 0; r < 2; r++) {
    char head[64], *sig;
    /* in one file, inlined into the caller: gcc 12 calls them else, about 1.3 times as slow in
       make bench-fields (docs/benchmarks.md, "Fields") */
    snprintf(head, sizeof head, "%sstruct @p_match %s(", e->o->static_file ? "@~INLINE " : "",
             rules[r]);
    sig = signature(e, head, field_params, 4, ") {\n");
    out(e, "\n%s", sig ? sig : "");
    free(sig);
    if (e->l->path.common)
      out(e, "  return @~field_portable(name, nlen, value, vlen, %d);\n}\n", r == 0);
    else
      out(e, "  return @~field_rare((const unsigned char *)name, nlen, value, vlen, %d);\n}\n",
          r == 0);
  }
}

/* Writes the static table's part of P.c: the tables, the entries and the match. */
void output_fields(struct emitter *e) {
  if (e->fields == NULL)
    return;
  out(e, "\n");
  comment(e,
          "The static table of %s: its %zu entries, and what @p_field and @p_field_lower read to "
          "find one. A field's name takes the path of its lookup to its %s, whose record tells "
          "its entry, and the lengths of its values: a value of a length that none of "
          "them has (most values) ends there; else the name's entries of that length are "
          "compared with it, byte by byte.",
          e->o->fields_source, e->fields->n, e->l->records ? "id" : "slot, read beside its id");
  out(e, "/* clang-format off */\n");
  put_field_table(e);
  out(e, "\n/* The entries, by index: name, value, their lengths, the name's id. */\n");
  put_entries(e);
  out(e, "/* clang-format on */\n");
  put_functions(e);
}
