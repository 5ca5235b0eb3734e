// The renting kind's Frontier tab and its chart, registered before main(): each policy's mean JCT
// over a budget sweep with the runs marked on it (FrontierChart), for the app's tab, its export,
// the report and `tessera-cli chart --chart frontier`.
#include "chart/rental/FrontierChart.h"

namespace tessera::chart {

namespace {

const ChartRegistration frontierChart({TrainingRentalRun::kKind, "frontier",
                                       [](const RunWords&) { return QStringLiteral("Cost vs JCT frontier"); },
                                       &FrontierChart::build});
const ViewRegistration frontierView({TrainingRentalRun::kKind, "frontier", QStringLiteral("Frontier"),
                                     QStringLiteral("rental/FrontierView.qml"), {"frontier"},
                                     "each policy's mean JCT over a budget sweep, the runs marked on it"});

}  // namespace

}  // namespace tessera::chart
