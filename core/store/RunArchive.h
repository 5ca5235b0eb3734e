#pragma once

#include "run/Run.h"
#include "run/RunRecipe.h"
#include "store/StudyStore.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace tessera {

// Saves runs of any kind into a study and reopens them without simulating again. A kind may
// bring its own saver and loader through RunArchiveRegistry (the pod kind keeps its sequence
// and placements, so a reopened run explains, scrubs and forks); a kind that does not is saved
// by GenericRunArchive (its parameters, metric series and layout), so any kind's runs reopen
// and chart without kind code. This class only dispatches.
class RunArchive {
public:
    // Where a fork came from: its parent's study id and the parent's position it left at.
    struct ForkOrigin {
        int64_t parentId = 0;
        size_t position = 0;
    };

    // The run with study id `id`, ready for the timeline, charts, inspector and fork. Throws
    // InputError for an unknown id, a kind this build cannot open, a damaged study or a
    // loader that gives no run, and CancelledError when `progress` returns false.
    static std::unique_ptr<Run> load(StudyStore& store, int64_t id, const ProgressCallback& progress = {});
    // Saves `run` and returns its id. An empty name keeps the run's own. A fork's origin is
    // recorded beside it (RunRecord::parentId, forkPosition), and so is the run's recipe when
    // given, which lets a reopened run of any kind be forked (RunRecipeArchive).
    static int64_t save(StudyStore& store, const Run& run, const std::string& name = {},
                        std::optional<ForkOrigin> origin = std::nullopt,
                        const std::optional<RunRecipe>& recipe = std::nullopt);
};

}  // namespace tessera
