/* Forward.h: a stand-in of WTF's wtf/Forward.h with what HTTPHeaderNames.h uses of it, for the
   tests of hhn-gen --webkit's and --bun's files without WebKit (tests/targets/webkit.sh,
   tests/targets/bun.sh): WebKit's Forward.h gives its headers the fixed-width types too. */
#ifndef HHN_TEST_WTF_FORWARD_H
#define HHN_TEST_WTF_FORWARD_H

#include <cstddef>
#include <cstdint>

#define WEBCORE_EXPORT

namespace WTF {
class String;
class StringView;
template <typename E> struct EnumTraits;
template <typename E, E...> struct EnumValues {};
} // namespace WTF

using WTF::StringView;

#endif
