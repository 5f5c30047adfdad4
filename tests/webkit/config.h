/* config.h: the stand-in of WebKit's config.h, which every WebCore source includes first: the
   tests of hhn-gen --webkit's files need nothing of it. */
