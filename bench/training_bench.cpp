// tessera-bench-training: the round-based training scheduler on the Sia-Philly traces (issue 13
// performance targets: one trace across the six placement policies under 2 s; the 8 traces x 6
// policies grid under 10 s).
//   tessera-bench-training --traces DIR --variability DIR [--repeat 5] [--threads 1]
// DIR holds workload-1.csv .. workload-8.csv (pal-sia-philly/philly); the variability folder is
// pal-sia-philly/variability (seed 42, 16 x 4 GPUs, FIFO, R = 360 s, L = 1.7: setup A1).
// Loading and the variability draw happen once, outside the timings, as in the app.
#include "BenchStats.h"

#include "sim/BatchRunner.h"
#include "training/JobFile.h"
#include "training/VariabilityDraw.h"
#include "training/VariabilityProfiles.h"
#include "training/rounds/RoundInputs.h"
#include "training/rounds/RoundSimulation.h"

#include <chrono>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <fmt/format.h>

using namespace tessera;
using namespace tessera::rounds;

namespace {

constexpr RoundPlacement kPlacements[] = {RoundPlacement::Pal,          RoundPlacement::PmFirst,
                                          RoundPlacement::Packed,       RoundPlacement::PackedSticky,
                                          RoundPlacement::Random,       RoundPlacement::RandomSticky};
constexpr size_t kPolicies = std::size(kPlacements);

struct Args {
    std::string traces, variability;
    int repeat = 5;
    unsigned threads = 1;
};

Args parse(int argc, char** argv)
{
    Args a;
    for (int i = 1; i < argc; ++i) {
        const std::string flag = argv[i];
        if (i + 1 >= argc)
            throw std::runtime_error(flag + " needs a value");
        const std::string value = argv[++i];
        if (flag == "--traces") a.traces = value;
        else if (flag == "--variability") a.variability = value;
        else if (flag == "--repeat") a.repeat = std::max(1, std::stoi(value));
        else if (flag == "--threads") a.threads = unsigned(std::max(1, std::stoi(value)));
        else throw std::runtime_error("unknown option " + flag);
    }
    if (a.traces.empty() || a.variability.empty())
        throw std::runtime_error("usage: tessera-bench-training --traces DIR --variability DIR [--repeat N] [--threads N]");
    return a;
}

template <typename F>
std::vector<double> timesSeconds(int repeat, F work)
{
    std::vector<double> times;
    for (int i = 0; i < repeat; ++i) {
        const auto start = std::chrono::steady_clock::now();
        work();
        times.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    return times;
}

double runPolicy(const std::vector<RoundJob>& jobs, const RoundCluster& cluster, size_t policy)
{
    const RoundParameters parameters{360, 1.7, RoundScheduler::Fifo, kPlacements[policy], 42};
    return RoundSimulation(jobs, cluster, parameters).run().summary.meanJctS;
}

}  // namespace

int main(int argc, char** argv)
{
    try {
        const Args a = parse(argc, argv);
        const RoundCluster cluster =
            roundClusterOf(drawVariability(loadVariabilityProfiles(a.variability), 64, 42), 16, 4);
        std::vector<std::vector<RoundJob>> traces;
        for (int w = 1; w <= 8; ++w)
            traces.push_back(roundJobsOf(loadJobs(fmt::format("{}/workload-{}.csv", a.traces, w)).jobs));

        std::vector<double> checksum(traces.size() * kPolicies);
        const auto one = timesSeconds(a.repeat, [&] {
            for (size_t p = 0; p < kPolicies; ++p)
                checksum[p] = runPolicy(traces[0], cluster, p);
        });
        fmt::print("training one_trace=workload-1 jobs={} policies={} threads=1 median_s={:.3f} max_s={:.3f}\n",
                   traces[0].size(), kPolicies, bench::percentile(one, 0.5), bench::percentile(one, 1.0));
        const auto grid = timesSeconds(a.repeat, [&] {
            BatchRunner::run(checksum.size(), a.threads, [&](size_t job) {
                checksum[job] = runPolicy(traces[job / kPolicies], cluster, job % kPolicies);
            });
        });
        fmt::print("training grid traces={} policies={} runs={} threads={} median_s={:.3f} max_s={:.3f} "
                   "peak_rss_mb={:.1f}\n",
                   traces.size(), kPolicies, checksum.size(), a.threads, bench::percentile(grid, 0.5),
                   bench::percentile(grid, 1.0), bench::peakRssMb());
    } catch (const std::exception& e) {
        fmt::print(stderr, "error: {}\n", e.what());
        return 1;
    }
    return 0;
}
