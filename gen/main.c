/* main.c: hhn-gen's command line: read a names list, hash it with gperf, write P.h and P.c. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "emit.h"
#include "hashfn.h"
#include "names.h"
#include "version.h"

static const char usage[] =
    "usage: hhn-gen [--prefix P] [--output-dir DIR] [--header-dir DIR] [--key-positions K]\n"
    "               NAMES_FILE\n"
    "       hhn-gen --help | --version\n";

static const char help[] =
    "\n"
    "Writes DIR/P.h and DIR/P.c: a perfect-hash table of the HTTP field names in NAMES_FILE,\n"
    "with P_lookup, P_lookup16, P_name, P_lower, P_flags, P_attr and an enum of ids.\n"
    "\n"
    "NAMES_FILE holds one name per line; '//' starts a comment line; blank lines are ignored.\n"
    "A name is 1 to 255 bytes of RFC 9110 tchar, with a single leading ':' allowed for a\n"
    "pseudo-header; no two names may be equal case-insensitively. A name's id is its position.\n"
    "After a name, a line may carry attributes: flag words ([a-z][a-z0-9-]*), which P_flags\n"
    "returns as P_FLAG_* bits, and key=number, which P_attr(id, P_ATTR_KEY) returns.\n"
    "\n"
    "options:\n"
    "  --prefix P           prefix of every identifier and of the file names, a C identifier\n"
    "                       of at most 32 characters (default: hhn)\n"
    "  --output-dir DIR     folder for P.c, and for P.h unless --header-dir (default: .)\n"
    "  --header-dir DIR     folder for P.h (default: the output folder)\n"
    "  --key-positions K    the bytes the hash reads besides the length: N (1 is the first),\n"
    "                       N-M, $ (the last) and $-N, comma-separated; by default hhn-gen\n"
    "                       searches for the cheapest set that gives a perfect hash\n"
    "  --help               print this help and exit\n"
    "  --version            print hhn-gen's version and exit\n"
    "\n"
    "gperf is $GPERF if set, else gperf on PATH. Nothing is written unless every check passes.\n"
    "Exit status: 0 written, 1 a bad list or a gperf failure, 2 a bad command line.\n"
    "See hhn-gen(1).\n";

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

/* An output file being written: its final path and the temporary one beside it. */
struct output {
  char path[4096], tmp[4200];
  FILE *f;
};

/* Opens a temporary file beside path; returns 0, or -1 after reporting the failure. */
static int output_open(struct output *o, const char *dir, const char *name) {
  mode_t mask = umask(0);
  umask(mask);
  if ((size_t)snprintf(o->path, sizeof o->path, "%s/%s", dir, name) >= sizeof o->path) {
    fprintf(stderr, "hhn-gen: error: output path too long\n");
    return -1;
  }
  snprintf(o->tmp, sizeof o->tmp, "%s/.%s.XXXXXX", dir, name);
  int fd = mkstemp(o->tmp);
  if (fd < 0 || fchmod(fd, 0666 & ~mask) != 0 || (o->f = fdopen(fd, "w")) == NULL) {
    fprintf(stderr, "hhn-gen: error: cannot write in '%s': %s\n", dir, strerror(errno));
    if (fd >= 0) {
      close(fd);
      unlink(o->tmp);
    }
    o->tmp[0] = '\0';
    return -1;
  }
  return 0;
}

/* Closes the temporary file; returns 0, or -1 after reporting a write error. */
static int output_close(struct output *o, int failed) {
  if (fclose(o->f) != 0 || failed) {
    fprintf(stderr, "hhn-gen: error: cannot write '%s': %s\n", o->tmp, strerror(errno));
    return -1;
  }
  return 0;
}

/* Appends arg to the command line in buf, reduced to its file name if it is an absolute path,
   so that generated files never hold a machine's folders. */
static void append_arg(char *buf, size_t size, const char *arg) {
  const char *slash = strrchr(arg, '/');
  size_t used = strlen(buf);
  if (arg[0] == '/' && slash != NULL && slash[1] != '\0')
    arg = slash + 1;
  snprintf(buf + used, size - used, " %s", arg);
}

int main(int argc, char **argv) {
  const char *prefix = "hhn", *out_dir = ".", *header_dir = NULL, *keys = NULL, *file = NULL;
  static char command[8192] = "hhn-gen";
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], **dest = NULL;
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      fputs(usage, stdout);
      fputs(help, stdout);
      return 0;
    }
    if (strcmp(a, "--version") == 0) {
      puts("hhn-gen " HHN_GEN_VERSION);
      return 0;
    }
    static const char *const opts[] = {"--prefix", "--output-dir", "--header-dir",
                                       "--key-positions"};
    const char **dests[] = {&prefix, &out_dir, &header_dir, &keys};
    for (int k = 0; k < 4; k++) {
      size_t n = strlen(opts[k]);
      if (strncmp(a, opts[k], n) == 0 && (a[n] == '\0' || a[n] == '=')) {
        dest = dests[k];
        append_arg(command, sizeof command, opts[k]);
        if (a[n] == '=') {
          *dest = a + n + 1;
        } else if (i + 1 < argc) {
          *dest = argv[++i];
        } else {
          fprintf(stderr, "hhn-gen: error: %s needs a value\n%s", opts[k], usage);
          return 2;
        }
        append_arg(command, sizeof command, *dest);
      }
    }
    if (dest != NULL)
      continue;
    if (a[0] == '-' && a[1] != '\0') {
      fprintf(stderr, "hhn-gen: error: unknown option '%s'\n%s", a, usage);
      return 2;
    }
    if (file != NULL) {
      fprintf(stderr, "hhn-gen: error: more than one names file ('%s', '%s')\n%s", file, a, usage);
      return 2;
    }
    file = a;
    append_arg(command, sizeof command, a);
  }
  if (file == NULL) {
    fprintf(stderr, "hhn-gen: error: no names file\n%s", usage);
    return 2;
  }
  if (!is_identifier(prefix)) {
    fprintf(stderr, "hhn-gen: error: prefix '%s' is not a C identifier of 1 to 32 characters\n%s",
            prefix, usage);
    return 2;
  }
  if (keys != NULL && (keys[0] == '\0' || strspn(keys, "0123456789,-$") != strlen(keys))) {
    fprintf(stderr, "hhn-gen: error: key positions '%s' are not a list like 1,2-4,$,$-1\n%s", keys,
            usage);
    return 2;
  }
  if (header_dir == NULL)
    header_dir = out_dir;

  struct names list;
  static struct hashfn hash;
  int status = 1;
  if (names_read_file(&list, file, stderr) != 0 || names_make_idents(&list, stderr) != 0 ||
      hashfn_make(&list, keys, &hash, stderr) != 0 || hashfn_check(&hash, &list, stderr))
    goto done;

  const char *base = strrchr(file, '/') ? strrchr(file, '/') + 1 : file;
  struct emit_options eo = {prefix, command, base};
  char hname[80], cname[80];
  struct output h, c;
  snprintf(hname, sizeof hname, "%s.h", prefix);
  snprintf(cname, sizeof cname, "%s.c", prefix);
  if (output_open(&h, header_dir, hname) != 0)
    goto done;
  if (output_open(&c, out_dir, cname) != 0) {
    fclose(h.f);
    unlink(h.tmp);
    goto done;
  }
  int hfail = output_close(&h, emit_header(h.f, &list, &hash, &eo));
  int cfail = output_close(&c, emit_source(c.f, &list, &hash, &eo));
  if (hfail || cfail || rename(h.tmp, h.path) != 0 || rename(c.tmp, c.path) != 0) {
    if (!hfail && !cfail)
      fprintf(stderr, "hhn-gen: error: cannot rename into '%s': %s\n", c.path, strerror(errno));
    unlink(h.tmp);
    unlink(c.tmp);
    goto done;
  }
  status = 0;
  char positions[1024];
  hashfn_positions(&hash, positions, sizeof positions);
  printf("hhn-gen: wrote %s and %s: %zu names in %zu slots; the hash reads the length%s%s%s "
         "(%s, cost %d",
         c.path, h.path, list.n, hashfn_slots(&hash), positions[0] ? " and bytes " : "", positions,
         hashfn_per_length(&hash) ? " and one byte per length" : "",
         hash.own ? (keys ? "as given" : "searched") : "gperf's own positions",
         hashfn_cost(&hash, &list));
  if (hash.own && !keys)
    printf(", %d set%s given to gperf", hash.tried, hash.tried == 1 ? "" : "s");
  printf(")\n");
done:
  names_free(&list);
  return status;
}
