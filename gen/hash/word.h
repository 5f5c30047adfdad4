/* word.h: hhn-gen's word hash (struct wordfn): a key of a name's first and last 4
   bytes, times a multiplier found for each length, whose top bits pick a slot among the
   length's. It reads no table before the name, so that a lookup's slot waits on two loads of
   the name, a multiply and a shift: about a third less than a sum of associated values. */
#ifndef HHN_GEN_WORD_H
#define HHN_GEN_WORD_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "names.h"

#define WORD_PIECE 4                           /* bytes of each end of a name that its key holds */
#define WORD_FOLD UINT64_C(0x2020202020202020) /* a key's case bits: ORed in, letters fold */
#define WORD_TRIES 65536 /* multipliers tried for a length at each number of slots */
#define WORD_MAX_BITS 24 /* the most slots a length may take: 1 << WORD_MAX_BITS */
/* The longest list that takes the word hash unless asked: past it, a word table's slots (2 to 3
   a name, 37 bytes each) outgrow an index into records (docs/design.md, "Indexed tables") */
#define WORD_LIST 500
#define WORD_SLACK 4  /* most slots a name of the word hash taken unless asked (plus 64) */
#define WORD_ASKED 16 /* most slots a name of the word hash asked for (plus 64) */
/* The most names that a word hash taken unless asked may chain: a chain is looked up byte by
   byte, out of line. */
#define WORD_CHAINED(n) (1 + (n) / 100)

/* The word hash: for a name of len bytes, the top bits of its key (its first or middle
   4 bytes and its last 4, or for a shorter name its first, middle and last byte, letters folded)
   times mul[len] (word_product) give one of the 1 << (64 - shift[len]) slots of its length, from
   base[len]. Names of one length with one key (rare: they differ only past their first and last 4
   bytes, or in the case bit of '^' and '~') share that slot's place: the first of them has the
   slot, and each of the others a slot of its own after every length's, chained from the slot before
   (next[slot], 0 for none). Every length without a name has slot 0, which is empty. */
struct wordfn {
  uint64_t mul[NAMES_MAX_LENGTH + 1];
  unsigned char shift[NAMES_MAX_LENGTH + 1];
  size_t base[NAMES_MAX_LENGTH + 1];
  size_t slots;    /* every slot: the empty one, every length's, the chained */
  size_t regions;  /* the slots before the chained ones */
  size_t *slot_of; /* each name's slot, by its index in the list (malloc'd) */
  size_t *next;    /* each slot's chained slot, or 0 (malloc'd, slots of them) */
  size_t chained;  /* how many names are chained */
  int lower_folds; /* a key byte of a name of 4 bytes or more has no case bit ('^', '_'): the
                      lowercase rule folds its key too, as the other rule does */
  int middle;      /* the key's first piece is the 4 bytes from len / 2 - 2, not the first 4:
                      taken where it chains fewer names */
  int narrow;      /* the key is placed by word_product's 32-bit form */
};

/* The product whose top bits place a key of a length whose multiplier is mul: key * mul modulo
   2^64; or, narrow, for a language whose multiplies are 32-bit (JavaScript's Math.imul), the
   key's low half times mul's high half plus the key's high half times mul's low half, modulo
   2^32, as the top 32 bits: two multiplies where the 64-bit product's top half takes six. */
static inline uint64_t word_product(uint64_t key, uint64_t mul, int narrow) {
  if (!narrow)
    return key * mul;
  uint32_t top = (uint32_t)key * (uint32_t)(mul >> 32) + (uint32_t)(key >> 32) * (uint32_t)mul;
  return (uint64_t)top << 32;
}

/* The key of s[0..len) (len 1 to 255), as the lookups make it. Of 4 bytes or more: its first 4
   bytes (or, middle, the 4 from len / 2 - 2), then its last 4, as a little-endian number, ORed
   with WORD_FOLD (the case bit of every byte) to fold, else as they are. Of fewer: s[0] |
   s[len / 2] << 8 | s[len - 1] << 16, its letters in lowercase to fold: every byte of the
   name, so that no two such names share one. */
uint64_t word_key(const unsigned char *s, size_t len, int fold, int middle);

/* The slot that w's hash gives a key of a len-byte name (for a chained name, its chain's
   first). */
size_t word_slot(const struct wordfn *w, uint64_t key, size_t len);

/* How many slots w gives names of len bytes, from w->base[len]: 1 for one name or none (the
   empty slot 0). */
size_t word_region(const struct wordfn *w, size_t len);

/* Whether the list takes the word hash when no hash is asked for: it has at most WORD_LIST
   names, one of WORD_PIECE bytes or more, and two names of one length (else the length alone
   tells them apart, which a sum of associated values does with no read of the name). */
int word_fits(const struct names *list);

/* The most slots a word hash of n names may take: per_name (WORD_SLACK or WORD_ASKED) slots a
   name, and 64 for the empty slot and a small list's slack. */
#define WORD_BUDGET(per_name, n) ((per_name) * (n) + 64)

/* Makes the word hash of the list in w, in at most `budget` slots, by word_product's 32-bit
   form if narrow: the key whose first piece (the first 4 bytes, or the middle 4) chains fewer
   names, the first on a tie (narrow: the first unless it chains more than WORD_CHAINED allows);
   for each length, the fewest slots (a power of two) for which one of WORD_TRIES multipliers
   from a fixed sequence tells its keys apart; then the chained names. Returns 0, or -1 with d
   set: out of memory, no name of WORD_PIECE bytes or more, or no hash in the budget (a length
   whose keys no multiplier tells apart in the slots left, or in 1 << WORD_MAX_BITS). */
int word_hash(const struct names *list, size_t budget, int narrow, struct wordfn *w,
              struct diag *d);

/* Checks that each name is found where its key leads: its slot, or a slot chained from it, in
   range; that no two names have one slot; and that lower_folds is set where it must be. Sets
   *max_hash to w's largest slot. Returns 0, or -1 with the failure in d. */
int word_check(const struct wordfn *w, const struct names *list, unsigned *max_hash,
               struct diag *d);

/* Frees what word_hash allocated. */
void word_free(struct wordfn *w);

#endif
