#pragma once

#include "run/PodSchedulingRun.h"
#include "store/StudyStore.h"

namespace tessera {

// The pod-scheduling kind's saver and loader for RunArchive (registered under
// PodSchedulingRun::kKind).
//
// A reopened run is a PodSchedulingRun whose result is rebuilt from the study, not simulated:
// the stored metrics as they were, and a node journal with checkpoints regained by applying
// the stored placements in order. When the trace files are still there with the recorded
// content hashes they are loaded again, so explain() and fork() behave exactly as on the live
// run. Otherwise the run stands on the study alone (nodes from the study, the target
// workload from the stored pod sequence) and fork() throws InputError naming the file. The
// series, occupancy and steps are then still exact; the heatmap values and the inspector's
// FGD scores are exact in replay and when the experiment appended clones, approximate when
// it dropped pods to reach its tune (the study does not keep the dropped pods).
class PodRunArchive {
public:
    static int64_t save(StudyStore& store, const Run& run, const std::string& name);
    static std::unique_ptr<PodSchedulingRun> load(StudyStore& store, int64_t id, const ProgressCallback& progress = {});
};

}  // namespace tessera
