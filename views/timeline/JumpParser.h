#pragma once

#include <QString>

#include <optional>

namespace tessera::views {

// What the timeline's jump box reads: a point of the run's x axis written as the axes show it.
// On a time axis (seconds): amounts of d, h, min and s, alone or summed ("130d", "4h",
// "2d 6h", "90 min"), a share of the run's time ("95%"), or a plain number in the unit the axes
// show (days past 2 days, hours past 2 hours: XAxisUnit). On any other axis (arrived %): a
// number, with or without the axis's unit ("95", "95%"). Anything else, or a point outside the
// run, is an error saying what the box accepts.
class JumpParser {
public:
    struct Axis {
        QString unit;  // the run's x unit: "s", "%", ...
        double min = 0;
        double max = 0;
    };
    struct Result {
        std::optional<double> x;  // in the run's x unit
        QString error;             // when there is no x
    };

    static Result parse(const QString& text, const Axis& axis);
    // A short example of what the box accepts on `axis`, for its placeholder.
    static QString hint(const Axis& axis);
    // Examples of what the box accepts on `axis`, each inside the run: "130d, 4h, 95%" on a
    // 200-day replay, "3min, 90s, 95%" on a 5-minute inference run, "65.0%" on an arrived axis.
    static QString examples(const Axis& axis);
    // `x` as the axes show it, e.g. "187.3 d" or "95.00 %".
    static QString shown(const Axis& axis, double x);
};

}  // namespace tessera::views
