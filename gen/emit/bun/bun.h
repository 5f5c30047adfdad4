/* bun.h: the Bun target (--bun) as its row of targets.c sees it, all in its syntax file
   (bun_syntax.c): the steps of its own two files (render.h) and its help; its P.cpp and
   P.gperf are WebKit's (webkit.h), as are its identifier rules. */
#ifndef HHN_GEN_BUN_H
#define HHN_GEN_BUN_H

#include "render.h"

/* How Bun's files spell the render layer's items. */
extern const struct syntax bun_syntax;

/* P.h: enum class HTTPHeaderName of one byte (two past 256 names) and the declarations, as
   Bun's HTTPHeaderNames.h has them. */
extern const struct step bun_header[];

/* PEach.h: HTTP_HEADERS_EACH_NAME(macro), each name in the enum's order as macro("name",
   Enumerator), as Bun's HTTPHeaderIdentifiers.h keeps it. */
extern const struct step bun_each[];

/* The option's lines of hhn-gen --help. */
extern const char bun_help[];

#endif
