/* go_idents.h: the Go target's identifier rules: each name's constant of type Id, checked
   before any output is planned (the target's idents, targets.h), and the package's name. */
#ifndef HHN_GEN_GO_IDENTS_H
#define HHN_GEN_GO_IDENTS_H

#include <stdio.h>

#include "idents.h"
#include "names.h"

/* The Go constant of the list's name i, in buf of IDENTS_WORD bytes: the list's go=Word, else
   the CamelCase of its C id (CONTENT_TYPE: ContentType), or, if plain or if the CamelCase is
   one of the package's own identifiers, its C id as it is; with "Name" before it if it does
   not begin with a letter. Returns buf. */
const char *go_const_of(const struct names *list, size_t i, char *buf);

/* A flag's or a key's word of the list (pseudo-header) in CamelCase (PseudoHeader), in buf of
   IDENTS_WORD bytes, which its constant has after Flag or Attr. Returns buf. */
const char *go_word_camel(const char *word, char *buf);

/* Checks each go=Word of the list (exported: a letter A-Z, then letters, digits and '_'; none
   of the package's own identifiers), then gives every name its Go constant (see
   idents_unique). Returns 0, or 1 after reporting to err. */
int go_idents_make(struct names *list, FILE *err);

/* Why prefix cannot name a Go package (--go), or NULL if it can: in lowercase, no keyword of
   Go, not main, not ending in _test. */
const char *go_prefix_rule(const char *prefix);

#endif
