#pragma once

#include "run/MetricSeries.h"

#include <QString>

namespace tessera::chart {

// How a metric's value is written wherever it is shown (compare table, report, headers):
// counts as integers, everything else with two decimals, and a difference with its sign, where
// a difference that rounds to zero is "0" and has no sign, so it is never marked as a change.
class MetricText {
public:
    static int decimals(const MetricInfo& info) { return info.count ? 0 : 2; }
    static QString value(const MetricInfo& info, double v);
    static QString delta(const MetricInfo& info, double d);
    // -1, 0 or +1: the sign of `d` as written by delta(), so zero means "written as zero".
    static int deltaSign(const MetricInfo& info, double d);
};

}  // namespace tessera::chart
