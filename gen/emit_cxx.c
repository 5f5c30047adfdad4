/* emit_cxx.c: P.hpp (hhn-gen --cxx), a header-only C++17 layer over the C table P.h: namespace
   P, an enum class of the ids, and lookups of std::string_view and std::u16string_view, each
   an inline call of the C function it names. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit.h"
#include "emit_sections.h"
#include "reserved.h"

/* The enumerator of ident (a name's C id without its prefix), in buf (at least
   EMIT_CXX_WORD bytes): in lowercase, with '_' before it if it begins with a digit and after
   it if it cannot be an enumerator as it is (reserved_cxx_word). Returns buf. */
const char *emit_cxx_enumerator(const char *ident, char *buf) {
  size_t n = 0;
  if (ident[0] >= '0' && ident[0] <= '9')
    buf[n++] = '_';
  for (const char *s = ident; *s && n + 2 < EMIT_CXX_WORD; s++)
    buf[n++] = (char)(*s >= 'A' && *s <= 'Z' ? *s - 'A' + 'a' : *s);
  buf[n] = '\0';
  if (reserved_cxx_word(buf))
    buf[n++] = '_', buf[n] = '\0';
  return buf;
}

/* The index of a name and its enumerator, for finding two names with one. */
struct enumerator {
  char word[EMIT_CXX_WORD];
  size_t i;
};

static int by_word(const void *a, const void *b) {
  const struct enumerator *x = a, *y = b;
  int c = strcmp(x->word, y->word);
  return c ? c : x->i < y->i ? -1 : x->i > y->i;
}

int emit_cxx_check(const struct names *list, FILE *err) {
  struct enumerator *v = malloc((list->n ? list->n : 1) * sizeof *v);
  int errors = 0;
  if (v == NULL) {
    fprintf(err, "hhn-gen: error: out of memory\n");
    return 1;
  }
  for (size_t i = 0; i < list->n; i++)
    emit_cxx_enumerator(list->v[i].ident, v[i].word), v[i].i = i;
  qsort(v, list->n, sizeof *v, by_word);
  for (size_t k = 1; k < list->n; k++)
    if (strcmp(v[k].word, v[k - 1].word) == 0 && ++errors)
      fprintf(err,
              "%s:%d: error: '%s' makes the C++ enumerator '%s' that '%s' from line %d makes\n",
              list->file, list->v[v[k].i].line, list->v[v[k].i].text, v[k].word,
              list->v[v[k - 1].i].text, list->v[v[k - 1].i].line);
  free(v);
  return errors;
}

/* The body of P.hpp after its ids: its constants and lookups; at each "@16", the call of a
   UTF-16 lookup (put_call16). */
static const char template_cxx[] =
    "};\n"
    "\n"
    "/* How many names the list has; the largest id plus one; the lengths of the shortest and\n"
    "   the longest name. */\n"
    "constexpr int count = @P_COUNT, id_limit = @P_ID_LIMIT;\n"
    "constexpr std::size_t min_length = @P_MIN_LENGTH, max_length = @P_MAX_LENGTH;\n"
    "\n"
    "/* The id of the name s, matched ASCII case-insensitively, or id::unknown (@p_lookup). */\n"
    "inline id lookup(std::string_view s) noexcept {\n"
    "  return static_cast<id>(::@p_lookup(s.data(), s.size()));\n"
    "}\n"
    "\n"
    "/* The same for UTF-16 code units, read in place; a unit above 0x7F never matches\n"
    "   (@p_lookup16). */\n"
    "inline id lookup(const char16_t *s, std::size_t n) noexcept {\n"
    "  static_assert(sizeof(char16_t) == sizeof(std::uint16_t), \"char16_t is 16 bits\");\n"
    "@16"
    "}\n"
    "inline id lookup(std::u16string_view s) noexcept { return lookup(s.data(), s.size()); }\n"
    "\n"
    "/* The id of the name whose lowercase spelling is exactly s, or id::unknown: HTTP/2 and\n"
    "   HTTP/3 (@p_lookup_lower). */\n"
    "inline id lookup_lower(std::string_view s) noexcept {\n"
    "  return static_cast<id>(::@p_lookup_lower(s.data(), s.size()));\n"
    "}\n"
    "\n"
    "/* The same for UTF-16 code units (@p_lookup16_lower). */\n"
    "inline id lookup_lower(const char16_t *s, std::size_t n) noexcept {\n"
    "@16"
    "}\n"
    "inline id lookup_lower(std::u16string_view s) noexcept { return lookup_lower(s.data(), "
    "s.size()); }\n"
    "\n"
    "/* What the field name s is, in one pass (@p_classify): its id, matched ASCII\n"
    "   case-insensitively; id::invalid if it is no token (empty, or a byte other than a tchar);\n"
    "   id::unknown for any other token. */\n"
    "inline id classify(std::string_view s) noexcept {\n"
    "  return static_cast<id>(::@p_classify(s.data(), s.size()));\n"
    "}\n"
    "\n"
    "/* The same for UTF-16 code units, read in place; a unit above 0x7F is no token's\n"
    "   (@p_classify16). */\n"
    "inline id classify(const char16_t *s, std::size_t n) noexcept {\n"
    "@16"
    "}\n"
    "inline id classify(std::u16string_view s) noexcept { return classify(s.data(), s.size()); }\n"
    "\n"
    "/* The same with the rule of lookup_lower: the id of a name spelled in lowercase, and\n"
    "   id::uppercase for a token with an uppercase letter, which HTTP/2 and HTTP/3 make a\n"
    "   malformed message (@p_classify_lower). */\n"
    "inline id classify_lower(std::string_view s) noexcept {\n"
    "  return static_cast<id>(::@p_classify_lower(s.data(), s.size()));\n"
    "}\n"
    "\n"
    "/* The same for UTF-16 code units (@p_classify16_lower). */\n"
    "inline id classify_lower(const char16_t *s, std::size_t n) noexcept {\n"
    "@16"
    "}\n"
    "inline id classify_lower(std::u16string_view s) noexcept {\n"
    "  return classify_lower(s.data(), s.size());\n"
    "}\n"
    "\n";

/* The accessors of P.hpp, and its end. */
static const char template_cxx_names[] =
    "/* The name of i as the list spells it, or an empty view for an id that is no name's\n"
    "   (@p_name); its data is NUL-terminated. */\n"
    "inline std::string_view name(id i) noexcept {\n"
    "  std::size_t n = 0;\n"
    "  const char *s = ::@p_name(static_cast<int>(i), &n);\n"
    "  return s ? std::string_view(s, n) : std::string_view();\n"
    "}\n"
    "\n"
    "/* The same in lowercase, as HTTP/2 and HTTP/3 send it (@p_lower). */\n"
    "inline std::string_view lower(id i) noexcept {\n"
    "  std::size_t n = 0;\n"
    "  const char *s = ::@p_lower(static_cast<int>(i), &n);\n"
    "  return s ? std::string_view(s, n) : std::string_view();\n"
    "}\n"
    "\n"
    "/* The flags (@P_FLAG_*) that the list gives i, and the value it gives i for key\n"
    "   (@P_ATTR_*; -1: none) (@p_flags, @p_attr). */\n"
    "inline unsigned long flags(id i) noexcept { return ::@p_flags(static_cast<int>(i)); }\n"
    "inline long attr(id i, int key) noexcept { return ::@p_attr(static_cast<int>(i), key); }\n"
    "\n"
    "} // namespace @p\n"
    "\n"
    "#endif\n";

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

/* Writes text with its "@16"s, the calls of lookup16, lookup16_lower, classify16 and
   classify16_lower in turn. */
static void put_with_calls(struct emitter *e, const char *text) {
  static const char *const fns[] = {"lookup16", "lookup16_lower", "classify16", "classify16_lower"};
  char *copy = strdup(text), *s = copy;
  if (copy == NULL) {
    emit_failed(e, ENOMEM);
    return;
  }
  for (size_t k = 0; k < sizeof fns / sizeof fns[0]; k++) {
    char *at = strstr(s, "@16");
    if (at == NULL)
      break;
    *at = '\0';
    put_template(e, s);
    put_call16(e, fns[k]);
    s = at + 3;
  }
  put_template(e, s);
  free(copy);
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
  out(e, "#ifndef @P_hpp\n#define @P_hpp\n\n#include <cstddef>\n#include <cstdint>\n"
         "#include <string_view>\n\n#include \"@p.h\"\n\nnamespace @p {\n\n");
  comment(e, "The id of each name, with the C id's value (@P_...), and unknown (@P_UNKNOWN); "
             "invalid and uppercase, what classify and classify_lower say of a name that is no "
             "token and of a token with an uppercase letter (@P_INVALID, @P_UPPERCASE). A name's "
             "enumerator is its C id in lowercase, with '_' before one that begins with a digit "
             "and after a C++ keyword.");
  out(e, "enum class id : int {\n  unknown = @P_UNKNOWN,\n  invalid = @P_INVALID,\n"
         "  uppercase = @P_UPPERCASE,\n");
  for (size_t i = 0; i < e->list->n; i++) {
    char word[EMIT_CXX_WORD];
    out(e, "  %s = @P_%s,\n", emit_cxx_enumerator(e->list->v[i].ident, word), e->list->v[i].ident);
  }
  put_with_calls(e, template_cxx);
  put_template(e, template_cxx_names);
}
