#pragma once

#include "run/RunRecipe.h"
#include "store/StudyStore.h"

#include <cstdint>
#include <optional>

namespace tessera {

// Saves and reads a run's RunRecipe in a study (format 3: run_inputs, run_input_files,
// run_request_steps, run_request_values), for runs of every kind.
class RunRecipeArchive {
public:
    // Records `recipe` for run `id`. Its sources go to run_inputs beside rows its kind's archive
    // wrote there already (the pod kind's trace files), which stay.
    static void save(StudyStore& store, int64_t id, const RunRecipe& recipe);
    // The recipe of run `id`; nothing when the study recorded none (an older study, or a kind
    // this build does not know). Every row is checked against the run's kind as it is read: an
    // unknown role, a missing path, a malformed hash or a request the kind refuses is an
    // InputError naming the table, the row and the column.
    static std::optional<RunRecipe> load(StudyStore& store, int64_t id);
};

}  // namespace tessera
