#pragma once

#include "store/StudyStore.h"

#include <mutex>
#include <string>
#include <vector>

namespace tessera {

// The runs of one command, saved into a study as a whole (all or none, ids in the contract's
// order) without holding them in memory until the end: each finished run is written at once
// to a private staging study beside the real one, and commit() copies them over in one
// transaction. A sweep of many long runs so needs memory for the runs in progress only.
class StudyBatch {
public:
    // What a run was simulated on: its cluster and the files it read.
    struct Source {
        const Cluster* cluster = nullptr;
        std::vector<RunRecord::TraceFile> inputs;
    };

    // `runs` slots, filled in any order by add(); `inputs` are the files every run read.
    StudyBatch(StudyStore& study, const Cluster& cluster, std::vector<RunRecord::TraceFile> inputs, size_t runs);
    // Runs over several inputs (a grid of node and pod lists): each run names its source by index.
    StudyBatch(StudyStore& study, const std::vector<Source>& sources, size_t runs);
    ~StudyBatch();
    StudyBatch(const StudyBatch&) = delete;
    StudyBatch& operator=(const StudyBatch&) = delete;

    // Thread-safe. The result may be dropped once this returns.
    void add(size_t slot, const SimulationResult& result, const std::string& name = {}, size_t source = 0);
    // Copies every slot into the study in one transaction and returns the new ids by slot.
    std::vector<int64_t> commit();

private:
    StudyStore& study_;
    std::vector<std::vector<RunRecord::TraceFile>> inputs_;  // by source
    size_t runs_;
    std::string stagingPath_;
    std::string createdAt_;
    std::vector<std::string> nodeLists_;  // by source
    std::mutex mutex_;
    std::vector<bool> added_;
    std::unique_ptr<sqlite::Database> staging_;
};

}  // namespace tessera
