#pragma once

#include "generate/QuantileTable.h"
#include "io/InputError.h"
#include "model/GpuModelRegistry.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tessera {

// One node configuration of the cluster and how many nodes have it.
struct NodeConfig {
    std::string model;  // empty for a CPU-only node
    int gpus = 0;
    int64_t cpuMilli = 0;
    int64_t memoryMib = 0;
    int64_t count = 0;
};

// An inclusive integer range; low == high for an exact value.
struct ValueRange {
    int64_t low = 0;
    int64_t high = 0;
};

// One cell of the joint histogram of pod requests. CPU, memory and GPU share are kept
// together because they are strongly correlated in the trace.
struct RequestShape {
    ValueRange cpuMilli;
    ValueRange memoryMib;
    ValueRange gpuMilli;
    int64_t count = 0;
};

struct CategoryCount {
    std::string value;
    int64_t count = 0;
};

// Everything the statistics say about one pod class (cpu, share, N-gpu).
struct PodClassStatistics {
    std::string name;
    int gpus = 0;
    bool share = false;
    int64_t count = 0;
    std::vector<RequestShape> shapes;
    std::vector<CategoryCount> qos;
    std::vector<CategoryCount> podPhase;
    std::vector<CategoryCount> gpuSpec;
    int64_t deletionPresent = 0;
    int64_t deletionEmpty = 0;
};

// The aggregate statistics of a GPU-cluster trace that the generator draws from: a folder of
// small CSV files (traces/stats/README.md describes them). A malformed file is an InputError
// that names the file, line and column; nothing is half-loaded.
class TraceStatistics {
public:
    static constexpr const char* kNodeConfigsFile = "node_configs.csv";
    static constexpr const char* kPodClassesFile = "pod_classes.csv";
    static constexpr const char* kPodShapesFile = "pod_shapes.csv";
    static constexpr const char* kPodAttributesFile = "pod_attributes.csv";
    static constexpr const char* kPodTimesFile = "pod_times.csv";

    // GPU models, of the nodes and in gpu_spec values, must be in the registry. An interrupted
    // final line is skipped with a warning, as in every loader (contracts.md section 4).
    static TraceStatistics load(const std::string& directory, const GpuModelRegistry& registry,
                                LoadWarnings& warnings);

    const std::vector<NodeConfig>& nodeConfigs() const { return nodeConfigs_; }
    const std::vector<PodClassStatistics>& podClasses() const { return podClasses_; }
    int64_t nodeCount() const;
    int64_t podCount() const;

    const QuantileTable& creationTime() const { return creationTime_; }
    // Lifetime (deletion - creation) by creation band: band b covers the creation-time
    // probabilities [b/B, (b+1)/B) of B bands.
    const std::vector<QuantileTable>& lifetimeBands() const { return lifetimeBands_; }
    // Descriptive and optional: the generator does not draw from it, the tests compare with it.
    const std::optional<QuantileTable>& interarrival() const { return interarrival_; }
    const QuantileTable& schedulingDelay() const { return schedulingDelay_; }

private:
    TraceStatistics(std::vector<NodeConfig> nodeConfigs, std::vector<PodClassStatistics> podClasses,
                    QuantileTable creationTime, std::vector<QuantileTable> lifetimeBands,
                    std::optional<QuantileTable> interarrival, QuantileTable schedulingDelay);

    std::vector<NodeConfig> nodeConfigs_;
    std::vector<PodClassStatistics> podClasses_;
    QuantileTable creationTime_;
    std::vector<QuantileTable> lifetimeBands_;
    std::optional<QuantileTable> interarrival_;
    QuantileTable schedulingDelay_;
};

}  // namespace tessera
