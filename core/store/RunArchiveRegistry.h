#pragma once

#include "run/Run.h"
#include "store/StudyStore.h"

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace tessera {

// Run kind -> how a study saves and reopens runs of that kind. A kind registers itself with a
// static RunArchiveRegistration in its own file, so RunArchive never names a kind and a new
// kind (mig-inference, training) plugs in without editing it.
class RunArchiveRegistry {
public:
    using Saver = std::function<int64_t(StudyStore& store, const Run& run, const std::string& name)>;
    using Loader = std::function<std::unique_ptr<Run>(StudyStore& store, int64_t id, const ProgressCallback& progress)>;
    struct Handler {
        Saver save;
        Loader load;
    };

    static RunArchiveRegistry& instance();
    void add(const std::string& kind, Handler handler);
    // nullptr for a kind nobody registered.
    const Handler* find(const std::string& kind) const;
    std::vector<std::string> kinds() const;

private:
    std::map<std::string, Handler> handlers_;
};

struct RunArchiveRegistration {
    RunArchiveRegistration(const std::string& kind, RunArchiveRegistry::Handler handler)
    {
        RunArchiveRegistry::instance().add(kind, std::move(handler));
    }
};

}  // namespace tessera
