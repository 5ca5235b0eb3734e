#include "training/rounds/RoundSimulation.h"

#include "training/rounds/JobOrdering.h"
#include "training/rounds/PackingRule.h"
#include "training/rounds/PalRule.h"
#include "training/rounds/PmFirstRule.h"
#include "training/rounds/RandomDraw.h"
#include "util/CountText.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <stdexcept>
#include <tuple>
#include <utility>

namespace tessera::rounds {

namespace {

void validateJobs(const std::vector<RoundJob>& jobs, uint32_t gpuCount)
{
    std::set<uint32_t> ids;
    for (const auto& job : jobs) {
        auto fail = [&](const std::string& problem) {
            throw std::invalid_argument(fmt::format("job {}: {}", job.id, problem));
        };
        if (!ids.insert(job.id).second)
            fail("the id is used twice");
        if (job.width == 0 || job.width > gpuCount)
            fail(fmt::format("needs {} GPUs; the cluster has {}", job.width, gpuCount));
        if (job.classIndex >= kRoundClasses)
            fail(fmt::format("class index {} is not one of 0..3 (classA..classD)", job.classIndex));
        if (!(job.iterationS > 0) || !std::isfinite(job.iterationS))
            fail(fmt::format("iteration time {} s is not positive", job.iterationS));
        if (!(job.totalIterations > 0) || !std::isfinite(job.totalIterations))
            fail(fmt::format("{} iterations is not positive", job.totalIterations));
        if (!(job.submitS >= 0) || !std::isfinite(job.submitS))
            fail(fmt::format("submit time {} s is negative or not finite", job.submitS));
    }
}

}  // namespace

RoundSimulation::RoundSimulation(std::vector<RoundJob> jobs, RoundCluster cluster, RoundParameters parameters)
    : jobs_(std::move(jobs)), cluster_(std::move(cluster)), parameters_(parameters)
{
    cluster_.validate();
    if (!(parameters_.roundS > 0) || !std::isfinite(parameters_.roundS))
        throw std::invalid_argument(fmt::format("the round length {} s is not positive", parameters_.roundS));
    if (!(parameters_.locality > 0) || !std::isfinite(parameters_.locality))
        throw std::invalid_argument(fmt::format("the locality penalty {} is not positive", parameters_.locality));
    validateJobs(jobs_, cluster_.gpuCount());
    std::sort(jobs_.begin(), jobs_.end(),
              [](const RoundJob& a, const RoundJob& b) { return std::tie(a.submitS, a.id) < std::tie(b.submitS, b.id); });
    for (uint32_t c = 0; c < kRoundClasses; ++c)
        palOrder_[c] = palTraversalOrder(cluster_.binnedSf[c], parameters_.locality);
}

RoundState RoundSimulation::initialState() const
{
    RoundState state;
    state.jobs.resize(jobs_.size());
    skipIdleRounds(state);
    return state;
}

void RoundSimulation::skipIdleRounds(RoundState& state) const
{
    const bool idle = std::none_of(state.jobs.begin(), state.jobs.end(),
                                   [](const JobProgress& p) { return p.phase == JobPhase::Active; });
    if (!idle || state.nextArrival >= jobs_.size())
        return;
    // The first boundary T = k*R at or after the next submit time (a job arriving mid-round waits).
    const double submit = jobs_[state.nextArrival].submitS;
    auto k = uint32_t(std::floor(submit / parameters_.roundS));
    while (double(k) * parameters_.roundS < submit)
        ++k;
    state.round = std::max(state.round, k);
}

PlacementFlow RoundSimulation::flowFor(Rng& rng) const
{
    const double locality = parameters_.locality;
    auto freeList = [](const std::vector<char>& freeMask) {
        GpuList gpus;
        for (uint32_t g = 0; g < freeMask.size(); ++g)
            if (freeMask[g])
                gpus.push_back(g);
        return gpus;
    };
    // Records the one set a baseline rule considers: it ranks no alternatives, so the inspector
    // lists that set alone (cost 0: nothing ranked) rather than inventing candidates.
    auto noteSet = [this, locality](uint32_t job, const std::optional<GpuList>& gpus, std::string step,
                                    const char* rule, const std::vector<char>& freeMask,
                                    std::vector<CandidateSet>* trail) {
        if (!trail)
            return;
        auto candidate = describeCandidate(cluster_, jobs_[job].classIndex, locality, std::move(step),
                                           gpus.value_or(GpuList{}));
        candidate.chosen = gpus.has_value();
        candidate.note = gpus ? fmt::format("the one set the rule considers: {}", rule)
                              : fmt::format("no room: only {}",
                                            countText(size_t(std::count(freeMask.begin(), freeMask.end(), char(1))),
                                                      "free GPU"));
        trail->push_back(std::move(candidate));
    };
    PlacementFlow flow;
    flow.sticky = isSticky(parameters_.placement);
    switch (parameters_.placement) {
    case RoundPlacement::Pal:
        flow.classSort = true;
        flow.choose = [this, freeList, locality](uint32_t job, const std::vector<char>& freeMask,
                                                 std::vector<CandidateSet>* trail) {
            const auto& j = jobs_[job];
            return palPlace(cluster_, j.classIndex, palOrder_[j.classIndex], freeList(freeMask), j.width, locality,
                            trail);
        };
        break;
    case RoundPlacement::PmFirst:
        flow.classSort = true;
        flow.choose = [this, freeList, locality](uint32_t job, const std::vector<char>& freeMask,
                                                 std::vector<CandidateSet>* trail) {
            const auto& j = jobs_[job];
            const GpuList pool = freeList(freeMask);
            return trail ? pmFirstPlace(cluster_, j.classIndex, pool, j.width, locality, *trail)
                         : pmFirstPlace(cluster_, j.classIndex, pool, j.width);
        };
        break;
    case RoundPlacement::Packed:
    case RoundPlacement::PackedSticky:
        flow.preemptTail = flow.sticky;
        flow.choose = [this, noteSet](uint32_t job, const std::vector<char>& freeMask, std::vector<CandidateSet>* trail) {
            auto packing = packGpus(cluster_, freeMask, jobs_[job].width);
            std::optional<GpuList> gpus;
            if (packing)
                gpus = packing->gpus;
            noteSet(job, gpus, packing ? packing->step : "packing", "exact fit, else best fit, else spread", freeMask,
                    trail);
            return gpus;
        };
        break;
    case RoundPlacement::Random:
    case RoundPlacement::RandomSticky:
        flow.choose = [this, &rng, noteSet](uint32_t job, const std::vector<char>& freeMask,
                                            std::vector<CandidateSet>* trail) {
            auto gpus = drawGpus(freeMask, jobs_[job].width, rng);
            noteSet(job, gpus, "random draw", "a uniform draw from the free GPUs", freeMask, trail);
            return gpus;
        };
        break;
    }
    return flow;
}

RoundSimulation::StepOutcome RoundSimulation::step(RoundState& state, RoundDecision* decision) const
{
    const double roundS = parameters_.roundS;
    const double now = double(state.round) * roundS;
    // 1. Advance: the running jobs gain R / (t_iter * pm_penalty * locality_penalty) iterations.
    for (size_t i = 0; i < jobs_.size(); ++i) {
        JobProgress& p = state.jobs[i];
        if (p.phase != JobPhase::Active || p.gpus.empty())
            continue;
        p.iterations += roundS / (jobs_[i].iterationS * p.pmPenalty * p.localityPenalty);
        p.attainedS += roundS;
        if (p.iterations >= jobs_[i].totalIterations) {
            p.phase = JobPhase::Done;
            p.gpus.clear();
            ++state.done;
        }
    }
    // 2. Admit.
    while (state.nextArrival < jobs_.size() && jobs_[state.nextArrival].submitS <= now)
        state.jobs[state.nextArrival++].phase = JobPhase::Active;
    // 3. Order.
    std::vector<uint32_t> active;
    for (uint32_t i = 0; i < jobs_.size(); ++i)
        if (state.jobs[i].phase == JobPhase::Active)
            active.push_back(i);
    const std::vector<uint32_t> order = orderJobs(parameters_.scheduler, jobs_, state.jobs, active);
    // 4. Place.
    std::vector<GpuList> before;
    for (uint32_t i : active)
        before.push_back(state.jobs[i].gpus);
    if (decision) {
        decision->round = state.round;
        decision->timeS = now;
    }
    Rng rng = Rng::stream(parameters_.seed, kDecisionStream, state.round);
    placeRound(flowFor(rng), cluster_, jobs_, state.jobs, order, decision);
    // 5. Rate every running job by its set and this simulation's L; count preemptions. A job
    // that keeps its set is rated again too: after a fork with another L, a running job runs
    // at the new L from the fork's first round, as in a run that had that L from there on.
    StepOutcome outcome;
    RoundRecord& record = outcome.record;
    record.round = state.round;
    record.timeS = now;
    uint32_t busy = 0;
    for (size_t a = 0; a < active.size(); ++a) {
        JobProgress& p = state.jobs[active[a]];
        if (!p.gpus.empty()) {
            p.pmPenalty = cluster_.pmPenalty(jobs_[active[a]].classIndex, p.gpus);
            p.localityPenalty = cluster_.spansNodes(p.gpus) ? parameters_.locality : 1.0;
        }
        if (!before[a].empty() && p.gpus != before[a]) {
            outcome.preempted.push_back(active[a]);
            if (decision)
                decision->preemptedJobs.push_back(jobs_[active[a]].id);
        }
        busy += uint32_t(p.gpus.size());
        (p.gpus.empty() ? record.jobsQueued : record.jobsRunning) += 1;
    }
    record.freeGpus = cluster_.gpuCount() - busy;
    record.utilisation = double(busy) / double(cluster_.gpuCount());
    record.preemptions = uint32_t(outcome.preempted.size());
    ++state.round;
    return outcome;
}

RoundRunResult RoundSimulation::run() const
{
    RoundProgress progress = start();
    advance(progress);
    return finish(std::move(progress));
}

RoundProgress RoundSimulation::start() const
{
    RoundProgress progress;
    progress.state = initialState();
    progress.lastBy = this;
    std::vector<JobRecord>& records = progress.result.jobs;
    records.resize(jobs_.size());
    for (size_t i = 0; i < jobs_.size(); ++i) {
        records[i].id = jobs_[i].id;
        records[i].width = jobs_[i].width;
        records[i].classIndex = jobs_[i].classIndex;
        records[i].arrivalS = jobs_[i].submitS;
    }
    return progress;
}

bool RoundSimulation::sameWorld(const RoundSimulation& other) const
{
    return jobs_ == other.jobs_ && cluster_ == other.cluster_;
}

void RoundSimulation::advance(RoundProgress& progress, size_t records) const
{
    RoundState& state = progress.state;
    RoundRunResult& result = progress.result;
    if (state.jobs.size() != jobs_.size() || result.jobs.size() != jobs_.size()
        || (progress.lastBy && progress.lastBy != this && !sameWorld(*progress.lastBy)))
        throw std::invalid_argument("the run under way simulates other jobs or another cluster");
    if (progress.lastBy != this && state.done < jobs_.size()) {
        // A fork takes over: its rounds are explained from here, with its own parameters.
        skipIdleRounds(state);
        if (result.checkpoints.empty() || result.checkpoints.back().record != result.rounds.size())
            result.checkpoints.push_back({result.rounds.size(), state});
    }
    progress.lastBy = this;
    std::vector<GpuList> before(jobs_.size());
    while (state.done < jobs_.size() && result.rounds.size() < records) {
        skipIdleRounds(state);
        if (result.rounds.size() % kCheckpointEvery == 0
            && (result.checkpoints.empty() || result.checkpoints.back().record != result.rounds.size()))
            result.checkpoints.push_back({result.rounds.size(), state});
        for (size_t i = 0; i < jobs_.size(); ++i)
            before[i] = state.jobs[i].gpus;
        const uint32_t round = state.round;
        const double now = double(round) * parameters_.roundS;
        StepOutcome outcome = step(state, nullptr);
        for (uint32_t i : outcome.preempted)
            ++result.jobs[i].preemptions;
        for (size_t i = 0; i < jobs_.size(); ++i) {
            const JobProgress& p = state.jobs[i];
            JobRecord& job = result.jobs[i];
            // A span is one set at one rate: a job kept on its set at another rate (a fork's
            // L) starts a new span, with no preemption.
            const bool rerated = p.gpus == before[i] && !p.gpus.empty()
                && (job.placements.back().pmPenalty != p.pmPenalty
                    || job.placements.back().localityPenalty != p.localityPenalty);
            if (p.gpus == before[i] && !rerated)
                continue;
            if (!before[i].empty()) {
                PlacementSpan& open = job.placements.back();
                open.toRound = round;
                open.endS = now;
                job.gpuHours += (now - open.startS) * job.width / 3600.0;
            }
            if (!p.gpus.empty()) {
                if (job.placements.empty())
                    job.firstStartS = now;
                job.placements.push_back({round, round, now, now, p.gpus, p.pmPenalty, p.localityPenalty});
            }
            if (p.phase == JobPhase::Done) {
                job.endS = now;
                job.jctS = now - job.arrivalS;
            }
        }
        // Only rounds with a job admitted and unfinished are recorded: not the round at which
        // the last running jobs completed with none waiting (the rounds CSV, the series and
        // the summary's utilisation agree).
        if (outcome.record.jobsRunning + outcome.record.jobsQueued > 0)
            result.rounds.push_back(outcome.record);
    }
}

RoundRunResult RoundSimulation::finish(RoundProgress progress) const
{
    if (progress.state.done < jobs_.size())
        advance(progress);
    RoundRunResult result = std::move(progress.result);
    std::sort(result.jobs.begin(), result.jobs.end(), [](const JobRecord& a, const JobRecord& b) { return a.id < b.id; });
    result.summary = summarise(result.rounds, result.jobs);
    return result;
}

RoundDecision RoundSimulation::explainRound(const RoundRunResult& result, uint32_t round) const
{
    const auto recorded = std::find_if(result.rounds.begin(), result.rounds.end(),
                                       [round](const RoundRecord& r) { return r.round == round; });
    if (recorded == result.rounds.end())
        throw std::out_of_range(fmt::format("round {} was not recorded in this run", round));
    const size_t index = size_t(recorded - result.rounds.begin());
    // The last saved state at or before the round.
    const auto after = std::upper_bound(result.checkpoints.begin(), result.checkpoints.end(), index,
                                        [](size_t i, const RoundCheckpoint& c) { return i < c.record; });
    if (after == result.checkpoints.begin())
        throw std::out_of_range(fmt::format("round {} has no saved state before it", round));
    const RoundCheckpoint& checkpoint = *(after - 1);
    // Replayed by round number: the rounds between are not all recorded.
    RoundState state = checkpoint.state;
    for (skipIdleRounds(state); state.round < round; skipIdleRounds(state))
        step(state, nullptr);
    if (state.round != round)
        throw std::logic_error(fmt::format("round {} was not reached from its saved state", round));
    RoundDecision decision;
    step(state, &decision);
    return decision;
}

}  // namespace tessera::rounds
