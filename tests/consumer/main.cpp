// main.cpp: the consumer in C++17, as a runtime that holds names as 8-bit or UTF-16 strings
// would use its table: through myhdr.hpp (hhn-gen --cxx), with std::string_view and
// std::u16string_view, the table itself built as C.
#include <cstdio>
#include <string>
#include <string_view>

#include <hhn.hpp> // libhhn's table, installed with its C++ layer

#include "myhdr.hpp"

// The id of a name held either way: bytes (Latin-1) or UTF-16 units.
static myhdr::id classify(bool wide, std::string_view bytes, std::u16string_view units) {
  return wide ? myhdr::lookup(units) : myhdr::lookup(bytes);
}

int main() {
  int failed = 0;
  auto expect = [&failed](bool ok, const char *what) {
    if (!ok)
      std::fprintf(stderr, "consumer (C++): FAILED: %s\n", what), failed++;
  };
  expect(classify(false, "x-acme-TRACE", u"") == myhdr::id::x_acme_trace, "8-bit, any case");
  expect(classify(true, "", u"X-Acme-Tenant") == myhdr::id::x_acme_tenant, "UTF-16");
  expect(myhdr::lookup(u"X-Acme-\u0154enant") == myhdr::id::unknown, "a unit above 0x7F");
  expect(myhdr::lookup_lower("X-Acme-Debug") == myhdr::id::unknown, "lookup_lower: lowercase only");
  expect(myhdr::name(myhdr::id::x_acme_debug) == "X-Acme-Debug", "name");
  expect(myhdr::lower(myhdr::id::x_acme_debug) == "x-acme-debug", "lower");
  expect(myhdr::attr(myhdr::id::x_acme_trace, MYHDR_ATTR_WEIGHT) == 3, "weight=3");
  expect((myhdr::flags(myhdr::id::x_acme_debug) & MYHDR_FLAG_LOGGED) != 0, "logged");
  static_assert(myhdr::count == 3, "three names");
  expect(hhn::lookup(u"Content-Type") == hhn::id::content_type, "libhhn through hhn.hpp");
  switch (myhdr::lookup(std::string("X-ACME-TRACE"))) {
  case myhdr::id::x_acme_trace:
    break;
  default:
    expect(false, "a switch on the id");
  }
  std::printf("consumer (C++): own table %d names through myhdr.hpp: %s\n", myhdr::count,
              failed ? "FAILED" : "ok");
  return failed != 0;
}
