#pragma once

#include "run/Run.h"
#include "store/RunArchive.h"
#include "store/RunRecord.h"

#include <QString>

#include <cstdint>
#include <memory>
#include <optional>

namespace tessera::views {

// Saving runs into a study file and reading them back, each call on its own connection so
// that it can run on any worker thread. Both go through the core's RunArchive, so every run
// kind the archive knows is saved and reopened without the views knowing the kind.
class RunStorage {
public:
    static int64_t save(const QString& studyPath, const Run& run, const QString& name,
                        std::optional<RunArchive::ForkOrigin> origin = std::nullopt,
                        const std::optional<RunRecipe>& recipe = std::nullopt);
    // What the study says of a run besides the run itself.
    struct Extras {
        RunRecord record;  // a fork's parent and position
        std::optional<RunRecipe> recipe;  // how to make the run again, when recorded
        QString noRecipe;  // why there is no recipe: none recorded, or a damaged one
    };
    // With `extras`, also what the study says of the run. A damaged recipe leaves the run
    // open, without a recipe and with the reason.
    static std::unique_ptr<Run> load(const QString& studyPath, int64_t id, const ProgressCallback& progress,
                                     Extras* extras = nullptr);
};

}  // namespace tessera::views
