/* go.h: the Go target (--go) as its row of targets.c sees it: its drivers and its identifier
   rules (words.h, in its syntax file). */
#ifndef HHN_GEN_GO_H
#define HHN_GEN_GO_H

#include "emit.h"
#include "words.h"

/* P.go (--go): the table as a Go package of its own. */
emit_fn emit_go;

/* P_test.go (--go --test): the package's tests against a plain reference, and a fuzz target,
   for go test. */
emit_fn emit_go_test;

/* Its identifier rules. */
extern const struct word_rules go_words;

/* The option's lines of hhn-gen --help. */
extern const char go_help[];

#endif
