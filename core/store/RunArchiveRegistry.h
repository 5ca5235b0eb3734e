#pragma once

#include "run/Run.h"
#include "store/StudyStore.h"
#include "util/Registry.h"

#include <functional>
#include <memory>
#include <string>

namespace tessera {

// How a study saves and reopens runs of one kind.
struct RunArchiveHandler {
    using Saver = std::function<int64_t(StudyStore& store, const Run& run, const std::string& name)>;
    using Loader = std::function<std::unique_ptr<Run>(StudyStore& store, int64_t id, const ProgressCallback& progress)>;
    Saver save;
    Loader load;
};

// Run kind -> its RunArchiveHandler. A kind registers itself with a static
// RunArchiveRegistration in its own file, so RunArchive never names a kind and a new kind
// (mig-inference, training) plugs in without editing it.
class RunArchiveRegistry : public Registry<RunArchiveHandler> {
public:
    using Handler = RunArchiveHandler;

    static RunArchiveRegistry& instance();
};

using RunArchiveRegistration = Registration<RunArchiveRegistry>;

}  // namespace tessera
