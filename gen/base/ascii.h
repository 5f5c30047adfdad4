/* ascii.h: the bytes of HTTP field names, one at a time: case, tokens, the identifier byte a
   name's byte becomes, and a name quoted for a message. The one place that hhn-gen folds case. */
#ifndef HHN_GEN_ASCII_H
#define HHN_GEN_ASCII_H

#include <stddef.h>

/* Byte c with an ASCII letter in lowercase, or in uppercase; any other byte as it is. */
int ascii_lower(int c);
int ascii_upper(int c);

/* Whether byte c is an RFC 9110 tchar: a letter, a digit or one of !#$%&'*+-.^_`|~. */
int ascii_is_tchar(unsigned char c);

/* The byte that c becomes in an identifier: a letter in uppercase, a digit as it is, anything
   else '_'. Ids and the FLAG_ and ATTR_ names of attribute words are spelled with it. */
char ascii_ident_char(char c);

/* Writes a name for a message into buf (at least ASCII_QUOTED bytes): quoted, printable ASCII
   as it is and other bytes as \xNN, cut after its first 64 bytes with "..."; returns buf. */
#define ASCII_QUOTED (4 * 64 + 8)
const char *ascii_quote(char *buf, const char *s, size_t len);

#endif
