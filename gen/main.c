/* main.c: hhn-gen's command line: read a names list, search a hash, plan the table, write P.h
   and P.c. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cleanup.h"
#include "emit.h"
#include "fields.h"
#include "hashfn.h"
#include "idents.h"
#include "layout.h"
#include "names.h"
#include "positions.h"
#include "progress.h"
#include "publish.h"
#include "search.h"
#include "targets.h"
#include "version.h"
#include "word.h"

/* The usage, the other targets' options (each " [--OPTION]", or " [--OPTION [--OWN]]") on a
   line between its two parts. */
static const char usage[] =
    "usage: hhn-gen [--prefix P] [--output-dir DIR] [--header-dir DIR] [--hash H]\n"
    "               [--key-positions K] [--small] [--static] [--test] [--cxx]\n"
    "              ";
static const char usage_end[] =
    "               [--quiet] [--fields FIELDS_FILE [--name-entry E]] NAMES_FILE\n"
    "       hhn-gen [options] --fields FIELDS_FILE\n"
    "       hhn-gen --help | --version | --targets\n";

static const char help[] =
    "\n"
    "Writes DIR/P.h and DIR/P.c: a perfect-hash table of the HTTP field names in NAMES_FILE,\n"
    "with P_lookup (any case), P_lookup_lower (the lowercase spelling alone, for HTTP/2 and\n"
    "HTTP/3), P_lookup16 and P_lookup16_lower (UTF-16); P_classify, P_classify_lower,\n"
    "P_classify16 and P_classify16_lower, which also tell a name that is no token (P_INVALID)\n"
    "and one with an uppercase letter (P_UPPERCASE); P_name, P_lower, P_flags, P_attr and an\n"
    "enum of ids.\n"
    "\n"
    "NAMES_FILE ('-': standard input) holds one name per line; '//' starts a comment line;\n"
    "blank lines are ignored.\n"
    "A name is 1 to 255 bytes of RFC 9110 tchar, with a single leading ':' allowed for a\n"
    "pseudo-header; no two names may be equal case-insensitively. A name's id is its line's\n"
    "id=N (0 to 65535), or the id before it plus one (0 for the first); no two may share one.\n"
    "After a name, a line may carry attributes: flag words ([a-z][a-z0-9-]*), which P_flags\n"
    "returns as P_FLAG_* bits, and key=number, which P_attr(id, P_ATTR_KEY) returns;\n"
    "KEY=Word (a letter, then letters, digits and _) spells it for the target of --KEY.\n"
    "\n"
    "options:\n"
    "  --prefix P           prefix of every identifier and of the file names, a C identifier\n"
    "                       of at most 32 characters, not starting with _ (default: hhn,\n"
    "                       or the one a target's option names)\n"
    "  --output-dir DIR     folder for P.c, and for P.h unless --header-dir (default: .);\n"
    "                       made if missing; -o DIR is the same\n"
    "  --header-dir DIR     folder for P.h (default: the output folder); made if missing\n"
    "  --hash H             word: a multiply of each name's first (or middle) and last 4\n"
    "                       bytes by a number chosen for its length, which reads no table\n"
    "                       before the name;\n"
    "                       gperf: a sum of values of the length and of bytes (found by\n"
    "                       gperf, or for big lists by hhn-gen); default: word, unless the\n"
    "                       list has over 500 names, names of distinct lengths (the\n"
    "                       length alone then finds them), or a word hash over 4 slots a name\n"
    "                       (plus 64) or with over 1 name in 100 that shares its length and\n"
    "                       key; word asked for needs a name of 4 bytes or more, and fails\n"
    "                       where it would take over 16 slots a name (plus 64)\n"
    "  --key-positions K    the bytes a gperf hash reads besides the length: N (1 is the\n"
    "                       first), N-M, $ (the last) and $-N, comma-separated; by default\n"
    "                       hhn-gen searches for the cheapest set that gives a perfect hash\n"
    "  --fields FILE        also a static table of fields (HPACK's, QPACK's): FILE holds\n"
    "                       one entry a line, in index order (the first is 0): a name in\n"
    "                       lowercase, then a TAB and the value, or no TAB for an empty\n"
    "                       one; '//' starts a comment line. Adds P_field_lower and P_field,\n"
    "                       which match a name and a value in one call, and P_fields, the\n"
    "                       entries by index. Each name must be in NAMES_FILE; with no\n"
    "                       NAMES_FILE, the list is FILE's names, in order\n"
    "  --name-entry first|last\n"
    "                       the entry of a name that a match of the name alone (no entry has\n"
    "                       the value) answers: its first (the default, as nghttp2 and\n"
    "                       nghttp3 answer) or its last (as Go's x/net hpack does)\n"
    "  --small              a smaller table: the AVX-512 and AVX2 lookups compare the name\n"
    "                       in the pool of names, not in vector slots of their own (a table\n"
    "                       whose vector slots would pass 32 KB has none either way)\n"
    "  --static             write one file, DIR/P.c, to #include in the one file that uses\n"
    "                       the table: its header's part in it, every function static\n"
    "  --test               also write DIR/P_test.c: the table's tests against a plain\n"
    "                       reference (cc P_test.c P.c && ./a.out), and with -DHHN_FUZZ\n"
    "                       a libFuzzer target\n"
    "  --cxx                also write P.hpp beside P.h: namespace P, enum class id, and\n"
    "                       lookups of std::string_view and std::u16string_view (C++17)\n";

/* The help after the other targets' options (each target's help). */
static const char help_end[] =
    "  --quiet, -q          print nothing but errors and warnings: no summary, no notes\n"
    "  --help               print this help and exit\n"
    "  --version            print hhn-gen's version and exit\n"
    "  --targets            print the target languages, one a line, and exit: its word, its\n"
    "                       option, its files' suffixes, and the options of C's it takes\n"
    "  --                   the names file follows, even one whose name begins with '-'\n"
    "\n"
    "gperf is $GPERF if set, else gperf on PATH. Nothing is written unless every check passes.\n"
    "Exit status: 0 written; 1 a bad list, an unreadable names file, an output folder or file\n"
    "that cannot be made or written, no gperf, no memory, a stdout that cannot be written;\n"
    "2 a bad command line.\n"
    "See hhn-gen(1).\n";

/* Prints the usage and the help, each target's option in its place. */
static void print_help(void) {
  printf("%s", usage);
  for (int t = 0; t < target_count; t++)
    if (targets[t].option) /* and its own option, after the first target that takes it */
      printf(targets[t].own_option && target_owning(targets[t].own_option) == &targets[t]
                 ? " [%s [%s]]"
                 : " [%s]",
             targets[t].option, targets[t].own_option);
  printf("\n%s%s", usage_end, help);
  for (int t = 0; t < target_count; t++)
    if (targets[t].help)
      printf("%s", targets[t].help);
  printf("%s", help_end);
}

/* === The command line ======================================================================== */

/* What the command line asks for. */
struct options {
  const char *prefix, *out_dir, *header_dir, *keys, *hash, *file;
  const char *fields;     /* --fields: the static table's file, or NULL */
  const char *name_entry; /* --name-entry: first (NULL too) or last */
  struct positions given; /* what keys (--key-positions) gives, when it is not NULL */
  char *command;   /* the command line for the banner, absolute paths reduced to file names */
  int quiet;       /* --quiet, which changes no output and so is not in the command */
  int static_file; /* --static: one file, P.c, to include where the table is used */
  int test;        /* --test: P_test.c too */
  int cxx;         /* --cxx: P.hpp too */
  const char *target_option;   /* a target's own option (targets.h), as given, or NULL */
  const char *path_option;     /* a target's path option (targets.h) given, or NULL */
  const char *module_path;     /* its value */
  const char *other_option;    /* an own option given before a different one, or NULL */
  struct plan_options plan;    /* --small (no vector slots: LAYOUT_WORD_POOLED), --name-entry */
  const struct target *target; /* the language of the output: C (targets[0]) unless an option
                                  of a target picks another */
  const struct target *second; /* a target that an earlier option picked, or NULL */
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
   value (a target's path option too: the targets share one, --rust's and --bun-enum's row);
   returns 1 if it was, 0 if a is no such option, -1 if its value is missing. */
static int take_option(struct options *opt, char **argv, int argc, int *i) {
  const char *names[] = {"--prefix", "--output-dir", "--header-dir", "--key-positions",
                         "--hash",   "--fields",     "--name-entry", NULL};
  const char **dests[] = {&opt->prefix, &opt->out_dir, &opt->header_dir, &opt->keys,
                          &opt->hash,   &opt->fields,  &opt->name_entry, &opt->module_path};
  const char *a = argv[*i];
  for (int t = 0; t < target_count && names[7] == NULL; t++)
    names[7] = targets[t].path_option;
  for (int k = 0; k < 8 && names[k] != NULL; k++) {
    size_t n = strlen(names[k]);
    if (k == 1 && strcmp(a, "-o") == 0)
      n = 2; /* -o DIR, --output-dir's short form */
    else if (strncmp(a, names[k], n) != 0 || (a[n] != '\0' && a[n] != '='))
      continue;
    if (a[n] == '\0' && *i + 1 >= argc) {
      fprintf(stderr, "hhn-gen: error: %.*s needs a value; see hhn-gen --help\n", (int)n, a);
      return -1;
    }
    *dests[k] = a[n] == '=' ? a + n + 1 : argv[++*i];
    if (**dests[k] == '\0' && (k == 1 || k == 2 || k == 5)) {
      fprintf(stderr, "hhn-gen: error: %.*s needs a %s, not ''\n", (int)n, a,
              k == 5 ? "file" : "folder");
      return -1;
    }
    append_arg(opt->command, names[k]);
    append_arg(opt->command, *dests[k]);
    opt->path_option = k == 7 ? names[k] : opt->path_option;
    return 1;
  }
  return 0;
}

/* What target t writes of its own, for the errors: "one Rust file, P.rs", or "P.h, P.cpp and
   P.gperf" (its files but a test), in a buffer that the next call reuses. */
static const char *files_said(const struct target *t) {
  static char buf[200];
  int n = 0, k = 0;
  for (int i = 0; i < t->nfiles; i++)
    n += t->files[i].when != WRITTEN_TEST;
  if (n == 1)
    snprintf(buf, sizeof buf, "one %s file, P%s", t->name, t->files[t->table].suffix);
  for (int i = 0, len = 0; n > 1 && i < t->nfiles; i++)
    if (t->files[i].when != WRITTEN_TEST)
      k++, len += snprintf(buf + len, sizeof buf - (size_t)len, "%sP%s",
                           k == 1   ? ""
                           : k == n ? " and "
                                    : ", ",
                           t->files[i].suffix);
  return buf;
}

/* The options of the targets whose own option is a, joined by " and " (one call at a time). */
static const char *owners_said(const char *a) {
  static char said[256];
  said[0] = '\0';
  for (int i = 0; i < target_count; i++)
    if (targets[i].own_option != NULL && strcmp(targets[i].own_option, a) == 0 &&
        strlen(said) + strlen(targets[i].option) + 6 < sizeof said)
      strcat(strcat(said, said[0] ? " and " : ""), targets[i].option);
  return said;
}

/* Whether a, an own option given (or NULL), is not target t's. */
static int not_its_own(const struct target *t, const char *a) {
  return a != NULL && (t->own_option == NULL || strcmp(t->own_option, a) != 0);
}

/* Whether the output's target refuses an option given or the prefix, which it reports. */
static int target_refuses(const struct options *opt) {
  const struct target *t = opt->target;
  if ((opt->static_file && !target_has(t, WRITTEN_TWO_FILES)) ||
      (opt->cxx && !target_has(t, WRITTEN_CXX)) || (opt->test && !target_has(t, WRITTEN_TEST)) ||
      (opt->header_dir != opt->out_dir && !target_uses_header_dir(t))) {
    fprintf(stderr,
            "hhn-gen: error: %s writes %s, in place of the C files: %s has no use with it\n",
            t->option, files_said(t),
            opt->static_file ? "--static"
            : opt->cxx       ? "--cxx"
            : opt->test      ? "--test"
                             : "--header-dir");
  } else if (not_its_own(t, opt->target_option) || not_its_own(t, opt->other_option)) {
    const char *a = not_its_own(t, opt->target_option) ? opt->target_option : opt->other_option;
    fprintf(stderr, "hhn-gen: error: %s has no use with %s: it is an option of %s\n", a,
            t->option ? t->option : "the C files", owners_said(a));
  } else if (opt->path_option != NULL &&
             (t->path_option == NULL || strcmp(t->path_option, opt->path_option) != 0)) {
    int k = 0;
    while (k + 1 < target_count && (targets[k].path_option == NULL ||
                                    strcmp(targets[k].path_option, opt->path_option) != 0))
      k++;
    fprintf(stderr, "hhn-gen: error: %s has no use with %s: it is an option of %s\n",
            opt->path_option, t->option ? t->option : "the C files", targets[k].option);
  } else if (opt->module_path != NULL && !words_is_path(opt->module_path, t->words)) {
    fprintf(stderr,
            "hhn-gen: error: %s '%s' is not a path, identifiers joined by '::', none a "
            "keyword (mycrate::%s)\n",
            opt->path_option, opt->module_path, opt->prefix);
  } else if (opt->fields != NULL && t->no_fields != NULL) {
    fprintf(stderr, "hhn-gen: error: --fields has no use with %s: %s\n", t->option, t->no_fields);
  } else if (t->words != NULL && words_prefix(opt->prefix, t->words) != NULL) {
    fprintf(stderr, "hhn-gen: error: prefix '%s' cannot name %s: %s\n", opt->prefix, t->unit,
            words_prefix(opt->prefix, t->words));
  } else {
    return 0;
  }
  return 1;
}

/* Checks the values of the options, and reads the key positions; returns 0, or -1 after
   reporting the first bad one. */
static int check_options(struct options *opt) {
  const struct target *t = opt->target;
  struct diag d;
  if (opt->target_option != NULL && t->own_row != NULL && t->own_option != NULL &&
      strcmp(t->own_option, opt->target_option) == 0)
    t = opt->target = t->own_row; /* the row that the option picks */
  if (opt->second != NULL) {
    fprintf(stderr, "hhn-gen: error: %s and %s each pick the output's language: give one\n",
            opt->target->option, opt->second->option);
  } else if (opt->file == NULL && opt->fields == NULL) {
    fprintf(stderr, "hhn-gen: error: no names file; see hhn-gen --help\n");
  } else if (!is_identifier(opt->prefix)) {
    fprintf(stderr, "hhn-gen: error: prefix '%s' is not a C identifier of 1 to 32 characters\n",
            opt->prefix);
  } else if (idents_prefix(opt->prefix, opt->cxx, !opt->static_file) != NULL) {
    fprintf(stderr, "hhn-gen: error: prefix '%s' cannot be used: %s\n", opt->prefix,
            idents_prefix(opt->prefix, opt->cxx, !opt->static_file));
  } else if (opt->file != NULL && opt->fields != NULL && strcmp(opt->file, "-") == 0 &&
             strcmp(opt->fields, "-") == 0) {
    fprintf(stderr, "hhn-gen: error: the names file and the fields file cannot both be '-', "
                    "standard input\n");
  } else if (opt->static_file && opt->header_dir != opt->out_dir) {
    fprintf(stderr, "hhn-gen: error: --header-dir has no use with --static, which writes one "
                    "file\n");
  } else if (opt->static_file && opt->cxx) {
    fprintf(stderr, "hhn-gen: error: --cxx writes a header over P.h, which --static does not "
                    "write\n");
  } else if (target_refuses(opt)) {
    return -1;
  } else if (opt->hash != NULL && strcmp(opt->hash, "word") != 0 &&
             strcmp(opt->hash, "gperf") != 0) {
    fprintf(stderr, "hhn-gen: error: --hash '%s': the hash is word or gperf\n", opt->hash);
  } else if (opt->name_entry != NULL && strcmp(opt->name_entry, "first") != 0 &&
             strcmp(opt->name_entry, "last") != 0) {
    fprintf(stderr, "hhn-gen: error: --name-entry '%s': the entry is first or last\n",
            opt->name_entry);
  } else if (opt->name_entry != NULL && opt->fields == NULL) {
    fprintf(stderr, "hhn-gen: error: --name-entry is of a static table's match: it needs "
                    "--fields\n");
  } else if (opt->keys != NULL && opt->hash != NULL && strcmp(opt->hash, "word") == 0) {
    fprintf(stderr, "hhn-gen: error: --key-positions are a gperf hash's; the word hash reads "
                    "the first and last 4 bytes\n");
  } else if (opt->keys != NULL && positions_parse(opt->keys, &opt->given, &d) != 0) {
    fprintf(stderr, "%s\n", d.msg);
  } else {
    opt->plan.name_last = opt->name_entry != NULL && strcmp(opt->name_entry, "last") == 0;
    opt->static_file |= t->static_file;
    return 0;
  }
  return -1;
}

/* Reads an option that takes no value into *opt, if a is one; returns whether it was. */
static int take_flag(struct options *opt, const char *a) {
  int *flag = strcmp(a, "--static") == 0  ? &opt->static_file
              : strcmp(a, "--test") == 0  ? &opt->test
              : strcmp(a, "--cxx") == 0   ? &opt->cxx
              : strcmp(a, "--small") == 0 ? &opt->plan.small
                                          : NULL;
  for (int i = 0; i < target_count && flag == NULL; i++)
    if (targets[i].option != NULL && strcmp(a, targets[i].option) == 0) {
      if (opt->target != &targets[0] && opt->target != &targets[i])
        opt->second = opt->target;
      opt->target = &targets[i];
      append_arg(opt->command, a);
      return 1;
    }
  if (flag != NULL) {
    *flag = 1;
    append_arg(opt->command, a);
  } else if (target_owning(a) != NULL) {
    if (opt->target_option != NULL && strcmp(opt->target_option, a) != 0)
      opt->other_option = opt->target_option; /* each must be the target's: one is not */
    opt->target_option = target_owning(a)->own_option;
    append_arg(opt->command, a);
  } else if (strcmp(a, "--quiet") == 0 || strcmp(a, "-q") == 0) {
    opt->quiet = 1; /* changes no output, so it is not in the command */
  } else {
    return 0;
  }
  return 1;
}

/* Reads the command line into *opt: options, and the names file; after "--", only the file. */
static enum parsed parse_args(int argc, char **argv, struct options *opt) {
  size_t size = sizeof "hhn-gen";
  int options = 1;               /* until "--" */
  for (int i = 1; i < argc; i++) /* each as given, or -o as "--output-dir" */
    size += strlen(argv[i]) + sizeof "--output-dir";
  if ((opt->command = malloc(size)) == NULL) {
    fprintf(stderr, "hhn-gen: error: out of memory\n");
    return PARSED_FAILED;
  }
  strcpy(opt->command, "hhn-gen");
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    int taken = options ? take_option(opt, argv, argc, &i) : 0;
    if (taken < 0)
      return PARSED_BAD;
    if (taken > 0 || (options && take_flag(opt, a)))
      continue;
    if (options && (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0)) {
      print_help();
      return PARSED_DONE;
    }
    if (options && strcmp(a, "--version") == 0) {
      puts("hhn-gen " HHN_GEN_VERSION);
      return PARSED_DONE;
    }
    if (options && strcmp(a, "--targets") == 0) {
      targets_print(stdout);
      return PARSED_DONE;
    }
    if (options && strcmp(a, "--") == 0) {
      options = 0;
      append_arg(opt->command, a);
      continue;
    }
    if (options && a[0] == '-' && a[1] != '\0') {
      fprintf(stderr, "hhn-gen: error: unknown option '%s'; see hhn-gen --help\n", a);
      return PARSED_BAD;
    }
    if (opt->file != NULL) {
      fprintf(stderr, "hhn-gen: error: more than one names file ('%s', '%s')\n", opt->file, a);
      return PARSED_BAD;
    }
    append_arg(opt->command, opt->file = a);
  }
  if (opt->header_dir == NULL)
    opt->header_dir = opt->out_dir;
  if (opt->prefix == NULL)
    opt->prefix = opt->target->prefix ? opt->target->prefix : "hhn";
  return check_options(opt) == 0 ? PARSED_RUN : PARSED_BAD;
}

/* === The run ================================================================================= */

/* Makes the hash of the list that the options ask for: the word hash (word.h) if asked, in
   at most WORD_ASKED slots a name, or by default where it fits (word_fits), takes at most
   WORD_SLACK slots a name and chains at most WORD_CHAINED names; else a sum of values
   (search.h). Returns 0, or -1 with d set. */
static int make_hash(const struct options *opt, const struct names *list, struct hashfn *hash,
                     struct diag *d) {
  int asked = opt->hash != NULL && strcmp(opt->hash, "word") == 0;
  if (asked || (opt->hash == NULL && opt->keys == NULL && word_fits(list))) {
    size_t budget = WORD_BUDGET(asked ? WORD_ASKED : WORD_SLACK, list->n);
    memset(hash, 0, sizeof *hash);
    hash->origin = HASH_WORD;
    int failed = word_hash(list, budget, opt->target->narrow_word, &hash->word, d) != 0;
    if (failed && (asked || d->out_of_memory))
      return -1;
    if (asked || (!failed && hash->word.chained <= WORD_CHAINED(list->n)))
      return 0;
    hashfn_free(hash);
    memset(hash, 0, sizeof *hash);
  }
  return search_hash(list, opt->keys ? &opt->given : NULL, hash, d);
}

/* Prints what was written, and how the hash was found. */
/* Notes a flag word that one name of the list alone has, after the summary: "X custom" is the
   name X with the flag custom, which a name with a blank in it, mistyped, reads as. */
static void note_lonely(const struct names *list) {
  size_t i;
  int k = names_lonely_flag(list, &i);
  if (k >= 0)
    printf("hhn-gen: note: %s:%d: the flag '%s' is this name's alone (\"%s %s\" is the name "
           "'%s' with the flag '%s': a name has no blanks)\n",
           list->file, list->v[i].line, list->flag[k], list->v[i].text, list->flag[k],
           list->v[i].text, list->flag[k]);
}

/* Prints what a run wrote: the files, the names (and the static table's entries), the slots
   and the hash. */
static void summary(const struct output *const files[], int n, const struct plan *p,
                    const struct hashfn *hash) {
  const struct names *list = p->list;
  const struct layout *l = &p->table;
  char names[96];
  static const char *const origins[] = {"searched", "as given", "gperf's own positions", ""};
  char positions[1024];
  const struct output *w[4];
  int k = 0;
  for (int i = 0; i < n && k < 4; i++)
    if (files[i]->path[0])
      w[k++] = files[i];
  positions_format(hash->term, hash->nterms, positions, sizeof positions);
  snprintf(names, sizeof names, "%zu name%s", list->n, list->n == 1 ? "" : "s");
  if (p->fields != NULL) /* the static table's too (--fields) */
    snprintf(names + strlen(names), sizeof names - strlen(names), " and %zu entr%s", p->fields->n,
             p->fields->n == 1 ? "y" : "ies");
  printf("hhn-gen: wrote ");
  for (int i = 0; i < k; i++)
    printf("%s%s", i == 0 ? "" : i + 1 < k ? ", " : " and ", w[i]->path);
  if (hash->origin == HASH_WORD) {
    printf(": %s in %zu slots; the word hash reads the %s and last 4 bytes (%zu name%s "
           "chained)\n",
           names, l->slots, hash->word.middle ? "middle" : "first", hash->word.chained,
           hash->word.chained == 1 ? "" : "s");
    note_lonely(list);
    return;
  }
  printf(": %s in %zu slots; the hash reads the length%s%s%s (%s, cost %d", names, l->slots,
         positions[0] ? " and bytes " : "", positions,
         l->per_length ? " and one byte per length" : "", origins[hash->origin],
         hashfn_cost(hash, list));
  if (hash->dis.bucket_bits)
    printf(", hhn-gen's own values");
  else if (hash->origin == HASH_SEARCHED && hash->tried > 0)
    printf(", %d set%s given to gperf", hash->tried, hash->tried == 1 ? "" : "s");
  printf(")\n");
  note_lonely(list);
}

/* The files a run writes: its target's, each by its place in the target's row. */
struct outputs {
  struct output f[TARGET_FILES];
};

/* Whether the run writes file tf of its target. */
static int writes(const struct options *opt, const struct target_file *tf) {
  switch (tf->when) {
  case WRITTEN_ALWAYS:
    return 1;
  case WRITTEN_TWO_FILES:
    return !opt->static_file;
  case WRITTEN_TEST:
    return opt->test;
  default:
    return opt->cxx;
  }
}

/* Makes the output folders and opens the temporary file of each file the run writes, before
   the long part of the run; returns 0, or -1 after reporting the failure. */
static int open_outputs(const struct options *opt, struct outputs *o) {
  const struct target *t = opt->target;
  if (publish_make_dirs(opt->header_dir) != 0 || publish_make_dirs(opt->out_dir) != 0)
    return -1;
  for (int i = 0; i < t->nfiles; i++) {
    const struct target_file *tf = &t->files[i];
    char name[80];
    snprintf(name, sizeof name, "%s%s", opt->prefix, tf->suffix);
    if (writes(opt, tf) &&
        publish_open(&o->f[i], tf->header_dir ? opt->header_dir : opt->out_dir, name) != 0)
      return -1;
  }
  return 0;
}

/* The file name of path, without its folders. */
static const char *file_name(const char *path) {
  path = names_file_label(path);
  return strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
}

/* Warns of each file of the run's target that hhn-gen wrote in an earlier run from another
   list (its first line says so) beside the files of this one, which this run did not write: a
   test or C++ header of another table, or a header that --static no longer uses. (Another
   target's files are another build's; a test of this list, of a run with --test, is left
   alone: it tests this table, and fails if the list has changed since.) */
static void warn_stale(const struct options *opt) {
  const struct target *t = opt->target;
  for (int i = 0; i < t->nfiles; i++) {
    const struct target_file *tf = &t->files[i];
    char path[4200], line[512] = "", from[300];
    snprintf(path, sizeof path, "%s/%s%s", tf->header_dir ? opt->header_dir : opt->out_dir,
             opt->prefix, tf->suffix);
    FILE *f = tf->stale == NULL || writes(opt, tf) ? NULL : fopen(path, "r");
    if (f == NULL)
      continue;
    snprintf(from, sizeof from, " from %s with", file_name(opt->file ? opt->file : opt->fields));
    if (fgets(line, sizeof line, f) && strncmp(line, t->banner, strlen(t->banner)) == 0 &&
        (!tf->own_list_kept || strstr(line, from) == NULL))
      progress_warn("%s is an earlier run's, left as it was (%s): remove it unless it is of "
                    "this list",
                    path, tf->stale);
    fclose(f);
  }
}

/* Writes the files of the table (and its test) and puts them in place; returns 0, or -1 after
   reporting the failure. */
static int write_table(const struct options *opt, struct outputs *o, const struct plan *p,
                       const struct hashfn *hash) {
  const char *base = opt->file ? file_name(opt->file) : file_name(opt->fields);
  struct emit_options eo = {opt->prefix,      opt->command, base,
                            opt->static_file, NULL,         opt->target_option != NULL,
                            opt->module_path};
  const struct target *t = opt->target;
  struct output *order[TARGET_FILES];
  const struct output *named[TARGET_FILES]; /* the table's first */
  struct diag d;
  if (opt->fields != NULL)
    eo.fields_source = file_name(opt->fields);
  for (int i = 0, k = 1; i < t->nfiles; i++) {
    order[i] = &o->f[i];
    named[i == t->table ? 0 : k++] = &o->f[i];
    if (writes(opt, &t->files[i]) &&
        publish_close(&o->f[i], target_write(&t->files[i], o->f[i].f, p, &eo, &d), &d) != 0)
      return -1;
  }
  if (publish(order, t->nfiles) != 0)
    return -1;
  if (!opt->quiet)
    summary(named, t->nfiles, p, hash);
  warn_stale(opt);
  return 0;
}

/* Reports each key of a spelling in the list (KEY=Word) that names no target (KEY is the option
   that picks one, without its "--") as the token's first use that is no attribute; returns how
   many. */
static int check_spellings(const struct names *list, FILE *err) {
  int errors = 0;
  for (int k = 0; k < list->nspellings; k++) {
    int known = 0;
    for (int t = 0; t < target_count; t++)
      known |= targets[t].option && strcmp(targets[t].option + 2, list->spelling_key[k]) == 0;
    for (size_t i = 0; !known && i < list->n; i++)
      if (list->v[i].spelling[k][0] != '\0' && list->v[i].line == list->spelling_line[k]) {
        fprintf(err,
                "%s:%d: error: '%s=%s' after '%s' is not an attribute (a lowercase word, or "
                "word=number); a name holds no blank\n",
                list->file, list->v[i].line, list->spelling_key[k], list->v[i].spelling[k],
                list->v[i].text);
        errors++;
        break;
      }
  }
  return errors;
}

/* The exit status `status`, or 1 after saying so if what went to stdout (the summary, the help)
   could not be written there. */
static int flushed(int status) {
  int why = ferror(stdout) ? errno : 0; /* a write that failed already (a long --help) */
  errno = 0;
  if (fflush(stdout) == 0 && !ferror(stdout))
    return status;
  why = errno ? errno : why;
  fprintf(stderr, "hhn-gen: error: cannot write to standard output: %s\n",
          strerror(why ? why : EIO));
  return 1;
}

int main(int argc, char **argv) {
  static struct options opt = {.out_dir = ".", .target = &targets[0]};
  enum parsed parsed = parse_args(argc, argv, &opt);
  if (parsed != PARSED_RUN) {
    free(opt.command);
    return parsed == PARSED_DONE ? flushed(0) : parsed == PARSED_BAD ? 2 : 1;
  }
  struct names list = {0};
  struct fields fields = {0};
  static struct hashfn hash;
  struct plan plan = {0};
  struct outputs out = {{OUTPUT_NONE, OUTPUT_NONE, OUTPUT_NONE, OUTPUT_NONE}};
  struct diag d;
  int status = 1;
  cleanup_install();
  progress_start(!opt.quiet);
  /* The phases, in order; each says why it fails. Read the list and make its ids; open the
     output files, so that a folder that cannot be written fails before the long part; search
     a hash; check it on every name; plan the table (which checks its own numbers); write
     both files and put them in place. */
  if ((opt.fields != NULL && fields_read_file(&fields, opt.fields, stderr) != 0) ||
      (opt.file ? names_read_file(&list, opt.file, stderr) : fields_list(&fields, &list, stderr)) ||
      (opt.target->sorted_ids && names_number_sorted(&list, opt.target->sorted_ids, stderr)) ||
      (opt.fields != NULL && fields_bind(&fields, &list, stderr) != 0) ||
      check_spellings(&list, stderr) != 0 ||
      idents_make(&list, opt.prefix, opt.static_file, stderr) != 0 ||
      (opt.cxx && idents_cxx_check(&list, stderr) != 0) ||
      (opt.target->words != NULL && words_make(&list, opt.target->words, stderr) != 0) ||
      open_outputs(&opt, &out) != 0)
    goto done;
  if (make_hash(&opt, &list, &hash, &d) != 0 || hashfn_check(&hash, &list, &d) != 0 ||
      plan_make(&plan, &list, &hash, opt.fields != NULL ? &fields : NULL, &opt.plan, &d) != 0)
    fprintf(stderr, "%s\n", d.msg);
  else if (write_table(&opt, &out, &plan, &hash) == 0)
    status = 0;
done:
  for (int i = 0; i < TARGET_FILES; i++)
    publish_discard(&out.f[i]);
  plan_free(&plan);
  fields_free(&fields);
  hashfn_free(&hash);
  names_free(&list);
  free(opt.command);
  return flushed(status);
}
