// The renting kind's speedup curves (SpeedupChart), registered before main(): the chart under the
// width inspector's table and what its tab exports, a panel per run in the report, and
// `tessera-cli chart speedup` (a view without a tab of its own, as the Gantt).
#include "chart/rental/SpeedupChart.h"
#include "training/rental-kind/TrainingRentalRun.h"

namespace tessera::chart {

namespace {

const ChartRegistration speedupChart({.kind = TrainingRentalRun::kKind,
                                      .id = "speedup",
                                      .title = [](const RunWords&) { return QStringLiteral("Speedup curves and widths"); },
                                      .build = &SpeedupChart::build,
                                      .perRun = true,
                                      .inspector = true});
const ViewRegistration speedupView({TrainingRentalRun::kKind, "speedup", QStringLiteral("Speedup curves"), QString(),
                                    {"speedup"},
                                    "each job type's speedup against its width, the width the run gave it marked, "
                                    "the span holder's bound (the width inspector's chart)"});

}  // namespace

}  // namespace tessera::chart
