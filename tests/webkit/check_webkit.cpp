/* check_webkit.cpp: the test of hhn-gen --webkit's files, against gperf's table made from the
   P.gperf beside them and a reference of its own: findHTTPHeaderName and httpHeaderNameString
   of P.cpp (hhn's) and of gperf's P.cpp, built with their names changed by -D (gperfFind,
   gperfString), asked the same inputs as 8-bit and UTF-16 views: every name in four spellings,
   each byte changed (+1, -1, ^0x20, ^0x80, to NUL), one byte more and less, 16-bit units over
   0xFF whose low byte spells the name's, and random strings. Prints the names, one a line, in
   the order of the ids (for tests/targets/webkit.sh's check of the order), then "N checks";
   exits 1 at the first wrong answer. */
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "config.h"
#include TABLE_HEADER
#include <wtf/text/StringView.h>

namespace WebCore {
bool gperfFind(StringView, HTTPHeaderName&);
StringView gperfString(HTTPHeaderName);
} // namespace WebCore

using WebCore::HTTPHeaderName;

static std::map<std::string, unsigned> known; // each name in lowercase: its id
static unsigned long checks;

static std::string ascii_lower(std::string s)
{
    for (auto& c : s)
        c = c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
    return s;
}

// The reference's answer for the units u: the id, or -1 (a unit over 0x7F is no name's).
static long expected(const std::u16string& u)
{
    std::string s;
    for (char16_t c : u) {
        if (c > 0x7F)
            return -1;
        s += static_cast<char>(c);
    }
    auto it = known.find(ascii_lower(s));
    return it == known.end() ? -1 : static_cast<long>(it->second);
}

static long answer(bool (*find)(StringView, HTTPHeaderName&), StringView view)
{
    HTTPHeaderName id = static_cast<HTTPHeaderName>(0xFFFF);
    bool found = find(view, id);
    if (!found && id != static_cast<HTTPHeaderName>(0xFFFF)) {
        std::fprintf(stderr, "FAIL: a miss wrote its answer\n");
        std::exit(1);
    }
    return found ? static_cast<long>(id) : -1;
}

static void fail(const char* what, const std::u16string& u, long want, long got)
{
    std::fprintf(stderr, "FAIL: %s of", what);
    for (char16_t c : u)
        std::fprintf(stderr, " %04x", static_cast<unsigned>(c));
    std::fprintf(stderr, ": %ld, not %ld\n", got, want);
    std::exit(1);
}

// Asks both tables for the units u, as UTF-16 and, where each fits a byte, as 8-bit.
static void probe(const std::u16string& u)
{
    long want = expected(u);
    bool narrow = true;
    std::vector<LChar> bytes;
    for (char16_t c : u) {
        narrow &= c <= 0xFF;
        bytes.push_back(static_cast<LChar>(c));
    }
    StringView wide { u.data(), static_cast<unsigned>(u.size()) };
    if (answer(WebCore::findHTTPHeaderName, wide) != want)
        fail("hhn's UTF-16 lookup", u, want, answer(WebCore::findHTTPHeaderName, wide));
    if (answer(WebCore::gperfFind, wide) != want)
        fail("gperf's UTF-16 lookup", u, want, answer(WebCore::gperfFind, wide));
    checks += 2;
    if (!narrow)
        return;
    StringView view { bytes.data(), static_cast<unsigned>(bytes.size()) };
    if (answer(WebCore::findHTTPHeaderName, view) != want)
        fail("hhn's 8-bit lookup", u, want, answer(WebCore::findHTTPHeaderName, view));
    if (answer(WebCore::gperfFind, view) != want)
        fail("gperf's 8-bit lookup", u, want, answer(WebCore::gperfFind, view));
    checks += 2;
}

static std::u16string units(const std::string& s)
{
    std::u16string u;
    for (char c : s)
        u += static_cast<char16_t>(static_cast<unsigned char>(c));
    return u;
}

// A name in its spellings, each byte changed, one byte more and less, wide units.
static void probe_name(const std::string& name)
{
    std::string upper = name, lower = ascii_lower(name), mixed = name;
    for (size_t i = 0; i < name.size(); i++) {
        upper[i] = name[i] >= 'a' && name[i] <= 'z' ? static_cast<char>(name[i] - 32) : name[i];
        if (i % 2 && name[i] >= 'a' && name[i] <= 'z')
            mixed[i] = upper[i];
    }
    for (const std::string& s : { name, lower, upper, mixed }) {
        std::u16string u = units(s);
        probe(u);
        for (size_t i = 0; i < u.size(); i++) {
            char16_t was = u[i];
            for (unsigned change : { was + 1u, was - 1u, was ^ 0x20u, was ^ 0x80u, 0u, was | 0x100u,
                     was | 0x4100u, was | 0xFF00u }) {
                u[i] = static_cast<char16_t>(change & 0xFFFF);
                probe(u);
            }
            u[i] = was;
        }
        for (char16_t more : { u'a', u'-', u'\0', u'\x80' })
            probe(u + more), probe(more + u);
        if (!u.empty())
            probe(u.substr(1)), probe(u.substr(0, u.size() - 1));
    }
}

static void probe_random(unsigned long n)
{
    static const char alphabet[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.:";
    std::uint64_t x = 0x9E3779B97F4A7C15u;
    for (unsigned long k = 0; k < n; k++) {
        std::u16string u;
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        size_t len = x % 48;
        for (size_t i = 0; i < len; i++) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            u += static_cast<char16_t>(x % 16 ? alphabet[(x >> 8) % (sizeof alphabet - 1)] : (x >> 8) & 0x1FF);
        }
        probe(u);
    }
}

int main()
{
    std::vector<std::string> names;
    for (unsigned id = 0; id < WebCore::numHTTPHeaderNames; id++) {
        StringView a = WebCore::httpHeaderNameString(static_cast<HTTPHeaderName>(id));
        StringView b = WebCore::gperfString(static_cast<HTTPHeaderName>(id));
        std::string s(reinterpret_cast<const char*>(a.characters8()), a.length());
        if (std::string(reinterpret_cast<const char*>(b.characters8()), b.length()) != s) {
            std::fprintf(stderr, "FAIL: httpHeaderNameString of %u is %s, not gperf's\n", id, s.c_str());
            return 1;
        }
        if (s.size() < WebCore::minHTTPHeaderNameLength || s.size() > WebCore::maxHTTPHeaderNameLength) {
            std::fprintf(stderr, "FAIL: %s is outside the lengths\n", s.c_str());
            return 1;
        }
        names.push_back(s);
        known[ascii_lower(s)] = id;
        std::printf("%s\n", s.c_str());
    }
    for (const std::string& s : names)
        probe_name(s);
    probe(u"");
    probe_random(200000);
    std::printf("%lu checks\n", checks);
    return 0;
}
