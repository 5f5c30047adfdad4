/* webkit.cpp: findHTTPHeaderName as WebKit calls it, across a translation unit, through a
   StringView (tests/webkit's stand-in), in three builds of the same list: hhn's (hhn-gen
   --webkit), gperf's with WebKit's options (--key-positions='*' -D -n -s 2; findStar) and
   gperf's with its own key positions (-D -s 2; findOwn), and no lookup at all (findNone, the
   loop's floor). Each stream file named on the command line (a name a line) is timed as 8-bit
   views and as UTF-16 views, in a loop that branches on the answer, each way once a round,
   rounds interleaved; printed: the median time a name of each way less the floor, and each
   gperf way's against hhn's; exits 1 if the ways' answers differ. With --check first, one round
   (make check-bench). make bench-webkit builds and runs it (tests/bench/bench.mk). */
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "config.h"
#include "HTTPHeaderNames.h"
#include <wtf/text/StringView.h>

using WebCore::HTTPHeaderName;

namespace WebCore {
bool findStar(StringView, HTTPHeaderName&);
bool findOwn(StringView, HTTPHeaderName&);
bool findNone(StringView, HTTPHeaderName&);
} // namespace WebCore

using Find = bool (*)(StringView, HTTPHeaderName&);

static const struct {
    const char* name;
    Find find;
} ways[] = { { "hhn", WebCore::findHTTPHeaderName }, { "gperf *", WebCore::findStar },
    { "gperf own", WebCore::findOwn }, { "none", WebCore::findNone } };
static const int wayCount = sizeof ways / sizeof ways[0];

// The loop a caller runs: a known name's id kept, an unknown one counted.
static unsigned long run(Find find, const std::vector<StringView>& views)
{
    unsigned long sum = 0;
    for (const StringView& view : views) {
        HTTPHeaderName id;
        if (find(view, id))
            sum += static_cast<unsigned>(id);
        else
            sum += 1000;
    }
    return sum;
}

static double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

// Times the ways over views; prints a row of label.
static void timeStream(const char* label, const std::vector<StringView>& views, int rounds)
{
    std::vector<double> ns[wayCount];
    unsigned long answers[wayCount] = {};
    for (int r = 0; r < rounds; r++) {
        for (int w = 0; w < wayCount; w++) {
            auto start = std::chrono::steady_clock::now();
            answers[w] = run(ways[w].find, views);
            std::chrono::duration<double, std::nano> took = std::chrono::steady_clock::now() - start;
            ns[w].push_back(took.count() / static_cast<double>(views.size()));
        }
    }
    if (answers[0] != answers[1] || answers[0] != answers[2]) {
        std::printf("webkit: %s: the ways disagree (%lu, %lu, %lu)\n", label, answers[0], answers[1], answers[2]);
        std::exit(1);
    }
    double floor = median(ns[wayCount - 1]), hhn = median(ns[0]) - floor;
    std::printf("%-20s %8.2f", label, hhn);
    for (int w = 1; w + 1 < wayCount; w++) {
        double t = median(ns[w]) - floor;
        std::printf(" %10.2f (hhn %.2fx)", t, hhn / t);
    }
    std::printf(" %8.2f\n", floor);
}

int main(int argc, char** argv)
{
    std::printf("%-20s %8s %23s %23s %8s\n", "ns a name, less floor", "hhn", "gperf --key-positions=*",
        "gperf -D -s 2", "floor");
    int rounds = argc > 1 && !std::strcmp(argv[1], "--check") ? 1 : 41; // --check: one round
    for (int a = rounds == 1 ? 2 : 1; a < argc; a++) {
        std::ifstream in(argv[a]);
        std::vector<std::string> names;
        for (std::string line; std::getline(in, line);)
            names.push_back(line);
        std::vector<std::u16string> wide;
        std::vector<StringView> views8, views16;
        for (const std::string& s : names)
            wide.emplace_back(s.begin(), s.end());
        for (size_t i = 0; i < names.size(); i++) {
            views8.emplace_back(std::span<const LChar>(reinterpret_cast<const LChar*>(names[i].data()), names[i].size()));
            views16.emplace_back(std::span<const UChar>(wide[i].data(), wide[i].size()));
        }
        std::string base = argv[a];
        base = base.substr(base.find_last_of('/') + 1);
        timeStream((base + " 8-bit").c_str(), views8, rounds);
        timeStream((base + " UTF-16").c_str(), views16, rounds);
    }
    return 0;
}
