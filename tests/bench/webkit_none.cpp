/* webkit_none.cpp: findNone, a findHTTPHeaderName that looks nothing up, in a translation unit
   of its own as the others are: the loop's floor for tests/bench/webkit.cpp. */
#include "config.h"
#include "HTTPHeaderNames.h"
#include <wtf/text/StringView.h>

namespace WebCore {
bool findNone(StringView view, HTTPHeaderName& id)
{
    if (view.length() != 1)
        return false;
    id = static_cast<HTTPHeaderName>(0);
    return true;
}
} // namespace WebCore
