#pragma once

#include "SweepRun.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace tessera::views {

// The sweep a study holds (a merged study, or one shard of a sweep), read for browsing: every
// run's parameters and grid CSV rows from the tables `runs`, `run_inputs`, `sweep_shard` and
// `sweep_runs`, never a timeline, so a study of hundreds of runs opens in a moment.
struct SweepStudy {
    QString path;
    QString command;     // the sweep's canonical command (sweep_shard.command), inputs by digest
    // The same command with each input file by its name ("--pods pods.csv" for "--pods
    // sha256:…"), as the user wrote it; and those files, "PATH (sha256:…)", one each.
    QString writtenCommand;
    QStringList inputs;
    int shardIndex = 0;  // a merged study is its sweep's only shard, 0/1
    int shardCount = 1;
    int sweepRuns = 0;   // runs of the whole sweep; runs.size() may be fewer in a shard
    std::vector<SweepRun> runs;  // by run number, `source` 0, `baseline` indexing this vector

    // The sweep in the study at `path`, or nothing when the study holds none (no sweep_shard
    // record: runs saved from the app or by a command without --shard). Throws (InputError, or
    // std::runtime_error) when the file is not a study or a sweep's row is damaged.
    static std::optional<SweepStudy> read(const QString& path);
};

}  // namespace tessera::views
