#include "run/PodSchedulingRun.h"

#include "io/InputError.h"
#include "run/PodSchedulingCursor.h"
#include "sched/ResourceText.h"
#include "sched/Scheduler.h"

#include <algorithm>
#include <limits>
#include <map>
#include <numeric>

#include <fmt/format.h>

namespace tessera {

namespace {
// The GPUs of a placement as a person reads them: "GPU 1", "GPUs 0, 1", "no GPU".
std::string gpuIndices(GpuMask gpus)
{
    std::string list;
    int count = 0;
    for (int g = 0; g < 8; ++g)
        if (gpus >> g & 1)
            list += fmt::format("{}{}", count++ ? ", " : "", g);
    return count == 0 ? "no GPU" : fmt::format("GPU{} {}", count > 1 ? "s" : "", list);
}
}  // namespace

PodSchedulingRun::PodSchedulingRun(std::shared_ptr<const PodTrace> trace, std::unique_ptr<SimulationResult> result,
                                   std::string name)
    : trace_(std::move(trace)), result_(std::move(result))
{
    const RunParameters& p = result_->parameters;
    info_.kind = kKind;
    info_.policy = p.policy.canonical();
    info_.seed = p.seed;
    info_.mode = std::string(modeName(p.mode));
    // The name tells apart runs that differ in policy, seed or mode; the trace is added by the
    // app only when two open runs would otherwise share a name.
    info_.name = name.empty() ? defaultName(p) : std::move(name);
    info_.parameters = {{"nodes", trace_->nodesPath}, {"pods", trace_->podsPath},
                        {"tie order", std::string(tieOrderName(p.tieOrder))}};
    if (p.mode == SimulationMode::Experiment)
        info_.parameters.emplace_back("tune", fmt::format("{}", p.tune));
    else
        info_.parameters.emplace_back("step (s)", fmt::format("{}", p.replayStepSeconds));
    buildSeries();
    buildLayout();
}

std::unique_ptr<PodSchedulingRun> PodSchedulingRun::simulate(std::shared_ptr<const PodTrace> trace,
                                                             const RunParameters& parameters,
                                                             const ProgressCallback& progress, std::string name)
{
    auto result = PodSimulation(*trace->models, parameters).run(trace->pods, progress);
    return std::make_unique<PodSchedulingRun>(std::move(trace), std::move(result), std::move(name));
}

std::string PodSchedulingRun::defaultName(const RunParameters& p)
{
    return fmt::format("{} · seed {}{}", p.policy.shortName(), p.seed, p.mode == SimulationMode::Replay ? " · replay" : "");
}

void PodSchedulingRun::buildSeries()
{
    const Timeline& t = result_->timeline;
    const size_t rows = t.size() + 1;
    const bool replay = result_->parameters.mode == SimulationMode::Replay;
    std::vector<std::vector<double>> c(11, std::vector<double>(rows));
    for (size_t i = 0; i < rows; ++i) {
        const MetricSample& s = t.sampleAt(i);
        const MetricValues v = result_->valuesAt(i);
        const double values[] = {replay ? double(s.timeSeconds) : v.arrivedPct, v.allocPct, v.fragRatePct,
                                 v.fragOfTotalPct, v.powerKw, v.cpuPowerKw, v.gpuPowerKw, double(s.failedTotal()),
                                 double(s.pending), double(s.usedNodes), double(s.usedGpus)};
        for (size_t k = 0; k < c.size(); ++k)
            c[k][i] = values[k];
    }
    const Interpolation held = heldBetweenRows();
    const auto metric = [&](const char* key, const char* label, const char* unit, bool higherIsBetter,
                            bool headline = false) {
        return MetricInfo{key, label, unit, false, held, headline, higherIsBetter, {}, {}};
    };
    const auto pods = [&](const char* key, const char* label, bool headline = false) {
        return MetricInfo{key, label, "pods", true, Interpolation::Step, headline, false, {}, {}};
    };
    const auto count = [&](const char* key, const char* label, const char* unit) {
        return MetricInfo{key, label, unit, true, held, false, true, {}, {}};
    };
    const MetricInfo infos[] = {
        replay ? metric("time_s", "Simulated time", "s", true) : metric("arrived_pct", "Arrived workload", "%", true),
        metric("alloc_pct", "GPU allocation", "%", true, true),
        metric("frag_rate_pct", "Fragmentation rate", "%", false, true),
        metric("frag_of_total_pct", "Fragmentation amount", "% of GPUs", false, true),
        metric("power_kw", "Cluster power", "kW", false, true),
        metric("cpu_power_kw", "CPU power", "kW", false),
        metric("gpu_power_kw", "GPU power", "kW", false),
        pods("failed_pods", "Failed pods", true),
        pods("pending_pods", "Pending pods"),
        count("used_nodes", "Used nodes", "nodes"),
        // fgd-pwr.md's "used GPUs": every GPU of a node with any allocation, CPU-only pods
        // included; not the GPUs in use (below), which the occupancy grid shows.
        count("used_gpus", "GPUs on used nodes", "GPUs")};
    for (size_t k = 0; k < c.size(); ++k)
        series_.add(infos[k], std::move(c[k]));
    addGpusInUse();
    for (int cls = 0; cls < kPodClassCount; ++cls) {
        std::vector<double> failed(rows);
        for (size_t i = 0; i < rows; ++i)
            failed[i] = t.sampleAt(i).failedByClass[size_t(cls)];
        const char* name = podClassName(PodClass(cls));
        series_.add({fmt::format("failed_{}", name), fmt::format("Failed {} pods", name), "pods", true,
                     Interpolation::Step, false, false, kFailedByClassFamily, name},
                    std::move(failed));
    }
    addGpuPowerByModel();
}

Interpolation PodSchedulingRun::heldBetweenRows() const
{
    // Between rows a replay's state holds until the next event; an experiment's arrived % moves
    // gradually (its pod counts still change in whole steps: those are Step on either axis).
    return result_->parameters.mode == SimulationMode::Replay ? Interpolation::Step : Interpolation::Linear;
}

void PodSchedulingRun::addGpusInUse()
{
    // A running count moved by each step's node changes only: O(1) per step.
    const auto& nodes = trace_->cluster.nodes;
    const Timeline& t = result_->timeline;
    std::vector<double> inUse(t.size() + 1);
    std::vector<NodeState> states = t.initialStates();
    int64_t count = 0;
    for (size_t i = 0;; ++i) {
        inUse[i] = double(count);
        if (i == t.size())
            break;
        t.advance(states, i, [&](const NodeMove& m, const NodeState& before, const NodeState& after) {
            count += gpusInUse(after, nodes[m.node].gpuCount) - gpusInUse(before, nodes[m.node].gpuCount);
        });
    }
    const Interpolation held = heldBetweenRows();
    series_.add({std::string(kGpusInUseKey), "GPUs in use", "GPUs", true, held}, std::move(inUse));
}

void PodSchedulingRun::addGpuPowerByModel()
{
    // One running total per GPU model, moved by each step's node changes only: O(1) per step.
    const auto& nodes = trace_->cluster.nodes;
    const auto& registry = trace_->cluster.registry;
    const PowerModel& power = trace_->models->power;
    std::map<std::string, size_t> columnOfName;  // present models, by name: the columns' order
    for (const auto& n : nodes)
        if (n.gpuCount > 0)
            columnOfName.emplace(registry.model(n.model).name, 0);
    size_t next = 0;
    for (auto& [name, column] : columnOfName)
        column = next++;
    std::vector<int> columnOfNode(nodes.size(), -1);
    std::vector<int64_t> watts(columnOfName.size(), 0);
    for (size_t n = 0; n < nodes.size(); ++n) {
        if (nodes[n].gpuCount == 0)
            continue;
        columnOfNode[n] = int(columnOfName.at(registry.model(nodes[n].model).name));
        watts[size_t(columnOfNode[n])] += power.nodePower(nodes[n], NodeState::empty(nodes[n])).gpuWatts;
    }
    const Timeline& t = result_->timeline;
    std::vector<std::vector<double>> kw(watts.size(), std::vector<double>(t.size() + 1));
    std::vector<NodeState> states = t.initialStates();
    for (size_t i = 0;; ++i) {
        for (size_t m = 0; m < watts.size(); ++m)
            kw[m][i] = double(watts[m]) / 1000.0;
        if (i == t.size())
            break;
        t.advance(states, i, [&](const NodeMove& m, const NodeState& before, const NodeState& after) {
            if (columnOfNode[m.node] >= 0)
                watts[size_t(columnOfNode[m.node])] += power.nodePower(nodes[m.node], after).gpuWatts
                    - power.nodePower(nodes[m.node], before).gpuWatts;
        });
    }
    const Interpolation held = heldBetweenRows();
    for (const auto& [name, column] : columnOfName)
        series_.add({fmt::format("{}:{}", kGpuPowerByModelKey, name), fmt::format("{} GPU power", name), "kW", false,
                     held, false, false, kGpuPowerByModelFamily, name},
                    std::move(kw[column]));
}

void PodSchedulingRun::buildLayout()
{
    const auto& nodes = trace_->cluster.nodes;
    const auto& registry = trace_->cluster.registry;
    // A pod holds a share of a GPU (in milli): the legend reads as the exported chart's.
    layout_.layers = {OccupancyLayer{"Allocated share of each GPU", OccupancyLayer::Kind::Share, {}}};
    groupNodes_.resize(nodes.size());
    std::iota(groupNodes_.begin(), groupNodes_.end(), 0u);
    auto modelName = [&](uint32_t n) { return nodes[n].model == kNoGpuModel ? std::string("no GPU") : registry.model(nodes[n].model).name; };
    std::stable_sort(groupNodes_.begin(), groupNodes_.end(), [&](uint32_t a, uint32_t b) {
        return std::pair(modelName(a), nodes[a].name) < std::pair(modelName(b), nodes[b].name);
    });
    for (uint32_t n : groupNodes_) {
        const std::string model = modelName(n);
        if (layout_.categories.empty() || layout_.categories.back() != model)
            layout_.categories.push_back(model);
        layout_.groups.push_back({nodes[n].name, uint32_t(layout_.categories.size() - 1), layout_.cellCount,
                                  uint32_t(nodes[n].gpuCount)});
        layout_.cellCount += uint32_t(nodes[n].gpuCount);
    }
}

std::vector<RunSummaryValue> PodSchedulingRun::summary() const
{
    std::vector<RunSummaryValue> values;
    const auto power = series_.column(*series_.find("power_kw"));
    if (power.empty())
        return values;
    values.push_back({"peak_power_kw", "Peak cluster power", "kW", false, false,
                      *std::max_element(power.begin(), power.end())});
    if (result_->parameters.mode == SimulationMode::Replay) {
        // Each state's power holds until the next event: a sum of rectangles.
        const auto time = series_.column(0);
        double kwSeconds = 0;
        for (size_t i = 0; i + 1 < time.size(); ++i)
            kwSeconds += power[i] * (time[i + 1] - time[i]);
        values.push_back({"energy_kwh", "Energy", "kWh", false, false, kwSeconds / 3600.0});
    }
    return values;
}

RunWords PodSchedulingRun::words() const
{
    RunWords words;
    if (result_->parameters.mode == SimulationMode::Experiment)
        words.positionText = "{} arrived";
    return words;
}

std::vector<double> PodSchedulingRun::xMarks() const
{
    if (result_->parameters.mode == SimulationMode::Experiment)
        return {100.0, 130.0};
    return {};
}

std::unique_ptr<RunCursor> PodSchedulingRun::cursor() const
{
    return std::make_unique<PodSchedulingCursor>(*this);
}

std::string PodSchedulingRun::describeStep(size_t step) const
{
    const Step& s = result_->timeline.step(step);
    const PodSpec& pod = result_->sequence[s.pod];
    const std::string node = s.placement.placed() ? trace_->cluster.nodes[size_t(s.placement.node)].name : "";
    switch (s.kind) {
    case StepKind::Arrival:
        if (!s.placement.placed())
            return fmt::format("{} ({}) fits nowhere: {}", pod.name, podClassName(pod.podClass()),
                               result_->parameters.mode == SimulationMode::Replay ? "queued" : "failed");
        [[fallthrough]];
    case StepKind::Retry:
        return fmt::format("{} ({}) → {}, {}", pod.name, podClassName(pod.podClass()), node,
                           gpuIndices(s.placement.gpus));
    case StepKind::Departure:
        return fmt::format("{} leaves {}", pod.name, node);
    case StepKind::Expiry:
        return fmt::format("{} expired while pending: failed", pod.name);
    }
    return {};
}

ExplanationTable PodSchedulingRun::explain(size_t step) const
{
    ExplanationTable table;
    const Step& s = result_->timeline.step(step);
    const PodSpec& pod = result_->sequence[s.pod];
    // In the units the filtered-out reasons use, so a request reads against a node's free amount.
    table.subject = fmt::format("{} · {} · {} · {} · {}{}", pod.name, podClassName(pod.podClass()),
                                vcpuText(pod.cpuMilli), gibText(pod.memoryMib), gpuRequestText(pod.gpuCount, pod.gpuMilli),
                                pod.gpuSpec.empty() ? "" : " · gpu_spec " + pod.gpuSpec);
    if (s.kind == StepKind::Departure || s.kind == StepKind::Expiry) {
        table.outcome = describeStep(step);
        table.why = "not a scheduling decision";
        return table;
    }
    // Rebuild the cluster as it was just before the step and ask the scheduler again.
    ClusterState state(trace_->cluster, trace_->models->fragmentation, trace_->models->power);
    result_->timeline.seek(state, 0, step);
    const RunParameters& p = result_->parameters;
    Scheduler scheduler(p.policy, makeTieOrder(trace_->cluster.nodes, p.tieOrder, p.seed), p.seed);
    const DecisionExplanation e = scheduler.explain(state, pod, step);

    // Per plugin: what it measured (if it says), its raw score when normalisation changes it,
    // and the score that enters the total. A raw column equal to the score would say nothing.
    for (size_t k = 0; k < e.plugins.size(); ++k) {
        if (!e.measures[k].empty())
            table.columns.push_back(fmt::format("{} {}", e.plugins[k], e.measures[k]));
        if (e.minMax[k])
            table.columns.push_back(fmt::format("{} raw", e.plugins[k]));
        table.columns.push_back(fmt::format("{} score", e.plugins[k]));
    }
    table.columns.push_back("weighted total");
    table.columns.push_back("tie rank");
    const double none = std::numeric_limits<double>::quiet_NaN();
    for (const auto& c : e.candidates) {
        ExplanationTable::Row row{trace_->cluster.nodes[c.node].name, {}};
        const bool scored = !c.raw.empty();  // the single feasible node is taken unscored
        for (size_t k = 0; k < e.plugins.size(); ++k) {
            if (!e.measures[k].empty())
                row.values.push_back(scored ? c.measure[k] : none);
            if (e.minMax[k])
                row.values.push_back(scored ? double(c.raw[k]) : none);
            row.values.push_back(scored ? double(c.normalised[k]) : none);
        }
        row.values.push_back(scored ? double(c.total) : none);
        row.values.push_back(double(c.tieRank));
        table.rows.push_back(std::move(row));
    }
    // Ranked as the scheduler ranks them: highest total first, ties in the run's node order,
    // so the winner is the first row.
    std::vector<size_t> rank(e.candidates.size());
    std::iota(rank.begin(), rank.end(), size_t(0));
    std::stable_sort(rank.begin(), rank.end(), [&](size_t a, size_t b) {
        const auto& ca = e.candidates[a];
        const auto& cb = e.candidates[b];
        return ca.total != cb.total ? ca.total > cb.total : ca.tieRank < cb.tieRank;
    });
    std::vector<ExplanationTable::Row> ranked;
    for (size_t i : rank) {
        if (int64_t(e.candidates[i].node) == e.winner)
            table.winner = int(ranked.size());
        ranked.push_back(std::move(table.rows[i]));
    }
    table.rows = std::move(ranked);
    for (const auto& f : e.filtered)
        table.filtered.push_back({trace_->cluster.nodes[f.node].name, f.reason, f.group});
    table.outcome = describeStep(step);
    table.why = e.why;
    return table;
}

void PodSchedulingRun::blockFork(std::string file, std::string problem)
{
    forkBlockedFile_ = std::move(file);
    forkBlockedProblem_ = std::move(problem);
}

std::optional<std::string> PodSchedulingRun::forkProblem() const
{
    if (forkBlockedProblem_.empty())
        return std::nullopt;
    return fmt::format("{}: cannot fork this saved run: {}", forkBlockedFile_, forkBlockedProblem_);
}

std::unique_ptr<Run> PodSchedulingRun::fork(size_t position, const std::string& policy,
                                            const ProgressCallback& progress) const
{
    RunParameters p = result_->parameters;
    p.policy = PolicySpec::parse(policy);
    return fork(position, p, progress);
}

std::unique_ptr<PodSchedulingRun> PodSchedulingRun::fork(size_t position, const RunParameters& parameters,
                                                         const ProgressCallback& progress) const
{
    if (!forkBlockedProblem_.empty())
        throw InputError::fileLevel(forkBlockedFile_, "cannot fork this saved run: " + forkBlockedProblem_);
    auto forked = PodSimulation(*trace_->models, parameters).fork(*result_, position, progress);
    const std::string name = fmt::format("{} → {} at step {}", info_.name, parameters.policy.shortName(), position);
    return std::make_unique<PodSchedulingRun>(trace_, std::move(forked), name);
}

}  // namespace tessera
