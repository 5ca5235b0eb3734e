// tessera-bench-kind: benchmarks any registered run kind through the run-kind registry, the way
// the app drives it, so a new kind is measured without benchmark code of its own.
//   tessera-bench-kind scrub --kind ID --input ROLE=PATH [--input ...] [--policy SPEC]
//                            [--set NAME=VALUE ...] [--seeks 200]
// `scrub` loads the inputs, simulates once, then moves a cursor to seeded random positions and
// reads after each move what one frame of the app's occupancy and slice views reads: every
// cell layer, the per-group values and every group's spans (the 50 ms scrubbing target of
// issues 8 and 12).
#include "BenchStats.h"

#include "run/RunKindRegistry.h"
#include "util/Rng.h"

#include <chrono>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

using namespace tessera;

namespace {

struct Args {
    std::string command, kind;
    std::map<std::string, std::string> inputs;
    RunRequest request;
    int seeks = 200;
};

// "NAME=VALUE" split at its first '='.
std::pair<std::string, std::string> assignment(const std::string& flag, const std::string& text)
{
    const auto eq = text.find('=');
    if (eq == std::string::npos || eq == 0)
        throw std::runtime_error(fmt::format("{} takes NAME=VALUE, not '{}'", flag, text));
    return {text.substr(0, eq), text.substr(eq + 1)};
}

Args parse(int argc, char** argv)
{
    Args a;
    a.command = argc > 1 ? argv[1] : "";
    for (int i = 2; i < argc; ++i) {
        const std::string flag = argv[i];
        if (i + 1 >= argc)
            throw std::runtime_error(flag + " needs a value");
        const std::string value = argv[++i];
        if (flag == "--kind") a.kind = value;
        else if (flag == "--input") a.inputs.insert(assignment(flag, value));
        else if (flag == "--set") a.request.values.insert(assignment(flag, value));
        else if (flag == "--policy") a.request.policy = value;
        else if (flag == "--seeks") a.seeks = std::max(1, std::stoi(value));
        else throw std::runtime_error("unknown option " + flag);
    }
    if (a.command != "scrub" || a.kind.empty())
        throw std::runtime_error("usage: tessera-bench-kind scrub --kind ID --input ROLE=PATH [--policy SPEC] "
                                 "[--set NAME=VALUE] [--seeks N]");
    return a;
}

double millisecondsSince(std::chrono::steady_clock::time_point begin)
{
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - begin).count();
}

void scrub(const Args& a)
{
    const RunKind& kind = RunKindRegistry::kind(a.kind);
    RunRequest request = a.request;
    if (request.policy.empty())
        request.policy = kind.policies().front().spec;
    const auto loadBegin = std::chrono::steady_clock::now();
    LoadWarnings warnings;
    const auto inputs = kind.loadInputs(a.inputs, warnings);
    const double loadMs = millisecondsSince(loadBegin);
    const auto runBegin = std::chrono::steady_clock::now();
    const auto run = kind.simulate(inputs, request);
    const double runMs = millisecondsSince(runBegin);

    const OccupancyLayout& layout = run->layout();
    auto cursor = run->cursor();
    Rng rng(1);
    std::vector<float> values;
    std::vector<OccupancySpan> spans;
    std::vector<double> ms;
    size_t spanCount = 0;
    for (int i = 0; i < a.seeks; ++i) {
        const size_t position = size_t(rng.below(run->steps() + 1));
        const auto begin = std::chrono::steady_clock::now();
        cursor->seek(position);
        for (size_t layer = 0; layer < layout.layers.size(); ++layer)
            cursor->cellLayer(layer, values);
        cursor->groupValues(values);
        if (layout.hasSpans())
            for (uint32_t group = 0; group < layout.groups.size(); ++group) {
                cursor->spans(group, spans);
                spanCount += spans.size();
            }
        ms.push_back(millisecondsSince(begin));
    }
    fmt::print("scrub kind={} policy={} groups={} cells={} layers={} steps={} load_s={:.2f} run_s={:.2f} seeks={} "
               "spans_per_frame={:.0f} median_ms={:.2f} p95_ms={:.2f} max_ms={:.2f} peak_rss_mb={:.1f}\n",
               a.kind, request.policy, layout.groups.size(), layout.cellCount, layout.layers.size(), run->steps(),
               loadMs / 1000, runMs / 1000, a.seeks, double(spanCount) / a.seeks, bench::percentile(ms, 0.5),
               bench::percentile(ms, 0.95), bench::percentile(ms, 1.0), bench::peakRssMb());
}

}  // namespace

int main(int argc, char** argv)
{
    try {
        scrub(parse(argc, argv));
    } catch (const std::exception& e) {
        fmt::print(stderr, "error: {}\n", e.what());
        return 1;
    }
    return 0;
}
