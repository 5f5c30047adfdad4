/* go.h: the Go target (--go) as its row of targets.c sees it, all in its syntax file
   (go_syntax.c): its syntax and the steps of its files (render.h), its identifier rules
   (words.h) and its help. */
#ifndef HHN_GEN_GO_H
#define HHN_GEN_GO_H

#include "render.h"
#include "words.h"

/* How Go spells the render layer's items. */
extern const struct syntax go_syntax;

/* P.go (--go): the table as a Go package of its own. */
extern const struct step go_package[];

/* Its identifier rules. */
extern const struct word_rules go_words;

/* The option's lines of hhn-gen --help. */
extern const char go_help[];

#endif
