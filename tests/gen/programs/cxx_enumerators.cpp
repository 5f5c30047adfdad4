// cxx_enumerators.cpp: the names Private, Default, 1xx and Errno make P.hpp's enumerators
// private_, default_, _1xx and errno_, beside <cerrno>'s errno macro (check_gen:
// test_gen_cxx_writes_a_header_whose_enumerators_are_never_keywords).
#include <cerrno>

#include "hhn.hpp"

int main() {
  static_assert(hhn::id::private_ == static_cast<hhn::id>(HHN_PRIVATE), "private_");
  return hhn::lookup("PRIVATE") == hhn::id::private_ &&
                 hhn::lookup("default") == hhn::id::default_ &&
                 hhn::lookup(u"1XX") == hhn::id::_1xx &&
                 hhn::lookup_lower("errno") == hhn::id::errno_ &&
                 hhn::name(hhn::id::errno_) == "Errno" && errno == 0
             ? 0
             : 1;
}
