/* webkit.cpp: findHTTPHeaderName as WebKit calls it, across a translation unit, through a
   StringView (tests/webkit's stand-in), in four builds of the same list: hhn's (hhn-gen
   --webkit), gperf's with WebKit's options (--key-positions='*' -D -n -s 2; findStar), gperf's
   with its own key positions (-D -s 2; findOwn), the same comparing the length first, then the
   bytes by a fold loop (-D -s 2 -l; findOwnL), and no lookup at all (findNone, the loop's
   floor). Each stream file named on the command line (a name a line) is timed as 8-bit views
   and as UTF-16 views, in a loop that branches on the answer, each way once a round, rounds
   interleaved (tests/bench/core.h's schedule, reader and table); printed: the median time a
   name of each way less the floor, and hhn's over each gperf way's; exits 1 if the ways'
   answers differ. With --check first, one round (make check-bench); with --instr, one way once
   (tests/bench/instr-webkit.sh). make bench-webkit builds and runs it (tests/bench/bench.mk). */
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "config.h"
#include "HTTPHeaderNames.h"
#include "core.h"
#include <wtf/text/StringView.h>

using WebCore::HTTPHeaderName;

namespace WebCore {
bool findStar(StringView, HTTPHeaderName&);
bool findOwn(StringView, HTTPHeaderName&);
bool findOwnL(StringView, HTTPHeaderName&);
bool findNone(StringView, HTTPHeaderName&);
} // namespace WebCore

using Find = bool (*)(StringView, HTTPHeaderName&);

static const struct {
    const char* name;
    Find find;
} ways[] = { { "hhn", WebCore::findHTTPHeaderName }, { "gperf *", WebCore::findStar },
    { "gperf own", WebCore::findOwn }, { "gperf own -l", WebCore::findOwnL },
    { "none", WebCore::findNone } };
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

// One stream's views, and each way's answers, for bench_interleave.
struct Timed {
    const std::vector<StringView>* views;
    unsigned long answers[wayCount];
};

// Runs way w's loop once over the views: the ns a name, by the steady clock.
static double runWay(void* context, int w)
{
    Timed* timed = static_cast<Timed*>(context);
    auto start = std::chrono::steady_clock::now();
    timed->answers[w] = run(ways[w].find, *timed->views);
    std::chrono::duration<double, std::nano> took = std::chrono::steady_clock::now() - start;
    return took.count() / static_cast<double>(timed->views->size());
}

// Times the ways over views (tests/bench/core.c's schedule); prints a row of label.
static void timeStream(const std::string& label, const std::vector<StringView>& views, int rounds)
{
    Timed timed = { &views, {} };
    std::vector<double> ns(static_cast<size_t>(rounds) * wayCount);
    bench_interleave(runWay, &timed, wayCount, rounds, ns.data());
    for (int w = 1; w + 1 < wayCount; w++)
        if (timed.answers[w] != timed.answers[0]) {
            std::printf("webkit: %s: %s disagrees with hhn (%lu, %lu)\n", label.c_str(), ways[w].name,
                timed.answers[w], timed.answers[0]);
            std::exit(1);
        }
    double floor = bench_median(ns.data(), wayCount, rounds, wayCount - 1);
    double hhn = bench_median(ns.data(), wayCount, rounds, 0) - floor;
    bench_cell(label.c_str());
    bench_cell_ns(hhn);
    for (int w = 1; w + 1 < wayCount; w++) {
        double t = bench_median(ns.data(), wayCount, rounds, w) - floor;
        bench_cell_ns(t);
        bench_cell_ratio(hhn / t);
    }
    bench_cell_ns(floor);
    bench_end_row();
}

// --instr WAY WIDTH FILE: runs way WAY (hhn, star, own, ownl, none) once over FILE's names as WIDTH
// (8 or 16) views, for tests/bench/instr-webkit.sh's count; prints "N lookups".
static int instrOnce(char** argv)
{
    static const char* const names[] = { "hhn", "star", "own", "ownl", "none" };
    int w = 0;
    while (w < wayCount && std::strcmp(argv[2], names[w]))
        w++;
    bench_stream stream;
    if (w == wayCount || bench_stream_read(&stream, argv[4], BENCH_AS_SENT) != 0)
        return 2;
    std::vector<std::u16string> wide;
    std::vector<StringView> views;
    for (size_t i = 0; i < stream.count; i++)
        wide.emplace_back(stream.fields[i].name, stream.fields[i].name + stream.fields[i].nlen);
    for (size_t i = 0; i < stream.count; i++) {
        if (!std::strcmp(argv[3], "16"))
            views.emplace_back(wide[i].data(), static_cast<unsigned>(wide[i].size()));
        else
            views.emplace_back(reinterpret_cast<const LChar*>(stream.fields[i].name), static_cast<unsigned>(stream.fields[i].nlen));
    }
    std::printf("%lu sum, %zu lookups\n", run(ways[w].find, views), views.size());
    bench_stream_free(&stream);
    return 0;
}

int main(int argc, char** argv)
{
    if (argc == 5 && !std::strcmp(argv[1], "--instr"))
        return instrOnce(argv);
    static const char* const columns[] = { "stream: ns a name, less the floor", "hhn",
        "gperf --key-positions=*", "hhn / it", "gperf -D -s 2", "hhn / it", "gperf -D -s 2 -l", "hhn / it",
        "floor" };
    int rounds = argc > 1 && !std::strcmp(argv[1], "--check") ? 1 : 41; // --check: one round
    bench_header(columns, sizeof columns / sizeof columns[0]);
    for (int a = rounds == 1 ? 2 : 1; a < argc; a++) {
        bench_stream stream;
        if (bench_stream_read(&stream, argv[a], BENCH_AS_SENT) != 0) {
            std::fprintf(stderr, "webkit: cannot read %s\n", argv[a]);
            return 2;
        }
        std::vector<std::u16string> wide;
        std::vector<StringView> views8, views16;
        for (size_t i = 0; i < stream.count; i++)
            wide.emplace_back(stream.fields[i].name, stream.fields[i].name + stream.fields[i].nlen);
        for (size_t i = 0; i < stream.count; i++) {
            views8.emplace_back(std::span<const LChar>(reinterpret_cast<const LChar*>(stream.fields[i].name), stream.fields[i].nlen));
            views16.emplace_back(std::span<const UChar>(wide[i].data(), wide[i].size()));
        }
        std::string base = argv[a];
        base = base.substr(base.find_last_of('/') + 1);
        timeStream(base + " 8-bit", views8, rounds);
        timeStream(base + " UTF-16", views16, rounds);
        bench_stream_free(&stream);
    }
    return 0;
}
