// hpp_call.cpp: what hhn::lookup and hhn::classify cost over the C functions: make check-hpp
// compiles this with -O2 and checks that each function below is a jump to the C function, with
// no call of its own.
#include "hhn.hpp"

extern "C" int hpp_lookup(std::string_view s) { return static_cast<int>(hhn::lookup(s)); }
extern "C" int hpp_lookup16(std::u16string_view s) { return static_cast<int>(hhn::lookup(s)); }
extern "C" int hpp_lookup_lower(std::string_view s) {
  return static_cast<int>(hhn::lookup_lower(s));
}
extern "C" int hpp_lookup16_lower(std::u16string_view s) {
  return static_cast<int>(hhn::lookup_lower(s));
}
extern "C" int hpp_classify(std::string_view s) { return static_cast<int>(hhn::classify(s)); }
extern "C" int hpp_classify16_lower(std::u16string_view s) {
  return static_cast<int>(hhn::classify_lower(s));
}
