#include "store/RunArchive.h"

#include "io/InputError.h"
#include "store/GenericRunArchive.h"
#include "store/RunArchiveRegistry.h"
#include "store/RunRecipeArchive.h"

#include <fmt/format.h>

namespace tessera {

namespace {

// The kind's own handler, else the generic one.
RunArchiveRegistry::Handler handlerOf(const std::string& kind)
{
    if (const auto* handler = RunArchiveRegistry::instance().find(kind))
        return *handler;
    return {GenericRunArchive::save, GenericRunArchive::load};
}

}  // namespace

std::unique_ptr<Run> RunArchive::load(StudyStore& store, int64_t id, const ProgressCallback& progress)
{
    const auto record = store.findRun(id);
    if (!record)
        throw InputError::fileLevel(store.path(), fmt::format("no run with id {}", id));
    if (!RunArchiveRegistry::instance().contains(record->kind) && !GenericRunArchive::holds(store, id))
        throw InputError::fileLevel(store.path(), fmt::format("runs of kind \"{}\" cannot be opened by this version "
                                                              "(known kinds: {})",
                                                              record->kind,
                                                              fmt::join(RunArchiveRegistry::instance().names(), ", ")));
    auto run = handlerOf(record->kind).load(store, id, progress);
    // Every caller dereferences the run: a kind's loader that gives none is a damaged run,
    // reported as such, not a crash later.
    if (!run)
        throw InputError::fileLevel(store.path(), fmt::format("run {} of kind \"{}\" could not be opened: its "
                                                              "loader returned no run",
                                                              id, record->kind));
    return run;
}

int64_t RunArchive::save(StudyStore& store, const Run& run, const std::string& name, std::optional<ForkOrigin> origin,
                         const std::optional<RunRecipe>& recipe)
{
    const int64_t id = handlerOf(run.info().kind).save(store, run, name.empty() ? run.info().name : name);
    if (origin)
        store.recordFork(id, origin->parentId, int64_t(origin->position));
    if (recipe)
        RunRecipeArchive::save(store, id, *recipe);
    return id;
}

}  // namespace tessera
