#pragma once

#include "run/Run.h"
#include "store/StudyStore.h"

#include <cstdint>
#include <memory>
#include <string>

namespace tessera {

// Saves runs of any kind into a study and reopens them without simulating again. Each kind
// brings its own saver and loader through RunArchiveRegistry; this class only dispatches.
class RunArchive {
public:
    // The run with study id `id`, ready for the timeline, charts, inspector and fork. Throws
    // InputError for an unknown id, a kind this build cannot open or a damaged study, and
    // CancelledError when `progress` returns false.
    static std::unique_ptr<Run> load(StudyStore& store, int64_t id, const ProgressCallback& progress = {});
    // Saves `run` in one transaction and returns its id. An empty name keeps the run's own.
    static int64_t save(StudyStore& store, const Run& run, const std::string& name = {});
};

}  // namespace tessera
