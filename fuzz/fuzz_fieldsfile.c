/* fuzz_fieldsfile.c: libFuzzer target for hhn-gen's reading, checking and planning of a static
 * table of fields (--fields).
 *
 * The input is a fields file. It is parsed and checked in-process, its names made a list, and
 * the match planned; then either every error line names the file and a line (or is one of the
 * whole-file errors), or the table is valid and its plan finds every entry: the entry's name's
 * record says its first entry and the length of its value, and the name's group of entries holds
 * it, in order. The plan's C is written to memory, the fields' part with it
 * where the list's stand-in hash tells its names apart. Nothing may crash, leak or hang. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "c.h"
#include "fieldmatch.h"
#include "fields.h"
#include "hashfn.h"
#include "idents.h"
#include "layout.h"
#include "names.h"
#include "plan.h"

/* Checks that every line of the error report reads "fuzz.txt:N: error: ..." or is a whole-file
   error of the table. */
static void check_report(const char *report) {
  for (const char *line = report; *line;) {
    const char *nl = strchr(line, '\n'), *p = line + 9;
    if (nl == NULL || strncmp(line, "fuzz.txt:", 9) != 0)
      abort();
    if (strncmp(line, "fuzz.txt: error: the table has no entries\n", 42) != 0 &&
        strncmp(line, "fuzz.txt: error: the list has no names\n", 39) != 0) {
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

/* Checks that the plan p finds each entry of f (whose names are list) where the emitted match
   looks for it: its name's record has its first entry and the bit of its value's length, and the
   name's group of entries holds it once, the group in order of value length, then index. */
static void check_plan(const struct fields *f, const struct names *list,
                       const struct fieldmatch *p) {
  for (size_t e = 0; e < f->n; e++) {
    const struct entry *x = &f->v[e];
    long id = list->v[x->name_at].id;
    size_t start = p->start[id], end = start + p->count[id], found = 0;
    if (p->id[e] != id || p->first[id] < 0 || (size_t)p->first[id] > e || end > f->n ||
        (p->lens[id] >> fieldmatch_bit(x->vlen) & 1) == 0)
      abort();
    for (size_t k = start; k < end; k++) {
      size_t y = p->order[k], w = k > start ? p->order[k - 1] : y;
      if (p->id[y] != id || f->v[w].vlen > f->v[y].vlen || (f->v[w].vlen == f->v[y].vlen && w > y))
        abort();
      found += y == e;
    }
    if (found != 1 || memcmp(p->pool + p->offset[e], x->value, x->vlen) != 0)
      abort();
  }
}

/* Writes the table's C, fields and all, to memory, where the stand-in hash (the length, the
   first and the last byte) tells the list's names apart. */
static void write_table(const struct fields *f, const struct names *list) {
  static struct hashfn h;
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
  if (hashfn_check(&h, list, &d) != 0)
    return;
  struct emit_options o = {"fz", "hhn-gen --fields fuzz.txt", "fuzz.txt", 0, "fuzz.txt", 0, NULL};
  struct plan p;
  char *out = NULL;
  size_t out_len = 0;
  FILE *g = open_memstream(&out, &out_len);
  if (g == NULL || plan_make(&p, list, &h, f, &(struct plan_options){0, 0}, &d) != 0 ||
      emit_header(g, &p, &o, &d) != 0 || emit_source(g, &p, &o, &d) != 0 ||
      emit_test_program(g, &p, &o, &d) != 0)
    abort();
  fclose(g);
  if (strstr(out, "fz_field_lower(") == NULL || strstr(out, "FZ_FIELD_COUNT") == NULL)
    abort();
  free(out);
  plan_free(&p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *report = NULL;
  size_t report_len = 0;
  FILE *err = open_memstream(&report, &report_len);
  struct fields f;
  struct names list = {0};
  struct fieldmatch p = {0};
  struct diag d;
  if (err == NULL)
    abort();
  int errors = fields_parse(&f, "fuzz.txt", (const char *)data, size, err);
  if (errors == 0)
    errors = fields_list(&f, &list, err);
  if (errors == 0)
    errors = fields_bind(&f, &list, err) + idents_make(&list, "fz", 0, err);
  fflush(err);
  if (errors > 0) {
    check_report(report);
  } else {
    if (report_len != 0 || fieldmatch_plan(&p, &f, &list, 0, &d) != 0)
      abort();
    check_plan(&f, &list, &p);
    write_table(&f, &list);
  }
  fieldmatch_free(&p);
  names_free(&list);
  fields_free(&f);
  fclose(err);
  free(report);
  return 0;
}
