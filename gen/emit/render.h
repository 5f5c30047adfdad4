/* render.h: the render layer: the plan's items (its arrays, records, pools, the hash's terms,
   the banner and the description) in a target's syntax, one `struct syntax` a language, which
   its folder's syntax file holds as data (gen/emit/rust/rust_syntax.c, gen/emit/go/go_syntax.c;
   C's banner and terms, gen/emit/c/c_syntax.c), in the spirit of re2c's include/syntax/<lang>.
   A target's sections call these for what every language has, and write only what is its own. */
#ifndef HHN_GEN_RENDER_H
#define HHN_GEN_RENDER_H

#include "emit_text.h"

/* How a language writes bytes as a string literal: open, then printable ASCII as it is (but
   '"', '\\', ' ' unless `space`, and the bytes of `escape` if not NULL), any other byte by the
   printf format `hex`, then close; before a piece that would pass `column`, `cont`, after which
   the line is at `cont_col`. */
struct string_syntax {
  const char *open, *close, *hex, *cont;
  int space;
  size_t start_col, column, cont_col;
  const char *escape;
};

/* The arrays of numbers that a table of the word hash or of a sum has, by the plan. */
enum array_id {
  ARRAY_LENGTH,     /* each slot's name's length (0: none) */
  ARRAY_OFFSET,     /* word: where each slot's name begins in the pool */
  ARRAY_NEXT,       /* word, chained: each slot's chained slot */
  ARRAY_AT,         /* a sum: where each slot's name begins in the pool */
  ARRAY_ASSO,       /* a sum: the values of its terms */
  ARRAY_PER_LENGTH, /* a sum: the byte it reads of each length */
  ARRAY_DISP,       /* displaced: each bucket's displacement */
  ARRAYS
};

/* One array's spelling: its name, its doc, its type and how many numbers a row holds. */
struct array_syntax {
  const char *name, *doc, *type;
  int row;
};

/* The records that a table has, each an array of one row an element. */
enum record_id {
  RECORD_LENS,          /* word: each length's multiplier, packed first slot and shift, p, q */
  RECORD_SLOTS,         /* word: each slot's first and last 8 bytes and their masks */
  RECORD_IDS,           /* each slot's id */
  RECORD_ALL,           /* every id, in the list's order */
  RECORD_BY_NUMBER,     /* every id, in the order of the numbers (ids spread: a search's) */
  RECORD_FIELDS,        /* --fields: the static table's entries */
  RECORD_FIELD_IDS,     /* --fields: each id's record of its entries */
  RECORD_FIELD_ENTRIES, /* --fields: the entries by name, then value length, then index */
  RECORD_LIST,          /* the test: each name, its id, flags and attributes */
  RECORD_TEST_ENTRIES,  /* the test of --fields: each entry's name and value */
  /* (an entry's vars: "$s" its name, "$B" its value, "$R" the pool's bytes after it, "$z",
     "$v" and "$r" their lengths; "$l" in a close "first" or "last", "$b" "false" or "true",
     "$n" 0 or 1: which entry a name alone answers) */
  RECORDS
};

/* One record array's spelling: what opens it ("$c" the count, "$k" the list's keys, at least
   1), each element's row (`bare` where the list has no attributes, if not NULL), what closes
   it. */
struct record_syntax {
  const char *open, *row, *close, *bare;
};

/* The rows of a list's words: what opens them, a flag's, a key's, what closes them: "$w" the
   word as the list spells it, "$u" as the target does, "$k" its bit or its key's number,
   "$n" how many keys the list has. */
struct words_syntax {
  const char *open, *flag, *key, *close;
};

/* The arrays by id (an element a number below the list's id_limit). */
enum by_id {
  BY_ID_NUMBER,    /* the id of each number, or none */
  BY_ID_NAME,      /* each id's name as the list spells it */
  BY_ID_LOWER,     /* each id's name in lowercase */
  BY_ID_FLAGS,     /* each id's flags (a list with flags) */
  BY_ID_ATTRS,     /* each id's value for each key (a list with attributes) */
  BY_ID_CANONICAL, /* each id's name as net/textproto canonicalizes a key ("$m") */
  BY_IDS
};

/* One array by id: its doc ("$D" in open), what opens it, an element's text, the text of an
   id of no name, and what closes it. */
struct by_id_syntax {
  const char *doc, *open, *item, *none, *close;
};

/* A language's syntax: everything the render layer writes, as text with "$x" in it for what
   the plan gives (render_fill), and "@p" for the prefix. */
struct syntax {
  const char *banner;      /* the first line, "$s" the list; the command follows, wrapped */
  size_t banner_col;       /* the column after the banner's last line */
  const char *command;     /* what continues the command's line */
  const char *top_end;     /* after the command */
  const char *about;       /* the first paragraph of the description: "$p" prefix, "$s" list */
  const char *comment;     /* a comment line's opener, which the description is written after */
  const char *doc;         /* an item's doc comment's opener ("$D" writes one wrapped after it) */
  const char *after_about; /* what ends the description */
  struct string_syntax string;   /* a string of the tables */
  struct string_syntax in_entry; /* a string inside a record of the static table */
  const char *array_open;        /* "$d" doc, "$n" name, "$t" type, "$c" count */
  const char *array_row, *array_close;
  struct array_syntax arrays[ARRAYS];
  struct record_syntax records[RECORDS];
  struct by_id_syntax by_id[BY_IDS];
  const char *term[READ_KINDS]; /* each read of a sum: "$a", "$b", "$i" its increment */
  const char *increment;        /* "$v" the increment */
  const char *pool;             /* the pool's item: "$d" its doc, "$c" its size, "$B" its bytes */
  const char *word_pool_doc, *sum_pool_doc; /* what the pool holds, of each kind of table */
  const char *values;                       /* the static table's values, as the pool */
  int sized_pool; /* the pool's type has its size: zeros fill it past its used bytes */
  int masked; /* the arrays of the word hash hold its slot span (indexes masked), not its slots */
  /* The ids: their type (of one byte, of two), the doc ("$D") of what opens them ("$t" the
     type, "$q" the plain note if a name is plain), a row ("$w" the name's word, "$v" the same
     padded to the longest, "$s" its spelling, "$i" its id) and what closes them. */
  const char *id_type[2], *ids_doc, *ids_open, *ids_row, *ids_close, *plain_note;
  /* The constants: "$n" names, "$l" the id limit, "$m" and "$x" the lengths, "$t" the id type,
     "$k" keys; the list's words between; a list word in CamelCase (FlagNoStore), or else in
     the characters of an identifier (FLAG_NO_STORE). */
  const char *constants_open, *constants_close;
  struct words_syntax constants, test_words;
  int camel_words;
  /* The test: what follows the banner, the test plan ("$s" spellings, "$f" and "$g" the full
     bytes and a quick run's, "$n" the names after, "$p" the lengths filled past, "$t" the tails,
     "$q" a quick run's bytes, "$l" and "$m" the long lengths and a quick run's, "$B" the
     alphabet, "$o" the odd bytes, "$x" the flips, "$i" an id's bytes), a tail ("$B"), the
     strings of the plan and of the entries, and the fixed text after the data, and with
     --fields after that. */
  const char *test_head, *test_plan, *test_tail;
  /* the plan's part that only --fields uses, or NULL (in test_plan); "$y" the longest input,
     "$u" the UTF-16 units above 0x7F, in either */
  const char *test_fields_plan;
  /* the plan's lists of numbers in rows of test_per_row, each after test_row; or (0) in one */
  int test_per_row;
  const char *test_row;
  struct string_syntax test_string, test_entry;
  const char *test_template, *test_fields_template;
  /* The test's examples, last, or NULL: the vars of the list's first name, "$o" whether it
     has a canonical key ("true" or "false"), and "$c" that key, or where it has none its
     lowercase spelling (which net/textproto leaves as it is). */
  const char *test_example;
  /* a hexadecimal number's digits between separators (Rust's 0x2020_2020), or 0; and the
     separator, or NULL for '_' (JavaScript's ", 0x" writes two 32-bit numbers of one) */
  int hex_group;
  const char *hex_sep;
};

/* The values of "$x" in a text that render_fill writes. */
struct vars {
  const char *v[26];          /* "$a" to "$z": a text, or NULL (an internal failure if used) */
  const unsigned char *bytes; /* "$B": bytes written as a string of `as`, zeros past n to size */
  size_t n, size;
  const struct string_syntax *as;
  const unsigned char *more; /* "$R": more bytes, nmore of them, written as a string of `as` */
  size_t nmore;
  const char *doc; /* "$D": a doc comment's text, wrapped after the syntax's opener */
};

/* Writes text as a comment of lines that begin with opener, its words wrapped; no newline
   after the last. */
void render_doc(struct emitter *e, const char *opener, const char *text);

/* Writes text with each "$x" replaced by its value in v, "$$" as "$", and "@p" (and the other
   markers of out) expanded in the text around them, never in the values. */
void render_fill(struct emitter *e, const char *text, const struct vars *v);

/* Writes b[0..n), then zeros to size bytes, as a string of syntax s. */
void render_string(struct emitter *e, const struct string_syntax *s, const unsigned char *b,
                   size_t n, size_t size);

/* === Helpers of the render layer's files === */

/* Vars of no value, which a fill's vars start from. */
extern const struct vars no_vars;

/* Sets "$c" of vars to text. */
#define RENDER_VAR(vars, c, text) ((vars)->v[(c) - 'a'] = (text))

/* A number as text, in one of 16 buffers that later calls reuse. */
const char *render_num(long long v);

/* A number as hexadecimal text, 0x and at least `digits` digits, grouped by the syntax's
   hex_group with '_', in render_num's ring. */
const char *render_hex(const struct emitter *e, unsigned long long v, int digits);

/* text with each "$x" replaced by its text in v (as render_fill writes it); malloc'd, or NULL
   (the emitter notes the failure). */
char *render_text(struct emitter *e, const char *text, const struct vars *v);

/* Name i's identifier in the run's target: its word, or C's id identifier. */
const char *render_word(const struct names *list, size_t i);

/* Sets the vars of name i (its index in the list): "$s" its spelling, "$l" in lowercase, "$w"
   its word (render_word), "$e" its C id identifier, "$i" its id, "$f" its flags, "$a" its
   attributes between commas, "$m" its canonical key (a capital first letter and after each
   '-', the other letters small; empty for a name with a byte that is no tchar, which
   net/textproto leaves as it is), "$k" its spelling as a Markdown code span (in as many
   backticks as it needs), "$n" its length; in buffers that the next call reuses. */
void render_name_vars(const struct emitter *e, size_t i, struct vars *v);

/* The index in the list of the name whose id is id, or -1: its place, as most lists have it,
   else by a search. */
long render_name_with_id(const struct names *list, long id);

/* === The items === */

/* Writes the banner: the list, and the command, wrapped. */
void render_banner(struct emitter *e);

/* Writes the banner and the description of the table. */
void render_top(struct emitter *e);

/* Writes the ids (their type and one constant a name), then the constants. */
void render_ids(struct emitter *e);

/* Writes the ids alone (their type and one constant a name). */
void render_id_list(struct emitter *e);

/* Writes the list's words (its flags' bits and keys) in rows of w. */
void render_words(struct emitter *e, const struct words_syntax *w);

/* Writes the test (--test): the banner, the list, its words, the test plan, with --fields the
   entries, and the fixed text of the checks. */
void render_test_program(struct emitter *e);

/* Writes the test's data: the list, its words, the test plan and, with --fields, the static
   table's entries. */
void render_test_data(struct emitter *e);

/* Writes array a of the plan; an item ends with a blank line's worth of space, which the next
   text writes (emit_text's pending blank), so that a file never ends with a blank line. */
void render_array(struct emitter *e, enum array_id a);

/* Writes record array r of the plan. */
void render_records(struct emitter *e, enum record_id r);

/* Writes each slot's id, and, where a lookup reads it (a sum's, or the word hash's rare path),
   each slot's name's length. */
void render_slot_ids(struct emitter *e);

/* Writes array by id b. */
void render_by_id(struct emitter *e, enum by_id b);

/* Writes the hash's terms, one a line, each as the plan reads it (l->read[]). */
void render_terms(struct emitter *e);

/* The bytes of the static table's pool after entry k's value (at most 4), which a value one to
   four bytes longer than the entry's, with those bytes, must not match (the tests'). */
void render_pool_after(const struct emitter *e, size_t k, const unsigned char **after, size_t *n);

/* Writes the pool of names (with the offsets of a word hash's slots before it, or a sum's). */
void render_pool(struct emitter *e);

/* Writes the static table's entries, and the records and values of its match. */
void render_fields(struct emitter *e);

/* === A file as steps: what a target's file writes, in order, as data of its syntax file === */

/* What the plan has (and whether the target's own option was given), which a step needs (its
   `when`) or must not have (its `unless`). */
enum plan_fact {
  HAS_WORD = 1 << 0,          /* the word hash (else a sum of values) */
  HAS_RARE = 1 << 1,          /* word: a rare path, of names under 4 bytes */
  HAS_CHAINED = 1 << 2,       /* word: names chained after a slot */
  HAS_WORDS = 1 << 3,         /* word: names past 16 bytes, whose 8-byte words the pool holds */
  HAS_NAME_POOL = 1 << 4,     /* a pool of names that a lookup reads: a sum's; word, either above */
  HAS_FLAGS = 1 << 5,         /* the list has flags */
  HAS_ATTRS = 1 << 6,         /* the list has attributes */
  HAS_FIELDS = 1 << 7,        /* --fields: the static table's match */
  HAS_PER_LENGTH = 1 << 8,    /* a sum: a byte read per length */
  HAS_DISPLACED = 1 << 9,     /* a sum: a displacement a bucket */
  HAS_CLAMPED = 1 << 10,      /* a sum: a read clamped into a shorter name */
  HAS_BYTE_COMPARE = 1 << 11, /* a lookup compares a name byte by byte */
  HAS_BYTE_IDS = 1 << 12,     /* an id is one byte */
  HAS_KEY_MIDDLE = 1 << 13,   /* word: the key's first piece is the name's middle 4 bytes */
  HAS_LOWER_FOLDS = 1 << 14,  /* word: the lowercase rule folds its key too */
  HAS_HASH_LENGTH = 1 << 15,  /* a sum: the hash starts from the length */
  HAS_TARGET_OPTION = 1 << 16, /* the target's own option was given (targets.h's own_option) */
  HAS_SPREAD_IDS = 1 << 17,    /* the ids are few among their numbers (layout.h's ids_spread) */
  HAS_MODULE_PATH = 1 << 18,   /* the target's path option was given (emit_options' module_path) */
  HAS_NARROW_KEY = 1 << 19     /* word: the key's halves are multiplied apart, in 32 bits */
};

/* What a step writes: fixed text, text with the plan's numbers, a group of steps once for each
   of a set of bindings, or one of the render layer's items (`item` says which array, record
   array or array by id). */
enum step_kind {
  STEP_END, /* ends a list of steps */
  STEP_FIXED,
  STEP_TEXT,
  STEP_EACH, /* (no bindings: the group once, as the step around it is bound) */
  STEP_TOP,
  STEP_IDS,
  STEP_ARRAY,
  STEP_RECORDS,
  STEP_BY_ID,
  STEP_SLOT_IDS,
  STEP_TERMS,
  STEP_POOL,
  STEP_FIELDS,
  STEP_TEST,
  STEP_NAMES, /* the text once a name, in the order of the ids, `between` between two */
  STEP_CALL,  /* a section of another target, which `call` writes (the C table of a C++ file) */
  STEP_FIRST  /* the text once, with the list's first name's vars and "$p" the module's path */
};

/* The markers of a group's text and what each stands for in one pass over it ("@T", "[]byte",
   ...; NULL ends them), and "$D", a doc comment. */
#define BINDING_MARKS 12
struct binding {
  const char *mark[BINDING_MARKS];
  const char *doc;
};

/* One step. A text is written with its binding's markers replaced, then "@p" as out writes it;
   a text of STEP_TEXT has these "$x" of the plan too: "$a" and "$b" the common path's shortest
   and longest lengths, "$c" and "$d" the rare path's, "$e" and "$f" the masks of a length and of
   a slot (len_span, slot_span less one), "$s" the slots, "$h" a bucket's shift, "$m" the
   slots' mask in hexadecimal, "$k" which 4 bytes the key takes first ("first", "middle"),
   "$n" the number of names, "$l" and "$x" the lengths of the shortest and the longest. A text
   of STEP_NAMES has a name's vars (render_name_vars). */
struct step {
  enum step_kind kind;
  int item; /* STEP_ARRAY, STEP_RECORDS, STEP_BY_ID: which (enum array_id, ...) */
  const char *text;
  unsigned when, unless;   /* the facts (enum plan_fact) it needs, and those it must not have */
  const struct step *each; /* STEP_EACH: the group, ended by STEP_END */
  const struct binding *bindings; /* STEP_EACH: ended by one of no marks */
  const char *between;            /* STEP_NAMES: the text between two names' */
  void (*call)(struct emitter *); /* STEP_CALL */
};

/* The steps as a syntax file writes them: w and u are the facts needed and refused. */
#define FIXED(text, w, u)                                                                          \
  { STEP_FIXED, 0, (text), (w), (u), NULL, NULL, NULL, NULL }
#define TEXT(text, w, u)                                                                           \
  { STEP_TEXT, 0, (text), (w), (u), NULL, NULL, NULL, NULL }
#define ITEM(kind, item, w, u)                                                                     \
  { (kind), (item), NULL, (w), (u), NULL, NULL, NULL, NULL }
#define EACH(group, bindings, w, u)                                                                \
  { STEP_EACH, 0, NULL, (w), (u), (group), (bindings), NULL, NULL }
#define GROUP(group, w, u)                                                                         \
  { STEP_EACH, 0, NULL, (w), (u), (group), NULL, NULL, NULL }
#define NAMES(text, between, w, u)                                                                 \
  { STEP_NAMES, 0, (text), (w), (u), NULL, NULL, (between), NULL }
#define CALL(fn, w, u)                                                                             \
  { STEP_CALL, 0, NULL, (w), (u), NULL, NULL, NULL, (fn) }
#define FIRST_NAME(text, w, u)                                                                     \
  { STEP_FIRST, 0, (text), (w), (u), NULL, NULL, NULL, NULL }
#define NEWLINE(w, u) FIXED("\n", (w), (u))
#define STEPS_END                                                                                  \
  { STEP_END, 0, NULL, 0, 0, NULL, NULL, NULL, NULL }

/* The groups every target's table has: the word hash's tables after its constants (lengths,
   slots, each slot's id, the chains), and a sum's arrays before its hash. */
extern const struct step render_word_tables[], render_sum_arrays[];

/* The steps of a target's test (--test): render_test_program, around its syntax's test templates.
 */
extern const struct step render_test_file[];

/* Writes steps, in order, each whose facts the plan has. */
void render_steps(struct emitter *e, const struct step *steps);

/* A driver (emit.h) of a file that is steps of syntax x: writes p's file to f, as o asks. */
int render_file(FILE *f, const struct plan *p, const struct emit_options *o, struct diag *d,
                const struct syntax *x, const struct step *steps);

#endif
