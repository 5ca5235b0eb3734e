#pragma once

#include "run/RunRequest.h"
#include "store/RunRecord.h"

#include <QString>

#include <vector>

namespace tessera::views {

class StudyLibrary;

// Which saved run of a study a new run would repeat. A run is fully determined by its input
// files (by content), its parameters and the tool version, so the app reopens the saved run
// rather than simulating and saving a copy. The study cannot tell a fork from a fresh run of
// the fork's policy, so the app remembers (in its settings, per study) the id of every fresh
// run it saved under the key of what determined it; an entry counts only while the study
// still holds that run, saved at the remembered time.
class SavedRunIndex {
public:
    // Empty when the inputs are not files (a trace made in memory): such runs are not reused.
    // `request` is resolved (RunKind::resolved: canonical policy, every parameter's value).
    static QString keyOf(const std::vector<RunRecord::TraceFile>& inputs, const std::string& kind,
                         const RunRequest& request);
    // The id of the run saved under `key` in `study`, or -1.
    static qint64 find(const StudyLibrary& study, const QString& key);
    // `id` must be listed by `study` (refresh it after saving).
    static void remember(const StudyLibrary& study, const QString& key, qint64 id);

private:
    static QString settingsKey(const StudyLibrary& study, const QString& key);
};

}  // namespace tessera::views
