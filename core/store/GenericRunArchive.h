#pragma once

#include "run/Run.h"
#include "store/StudyStore.h"

#include <cstdint>
#include <memory>
#include <string>

namespace tessera {

// Saves and reopens a run of any kind through the study's generic tables (run_parameters,
// run_metrics, run_metric_values, run_layout_groups, and
// RunDetailArchive's distributions, per-cell values and Gantt bars): what RunArchive uses for a kind that
// registers no archive of its own. The reopened run is a StoredSeriesRun.
class GenericRunArchive {
public:
    static int64_t save(StudyStore& store, const Run& run, const std::string& name);
    // Throws InputError for a damaged or missing run; every value is checked as it is read.
    static std::unique_ptr<Run> load(StudyStore& store, int64_t id, const ProgressCallback& progress = {});
    // Whether run `id` has a metric series in the generic tables.
    static bool holds(StudyStore& store, int64_t id);
};

}  // namespace tessera
