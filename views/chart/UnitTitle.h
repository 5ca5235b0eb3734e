#pragma once

#include <QString>

namespace tessera::chart {

// An axis or column title with its unit: "Power (kW)", "GPU utilisation (%)". A unit the label
// already names is not repeated: a count of jobs titled "Jobs running" is in jobs, so
// "Jobs running (jobs)" would only say it twice; "Preempted jobs", "Failed pods" alike. The
// unit is named when it is one of the label's words, compared without case.
QString unitTitle(const QString& label, const QString& unit);

}  // namespace tessera::chart
