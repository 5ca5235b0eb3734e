#include "report/SimulationCsv.h"

#include <fmt/format.h>

namespace tessera {

namespace {

// The metric columns shared by every format, in contract order.
void appendMetrics(std::string& out, const MetricValues& v, bool withAllocation = true)
{
    if (withAllocation)
        fmt::format_to(std::back_inserter(out), "{:.4f},", v.allocPct);
    fmt::format_to(std::back_inserter(out), "{:.4f},{:.4f},{:.4f},{:.4f},{:.4f}", v.fragRatePct,
                   v.fragOfTotalPct, v.powerKw, v.cpuPowerKw, v.gpuPowerKw);
}

}  // namespace

std::string SimulationCsv::gridHeader()
{
    return "policy,seed,arrived_pct,alloc_pct,frag_rate_pct,frag_of_total_pct,power_kw,cpu_power_kw,"
           "gpu_power_kw,failed_pods\n";
}

std::string SimulationCsv::decisionsHeader()
{
    return "policy,seed,index,pod,node,gpus,arrived_pct,alloc_pct,frag_rate_pct,frag_of_total_pct,power_kw,"
           "cpu_power_kw,gpu_power_kw,failed_pods\n";
}

std::string SimulationCsv::replayHeader()
{
    return "policy,seed,time_s,alloc_pct,frag_rate_pct,frag_of_total_pct,power_kw,cpu_power_kw,gpu_power_kw,"
           "pending_pods,failed_pods\n";
}

std::string SimulationCsv::quoted(const std::string& field)
{
    if (field.find_first_of(",\"\n") == std::string::npos)
        return field;
    std::string out = "\"";
    for (char c : field) {
        if (c == '"')
            out += '"';
        out += c;
    }
    return out + "\"";
}

std::string SimulationCsv::gpuList(GpuMask gpus)
{
    std::string out;
    for (int g = 0; g < 8; ++g)
        if (gpus >> g & 1) {
            if (!out.empty())
                out += '|';
            out += char('0' + g);
        }
    return out;
}

std::string SimulationCsv::gridRows(const std::string& policy, uint64_t seed, const std::vector<GridPoint>& points)
{
    std::string out;
    const std::string p = quoted(policy);
    for (const auto& point : points) {
        fmt::format_to(std::back_inserter(out), "{},{},{:.4f},", p, seed, double(point.arrivedPct));
        appendMetrics(out, point.values);
        fmt::format_to(std::back_inserter(out), ",{}\n", point.failedPods);
    }
    return out;
}

std::string SimulationCsv::decisionRows(const std::string& policy, const SimulationResult& run,
                                        const std::vector<NodeSpec>& nodes)
{
    std::string out;
    const std::string p = quoted(policy);
    const uint64_t seed = run.parameters.seed;
    size_t index = 0;
    for (size_t i = 0; i < run.timeline.size(); ++i) {
        const Step& step = run.timeline.step(i);
        if (step.kind != StepKind::Arrival && step.kind != StepKind::Retry)
            continue;
        const MetricValues v = run.valuesAt(i + 1);
        const std::string node = step.placement.placed() ? nodes[size_t(step.placement.node)].name : std::string();
        fmt::format_to(std::back_inserter(out), "{},{},{},{},{},{},{:.4f},", p, seed, index++,
                       quoted(run.sequence[step.pod].name), quoted(node), gpuList(step.placement.gpus),
                       v.arrivedPct);
        appendMetrics(out, v);
        fmt::format_to(std::back_inserter(out), ",{}\n", run.timeline.sampleAt(i + 1).failedTotal());
    }
    return out;
}

std::string SimulationCsv::replayRows(const std::string& policy, const SimulationResult& run, int64_t stepSeconds)
{
    std::string out;
    const std::string p = quoted(policy);
    const Timeline& timeline = run.timeline;
    auto row = [&](int64_t time, size_t position) {
        const MetricSample& s = timeline.sampleAt(position);
        fmt::format_to(std::back_inserter(out), "{},{},{},", p, run.parameters.seed, time);
        appendMetrics(out, run.valuesAt(position));
        fmt::format_to(std::back_inserter(out), ",{},{}\n", s.pending, s.failedTotal());
    };
    if (timeline.size() == 0) {
        row(0, 0);
        return out;
    }
    const int64_t first = timeline.sampleAt(1).timeSeconds;
    const int64_t last = timeline.sampleAt(timeline.size()).timeSeconds;
    int64_t t = first >= 0 ? first - first % stepSeconds : first - ((first % stepSeconds) + stepSeconds) % stepSeconds;
    size_t position = 0;  // steps with time <= t
    for (; t < last; t += stepSeconds) {
        while (position < timeline.size() && timeline.sampleAt(position + 1).timeSeconds <= t)
            ++position;
        row(t, position);
    }
    row(last, timeline.size());
    return out;
}

}  // namespace tessera
