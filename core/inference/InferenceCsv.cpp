#include "inference/InferenceCsv.h"

#include "mig/MigGpuType.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace tessera {
namespace {

// Whole numbers without decimals, others with three: "600", "87.125".
std::string number(double value)
{
    if (std::isfinite(value) && value == std::floor(value) && std::abs(value) < 1e15)
        return fmt::format("{:.0f}", value);
    return fmt::format("{:.3f}", value);
}

}  // namespace

std::string inferenceSeriesHeader()
{
    return "policy,seed,time_s,gpus_used,instances,compute_slices,slice_util_pct,slo_attainment_pct,p50_ms,p99_ms,"
           "throughput_rps,pending_requests,reconfigs\n";
}

std::string inferenceSeriesRows(const InferenceResult& result)
{
    std::string out;
    for (const InferenceStepRow& row : result.rows)
        out += fmt::format("{},{},{},{},{},{},{:.3f},{:.3f},{:.3f},{:.3f},{:.3f},{},{}\n", result.policy, result.seed,
                           number(row.timeS), row.gpusUsed, row.instances, row.computeSlices, row.sliceUtilPct,
                           row.sloAttainmentPct, row.p50Ms, row.p99Ms, row.throughputRps, row.pendingRequests,
                           row.reconfigs);
    return out;
}

std::string inferencePlanHeader() { return "policy,seed,time_s,gpu,profile,start,model,bucket,batch,procs\n"; }

std::string inferencePlanRows(const InferenceResult& result, const MigGpuType& gpu)
{
    std::string out;
    for (const PlanEpoch& epoch : result.epochs) {
        for (const PlannedInstance& instance : epoch.instances) {
            if (instance.idle)
                continue;  // a static layout's unused instance serves no model
            const WorkloadClass& c = epoch.classes[instance.classId];
            out += fmt::format("{},{},{},{},{},{},{},{},{},{}\n", result.policy, result.seed, number(epoch.fromS),
                               instance.gpu, gpu.profiles()[instance.profile].name, instance.start,
                               result.services[c.service], c.bucket, instance.point.batch, instance.point.procs);
        }
    }
    return out;
}

std::string inferenceSummaryTable(const std::vector<InferenceResult>& results)
{
    size_t width = 6;
    for (const InferenceResult& r : results)
        width = std::max(width, r.policy.size());
    std::string out = fmt::format("{:<{}}  {:>4}  {:>9}  {:>6}  {:>11}  {:>10}  {:>6}  {:>9}  {:>5}  {:>8}\n", "policy",
                                  width, "seed", "GPUs peak", "sum g/7", "instances", "SLO att. %", "p99 ms",
                                  "reconfigs", "delay s", "profiled");
    for (const InferenceResult& r : results)
        out += fmt::format("{:<{}}  {:>4}  {:>9}  {:>6.2f}  {:>11}  {:>10.2f}  {:>6.1f}  {:>9}  {:>5.0f}  {:>8}\n",
                           r.policy, width, r.seed, r.peakGpus, r.peakSlicesOverSeven, r.peakInstances,
                           r.sloAttainmentPct, r.p99Ms, r.reconfigurations, r.reconfigurationDelayS, r.profilingCost);
    return out;
}

}  // namespace tessera
