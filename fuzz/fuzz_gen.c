/* fuzz_gen.c: libFuzzer target for hhn-gen's reading, checking and writing of a names list.
 *
 * The input is a names list. It is parsed and checked in-process (gperf is not run: a fixed
 * hash stands in for its), and then either every error line names the list and a line, or
 * the list is valid, and if the stand-in hash tells its names apart, the table is planned and
 * its C (and its Rust module) written to memory, naming every id. Nothing may crash, leak,
 * read past what it was given or hang. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "c.h"
#include "hashfn.h"
#include "idents.h"
#include "layout.h"
#include "names.h"
#include "plan.h"
#include "targets.h"

/* Checks that every line of the error report reads "fuzz.in:N: error: ..." or is the one
   whole-file error. */
static void check_report(const char *report) {
  for (const char *line = report; *line;) {
    const char *nl = strchr(line, '\n'), *p = line + 8;
    if (nl == NULL || strncmp(line, "fuzz.in:", 8) != 0)
      abort();
    if (strncmp(line, "fuzz.in: error: the list has no names\n", 38) != 0) {
      if (*p < '1' || *p > '9')
        abort();
      while (*p >= '0' && *p <= '9')
        p++;
      if (strncmp(p, ": error: ", 9) != 0)
        abort();
    }
    line = nl + 1;
  }
}

/* Checks that an accepted list holds only what the list format allows. */
static void check_list(const struct names *list) {
  if (list->n == 0 || list->n > NAMES_MAX_COUNT)
    abort();
  for (size_t i = 0; i < list->n; i++) {
    const struct name *nm = &list->v[i];
    if (nm->len == 0 || nm->len > NAMES_MAX_LENGTH || nm->ident == NULL)
      abort();
    for (size_t k = 0; k < nm->len; k++)
      if (!ascii_is_tchar((unsigned char)nm->text[k]) && !(k == 0 && nm->text[0] == ':'))
        abort();
  }
}

/* Writes the plan p of list in target x (targets.h), each of its files, where the list's
   words for the target (rust=, go=) are its own: a bad one is a refusal (a list error), not a
   failure; each file written begins with its target's banner (after the opener its format
   needs). */
static void one_target(struct names *list, const struct plan *p, const struct emit_options *o,
                       const struct target *x) {
  char *why = NULL;
  size_t why_len = 0;
  FILE *err = open_memstream(&why, &why_len);
  if (err == NULL)
    abort();
  for (size_t i = 0; i < list->n; i++)
    list->v[i].plain = 0; /* each target's own rule, as each run of hhn-gen has one */
  int refused = x->words != NULL && words_make(list, x->words, err) != 0;
  fclose(err);
  if (refused && why_len == 0)
    abort();
  for (int k = 0; !refused && k < x->nfiles; k++) {
    char *text = NULL;
    size_t text_len = 0;
    FILE *f = open_memstream(&text, &text_len);
    struct diag d;
    struct emit_options own = *o;
    own.static_file = x->static_file; /* a target whose files hold the C table in one file */
    own.target_option = x->own_option != NULL && list->n % 2; /* its own option, on half */
    own.module_path =
        x->path_option != NULL && list->n % 3 ? "fz_crate::fz" : NULL; /* two in three */
    const char *opener = x->files[k].opener ? x->files[k].opener : "";
    if (f == NULL || target_write(&x->files[k], f, p, &own, &d) != 0)
      abort();
    fclose(f);
    if (strncmp(text, opener, strlen(opener)) != 0 ||
        strncmp(text + strlen(opener), x->banner, strlen(x->banner)) != 0)
      abort();
    free(text);
  }
  free(why);
}

/* Writes the plan p of list in every other target, and in the rows their own options pick
   (--rust --bun-enum), as one_target does. */
static void other_targets(struct names *list, const struct plan *p, const struct emit_options *o) {
  for (int t = 1; t < target_count; t++) {
    one_target(list, p, o, &targets[t]);
    if (targets[t].own_row != NULL)
      one_target(list, p, o, targets[t].own_row);
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *report = NULL, *out = NULL;
  size_t report_len = 0, out_len = 0;
  FILE *err = open_memstream(&report, &report_len);
  struct names list;
  if (err == NULL)
    abort();
  int errors = names_parse(&list, "fuzz.in", (const char *)data, size, err);
  if (errors == 0)
    errors = idents_make(&list, "fz", 0, err);
  fflush(err);
  if (errors > 0) {
    check_report(report);
  } else {
    if (report_len != 0)
      abort();
    check_list(&list);
    static struct hashfn h; /* the length, the first and the last byte; values ignore case */
    struct diag d;
    memset(&h, 0, sizeof h);
    h.origin = HASH_SEARCHED;
    h.nterms = 3;
    h.term[0] = (struct term){TERM_LENGTH, 0, 0};
    h.term[1] = (struct term){TERM_FROM_START, 0, 0};
    h.term[2] = (struct term){TERM_FROM_END, 1, 1};
    h.nasso = 257;
    for (int c = 0; c < 257; c++)
      h.asso[c] = ((unsigned)(c >= 'A' && c <= 'Z' ? c + 32 : c) * 2654435761u) >> 26;
    if (hashfn_check(&h, &list, &d) == 0) {
      struct emit_options o = {"fz", "hhn-gen fuzz.in", "fuzz.in", 0, NULL, 0, NULL};
      struct plan p;
      FILE *f = open_memstream(&out, &out_len);
      if (f == NULL || plan_make(&p, &list, &h, NULL, &(struct plan_options){0, 0}, &d) != 0 ||
          emit_header(f, &p, &o, &d) != 0 || emit_source(f, &p, &o, &d) != 0)
        abort();
      fclose(f);
      if (strstr(out, "DO NOT EDIT") == NULL || strstr(out, list.v[list.n - 1].ident) == NULL)
        abort();
      o.static_file = 1; /* and as one file (--static), the same plan, with its test */
      char *one = NULL;
      size_t one_len = 0;
      FILE *g = open_memstream(&one, &one_len);
      if (g == NULL || emit_source(g, &p, &o, &d) != 0 || emit_test_program(g, &p, &o, &d) != 0)
        abort();
      fclose(g);
      if (strstr(one, "static int fz_lookup(") == NULL || strstr(one, "fz_table") == NULL ||
          strstr(one, "#include \"fz.c\"") == NULL) /* and its test, which includes it */
        abort();
      free(one);
      o.static_file = 0; /* and in every other target (Rust, Go, WebKit), the same plan */
      other_targets(&list, &p, &o);
      plan_free(&p);
    }
  }
  names_free(&list);
  fclose(err);
  free(report);
  free(out);
  return 0;
}
