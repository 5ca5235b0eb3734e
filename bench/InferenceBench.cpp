// tessera-bench inference: the request-level simulator's speed (issue 12, item 12).
//
// The scenario is one ParvaGPU SLO row: every model present in the row is one class with the
// row's rate and latency SLO (SLO row 6: 39,342 req/s over 11 models, 11.8 million requests in
// 300 s). The plan is built by hand, not by a planner: every replica runs batches of 8 in 20 ms
// (400 req/s) and each class gets enough of them to stay at or below 80% load.
// With --scenario FILE, the classes are a scenario's services (no buckets), with replicas for
// each one's peak rate: e.g. the bundled 24-hour traces/inference/default.csv.
#include "InferenceBench.h"
#include "BenchStats.h"

#include "inference/InferenceScenario.h"
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
constexpr double kIntervalS = 60;

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

// Enough replicas of batch 8 in 20 ms for the class's peak rate at 80% load.
void addReplicas(ServingEpoch& epoch, uint32_t classId, double peakRps)
{
    const auto replicas = uint32_t(std::ceil(peakRps / (kMaxLoad * kBatch / kBatchLatencyS)));
    for (uint32_t r = 0; r < replicas; ++r)
        epoch.replicas.push_back({classId, kBatch, 1, kBatchLatencyS, 0, uint32_t(epoch.replicas.size())});
}

void timeAndPrint(const std::string& what, const std::vector<ServingClass>& classes, const ServingEpoch& epoch,
                  double durationS, double meanRps, int repeat, unsigned threads);

}  // namespace

void benchInferenceScenario(const std::string& path, int repeat, unsigned threads)
{
    const InferenceScenario scenario = loadScenario(path);
    std::vector<ServingClass> classes;
    ServingEpoch epoch;
    double requests = 0;
    for (const auto& service : scenario.services) {
        const auto id = uint32_t(classes.size());
        classes.push_back({id, service.sloMs / 1000, service.rates});
        double peak = 0;
        for (size_t i = 0; i < service.rates.size(); ++i) {
            peak = std::max(peak, service.rates[i].rateRps);
            const double to = i + 1 < service.rates.size() ? service.rates[i + 1].fromS : scenario.durationS;
            requests += service.rates[i].rateRps * (to - service.rates[i].fromS);
        }
        addReplicas(epoch, id, peak);
    }
    timeAndPrint("scenario=" + scenario.name, classes, epoch, scenario.durationS, requests / scenario.durationS,
                 repeat, threads);
}

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
        addReplicas(epoch, id, *rates[m]);
    }
    timeAndPrint(fmt::format("slo_row={}", row), classes, epoch, durationS, totalRps, repeat, threads);
}

namespace {

void timeAndPrint(const std::string& what, const std::vector<ServingClass>& classes, const ServingEpoch& epoch,
                  double durationS, double meanRps, int repeat, unsigned threads)
{

    std::vector<double> times;
    RequestSimulationResult result;
    for (int i = 0; i < std::max(1, repeat); ++i) {
        const auto start = std::chrono::steady_clock::now();
        result = simulateRequests(classes, {epoch}, classes.size(), durationS, kIntervalS, 42, threads);
        times.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(times.begin(), times.end());
    const double median = times[times.size() / 2];
    const auto requests = result.total.arrived;
    fmt::print("inference {} classes={} replicas={} rate_rps={:.0f} duration_s={:.0f} threads={} requests={} "
               "median_s={:.3f} min_s={:.3f} max_s={:.3f} requests_per_s={:.2f}M slo_attainment_pct={:.2f} p99_ms={:.1f} "
               "peak_rss_mb={:.0f}\n",
               what, classes.size(), epoch.replicas.size(), meanRps, durationS, threads, requests, median, times.front(),
               times.back(), double(requests) / median / 1e6,
               100.0 * double(result.total.withinSlo) / double(std::max<uint64_t>(1, result.total.completed)),
               result.total.p99Ms, bench::peakRssMb());
}

}  // namespace
