#pragma once

#include "SweepRun.h"

#include <QString>

#include <optional>
#include <vector>

namespace tessera::views {

// A figure of one run of a sweep, read from its grid CSV row at one arrived-workload point
// (contracts.md 3.1): what the table lists and the chart plots against a parameter.
class SweepMetric {
public:
    enum class Kind { Allocation, Power, PowerSaved, PowerSavedShare, FragRate, FragOfTotal, FailedPods };

    explicit SweepMetric(Kind kind) : kind_(kind) {}

    QString id() const;
    QString title() const;  // "Power saved"
    QString unit() const;   // "kW", "%", "pods"
    int decimals() const;
    // Whether its axis starts at 0: a difference from the baseline (power saved, whose 0 is
    // "as much as the baseline") and a count (failed pods) read against 0.
    bool fromZero() const;
    // The value of `runs[index]` at `arrived` % (its grid point there, else the last before).
    // Power saved is the baseline's power minus the run's (kW; % of the baseline's), the
    // baseline being the same study's and seed's run of the sweep's first policy
    // (SweepRun::baseline): positive when the run draws less. Nothing without a baseline.
    std::optional<double> value(const std::vector<SweepRun>& runs, size_t index, double arrived) const;

    static const std::vector<SweepMetric>& all();

private:
    std::optional<double> rawValue(const std::vector<SweepRun>& runs, size_t index, double arrived) const;

    Kind kind_;
};

}  // namespace tessera::views
