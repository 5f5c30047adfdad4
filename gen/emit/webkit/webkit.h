/* webkit.h: the WebKit target (--webkit) as its row of targets.c sees it, all in its syntax
   file (webkit_syntax.c): the steps of its three files (render.h), its identifier rules
   (words.h) and its help. */
#ifndef HHN_GEN_WEBKIT_H
#define HHN_GEN_WEBKIT_H

#include "render.h"
#include "words.h"

/* The fact of a run given --wtf-characters, the row's own option: the view read by WTF's
   characters8() and characters16() (before span8() and span16()). */
#define WTF_CHARACTERS HAS_TARGET_OPTION

/* How WebKit's files spell the render layer's items. */
extern const struct syntax webkit_syntax;

/* The end of the enum, and the constants after it: the names' count and lengths. */
extern const struct step webkit_constants[];

/* P.h: enum class HTTPHeaderName and the declarations, as WebKit's script writes them. */
extern const struct step webkit_header[];

/* P.cpp: findHTTPHeaderName and httpHeaderNameString over the C table, in one file. */
extern const struct step webkit_source[];

/* P.gperf: the list as WebKit's script gives it to gperf, for the tools that read it; after
   the "%{" that its row writes first. */
extern const struct step webkit_gperf[];

/* Its identifier rules: the name without '-' and '.'. */
extern const struct word_rules webkit_words;

/* The option's lines of hhn-gen --help. */
extern const char webkit_help[];

#endif
