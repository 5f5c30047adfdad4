/* positions.c: reading and writing byte positions (see positions.h). */
#include "positions.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Reads the decimal number at *s, moving *s past it: its value, or NAMES_MAX_LENGTH + 1 for
   any larger one; -1 if there are no digits. */
static long number(const char **s) {
  long v = 0;
  if (**s < '0' || **s > '9')
    return -1;
  for (; **s >= '0' && **s <= '9'; (*s)++)
    v = v > NAMES_MAX_LENGTH ? v : v * 10 + (**s - '0');
  return v > NAMES_MAX_LENGTH ? NAMES_MAX_LENGTH + 1 : v;
}

/* Reads one position at *s (N or $ or $-N) as a term, moving *s past it; returns 0, or -1
   with what is wrong in why. */
static int one(const char **s, struct term *t, char *why, size_t size) {
  const char *at = *s;
  long v;
  if (**s == '$') {
    if (*++*s != '-') {
      *t = (struct term){TERM_FROM_END, 1, 0};
      return 0;
    }
    ++*s;
    if ((v = number(s)) < 0)
      return snprintf(why, size, "'$-' needs a number after it"), -1;
    if (v >= NAMES_MAX_LENGTH)
      return snprintf(why, size,
                      "%.*s is before the first byte of the longest name a list may hold (%d "
                      "bytes)",
                      (int)(*s - at), at, NAMES_MAX_LENGTH),
             -1;
    *t = (struct term){TERM_FROM_END, (int)v + 1, 0};
    return 0;
  }
  if ((v = number(s)) < 0)
    return snprintf(why, size, "'%c' is not a position (N, N-M, $ or $-N)", **s), -1;
  if (v == 0)
    return snprintf(why, size, "0 is not a position (the first byte is 1)"), -1;
  if (v > NAMES_MAX_LENGTH)
    return snprintf(why, size, "%.*s is past the longest name a list may hold (%d bytes)",
                    (int)(*s - at), at, NAMES_MAX_LENGTH),
           -1;
  *t = (struct term){TERM_FROM_START, (int)v - 1, 0};
  return 0;
}

/* Adds t to p unless it is there; returns 0, or -1 with the reason in why. */
static int add(struct positions *p, struct term t, char *why, size_t size) {
  char was[32];
  for (int i = 0; i < p->n; i++)
    if (p->term[i].kind == t.kind && p->term[i].at == t.at) {
      positions_format(&t, 1, was, sizeof was);
      return snprintf(why, size, "%s is given twice", was), -1;
    }
  if (p->n == POSITIONS_MAX)
    return snprintf(why, size, "more than %d positions", POSITIONS_MAX), -1;
  p->term[p->n++] = t;
  return 0;
}

int positions_parse(const char *text, struct positions *p, struct diag *d) {
  char why[256];
  const char *s = text;
  p->n = 0;
  for (;;) {
    struct term a, b;
    if (*s == ',' || *s == '\0') {
      snprintf(why, sizeof why, "an empty position");
      break;
    }
    if (one(&s, &a, why, sizeof why) != 0)
      break;
    b = a;
    if (*s == '-' && a.kind == TERM_FROM_START) { /* a range N-M */
      s++;
      if (*s < '0' || *s > '9') {
        snprintf(why, sizeof why, "'%d-' needs a number after it", a.at + 1);
        break;
      }
      if (one(&s, &b, why, sizeof why) != 0)
        break;
      if (b.at < a.at) {
        snprintf(why, sizeof why, "the range %d-%d runs backwards", a.at + 1, b.at + 1);
        break;
      }
    }
    int bad = 0;
    for (int at = a.at; at <= b.at && !bad; at++)
      bad = add(p, (struct term){a.kind, at, 0}, why, sizeof why) != 0;
    if (bad)
      break;
    if (*s == '\0')
      return 0;
    if (*s != ',') {
      snprintf(why, sizeof why, "'%c' where a ',' or the end should be", *s);
      break;
    }
    s++;
  }
  return diag_set(d, "hhn-gen: error: key positions '%.64s%s': %s", text,
                  strlen(text) > 64 ? "..." : "", why);
}

void positions_format(const struct term *t, int n, char *buf, size_t size) {
  size_t used = 0;
  buf[0] = '\0';
  for (int i = 0; i < n && used < size; i++) {
    const char *sep = used ? "," : "";
    int k = 0;
    if (t[i].kind == TERM_FROM_START)
      k = snprintf(buf + used, size - used, "%s%d", sep, t[i].at + 1);
    else if (t[i].kind == TERM_FROM_END && t[i].at == 1)
      k = snprintf(buf + used, size - used, "%s$", sep);
    else if (t[i].kind == TERM_FROM_END)
      k = snprintf(buf + used, size - used, "%s$-%d", sep, t[i].at - 1);
    used += k > 0 ? (size_t)k : 0;
  }
}

void positions_describe(const struct term *t, int n, char *buf, size_t size) {
  char list[1024], *p = list, *comma;
  size_t used = 0;
  positions_format(t, n, list, sizeof list - 16);
  for (int i = 0; i < n; i++)
    if (t[i].kind == TERM_PER_LENGTH)
      strcat(list, list[0] ? ",lens[len].at" : "lens[len].at");
  buf[0] = '\0';
  while ((comma = strchr(p, ',')) != NULL && used < size) {
    *comma = '\0';
    int k = snprintf(buf + used, size - used, "%s%s", p, strchr(comma + 1, ',') ? ", " : " and ");
    used += k > 0 ? (size_t)k : 0;
    p = comma + 1;
  }
  if (used < size)
    snprintf(buf + used, size - used, "%s", p);
}
