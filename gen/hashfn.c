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

/* Writes the list as gperf input: an empty declarations section and each name quoted. */
static int write_gperf_input(const char *path, const struct names *list) {
  FILE *f = fopen(path, "w");
  if (f == NULL)
    return -1;
  fputs("%{\n%}\n%%\n", f);
  for (size_t i = 0; i < list->n; i++)
    fprintf(f, "\"%s\"\n", list->v[i].text); /* tchar has neither '"' nor '\\' */
  return fclose(f) == 0 ? 0 : -1;
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

int hashfn_from_gperf(const struct names *list, const char *key_positions, struct hashfn *out,
                      FILE *err) {
  const char *gperf = getenv("GPERF"), *tmp = getenv("TMPDIR");
  char dir[4096], in[4200], outc[4200], errs[4200], kopt[300], oopt[4300];
  char *argv[6];
  int argc = 0, rc = -1;
  if (gperf == NULL || *gperf == '\0')
    gperf = "gperf";
  if (tmp == NULL || *tmp == '\0')
    tmp = "/tmp";
  if ((size_t)snprintf(dir, sizeof dir, "%s/hhn-gen.XXXXXX", tmp) >= sizeof dir ||
      mkdtemp(dir) == NULL) {
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
  if (key_positions != NULL) {
    snprintf(kopt, sizeof kopt, "--key-positions=%s", key_positions);
    argv[argc++] = kopt;
  }
  argv[argc++] = oopt;
  argv[argc++] = in;
  argv[argc] = NULL;

  if (write_gperf_input(in, list) != 0) {
    fprintf(err, "hhn-gen: error: cannot write '%s': %s\n", in, strerror(errno));
    goto done;
  }
  int status = run(argv, errs);
  if (status < 0) {
    fprintf(err, "hhn-gen: error: cannot run gperf ('%s'): %s; install GNU gperf or set GPERF\n",
            gperf, strerror(errno));
    goto done;
  }
  if (status != 0) {
    char *msg = slurp(errs), *line, *save = NULL;
    fprintf(err, "hhn-gen: error: gperf failed (exit status %d)%s%s\n", status,
            key_positions ? " with key positions " : "", key_positions ? key_positions : "");
    for (line = msg ? strtok_r(msg, "\n", &save) : NULL; line; line = strtok_r(NULL, "\n", &save))
      fprintf(err, "gperf: %s\n", line);
    free(msg);
    goto done;
  }
  char *text = slurp(outc);
  if (text == NULL || hashfn_parse(text, out) != 0)
    fprintf(err, "hhn-gen: error: cannot read a hash function in gperf's output\n");
  else
    rc = 0;
  free(text);
done:
  unlink(in);
  unlink(outc);
  unlink(errs);
  rmdir(dir);
  return rc;
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
  /* gperf's hash adds the length (hhn-gen never passes -n), save for one name, where it is 0:
     either way hhn's hash is the length plus the positions read here, checked in hashfn_check. */
  while ((p = strstr(p, use)) != NULL && p < end) {
    long pos, inc = 0;
    p += sizeof use - 1;
    if (strncmp(p, "len - 1", 7) == 0) {
      pos = HASHFN_LAST;
      p += 7;
    } else if ((pos = number(&p)) < 0) {
      return -1;
    }
    if (*p++ != ']')
      return -1;
    if (*p == '+' && (p++, inc = number(&p)) < 0)
      return -1;
    if (*p++ != ']' || out->npos == HASHFN_MAX_POSITIONS || pos > 255 || inc > 255)
      return -1;
    out->pos[out->npos] = (int)pos;
    out->inc[out->npos++] = (int)inc;
  }
  /* Keep positions in order, the last byte last, so that output does not depend on gperf's. */
  for (int i = 1; i < out->npos; i++)
    for (int j = i; j > 0; j--) {
      int a = out->pos[j - 1], b = out->pos[j];
      if (!(a == HASHFN_LAST || (b != HASHFN_LAST && b < a)))
        break;
      out->pos[j - 1] = b, out->pos[j] = a;
      int t = out->inc[j - 1];
      out->inc[j - 1] = out->inc[j], out->inc[j] = t;
    }
  return out->npos > 0 && out->nasso == 0 ? -1 : 0;
}

unsigned hashfn_apply(const struct hashfn *h, const unsigned char *s, size_t len) {
  unsigned v = (unsigned)len;
  for (int i = 0; i < h->npos; i++) {
    if (h->pos[i] == HASHFN_LAST)
      v += h->asso[s[len - 1] + h->inc[i]];
    else if ((size_t)h->pos[i] < len)
      v += h->asso[s[h->pos[i]] + h->inc[i]];
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
  for (int i = 0; i < h->npos; i++)
    max_inc = h->inc[i] > max_inc ? h->inc[i] : max_inc;
  if (h->npos > 0 && h->nasso < 256 + max_inc) {
    fprintf(err, "hhn-gen: error: gperf's table has %d associated values; bytes need %d\n",
            h->nasso, 256 + max_inc);
    return -1;
  }
  for (int i = 0; i < h->npos; i++)
    for (int c = 'a'; c <= 'z'; c++)
      if (h->asso[c + h->inc[i]] != h->asso[c - 32 + h->inc[i]]) {
        fprintf(err, "hhn-gen: error: gperf's hash tells '%c' from '%c'\n", c, c - 32);
        return -1;
      }
  unsigned(*pairs)[2] = malloc(list->n * sizeof *pairs);
  if (pairs == NULL) {
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
  for (int i = 0; i < h->npos && used < size; i++) {
    int n = h->pos[i] == HASHFN_LAST
                ? snprintf(buf + used, size - used, "%s$", i ? "," : "")
                : snprintf(buf + used, size - used, "%s%d", i ? "," : "", h->pos[i] + 1);
    used += n > 0 ? (size_t)n : 0;
  }
}
