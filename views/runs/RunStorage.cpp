#include "runs/RunStorage.h"

#include "store/RunArchive.h"
#include "store/StudyStore.h"

namespace tessera::views {

int64_t RunStorage::save(const QString& studyPath, const Run& run, const QString& name)
{
    StudyStore study(studyPath.toStdString());
    return RunArchive::save(study, run, name.toStdString());
}

std::unique_ptr<Run> RunStorage::load(const QString& studyPath, int64_t id, const ProgressCallback& progress)
{
    StudyStore study(studyPath.toStdString(), StudyStore::OpenMode::ExistingOnly);
    return RunArchive::load(study, id, progress);
}

}  // namespace tessera::views
