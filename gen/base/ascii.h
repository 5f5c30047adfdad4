/* ascii.h: the bytes of HTTP field names, one at a time: case, tokens, and the identifier
   byte a name's byte becomes. The one place that hhn-gen folds case. */
#ifndef HHN_GEN_ASCII_H
#define HHN_GEN_ASCII_H

/* Byte c with an ASCII letter in lowercase, or in uppercase; any other byte as it is. */
int ascii_lower(int c);
int ascii_upper(int c);

/* Whether byte c is an RFC 9110 tchar: a letter, a digit or one of !#$%&'*+-.^_`|~. */
int ascii_is_tchar(unsigned char c);

/* The byte that c becomes in an identifier: a letter in uppercase, a digit as it is, anything
   else '_'. Ids and the FLAG_ and ATTR_ names of attribute words are spelled with it. */
char ascii_ident_char(char c);

#endif
