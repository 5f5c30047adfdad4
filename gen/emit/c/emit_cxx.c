/* emit_cxx.c: P.hpp (hhn-gen --cxx), a header-only C++17 layer over the C table P.h: namespace
   P, an enum class of the ids, and lookups of std::string_view and std::u16string_view, each
   an inline call of the C function it names. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit.h"
#include "emit_sections.h"
#include "table_template.h" /* template_NAME: the sections of gen/emit/c/table.c.in, made by the build */

#include "api.h"
#include "idents.h"

/* Writes the return of the call of the UTF-16 lookup fn on (s, n), on one line if it fits. */
static void put_call16(struct emitter *e, const char *fn) {
  char one_line[200], broken[200];
  snprintf(one_line, sizeof one_line,
           "  return static_cast<id>(::@p_%s(reinterpret_cast<const std::uint16_t *>(s), n));\n",
           fn);
  snprintf(broken, sizeof broken,
           "  return static_cast<id>(\n      ::@p_%s(reinterpret_cast<const std::uint16_t *>(s), "
           "n));\n",
           fn);
  fit(e, one_line, broken);
}

/* Writes the C++ form of the public function f (api.h), its "@16" the call of f. */
static void put_cxx_form(struct emitter *e, const struct api_fn *f) {
  const char *at = strstr(f->cxx, "@16");
  char *head = at ? strndup(f->cxx, (size_t)(at - f->cxx)) : NULL;
  if (at == NULL)
    return put_template(e, f->cxx);
  if (head == NULL)
    return emit_failed(e, ENOMEM);
  put_template(e, head);
  put_call16(e, f->name);
  put_template(e, at + 3);
  free(head);
}

/* Writes the C++ form of each public function, in the order of their cxx_rank. */
static void put_cxx_forms(struct emitter *e) {
  for (int rank = 0; rank < api_count; rank++)
    for (int k = 0; k < api_count; k++)
      if (api_fns[k].cxx_rank == rank && api_fns[k].cxx != NULL)
        put_cxx_form(e, &api_fns[k]);
}

/* Writes P.hpp: what it is, the namespace and its enum class of ids, then the functions. */
void output_cxx(struct emitter *e) {
  comment(e,
          "@p.hpp: a header-only C++ layer (C++17) over @p.h, the table of %s: namespace @p, "
          "enum class id, and lookups and classifications of std::string_view and "
          "std::u16string_view, each an "
          "inline call of the C function it names, which it costs nothing over. Build @p.c as "
          "C or as C++.",
          e->o->source);
  /* the guard has lowercase letters, which no id (P_ and a name in uppercase) has */
  out(e, "#ifndef @P_hpp\n#define @P_hpp\n\n");
  /* a compiler in C++14 by default (clang++ 14, g++ 10) otherwise says 21 things, none of them
     this; MSVC gives the standard in _MSVC_LANG */
  out(e, "#if defined(_MSVC_LANG) ? _MSVC_LANG < 201703L : __cplusplus < 201703L\n"
         "#error \"@p.hpp needs C++17 or later (std::string_view): compile with -std=c++17\"\n"
         "#endif\n\n");
  out(e, "#include <cstddef>\n#include <cstdint>\n"
         "#include <string_view>\n\n#include \"@p.h\"\n\nnamespace @p {\n\n");
  comment(e, "The id of each name, with the C id's value (@P_...), and unknown (@P_UNKNOWN); "
             "invalid and uppercase, what classify and classify_lower say of a name that is no "
             "token and of a token with an uppercase letter (@P_INVALID, @P_UPPERCASE). A name's "
             "enumerator is its C id in lowercase, with '_' before one that begins with a digit "
             "and after a C++ keyword.");
  out(e, "enum class id : int {\n  unknown = @P_UNKNOWN,\n  invalid = @P_INVALID,\n"
         "  uppercase = @P_UPPERCASE,\n");
  for (size_t i = 0; i < e->list->n; i++) {
    char word[IDENTS_CXX_WORD];
    out(e, "  %s = @P_%s,\n", idents_cxx_enumerator(e->list->v[i].ident, word),
        e->list->v[i].ident);
  }
  put_template(e, template_cxx_constants);
  put_cxx_forms(e);
  if (e->fields != NULL)
    put_template(e, template_cxx_fields);
  put_template(e, template_cxx_end);
}
