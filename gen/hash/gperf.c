/* gperf.c: writing gperf's input, running it, and reading its hash function back (see gperf.h). */
#include "gperf.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cleanup.h"
#include "progress.h"

extern char **environ;

/* === The input =============================================================================== */

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

/* === The process ============================================================================= */

/* Reads the whole file at path into a NUL-terminated heap buffer; NULL on failure (errno
   ENOMEM if out of memory). */
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

/* Removes the job's files and folder, and forgets them. */
static void remove_files(struct gperf_job *job) {
  unlink(job->in);
  unlink(job->out);
  unlink(job->err);
  rmdir(job->dir);
  for (int i = 0; i < 4; i++)
    cleanup_forget(job->handles[i]);
}

/* Makes the job's temporary folder under $TMPDIR (or /tmp) and writes its input there;
   returns 0, or -1 with d set (and nothing left behind). */
static int make_files(struct gperf_job *job, const struct gperf_input *in, struct diag *d) {
  const char *tmp = getenv("TMPDIR");
  if (tmp == NULL || *tmp == '\0')
    tmp = "/tmp";
  for (int i = 0; i < 5; i++)
    job->handles[i] = -1;
  if ((size_t)snprintf(job->dir, sizeof job->dir, "%s/hhn-gen.XXXXXX", tmp) >= sizeof job->dir ||
      mkdtemp(job->dir) == NULL)
    return diag_set(d, "hhn-gen: error: cannot make a temporary folder in '%s': %s", tmp,
                    strerror(errno));
  job->handles[0] = cleanup_path(job->dir);
  snprintf(job->in, sizeof job->in, "%s/names.gperf", job->dir);
  snprintf(job->out, sizeof job->out, "%s/out.c", job->dir);
  snprintf(job->err, sizeof job->err, "%s/stderr", job->dir);
  job->handles[1] = cleanup_path(job->in);
  job->handles[2] = cleanup_path(job->out);
  job->handles[3] = cleanup_path(job->err);
  FILE *f = fopen(job->in, "wb");
  if (f == NULL || fwrite(in->text, 1, in->used, f) != in->used || fclose(f) != 0) {
    diag_set(d, "hhn-gen: error: cannot write '%s': %s", job->in, strerror(errno));
    remove_files(job);
    return -1;
  }
  return 0;
}

/* Spawns gperf with stdout discarded and stderr in the job's err file, and registers it to be
   killed on a signal, with signals held back between the two so that none can come after gperf
   starts and before it is registered (gperf itself gets the signal mask from before); returns
   0, or an errno value. */
static int spawn(struct gperf_job *job, const char *gperf, char *const argv[]) {
  posix_spawn_file_actions_t fa;
  posix_spawnattr_t attr;
  int rc;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 2, job->err, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawnattr_init(&attr);
  cleanup_block();
  posix_spawnattr_setsigmask(&attr, cleanup_child_mask());
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK);
  rc = posix_spawnp(&job->pid, gperf, &fa, &attr, argv, environ);
  if (rc == 0)
    job->handles[4] = cleanup_pid(job->pid);
  cleanup_unblock();
  posix_spawnattr_destroy(&attr);
  posix_spawn_file_actions_destroy(&fa);
  return rc;
}

enum gperf_result gperf_start(struct gperf_job *job, const struct gperf_input *in, int iterations,
                              struct diag *d) {
  const char *gperf = getenv("GPERF");
  char iter[64], out_opt[4300], *argv[16];
  int argc = 0;
  job->pid = 0, job->status = -1;
  if (make_files(job, in, d) != 0)
    return GPERF_BROKEN;
  if (gperf == NULL || *gperf == '\0')
    gperf = "gperf";
  snprintf(iter, sizeof iter, "--multiple-iterations=%d", iterations);
  snprintf(out_opt, sizeof out_opt, "--output-file=%s", job->out);
  argv[argc++] = (char *)gperf;
  argv[argc++] = "--ignore-case";
  if (in->keys == GPERF_SYNTHETIC) {
    argv[argc++] = "--no-strlen";
    argv[argc++] = "--key-positions=*";
    argv[argc++] = iter;
  }
  argv[argc++] = out_opt;
  argv[argc++] = job->in;
  argv[argc] = NULL;
  int rc = spawn(job, gperf, argv);
  if (rc == 0)
    return GPERF_STARTED;
  job->pid = 0;
  remove_files(job);
  diag_set(d, "hhn-gen: error: cannot run gperf ('%s'): %s; install GNU gperf or set GPERF", gperf,
           strerror(rc));
  return GPERF_BROKEN;
}

/* Reaps the job if it has ended; returns whether it has. */
static int reaped(struct gperf_job *job) {
  int status;
  pid_t got = waitpid(job->pid, &status, WNOHANG);
  if (got == 0 || (got < 0 && errno == EINTR))
    return 0;
  job->status = got < 0               ? -1
                : WIFEXITED(status)   ? WEXITSTATUS(status)
                : WIFSIGNALED(status) ? 128 + WTERMSIG(status)
                                      : -1;
  cleanup_forget(job->handles[4]);
  job->pid = 0;
  return 1;
}

int gperf_wait(struct gperf_job *jobs, int n, double until) {
  for (;;) {
    for (int i = 0; i < n; i++)
      if (jobs[i].pid > 0 && reaped(&jobs[i]))
        return i;
    if (progress_elapsed() >= until)
      return -1;
    struct timespec pause = {0, 5 * 1000 * 1000};
    nanosleep(&pause, NULL);
  }
}

void gperf_stop(struct gperf_job *job) {
  if (job->pid <= 0)
    return;
  kill(job->pid, SIGKILL);
  waitpid(job->pid, NULL, 0);
  cleanup_forget(job->handles[4]);
  job->pid = 0;
  job->status = -1;
}

void gperf_discard(struct gperf_job *job) {
  gperf_stop(job);
  remove_files(job);
}

/* Sets d to how gperf ended, in one line, with the first line it wrote to stderr; returns
   GPERF_UNSOLVED if it took too long, else GPERF_FAILED. */
static enum gperf_result report_failure(const struct gperf_job *job, struct diag *d) {
  char *msg = slurp(job->err);
  size_t n = msg ? strcspn(msg, "\n") : 0;
  if (job->status < 0)
    diag_set(d, "hhn-gen: error: gperf took too long");
  else
    diag_set(d, "hhn-gen: error: gperf failed (exit status %d%s%.*s)", job->status, n ? ": " : "",
             n > 200 ? 200 : (int)n, msg ? msg : "");
  free(msg);
  return job->status < 0 ? GPERF_UNSOLVED : GPERF_FAILED;
}

enum gperf_result gperf_finish(struct gperf_job *job, struct hashfn *out, struct diag *d) {
  enum gperf_result res = GPERF_FAILED;
  char *text = NULL;
  if (job->status != 0)
    res = report_failure(job, d);
  else if ((text = slurp(job->out)) == NULL && errno == ENOMEM)
    res = GPERF_BROKEN, diag_oom(d);
  else if (text == NULL)
    diag_set(d, "hhn-gen: error: cannot read gperf's output: %s", strerror(errno));
  else if (gperf_parse(text, out) != 0)
    diag_set(d, "hhn-gen: error: gperf's output holds no hash function that hhn-gen can read");
  else
    res = GPERF_SOLVED;
  free(text);
  remove_files(job);
  return res;
}

enum gperf_result gperf_run(const struct gperf_input *in, int iterations, double timeout,
                            struct hashfn *out, struct diag *d) {
  struct gperf_job job;
  if (gperf_start(&job, in, iterations, d) != GPERF_STARTED)
    return GPERF_BROKEN;
  if (gperf_wait(&job, 1, progress_elapsed() + timeout) < 0)
    gperf_stop(&job);
  return gperf_finish(&job, out, d);
}

/* === The output ============================================================================== */

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
