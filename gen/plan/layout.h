/* layout.h: the plan of a generated table: every size, offset, byte and choice its output
   depends on, worked out from the names and the hash before a byte is written, and checked.
   The emitter renders the plan and decides nothing. */
#ifndef HHN_GEN_LAYOUT_H
#define HHN_GEN_LAYOUT_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "hashfn.h"
#include "names.h"

#define LAYOUT_PIECE 4       /* bytes of a piece of the common path's compare */
#define LAYOUT_HELD 16       /* bytes of a name that a direct slot holds: its first and last 8 */
#define LAYOUT_VECTOR_MAX 32 /* the longest name that lookup_avx512 takes: a vector's bytes */
#define LAYOUT_SLOT 32       /* bytes of a direct slot, and of a slot of its vector table */
#define LAYOUT_VSLOT_MAX 64  /* bytes of a word table's vector slot: the name, then its mask */
#define LAYOUT_TEXT 1024     /* bytes of the hash's positions as text */
#define LAYOUT_WINDOW                                                                              \
  64 /* bytes of each window of the AVX2 lookup: 32 are read from an                               \
        offset of 0 to 32, so that a length with no lanes reads at 32 */

/* How the table holds the names. */
enum layout_kind {
  /* Slots of 32 bytes that hold the first and last 8 bytes of a name and their mask, found
     by the hash alone (its associated values are times 32, so a hash is a slot's offset),
     with the name's length, id and the offset of its bytes in the pool in arrays beside
     them; the bytes between, of a name over 16 bytes, are in the pool. With AVX-512, a second
     table of 32-byte slots: the name in lowercase, then 'A's. The fastest; the default when
     it is not much bigger than the other. */
  LAYOUT_DIRECT,
  /* An index of small offsets, by hash, into a pool of one record a name, which both lookups
     read: one more load a lookup, and no byte of a slot wasted. For big lists. */
  LAYOUT_INDEXED,
  /* The indexed layout, found by a hash of hhn-gen's own values (displace.h): the sum's top
     bits name a bucket, whose displacement, added to the sum, names the slot. For the lists
     gperf does not take: over 1,000 names, or none it solves in time. */
  LAYOUT_DISPLACED,
  /* The direct layout's slots, found by the word hash (word.h): a region of slots for each
     length, from lens[len].base, and the chained names after them. The slot's id is read
     through a pointer made from the length alone (ids), so that it waits on the hash and
     nothing more. The default, where it fits. */
  LAYOUT_WORD,
  /* The word layout with no vector slots: the vector lookups compare the name in the pool
     (one more load, through the slot's offset), and fold the input by a compare and an add.
     Under half the bytes with AVX-512 (--small, or a table whose vector slots would pass
     LAYOUT_VSLOTS_MAX bytes). */
  LAYOUT_WORD_POOLED,
};
#define LAYOUT_KINDS (LAYOUT_WORD_POOLED + 1)
/* The most bytes of vector slots a word table has; past them, its vector lookups read the
   pool (LAYOUT_WORD_POOLED). */
#define LAYOUT_VSLOTS_MAX 32768

/* How the rare path compares a name of fewer than LAYOUT_PIECE bytes. */
enum rare_shape {
  RARE_THREE,        /* 2 or 3 bytes: the first, the second and the last */
  RARE_TWO_OR_THREE, /* 1 to 3 bytes: those three, or the one */
  RARE_ONE,          /* 1 byte */
};

/* An integer type that the output stores numbers in. */
enum ctype {
  CTYPE_UCHAR,   /* unsigned char: 0 to 255 */
  CTYPE_U16,     /* uint_least16_t: 0 to 65535 */
  CTYPE_U32,     /* uint_least32_t: 0 to 2^32 - 1 */
  CTYPE_EXACT32, /* uint32_t: 0 to 2^32 - 1, and sums of it wrap around there */
  CTYPE_SCHAR,   /* signed char: -127 to 127 */
  CTYPE_SHORT,   /* short: -32767 to 32767 */
  CTYPE_S32,     /* int_least32_t: -2^31 + 1 to 2^31 - 1 */
};

/* A table of numbers that the output writes (or a value it computes): the type that holds
   them, chosen by the plan, and the least and the largest of them. layout_check refuses a plan
   where one does not fit its type, and the emitter writes no number outside its field. A field
   whose `what` is NULL is one the table does not have. */
struct field {
  const char *what; /* what it holds, for a message */
  enum ctype type;
  long long min, max;
};

/* The lookups a table has. Every table has lookup16 and the accessors. */
struct paths {
  int cold;   /* the rare path and the UTF-16 unit loop beside the common path, out of its way */
  int common; /* names of `lo` bytes or more: the four-piece compare (no branch on the length) */
  int rare;   /* names under LAYOUT_PIECE bytes, byte by byte: lookup_rare (with common) or the
                 whole lookup (without) */
  int vector; /* lookup_avx512 for names of min to vhi bytes, chosen when the program loads */
  int avx2;   /* lookup_avx2 for the same names, of a word table (its slots hold one length) */
  int words;  /* names over 16 bytes: the common path loops over the 8-byte words between */
};

/* The lengths a lookup takes, as its one range check reads them: len - lo > width rejects the
   rest (a length below lo wraps around). */
struct span {
  size_t lo, width;
};

/* How the hash reads a term, as C: `h += t->asso[INDEX + inc]`, after a guard if any. */
enum read_kind {
  READ_LENGTH,      /* the length: asso[len] */
  READ_AT,          /* the byte at a, which every name has */
  READ_FROM_END,    /* the byte at len - a, which every name has */
  READ_PER_LENGTH,  /* the byte at lens[len].at */
  READ_IF_LONGER,   /* gperf's own: the byte at a, if len > a */
  READ_IF_AT_LEAST, /* gperf's own: the byte at len - a, if len >= a */
  READ_CLAMP_LAST,  /* the byte at b if len > a, else the last byte */
  READ_CLAMP_FIRST, /* the byte at len - b if len > a, else the first byte */
};
#define READ_KINDS (READ_CLAMP_FIRST + 1)

/* One term as the hash reads it: its kind, the numbers its C holds, and its increment. */
struct read {
  enum read_kind kind;
  int a, b, inc;
};

/* One length's entry of the per-length table: the byte the hash reads, where the pieces of the
   common compare begin (p and q), and, indexed, where what it reads of a record begins (cmp), from
   the record's name; for the word hash, the length's multiplier, the shift that keeps the top
   bits of a key times it, and its first slot; with the AVX2 lookup, where the mask of the
   name's whole 4-byte words and the shuffle of its last 4 bytes begin in their windows (see
   LAYOUT_WINDOW). */
struct lens_entry {
  unsigned at, p, q, cmp, words, tail;
  unsigned long long mul;
  unsigned shift;
  size_t base;
  unsigned long packed; /* word: base << 6 | shift, one number for a target of one (Rust, Go) */
};

/* Where a name's bytes are, as offsets in the pool, and what they are.
   - Direct: its lowercase name and a NUL, then, for a name over 16 bytes, the mask of its
     bytes from the 8th on (0x20 where the name has a letter, else 0).
   - Indexed: a record, which starts with the name's length and id, then its lowercase name
     and a NUL; for a name of 4 to 7 bytes, then the two 4-byte pieces that the common compare
     reads of it (its first 4 bytes, then its last 4). No mask: its lookups fold the input.
   The output writes a place as two runs of bytes: [at, second) and [second, end). */
struct place {
  size_t at;    /* indexed: the record, which the index holds; direct: the lowercase name */
  size_t lower; /* its lowercase name, NUL-terminated (what @p_lower returns) */
  size_t spell; /* the list's spelling, NUL-terminated (the lowercase name, if the same) */
  size_t
      second; /* where the second run of its bytes begins (direct: the mask; indexed: the pieces) */
  size_t end; /* where its bytes end */
};

/* What a direct slot holds of its name: for 8 bytes or more, the first and last 8 in
   lowercase, and their mask; for 4 to 7, the first and last 4, twice; for fewer, the bytes. */
struct held {
  unsigned char lower[LAYOUT_HELD], mask[LAYOUT_HELD];
  int n; /* how many of each the output writes: 16, or the length of a shorter name */
};

/* The plan of a table. */
struct layout {
  enum layout_kind kind;
  size_t n, min, max; /* names, and the shortest and longest name's length */
  struct paths path;
  size_t lo;         /* the shortest name the common path takes */
  size_t vhi;        /* the longest name the vector path takes */
  size_t slots;      /* slots: one for each hash from 0 to the largest, and one more,
                        empty, which a hash past the largest takes */
  int nasso;         /* associated values that the hash indexes */
  unsigned asso_top; /* the largest of them */
  int per_length;    /* the hash reads lens[len].at */
  int clamped;       /* a position the hash reads lies past one end of a shorter name */
  int displaced;     /* the hash's values are hhn-gen's own, with a displacement a bucket */
  int records;       /* the names are records of the pool, found by an index (else slots) */
  int word;          /* the word hash finds the slots (LAYOUT_WORD) */
  size_t chained;    /* word: how many names are chained (next[]); 0: none */
  int byte_compare;  /* a lookup compares a name byte by byte: a sum's, or a chained name's */
  int lower_folds;   /* word: the lowercase rule folds its key too */
  int key_middle;    /* word: the key's first piece is the 4 bytes from len / 2 - 2 */
  int key_narrow;    /* word: the key's halves are multiplied apart, in 32 bits (word.h) */
  enum rare_shape rare_shape; /* how the rare path compares */
  size_t id_bytes;            /* bytes of an id: 1, or 2 for an id over 255 */
  int sparse;                 /* some id below the largest is no name's */
  int ids_spread;    /* the ids are few among their numbers (over 4,096 numbers, under a quarter of
                        them a name's): a target finds a number's id by a search of the ids, not
                        in an array of every number */
  size_t head;       /* indexed: bytes of a record before its name (the length and the id) */
  size_t pool;       /* the pool's size, with room after it for the longest read */
  int flag_bytes;    /* bytes of a name's flags: 0 (the list has none), 1, 2 or 4 */
  int attr_bytes;    /* bytes of an attribute's value: 1, 2 or 4 (0: the list has none) */
  long *slot_id;     /* the id in each slot, or -1 */
  size_t *by_number; /* ids spread: the names (their places in the list) by their ids' order */
  size_t bytes;      /* the tables' size, as planned (the code aside) */
  /* lens[len] for len from min to max, and which of its members the table has: at, if the
     hash reads a byte per length; p and q (direct), or p, q and cmp (indexed), if the
     common path does; and the size of an entry, a power of two (unused bytes fill it) */
  struct lens_entry lens[NAMES_MAX_LENGTH + 1];
  int lens_at, lens_pieces;
  size_t lens_size, lens_pad; /* an entry's bytes, and those of them unused */
  /* direct: the bytes of padding before the slots, which follow the small tables (see
     plan_order), so that the slots begin on a cache line */
  size_t slots_pad;
  /* The hash: its reads in the output's order, whether it starts from the length (gperf's
     own), what its values are times (a slot's size in a direct table, so that a hash is a
     slot's offset, else 1), and the offset of the empty slot (not displaced). */
  struct read read[HASHFN_MAX_TERMS];
  int nreads, hash_length, reads_bytes;
  size_t scale, empty;
  /* The arrays of a target that masks its indexes rather than check them (Go): the word hash's
     hold a power of two of slots (slot_span; those past `slots` copies of slot 0, which no hash
     reaches) and of lengths (len_span, entries past `max` all 0); a sum's, its slots. */
  size_t slot_span, len_span;
  /* Displaced: a sum's bits below its bucket's, the buckets, and the slots less one. */
  int bucket_shift;
  size_t buckets, slot_mask;
  /* The lengths each lookup takes: the common path, the rare one (names under 4 bytes, or
     every name in a table of short names), the vector one, and lookup16 (every name). */
  struct span common, rare, vector, all;
  /* The bytes of the tables: the pool (its first `used` bytes; C fills the rest with 0),
     each name's place in it, each direct slot's bytes, each vector slot's 32 bytes, and the
     vector lookup's mask of each length. */
  unsigned char *pool_bytes;
  size_t used;
  struct place *place;
  struct held *held;
  unsigned char (*vslot)[LAYOUT_VSLOT_MAX]; /* NULL where the table has none */
  unsigned long long vmask[LAYOUT_VECTOR_MAX + 1];
  /* A vector slot's bytes: LAYOUT_SLOT, or (word) LAYOUT_VSLOT_MAX, the name's mask after it
     (pooled: 0, no vector slots),
     which folds the input by an OR; and whether the table holds the constants of the vector
     lookup's fold by compare and add ('A', 26 and 32), which the other layouts fold by. */
  size_t vslot_size;
  int vector_consts;
  int pooled; /* word: no vector slots; the vector lookups read the pool (LAYOUT_WORD_POOLED) */
  /* The hash's own numbers, copied from it so that an output reads the plan alone: the
     associated values (nasso, unscaled; NULL for the word hash), the displacements (buckets;
     NULL unless displaced), each slot's chained slot (word, chained: slots of them, else NULL),
     and whether a slot is a copy of its name's own (word: slots of them, else NULL); and the
     hash's positions, as a list ("1,3,$") and in words, for the output's description. */
  uint32_t *values, *displacement;
  size_t *next_slot;
  unsigned char *copy;
  char positions[LAYOUT_TEXT], position_words[LAYOUT_TEXT];
  /* The numbers the output writes, each with the type that holds it (see struct field). */
  struct field asso;        /* the associated values, as stored (times the scale) */
  struct field sum;         /* the hash: the largest sum of associated values an input can make */
  struct field lens_f;      /* the members of lens[] (word: shift, p and q) */
  struct field lens_base;   /* word: lens[].base, each length's first slot */
  struct field lens_packed; /* word: lens[].packed, for the targets that pack it */
  struct field next;        /* word: each slot's chained slot */
  struct field disp;        /* a displaced hash's displacements */
  struct field slot_len;    /* direct: each slot's name's length */
  struct field id;          /* an id, in a slot or a record */
  struct field offset;      /* an offset into the pool */
  struct field name_len;    /* names[].len */
  struct field flags;       /* names[].flags */
  struct field attr;        /* attrs[][] */
  struct field mask;        /* the vector lookup's masks */
};

/* Plans the table of the list for the hash h (checked by hashfn_check): direct, unless its
   tables would take both LAYOUT_DIRECT_SLACK times the indexed one's bytes and
   LAYOUT_DIRECT_EXTRA bytes more; a word table with no vector slots where small (--small) or
   where they would pass LAYOUT_VSLOTS_MAX bytes; then checks it (layout_check). Returns 0, or
   -1 with d set; call layout_free either way. */
int layout_plan(struct layout *l, const struct names *list, const struct hashfn *h, int small,
                struct diag *d);
#define LAYOUT_DIRECT_SLACK 2
#define LAYOUT_DIRECT_EXTRA 16384

/* Checks that every field of the plan holds only values its type can: 0, or -1 with d set
   ("hhn-gen: error: internal: ..."): a plan that fails is the generator's bug, caught before
   a byte is written. */
int layout_check(const struct layout *l, struct diag *d);

/* Frees what layout_plan allocated. */
void layout_free(struct layout *l);

/* The C name of a type, and its size in bytes (where the type is exactly that wide). */
const char *ctype_name(enum ctype t);
int ctype_bytes(enum ctype t);

/* Whether the common compare reads a name of len bytes as packed pieces: its first 4 bytes,
   then its last 4, the two pieces that it reads of a name of 4 to 7 bytes. */
int layout_packed(size_t len);

#endif
