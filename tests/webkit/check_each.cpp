/* check_each.cpp: the test of hhn-gen --bun's PEach.h beside its P.h and P.cpp: the count and the
   order of HTTP_HEADERS_EACH_NAME are the enum's (static_assert, as Bun asserts them), and each
   of its names is what findHTTPHeaderName finds for its enumerator and, in lowercase, what
   httpHeaderNameString spells. With BUN_LIST, Bun's own invariants of its list too: its anchors
   and its count. Prints "N names"; exits 1 at the first wrong one. */
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <iterator>

#include "config.h"
#include TABLE_EACH_HEADER
#include <wtf/text/StringView.h>

using WebCore::HTTPHeaderName;

namespace {

struct Entry {
    const char* name;
    HTTPHeaderName id;
};

#define HHN_TEST_ENTRY(literal, name) { literal, HTTPHeaderName::name },
constexpr Entry entries[] = { HTTP_HEADERS_EACH_NAME(HHN_TEST_ENTRY) };

constexpr bool inEnumOrder()
{
    for (std::size_t i = 0; i < std::size(entries); i++) {
        if (static_cast<std::size_t>(entries[i].id) != i)
            return false;
    }
    return true;
}

static_assert(std::size(entries) == WebCore::numHTTPHeaderNames, "a name a enumerator");
static_assert(inEnumOrder(), "the macro's names in the enum's order");

#if defined BUN_LIST
static_assert(WebCore::numHTTPHeaderNames == 94, "Bun's 94 names");
static_assert(static_cast<int>(HTTPHeaderName::Accept) == 0, "Bun's first");
static_assert(static_cast<int>(HTTPHeaderName::ContentType) == 25, "Bun's anchor");
static_assert(static_cast<int>(HTTPHeaderName::SetCookie) == 75, "Bun's anchor");
static_assert(static_cast<int>(HTTPHeaderName::XXSSProtection) == 93, "Bun's last");
static_assert(sizeof(HTTPHeaderName) == 1, "Bun's enum of one byte");
#endif

} // namespace

int main()
{
    for (const Entry& e : entries) {
        std::size_t n = std::strlen(e.name);
        HTTPHeaderName found;
        StringView view(reinterpret_cast<const LChar*>(e.name), static_cast<unsigned>(n));
        if (!WebCore::findHTTPHeaderName(view, found) || found != e.id) {
            std::printf("FAIL: %s is not its enumerator's name\n", e.name);
            return 1;
        }
        StringView spelledView = WebCore::httpHeaderNameString(e.id);
        const LChar* spelled = spelledView.characters8();
        bool same = spelledView.length() == n;
        for (std::size_t i = 0; same && i < n; i++) {
            char c = static_cast<char>(spelled[i]);
            same = (c >= 'A' && c <= 'Z' ? c + 32 : c) == e.name[i];
        }
        if (!same) {
            std::printf("FAIL: %s is not httpHeaderNameString's in lowercase\n", e.name);
            return 1;
        }
    }
    std::printf("%zu names\n", std::size(entries));
    return 0;
}
