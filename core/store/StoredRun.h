#pragma once

#include "model/NodeState.h"
#include "model/PodSpec.h"
#include "sim/MetricSample.h"
#include "sim/RunParameters.h"
#include "sim/Timeline.h"
#include "store/RunRecord.h"

#include <vector>

namespace tessera {

// A node as a study stores it: the GPU model by name, since model ids belong to the
// registry of the process that ran the simulation.
struct StoredNode {
    std::string name;
    int32_t cpuMilli = 0;
    int64_t memoryMib = 0;
    int gpuCount = 0;
    std::string gpuModel;  // empty for a node without GPUs
};

// A pod-scheduling run read back from a study: everything its charts and tables need,
// without simulating again. Positions follow Timeline: 0 is before the first step, p is
// after step p-1.
struct StoredRun {
    RunRecord record;
    RunParameters parameters;
    std::string nodeList;  // the content hash keying its node list
    std::vector<StoredNode> nodes;
    std::vector<PodSpec> sequence;
    // Kind, pod and placement of each step. A study keeps no node journal: PodRunArchive
    // regains the node moves from the placements.
    std::vector<Step> steps;
    std::vector<MetricSample> samples;  // steps.size() + 1 entries, by position
    int64_t capacityMilli = 0;
    int64_t fragmentScale = 1;

    const MetricSample& sampleAt(size_t position) const { return samples.at(position); }
    MetricValues valuesAt(size_t position) const
    {
        return MetricValues::of(sampleAt(position), capacityMilli, fragmentScale);
    }
};

}  // namespace tessera
