/* mklist.c: writes a names list of generated header-like names, the same for the same
 * arguments, for the tests and benchmarks of big lists.
 *
 *   mklist COUNT SEED [--short]
 *
 * Each name is "X-" and one to four dash-separated words of 2 to 9 letters and digits, in
 * lowercase or capitalized; with --short, one name in 16 is instead 1 to 7 letters, digits
 * and dashes, so that a table has names for every path of a lookup. No two names are equal
 * case-insensitively, and none makes an id that a table keeps for itself (H, COUNT, ...). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAX_NAMES 32767

/* The next value of a xorshift64* sequence. */
static uint64_t next(uint64_t *x) {
  *x ^= *x >> 12, *x ^= *x << 25, *x ^= *x >> 27;
  return *x * 0x2545F4914F6CDD1DULL;
}

/* A random number in [lo, hi]. */
static int pick(uint64_t *x, int lo, int hi) {
  return lo + (int)(next(x) % (uint64_t)(hi - lo + 1));
}

/* Writes a generated name into buf; returns its length. */
static size_t make_name(uint64_t *x, int shorts, char *buf) {
  static const char word[] = "abcdefghijklmnopqrstuvwxyz0123456789";
  static const char tchar[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-";
  size_t n = 0;
  if (shorts && next(x) % 16 == 0) {
    for (int i = pick(x, 1, 7); i > 0; i--)
      buf[n++] = tchar[next(x) % (sizeof tchar - 1)];
    return n;
  }
  int capital = next(x) % 2;
  buf[n++] = 'X';
  for (int w = pick(x, 1, 4); w > 0; w--) {
    buf[n++] = '-';
    for (int i = 0, len = pick(x, 2, 9); i < len; i++) {
      char c = word[next(x) % (sizeof word - 1)];
      buf[n++] = capital && i == 0 && c >= 'a' ? (char)(c - 32) : c;
    }
  }
  return n;
}

/* Whether buf[0..n) would make an id that a table keeps for itself. */
static int reserved(const char *buf, size_t n) {
  static const char *const ids[] = {"h", "count", "unknown"};
  for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++)
    if (strlen(ids[i]) == n && strncasecmp(ids[i], buf, n) == 0)
      return 1;
  return 0;
}

/* Whether buf[0..n) is equal, case-insensitively, to a name in the set (and if not, adds it):
   open addressing on an FNV-1a hash of the folded bytes. */
static int seen(char (*set)[48], size_t size, const char *buf, size_t n) {
  uint64_t h = 14695981039346656037ULL;
  for (size_t i = 0; i < n; i++)
    h = (h ^ (unsigned char)(buf[i] | 0x20)) * 1099511628211ULL;
  for (size_t at = h % size;; at = (at + 1) % size) {
    if (set[at][0] == '\0') {
      memcpy(set[at], buf, n);
      set[at][n] = '\0';
      return 0;
    }
    if (strlen(set[at]) == n && strncasecmp(set[at], buf, n) == 0)
      return 1;
  }
}

int main(int argc, char **argv) {
  if (argc < 3 || argc > 4 || (argc == 4 && strcmp(argv[3], "--short") != 0)) {
    fprintf(stderr, "usage: mklist COUNT SEED [--short]\n");
    return 2;
  }
  long count = atol(argv[1]);
  uint64_t x = 0x9E3779B97F4A7C15ULL ^ (uint64_t)atol(argv[2]);
  if (count < 1 || count > MAX_NAMES) {
    fprintf(stderr, "mklist: COUNT must be 1 to %d\n", MAX_NAMES);
    return 2;
  }
  size_t size = 4 * MAX_NAMES;
  char(*set)[48] = calloc(size, sizeof *set), buf[48];
  if (set == NULL)
    return 2;
  printf("// %ld generated names: mklist %s %s%s\n", count, argv[1], argv[2],
         argc == 4 ? " --short" : "");
  for (long i = 0; i < count;) {
    size_t n = make_name(&x, argc == 4, buf);
    if (!reserved(buf, n) && !seen(set, size, buf, n))
      printf("%.*s\n", (int)n, buf), i++;
  }
  free(set);
  return ferror(stdout) ? 1 : 0;
}
