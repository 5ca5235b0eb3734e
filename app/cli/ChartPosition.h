#pragma once

#include "run/Run.h"

#include <QString>

#include <cstddef>
#include <string>

namespace tessera::cli {

// Where `tessera-cli chart` draws a chart that shows one moment of a run (the occupancy grid),
// and why there when the user did not say.
struct ChartPosition {
    size_t position = 0;
    QString note;  // for the title when chosen for the user; empty when the user chose it

    // `--at`: a step number in the run's own words (a round, a decision, a minute: 0 to
    // steps()), or a point of the x axis with its unit ("120h", "75%"), the first step that
    // reaches it. Throws UsageError naming --at, the run's range and the unit it takes.
    static ChartPosition parse(const std::string& text, const Run& run);
    // The last step at which some cell is in use (LastInUse, the app's cursor after a run too).
    // Said in the title.
    static ChartPosition lastInUse(const Run& run);
};

}  // namespace tessera::cli
