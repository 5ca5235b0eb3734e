#include "inference/RequestSimulator.h"

#include "inference/ClassRequestSimulation.h"
#include "sim/BatchRunner.h"

#include <cmath>
#include <functional>
#include <stdexcept>

#include <fmt/format.h>

namespace tessera {

namespace {

constexpr size_t kMaxIntervals = 10'000'000;
constexpr uint32_t kMaxBatch = 1u << 20;
constexpr uint32_t kMaxProcs = 1024;

template <typename... Args>
void require(bool ok, fmt::format_string<Args...> what, Args&&... args)
{
    if (!ok)
        throw std::invalid_argument("request simulation: " + fmt::format(what, std::forward<Args>(args)...));
}

void validate(const std::vector<ServingClass>& classes, const std::vector<ServingEpoch>& epochs, size_t serviceCount,
              double durationS, double intervalS)
{
    require(std::isfinite(durationS) && durationS > 0, "the duration must be above 0 (got {})", durationS);
    require(std::isfinite(intervalS) && intervalS > 0, "the interval must be above 0 (got {})", intervalS);
    require(durationS / intervalS <= double(kMaxIntervals), "more than {} intervals", kMaxIntervals);
    for (size_t c = 0; c < classes.size(); ++c) {
        const ServingClass& k = classes[c];
        require(k.service < serviceCount, "class {}: service {} of {}", c, k.service, serviceCount);
        require(std::isfinite(k.sloS) && k.sloS > 0, "class {}: the SLO must be above 0 (got {})", c, k.sloS);
        for (size_t i = 0; i < k.rates.size(); ++i) {
            require(std::isfinite(k.rates[i].fromS) && k.rates[i].fromS >= 0
                        && (i == 0 || k.rates[i].fromS > k.rates[i - 1].fromS),
                    "class {}: rate point {} starts at {}: the points start at 0 or later, ascending", c, i,
                    k.rates[i].fromS);
            require(std::isfinite(k.rates[i].rateRps) && k.rates[i].rateRps >= 0,
                    "class {}: rate point {}: a rate must be from 0 (got {})", c, i, k.rates[i].rateRps);
        }
    }
    for (size_t e = 0; e < epochs.size(); ++e) {
        require(std::isfinite(epochs[e].fromS) && epochs[e].fromS >= 0 && (e == 0 || epochs[e].fromS > epochs[e - 1].fromS),
                "epoch {} starts at {}: epochs start at 0 or later, ascending", e, epochs[e].fromS);
        for (size_t i = 0; i < epochs[e].replicas.size(); ++i) {
            const ServingReplica& r = epochs[e].replicas[i];
            require(r.classId < classes.size(), "epoch {} replica {}: class {} of {}", e, i, r.classId, classes.size());
            require(r.batch >= 1 && r.batch <= kMaxBatch, "epoch {} replica {}: batch {} (1 to {})", e, i, r.batch,
                    kMaxBatch);
            require(r.procs >= 1 && r.procs <= kMaxProcs, "epoch {} replica {}: {} processes (1 to {})", e, i, r.procs,
                    kMaxProcs);
            require(std::isfinite(r.batchLatencyS) && r.batchLatencyS > 0,
                    "epoch {} replica {}: the batch latency must be above 0 (got {})", e, i, r.batchLatencyS);
            require(std::isfinite(r.availableFromS), "epoch {} replica {}: availableFromS {}", e, i, r.availableFromS);
        }
    }
}

IntervalGrid makeGrid(double durationS, double intervalS)
{
    IntervalGrid grid;
    grid.durationS = durationS;
    grid.intervalS = intervalS;
    for (size_t k = 0; double(k) * intervalS < durationS; ++k)
        grid.starts.push_back(double(k) * intervalS);
    return grid;
}

// Adds interval k's latencies of every listed class to `histograms`.
void addBins(const std::vector<ClassOutcome>& outcomes, const std::vector<size_t>& classes, size_t k,
             std::initializer_list<DenseLatencyHistogram*> histograms)
{
    for (size_t c : classes) {
        const ClassOutcome& o = outcomes[c];
        for (size_t i = o.binOffsets[k]; i < o.binOffsets[k + 1]; ++i)
            for (DenseLatencyHistogram* h : histograms)
                h->add(o.bins[i].bin, o.bins[i].count);
    }
}

void setPercentiles(RequestStats& stats, const DenseLatencyHistogram& histogram)
{
    stats.p50Ms = histogram.percentileMs(stats.completed, 0.50);
    stats.p99Ms = histogram.percentileMs(stats.completed, 0.99);
}

void accumulate(RequestStats& into, const RequestStats& from)
{
    into.arrived += from.arrived;
    into.completed += from.completed;
    into.withinSlo += from.withinSlo;
}

// Per-interval and whole-run statistics of the classes `members` (one service, or all).
void summarise(const std::vector<ClassOutcome>& outcomes, const std::vector<size_t>& members, const IntervalGrid& grid,
               const std::function<RequestStats&(size_t)>& intervalStats, RequestStats& total)
{
    DenseLatencyHistogram interval, whole;
    uint64_t arrived = 0, completed = 0;
    for (size_t k = 0; k < grid.starts.size(); ++k) {
        RequestStats& stats = intervalStats(k);
        for (size_t c : members) {
            stats.arrived += outcomes[c].arrived[k];
            stats.completed += outcomes[c].completed[k];
            stats.withinSlo += outcomes[c].withinSlo[k];
        }
        arrived += stats.arrived;
        completed += stats.completed;
        stats.pending = arrived - completed;
        const double end = k + 1 < grid.starts.size() ? grid.starts[k + 1] : grid.durationS;
        stats.servedRps = double(stats.completed) / (end - grid.starts[k]);
        addBins(outcomes, members, k, {&interval, &whole});
        setPercentiles(stats, interval);
        interval.clear();
        accumulate(total, stats);
    }
    total.pending = total.arrived - total.completed;
    total.servedRps = double(total.completed) / grid.durationS;
    setPercentiles(total, whole);
}

}  // namespace

RequestSimulationResult simulateRequests(const std::vector<ServingClass>& classes,
                                         const std::vector<ServingEpoch>& epochs, size_t serviceCount,
                                         double durationS, double intervalS, uint64_t seed, unsigned threads)
{
    validate(classes, epochs, serviceCount, durationS, intervalS);
    const IntervalGrid grid = makeGrid(durationS, intervalS);

    // Each class's replicas per epoch, and where each one's busy time goes in the result.
    std::vector<std::vector<ClassEpochPlan>> plans(classes.size(), std::vector<ClassEpochPlan>(epochs.size()));
    std::vector<std::vector<std::pair<size_t, size_t>>> busyTarget(classes.size());
    RequestSimulationResult result;
    result.busyS.resize(epochs.size());
    for (size_t e = 0; e < epochs.size(); ++e) {
        for (auto& plan : plans)
            plan[e].fromS = epochs[e].fromS;
        result.busyS[e].assign(epochs[e].replicas.size(), 0.0);
    }
    for (size_t c = 0; c < classes.size(); ++c)
        for (size_t e = 0; e < epochs.size(); ++e)
            for (size_t i = 0; i < epochs[e].replicas.size(); ++i)
                if (epochs[e].replicas[i].classId == c) {
                    plans[c][e].replicas.push_back(epochs[e].replicas[i]);
                    busyTarget[c].emplace_back(e, i);
                }

    std::vector<ClassOutcome> outcomes(classes.size());
    BatchRunner::run(classes.size(), threads, [&](size_t c) {
        outcomes[c] = simulateClass(classes[c], plans[c], grid, seed, uint32_t(c));
    });

    for (size_t c = 0; c < classes.size(); ++c)
        for (size_t i = 0; i < busyTarget[c].size(); ++i) {
            const auto [e, r] = busyTarget[c][i];
            result.busyS[e][r] = outcomes[c].busyS[i] / double(epochs[e].replicas[r].procs);
        }

    result.intervals.resize(grid.starts.size());
    for (size_t k = 0; k < grid.starts.size(); ++k) {
        result.intervals[k].fromS = grid.starts[k];
        result.intervals[k].toS = k + 1 < grid.starts.size() ? grid.starts[k + 1] : durationS;
        result.intervals[k].services.resize(serviceCount);
    }
    result.totalServices.resize(serviceCount);
    std::vector<std::vector<size_t>> classesOf(serviceCount);
    std::vector<size_t> all;
    for (size_t c = 0; c < classes.size(); ++c) {
        classesOf[classes[c].service].push_back(c);
        all.push_back(c);
    }
    for (size_t s = 0; s < serviceCount; ++s)
        summarise(outcomes, classesOf[s], grid, [&](size_t k) -> RequestStats& { return result.intervals[k].services[s]; },
                  result.totalServices[s]);
    summarise(outcomes, all, grid, [&](size_t k) -> RequestStats& { return result.intervals[k].overall; }, result.total);
    return result;
}

}  // namespace tessera
