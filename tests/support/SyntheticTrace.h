#pragma once

// A generated cluster and pod list in the Alibaba trace's shapes, for tests that need whole
// runs without ../shared: heterogeneous nodes, CPU-only, share, whole- and multi-GPU pods,
// some with a gpu_spec, and optional creation/deletion times for replay mode. Drawn from a
// fixed seed with Tessera's own RNG, so every platform gets the same inputs.

#include "model/Cluster.h"
#include "util/Rng.h"

#include <array>
#include <string>
#include <utility>

#include <fmt/format.h>

namespace tessera::test {

inline Cluster syntheticCluster(int nodeCount, uint64_t seed = 7)
{
    // (model, GPUs) and vCPUs drawn uniformly: every trace model and GPU count 1, 2, 4, 8 appears.
    static constexpr std::array<std::pair<const char*, int>, 8> kShapes{{
        {"G2", 8}, {"T4", 1}, {"T4", 2}, {"P100", 2}, {"V100M16", 4}, {"V100M32", 8}, {"G3", 8}, {"A10", 1}}};
    static constexpr std::array<int32_t, 4> kCpu{32000, 64000, 96000, 128000};
    Cluster cluster;
    Rng rng(seed);
    for (int i = 0; i < nodeCount; ++i) {
        const auto& [model, gpus] = kShapes[rng.below(kShapes.size())];
        NodeSpec n;
        n.name = fmt::format("node-{}", 1000 + i);
        n.cpuMilli = kCpu[rng.below(kCpu.size())];
        n.memoryMib = 512 * 1024;
        n.gpuCount = gpus;
        n.model = *cluster.registry.find(model);
        cluster.nodes.push_back(std::move(n));
    }
    return cluster;
}

// `withTimes`: creation times ascend in small random gaps; 1 pod in 20 never departs.
inline PodList syntheticPods(const Cluster& cluster, int count, uint64_t seed, bool withTimes)
{
    static constexpr std::array<int32_t, 8> kShare{100, 200, 250, 300, 470, 500, 600, 810};
    static constexpr std::array<int32_t, 6> kCpu{1000, 2000, 4000, 8000, 12000, 16000};
    static constexpr std::array<int, 3> kMulti{2, 4, 8};
    static constexpr std::array<const char*, 3> kSpecs{"V100M16|V100M32", "T4", "G2|G3"};
    PodList list;
    list.hasTimes = withTimes;
    Rng rng(seed);
    int64_t now = 0;
    for (int i = 0; i < count; ++i) {
        PodSpec p;
        p.name = fmt::format("pod-{}", 10000 + i);
        p.cpuMilli = kCpu[rng.below(kCpu.size())];
        p.memoryMib = 1024 * int64_t(1 + rng.below(16));
        const uint64_t kind = rng.below(100);
        if (kind < 15) {
            // CPU-only
        } else if (kind < 55) {
            p.gpuCount = 1;
            p.gpuMilli = kShare[rng.below(kShare.size())];
        } else if (kind < 92) {
            p.gpuCount = 1;
            p.gpuMilli = 1000;
        } else {
            p.gpuCount = kMulti[rng.below(kMulti.size())];
            p.gpuMilli = 1000;
        }
        if (p.gpuCount > 0 && rng.below(10) == 0) {
            p.gpuSpec = kSpecs[rng.below(kSpecs.size())];
            for (const char* m : {"V100M16", "V100M32", "T4", "G2", "G3"})
                if (p.gpuSpec.find(m) != std::string::npos)
                    p.gpuSpecMask |= uint64_t(1) << *cluster.registry.find(m);
        }
        if (withTimes) {
            now += int64_t(rng.below(40));
            p.creationTime = now;
            if (rng.below(20) != 0)
                p.deletionTime = now + 60 + int64_t(rng.below(6000));
        }
        list.pods.push_back(std::move(p));
    }
    return list;
}

}  // namespace tessera::test
