#pragma once

#include "run/Run.h"
#include "store/CellJournal.h"
#include "store/StudyStore.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace tessera {

// What a run's charts draw besides its metric series and layout: the distributions, the
// per-cell values and the Gantt bars of Run, its words, its summary figures, and its occupancy
// layers with how their cells changed over time.
struct RunDetail {
    std::vector<Distribution> distributions;
    std::vector<CellValues> cellValues;
    RunIntervals intervals;
    std::optional<RunWords> words;      // nothing: not kept (an older study)
    std::optional<std::string> unitName;  // OccupancyLayout::unitName; nothing: not kept
    std::vector<OccupancyLayer> layers;  // empty: not kept
    CellJournal journal;                 // one list per layer, or empty: not kept
    std::vector<double> afterEnd;        // Run::afterEnd; empty: nothing past the end, or not kept
    std::vector<RunSummaryValue> summary;  // Run::summary; empty: none, or not kept (before format 6)
};

// Saves and reads a run's RunDetail in a study (format 4: run_distributions,
// run_distribution_values, run_cell_values, run_cell_value_cells, run_interval_names,
// run_intervals, run_interval_subjects, run_interval_subject_spans, run_words,
// run_layout_units, run_layout_layers, run_layout_layer_categories, run_cell_changes; format 5:
// run_after_end and the layers' ramp texts; format 6: run_summary), for every kind saved through the generic tables, so
// that a reopened run's JCT CDF, variability, Gantt, words, occupancy at any position and state
// after its end are the live run's.
class RunDetailArchive {
public:
    // Inside the caller's transaction. Throws std::invalid_argument for a value that is not a
    // finite number (a kind's bug, refused rather than saved).
    static void save(sqlite::Database& db, int64_t id, const Run& run);
    // Empty for a study written before format 4; without afterEnd (and with the default ramp
    // texts) for one written before format 5. Every row is checked as it is read: a missing
    // or out-of-range row is an InputError naming the table, the row and the column.
    static RunDetail load(StudyStore& store, int64_t id, const OccupancyLayout& layout, size_t runSteps,
                          size_t seriesColumns);
};

}  // namespace tessera
