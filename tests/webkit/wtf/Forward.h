/* Forward.h: a stand-in of WTF's wtf/Forward.h with what HTTPHeaderNames.h uses of it, for the
   tests of hhn-gen --webkit's files without WebKit (tests/targets/webkit.sh). */
#ifndef HHN_TEST_WTF_FORWARD_H
#define HHN_TEST_WTF_FORWARD_H

#include <cstddef>

#define WEBCORE_EXPORT

namespace WTF {
class StringView;
template <typename E> struct EnumTraits;
template <typename E, E...> struct EnumValues {};
} // namespace WTF

using WTF::StringView;

#endif
