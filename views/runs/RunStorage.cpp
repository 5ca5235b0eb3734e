#include "runs/RunStorage.h"

#include "store/RunArchive.h"
#include "store/StudyStore.h"

namespace tessera::views {

int64_t RunStorage::save(const QString& studyPath, const Run& run, const QString& name,
                         std::optional<RunArchive::ForkOrigin> origin)
{
    StudyStore study(studyPath.toStdString());
    return RunArchive::save(study, run, name.toStdString(), origin);
}

std::unique_ptr<Run> RunStorage::load(const QString& studyPath, int64_t id, const ProgressCallback& progress,
                                      RunRecord* record)
{
    StudyStore study(studyPath.toStdString(), StudyStore::OpenMode::ExistingOnly);
    auto run = RunArchive::load(study, id, progress);
    if (record)
        if (auto found = study.findRun(id))
            *record = std::move(*found);
    return run;
}

}  // namespace tessera::views
