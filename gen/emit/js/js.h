/* js.h: the JavaScript target (--js) as its row of targets.c sees it, all in its syntax file
   (js_syntax.c): the syntaxes and steps of its files (render.h), its identifier rules
   (words.h) and its help. */
#ifndef HHN_GEN_JS_H
#define HHN_GEN_JS_H

#include "render.h"
#include "words.h"

/* How JavaScript spells the render layer's items: of P.js, P.mjs and P.d.ts. */
extern const struct syntax js_syntax, js_esm_syntax, js_dts_syntax;

/* P.js (--js): the table as a CommonJS module; P.mjs, the same as an ES module; P.d.ts, their
   types. */
extern const struct step js_module[], js_esm[], js_dts[];

/* Its identifier rules. */
extern const struct word_rules js_words;

/* The option's lines of hhn-gen --help. */
extern const char js_help[];

#endif
