#pragma once

#include "io/InputFile.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tessera {

// What the `runs` table says of every run, whatever its kind. Kind-specific data (the pod
// sequence and timeline of a pod-scheduling run) lives in the kind's own tables.
struct RunRecord {
    // One input file of a run, with the hash that tells whether the file changed since.
    using TraceFile = InputFile;

    static constexpr std::string_view kPodSchedulingKind = "pod-scheduling";
    static constexpr std::string_view kNodesRole = InputFile::kNodesRole;
    static constexpr std::string_view kPodsRole = InputFile::kPodsRole;
    static constexpr std::string_view kGpuModelsRole = InputFile::kGpuModelsRole;

    int64_t id = 0;
    std::string kind;
    std::string name;
    std::vector<TraceFile> inputs;
    std::string policy;  // PolicySpec::canonical()
    uint64_t seed = 0;
    std::string mode;    // modeName()
    std::string toolVersion;
    std::string createdAt;  // UTC ISO-8601, e.g. 2024-05-01T12:00:00Z
    // A fork's origin: the parent's id (nothing once the parent is deleted, or for a run that
    // is no fork) and the parent's position it left at (-1 for a run that is no fork).
    std::optional<int64_t> parentId;
    int64_t forkPosition = -1;

    // The input that names the workload in listings: the one its kind ranks first
    // (RunKindInput::workloadRank: the pod list, a scenario, else an SLO folder, the job file),
    // else the first input; nothing for a run without inputs.
    const TraceFile* trace() const;
};

}  // namespace tessera
