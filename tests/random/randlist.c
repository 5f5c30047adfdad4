/* randlist.c: writes a random names list for the randomized end-to-end check
 * (tests/random/random.sh), the same for the same seed; the seed picks a shape, drawn to reach
 * every layout and edge of a generated table.
 *
 *   randlist SEED            the list, on stdout
 *   randlist SEED --shape    the shape's name alone
 *   randlist SEED --fields   a static table of fields over the list's names (hhn-gen --fields)
 *
 * Every list is one that hhn-gen must accept: no two names make one id, and none makes an id
 * that a table keeps for itself; and every table of fields too: names of the list in lowercase,
 * values of the bytes a value may hold, no entry twice. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_NAMES 32767
#define MAX_LEN 255

/* The random sequence of a list: xorshift64*. */
static uint64_t state;

static uint64_t next(void) {
  state ^= state >> 12, state ^= state << 25, state ^= state >> 27;
  return state * 0x2545F4914F6CDD1DULL;
}

/* A random number in [lo, hi]. */
static size_t pick(size_t lo, size_t hi) { return lo + (size_t)(next() % (hi - lo + 1)); }

/* The bytes names are made of: every tchar, and some alphabets that stress a part of the
   lookup: the letters next to the case bit's neighbours, and the tchars that differ from
   another byte by the case bit alone ('^' and '~', '_' and DEL, '`' and '@'). */
static const char tchar[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                            "!#$%&'*+-.^_`|~";
static const char edges[] = "aAzZ^~_`|09";
static const char plain[] = "abcdefghijklmnopqrstuvwxyz-";

/* A random byte of the alphabet a (a's last byte is a NUL). */
static char byte_of(const char *a, size_t size) { return a[next() % (size - 1)]; }

/* The names made so far, their id names in a hash set to keep every id apart. */
static char names[MAX_NAMES][MAX_LEN + 1];
static size_t count;
static uint64_t ids[1 << 17];

/* The hash of the id name of s: a leading ':' as PSEUDO_, then each byte in uppercase, or '_'
   for a byte other than a letter or a digit. */
static uint64_t id_hash(const char *s) {
  char id[MAX_LEN + 8];
  size_t n = 0;
  if (*s == ':')
    n = (size_t)sprintf(id, "PSEUDO_"), s++;
  for (; *s; s++)
    id[n++] = *s >= 'a' && *s <= 'z'                                 ? (char)(*s - 32)
              : (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ? *s
                                                                     : '_';
  uint64_t h = 14695981039346656037ULL;
  for (size_t i = 0; i < n; i++)
    h = (h ^ (unsigned char)id[i]) * 1099511628211ULL;
  return h | 1;
}

/* Whether s would make an id that a table keeps for itself (COUNT, FLAG_..., VERSION_...). */
static int reserved(const char *s) {
  static const char *const taken[] = {
      "h",          "count",         "min-length",    "max-length",   "unknown",
      "attr-count", "version-major", "version-minor", "version-patch"};
  char id[MAX_LEN + 1];
  size_t n = strlen(s);
  for (size_t i = 0; i <= n; i++)
    id[i] = (char)(s[i] >= 'A' && s[i] <= 'Z' ? s[i] + 32 : s[i] == '_' ? '-' : s[i]);
  for (size_t i = 0; i < sizeof taken / sizeof taken[0]; i++)
    if (strcmp(id, taken[i]) == 0)
      return 1;
  return strncmp(id, "flag-", 5) == 0 || strncmp(id, "attr-", 5) == 0;
}

/* Adds s[0..len) to the list unless its id is taken; returns whether it did. */
static int add(const char *s, size_t len) {
  char name[MAX_LEN + 1];
  if (len == 0 || len > MAX_LEN || count == MAX_NAMES || (len == 1 && s[0] == ':'))
    return 0;
  memcpy(name, s, len);
  name[len] = '\0';
  if (reserved(name))
    return 0;
  uint64_t h = id_hash(name);
  size_t at = (size_t)(h >> 40) & (sizeof ids / sizeof ids[0] - 1);
  for (; ids[at] != 0; at = (at + 1) & (sizeof ids / sizeof ids[0] - 1))
    if (ids[at] == h)
      return 0; /* the same id, or one hash of two ids: one name fewer either way */
  ids[at] = h;
  memcpy(names[count++], name, len + 1);
  return 1;
}

/* Adds up to n names of random lengths lo to hi over the alphabet a (a colon first in one
   name in `pseudo`, if pseudo > 0). */
static void add_random(size_t n, size_t lo, size_t hi, const char *a, size_t size, int pseudo) {
  char s[MAX_LEN];
  for (size_t tries = 0, added = 0; added < n && tries < 20 * n + 100; tries++) {
    size_t len = pick(lo, hi);
    for (size_t k = 0; k < len; k++)
      s[k] = byte_of(a, size);
    if (pseudo > 0 && len > 1 && next() % (uint64_t)pseudo == 0)
      s[0] = ':';
    added += (size_t)add(s, len);
  }
}

/* Names alike but for a few positions deep inside: a base of len bytes, and up to n names
   that differ from it in the bytes at `deep` positions beyond the first and last 16. */
static void add_alike(size_t n, size_t len, int deep) {
  char base[MAX_LEN], s[MAX_LEN];
  size_t at[3];
  for (size_t k = 0; k < len; k++)
    base[k] = byte_of(plain, sizeof plain);
  for (int d = 0; d < deep; d++)
    at[d] = pick(16, len - 17);
  for (size_t tries = 0, added = 0; added < n && tries < 20 * n + 100; tries++) {
    memcpy(s, base, len);
    for (int d = 0; d < deep; d++)
      s[at[d]] = byte_of(tchar, sizeof tchar);
    added += (size_t)add(s, len);
  }
}

/* The shapes: each adds the names of one kind of list. */
static void every_length(void) { /* 1 to 255 bytes, 255 itself, few names a length */
  add_random(pick(1, 300), 1, MAX_LEN, tchar, sizeof tchar, 20);
  add_random(1, MAX_LEN, MAX_LEN, tchar, sizeof tchar, 0);
}
static void each_length(void) { /* a name of each length up to 255: a sparse, indexed table */
  for (size_t len = pick(1, 200); len <= MAX_LEN; len++)
    add_random(1, len, len, tchar, sizeof tchar, 0);
}
static void one_length(void) { /* many names of one length */
  size_t len = pick(4, 80);
  add_random(pick(20, 600), len, len, tchar, sizeof tchar, 0);
}
static void deep_inside(void) { /* alike but deep inside: a per-length byte, or widening */
  add_alike(pick(2, 40), pick(40, MAX_LEN), 1);
  add_alike(pick(2, 40), pick(40, MAX_LEN), (int)pick(1, 2));
  add_random(pick(0, 30), 1, 40, tchar, sizeof tchar, 10);
}
static void fold_edges(void) { /* the bytes at the case bit's edges */
  add_random(pick(5, 200), 1, pick(8, 64), edges, sizeof edges, 0);
}
static void pseudo_headers(void) { /* HTTP/2 and HTTP/3 pseudo-headers among names */
  add_random(pick(5, 100), 2, 24, plain, sizeof plain, 3);
}
static void over_255_ids(void) { /* two-byte ids */
  add_random(pick(257, 999), 1, 60, tchar, sizeof tchar, 50);
}
static void thousand(void) { /* the last list that gperf gets, or the first that it does not */
  add_random(1000 + pick(0, 1), 2, 40, tchar, sizeof tchar, 0);
}
static void most(void) { /* the most names a list may hold */
  add_random(MAX_NAMES, 4, 48, tchar, sizeof tchar, 100);
}
static void short_names(void) { /* names under 4 bytes only, or with a few longer */
  add_random(pick(1, 300), 1, 3, tchar, sizeof tchar, 0);
  add_random(pick(0, 3), 4, 40, tchar, sizeof tchar, 0);
}
static void vector_edge(void) { /* lengths around 16 and 32, where the paths change */
  add_random(pick(2, 150), 14, 18, tchar, sizeof tchar, 0);
  add_random(pick(2, 150), 30, 34, tchar, sizeof tchar, 0);
}
static void folding_lengths(void) { /* lengths 32 apart from 65 to 122, as letters are */
  for (size_t len = 65; len + 32 <= 122; len += pick(1, 9)) {
    add_random(pick(1, 3), len, len, tchar, sizeof tchar, 0);
    add_random(pick(1, 3), len + 32, len + 32, tchar, sizeof tchar, 0);
  }
}
static void long_names(void) { /* every name over 32 bytes: no vector path, and no rare one */
  add_random(pick(1, 200), 33, MAX_LEN, tchar, sizeof tchar, 10);
}
static void mixed(void) { /* a little of everything */
  add_random(pick(1, 200), 1, MAX_LEN, tchar, sizeof tchar, 20);
  add_alike(pick(1, 10), pick(40, MAX_LEN), 1);
  add_random(pick(0, 50), 1, 12, edges, sizeof edges, 0);
}

static const struct {
  const char *name;
  void (*make)(void);
  int weight; /* how often the shape comes up, in 64ths */
} shapes[] = {
    {"every-length", every_length, 5},
    {"each-length", each_length, 3},
    {"one-length", one_length, 6},
    {"deep-inside", deep_inside, 7},
    {"fold-edges", fold_edges, 6},
    {"pseudo-headers", pseudo_headers, 4},
    {"over-255-ids", over_255_ids, 5},
    {"thousand", thousand, 3},
    {"most", most, 1},
    {"short-names", short_names, 5},
    {"vector-edge", vector_edge, 6},
    {"folding-lengths", folding_lengths, 4},
    {"long-names", long_names, 2},
    {"mixed", mixed, 7},
};

/* Writes the attributes of a name: flag words and key=number pairs, at random. */
static void put_attributes(FILE *f, int flags, int keys) {
  for (int i = 0; i < flags; i++)
    if (next() % 4 == 0)
      fprintf(f, " flag%d", i);
  for (int i = 0; i < keys; i++)
    if (next() % 3 == 0)
      fprintf(f, " key%d=%lu", i,
              (unsigned long)(next() % (i % 3 == 0   ? 128
                                        : i % 3 == 1 ? 40000
                                                     : 2147483648ULL)));
}

/* === A static table of fields ================================================================ */

/* A value's length, drawn to reach each of the match's cases: empty, under 4, 4 to 7, 8 to 16,
   17 to 62, 63 and more (the last bit of a name's lengths), and now and then up to the longest a
   value may be (which the test's mutations of each byte make slow). */
static size_t value_length(void) {
  static const size_t lo[] = {0, 1, 4, 8, 17, 60, 63, 300}, hi[] = {0, 3, 7, 16, 62, 66, 299, 4096};
  int c = (int)(next() % 64);
  return c == 63 ? pick(lo[7], hi[7]) : pick(lo[c % 7], hi[c % 7]);
}

/* Draws a value of n bytes into v: visible ASCII, SP, HTAB and bytes over 0x7F, as a value may
   hold (no SP or HTAB last, which a reader might trim). */
static void draw_value(char *v, size_t n) {
  for (size_t k = 0; k < n; k++) {
    int c = (int)(next() % 100);
    v[k] = (char)(c < 80   ? 0x21 + (int)(next() % 94)
                  : c < 88 ? ' '
                  : c < 92 ? '\t'
                           : 0x80 + (int)(next() % 128));
  }
  if (n > 0 && (v[n - 1] == ' ' || v[n - 1] == '\t'))
    v[n - 1] = 'x';
}

/* The entries drawn so far: each one's name (its index in names) and value. */
#define MAX_ENTRIES 48
static struct {
  size_t name, vlen;
  char value[4096];
} entry[MAX_ENTRIES];
static size_t entries;

/* Adds the entry of name i and value v[0..n) unless it is one already; returns whether it did. */
static int add_entry(size_t i, const char *v, size_t n) {
  for (size_t e = 0; e < entries; e++)
    if (entry[e].name == i && entry[e].vlen == n && memcmp(entry[e].value, v, n) == 0)
      return 0;
  entry[entries].name = i, entry[entries].vlen = n;
  memcpy(entry[entries++].value, v, n);
  return 1;
}

/* Writes a static table over the names made: names in lowercase, each with values of lengths
   drawn by value_length, now and then several of one length under one name. */
static void put_fields(void) {
  static char v[4096];
  size_t want = pick(1, count < MAX_ENTRIES / 2 ? 2 * count : MAX_ENTRIES);
  for (size_t tries = 0; entries < want && tries < 10 * want; tries++) {
    size_t i = (size_t)(next() % count), same = next() % 4 == 0 ? pick(2, 5) : 1;
    size_t len = value_length();
    for (size_t r = 0; r < same && entries < want; r++) {
      draw_value(v, len);
      add_entry(i, v, len);
    }
  }
  printf("// randlist --fields: %zu entries\n", entries);
  for (size_t e = 0; e < entries; e++) {
    for (const char *c = names[entry[e].name]; *c; c++)
      putchar(*c >= 'A' && *c <= 'Z' ? *c + 32 : *c);
    putchar('\t');
    fwrite(entry[e].value, 1, entry[e].vlen, stdout);
    putchar('\n');
  }
}

int main(int argc, char **argv) {
  int fields = argc == 3 && strcmp(argv[2], "--fields") == 0;
  if (argc < 2 || (argc == 3 && strcmp(argv[2], "--shape") != 0 && !fields) || argc > 3) {
    fprintf(stderr, "usage: randlist SEED [--shape | --fields]\n");
    return 2;
  }
  unsigned long long seed = strtoull(argv[1], NULL, 10);
  state = 0x9E3779B97F4A7C15ULL ^ (seed * 0xD1B54A32D192ED03ULL);
  for (int i = 0; i < 8; i++)
    next();
  int total = 0, roll = (int)(next() % 64), s = 0;
  for (s = 0; s < (int)(sizeof shapes / sizeof shapes[0]); s++)
    if ((total += shapes[s].weight) > roll)
      break;
  if (argc == 3 && !fields) {
    puts(shapes[s].name);
    return 0;
  }
  shapes[s].make();
  int flags = next() % 3 == 0 ? (int)pick(1, 32) : 0, keys = next() % 3 == 0 ? (int)pick(1, 16) : 0;
  if (fields) {
    put_fields();
    return ferror(stdout) ? 1 : 0;
  }
  printf("// randlist %llu: %s, %zu names\n", seed, shapes[s].name, count);
  for (size_t i = 0; i < count; i++) {
    fputs(names[i], stdout);
    put_attributes(stdout, flags, keys);
    putchar('\n');
  }
  return ferror(stdout) ? 1 : 0;
}
