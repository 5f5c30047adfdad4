/* words.h: a target's identifier rules as data (struct word_rules, in its syntax file), and
   the one loop that applies them: each name's word in the target (a Rust variant, a Go
   constant), made once and kept in the name, and what may name the target's unit (a module,
   a package). */
#ifndef HHN_GEN_WORDS_H
#define HHN_GEN_WORDS_H

#include <stdio.h>

#include "names.h"

#define WORDS_MAX (2 * NAMES_MAX_LENGTH + 24) /* bytes of a word, with its NUL */

/* A target's rules. */
struct word_rules {
  const char *key;  /* the list's KEY=Word that spells a name for the target: "rust" */
  const char *what; /* what a word is, for the errors: "Rust variant" */
  /* why a given word is refused, after "'KEY=Word' is no ": "Rust variant: write rust= ..." */
  const char *given_rule;
  int underscore; /* a given word may hold '_' after its first letter */
  /* identifiers of the target's own that no name's word may be; and the prefixes that, before
     a flag's or a key's CamelCase, make one more (Go: FlagNoStore), or NULL */
  const char *const *own;
  const char *flag_own, *key_own;
  const char *exclude; /* a word that takes "Name" before it ("Self"), or NULL */
  /* the bytes that, taken out of a name, leave its word, if that is an identifier of ASCII
     letters, digits and '_' and none of own ("-.": WebKit's XDNSPrefetchControl); NULL: the
     word is the CamelCase of the name's C id */
  const char *strip;
  int strip_camel; /* that word must be CamelCase too: A-Z, then letters and digits (Rust's) */
  /* the words that the target spells in capitals (Go's ID, HTTP), or NULL; with them, a name's
     word is its runs of letters and digits ("Pseudo" first for a leading ':'), each in
     capitals if one of these (x-request-id: XRequestID), else with a capital first letter and
     the others as the name spells them where it has both cases (ETag, DNT), else small; then
     each part of that (which ends where a small letter meets another byte, as staticcheck
     parts a Go name) that is one of these in capitals; without them, the CamelCase of its C id */
  const char *const *initialisms;
  /* a plain name's word is its word, X and its place in the list (for Go, whose names have no
     '_'), not its C id */
  int plain_place;
  /* the unit's name (the prefix): why one not of a-z, 0-9 and '_' is refused (NULL: any C
     identifier is taken); the keywords it may not be, and why; a suffix it may not end in, and
     why (NULL: none) */
  const char *prefix_case, *const *keywords, *keyword_why, *suffix, *suffix_why;
};

/* The CamelCase of ident (a name's C id without its prefix) in buf of WORDS_MAX bytes: each
   part between '_'s with its first letter as it is and the others in lowercase (CONTENT_TYPE:
   ContentType). Returns buf. */
const char *words_camel(const char *ident, char *buf);

/* The word of a list word (a flag or a key) in CamelCase of its identifier's bytes, in buf of
   WORDS_MAX bytes (no-store: NoStore). Returns buf. */
const char *words_of_list_word(const char *word, char *buf);

/* Gives every name its word in the target of rules r: the list's KEY=Word, else the name
   without r->strip's bytes where that is a word, else its parts by r->initialisms or its C id
   in CamelCase, or, for the names whose word another name's is too or is one of the target's
   own, their ids as they are (plain; by r->plain_place, their words and places); "Name" before a
   word that does not begin with a letter, is r->exclude or is one of the target's own. Keeps each
   in the name's `word`. Returns 0, or 1 after reporting to err a given word the rules refuse, two
   names of one word, or a failed allocation. */
int words_make(struct names *list, const struct word_rules *r, FILE *err);

/* Why prefix cannot name the target's unit, or NULL if it can. */
const char *words_prefix(const char *prefix, const struct word_rules *r);

/* Whether path is identifiers joined by "::" (a Rust path: mycrate::hhn), none of them one of
   r's keywords, of at most 200 bytes. */
int words_is_path(const char *path, const struct word_rules *r);

#endif
