// tessera-bench inference: the request-level simulator's speed (issue 12, item 12).
//
// The scenario is one ParvaGPU SLO row: every model present in the row is one class with the
// row's rate and latency SLO (SLO row 6: 39,342 req/s over 11 models, 11.8 million requests in
// 300 s). The plan is built by hand, not by a planner: every replica runs batches of 8 in 20 ms
// (400 req/s) and each class gets enough of them to stay at or below 80% load.
#include "InferenceBench.h"

#include "inference/RequestSimulator.h"
#include "io/CsvTable.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>

using namespace tessera;

namespace {

constexpr uint32_t kBatch = 8;
constexpr double kBatchLatencyS = 0.020;
constexpr double kMaxLoad = 0.8;

// Row `row` of a ParvaGPU SLO file (no header, N/A for an absent model), values as numbers.
std::vector<std::optional<double>> sloRow(const std::string& path, int row)
{
    LoadWarnings warnings;
    CsvTable::Options options;
    options.hasHeader = false;
    options.expectedFields = 11;
    const CsvTable table = CsvTable::read(path, options, warnings);
    if (row < 1 || size_t(row) > table.rows().size())
        throw std::runtime_error(fmt::format("{} has no row {}", path, row));
    std::vector<std::optional<double>> values;
    for (const std::string& field : table.rows()[size_t(row - 1)].fields) {
        double value = 0;
        const auto [ptr, ec] = std::from_chars(field.data(), field.data() + field.size(), value);
        values.push_back(ec == std::errc() && ptr == field.data() + field.size() ? std::optional(value) : std::nullopt);
    }
    return values;
}

}  // namespace

void benchInference(const std::string& sloDir, int row, double durationS, int repeat, unsigned threads)
{
    const auto dir = std::filesystem::path(sloDir);
    const auto rates = sloRow((dir / "SLO_req_rate.csv").string(), row);
    const auto slos = sloRow((dir / "SLO_latency.csv").string(), row);
    std::vector<ServingClass> classes;
    ServingEpoch epoch;
    double totalRps = 0;
    for (size_t m = 0; m < rates.size(); ++m) {
        if (!rates[m] || !slos[m])
            continue;
        const auto id = uint32_t(classes.size());
        classes.push_back({id, *slos[m] / 1000, {{0, *rates[m]}}});
        totalRps += *rates[m];
        const double replicaRps = kBatch / kBatchLatencyS;
        const auto replicas = uint32_t(std::ceil(*rates[m] / (kMaxLoad * replicaRps)));
        for (uint32_t r = 0; r < replicas; ++r)
            epoch.replicas.push_back({id, kBatch, 1, kBatchLatencyS, 0, uint32_t(epoch.replicas.size())});
    }

    std::vector<double> times;
    RequestSimulationResult result;
    for (int i = 0; i < std::max(1, repeat); ++i) {
        const auto start = std::chrono::steady_clock::now();
        result = simulateRequests(classes, {epoch}, classes.size(), durationS, 60, 42, threads);
        times.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(times.begin(), times.end());
    const double median = times[times.size() / 2];
    const auto requests = result.total.arrived;
    fmt::print("inference slo_row={} classes={} replicas={} rate_rps={:.0f} duration_s={:.0f} threads={} requests={} "
               "median_s={:.3f} min_s={:.3f} max_s={:.3f} requests_per_s={:.2f}M slo_attainment_pct={:.2f} p99_ms={:.1f}\n",
               row, classes.size(), epoch.replicas.size(), totalRps, durationS, threads, requests, median, times.front(),
               times.back(), double(requests) / median / 1e6,
               100.0 * double(result.total.withinSlo) / double(std::max<uint64_t>(1, result.total.completed)),
               result.total.p99Ms);
}
