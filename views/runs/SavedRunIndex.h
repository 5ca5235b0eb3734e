#pragma once

#include "run/RunRecipe.h"

#include <QtGlobal>

namespace tessera::views {

class StudyLibrary;

// Which saved run of a study a new run would repeat. A run is fully determined by its input
// files (by content), its parameters and the tool version, so the app reopens the saved run
// rather than simulating and saving a copy. The study itself is the index: it keeps each run's
// recipe (RunRecipeArchive) and the version that made it, so the rule holds in any session,
// whatever the settings (a scripted start with a fresh home included), and for runs the CLI
// saved. A fork is told from a fresh run of the fork's policy by its recipe's forks.
class SavedRunIndex {
public:
    // Whether `saved`, a study's recipe, makes the same run as `wanted`: the same kind, request
    // and forks, and the same input files by role and content (their paths may differ).
    static bool repeats(const RunRecipe& saved, const RunRecipe& wanted);
    // The first run of `study` made by this version from `recipe`, or -1 (also when the
    // recipe's inputs are not files: a trace made in memory is never reused).
    static qint64 find(StudyLibrary& study, const RunRecipe& recipe);
};

}  // namespace tessera::views
