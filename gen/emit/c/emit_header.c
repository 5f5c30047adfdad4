/* emit_header.c: the sections of a table's header: its banner, guard, macros, ids and the
   declarations of its functions, each with its contract. */
#include "emit_sections.h"

#include <string.h>

#include "api.h"
#include "render.h"
#include "table_idents.h"
#include "version.h"

/* Writes "#define P_<what> <value>". */
static void define(struct emitter *e, const char *what, long value) {
  out(e, "#define @P_%s %ld\n", what, value);
}

/* Writes the header's opening: its purpose, the include guard and includes. */
void output_header_top(struct emitter *e) {
  if (e->o->static_file) { /* no guard, no extern "C": the file is included once, and static */
    out(e, "\n#include <stddef.h>\n"
           "#include <stdint.h>\n"
           "\n"
           "/* The functions are static: the file's user may call some of them only. */\n"
           "#if defined(__GNUC__)\n"
           "#define @P_UNUSED __attribute__((__unused__))\n"
           "#else\n"
           "#define @P_UNUSED\n"
           "#endif\n"
           "\n");
    return;
  }
  comment(e, "@p.h: ids for the names of %s, and their lookups.", e->o->source);
  out(e, "#ifndef @P_H\n"
         "#define @P_H\n"
         "\n"
         "#include <stddef.h>\n"
         "#include <stdint.h>\n"
         "\n");
  comment(e, "The functions throw nothing: C++ callers (GCC, Clang) then need no unwinding "
             "around them, and may jump to them. (In lowercase, as no id is; @p.c, which defines "
             "them, says @P_defining.)");
  out(e, "#if defined(__cplusplus) && defined(__GNUC__) && !defined(@P_defining)\n"
         "#define @P_nothrow __attribute__((__nothrow__))\n"
         "#else\n"
         "#define @P_nothrow\n"
         "#endif\n"
         "\n"
         "#ifdef __cplusplus\n"
         "extern \"C\" {\n"
         "#endif\n"
         "\n");
}

/* Writes the macros: unknown, the count, the lengths, the version, the flags and the keys. */
void output_macros(struct emitter *e) {
  size_t min = e->l->min, max = e->l->max;
  int major = 0, minor = 0, patch = 0;
  sscanf(HHN_GEN_VERSION, "%d.%d.%d", &major, &minor, &patch);
  comment(e, "What a lookup returns for a name that is not in the list; and what a "
             "classification returns for a name that is no token, and for a token with an "
             "uppercase letter (of the lowercase spelling alone).");
  out(e, "#define @P_UNKNOWN (-1)\n#define @P_INVALID (-2)\n#define @P_UPPERCASE (-3)\n");
  comment(e, "How many names the list has, and the largest id plus one: an array indexed by id "
             "has @P_ID_LIMIT elements.");
  define(e, "COUNT", (long)e->list->n);
  define(e, "ID_LIMIT", e->list->id_limit);
  comment(e, "The lengths of the shortest and the longest name, in bytes.");
  define(e, "MIN_LENGTH", (long)min);
  define(e, "MAX_LENGTH", (long)max);
  comment(e, "The version of hhn-gen that wrote this file.");
  define(e, "VERSION_MAJOR", major);
  define(e, "VERSION_MINOR", minor);
  define(e, "VERSION_PATCH", patch);
  if (e->list->nflags > 0)
    comment(e, "The flag words of the list, as @p_flags returns them.");
  for (int i = 0; i < e->list->nflags; i++) {
    out(e, "#define @P_FLAG_");
    put_ident(e, e->list->flag[i]);
    out(e, " (1ul << %d)\n", i);
  }
  comment(e, "The keys of the list's numbered attributes, for @p_attr, and how many there are.");
  for (int i = 0; i < e->list->nkeys; i++) {
    out(e, "#define @P_ATTR_");
    put_ident(e, e->list->key[i]);
    out(e, " %d\n", i);
  }
  define(e, "ATTR_COUNT", e->list->nkeys);
  out(e, "\n");
}

/* Writes the enum of ids. */
void output_ids(struct emitter *e) {
  comment(e, "The id of each name: the list's id=N, or, as in an enum, the id before it plus one "
             "(0 for the first). Its identifier is @P_ and the name in uppercase, with a leading "
             "':' written PSEUDO_ and any byte other than a letter or a digit written _: "
             "@P_CONTENT_TYPE is Content-Type, @P_PSEUDO_PATH is :path.");
  render_id_list(e);
}

/* Writes the declarations of the functions (api.h), each with its contract. */
void output_declarations(struct emitter *e) {
  if (!e->o->static_file) /* each declaration on one line, however long the prefix */
    out(e, "/* clang-format off */\n");
  for (int k = 0; k < api_count; k++) {
    const struct api_fn *f = &api_fns[k];
    if (f->contract != NULL)
      comment(e, "%s", spelled(e, f->contract));
    out(e, "@d%s@p_%s(%s)@n;\n", f->result, f->name, f->params);
    if (k + 1 < api_count && api_fns[k + 1].contract != NULL)
      out(e, "\n"); /* a blank line before each contract */
  }
  output_field_declarations(e);
  if (e->o->static_file)
    return;
  out(e, "/* clang-format on */\n"
         "\n"
         "#ifdef __cplusplus\n"
         "}\n"
         "#endif\n"
         "\n"
         "#endif\n");
}

/* Writes, at the end of one file, the #undef of each of the table's own macros, and the end of
   the region of warnings that its start opened. */
void output_undefs(struct emitter *e) {
  out(e, "\n/* The table's own macros end with it. */\n");
  for (int i = 0; i < table_idents_count; i++)
    if (table_idents[i].kind == TABLE_IDENT_MACRO) {
      char marked[64];
      snprintf(marked, sizeof marked, "@~%s", table_idents[i].name);
      out(e, "#undef %s\n", spelled(e, marked));
    }
  out(e, "\n#if defined(__GNUC__)\n#pragma GCC diagnostic pop\n#endif\n");
}
