#include "runs/RunStorage.h"

#include "io/InputError.h"
#include "store/RunArchive.h"
#include "store/RunRecipeArchive.h"
#include "store/StudyStore.h"

namespace tessera::views {

int64_t RunStorage::save(const QString& studyPath, const Run& run, const QString& name,
                         std::optional<RunArchive::ForkOrigin> origin, const std::optional<RunRecipe>& recipe)
{
    StudyStore study(studyPath.toStdString());
    return RunArchive::save(study, run, name.toStdString(), origin, recipe);
}

std::unique_ptr<Run> RunStorage::load(const QString& studyPath, int64_t id, const ProgressCallback& progress,
                                      Extras* extras)
{
    // Loading never writes: read-only, so that a sweep's run opens from a read-only share.
    StudyStore study(studyPath.toStdString(), StudyStore::OpenMode::ReadOnly);
    auto run = RunArchive::load(study, id, progress);
    if (!extras)
        return run;
    if (auto found = study.findRun(id))
        extras->record = std::move(*found);
    try {
        extras->recipe = RunRecipeArchive::load(study, id);
        if (!extras->recipe)
            extras->noRecipe = QStringLiteral("run \"%1\" cannot be forked: its inputs were not recorded (the study "
                                              "was saved by an older Tessera); run it again to fork it")
                                   .arg(QString::fromStdString(run->info().name));
    } catch (const InputError& e) {
        extras->noRecipe = QStringLiteral("run \"%1\" cannot be forked: %2")
                               .arg(QString::fromStdString(run->info().name), QString::fromUtf8(e.what()));
    }
    return run;
}

}  // namespace tessera::views
