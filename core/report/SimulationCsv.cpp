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

namespace {

constexpr size_t kChunkBytes = size_t(64) << 10;

// Rows gathered into chunks for a sink.
class ChunkedSink {
public:
    explicit ChunkedSink(const SimulationCsv::Sink& sink) : sink_(sink) {}
    ~ChunkedSink() = default;
    std::string& text() { return text_; }
    void rowDone()
    {
        if (text_.size() >= kChunkBytes)
            flush();
    }
    void flush()
    {
        if (!text_.empty())
            sink_(text_);
        text_.clear();
    }

private:
    const SimulationCsv::Sink& sink_;
    std::string text_;
};

std::string collect(const std::function<void(const SimulationCsv::Sink&)>& write)
{
    std::string out;
    write([&](std::string_view chunk) { out.append(chunk); });
    return out;
}

// The greatest multiple of `step` not after `t` (floor division, for negative times too).
int64_t floorToStep(int64_t t, int64_t step)
{
    const int64_t q = t / step;
    return (t % step != 0 && t < 0) ? (q - 1) * step : q * step;
}

}  // namespace

void SimulationCsv::decisionRows(const std::string& policy, const SimulationResult& run,
                                 const std::vector<NodeSpec>& nodes, const Sink& sink)
{
    ChunkedSink chunks(sink);
    std::string& out = chunks.text();
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
        chunks.rowDone();
    }
    chunks.flush();
}

std::string SimulationCsv::decisionRows(const std::string& policy, const SimulationResult& run,
                                        const std::vector<NodeSpec>& nodes)
{
    return collect([&](const Sink& sink) { decisionRows(policy, run, nodes, sink); });
}

uint64_t SimulationCsv::replayRowCount(int64_t first, int64_t last, int64_t stepSeconds)
{
    // Rows at floor(first), then every step while before `last`, then one at `last`. In
    // unsigned arithmetic: the span of any two int64 times fits.
    const int64_t start = floorToStep(first, stepSeconds);
    const uint64_t span = uint64_t(last) - uint64_t(start);
    return (span + uint64_t(stepSeconds) - 1) / uint64_t(stepSeconds) + 1;
}

void SimulationCsv::replayRows(const std::string& policy, const SimulationResult& run, int64_t stepSeconds,
                               const Sink& sink)
{
    ChunkedSink chunks(sink);
    std::string& out = chunks.text();
    const std::string p = quoted(policy);
    const Timeline& timeline = run.timeline;
    auto row = [&](int64_t time, size_t position) {
        const MetricSample& s = timeline.sampleAt(position);
        fmt::format_to(std::back_inserter(out), "{},{},{},", p, run.parameters.seed, time);
        appendMetrics(out, run.valuesAt(position));
        fmt::format_to(std::back_inserter(out), ",{},{}\n", s.pending, s.failedTotal());
        chunks.rowDone();
    };
    if (timeline.size() == 0) {
        row(0, 0);
        chunks.flush();
        return;
    }
    const int64_t first = timeline.sampleAt(1).timeSeconds;
    const int64_t last = timeline.sampleAt(timeline.size()).timeSeconds;
    const int64_t start = floorToStep(first, stepSeconds);
    const uint64_t rows = replayRowCount(first, last, stepSeconds);
    size_t position = 0;  // steps with time <= t
    // Counted rather than compared, so that no time past `last` is ever computed.
    for (uint64_t k = 0; k + 1 < rows; ++k) {
        const int64_t t = int64_t(uint64_t(start) + k * uint64_t(stepSeconds));
        while (position < timeline.size() && timeline.sampleAt(position + 1).timeSeconds <= t)
            ++position;
        row(t, position);
    }
    row(last, timeline.size());
    chunks.flush();
}

std::string SimulationCsv::replayRows(const std::string& policy, const SimulationResult& run, int64_t stepSeconds)
{
    return collect([&](const Sink& sink) { replayRows(policy, run, stepSeconds, sink); });
}

}  // namespace tessera
