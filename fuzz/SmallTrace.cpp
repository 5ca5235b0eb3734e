#include "SmallTrace.h"

#include "FuzzSupport.h"

#include <cmath>
#include <utility>

namespace tessera::fuzz {

Cluster smallCluster()
{
    Cluster cluster;
    cluster.nodes.push_back({"node-a", 32000, 262144, 2, *cluster.registry.find("T4")});
    cluster.nodes.push_back({"node-b", 64000, 524288, 1, *cluster.registry.find("G2")});
    cluster.nodes.push_back({"node-c", 16000, 65536, 0, kNoGpuModel});
    return cluster;
}

PodList smallPods(const Cluster& cluster, bool withTimes)
{
    struct Row {
        const char* name;
        int32_t cpu;
        int64_t mem;
        int gpus;
        int32_t milli;
        const char* spec;
    };
    static constexpr Row kRows[] = {
        {"pod-cpu", 4000, 8192, 0, 0, ""},     {"pod-share", 2000, 4096, 1, 300, ""},
        {"pod-share-t4", 1000, 2048, 1, 500, "T4"}, {"pod-whole", 8000, 16384, 1, 1000, ""},
        {"pod-multi", 12000, 32768, 2, 1000, "T4|G2"}, {"pod-late", 1000, 1024, 1, 250, ""},
    };
    PodList list;
    list.hasTimes = withTimes;
    int64_t now = 100;
    for (const Row& r : kRows) {
        PodSpec p;
        p.name = r.name;
        p.cpuMilli = r.cpu;
        p.memoryMib = r.mem;
        p.gpuCount = r.gpus;
        p.gpuMilli = r.milli;
        p.gpuSpec = r.spec;
        for (const char* model : {"T4", "G2"})
            if (p.gpuSpec.find(model) != std::string::npos)
                p.gpuSpecMask |= uint64_t(1) << *cluster.registry.find(model);
        if (withTimes) {
            p.creationTime = now;
            p.deletionTime = now + 900;
            now += 300;
        }
        list.pods.push_back(std::move(p));
    }
    return list;
}

RunParameters replayParameters(PolicySpec policy)
{
    RunParameters parameters;
    parameters.policy = std::move(policy);
    parameters.mode = SimulationMode::Replay;
    parameters.replayStepSeconds = 600;
    return parameters;
}

void simulateBriefly(const Cluster& cluster, const PodList& pods, RunParameters parameters)
{
    if (!pods.hasTimes)
        parameters.mode = SimulationMode::Experiment;
    const TraceModels models(cluster, pods.pods);
    const auto result = PodSimulation(models, parameters).run(pods);
    const Timeline& timeline = result->timeline;
    for (size_t position = 0; position <= timeline.size(); ++position) {
        const MetricValues v = result->valuesAt(position);
        for (double x : {v.arrivedPct, v.allocPct, v.fragRatePct, v.fragOfTotalPct, v.powerKw, v.cpuPowerKw,
                         v.gpuPowerKw})
            require(std::isfinite(x), "a metric of the simulated run is not finite");
    }
}

}  // namespace tessera::fuzz
