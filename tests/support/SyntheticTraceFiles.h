#pragma once

// The synthetic cluster and pods of support/SyntheticTrace.h written as Alibaba-format CSV
// files, for tests that load a trace from disk (progress, cancel, saved runs that find their
// trace files again). The rows are generated, never copied from a real trace.

#include "support/SyntheticTrace.h"

#include <fstream>
#include <stdexcept>
#include <string>

namespace tessera::test {

inline void writeNodesCsv(const std::string& path, const Cluster& cluster)
{
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << "sn,cpu_milli,memory_mib,gpu,model\n";
    for (const auto& n : cluster.nodes)
        out << fmt::format("{},{},{},{},{}\n", n.name, n.cpuMilli, n.memoryMib, n.gpuCount,
                           n.model == kNoGpuModel ? std::string() : cluster.registry.model(n.model).name);
    if (!out.flush())
        throw std::runtime_error("cannot write " + path);
}

inline void writePodsCsv(const std::string& path, const PodList& pods)
{
    auto optional = [](const std::optional<int64_t>& t) { return t ? std::to_string(*t) : std::string(); };
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << "name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,qos,pod_phase,creation_time,deletion_time,"
           "scheduled_time\n";
    for (const auto& p : pods.pods)
        out << fmt::format("{},{},{},{},{},{},LS,Running,{},{},{}\n", p.name, p.cpuMilli, p.memoryMib, p.gpuCount,
                           p.gpuMilli, p.gpuSpec, optional(p.creationTime), optional(p.deletionTime),
                           optional(p.creationTime));
    if (!out.flush())
        throw std::runtime_error("cannot write " + path);
}

}  // namespace tessera::test
