/* api.c: the public functions of a generated table, each once (see api.h). */
#include "api.h"

#include <string.h>

/* P.h declares them in this order, each after its contract; P.hpp writes their C++ forms in the
   order of cxx_rank: each lookup of bytes, then the same of UTF-16 units. */
const struct api_fn api_fns[] = {
    {"lookup", "int ", "const char *name, size_t len",
     "Returns the id of the field name name[0..len), matched ASCII "
     "case-insensitively (only the 52 letters fold: '-' never matches CR, '@' never "
     "'`'), or @P_UNKNOWN (-1) if the name is not in the list. Takes any bytes and "
     "any len; name may be NULL when len is 0. Reads only name[0..len), allocates "
     "nothing and is safe to call from any thread.",
     0,
     "/* The id of the name s, matched ASCII case-insensitively, or id::unknown (@p_lookup). */\n"
     "inline id lookup(std::string_view s) noexcept {\n"
     "  return static_cast<id>(::@p_lookup(s.data(), s.size()));\n"
     "}\n"
     "\n"},
    {"lookup_lower", "int ", "const char *name, size_t len",
     "Returns the id of the name whose lowercase spelling is exactly name[0..len), "
     "or @P_UNKNOWN (-1): any uppercase letter makes a name unknown, as HTTP/2 and "
     "HTTP/3 require (RFC 9113 section 8.2.1, RFC 9114 section 4.2). Otherwise the "
     "same as @p_lookup: any bytes and any len, NULL when len is 0, reads only "
     "name[0..len).",
     2,
     "/* The id of the name whose lowercase spelling is exactly s, or id::unknown: HTTP/2 and\n"
     "   HTTP/3 (@p_lookup_lower). */\n"
     "inline id lookup_lower(std::string_view s) noexcept {\n"
     "  return static_cast<id>(::@p_lookup_lower(s.data(), s.size()));\n"
     "}\n"
     "\n"},
    {"lookup16", "int ", "const uint16_t *name, size_t len",
     "The same as @p_lookup for len UTF-16 code units, read in place; a unit above "
     "0x7F never matches, whatever its low byte.",
     1,
     "/* The same for UTF-16 code units, read in place; a unit above 0x7F never matches\n"
     "   (@p_lookup16). */\n"
     "inline id lookup(const char16_t *s, std::size_t n) noexcept {\n"
     "  static_assert(sizeof(char16_t) == sizeof(std::uint16_t), \"char16_t is 16 bits\");\n"
     "@16}\n"
     "inline id lookup(std::u16string_view s) noexcept { return lookup(s.data(), s.size()); }\n"
     "\n"},
    {"lookup16_lower", "int ", "const uint16_t *name, size_t len",
     "The same as @p_lookup_lower for len UTF-16 code units, read in place; a unit "
     "above 0x7F never matches.",
     3,
     "/* The same for UTF-16 code units (@p_lookup16_lower). */\n"
     "inline id lookup_lower(const char16_t *s, std::size_t n) noexcept {\n"
     "@16}\n"
     "inline id lookup_lower(std::u16string_view s) noexcept { return lookup_lower(s.data(), "
     "s.size()); }\n"
     "\n"},
    {"classify", "int ", "const char *name, size_t len",
     "Returns what the field name name[0..len) is, in one pass: its id if the list "
     "has it (as @p_lookup finds it); else @P_INVALID (-2) if it is not a token of "
     "RFC 9110 (empty, or with a byte other than a tchar: a ':' too, unless the list "
     "has the whole name), or @P_UNKNOWN (-1) for any other token. Otherwise the "
     "same as @p_lookup: any bytes and any len, NULL when len is 0, reads only "
     "name[0..len).",
     4,
     "/* What the field name s is, in one pass (@p_classify): its id, matched ASCII\n"
     "   case-insensitively; id::invalid if it is no token (empty, or a byte other than a tchar);\n"
     "   id::unknown for any other token. */\n"
     "inline id classify(std::string_view s) noexcept {\n"
     "  return static_cast<id>(::@p_classify(s.data(), s.size()));\n"
     "}\n"
     "\n"},
    {"classify_lower", "int ", "const char *name, size_t len",
     "The same as @p_classify with @p_lookup_lower's rule: the id of a name spelled "
     "in lowercase, and for a token with an uppercase letter @P_UPPERCASE (-3), "
     "which HTTP/2 and HTTP/3 make a malformed message; @P_INVALID before it for a "
     "name that is no token at all.",
     6,
     "/* The same with the rule of lookup_lower: the id of a name spelled in lowercase, and\n"
     "   id::uppercase for a token with an uppercase letter, which HTTP/2 and HTTP/3 make a\n"
     "   malformed message (@p_classify_lower). */\n"
     "inline id classify_lower(std::string_view s) noexcept {\n"
     "  return static_cast<id>(::@p_classify_lower(s.data(), s.size()));\n"
     "}\n"
     "\n"},
    {"classify16", "int ", "const uint16_t *name, size_t len",
     "The same as @p_classify and @p_classify_lower for len UTF-16 code units, read "
     "in place; a unit above 0x7F is no token's.",
     5,
     "/* The same for UTF-16 code units, read in place; a unit above 0x7F is no token's\n"
     "   (@p_classify16). */\n"
     "inline id classify(const char16_t *s, std::size_t n) noexcept {\n"
     "@16}\n"
     "inline id classify(std::u16string_view s) noexcept { return classify(s.data(), s.size()); }\n"
     "\n"},
    {"classify16_lower", "int ", "const uint16_t *name, size_t len", NULL, 7,
     "/* The same for UTF-16 code units (@p_classify16_lower). */\n"
     "inline id classify_lower(const char16_t *s, std::size_t n) noexcept {\n"
     "@16}\n"
     "inline id classify_lower(std::u16string_view s) noexcept {\n"
     "  return classify_lower(s.data(), s.size());\n"
     "}\n"
     "\n"},
    {"name", "const char *", "int id, size_t *len",
     "Returns the name of id as the list spells it, NUL-terminated, and stores its "
     "length where len points unless len is NULL; returns NULL (storing 0) if id is "
     "no name's.",
     8,
     "/* The name of i as the list spells it, or an empty view for an id that is no name's\n"
     "   (@p_name); its data is NUL-terminated. */\n"
     "inline std::string_view name(id i) noexcept {\n"
     "  std::size_t n = 0;\n"
     "  const char *s = ::@p_name(static_cast<int>(i), &n);\n"
     "  return s ? std::string_view(s, n) : std::string_view();\n"
     "}\n"
     "\n"},
    {"lower", "const char *", "int id, size_t *len",
     "The same as @p_name for the name in lowercase, as HTTP/2 and HTTP/3 send it.", 9,
     "/* The same in lowercase, as HTTP/2 and HTTP/3 send it (@p_lower). */\n"
     "inline std::string_view lower(id i) noexcept {\n"
     "  std::size_t n = 0;\n"
     "  const char *s = ::@p_lower(static_cast<int>(i), &n);\n"
     "  return s ? std::string_view(s, n) : std::string_view();\n"
     "}\n"
     "\n"},
    {"flags", "unsigned long ", "int id",
     "Returns the flags (@P_FLAG_*) that the list gives id, ORed together; 0 if it "
     "gives none or id is no name's.",
     10,
     "/* The flags (@P_FLAG_*) that the list gives i, and the value it gives i for key\n"
     "   (@P_ATTR_*; -1: none) (@p_flags, @p_attr). */\n"
     "inline unsigned long flags(id i) noexcept { return ::@p_flags(static_cast<int>(i)); }\n"},
    {"attr", "long ", "int id, int key",
     "Returns the value that the list gives id for key (@P_ATTR_*); -1 if it gives "
     "none, if id is no name's or if key is out of range.",
     11,
     "inline long attr(id i, int key) noexcept { return ::@p_attr(static_cast<int>(i), key); }\n"
     "\n"},
};
const int api_count = sizeof api_fns / sizeof api_fns[0];

/* The functions of each case rule behind the public ones. */
const struct lookup_names lookups[MATCHES] = {
    [MATCH_FOLD] = {"lookup", "@~lookup_rare", "@~lookup_portable", "@~lookup_avx512",
                    "@~lookup_avx2", "@~lookup_resolver"},
    [MATCH_LOWER] = {"lookup_lower", "@~lower_rare", "@~lower_portable", "@~lower_avx512",
                     "@~lower_avx2", "@~lower_resolver"},
};
const struct lookup_names lookups16[MATCHES] = {
    [MATCH_FOLD] = {"lookup16", "@~units16", "@~lookup16_portable", "@~lookup16_avx512", NULL,
                    "@~lookup16_resolver"},
    [MATCH_LOWER] = {"lookup16_lower", "@~units16", "@~lower16_portable", "@~lower16_avx512", NULL,
                     "@~lower16_resolver"},
};
const struct lookup_names classifies[MATCHES] = {
    [MATCH_FOLD] = {"classify", "@~classify_rare", "@~classify_portable", "@~classify_avx512",
                    "@~classify_avx2", "@~classify_resolver"},
    [MATCH_LOWER] = {"classify_lower", "@~classify_lower_rare", "@~classify_lower_portable",
                     "@~classify_lower_avx512", "@~classify_lower_avx2",
                     "@~classify_lower_resolver"},
};
const struct lookup_names classifies16[MATCHES] = {
    [MATCH_FOLD] = {"classify16", "@~classify16_rare", "@~classify16_portable",
                    "@~classify16_avx512", NULL, "@~classify16_resolver"},
    [MATCH_LOWER] = {"classify16_lower", "@~classify16_lower_rare", "@~classify16_lower_portable",
                     "@~classify16_lower_avx512", NULL, "@~classify16_lower_resolver"},
};

size_t api_behind(const char *v[API_BEHIND_MAX]) {
  const struct lookup_names *const sets[] = {lookups, lookups16, classifies, classifies16};
  size_t n = 0;
  for (int s = 0; s < 4; s++)
    for (int m = 0; m < MATCHES; m++) {
      const struct lookup_names *f = &sets[s][m];
      const char *const names[] = {f->rare, f->portable, f->avx512, f->avx2, f->resolver};
      for (int k = 0; k < 5; k++)
        if (names[k] != NULL && strncmp(names[k], "@~", 2) == 0)
          v[n++] = names[k] + 2;
    }
  return n;
}
