#pragma once

#include "SweepMetric.h"
#include "SweepParameter.h"
#include "SweepRun.h"

#include <QColor>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace tessera::views {

// A metric against a numeric parameter over a sweep's runs: one curve per group, and at each
// value of the parameter the mean of the metric over the group's runs there (those differing
// only in what is neither x nor the group: seeds, mostly), with their min and max as a band.
struct SweepCurves {
    struct Point {
        double x = 0;
        double mean = 0;
        double min = 0;
        double max = 0;
        int runs = 0;
    };
    struct Curve {
        QString group;  // the group's value ("" when not grouped)
        QColor color;
        std::vector<Point> points;  // by ascending x
    };
    std::vector<Curve> curves;
    QString xTitle;  // "PWR weight"
    QString yTitle;  // "Power saved at 130 % arrived"
    QString yAxis;   // "Power saved at 130 %": the y axis's words (a panel's height is short)
    QString yUnit;   // "kW"
    bool yFromZero = false;  // SweepMetric::fromZero
    int maxRuns = 0;   // the most runs behind one point
    // The parameters (besides x, the group and the seed) whose values differ among the runs behind
    // one point, by title: a mean over them would pool runs of other policies or inputs as if
    // they were seeds (a plain `bestfit` has PWR weight 0 beside `fgd:1000`). The chart then
    // plots nothing and asks for a group or a filter.
    QStringList pooled;

    // What the line is, and the band when it is drawn: "line: mean over the 10 runs at each
    // PWR weight (seeds); band: min–max", or "one run at each PWR weight".
    QString note(bool band) const;

    // `rows` are indices into `runs` (the browser's filtered runs); `group` nothing for one curve.
    // Runs without a value of the metric (no baseline) are left out. `others`: the parameters
    // that vary across the sweep besides x, the group and the seed (checked for `pooled`).
    static SweepCurves compute(const std::vector<SweepRun>& runs, const std::vector<size_t>& rows,
                               const SweepParameter& x, const std::optional<SweepParameter>& group,
                               const QStringList& groupOrder, const SweepMetric& metric, double arrived,
                               const QStringList& studyNames, const std::vector<SweepParameter>& others = {});
};

}  // namespace tessera::views
