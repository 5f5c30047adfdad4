/* rust_idents.h: the Rust target's identifier rules: each name's variant of enum Id, checked
   before any output is planned (the target's idents, targets.h), and the module's name. */
#ifndef HHN_GEN_RUST_IDENTS_H
#define HHN_GEN_RUST_IDENTS_H

#include <stdio.h>

#include "idents.h"
#include "names.h"

/* The variant of Rust's enum Id (--rust) for a name's C id (without its prefix), in buf of
   RUST_WORD bytes: each part between '_'s with its first letter in uppercase and the others in
   lowercase (CONTENT_TYPE: ContentType), or, if plain, the id as it is; with "Name" before it
   if it does not begin with a letter, is empty or is "Self". Returns buf. */
#define RUST_WORD IDENTS_WORD
const char *rust_variant_of_id(const char *ident, int plain, char *buf);

/* The Rust variant of the list's name i in buf of RUST_WORD bytes: the list's rust=Variant,
   else rust_variant_of_id's of its id. Returns buf. */
const char *rust_variant_of(const struct names *list, size_t i, char *buf);

/* Checks each rust=Variant of the list (CamelCase: a letter A-Z, then letters and digits, not
   Self), then gives every name its Rust variant: the list's, else its CamelCase, or, for the
   names whose CamelCase another name's is too (G4 of G4 and g-4), its id as it is (G4, G_4),
   which no two names share (plain), until no two variants meet. Returns 0, or 1 after reporting
   to err a bad variant, that it ran out of memory or that two names were given one variant (or
   one another's id). */
int rust_idents_make(struct names *list, FILE *err);

/* Why prefix cannot name a Rust module (--rust), or NULL if it can: it must be in lowercase,
   and no keyword of Rust. */
const char *rust_prefix_rule(const char *prefix);

#endif
