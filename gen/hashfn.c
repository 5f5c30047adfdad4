/* hashfn.c: running gperf, reading its hash function back, and checking it (see hashfn.h). */
#include "hashfn.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/* Reads the whole file at path into a NUL-terminated heap buffer; NULL on failure. */
static char *slurp(const char *path) {
  FILE *f = fopen(path, "rb");
  char *buf = NULL;
  size_t size = 0, cap = 0, got;
  if (f == NULL)
    return NULL;
  do {
    if (cap - size < 4096) {
      char *b = realloc(buf, cap = cap ? 2 * cap : 65536);
      if (b == NULL) {
        free(buf);
        fclose(f);
        return NULL;
      }
      buf = b;
    }
    got = fread(buf + size, 1, cap - size - 1, f);
    size += got;
  } while (got > 0);
  buf[size] = '\0';
  fclose(f);
  return buf;
}

/* Runs argv with stdout discarded and stderr sent to err_path; returns the exit status, or -1
   with errno set when it cannot be started. */
static int run(char *const argv[], const char *err_path) {
  posix_spawn_file_actions_t fa;
  pid_t pid;
  int status, rc;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 2, err_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  rc = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  if (rc != 0) {
    errno = rc;
    return -1;
  }
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR)
      return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* Reads the unsigned decimal number at *p and moves *p past it; -1 if there is none. */
static long number(const char **p) {
  char *end;
  if (**p < '0' || **p > '9')
    return -1;
  long v = strtol(*p, &end, 10);
  *p = end;
  return v;
}

/* The rank of a term in the order the output lists them: the length, then positions from the
   start, then from the end, then the per-length byte. */
static long rank(int pos) {
  return pos == HASHFN_LENGTH       ? -1
         : pos == HASHFN_PER_LENGTH ? 100000L
         : pos >= 0                 ? pos
                                    : 1000L - pos;
}

/* Puts the terms in rank order, so that the output does not depend on gperf's order. */
static void order_terms(struct hashfn *h) {
  for (int i = 1; i < h->nterms; i++)
    for (int j = i; j > 0 && rank(h->pos[j]) < rank(h->pos[j - 1]); j--) {
      int p = h->pos[j], c = h->inc[j];
      h->pos[j] = h->pos[j - 1], h->inc[j] = h->inc[j - 1];
      h->pos[j - 1] = p, h->inc[j - 1] = c;
    }
}

/* Runs gperf --ignore-case with opts (NULL-terminated) on the gperf input in input[0..size)
   and stores its output (a heap string) in *output. Returns 0; or -1, after reporting the
   failure to err unless quiet. */
static int run_gperf(const char *input, size_t size, const char *const opts[], char **output,
                     int quiet, FILE *err) {
  const char *gperf = getenv("GPERF"), *tmp = getenv("TMPDIR");
  char dir[4096], in[4200], outc[4200], errs[4200], oopt[4300];
  char *argv[16];
  int argc = 0, rc = -1;
  *output = NULL;
  if (gperf == NULL || *gperf == '\0')
    gperf = "gperf";
  if (tmp == NULL || *tmp == '\0')
    tmp = "/tmp";
  if ((size_t)snprintf(dir, sizeof dir, "%s/hhn-gen.XXXXXX", tmp) >= sizeof dir ||
      mkdtemp(dir) == NULL) {
    if (!quiet)
      fprintf(err, "hhn-gen: error: cannot make a temporary folder in '%s': %s\n", tmp,
              strerror(errno));
    return -1;
  }
  snprintf(in, sizeof in, "%s/names.gperf", dir);
  snprintf(outc, sizeof outc, "%s/out.c", dir);
  snprintf(errs, sizeof errs, "%s/stderr", dir);
  snprintf(oopt, sizeof oopt, "--output-file=%s", outc);
  argv[argc++] = (char *)gperf;
  argv[argc++] = "--ignore-case";
  for (int i = 0; opts[i] && argc < 13; i++)
    argv[argc++] = (char *)opts[i];
  argv[argc++] = oopt;
  argv[argc++] = in;
  argv[argc] = NULL;

  FILE *f = fopen(in, "wb");
  if (f == NULL || fwrite(input, 1, size, f) != size || fclose(f) != 0) {
    if (!quiet)
      fprintf(err, "hhn-gen: error: cannot write '%s': %s\n", in, strerror(errno));
    goto done;
  }
  int status = run(argv, errs);
  if (status < 0) {
    if (!quiet)
      fprintf(err, "hhn-gen: error: cannot run gperf ('%s'): %s; install GNU gperf or set GPERF\n",
              gperf, strerror(errno));
    goto done;
  }
  if (status != 0) {
    char *msg = quiet ? NULL : slurp(errs), *line, *save = NULL;
    if (!quiet)
      fprintf(err, "hhn-gen: error: gperf failed (exit status %d)\n", status);
    for (line = msg ? strtok_r(msg, "\n", &save) : NULL; line; line = strtok_r(NULL, "\n", &save))
      fprintf(err, "gperf: %s\n", line);
    free(msg);
    goto done;
  }
  if ((*output = slurp(outc)) == NULL) {
    if (!quiet)
      fprintf(err, "hhn-gen: error: cannot read gperf's output\n");
  } else
    rc = 0;
done:
  unlink(in);
  unlink(outc);
  unlink(errs);
  rmdir(dir);
  return rc;
}

/* Appends the gperf keyword for key[0..n) to buf: quoted, with every byte that is not a
   printable ASCII letter, digit or punctuation written in octal. Returns the new length. */
static size_t put_keyword(char *buf, size_t used, const unsigned char *key, size_t n) {
  buf[used++] = '"';
  for (size_t i = 0; i < n; i++) {
    unsigned char c = key[i];
    if (c > 0x20 && c < 0x7f && c != '"' && c != '\\')
      buf[used++] = (char)c;
    else
      used += (size_t)sprintf(buf + used, "\\%03o", c);
  }
  buf[used++] = '"';
  buf[used++] = '\n';
  return used;
}

/* The index of the byte that term position pos reads in a name of len bytes: clamped into
   the name when the hash is hhn-gen's own, or -1 (nothing read) when it is gperf's. */
static long byte_index(int pos, size_t len, int own) {
  if (pos >= 0)
    return (size_t)pos < len ? pos : own ? (long)len - 1 : -1;
  return (size_t)-pos <= len ? (long)len + pos : 0;
}

/* Writes the synthetic key of a name for positions pos[0..k): its length, then the bytes at
   the positions (at[len] for a per-length one), letters in lowercase. */
static void synthetic_key(const struct name *nm, const int *pos, int k, const unsigned char *at,
                          unsigned char *key) {
  key[0] = (unsigned char)nm->len;
  for (int j = 0; j < k; j++) {
    long i = pos[j] == HASHFN_PER_LENGTH ? at[nm->len] : byte_index(pos[j], nm->len, 1);
    unsigned char c = (unsigned char)nm->text[i];
    key[j + 1] = c >= 'A' && c <= 'Z' ? c + 32 : c;
  }
}

/* Keys of a list being compared: n rows of `width` bytes. */
static const unsigned char *sort_keys;
static size_t sort_width;
static int by_key(const void *a, const void *b) {
  int d = memcmp(sort_keys + *(const size_t *)a * sort_width,
                 sort_keys + *(const size_t *)b * sort_width, sort_width);
  return d ? d
           : (*(const size_t *)a > *(const size_t *)b) - (*(const size_t *)a < *(const size_t *)b);
}

/* Sorts rows[0..n), indexes of rows of w bytes in keys, and returns the place of the first
   of two equal rows in it, or n if all differ. */
static size_t find_equal_rows(const unsigned char *keys, size_t w, size_t *rows, size_t n) {
  sort_keys = keys;
  sort_width = w;
  qsort(rows, n, sizeof *rows, by_key);
  for (size_t i = 1; i < n; i++)
    if (memcmp(keys + rows[i - 1] * w, keys + rows[i] * w, w) == 0)
      return i - 1;
  return n;
}

/* Whether the synthetic keys of positions pos[0..k) tell every name of the list apart; if
   not, stores two names they do not tell apart in *a and *b. keys holds n * (k + 1) bytes
   and order n indexes, as scratch. */
static int distinct(const struct names *list, const int *pos, int k, const unsigned char *at,
                    unsigned char *keys, size_t *order, size_t *a, size_t *b) {
  size_t w = (size_t)k + 1;
  for (size_t i = 0; i < list->n; i++) {
    synthetic_key(&list->v[i], pos, k, at, keys + i * w);
    order[i] = i;
  }
  size_t i = find_equal_rows(keys, w, order, list->n);
  if (i == list->n)
    return 1;
  *a = order[i];
  *b = order[i + 1];
  return 0;
}

/* Chooses, for each length of the list, the byte at[len] that a per-length term at the end of
   pos[0..k) reads: one where the names of that length, with the bytes at the other positions,
   differ; of those, the one with the most different values (then the first), to spread the
   hash. Returns 0 if some length has no such byte. keys holds n * (k + 1) bytes and order n
   indexes, as scratch. */
static int choose_at(const struct names *list, const int *pos, int k, unsigned char *at,
                     unsigned char *keys, size_t *order) {
  size_t w = (size_t)k + 1, n = 0;
  memset(at, 0, NAMES_MAX_LENGTH + 1);
  for (size_t len = 1; len <= NAMES_MAX_LENGTH; len++) {
    size_t group = 0;
    for (size_t i = 0; i < list->n; i++)
      if (list->v[i].len == len)
        order[group++] = i;
    if (group == 0)
      continue;
    int best = -1, best_values = 0;
    for (size_t p = 0; p < len; p++) {
      unsigned char seen[256] = {0};
      int values = 0;
      at[len] = (unsigned char)p;
      for (size_t g = 0; g < group; g++) {
        synthetic_key(&list->v[order[g]], pos, k, at, keys + g * w);
        values += !seen[keys[g * w + w - 1]]++;
      }
      if (values <= best_values)
        continue;
      size_t *rows = order + group; /* the group's rows, kept after it in order */
      for (size_t r = 0; r < group; r++)
        rows[r] = r;
      if (find_equal_rows(keys, w, rows, group) == group)
        best = (int)p, best_values = values;
    }
    if (best < 0)
      return 0;
    at[len] = (unsigned char)best;
    n += group;
  }
  return n == list->n;
}

/* Runs gperf with opts on the gperf input in input[0..used) (then frees it) and reads the hash
   function of its output into *parsed. Returns 0; or -1, reporting why unless quiet. */
static int gperf_values(char *input, size_t used, const char *const opts[], struct hashfn *parsed,
                        int quiet, FILE *err) {
  char *text;
  int rc = run_gperf(input, used, opts, &text, quiet, err);
  free(input);
  if (rc != 0)
    return -1;
  rc = hashfn_parse(text, parsed);
  free(text);
  if (rc != 0 && !quiet)
    fprintf(err, "hhn-gen: error: cannot read a hash function in gperf's output\n");
  return rc != 0 ? -1 : 0;
}

/* Asks gperf for values that make the synthetic keys of positions pos[0..k) a perfect hash,
   and checks the result on the names. Returns 0; or -1, reporting why unless quiet. */
static int own_hash(const struct names *list, const int *pos, int k, const unsigned char *at,
                    struct hashfn *out, int quiet, FILE *err) {
  static const char *const opts[] = {"--no-strlen", "--key-positions=*", "--multiple-iterations=10",
                                     NULL};
  size_t w = (size_t)k + 1, used = 0;
  char *input = malloc(16 + list->n * (4 * w + 4));
  unsigned char key[HASHFN_MAX_TERMS + 1];
  if (input == NULL) {
    fprintf(err, "hhn-gen: error: out of memory\n");
    return -1;
  }
  used += (size_t)sprintf(input, "%%{\n%%}\n%%%%\n");
  for (size_t i = 0; i < list->n; i++) {
    synthetic_key(&list->v[i], pos, k, at, key);
    used = put_keyword(input, used, key, w);
  }
  struct hashfn parsed;
  if (gperf_values(input, used, opts, &parsed, quiet, err) != 0)
    return -1;
  memset(out, 0, sizeof *out);
  out->own = 1;
  memcpy(out->asso, parsed.asso, sizeof out->asso);
  out->nasso = parsed.nasso;
  if (at != NULL)
    memcpy(out->at, at, sizeof out->at);
  for (int i = 0; i < parsed.nterms; i++) { /* key byte 0 is the length, byte j pos[j - 1] */
    int j = parsed.pos[i] == -1 ? k : parsed.pos[i];
    if (j > k)
      return -1;
    out->pos[out->nterms] = j == 0 ? HASHFN_LENGTH : pos[j - 1];
    out->inc[out->nterms++] = parsed.inc[i];
  }
  order_terms(out);
  return hashfn_check(out, list, quiet ? NULL : err);
}

/* gperf's own hash of the names themselves, for lists that no searched position set fits. */
static int gperf_hash(const struct names *list, struct hashfn *out, FILE *err) {
  static const char *const opts[] = {NULL};
  size_t used = 0;
  char *input = malloc(16 + list->n * (4 * NAMES_MAX_LENGTH + 4));
  if (input == NULL) {
    fprintf(err, "hhn-gen: error: out of memory\n");
    return -1;
  }
  used += (size_t)sprintf(input, "%%{\n%%}\n%%%%\n");
  for (size_t i = 0; i < list->n; i++)
    used = put_keyword(input, used, (const unsigned char *)list->v[i].text, list->v[i].len);
  if (gperf_values(input, used, opts, out, 0, err) != 0)
    return -1;
  return hashfn_check(out, list, err);
}

/* Parses --key-positions: N, N-M, $ and $-N, comma-separated. Returns the count, or -1. */
static int parse_positions(const char *s, int *pos, int max) {
  int k = 0;
  while (*s) {
    char *end;
    long a, b;
    if (*s == '$') {
      a = b = -1;
      s++;
      if (*s == '-') {
        b = a = -1 - strtol(s + 1, &end, 10);
        if (end == s + 1 || a < -NAMES_MAX_LENGTH)
          return -1;
        s = end;
      }
    } else {
      a = strtol(s, &end, 10);
      if (end == s || a < 1 || a > NAMES_MAX_LENGTH)
        return -1;
      s = end;
      b = a;
      if (*s == '-') {
        b = strtol(s + 1, &end, 10);
        if (end == s + 1 || b < a || b > NAMES_MAX_LENGTH)
          return -1;
        s = end;
      }
      a--, b--;
    }
    for (long p = a; p <= b; p++) {
      for (int i = 0; i < k; i++)
        if (pos[i] == p)
          return -1;
      if (k == max)
        return -1;
      pos[k++] = (int)p;
    }
    if (*s == ',')
      s++;
    else if (*s != '\0')
      return -1;
  }
  return k;
}

/* The modelled cost of reading a byte at pos: 1 for a byte that every name has, 2 for the
   per-length byte (its position is one more load), 3 for one that must be clamped into shorter
   names. */
static int position_cost(int pos, size_t min_len) {
  if (pos == HASHFN_PER_LENGTH)
    return 2;
  return (pos >= 0 ? (size_t)pos < min_len : (size_t)-pos <= min_len) ? 1 : 3;
}

/* One candidate of the search: k positions and their cost. */
struct candidate {
  int pos[HASHFN_SEARCH_MAX];
  int k, cost;
};

/* Orders candidates by cost, then by how many bytes they read, then by their positions, so
   that the search is deterministic. */
static int by_cost(const void *a, const void *b) {
  const struct candidate *x = a, *y = b;
  if (x->cost != y->cost)
    return (x->cost > y->cost) - (x->cost < y->cost);
  if (x->k != y->k)
    return (x->k > y->k) - (x->k < y->k);
  for (int i = 0; i < x->k; i++)
    if (x->pos[i] != y->pos[i])
      return rank(x->pos[i]) < rank(y->pos[i]) ? -1 : 1;
  return 0;
}

int hashfn_make(const struct names *list, const char *key_positions, struct hashfn *out,
                FILE *err) {
  size_t min_len, max_len, a, b;
  unsigned char at[NAMES_MAX_LENGTH + 1];
  names_lengths(list, &min_len, &max_len);
  unsigned char *keys = malloc(list->n * (HASHFN_MAX_TERMS + 1));
  size_t *order = malloc(2 * list->n * sizeof *order); /* choose_at needs two rows each */
  struct candidate *cands = NULL;
  int rc = -1;
  if (keys == NULL || order == NULL)
    goto oom;

  if (key_positions != NULL) {
    int pos[HASHFN_MAX_TERMS - 1];
    int k = parse_positions(key_positions, pos, HASHFN_MAX_TERMS - 1);
    if (k <= 0) {
      fprintf(err, "hhn-gen: error: cannot read key positions '%s' (1,2-4,$,$-1)\n", key_positions);
    } else if (!distinct(list, pos, k, NULL, keys, order, &a, &b)) {
      fprintf(err,
              "hhn-gen: error: key positions %s do not tell '%s' (line %d) from '%s' "
              "(line %d)\n",
              key_positions, list->v[a].text, list->v[a].line, list->v[b].text, list->v[b].line);
    } else {
      rc = own_hash(list, pos, k, NULL, out, 0, err);
    }
    goto done;
  }

  /* The search: the first and last 16 positions, sets of 0 (the length alone) to
     HASHFN_SEARCH_MAX of them; and sets of up to 2 of them with a per-length byte. */
  int all[32], nall = 0;
  for (int p = 0; p < 16 && (size_t)p < max_len; p++)
    all[nall++] = p;
  for (int q = 1; q <= 16 && (size_t)q <= max_len; q++)
    all[nall++] = -q;
  size_t ncands = 0, cap = 0;
  int best = INT_MAX; /* the cost of the cheapest set found: k positions cost at least k */
  for (int k = 0; k <= HASHFN_SEARCH_MAX && k <= best; k++) {
    int idx[HASHFN_SEARCH_MAX];
    for (int i = 0; i < k; i++)
      idx[i] = i;
    while (k <= nall) { /* every k-subset of all[], in lexicographic order */
      struct candidate c = {{0}, k, 0};
      for (int i = 0; i < k; i++) {
        c.pos[i] = all[idx[i]];
        c.cost += position_cost(c.pos[i], min_len);
      }
      for (int per_length = 0; per_length < 2; per_length++) {
        if (per_length) { /* the same set, and a byte chosen per length */
          if (k > 2 || c.cost + 2 > best)
            break;
          c.pos[c.k++] = HASHFN_PER_LENGTH;
          c.cost += 2;
          if (!choose_at(list, c.pos, c.k, at, keys, order))
            break;
        } else if (!distinct(list, c.pos, k, NULL, keys, order, &a, &b)) {
          continue;
        }
        if (ncands == cap) {
          struct candidate *more = realloc(cands, (cap = cap ? 2 * cap : 64) * sizeof *more);
          if (more == NULL)
            goto oom;
          cands = more;
        }
        cands[ncands++] = c;
        best = c.cost < best ? c.cost : best;
      }
      int i = k - 1;
      while (i >= 0 && idx[i] == nall - k + i)
        i--;
      if (i < 0)
        break;
      idx[i]++;
      for (int j = i + 1; j < k; j++)
        idx[j] = idx[j - 1] + 1;
    }
  }
  /* The cheapest sets first; of up to 8 that gperf solves at the cheapest cost it can, the one
     with the smallest table; after 64 failures, gperf's own positions. */
  qsort(cands, ncands, sizeof *cands, by_cost);
  static struct hashfn trial;
  int tried = 0, found_cost = 0;
  for (size_t i = 0; i < ncands && tried < 64; i++) {
    if (rc == 0 && (cands[i].cost > found_cost || tried >= 8))
      break;
    tried++;
    if (cands[i].k > 0 && cands[i].pos[cands[i].k - 1] == HASHFN_PER_LENGTH &&
        !choose_at(list, cands[i].pos, cands[i].k, at, keys, order))
      continue; /* cannot happen: the search chose these bytes */
    if (own_hash(list, cands[i].pos, cands[i].k, at, &trial, 1, err) != 0)
      continue;
    if (rc != 0 || hashfn_slots(&trial) < hashfn_slots(out)) {
      *out = trial;
      found_cost = cands[i].cost;
      rc = 0;
    }
  }
  if (rc == 0)
    out->tried = tried;
  if (rc != 0)
    rc = gperf_hash(list, out, err);
  goto done;
oom:
  fprintf(err, "hhn-gen: error: out of memory\n");
done:
  free(cands);
  free(order);
  free(keys);
  return rc;
}

int hashfn_parse(const char *text, struct hashfn *out) {
  static const char use[] = "asso_values[(unsigned char)str[";
  const char *p = strstr(text, "\nhash (");
  memset(out, 0, sizeof *out);
  if (p == NULL)
    return -1;
  const char *end = strstr(p, "\n}"), *table = strstr(p, "asso_values[] =");
  if (end == NULL)
    return -1;
  if (table != NULL && table < end) { /* no table when the length alone tells the names apart */
    if ((p = strchr(table, '{')) == NULL)
      return -1;
    for (p++;;) {
      while (*p == ' ' || *p == ',' || *p == '\n')
        p++;
      if (*p == '}')
        break;
      long v = number(&p);
      if (v < 0 || out->nasso == HASHFN_MAX_ASSO)
        return -1;
      out->asso[out->nasso++] = (unsigned)v;
    }
  }
  /* gperf's hash adds the length (unless told --no-strlen), save for one name, where it is 0:
     either way the hash is checked on the names in hashfn_check. */
  while ((p = strstr(p, use)) != NULL && p < end) {
    long pos, inc = 0;
    p += sizeof use - 1;
    if (strncmp(p, "len - 1", 7) == 0) {
      pos = -1;
      p += 7;
    } else if ((pos = number(&p)) < 0) {
      return -1;
    }
    if (*p++ != ']')
      return -1;
    if (*p == '+' && (p++, inc = number(&p)) < 0)
      return -1;
    if (*p++ != ']' || out->nterms == HASHFN_MAX_TERMS || pos > 255 || inc > 255)
      return -1;
    out->pos[out->nterms] = (int)pos;
    out->inc[out->nterms++] = (int)inc;
  }
  order_terms(out);
  return out->nterms > 0 && out->nasso == 0 ? -1 : 0;
}

unsigned hashfn_apply(const struct hashfn *h, const unsigned char *s, size_t len) {
  unsigned v = h->own ? 0 : (unsigned)len;
  for (int i = 0; i < h->nterms; i++) {
    if (h->pos[i] == HASHFN_LENGTH) {
      v += h->asso[len + h->inc[i]];
      continue;
    }
    long at = h->pos[i] == HASHFN_PER_LENGTH ? h->at[len] : byte_index(h->pos[i], len, h->own);
    if (at >= 0)
      v += h->asso[s[at] + h->inc[i]];
  }
  return v;
}

/* Orders (hash, id) pairs by hash. */
static int by_hash(const void *a, const void *b) {
  const unsigned *x = a, *y = b;
  return x[0] < y[0] ? -1 : x[0] > y[0];
}

int hashfn_check(struct hashfn *h, const struct names *list, FILE *err) {
  int max_inc = 0;
  for (int i = 0; i < h->nterms; i++)
    max_inc = h->inc[i] > max_inc ? h->inc[i] : max_inc;
  if (h->nterms > 0 && h->nasso < 256 + max_inc) {
    if (err)
      fprintf(err, "hhn-gen: error: gperf's table has %d associated values; bytes need %d\n",
              h->nasso, 256 + max_inc);
    return -1;
  }
  /* Wherever a name has a letter, its two cases share a value, so that the name spelt in any
     case hashes alike. (Elsewhere a letter may take any value: an input with it there is no
     name. gperf leaves such letters apart when an increment moves them off the bytes it was
     given.) */
  for (size_t j = 0; j < list->n; j++)
    for (int i = 0; i < h->nterms; i++) {
      const struct name *nm = &list->v[j];
      long at = h->pos[i] == HASHFN_LENGTH       ? -1
                : h->pos[i] == HASHFN_PER_LENGTH ? h->at[nm->len]
                                                 : byte_index(h->pos[i], nm->len, h->own);
      int c = at < 0 ? 0 : (unsigned char)nm->text[at] | 0x20;
      if (c >= 'a' && c <= 'z' && h->asso[c + h->inc[i]] != h->asso[c - 32 + h->inc[i]]) {
        if (err)
          fprintf(err, "hhn-gen: error: gperf's hash tells '%c' from '%c' in %s\n", c, c - 32,
                  nm->text);
        return -1;
      }
    }
  unsigned(*pairs)[2] = malloc(list->n * sizeof *pairs);
  if (pairs == NULL) {
    if (err)
      fprintf(err, "hhn-gen: error: out of memory\n");
    return -1;
  }
  h->max_hash = 0;
  for (size_t i = 0; i < list->n; i++) {
    pairs[i][0] = hashfn_apply(h, (const unsigned char *)list->v[i].text, list->v[i].len);
    pairs[i][1] = (unsigned)i;
    h->max_hash = pairs[i][0] > h->max_hash ? pairs[i][0] : h->max_hash;
  }
  qsort(pairs, list->n, sizeof *pairs, by_hash);
  for (size_t i = 1; i < list->n; i++)
    if (pairs[i][0] == pairs[i - 1][0]) {
      const struct name *a = &list->v[pairs[i - 1][1]], *b = &list->v[pairs[i][1]];
      if (err)
        fprintf(err, "hhn-gen: error: '%s' (line %d) and '%s' (line %d) have the same hash %u\n",
                a->text, a->line, b->text, b->line, pairs[i][0]);
      free(pairs);
      return -1;
    }
  free(pairs);
  return 0;
}

void hashfn_positions(const struct hashfn *h, char *buf, size_t size) {
  size_t used = 0;
  buf[0] = '\0';
  for (int i = 0; i < h->nterms && used < size; i++) {
    int p = h->pos[i], n = 0;
    const char *sep = used ? "," : "";
    if (p == HASHFN_LENGTH || p == HASHFN_PER_LENGTH)
      continue;
    if (p >= 0)
      n = snprintf(buf + used, size - used, "%s%d", sep, p + 1);
    else if (p == -1)
      n = snprintf(buf + used, size - used, "%s$", sep);
    else
      n = snprintf(buf + used, size - used, "%s$-%d", sep, -p - 1);
    used += n > 0 ? (size_t)n : 0;
  }
}

int hashfn_per_length(const struct hashfn *h) {
  for (int i = 0; i < h->nterms; i++)
    if (h->pos[i] == HASHFN_PER_LENGTH)
      return 1;
  return 0;
}

int hashfn_cost(const struct hashfn *h, const struct names *list) {
  size_t min_len, max_len;
  int cost = 0;
  names_lengths(list, &min_len, &max_len);
  for (int i = 0; i < h->nterms; i++)
    cost += h->pos[i] == HASHFN_LENGTH ? 0 : position_cost(h->pos[i], min_len);
  return cost;
}

size_t hashfn_slots(const struct hashfn *h) {
  size_t n = 1;
  while (n <= h->max_hash)
    n *= 2;
  return n;
}
