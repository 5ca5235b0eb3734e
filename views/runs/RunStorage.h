#pragma once

#include "run/Run.h"

#include <QString>

#include <cstdint>
#include <memory>

namespace tessera::views {

// Saving runs into a study file and reading them back, each call on its own connection so
// that it can run on any worker thread. Both go through the core's RunArchive, so every run
// kind the archive knows is saved and reopened without the views knowing the kind.
class RunStorage {
public:
    static int64_t save(const QString& studyPath, const Run& run, const QString& name);
    static std::unique_ptr<Run> load(const QString& studyPath, int64_t id, const ProgressCallback& progress);
};

}  // namespace tessera::views
