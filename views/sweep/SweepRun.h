#pragma once

#include <QString>

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace tessera::views {

// One grid point of a run's grid CSV row (contracts.md 3.1): the state at `arrived` % of the
// workload arrived. A figure the sweep's grid CSV has no column for is NaN.
struct SweepPoint {
    double arrived = 0;
    double alloc = 0;        // alloc_pct, %
    double fragRate = 0;     // frag_rate_pct, %
    double fragOfTotal = 0;  // frag_of_total_pct, %
    double powerKw = 0;      // power_kw, kW
    double failed = 0;       // failed_pods
};

// One run of a sweep as the browser lists it: what it was run with (its parameters) and its
// grid CSV rows (its summary), never its timeline: that is loaded when the run is opened.
struct SweepRun {
    int source = 0;  // the study it is in, among the browser's
    int64_t runId = 0;
    int64_t runNumber = 0;
    QString trace;   // the pod list's file name (InputGrid's name when two share one)
    QString tracePath;  // and its path, as the run recorded it
    QString nodes;   // the node list's, likewise: a grid over scales varies it
    QString policy;  // canonical spec, e.g. "pwr:50,fgd:950"
    std::vector<std::pair<QString, int64_t>> weights;  // the spec's terms with their weights
    uint64_t seed = 0;
    QString mode;
    std::vector<SweepPoint> points;  // by ascending arrived %
    // The run its power saving is measured against: the same study's and seed's run of the
    // sweep's first policy (run number 0's). Nothing when the sweep has no such run.
    std::optional<size_t> baseline;

    // The weight of term `name`: 0 when the spec leaves it out (a grid's weight 0 drops it).
    int64_t weight(const QString& name) const
    {
        for (const auto& [term, w] : weights)
            if (term == name)
                return w;
        return 0;
    }
    // The point at `arrived` %, else the last one before it, else the first.
    const SweepPoint* pointAt(double arrived) const
    {
        const SweepPoint* found = nullptr;
        for (const SweepPoint& p : points)
            if (p.arrived <= arrived + 1e-9)
                found = &p;
        return found ? found : (points.empty() ? nullptr : &points.front());
    }
};

}  // namespace tessera::views
