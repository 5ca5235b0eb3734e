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
                        std::optional<RunArchive::ForkOrigin> origin = std::nullopt);
    // With `record`, also what the study says of the run (a fork's parent and position).
    static std::unique_ptr<Run> load(const QString& studyPath, int64_t id, const ProgressCallback& progress,
                                     RunRecord* record = nullptr);
};

}  // namespace tessera::views
