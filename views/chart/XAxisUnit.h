#pragma once

#include <QString>

namespace tessera::chart {

// The unit a run's x axis is shown in: simulated time reads badly in seconds past a few hours,
// so a span over 2 hours is shown in hours and one over 2 days in days; other units (arrived %)
// stay. The exported charts (RunChartFrame), the app's charts and heatmap (ChartPlans) and the
// timeline's jump box all ask here, so that they all say the same unit.
struct XAxisUnit {
    QString unit;          // "d", "h", "s", "%", ...
    double perUnit = 1.0;  // base units (seconds) in one shown unit: 86400 for days

    // For an axis in `baseUnit` spanning `span` base units.
    static XAxisUnit forSpan(const QString& baseUnit, double span);
    // "43.9–110.5 %": the range [lo, hi] (in base units) in this unit, one decimal, with the
    // unit, so a range quoted outside an axis (the zoom button) still says what it counts.
    QString rangeText(double lo, double hi) const;
};

}  // namespace tessera::chart
