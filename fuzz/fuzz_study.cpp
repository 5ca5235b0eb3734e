// Study files (contracts.md 3.3: a study is untrusted input), mutated as SQLite databases. The
// bytes become a study file that is opened as `runs`, `chart` and the app's Library open one
// (StudyStore ExistingOnly), listed, and every run reopened through the run-archive registry
// (RunArchive::load) and then read as the app and `chart` read it: every series column, the
// occupancy and heatmap values at several positions, the step descriptions and explanations;
// and each run's recipe (RunRecipeArchive::load: its inputs and request, checked row by row).
// The seeds are small studies made by Tessera itself (fuzz/MakeStudySeeds.cpp).
#include "FuzzSupport.h"

#include "run/GroupValueMatrix.h"
#include "store/RunArchive.h"
#include "store/RunRecipeArchive.h"
#include "store/StudyFiles.h"
#include "store/StudyStore.h"

#include <cmath>
#include <cstdio>

using namespace tessera;

namespace {

// Runs with more steps are read only at a few positions, to keep an execution short.
constexpr size_t kPositionsRead = 8;

void readRun(const Run& run)
{
    const size_t steps = run.steps();
    // What a reopened run's own charts draw (study format 4): checked against its layout.
    for (const CellValues& table : run.cellValues())
        fuzz::require(table.values.size() == run.layout().cellCount, "per-cell values do not cover the cells");
    for (const Distribution& d : run.distributions())
        d.quantile(0.5);
    const RunIntervals& intervals = run.intervals();
    for (const RunInterval& bar : intervals.intervals)
        fuzz::require(bar.lane < intervals.lanes.size() && bar.toX >= bar.fromX
                          && bar.category < int32_t(intervals.categories.size())
                          && bar.subject < int32_t(intervals.subjects.size()),
                      "a Gantt bar refers to no lane, category or subject");
    run.words();
    const MetricSeries& series = run.series();
    fuzz::require(series.rows() == steps + 1, "a reopened run's series does not have one row per position");
    for (size_t c = 0; c < series.columns(); ++c)
        for (double v : series.column(c))
            fuzz::require(!std::isnan(v), "a reopened run's series holds NaN");
    const OccupancyLayout& layout = run.layout();
    auto cursor = run.cursor();
    std::vector<float> use;
    std::vector<float> values;
    for (size_t i = 0; i <= kPositionsRead; ++i) {
        const size_t position = steps * i / kPositionsRead;
        cursor->seek(position);
        cursor->cellUse(use);
        fuzz::require(use.size() == layout.cellCount, "cellUse does not give one value per cell");
        for (float u : use)
            fuzz::require(u >= 0.0f && u <= 1.0f, "a cell's used share is outside [0, 1]");
        cursor->groupValues(values);
        fuzz::require(values.size() == layout.groups.size(), "groupValues does not give one value per group");
        // Every layer the study kept: one value per cell, a category within its names.
        for (size_t l = 0; l < layout.layers.size(); ++l) {
            cursor->cellLayer(l, values);
            fuzz::require(l == 0 || values.empty() || values.size() == layout.cellCount,
                          "a layer does not give one value per cell");
            if (layout.layers[l].kind == OccupancyLayer::Kind::Category)
                for (float v : values)
                    fuzz::require(v < float(layout.layers[l].categories.size()), "a cell's category has no name");
        }
        if (layout.cellCount > 0) {
            cursor->describeCell(0);
            cursor->describeCell(layout.cellCount - 1);
        }
        if (position > 0) {
            run.describeStep(position - 1);
            run.explain(position - 1);
        }
    }
    GroupValueMatrix::sample(run, 16, 0, steps);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string path = fuzz::scratchPath("study.sqlite");
    StudyFiles::remove(path);
    fuzz::writeScratch("study.sqlite", data, size);
    fuzz::refusalsExpected([&] {
        StudyStore store(path, StudyStore::OpenMode::ExistingOnly);
        for (const RunRecord& record : store.listRuns()) {
            record.trace();
            fuzz::refusalsExpected([&] {
                const auto run = RunArchive::load(store, record.id, fuzz::checkedProgress());
                fuzz::require(run != nullptr, "RunArchive::load returned no run");
                readRun(*run);
            });
            // The recipe a fork would rebuild the run from: read and checked, never run here.
            fuzz::refusalsExpected([&] {
                if (const auto recipe = RunRecipeArchive::load(store, record.id))
                    fuzz::require(recipe->kind == record.kind, "a recipe of another kind than its run");
            });
        }
    });
    StudyFiles::remove(path);
    return 0;
}
