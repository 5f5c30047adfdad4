/* gperf.c: writing gperf's input, running it, and reading its hash function back (see gperf.h). */
#include "gperf.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/* === the input =================================================================================
 */

/* The declarations that start the input: no C code, no struct, just keywords. */
static const char input_header[] = "%{\n%}\n%%\n";

int gperf_input_start(struct gperf_input *in, enum gperf_keys keys, size_t n, size_t max_len,
                      struct diag *d) {
  in->keys = keys;
  in->cap = sizeof input_header + n * (4 * max_len + 4); /* octal, quotes and newline */
  in->used = sizeof input_header - 1;
  if ((in->text = malloc(in->cap)) == NULL)
    return diag_oom(d);
  memcpy(in->text, input_header, in->used);
  return 0;
}

void gperf_input_add(struct gperf_input *in, const unsigned char *key, size_t n) {
  char *buf = in->text;
  size_t used = in->used;
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
  in->used = used;
}

void gperf_input_free(struct gperf_input *in) {
  free(in->text);
  in->text = NULL;
}

/* === the process ===============================================================================
 */

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
        errno = ENOMEM;
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

/* The files of one run, in a temporary folder of their own. */
struct run_files {
  char dir[4096], in[4200], out[4200], err[4200], out_opt[4300];
};

/* Makes the temporary folder under $TMPDIR (or /tmp); returns 0, or -1 with d set. */
static int make_files(struct run_files *r, struct diag *d) {
  const char *tmp = getenv("TMPDIR");
  if (tmp == NULL || *tmp == '\0')
    tmp = "/tmp";
  if ((size_t)snprintf(r->dir, sizeof r->dir, "%s/hhn-gen.XXXXXX", tmp) >= sizeof r->dir ||
      mkdtemp(r->dir) == NULL)
    return diag_set(d, "hhn-gen: error: cannot make a temporary folder in '%s': %s", tmp,
                    strerror(errno));
  snprintf(r->in, sizeof r->in, "%s/names.gperf", r->dir);
  snprintf(r->out, sizeof r->out, "%s/out.c", r->dir);
  snprintf(r->err, sizeof r->err, "%s/stderr", r->dir);
  snprintf(r->out_opt, sizeof r->out_opt, "--output-file=%s", r->out);
  return 0;
}

/* Removes the temporary folder and what is in it. */
static void remove_files(const struct run_files *r) {
  unlink(r->in);
  unlink(r->out);
  unlink(r->err);
  rmdir(r->dir);
}

/* Sets d to gperf's failure and the lines it wrote to stderr, each as "gperf: ...". */
static void report_failure(const struct run_files *r, int status, struct diag *d) {
  char *msg = slurp(r->err), *line, *save = NULL;
  diag_set(d, "hhn-gen: error: gperf failed (exit status %d)", status);
  size_t n = strlen(d->msg);
  for (line = msg ? strtok_r(msg, "\n", &save) : NULL; line; line = strtok_r(NULL, "\n", &save)) {
    int more = snprintf(d->msg + n, sizeof d->msg - n, "\ngperf: %s", line);
    n = more < 0 || (size_t)more >= sizeof d->msg - n ? sizeof d->msg - 1 : n + (size_t)more;
  }
  free(msg);
}

/* Runs gperf on the input in r->in; returns its output text (heap), or NULL with the result in
 *res and the reason in d. */
static char *run_gperf(const struct gperf_input *in, const struct run_files *r,
                       enum gperf_result *res, struct diag *d) {
  static const char *const synthetic[] = {"--no-strlen", "--key-positions=*",
                                          "--multiple-iterations=10", NULL};
  const char *gperf = getenv("GPERF");
  char *argv[16];
  int argc = 0;
  if (gperf == NULL || *gperf == '\0')
    gperf = "gperf";
  argv[argc++] = (char *)gperf;
  argv[argc++] = "--ignore-case";
  for (int i = 0; in->keys == GPERF_SYNTHETIC && synthetic[i]; i++)
    argv[argc++] = (char *)synthetic[i];
  argv[argc++] = (char *)r->out_opt;
  argv[argc++] = (char *)r->in;
  argv[argc] = NULL;
  int status = run(argv, r->err);
  *res = GPERF_BROKEN;
  if (status < 0) {
    diag_set(d, "hhn-gen: error: cannot run gperf ('%s'): %s; install GNU gperf or set GPERF",
             gperf, strerror(errno));
    return NULL;
  }
  *res = GPERF_UNSOLVED;
  if (status != 0) {
    report_failure(r, status, d);
    return NULL;
  }
  char *text = slurp(r->out);
  if (text == NULL && errno == ENOMEM)
    *res = GPERF_BROKEN, diag_oom(d);
  else if (text == NULL)
    diag_set(d, "hhn-gen: error: cannot read gperf's output: %s", strerror(errno));
  return text;
}

enum gperf_result gperf_run(const struct gperf_input *in, struct hashfn *out, struct diag *d) {
  struct run_files r;
  enum gperf_result res = GPERF_BROKEN;
  if (make_files(&r, d) != 0)
    return GPERF_BROKEN;
  FILE *f = fopen(r.in, "wb");
  if (f == NULL || fwrite(in->text, 1, in->used, f) != in->used || fclose(f) != 0) {
    diag_set(d, "hhn-gen: error: cannot write '%s': %s", r.in, strerror(errno));
    remove_files(&r);
    return GPERF_BROKEN;
  }
  char *text = run_gperf(in, &r, &res, d);
  remove_files(&r);
  if (text == NULL)
    return res;
  int rc = gperf_parse(text, out);
  free(text);
  if (rc != 0) {
    diag_set(d, "hhn-gen: error: cannot read a hash function in gperf's output");
    return GPERF_UNSOLVED;
  }
  return GPERF_SOLVED;
}

/* === the output ================================================================================
 */

/* Reads the unsigned decimal number at *p and moves *p past it; -1 if there is none. */
static long number(const char **p) {
  char *end;
  if (**p < '0' || **p > '9')
    return -1;
  long v = strtol(*p, &end, 10);
  *p = end;
  return v;
}

/* Reads the values of the asso_values table that starts at table; returns 0 or -1. */
static int parse_values(const char *table, struct hashfn *out) {
  const char *p = strchr(table, '{');
  if (p == NULL)
    return -1;
  for (p++;;) {
    while (*p == ' ' || *p == ',' || *p == '\n')
      p++;
    if (*p == '}')
      return 0;
    long v = number(&p);
    if (v < 0 || out->nasso == HASHFN_MAX_ASSO)
      return -1;
    out->asso[out->nasso++] = (unsigned)v;
  }
}

/* Reads the terms of the hash function's body p..end: each asso_values[(unsigned char)str[N]]
   or [len - 1], with an increment "+N" inside the index; returns 0 or -1. */
static int parse_terms(const char *p, const char *end, struct hashfn *out) {
  static const char use[] = "asso_values[(unsigned char)str[";
  while ((p = strstr(p, use)) != NULL && p < end) {
    struct term t = {TERM_FROM_START, 0, 0};
    long pos, inc = 0;
    p += sizeof use - 1;
    if (strncmp(p, "len - 1", 7) == 0) {
      t.kind = TERM_FROM_END, pos = 1;
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
    t.at = (int)pos, t.inc = (int)inc;
    out->term[out->nterms++] = t;
  }
  return 0;
}

int gperf_parse(const char *text, struct hashfn *out) {
  const char *p = strstr(text, "\nhash (");
  memset(out, 0, sizeof *out);
  out->origin = HASH_GPERF;
  if (p == NULL)
    return -1;
  const char *end = strstr(p, "\n}"), *table = strstr(p, "asso_values[] =");
  if (end == NULL)
    return -1;
  /* no table when the length alone tells the names apart */
  if (table != NULL && table < end && parse_values(table, out) != 0)
    return -1;
  /* gperf's hash adds the length (unless told --no-strlen), save for one name, where it is 0:
     either way the hash is checked on the names in hashfn_check. */
  if (parse_terms(p, end, out) != 0)
    return -1;
  hashfn_order_terms(out);
  return out->nterms > 0 && out->nasso == 0 ? -1 : 0;
}
