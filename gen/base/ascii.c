/* ascii.c: the bytes of HTTP field names (see ascii.h). */
#include "ascii.h"

#include <stdio.h>
#include <string.h>

int ascii_lower(int c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; }

int ascii_upper(int c) { return c >= 'a' && c <= 'z' ? c - 32 : c; }

char ascii_ident_char(char c) {
  if (ascii_upper(c) != ascii_lower(c))
    return (char)ascii_upper(c);
  return c >= '0' && c <= '9' ? c : '_';
}

int ascii_is_tchar(unsigned char c) {
  if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))
    return 1;
  return c != 0 && strchr("!#$%&'*+-.^_`|~", c) != NULL;
}

const char *ascii_quote(char *buf, const char *s, size_t len) {
  size_t shown = len > 64 ? 64 : len, n = 0;
  buf[n++] = '\'';
  for (size_t i = 0; i < shown; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c >= 0x20 && c < 0x7f && c != '\\')
      buf[n++] = (char)c;
    else
      n += (size_t)sprintf(buf + n, "\\x%02x", c);
  }
  strcpy(buf + n, shown < len ? "...'" : "'");
  return buf;
}
