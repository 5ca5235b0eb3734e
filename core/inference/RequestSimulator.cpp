#include "inference/RequestSimulator.h"

#include "inference/ClassRequestSimulation.h"
#include "sim/BatchRunner.h"

#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

namespace tessera {

namespace {

constexpr size_t kMaxIntervals = 10'000'000;
constexpr uint32_t kMaxBatch = 1u << 20;
constexpr uint32_t kMaxProcs = 1024;
// Intervals simulated before their latencies are summarised and freed (memory against threads'
// start-up: a block of 16 one-minute intervals is about a million requests at 1,000 req/s).
constexpr size_t kIntervalsPerBlock = 16;

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
        for (size_t i = 0; i < k.sloChanges.size(); ++i) {
            const SloChange& change = k.sloChanges[i];
            require(std::isfinite(change.fromS) && change.fromS > 0
                        && (i == 0 || change.fromS > k.sloChanges[i - 1].fromS),
                    "class {}: SLO change {} at {}: the changes start after 0, ascending", c, i, change.fromS);
            require(std::isfinite(change.sloS) && change.sloS > 0, "class {}: SLO change {}: the SLO must be above 0 "
                    "(got {})", c, i, change.sloS);
        }
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

// The statistics of a group of classes (one service, or all of them), interval by interval.
class GroupSummary {
public:
    explicit GroupSummary(std::vector<size_t> members) : members_(std::move(members)) {}

    // Interval k of every member, whose bins are all kept.
    void addInterval(const std::vector<ClassRequestSimulation>& classes, const IntervalGrid& grid, size_t k,
                     RequestStats& stats)
    {
        for (size_t c : members_) {
            const ClassOutcome& o = classes[c].outcome();
            stats.arrived += o.arrived[k];
            stats.completed += o.completed[k];
            stats.withinSlo += o.withinSlo[k];
            for (const LatencyBinCount& b : o.binsOf(k)) {
                interval_.add(b.bin, b.count);
                whole_.add(b.bin, b.count);
            }
        }
        total_.arrived += stats.arrived;
        total_.completed += stats.completed;
        total_.withinSlo += stats.withinSlo;
        stats.pending = total_.arrived - total_.completed;
        const double end = k + 1 < grid.starts.size() ? grid.starts[k + 1] : grid.durationS;
        stats.servedRps = double(stats.completed) / (end - grid.starts[k]);
        setPercentiles(stats, interval_);
        interval_.clear();
    }

    RequestStats total(double durationS) const
    {
        RequestStats t = total_;
        t.pending = t.arrived - t.completed;
        t.servedRps = double(t.completed) / durationS;
        setPercentiles(t, whole_);
        return t;
    }

private:
    static void setPercentiles(RequestStats& stats, const DenseLatencyHistogram& histogram)
    {
        stats.p50Ms = histogram.percentileMs(stats.completed, 0.50);
        stats.p99Ms = histogram.percentileMs(stats.completed, 0.99);
    }

    std::vector<size_t> members_;
    DenseLatencyHistogram interval_, whole_;
    RequestStats total_;
};

}  // namespace

RequestSimulationResult simulateRequests(const std::vector<ServingClass>& classes,
                                         const std::vector<ServingEpoch>& epochs, size_t serviceCount,
                                         double durationS, double intervalS, uint64_t seed, unsigned threads)
{
    validate(classes, epochs, serviceCount, durationS, intervalS);
    const IntervalGrid grid = makeIntervalGrid(durationS, intervalS);

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
    for (size_t e = 0; e < epochs.size(); ++e)
        for (size_t i = 0; i < epochs[e].replicas.size(); ++i) {
            const ServingReplica& r = epochs[e].replicas[i];
            plans[r.classId][e].replicas.push_back(r);
            busyTarget[r.classId].emplace_back(e, i);
        }

    std::vector<ClassRequestSimulation> simulations;
    simulations.reserve(classes.size());
    for (size_t c = 0; c < classes.size(); ++c)
        simulations.emplace_back(classes[c], plans[c], grid, seed, uint32_t(c));

    result.intervals.resize(grid.starts.size());
    for (size_t k = 0; k < grid.starts.size(); ++k) {
        result.intervals[k].fromS = grid.starts[k];
        result.intervals[k].toS = k + 1 < grid.starts.size() ? grid.starts[k + 1] : durationS;
        result.intervals[k].services.resize(serviceCount);
    }
    std::vector<std::vector<size_t>> classesOf(serviceCount);
    std::vector<size_t> all;
    for (size_t c = 0; c < classes.size(); ++c) {
        classesOf[classes[c].service].push_back(c);
        all.push_back(c);
    }
    std::vector<GroupSummary> services(classesOf.begin(), classesOf.end());
    GroupSummary overall(all);

    // Block by block: every class to the block's end (in parallel), then the intervals final in
    // every class are summarised and their bins freed.
    size_t summarised = 0;
    for (size_t block = 0; summarised < grid.starts.size(); block += kIntervalsPerBlock) {
        const size_t last = block + kIntervalsPerBlock;
        const double until = last < grid.starts.size() ? grid.starts[last] : durationS;
        BatchRunner::run(simulations.size(), threads, [&](size_t c) { simulations[c].advance(until); });
        size_t final = until < durationS ? last : grid.starts.size();
        for (const auto& s : simulations)
            final = std::min(final, s.finalIntervals());
        for (; summarised < final; ++summarised) {
            for (size_t s = 0; s < serviceCount; ++s)
                services[s].addInterval(simulations, grid, summarised, result.intervals[summarised].services[s]);
            overall.addInterval(simulations, grid, summarised, result.intervals[summarised].overall);
        }
        for (auto& s : simulations)
            s.dropBinsBefore(summarised);
    }

    for (size_t s = 0; s < serviceCount; ++s)
        result.totalServices.push_back(services[s].total(durationS));
    result.total = overall.total(durationS);
    for (size_t c = 0; c < classes.size(); ++c)
        for (size_t i = 0; i < busyTarget[c].size(); ++i) {
            const auto [e, r] = busyTarget[c][i];
            result.busyS[e][r] = simulations[c].outcome().busyS[i] / double(epochs[e].replicas[r].procs);
        }
    return result;
}

}  // namespace tessera
