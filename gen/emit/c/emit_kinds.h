/* emit_kinds.h: the text of each layout kind (emit_kinds.c), for the sections that write it. */
#ifndef HHN_GEN_EMIT_KINDS_H
#define HHN_GEN_EMIT_KINDS_H

#include "layout.h"

/* What the output says of one kind of layout. A text with placeholders takes its numbers in
   the order given; a text that takes fewer formats the first of them. */
struct kind_text {
  /* The description: after "N names of A to B bytes in N slots"; how a lookup finds a slot,
     and what it holds. */
  const char *slots, *finds, *holds;
  /* The constants the lookups find a slot with (%s: slot_const of the slot's size, %zu; then
     %zu: the empty slot), or NULL for none. */
  const char *constants, *slot_const;
  /* What the hash is, after "for a len between the shortest and the longest name's". */
  const char *hash_is;
  /* Finding the slot: the declarations, the lines from the hash (%s: the hash function, %s:
     the input; %d: the bucket shift, %zu: the slots less one), the line after the slot's
     offset h, and the slot's length and id (of one byte, or two). */
  const char *find_decls, *find, *at, *len, *id[2];
  /* What the rare path reads of the slot (%zu: the record's head). */
  const char *rare_reads;
  /* The common path's compare: what it reads of the slot (%zu, %zu: the record's head), the
     mask it folds with, the expression of d; the compare of a long name's bytes between its
     first and last 8: its head, what it ORs into d for the 8 bytes at a position (%s, three
     times: of bytes, and of UTF-16 units narrowed to bytes), and its end. */
  const char *pieces_reads, *pieces_fold, *pieces_d, *words, *words_d, *words16_d, *words_end;
  /* What the comment on the common path's compare adds (NULL: nothing). */
  const char *pieces_note;
  /* The common path's compare as a call of @~pieces, with SSE2 where the CPU has it (NULL:
     the kind compares in line, by pieces_fold and pieces_d). */
  const char *pieces_call;
  /* units16's lowercase name (%zu: the record's head). */
  const char *units_lower;
  /* The table: what the associated values' comment adds, the pool's member comment, the
     pool's data comment (%s: the id's bytes), the table's alignment, and where the vector
     lookup compares. */
  const char *asso_says, *pool_says, *pool_intro, *aligned, *vector_where;
  /* The vector lookup: before the slot is found, the masked load, what the fold's comment
     adds, the fold, the compare's comment and the compare (%zu: the record's head), the answer (%s:
     the slot's id), and the UTF-16 load's end. */
  const char *vector_before, *vector_load, *vector_folded, *vector_fold, *vector_compare,
      *vector_ne, *vector_pick, *vector_load16;
};

/* The text of each kind, indexed by enum layout_kind. */
extern const struct kind_text kinds[];

#endif
