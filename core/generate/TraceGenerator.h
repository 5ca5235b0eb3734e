#pragma once

#include "generate/TraceStatistics.h"

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace tessera {

// One row of a generated node list (columns of openb_node_list_gpu_node.csv).
struct GeneratedNode {
    std::string name;
    int64_t cpuMilli = 0;
    int64_t memoryMib = 0;
    int gpus = 0;
    std::string model;
};

// One row of a generated pod list (the eleven Alibaba pod columns).
struct GeneratedPod {
    std::string name;
    int64_t cpuMilli = 0;
    int64_t memoryMib = 0;
    int gpus = 0;
    int64_t gpuMilli = 0;
    std::string gpuSpec;
    std::string qos;
    std::string podPhase;
    int64_t creationTime = 0;
    std::optional<int64_t> deletionTime;
    std::optional<int64_t> scheduledTime;
};

// A synthetic cluster and workload in the Alibaba trace format, drawn from aggregate
// statistics. Scale K multiplies every node-configuration and pod-class count exactly; the
// rest is drawn from the seed's generator stream, so the same statistics, seed and scale
// give byte-identical files on every platform.
class TraceGenerator {
public:
    static constexpr int64_t kMaxRows = 100'000'000;

    // Throws std::invalid_argument for a scale below 1 and std::length_error past kMaxRows.
    TraceGenerator(const TraceStatistics& statistics, uint64_t seed, int64_t scale);

    const std::vector<GeneratedNode>& nodes() const { return nodes_; }
    // Sorted by creation time, then named in that order, as in the trace.
    const std::vector<GeneratedPod>& pods() const { return pods_; }

    void writeNodeList(std::ostream& out) const;
    void writePodList(std::ostream& out) const;

private:
    void generateNodes(const TraceStatistics& statistics, uint64_t seed, int64_t scale);
    void generatePods(const TraceStatistics& statistics, uint64_t seed, int64_t scale);

    std::vector<GeneratedNode> nodes_;
    std::vector<GeneratedPod> pods_;
};

}  // namespace tessera
