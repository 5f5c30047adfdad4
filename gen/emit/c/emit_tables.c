/* emit_tables.c: the sections of a table's source that hold its data: the table's type and
   every array of it, the names and the attributes, each rendered from the plan (layout.h). */
#include "emit_sections.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "emit_kinds.h"

/* === The table's type ========================================================================= */

/* Writes the struct of a direct slot, and checks its size, which the associated values are
   multiplied by; and the alignment that keeps a slot in one cache line. */
static void output_slot_type(struct emitter *e) {
  out(e,
      "\n/* A slot: the first and last 8 bytes of a name in lowercase, and their mask: 0x20 (a "
      "space)\n   where the name has a letter, 0 elsewhere. A name of 4 to 7 bytes is held as "
      "the two\n   4-byte pieces that a lookup compares, its first and last 4 bytes, twice; a "
      "shorter one\n   as it is. */\n"
      "struct @~slot {\n  unsigned char lower[%d], mask[%d];\n};\n"
      "typedef char @p_slot_is_%d_bytes[sizeof(struct @~slot) == %d ? 1 : -1];\n",
      LAYOUT_HELD, LAYOUT_HELD, LAYOUT_SLOT, LAYOUT_SLOT);
  out(e, "\n/* No slot crosses a cache line if the table starts on one (GCC and Clang can say "
         "so). */\n"
         "#if defined(__GNUC__)\n#define @~ALIGNED __attribute__((__aligned__(64)))\n#else\n"
         "#define @~ALIGNED\n#endif\n");
}

/* Writes the members of the table that both kinds of layout have: the associated values and
   the per-length table. */
static void output_table_head(struct emitter *e) {
  const struct layout *l = e->l;
  if (l->asso.what != NULL)
    out(e,
        "  /* the associated value of each byte (and length) at a hashed position%s; a "
        "letter's\n     two cases share it */\n"
        "  %s asso[%d];\n",
        kinds[l->kind].asso_says, ctype_name(l->asso.type), l->nasso);
  if (l->lens_f.what == NULL)
    return;
  if (l->word) {
    out(e,
        "  /* for each length: the multiplier of a key; its first slot, base; shift, what keeps\n"
        "     the top bits of a key times the multiplier, the slot among the length's; p and q,\n"
        "     where the second and third of the four 4-byte pieces that the compare reads begin"
        "%s */\n"
        "  uint64_t mul[%zu];\n"
        "  struct {\n    %s base;\n    %s shift, p, q%s;\n",
        l->path.avx2 ? spelled(e, ";\n     words and tail, where @~lookup_avx2's mask of the "
                                  "name's whole 4-byte words and\n     shuffle of its last 4 "
                                  "begin in their windows")
                     : "",
        l->max + 1, ctype_name(l->lens_base.type), ctype_name(l->lens_f.type),
        l->path.avx2 ? ", words, tail" : "");
    if (l->lens_pad > 0)
      out(e, "    unsigned char unused[%zu];\n", l->lens_pad);
    out(e, "  } lens[%zu];\n", l->max + 1);
    return;
  }
  out(e, "  /* for each length:%s%s%s */\n", l->lens_at ? " at, the byte that the hash reads;" : "",
      l->lens_pieces ? " p and q, where the second and third\n     of the four 4-byte pieces "
                       "that the compare reads begin"
                     : "",
      l->lens_pieces > 2 ? "; cmp, where what it reads of the\n     record's name begins, from "
                           "the name"
                         : "");
  out(e, "  struct {\n    %s %s%s%s;\n", ctype_name(l->lens_f.type), l->lens_at ? "at" : "",
      l->lens_at && l->lens_pieces ? ", " : "",
      l->lens_pieces > 2 ? "p, q, cmp"
      : l->lens_pieces   ? "p, q"
                         : "");
  if (l->lens_pad > 0)
    out(e, "    unsigned char unused[%zu];\n", l->lens_pad);
  out(e, "  } lens[%zu];\n", l->max + 1);
}

/* Writes the members of the direct layout: after the head (see output_table_head), each
   slot's name's length, id and offset in the pool; then the padding that puts the slots on a
   cache line (see plan_order), the slots and the vector slots. */
static void output_direct_slots_type(struct emitter *e) {
  if (e->l->slots_pad > 0)
    out(e,
        "  /* unused: the slots begin on a multiple of 64 bytes */\n"
        "  unsigned char pad[%zu];\n",
        e->l->slots_pad);
  out(e,
      "  /* for each hash, a slot; one more, empty, for a hash past the largest */\n"
      "  struct @~slot slots[%zu];\n",
      e->l->slots);
  if (e->l->path.vector && !e->l->pooled)
    out(e,
        "#if defined(@~VECTOR)\n"
        "  /* for each hash, a vector slot: a name of up to 32 bytes in lowercase, then %s */\n"
        "  unsigned char vslots[%zu][%zu];\n"
        "#endif\n",
        e->l->word ? "0s; then its\n     mask, then 0s (32 bytes each); in an empty slot of a "
                     "length, a copy of one of its\n     names; in the first, 0xFF and a mask of "
                     "0s"
                   : "'A's, which\n     no input folded to lowercase has",
        e->l->slots, e->l->vslot_size);
}
static void output_direct_meta_type(struct emitter *e) {
  out(e,
      "  /* for each slot, its name's length (0: none), id, and offset in the pool%s%s */\n"
      "  unsigned char len[%zu];\n  %s id[%zu];\n  %s offset[%zu];\n",
      e->l->word ? " (an empty slot of\n     a length holds a copy's)" : "",
      e->l->chained ? "; and the slot\n     chained after it (0: none)" : "", e->l->slots,
      ctype_name(e->l->id.type), e->l->slots, ctype_name(e->l->offset.type), e->l->slots);
  if (e->l->chained)
    out(e, "  %s next[%zu];\n", ctype_name(e->l->next.type), e->l->slots);
}

/* Writes the members of the indexed layout after the head: the displacements, if any, and the
   index. */
static void output_indexed_type(struct emitter *e) {
  const struct layout *l = e->l;
  if (l->displaced)
    out(e,
        "  /* for each bucket, the displacement added to a sum; for each slot, the offset of its\n"
        "     record in the pool (0: no name has it) */\n"
        "  %s disp[%zu];\n  %s index[%zu];\n",
        ctype_name(l->disp.type), l->buckets, ctype_name(l->offset.type), l->slots);
  else
    out(e,
        "  /* for each hash: the offset of its record in the pool (0: no name has it); one "
        "more,\n     0, for a hash past the largest */\n"
        "  %s index[%zu];\n",
        ctype_name(l->offset.type), l->slots);
}

/* Writes the declaration of the table: its members, each with what it holds. */
static void output_table_type(struct emitter *e) {
  const struct layout *l = e->l;
  if (!l->records)
    output_slot_type(e);
  out(e, "\n/* clang-format off */\n");
  comment(e, "The tables of the lookups, in one object, so that one register can address them "
             "all.");
  out(e, "static const struct @~table {\n");
  output_table_head(e);
  if (!l->records) {
    output_direct_meta_type(e);
    output_direct_slots_type(e);
  } else {
    output_indexed_type(e);
  }
  if (l->path.vector)
    out(e,
        "#if defined(@~VECTOR)\n"
        "  /* for each length, the mask of its bytes (0 for a length the vector lookups leave to "
        "the\n     portable one) */\n"
        "  %s k[%zu];\n"
        "#endif\n",
        ctype_name(l->mask.type), l->vhi + 1);
  if (l->vector_consts)
    out(e, "#if defined(@~AVX512)\n"
           "  /* @~lookup_avx512's constants, each a byte 32 times: 'A', 26 (the letters from 'A') "
           "and 32\n     (the case bit) */\n"
           "  unsigned char a[32], letters[32], case_bit[32];\n"
           "#endif\n");
  if (l->path.avx2)
    out(e,
        "#if defined(@~AVX2)\n"
        "  /* @~lookup_avx2's windows: 32 bytes of each, from lens[len].words and .tail, are the "
        "mask of\n     the name's whole 4-byte words (0xFF to take a word) and the shuffle "
        "of its last 4\n     bytes into their place (0x80 for none) */\n"
        "  unsigned char words[%d], tail[%d];\n"
        "#endif\n",
        LAYOUT_WINDOW, LAYOUT_WINDOW);
  inner_comment(e, "%s", kinds[l->kind].pool_says);
  out(e, "  unsigned char pool[%zu];\n} @~table%s = {\n", l->pool,
      spelled(e, kinds[l->kind].aligned));
}

/* === The table's data ========================================================================= */

/* Writes the per-length table, every length from 0 in order (C++ has no array designators),
   zeros below the shortest name's. */
static void output_lens(struct emitter *e) {
  const struct layout *l = e->l;
  const struct field *f = &l->lens_f;
  if (l->word) { /* a multiplier is any 64-bit number: uint64_t holds it */
    out(e, "  {");
    for (size_t len = 0; len <= l->max; len++)
      out(e, "%sUINT64_C(0x%016llx),", len % 3 ? " " : "\n    ", l->lens[len].mul);
    out(e, "\n  },\n");
  }
  out(e, "  {\n");
  for (size_t len = 0; len <= l->max; len++) {
    const struct lens_entry *v = &l->lens[len];
    out(e, "    /* %zu */ {", len);
    if (l->word)
      out(e, "%lld, %lld, ", checked(e, &l->lens_base, (long long)v->base),
          checked(e, f, v->shift));
    if (l->lens_at)
      out(e, "%lld%s", checked(e, f, v->at), l->lens_pieces ? ", " : "");
    if (l->path.avx2) /* p and q, then the windows' offsets */
      out(e, "%lld, %lld, %lld, %lld", checked(e, f, v->p), checked(e, f, v->q),
          checked(e, f, v->words), checked(e, f, v->tail));
    else if (l->lens_pieces)
      out(e, "%lld, %lld", checked(e, f, v->p), checked(e, f, v->q));
    if (l->lens_pieces > 2)
      out(e, ", %lld", checked(e, f, v->cmp));
    /* every field, even the unused ones, for -Wmissing-field-initializers */
    out(e, l->lens_pad > 0 ? ", {0}},\n" : "},\n");
  }
  out(e, "  },\n");
}

/* Writes the bytes of a direct slot's name, or of their mask, as struct held has them. */
static void put_held(struct emitter *e, const unsigned char *b, int n) {
  out(e, "{");
  put_bytes(e, b, (size_t)n, 0);
  out(e, "}");
}

/* Writes the direct slots, in slot order, so that the table reads like one; an empty slot's
   bytes are 0 (every slot written, since C++ has no array designators). */
static void output_slots(struct emitter *e) {
  const struct layout *l = e->l;
  out(e, "  {\n");
  for (size_t s = 0; s < l->slots; s++) {
    if (l->slot_id[s] < 0 && l->held[s].n == 0) {
      out(e, "    /* %zu: empty */ {{0}, {0}},\n", s);
      continue;
    }
    if (l->slot_id[s] < 0) /* the word hash's slot 0 */
      out(e,
          "    /* %zu: no name, and halves that no input's first 4 bytes, twice, match */\n    {",
          s);
    else
      out(e, "    /* %zu: %s@P_%s */\n    {", s, l->copy && l->copy[s] ? "a copy of " : "",
          e->list->v[l->slot_id[s]].ident);
    put_held(e, l->held[s].lower, l->held[s].n);
    out(e, ",\n      ");
    put_held(e, l->held[s].mask, l->held[s].n);
    out(e, "},\n");
  }
  out(e, "  },\n");
}

/* Writes the length, id and offset in the pool of each direct slot's name. */
static void output_meta(struct emitter *e) {
  const struct layout *l = e->l;
  static const char *const what[] = {"len", "id", "offset", "next"};
  const struct field *fields[] = {&l->slot_len, &l->id, &l->offset, &l->next};
  for (int k = 0; k < (l->chained ? 4 : 3); k++) {
    out(e, "  { /* %s */", what[k]);
    for (size_t s = 0; s < l->slots; s++) {
      long id = l->slot_id[s];
      size_t v = k == 3   ? l->next_slot[s]
                 : id < 0 ? 0
                 : k == 0 ? e->list->v[id].len
                 : k == 1 ? (size_t)e->list->v[id].id
                          : l->place[id].at;
      out(e, "%s%lld,", s % 16 ? " " : "\n    ", checked(e, fields[k], (long long)v));
    }
    out(e, "\n  },\n");
  }
}

/* Writes the index: the offset of the record of each hash. */
static void output_index(struct emitter *e) {
  const struct layout *l = e->l;
  int width = snprintf(NULL, 0, "%zu", l->pool);
  out(e, "  {");
  for (size_t s = 0; s < l->slots; s++)
    out(e, "%s%*lld,", s % (width > 3 ? 8 : 16) ? " " : "\n    ", width,
        checked(e, &l->offset, l->slot_id[s] < 0 ? 0 : (long long)l->place[l->slot_id[s]].at));
  out(e, "\n  },\n");
}

/* Writes the direct layout's vector slots (see fill_slots in layout.c). */
static void output_vslots(struct emitter *e) {
  out(e, "#if defined(@~VECTOR)\n  {\n");
  for (size_t s = 0; s < e->l->slots; s++) { /* brace lists: C++ has no room for a NUL */
    out(e, "    {");
    put_bytes(e, e->l->vslot[s], e->l->vslot_size, 0);
    out(e, "},\n");
  }
  out(e, "  },\n#endif\n");
}

/* Writes the AVX2 lookup's windows: 32 bytes of 0xFF, then 32 of 0, whose 32 from
   LAYOUT_VECTOR_MAX - len / 4 * 4 take a name's whole words; and the shuffle that puts its last
   4 bytes, broadcast to each 4-byte lane, at len - 4 (0x80, 28 times, then 0 to 3, then 0x80),
   whose 32 from LAYOUT_VECTOR_MAX - len do, 0x80 elsewhere. */
static void output_windows(struct emitter *e) {
  unsigned char words[LAYOUT_WINDOW], tail[LAYOUT_WINDOW];
  for (int b = 0; b < LAYOUT_WINDOW; b++) {
    words[b] = b < LAYOUT_VECTOR_MAX ? 0xFF : 0;
    tail[b] = b >= LAYOUT_VECTOR_MAX - 4 && b < LAYOUT_VECTOR_MAX
                  ? (unsigned char)(b - (LAYOUT_VECTOR_MAX - 4))
                  : 0x80;
  }
  out(e, "#if defined(@~AVX2)\n  {");
  put_bytes(e, words, LAYOUT_WINDOW, 0);
  out(e, "},\n  {");
  put_bytes(e, tail, LAYOUT_WINDOW, 0);
  out(e, "},\n#endif\n");
}

/* Writes the AVX-512 lookup's per-length masks and constants, the constants as brace lists (a
   string of 32 bytes would leave no room for its NUL in C++). */
static void output_vector_constants(struct emitter *e) {
  static const unsigned char vectors[] = {'A', 26, 32};
  const struct layout *l = e->l;
  out(e, "#if defined(@~VECTOR)\n  {");
  for (size_t len = 0; len <= l->vhi; len++)
    out(e, "%s0x%08llx,", len % 6 ? " " : "\n    ",
        (unsigned long long)checked(e, &l->mask, (long long)l->vmask[len]));
  out(e, "\n  },\n#endif\n");
  if (l->vector_consts) {
    out(e, "#if defined(@~AVX512)\n");
    for (int i = 0; i < 3; i++) {
      out(e, "  {");
      for (int b = 0; b < 32; b++)
        out(e, "%s%u", b ? ", " : "", vectors[i]);
      out(e, "},\n");
    }
    out(e, "#endif\n");
  }
  if (l->path.avx2)
    output_windows(e);
}

/* Writes the pool: (indexed) the empty record, each name's bytes in two runs, then the
   spellings that are not lowercase; the zeros after them, for the reads past the last, C
   writes. */
static void output_pool(struct emitter *e) {
  const struct layout *l = e->l;
  out(e, kinds[l->kind].pool_intro, l->id_bytes > 1 ? "2 bytes, low first" : "a byte");
  if (l->head > 0) { /* the empty record */
    put_bytes(e, l->pool_bytes, l->head, 0);
    out(e, "\n");
  }
  for (size_t i = 0; i < e->list->n; i++) {
    const struct place *p = &l->place[i];
    out(e, "    /* %zu: @P_%s */\n    ", p->at, e->list->v[i].ident);
    put_bytes(e, l->pool_bytes + p->at, p->second - p->at, 0);
    if (p->end > p->second) {
      out(e, "\n    ");
      put_bytes(e, l->pool_bytes + p->second, p->end - p->second, 0);
    }
    out(e, "\n");
  }
  for (size_t i = 0; i < e->list->n; i++)
    if (l->place[i].spell != l->place[i].lower) {
      out(e, "    /* %zu */\n    ", l->place[i].spell);
      put_bytes(e, l->pool_bytes + l->place[i].spell, e->list->v[i].len + 1, 0);
      out(e, "\n");
    }
  out(e, "  },\n};\n");
}

/* Writes the flags of a name as a C expression: P_FLAG_A | P_FLAG_B, or 0. */
static void put_flags(struct emitter *e, const struct name *nm) {
  int any = 0;
  for (int i = 0; i < e->list->nflags; i++)
    if ((nm->flags >> i) & 1) {
      out(e, any++ ? " | @P_FLAG_" : "@P_FLAG_");
      put_ident(e, e->list->flag[i]);
    }
  if (!any)
    out(e, "0");
}

/* The index in the list of the name of each id from 0 to the list's id limit, or -1 for an id
   that is no name's (malloc'd, or NULL after noting the failure): the tables by id are
   written in id order, every id, since C++ has no array designators. */
static long *names_by_id(struct emitter *e) {
  const struct names *list = e->list;
  long *at = malloc((size_t)(list->id_limit > 0 ? list->id_limit : 1) * sizeof *at);
  if (at == NULL) {
    emit_failed(e, ENOMEM);
    return NULL;
  }
  for (long id = 0; id < list->id_limit; id++)
    at[id] = -1;
  for (size_t i = 0; i < list->n; i++)
    at[list->v[i].id] = (long)i;
  return at;
}

/* Writes the names table: each id's lowercase name, spelling, length and flags. */
static void output_names(struct emitter *e) {
  const struct layout *l = e->l;
  out(e,
      "\n/* The offsets in the pool of each id's name in lowercase and as the list spells it, "
      "its\n   length%s%s. */\n",
      l->flags.what ? " and its flags" : "", l->sparse ? " (0 for an id that is no name's)" : "");
  out(e, "static const struct {\n  %s lower, spell;\n  %s len;\n", ctype_name(l->offset.type),
      ctype_name(l->name_len.type));
  if (l->flags.what)
    out(e, "  %s flags;\n", ctype_name(l->flags.type));
  out(e, "} @~names[@P_ID_LIMIT] = {\n");
  long *at = names_by_id(e);
  for (long id = 0; at != NULL && id < e->list->id_limit; id++) {
    if (at[id] < 0) {
      out(e, "  /* %ld: no name */ {0, 0, 0%s},\n", id, l->flags.what ? ", 0" : "");
      continue;
    }
    size_t i = (size_t)at[id];
    const struct name *nm = &e->list->v[i];
    out(e, "  /* @P_%s */ {%lld, %lld, %lld", nm->ident,
        checked(e, &l->offset, (long long)l->place[i].lower),
        checked(e, &l->offset, (long long)l->place[i].spell),
        checked(e, &l->name_len, (long long)nm->len));
    if (l->flags.what) {
      checked(e, &l->flags, (long long)nm->flags);
      out(e, ", ");
      put_flags(e, nm);
    }
    out(e, "},\n");
  }
  free(at);
  out(e, "};\n");
}

/* Writes the numbered attributes of each id. */
static void output_attrs(struct emitter *e) {
  out(e,
      "\n"
      "/* The value of each numbered attribute (@P_ATTR_*) of each id; -1 where the list gives\n"
      "   none. */\n"
      "static const %s @~attrs[@P_ID_LIMIT][@P_ATTR_COUNT] = {\n",
      ctype_name(e->l->attr.type));
  long *at = names_by_id(e);
  for (long id = 0; at != NULL && id < e->list->id_limit; id++) {
    if (at[id] < 0) {
      out(e, "  /* %ld: no name */ {0},\n", id);
      continue;
    }
    out(e, "  /* @P_%s */ {", e->list->v[at[id]].ident);
    for (int k = 0; k < e->list->nkeys; k++)
      out(e, "%s%lld", k ? ", " : "", checked(e, &e->l->attr, e->list->v[at[id]].attr[k]));
    out(e, "},\n");
  }
  free(at);
  out(e, "};\n");
}

/* Writes the table, in the order of its members, then the names and the attributes. */
void output_tables(struct emitter *e) {
  const struct layout *l = e->l;
  output_table_type(e);
  if (l->asso.what != NULL) {
    out(e, "  {");
    put_numbers(e, &l->asso, l->values, (size_t)l->nasso, l->scale, "\n    ");
    out(e, "\n  },\n");
  }
  if (l->lens_f.what != NULL)
    output_lens(e);
  if (!l->records) {
    output_meta(e);
    if (l->slots_pad > 0)
      out(e, "  {0}, /* pad */\n");
    output_slots(e);
    if (l->path.vector && !l->pooled)
      output_vslots(e);
  }
  if (l->displaced) {
    out(e, "  {");
    put_numbers(e, &l->disp, l->displacement, l->buckets, 1, "\n    ");
    out(e, "\n  },\n");
  }
  if (l->records)
    output_index(e);
  if (l->path.vector)
    output_vector_constants(e);
  output_pool(e);
  output_names(e);
  if (l->attr.what != NULL)
    output_attrs(e);
  out(e, "/* clang-format on */\n");
}
