#include "store/RunArchive.h"

#include "io/InputError.h"
#include "store/RunArchiveRegistry.h"

#include <fmt/format.h>

namespace tessera {

namespace {

const RunArchiveRegistry::Handler& handlerOf(const std::string& kind, const std::string& study)
{
    const auto* handler = RunArchiveRegistry::instance().find(kind);
    if (!handler)
        throw InputError::fileLevel(study, fmt::format("runs of kind \"{}\" cannot be saved or opened by this "
                                                       "version (known kinds: {})",
                                                       kind, fmt::join(RunArchiveRegistry::instance().names(), ", ")));
    return *handler;
}

}  // namespace

std::unique_ptr<Run> RunArchive::load(StudyStore& store, int64_t id, const ProgressCallback& progress)
{
    const auto record = store.findRun(id);
    if (!record)
        throw InputError::fileLevel(store.path(), fmt::format("no run with id {}", id));
    return handlerOf(record->kind, store.path()).load(store, id, progress);
}

int64_t RunArchive::save(StudyStore& store, const Run& run, const std::string& name)
{
    return handlerOf(run.info().kind, store.path()).save(store, run, name.empty() ? run.info().name : name);
}

}  // namespace tessera
