#pragma once

#include "io/InputError.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace tessera {

// One measured row of a ParvaGPU profile file (mig-elasticbatch.md 2.3): a model on a MIG
// instance of `computeSlices` GPCs running `procs` MPS processes, each with batch `batch`.
struct ProfiledPoint {
    int computeSlices = 0;
    int batch = 0;
    int procs = 0;
    double latencyMs = 0;      // per batch; the file holds seconds
    double throughputRps = 0;  // of the whole instance: the file's per-process value x procs
    // The file marks a point that ran out of memory (or was not measured) with 0,0.
    bool oom() const { return latencyMs == 0; }
};

struct ModelProfile {
    std::string model;
    std::vector<ProfiledPoint> points;  // sorted by (computeSlices, batch, procs), no duplicates

    // The point measured at exactly (g, b, p), or null.
    const ProfiledPoint* find(int computeSlices, int batch, int procs) const;
    size_t feasibleCount() const;
};

// A folder of <model>.csv files, header `Mig instance,Batch size,Workload Number,Throughput,Latency`
// (traces.md 5). Every malformed file is an InputError naming file, line and column
// (contracts.md 4); files not ending in .csv are ignored with a warning.
class ProfileData {
public:
    static ProfileData load(const std::string& dir);
    // Profiles made in memory (tests, samples): sorted as load() sorts them. Throws
    // std::invalid_argument for two models of one name or a point of no profiled size.
    static ProfileData fromModels(std::vector<ModelProfile> models);

    // Alphabetical by model name (byte order: resnet101 < resnet152 < resnet50), as the
    // columns of the SLO files.
    const std::vector<ModelProfile>& models() const { return models_; }
    const ModelProfile* find(std::string_view model) const;
    // Index in models(), or -1.
    int modelIndex(std::string_view model) const;
    // Every row of every file, OOM rows included: the points a full profiling run measured.
    size_t pointCount() const;
    std::vector<std::string> modelNames() const;
    // Files ignored, interrupted final lines skipped, and the SHA-256 of every file read.
    const LoadWarnings& warnings() const { return warnings_; }

private:
    std::vector<ModelProfile> models_;
    LoadWarnings warnings_;
};

// Memory slices of the instance the ParvaGPU data profiles for `computeSlices` GPCs (the
// A100-80GB map of mig-elasticbatch.md 1.2: 1->1, 2->2, 3->4, 4->4, 7->8); 0 for any other size.
int profiledMemorySlices(int computeSlices);

}  // namespace tessera
