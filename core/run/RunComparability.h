#pragma once

#include "run/Run.h"

#include <optional>
#include <string>

namespace tessera {

// Why runs `a` and `b` cannot be compared, or nothing. A comparison draws both runs on one x
// axis, subtracts one's metrics from the other's and lines up their summaries: that means
// something only between runs of one kind (a pod run's x is arrived %, a rental run's hours;
// they share no metric). The one rule of every place that pairs runs: the compare table, the
// difference charts, the exports and the app's "vs" and Compare.
std::optional<std::string> comparisonProblem(const Run& a, const Run& b);

// Whether compare and the report list the summary figures (Run::summary) of runs of `kind` (a
// RunInfo::kind) before their metrics over time: the kind decides (RunKind::summaryFirst). False
// for a kind this build does not know.
bool summaryFirst(const std::string& kind);

}  // namespace tessera
