#include "training/placement/TrainingPlacementRun.h"

#include "training/placement/RoundExplanationTable.h"
#include "training/placement/TrainingPlacementCursor.h"
#include "training/JctStatistics.h"
#include "training/placement/TrainingPlacementText.h"
#include "training/placement/TrainingRunName.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <utility>
#include <vector>

namespace tessera {

using namespace rounds;

std::string placementLabel(RoundPlacement placement)
{
    switch (placement) {
    case RoundPlacement::Pal: return "PAL";
    case RoundPlacement::PmFirst: return "PM-First";
    case RoundPlacement::Packed: return "Packed";
    case RoundPlacement::PackedSticky: return "Packed (sticky)";
    case RoundPlacement::Random: return "Random";
    case RoundPlacement::RandomSticky: return "Random (sticky)";
    }
    return "?";
}

std::string schedulerLabel(RoundScheduler scheduler)
{
    switch (scheduler) {
    case RoundScheduler::Fifo: return "FIFO";
    case RoundScheduler::Las: return "LAS";
    case RoundScheduler::Srtf: return "SRTF";
    }
    return "?";
}

namespace {

// A job as the Gantt shows it when hovered or selected: its class, width, extent and slowdown
// (pm penalty x locality, weighted by the time of each placement), and each placement.
RunSubject jobSubject(const JobRecord& job, const RoundCluster& cluster)
{
    RunSubject subject;
    subject.name = fmt::format("job {}", job.id);
    double weighted = 0, held = 0;
    for (const PlacementSpan& span : job.placements) {
        const double seconds = span.endS - span.startS;
        weighted += seconds * span.pmPenalty * span.localityPenalty;
        held += seconds;
        std::vector<uint32_t> nodes;
        for (uint32_t g : span.gpus)
            if (std::find(nodes.begin(), nodes.end(), cluster.nodeOf(g)) == nodes.end())
                nodes.push_back(cluster.nodeOf(g));
        subject.spans.push_back({span.startS / 3600.0, span.endS / 3600.0,
                                 fmt::format("rounds {}-{} ({:.2f}-{:.2f} h) · {} · pm penalty {:.3f} · locality {:g}× "
                                             "({} node{})",
                                             span.fromRound, span.toRound, span.startS / 3600.0, span.endS / 3600.0,
                                             gpusText(span.gpus), span.pmPenalty, span.localityPenalty, nodes.size(),
                                             nodes.size() == 1 ? "" : "s")});
    }
    subject.details = fmt::format("job {} · {} · {} GPU{} · arrived {:.2f} h · ran {:.2f}-{:.2f} h · slowdown {:.3f}× · "
                                  "{} preemption{}",
                                  job.id, classLabel(job.classIndex), job.width, job.width == 1 ? "" : "s",
                                  job.arrivalS / 3600.0, job.firstStartS / 3600.0, job.endS / 3600.0,
                                  held > 0 ? weighted / held : 1.0, job.preemptions, job.preemptions == 1 ? "" : "s");
    return subject;
}

std::string phaseText(const RoundParameters& p)
{
    return fmt::format("{}, {}, L {:g}", placementName(p.placement), schedulerName(p.scheduler), p.locality);
}

}  // namespace

std::unique_ptr<TrainingPlacementRun> TrainingPlacementRun::simulate(
    std::shared_ptr<const TrainingPlacementInputs> inputs, TrainingClusterSetup setup,
    std::vector<TrainingPlacementPhase> phases, std::string name)
{
    if (phases.empty() || phases.front().fromRecord != 0)
        throw std::invalid_argument("a training-placement run needs a first phase from round 0");
    const RoundCluster cluster = inputs->cluster(setup.nodes, setup.gpusPerNode, setup.seed, setup.variability);
    std::vector<Phase> built;
    for (const TrainingPlacementPhase& phase : phases) {
        if (!built.empty() && phase.fromRecord <= built.back().fromRecord)
            throw std::invalid_argument("the phases of a training-placement run must start at increasing rounds");
        if (phase.parameters.roundS != phases.front().parameters.roundS)
            throw std::invalid_argument("a fork cannot change the round length");
        RoundParameters parameters = phase.parameters;
        parameters.seed = setup.seed;
        built.push_back({phase.fromRecord, parameters,
                         std::make_shared<const RoundSimulation>(inputs->jobs(), cluster, parameters)});
    }
    return std::unique_ptr<TrainingPlacementRun>(
        new TrainingPlacementRun(std::move(inputs), setup, std::move(built), std::move(name)));
}

TrainingPlacementRun::TrainingPlacementRun(std::shared_ptr<const TrainingPlacementInputs> inputs,
                                           TrainingClusterSetup setup, std::vector<Phase> phases, std::string name)
    : inputs_(std::move(inputs)), setup_(setup), phases_(std::move(phases))
{
    // Each phase's simulation runs its stretch of one shared progress: the rounds before a fork
    // are the parent's exactly (the simulation is a function of its state).
    RoundProgress progress = phases_.front().simulation->start();
    for (size_t i = 0; i < phases_.size(); ++i) {
        const size_t until = i + 1 < phases_.size() ? phases_[i + 1].fromRecord : std::numeric_limits<size_t>::max();
        phases_[i].simulation->advance(progress, until);
    }
    result_ = phases_.back().simulation->finish(std::move(progress));
    buildInfo(std::move(name));
    buildSeries();
    buildLayout();
    buildIntervals();
}

std::string trainingRunName(const RoundParameters& parameters, uint64_t seed)
{
    return fmt::format("{} · {} · seed {}", placementLabel(parameters.placement), schedulerLabel(parameters.scheduler),
                       seed);
}

void TrainingPlacementRun::buildInfo(std::string name)
{
    const RoundParameters& first = phases_.front().parameters;
    info_.kind = kKind;
    info_.policy = std::string(placementName(parameters().placement));
    info_.seed = setup_.seed;
    info_.mode = "place";
    info_.name = name.empty() ? trainingRunName(first, setup_.seed) : std::move(name);
    info_.parameters = {
        {"jobs", inputs_->traceName()},
        {"cluster", fmt::format("{} × {} GPUs", setup_.nodes, setup_.gpusPerNode)},
        {"scheduler", std::string(schedulerName(first.scheduler))},
        {"locality L", fmt::format("{:g}", first.locality)},
        {"round (s)", fmt::format("{:g}", first.roundS)},
        {"variability", inputs_->profiles()
                            ? fmt::format("{}, {}", inputs_->variabilityName(), variabilityModeName(setup_.variability))
                            : std::string("none")},
    };
    for (size_t i = 1; i < phases_.size(); ++i) {
        const size_t from = phases_[i].fromRecord;
        const std::string at = from < result_.rounds.size() ? fmt::format("from round {}", result_.rounds[from].round)
                                                            : std::string("after the last round");
        info_.parameters.emplace_back(at, phaseText(phases_[i].parameters));
    }
}

double TrainingPlacementRun::hoursAt(size_t position) const
{
    if (position == 0)
        return 0;
    return result_.rounds[std::min(position, result_.rounds.size()) - 1].timeS / 3600.0;
}

void TrainingPlacementRun::buildSeries()
{
    const size_t rows = result_.rounds.size() + 1;
    const double gpus = double(cluster().gpuCount());
    // Jobs completed by each recorded round: a job completes at the round its last span ends,
    // and counts from the first recorded round at or after it; the round at which the last
    // jobs complete is not recorded (no job is left), so those count at the last position.
    std::vector<double> completedAt(rows, 0);
    for (const JobRecord& job : result_.jobs) {
        const auto at = std::lower_bound(result_.rounds.begin(), result_.rounds.end(), job.endS,
                                         [](const RoundRecord& r, double t) { return r.timeS < t; });
        if (rows > 1)
            completedAt[std::min(size_t(at - result_.rounds.begin()) + 1, rows - 1)] += 1;
    }
    for (size_t p = 1; p < rows; ++p)
        completedAt[p] += completedAt[p - 1];
    auto column = [&](auto value) {
        std::vector<double> values(rows);
        values[0] = value(nullptr);
        for (size_t p = 1; p < rows; ++p)
            values[p] = value(&result_.rounds[p - 1]);
        return values;
    };
    // A round's state holds until the next round: every metric is a step.
    auto metric = [](std::string key, std::string label, std::string unit, bool count, bool headline,
                     bool higherIsBetter) {
        return MetricInfo{std::move(key), std::move(label), std::move(unit), count, Interpolation::Step,
                          headline, higherIsBetter};
    };
    series_.add(metric("time_h", "Time", "h", false, false, true),
                column([](const RoundRecord* r) { return r ? r->timeS / 3600.0 : 0.0; }));
    series_.add(metric("jobs_running", "Jobs running", "jobs", true, false, true),
                column([](const RoundRecord* r) { return r ? double(r->jobsRunning) : 0.0; }));
    series_.add(metric("jobs_queued", "Jobs queued", "jobs", true, false, false),
                column([](const RoundRecord* r) { return r ? double(r->jobsQueued) : 0.0; }));
    series_.add(metric("free_gpus", "Free GPUs", "GPUs", true, false, false),
                column([gpus](const RoundRecord* r) { return r ? double(r->freeGpus) : gpus; }));
    series_.add(metric("utilisation_pct", "GPU utilisation", "%", false, true, true),
                column([](const RoundRecord* r) { return r ? 100.0 * r->utilisation : 0.0; }));
    series_.add(metric("preemptions", "Preemptions", "jobs", true, false, false),
                column([](const RoundRecord* r) { return r ? double(r->preemptions) : 0.0; }));
    series_.add(metric("jobs_completed", "Jobs completed", "jobs", true, true, true), std::move(completedAt));
}

void TrainingPlacementRun::buildLayout()
{
    const RoundCluster& c = cluster();
    layout_.categories = {fmt::format("{} GPUs per node", c.gpusPerNode)};
    layout_.unitName = "GPU";
    for (uint32_t n = 0; n < c.nodes; ++n)
        layout_.groups.push_back({nodeName(n), 0, n * c.gpusPerNode, c.gpusPerNode, 1});  // a GPU a unit
    layout_.cellCount = c.gpuCount();
    layout_.layers = {OccupancyLayer{"Busy", OccupancyLayer::Kind::Share, {}, true},
                      OccupancyLayer{"Job class", OccupancyLayer::Kind::Category,
                                     {classLabel(0), classLabel(1), classLabel(2), classLabel(3)}},
                      OccupancyLayer{"Variability score of the job's class", OccupancyLayer::Kind::Share, {}, false,
                                     "fastest GPU", "slowest GPU"},
                      OccupancyLayer{"Job", OccupancyLayer::Kind::Category, {}}};
    for (const JobRecord& job : result_.jobs)
        layout_.layers[kJobLayer].categories.push_back(fmt::format("job {}", job.id));
}

void TrainingPlacementRun::buildIntervals()
{
    const RoundCluster& c = cluster();
    gpuSpans_.assign(c.gpuCount(), {});
    for (uint32_t g = 0; g < c.gpuCount(); ++g)
        intervals_.lanes.push_back(fmt::format("node {} · GPU {}", c.nodeOf(g), g));
    for (uint32_t k = 0; k < kRoundClasses; ++k)
        intervals_.categories.push_back(classLabel(k));
    for (size_t j = 0; j < result_.jobs.size(); ++j) {
        const JobRecord& job = result_.jobs[j];
        intervals_.subjects.push_back(jobSubject(job, c));
        for (const PlacementSpan& span : job.placements)
            for (uint32_t g : span.gpus) {
                gpuSpans_[g].push_back({span.fromRound, span.toRound, int32_t(j)});
                intervals_.intervals.push_back({g, span.startS / 3600.0, span.endS / 3600.0,
                                                fmt::format("job {}", job.id), int32_t(job.classIndex), int32_t(j)});
            }
    }
    for (auto& spans : gpuSpans_)
        std::sort(spans.begin(), spans.end(), [](const GpuSpan& a, const GpuSpan& b) { return a.fromRound < b.fromRound; });
    std::stable_sort(intervals_.intervals.begin(), intervals_.intervals.end(),
                     [](const RunInterval& a, const RunInterval& b) {
                         return a.lane != b.lane ? a.lane < b.lane : a.fromX < b.fromX;
                     });
}

void TrainingPlacementRun::occupantsAt(size_t position, std::vector<int32_t>& jobs) const
{
    jobs.assign(gpuSpans_.size(), -1);
    if (position == 0 || result_.rounds.empty())
        return;
    const uint32_t round = result_.rounds[std::min(position, result_.rounds.size()) - 1].round;
    for (size_t g = 0; g < gpuSpans_.size(); ++g) {
        const auto& spans = gpuSpans_[g];
        auto after = std::upper_bound(spans.begin(), spans.end(), round,
                                      [](uint32_t r, const GpuSpan& s) { return r < s.fromRound; });
        if (after != spans.begin() && round < (after - 1)->toRound)
            jobs[g] = (after - 1)->job;
    }
}

std::unique_ptr<RunCursor> TrainingPlacementRun::cursor() const
{
    return std::make_unique<TrainingPlacementCursor>(*this);
}

std::string TrainingPlacementRun::describeStep(size_t step) const
{
    if (step >= result_.rounds.size())
        return {};
    const RoundRecord& r = result_.rounds[step];
    return fmt::format("round {} at {:.2f} h: {} jobs running, {} queued, {} GPUs free, utilisation {:.1f}%, "
                       "{} preempted",
                       r.round, r.timeS / 3600.0, r.jobsRunning, r.jobsQueued, r.freeGpus, 100.0 * r.utilisation,
                       r.preemptions);
}

const TrainingPlacementRun::Phase& TrainingPlacementRun::phaseOf(size_t record) const
{
    const Phase* phase = &phases_.front();
    for (const Phase& p : phases_)
        if (p.fromRecord <= record)
            phase = &p;
    return *phase;
}

ExplanationTable TrainingPlacementRun::explain(size_t step) const
{
    if (step >= result_.rounds.size())
        return {};
    const Phase& phase = phaseOf(step);
    const RoundDecision decision = phase.simulation->explainRound(result_, result_.rounds[step].round);
    return roundExplanationTable(decision, phase.parameters, cluster());
}

std::vector<double> TrainingPlacementRun::afterEnd() const
{
    if (series_.rows() == 0)
        return {};
    std::vector<double> row;
    for (size_t c = 0; c < series_.columns(); ++c)
        row.push_back(series_.column(c).back());
    const auto set = [&](const char* key, double value) { row[*series_.find(key)] = value; };
    set("jobs_running", 0);
    set("jobs_queued", 0);
    set("free_gpus", double(cluster().gpuCount()));
    set("utilisation_pct", 0);
    set("preemptions", 0);
    set("jobs_completed", double(result_.jobs.size()));
    return row;
}

std::vector<RunSummaryValue> TrainingPlacementRun::summary() const
{
    const RoundSummary& s = result_.summary;
    // The JCT quantiles come from distributions() (p50, p90, p99 of "Job completion time"), so
    // they are not summaries too; the whole-run preemptions are named apart from the series'
    // per-round "Preemptions".
    return {{"mean_jct_h", "Job completion time, mean", "h", false, false, s.meanJctS / 3600.0},
            {"geomean_jct_h", "Job completion time, geometric mean", "h", false, false, s.geomeanJctS / 3600.0},
            {"makespan_h", "Makespan", "h", false, false, s.makespanS / 3600.0},
            {"mean_utilisation_pct", "Mean GPU utilisation", "%", true, false, 100.0 * s.meanUtilisation},
            {"preemptions", "Preemptions, whole run", "jobs", false, true, double(s.totalPreemptions)},
            {"responsiveness_h", "Mean wait before the first start", "h", false, false,
             s.meanResponsivenessS / 3600.0}};
}

std::vector<Distribution> TrainingPlacementRun::distributions() const
{
    return {jctDistribution(result_.jobs)};
}

std::string TrainingPlacementRun::perfVarKey(size_t classIndex)
{
    return fmt::format("perf_var_{}", char('a' + classIndex));
}

std::string TrainingPlacementRun::binnedSfKey(size_t classIndex)
{
    return fmt::format("binned_sf_{}", char('a' + classIndex));
}

std::vector<CellValues> TrainingPlacementRun::cellValues() const
{
    const rounds::RoundCluster& c = cluster();
    std::vector<CellValues> tables;
    for (size_t k = 0; k < rounds::kRoundClasses; ++k) {
        const char letter = char('A' + k);
        tables.push_back({perfVarKey(k), fmt::format("PerfVar, class {}", letter), "×", c.perfVar[k]});
        tables.push_back({binnedSfKey(k), fmt::format("Slowdown bin, class {}", letter), "×", c.binnedSf[k]});
    }
    return tables;
}

RunWords TrainingPlacementRun::kindWords()
{
    return {.step = "round",
            .steps = "rounds",
            .candidate = "GPU set",
            .candidates = "GPU sets",
            .feasible = "considered",
            .filtered = "not placed",
            .occupancy = "GPUs by job",
            .groupHeatmap = "GPUs busy per node",
            .group = "node",
            .groups = "nodes",
            .groupBands = "node size",
            .occupant = "job",
            .occupants = "jobs",
            .inspector = "Round inspector",
            .positionText = "{}"};
}

std::unique_ptr<Run> TrainingPlacementRun::fork(size_t position, const std::string& policy,
                                                const ProgressCallback&) const
{
    const auto placement = parsePlacement(policy);
    if (!placement)
        throw std::invalid_argument(fmt::format("\"{}\" is no training placement policy", policy));
    RoundParameters next = parameters();
    next.placement = *placement;
    return forkWith(position, next);
}

std::unique_ptr<TrainingPlacementRun> TrainingPlacementRun::forkWith(size_t position, RoundParameters next) const
{
    position = std::min(position, steps());
    std::vector<TrainingPlacementPhase> phases;
    for (const Phase& phase : phases_)
        if (phase.fromRecord < position)
            phases.push_back({phase.fromRecord, phase.parameters});
    phases.push_back({position, next});
    const std::string name = fmt::format("{} → {} at round {} ({:.2f} h)", info_.name,
                                         fmt::format("{} · {} · L {:g}", placementLabel(next.placement),
                                                     schedulerLabel(next.scheduler), next.locality),
                                         position, hoursAt(position));
    return simulate(inputs_, setup_, std::move(phases), name);
}

}  // namespace tessera
