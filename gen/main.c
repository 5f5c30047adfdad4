/* main.c: hhn-gen's command line: read a names list, search a hash, plan the table, write P.h
   and P.c. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cleanup.h"
#include "emit.h"
#include "hashfn.h"
#include "layout.h"
#include "names.h"
#include "positions.h"
#include "progress.h"
#include "reserved.h"
#include "search.h"
#include "version.h"

static const char usage[] =
    "usage: hhn-gen [--prefix P] [--output-dir DIR] [--header-dir DIR] [--key-positions K]\n"
    "               [--static] [--test] [--cxx] [--quiet] NAMES_FILE\n"
    "       hhn-gen --help | --version\n";

static const char help[] =
    "\n"
    "Writes DIR/P.h and DIR/P.c: a perfect-hash table of the HTTP field names in NAMES_FILE,\n"
    "with P_lookup (any case), P_lookup_lower (the lowercase spelling alone, for HTTP/2 and\n"
    "HTTP/3), P_lookup16 and P_lookup16_lower (UTF-16), P_name, P_lower, P_flags, P_attr and\n"
    "an enum of ids.\n"
    "\n"
    "NAMES_FILE holds one name per line; '//' starts a comment line; blank lines are ignored.\n"
    "A name is 1 to 255 bytes of RFC 9110 tchar, with a single leading ':' allowed for a\n"
    "pseudo-header; no two names may be equal case-insensitively. A name's id is its line's\n"
    "id=N (0 to 65535), or the id before it plus one (0 for the first); no two may share one.\n"
    "After a name, a line may carry attributes: flag words ([a-z][a-z0-9-]*), which P_flags\n"
    "returns as P_FLAG_* bits, and key=number, which P_attr(id, P_ATTR_KEY) returns.\n"
    "\n"
    "options:\n"
    "  --prefix P           prefix of every identifier and of the file names, a C identifier\n"
    "                       of at most 32 characters, not starting with _ (default: hhn)\n"
    "  --output-dir DIR     folder for P.c, and for P.h unless --header-dir (default: .);\n"
    "                       made if missing\n"
    "  --header-dir DIR     folder for P.h (default: the output folder); made if missing\n"
    "  --key-positions K    the bytes the hash reads besides the length: N (1 is the first),\n"
    "                       N-M, $ (the last) and $-N, comma-separated; by default hhn-gen\n"
    "                       searches for the cheapest set that gives a perfect hash\n"
    "  --static             write one file, DIR/P.c, to #include in the one file that uses\n"
    "                       the table: its header's part in it, every function static\n"
    "  --test               also write DIR/P_test.c: the table's tests against a plain\n"
    "                       reference (cc P_test.c P.c && ./a.out), and with -DHHN_FUZZ\n"
    "                       a libFuzzer target\n"
    "  --cxx                also write P.hpp beside P.h: namespace P, enum class id, and\n"
    "                       lookups of std::string_view and std::u16string_view (C++17)\n"
    "  --quiet, -q          print nothing but errors and warnings: no summary, no notes\n"
    "  --help               print this help and exit\n"
    "  --version            print hhn-gen's version and exit\n"
    "\n"
    "gperf is $GPERF if set, else gperf on PATH. Nothing is written unless every check passes.\n"
    "Exit status: 0 written; 1 a bad list, an unreadable names file, an output folder or file\n"
    "that cannot be made or written, no gperf, no memory, a stdout that cannot be written;\n"
    "2 a bad command line.\n"
    "See hhn-gen(1).\n";

/* === The command line ======================================================================== */

/* What the command line asks for. */
struct options {
  const char *prefix, *out_dir, *header_dir, *keys, *file;
  struct positions given; /* what keys (--key-positions) gives, when it is not NULL */
  char *command; /* the command line for the banner, absolute paths reduced to file names */
  int quiet;     /* --quiet, which changes no output and so is not in the command */
  int one_file;  /* --static: one file, P.c, to include where the table is used */
  int test;      /* --test: P_test.c too */
  int cxx;       /* --cxx: P.hpp too */
};

/* How main goes on after reading the command line. */
enum parsed {
  PARSED_RUN,    /* go on */
  PARSED_DONE,   /* --help or --version: exit 0 */
  PARSED_BAD,    /* a bad command line, reported: exit 2 */
  PARSED_FAILED, /* out of memory, reported: exit 1 */
};

/* Whether s is a C identifier of at most 32 characters (longer ones would push generated
   lines past clang-format's column limit). */
static int is_identifier(const char *s) {
  size_t n = strlen(s);
  if (n == 0 || n > 32 || (*s >= '0' && *s <= '9'))
    return 0;
  for (; *s; s++)
    if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ||
          *s == '_'))
      return 0;
  return 1;
}

/* Appends arg to the command line being built, reduced to its file name if it is an absolute
   path, so that generated files never hold a machine's folders. */
static void append_arg(char *command, const char *arg) {
  const char *slash = strrchr(arg, '/');
  if (arg[0] == '/' && slash != NULL && slash[1] != '\0')
    arg = slash + 1;
  strcat(strcat(command, " "), arg);
}

/* Reads option a (and its value from argv[*i + 1], or after '='), if it is one that takes a
   value; returns 1 if it was, 0 if a is no such option, -1 if its value is missing. */
static int take_option(struct options *opt, char **argv, int argc, int *i) {
  static const char *const names[] = {"--prefix", "--output-dir", "--header-dir",
                                      "--key-positions"};
  const char **dests[] = {&opt->prefix, &opt->out_dir, &opt->header_dir, &opt->keys};
  const char *a = argv[*i];
  for (int k = 0; k < 4; k++) {
    size_t n = strlen(names[k]);
    if (strncmp(a, names[k], n) != 0 || (a[n] != '\0' && a[n] != '='))
      continue;
    if (a[n] == '\0' && *i + 1 >= argc) {
      fprintf(stderr, "hhn-gen: error: %s needs a value\n%s", names[k], usage);
      return -1;
    }
    *dests[k] = a[n] == '=' ? a + n + 1 : argv[++*i];
    append_arg(opt->command, names[k]);
    append_arg(opt->command, *dests[k]);
    return 1;
  }
  return 0;
}

/* Checks the values of the options, and reads the key positions; returns 0, or -1 after
   reporting the first bad one. */
static int check_options(struct options *opt) {
  struct diag d;
  if (opt->file == NULL) {
    fprintf(stderr, "hhn-gen: error: no names file\n%s", usage);
  } else if (!is_identifier(opt->prefix)) {
    fprintf(stderr, "hhn-gen: error: prefix '%s' is not a C identifier of 1 to 32 characters\n%s",
            opt->prefix, usage);
  } else if (reserved_prefix(opt->prefix) != NULL) {
    fprintf(stderr, "hhn-gen: error: prefix '%s' cannot be used: %s\n%s", opt->prefix,
            reserved_prefix(opt->prefix), usage);
  } else if (opt->one_file && opt->header_dir != opt->out_dir) {
    fprintf(stderr,
            "hhn-gen: error: --header-dir has no use with --static, which writes one "
            "file\n%s",
            usage);
  } else if (opt->one_file && opt->cxx) {
    fprintf(stderr,
            "hhn-gen: error: --cxx writes a header over P.h, which --static does not write\n%s",
            usage);
  } else if (opt->keys != NULL && positions_parse(opt->keys, &opt->given, &d) != 0) {
    fprintf(stderr, "%s\n%s", d.msg, usage);
  } else {
    return 0;
  }
  return -1;
}

/* Reads the command line into *opt. */
static enum parsed parse_args(int argc, char **argv, struct options *opt) {
  size_t size = sizeof "hhn-gen";
  for (int i = 1; i < argc; i++)
    size += strlen(argv[i]) + 1;
  if ((opt->command = malloc(size)) == NULL) {
    fprintf(stderr, "hhn-gen: error: out of memory\n");
    return PARSED_FAILED;
  }
  strcpy(opt->command, "hhn-gen");
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    int taken = take_option(opt, argv, argc, &i);
    if (taken < 0)
      return PARSED_BAD;
    if (taken > 0)
      continue;
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      printf("%s%s", usage, help);
      return PARSED_DONE;
    }
    int *flag = strcmp(a, "--static") == 0 ? &opt->one_file
                : strcmp(a, "--test") == 0 ? &opt->test
                : strcmp(a, "--cxx") == 0  ? &opt->cxx
                                           : NULL;
    if (flag != NULL) {
      *flag = 1;
      append_arg(opt->command, a);
      continue;
    }
    if (strcmp(a, "--quiet") == 0 || strcmp(a, "-q") == 0) {
      opt->quiet = 1;
      continue;
    }
    if (strcmp(a, "--version") == 0) {
      puts("hhn-gen " HHN_GEN_VERSION);
      return PARSED_DONE;
    }
    if (a[0] == '-' && a[1] != '\0') {
      fprintf(stderr, "hhn-gen: error: unknown option '%s'\n%s", a, usage);
      return PARSED_BAD;
    }
    if (opt->file != NULL) {
      fprintf(stderr, "hhn-gen: error: more than one names file ('%s', '%s')\n%s", opt->file, a,
              usage);
      return PARSED_BAD;
    }
    append_arg(opt->command, opt->file = a);
  }
  if (opt->header_dir == NULL)
    opt->header_dir = opt->out_dir;
  return check_options(opt) == 0 ? PARSED_RUN : PARSED_BAD;
}

/* === The output files ======================================================================== */

/* An output file being written: its final path and the temporary one beside it. */
struct output {
  char path[4096], tmp[4200];
  FILE *f;
  int handle; /* the temporary file's, for cleanup.h */
};

/* Makes the folder dir and the folders above it that are missing, as mkdir -p does; returns
   0, or -1 after reporting the failure. */
static int make_dirs(const char *dir) {
  char path[4096];
  struct stat st;
  if ((size_t)snprintf(path, sizeof path, "%s", dir) >= sizeof path) {
    fprintf(stderr, "hhn-gen: error: folder '%s' has too long a path\n", dir);
    return -1;
  }
  for (char *p = path + 1;; p++)
    if (*p == '/' || *p == '\0') {
      char end = *p;
      *p = '\0';
      if (mkdir(path, 0777) != 0 &&
          (errno != EEXIST || stat(path, &st) != 0 || !S_ISDIR(st.st_mode))) {
        fprintf(stderr, "hhn-gen: error: cannot make the folder '%s': %s\n", path,
                strerror(errno == EEXIST ? ENOTDIR : errno));
        return -1;
      }
      if ((*p = end) == '\0')
        return 0;
    }
}

/* Opens a temporary file beside dir/name; returns 0, or -1 after reporting the failure. */
static int output_open(struct output *o, const char *dir, const char *name) {
  mode_t mask = umask(0);
  umask(mask);
  o->f = NULL;
  o->tmp[0] = '\0';
  if ((size_t)snprintf(o->path, sizeof o->path, "%s/%s", dir, name) >= sizeof o->path) {
    fprintf(stderr, "hhn-gen: error: output path '%s/%s' is too long\n", dir, name);
    return -1;
  }
  snprintf(o->tmp, sizeof o->tmp, "%s/.%s.XXXXXX", dir, name);
  int fd = mkstemp(o->tmp);
  o->handle = fd >= 0 ? cleanup_path(o->tmp) : -1;
  if (fd < 0 || fchmod(fd, 0666 & ~mask) != 0 || (o->f = fdopen(fd, "w")) == NULL) {
    fprintf(stderr, "hhn-gen: error: cannot write in '%s': %s\n", dir, strerror(errno));
    if (fd >= 0) {
      close(fd);
      unlink(o->tmp);
    }
    cleanup_forget(o->handle);
    o->tmp[0] = '\0';
    return -1;
  }
  return 0;
}

/* Closes the temporary file, after writing it with the result `error` of emit_header or
   emit_source (0: it went well; -1: d says why); returns 0, or -1 after reporting the failure. */
static int output_close(struct output *o, int error, const struct diag *d) {
  if (fclose(o->f) != 0 && error == 0)
    error = errno ? errno : EIO;
  o->f = NULL;
  if (error == 0)
    return 0;
  if (error < 0)
    fprintf(stderr, "%s\n", d->msg);
  else
    fprintf(stderr, "hhn-gen: error: cannot write '%s': %s\n", o->path, strerror(error));
  return -1;
}

/* Removes the temporary file, if there is one. */
static void output_discard(struct output *o) {
  if (o->f != NULL)
    fclose(o->f);
  o->f = NULL;
  if (o->tmp[0] != '\0')
    unlink(o->tmp);
  cleanup_forget(o->handle);
  o->tmp[0] = '\0';
}

/* The rename of publish of one file (--static). */
static int replace_one(struct output *c) {
  if (rename(c->tmp, c->path) != 0) {
    fprintf(stderr, "hhn-gen: error: cannot rename into '%s': %s\n", c->path, strerror(errno));
    return -1;
  }
  c->tmp[0] = '\0';
  cleanup_forget(c->handle);
  return 0;
}

/* The two renames of publish, and what undoes the first if the second fails. */
static int replace(struct output *h, struct output *c) {
  char old[4300];
  int kept; /* whether old holds a hard link to the old header */
  snprintf(old, sizeof old, "%s.old", h->tmp);
  int handle = cleanup_path(old);
  kept = link(h->path, old) == 0;
  if (!kept && errno != ENOENT) {
    fprintf(stderr, "hhn-gen: error: cannot keep the old '%s' while replacing it: %s\n", h->path,
            strerror(errno));
    return -1;
  }
  int rc = -1;
  if (rename(h->tmp, h->path) != 0) {
    fprintf(stderr, "hhn-gen: error: cannot rename into '%s': %s\n", h->path, strerror(errno));
  } else if (h->tmp[0] = '\0', cleanup_forget(h->handle), rename(c->tmp, c->path) == 0) {
    c->tmp[0] = '\0';
    cleanup_forget(c->handle);
    rc = 0;
  } else {
    fprintf(stderr, "hhn-gen: error: cannot rename into '%s': %s\n", c->path, strerror(errno));
    if (kept ? rename(old, h->path) != 0 : unlink(h->path) != 0)
      fprintf(stderr, "hhn-gen: error: cannot put the old '%s' back: %s\n", h->path,
              strerror(errno));
  }
  if (kept)
    unlink(old);
  cleanup_forget(handle);
  return rc;
}

/* The locks on the output folders while a run puts its files in place: the folder of each
   file, once if both are one (-1: none). */
struct dir_locks {
  int fd[2];
};

/* Opens and locks (flock) the folder of path, unless it is the folder of the lock held in
   locks->fd[0]; a folder that cannot be locked (a file system without locks) is not. */
static void lock_dir(struct dir_locks *locks, int k, const char *path) {
  char dir[4096];
  struct stat a, b;
  const char *slash = strrchr(path, '/');
  snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - path) : 1, slash ? path : ".");
  locks->fd[k] = open(dir[0] ? dir : "/", O_RDONLY | O_DIRECTORY);
  if (locks->fd[k] >= 0 && k == 1 && locks->fd[0] >= 0 && fstat(locks->fd[0], &a) == 0 &&
      fstat(locks->fd[1], &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino) {
    close(locks->fd[1]); /* one folder: locked once */
    locks->fd[1] = -1;
  }
  while (locks->fd[k] >= 0 && flock(locks->fd[k], LOCK_EX) != 0 && errno == EINTR)
    ;
}

/* Locks the folders of both files, so that runs that write the same files put them in place
   one after the other, and never pair one's header with another's source. Two runs lock in one
   order, the folder with the smaller path first, so that neither waits for the other. */
static void lock_dirs(struct dir_locks *locks, const char *h, const char *c) {
  int swap = strcmp(h, c) > 0;
  locks->fd[0] = locks->fd[1] = -1;
  lock_dir(locks, 0, swap ? c : h);
  lock_dir(locks, 1, swap ? h : c);
}

/* Unlocks and closes what lock_dirs locked. */
static void unlock_dirs(struct dir_locks *locks) {
  for (int k = 1; k >= 0; k--)
    if (locks->fd[k] >= 0)
      close(locks->fd[k]); /* which unlocks it */
}

/* Puts both files in place, the header first, and then the test (--test) and P.hpp (--cxx). If the
   source cannot follow it, the old header is put back (or the new one removed, if there was none),
   so that a new header never stands beside an old source. Holds the folders' locks meanwhile (see
   lock_dirs), and holds back signals, so that one that comes meanwhile takes effect once both are
   in place. Returns 0, or -1 after reporting the failure. */
static int publish(struct output *h, struct output *c, struct output *t, struct output *x) {
  struct dir_locks locks;
  lock_dirs(&locks, h->f || h->tmp[0] ? h->path : c->path, c->path);
  cleanup_block();
  int rc = h->tmp[0] ? replace(h, c) : replace_one(c);
  if (rc == 0 && t->tmp[0]) /* the test, then P.hpp: in the folders locked */
    rc = replace_one(t);
  if (rc == 0 && x->tmp[0])
    rc = replace_one(x);
  cleanup_unblock();
  unlock_dirs(&locks);
  return rc;
}

/* === The run ================================================================================= */

/* Prints what was written, and how the hash was found. */
static void summary(const struct output *const files[], int n, const struct names *list,
                    const struct hashfn *hash, const struct layout *l) {
  static const char *const origins[] = {"searched", "as given", "gperf's own positions"};
  char positions[1024];
  const struct output *w[4];
  int k = 0;
  for (int i = 0; i < n && k < 4; i++)
    if (files[i]->path[0])
      w[k++] = files[i];
  positions_format(hash->term, hash->nterms, positions, sizeof positions);
  printf("hhn-gen: wrote ");
  for (int i = 0; i < k; i++)
    printf("%s%s", i == 0 ? "" : i + 1 < k ? ", " : " and ", w[i]->path);
  printf(": %zu names in %zu slots; the hash reads the length%s%s%s (%s, cost %d", list->n,
         l->slots, positions[0] ? " and bytes " : "", positions,
         l->per_length ? " and one byte per length" : "", origins[hash->origin],
         hashfn_cost(hash, list));
  if (hash->dis.bucket_bits)
    printf(", hhn-gen's own values");
  else if (hash->origin == HASH_SEARCHED)
    printf(", %d set%s given to gperf", hash->tried, hash->tried == 1 ? "" : "s");
  printf(")\n");
}

/* The files a run writes: the header, the source, the test and the C++ header. */
struct outputs {
  struct output h, c, t, x;
};

/* Makes the output folders and opens both temporary files, before the long part of the run;
   returns 0, or -1 after reporting the failure. */
static int open_outputs(const struct options *opt, struct outputs *o) {
  char hname[80], cname[80], tname[80], xname[80];
  snprintf(hname, sizeof hname, "%s.h", opt->prefix);
  snprintf(cname, sizeof cname, "%s.c", opt->prefix);
  snprintf(tname, sizeof tname, "%s_test.c", opt->prefix);
  snprintf(xname, sizeof xname, "%s.hpp", opt->prefix);
  if (make_dirs(opt->header_dir) != 0 || make_dirs(opt->out_dir) != 0 ||
      (opt->test && output_open(&o->t, opt->out_dir, tname) != 0) ||
      (opt->cxx && output_open(&o->x, opt->header_dir, xname) != 0))
    return -1;
  if (opt->one_file) /* no header */
    return output_open(&o->c, opt->out_dir, cname);
  return output_open(&o->h, opt->header_dir, hname) == 0 &&
                 output_open(&o->c, opt->out_dir, cname) == 0
             ? 0
             : -1;
}

/* Writes the files of the table (and its test) and puts them in place; returns 0, or -1 after
   reporting the failure. */
static int write_table(const struct options *opt, struct outputs *o, const struct names *list,
                       const struct hashfn *hash, const struct layout *l) {
  const char *base = strrchr(opt->file, '/') ? strrchr(opt->file, '/') + 1 : opt->file;
  struct emit_options eo = {opt->prefix, opt->command, base, opt->one_file};
  struct diag d;
  if ((!opt->one_file && output_close(&o->h, emit_header(o->h.f, list, &eo, &d), &d) != 0) ||
      output_close(&o->c, emit_source(o->c.f, list, hash, l, &eo, &d), &d) != 0 ||
      (opt->test && output_close(&o->t, emit_test(o->t.f, list, &eo, &d), &d) != 0) ||
      (opt->cxx && output_close(&o->x, emit_cxx(o->x.f, list, &eo, &d), &d) != 0) ||
      publish(&o->h, &o->c, &o->t, &o->x) != 0)
    return -1;
  const struct output *const files[] = {&o->c, &o->h, &o->t, &o->x};
  if (!opt->quiet)
    summary(files, 4, list, hash, l);
  return 0;
}

/* The exit status `status`, or 1 after saying so if what went to stdout (the summary, the help)
   could not be written there. */
static int flushed(int status) {
  errno = 0;
  if (fflush(stdout) == 0 && !ferror(stdout))
    return status;
  fprintf(stderr, "hhn-gen: error: cannot write to standard output: %s\n",
          strerror(errno ? errno : EIO));
  return 1;
}

int main(int argc, char **argv) {
  static struct options opt = {.prefix = "hhn", .out_dir = "."};
  enum parsed parsed = parse_args(argc, argv, &opt);
  if (parsed != PARSED_RUN) {
    free(opt.command);
    return parsed == PARSED_DONE ? flushed(0) : parsed == PARSED_BAD ? 2 : 1;
  }
  struct names list;
  static struct hashfn hash;
  struct layout layout = {0};
  struct outputs out = {{.f = NULL, .handle = -1},
                        {.f = NULL, .handle = -1},
                        {.f = NULL, .handle = -1},
                        {.f = NULL, .handle = -1}};
  struct diag d;
  int status = 1;
  cleanup_install();
  progress_start(!opt.quiet);
  /* The phases, in order; each says why it fails. Read the list and make its ids; open the
     output files, so that a folder that cannot be written fails before the long part; search
     a hash; check it on every name; plan the table (which checks its own numbers); write
     both files and put them in place. */
  if (names_read_file(&list, opt.file, stderr) != 0 ||
      names_make_idents(&list, opt.prefix, opt.one_file, stderr) != 0 ||
      (opt.cxx && emit_cxx_check(&list, stderr) != 0) || open_outputs(&opt, &out) != 0)
    goto done;
  if (search_hash(&list, opt.keys ? &opt.given : NULL, &hash, &d) != 0 ||
      hashfn_check(&hash, &list, &d) != 0 || layout_plan(&layout, &list, &hash, &d) != 0)
    fprintf(stderr, "%s\n", d.msg);
  else if (write_table(&opt, &out, &list, &hash, &layout) == 0)
    status = 0;
done:
  output_discard(&out.h);
  output_discard(&out.c);
  output_discard(&out.t);
  output_discard(&out.x);
  layout_free(&layout);
  hashfn_free(&hash);
  names_free(&list);
  free(opt.command);
  return flushed(status);
}
