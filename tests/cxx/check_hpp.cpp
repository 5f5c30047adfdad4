// check_hpp.cpp: NS.hpp (hhn-gen --cxx) answers what the C table NS.h answers: every name of the
// list through std::string_view and std::u16string_view, in four spellings, and its accessors;
// unknown names and units above 0x7F; its constants at compile time; with -DFIELDS, its field
// lookups. Built by make check-hpp with -DNS=prefix -DNSU=PREFIX, as C++17 and C++20, linked
// with the table built as C.
#include <cstdio>
#include <string>

#define STR(x) #x
#define HEADER(ns) STR(ns.hpp)
#include HEADER(NS)

#define CAT(a, b) a##b
#define C_(ns, f) CAT(ns, f)

static_assert(static_cast<int>(NS::id::unknown) == C_(NSU, _UNKNOWN), "unknown is P_UNKNOWN");
static_assert(static_cast<int>(NS::id::invalid) == C_(NSU, _INVALID), "invalid is P_INVALID");
static_assert(static_cast<int>(NS::id::uppercase) == C_(NSU, _UPPERCASE), "and uppercase");
static_assert(NS::id_limit == C_(NSU, _ID_LIMIT) && NS::count == C_(NSU, _COUNT), "the limits");
static_assert(NS::min_length == C_(NSU, _MIN_LENGTH), "the shortest length");
static_assert(noexcept(NS::lookup(std::string_view())), "noexcept");

static long failures, checks;

// Counts one check; prints the first failure.
static void expect(bool ok, const char *what, int id) {
  checks++;
  if (!ok && failures++ == 0)
    std::printf("check_hpp: FAIL: %s, for id %d\n", what, id);
}

// s with every letter turned by how: 'l' lowercase, 'u' UPPERCASE, 'a' alternating.
static std::string spelled(std::string_view s, char how) {
  std::string r(s);
  for (std::size_t i = 0; i < r.size(); i++) {
    char c = r[i];
    bool up = how == 'u' || (how == 'a' && i % 2 == 0);
    if (up && c >= 'a' && c <= 'z')
      r[i] = static_cast<char>(c - 'a' + 'A');
    else if (!up && c >= 'A' && c <= 'Z')
      r[i] = static_cast<char>(c - 'A' + 'a');
  }
  return r;
}

static std::u16string widened(std::string_view s) { return std::u16string(s.begin(), s.end()); }

int main() {
  for (int i = 0; i < NS::id_limit; i++) {
    NS::id id = static_cast<NS::id>(i);
    std::size_t n = 0;
    const char *c = C_(NS, _name)(i, &n);
    std::string_view name = NS::name(id), lower = NS::lower(id);
    expect(c ? name == std::string_view(c, n) : name.empty() && name.data() == nullptr, "name", i);
    expect(NS::flags(id) == C_(NS, _flags)(i), "flags", i);
    for (int k = -1; k <= C_(NSU, _ATTR_COUNT); k++)
      expect(NS::attr(id, k) == C_(NS, _attr)(i, k), "attr", i);
    if (c == nullptr)
      continue;
    expect(lower == spelled(name, 'l'), "lower", i);
    for (char how : {'s', 'l', 'u', 'a'}) {
      std::string s = how == 's' ? std::string(name) : spelled(name, how);
      std::u16string u = widened(s);
      expect(NS::lookup(s) == id, "lookup(string_view)", i);
      expect(NS::lookup(u) == id, "lookup(u16string_view)", i);
      expect(NS::lookup(u.data(), u.size()) == id, "lookup(char16_t *, size_t)", i);
      expect(NS::lookup_lower(s) == (s == lower ? id : NS::id::unknown), "lookup_lower", i);
      expect(NS::lookup_lower(u) == (s == lower ? id : NS::id::unknown),
             "lookup_lower(u16string_view)", i);
      expect(NS::classify(s) == id && NS::classify(u) == id, "classify", i);
      expect(NS::classify(u.data(), u.size()) == id, "classify(char16_t *, size_t)", i);
      NS::id want = s == lower ? id : s[0] == ':' ? NS::id::invalid : NS::id::uppercase;
      expect(NS::classify_lower(s) == want, "classify_lower", i);
      expect(NS::classify_lower(u) == want, "classify_lower(u16string_view)", i);
      expect(NS::classify_lower(u.data(), u.size()) == want, "classify_lower(char16_t *)", i);
      u[0] = static_cast<char16_t>(u[0] | 0x100); // U+0141 for 'A': never a letter of a name
      expect(NS::lookup(u) == NS::id::unknown, "lookup(u16) of a unit above 0x7F", i);
      expect(NS::lookup_lower(u) == NS::id::unknown, "lookup_lower(u16) of a unit above 0x7F", i);
    }
  }
  expect(NS::lookup(std::string_view()) == NS::id::unknown, "lookup of nothing", -1);
  expect(NS::lookup(u"") == NS::id::unknown, "lookup of no units", -1);
  expect(NS::classify(std::string_view()) == NS::id::invalid, "classify of nothing", -1);
  expect(NS::classify_lower(u"") == NS::id::invalid, "classify_lower of no units", -1);
  expect(NS::classify("x y") == NS::id::invalid, "classify of no token", -1);
  expect(NS::classify_lower(u"x\u0161") == NS::id::invalid, "classify_lower of U+0161", -1);
  expect(NS::name(NS::id::unknown).empty(), "name(unknown)", -1);
#if defined(FIELDS)
  // a table of fields (--fields): field and field_lower answer as the C functions, on each
  // entry, each entry's name with every entry's value, and the name in uppercase
  for (int e = 0; e < C_(NSU, _FIELD_COUNT); e++)
    for (int v = 0; v < C_(NSU, _FIELD_COUNT); v++) {
      const auto &x = C_(NS, _fields)[e], &y = C_(NS, _fields)[v];
      std::string_view name(x.name, x.name_len), value(y.value, y.value_len);
      std::string upper = spelled(name, 'u');
      NS::match m = NS::field_lower(name, value), n = NS::field(upper, value);
      auto c = C_(NS, _field_lower)(x.name, x.name_len, y.value, y.value_len);
      auto d = C_(NS, _field)(upper.data(), upper.size(), y.value, y.value_len);
      expect(m.id == c.id && m.name == c.name && m.field == c.field, "field_lower", e);
      expect(n.id == d.id && n.name == d.name && n.field == d.field, "field", e);
      expect(m.name >= 0 && m.name <= e && (e != v || m.field == e || m.field < e), "an entry", e);
    }
#endif
  std::printf("check_hpp: %ld checks, %ld failures\n", checks, failures);
  return failures ? 1 : 0;
}
