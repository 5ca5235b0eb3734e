#pragma once

// The renting kind's speedup curves (issue 14, item 6: the decision inspector explains a width
// with "per job type its load, speedup curve, chosen width"): s(k) against the width for every
// job type, from the model the run simulated (SpeedupCurve), with the width the run gave each
// type marked on its curve (both widths of a critical mix), the span holder's bound as a line, and
// linear speedup as the reference. Drawn under the width inspector's table and exported from its
// tab, in the report and by `tessera-cli chart speedup`.

#include "chart/ChartRegistry.h"
#include "chart/ChartSpec.h"
#include "training/rental-kind/SpeedupCurve.h"

namespace tessera::chart {

class SpeedupChart {
public:
    // One run's panel; `subtitle` names the run.
    static ChartSpec spec(const std::vector<SpeedupCurve>& curves, const QString& subtitle);
    // The registered builder: a panel per run. Throws ChartNeedsRunInputs for a run reopened from
    // a study, which keeps its metrics, not its speedup models.
    static QList<ChartSpec> build(const ChartRuns& runs, const RunChartOptions& options, const ProgressCallback&);
    // Both axes are logarithmic when a type's widths reach this many GPUs: scaling reads as the
    // distance below the linear diagonal at every width, and 1-4 GPUs are not squeezed into a corner.
    static constexpr double kLogWidths = 8;
};

}  // namespace tessera::chart
