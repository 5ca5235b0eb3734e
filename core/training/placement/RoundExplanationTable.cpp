#include "training/placement/RoundExplanationTable.h"

#include "training/placement/TrainingPlacementRun.h"
#include "training/placement/TrainingPlacementText.h"
#include "util/CountText.h"

#include <fmt/format.h>

#include <limits>
#include <string>
#include <vector>

namespace tessera {

using namespace rounds;

namespace {

constexpr double kNone = std::numeric_limits<double>::quiet_NaN();  // a cell that shows text or "–"

std::string statusOf(const CandidateSet& candidate)
{
    if (candidate.chosen)
        return "chosen";
    if (!candidate.reached)
        return "not reached";
    return candidate.gpus.empty() ? "no room" : "tried";
}

std::string ruleText(const RoundParameters& p, const RoundCluster& cluster)
{
    std::string why;
    switch (p.placement) {
    case RoundPlacement::Pal:
        why = fmt::format("PAL: jobs sorted by class (A first) within the prefix that fits; a job of 2 to {} GPUs takes "
                          "the cheapest step with room, within one node at cost v before across nodes at v × L = v × "
                          "{:g} (v: the step's slowdown bin); jobs of 1 GPU or wider than a node ({}) go to PM-First, "
                          "lowest bin first",
                          cluster.gpusPerNode, p.locality, countText(cluster.gpusPerNode, "GPU"));
        break;
    case RoundPlacement::PmFirst:
        why = "PM-First: jobs sorted by class (A first); each takes the N free GPUs of the lowest slowdown bin with "
              "room, preferring nodes whose same-bin free GPUs match N; locality is not weighed";
        break;
    case RoundPlacement::Packed:
    case RoundPlacement::PackedSticky:
        why = "Packed: one set per job, an exact-fit node, else the best-fitting node, else spread over the nodes with "
              "the most free GPUs; variability is not considered, so there are no alternatives to list";
        break;
    case RoundPlacement::Random:
    case RoundPlacement::RandomSticky:
        why = "Random: one set per job, a uniform draw of the free GPUs; variability and locality are not considered, "
              "so there are no alternatives to list";
        break;
    }
    if (isSticky(p.placement))
        why += "; sticky: a running job keeps its GPUs";
    return why;
}

std::vector<std::string> columnHelp(const RoundParameters& p)
{
    return {
        "job: the job placed (or not) this round, its id, width (the GPUs it needs) and class (A the most "
        "variability-sensitive, D the least). One row per step of the placement rule, in the order the rule walks them.",
        "step: the step of the placement rule. PAL: \"within ≤ v\" takes the job's GPUs in one node among the free GPUs of "
        "binned slowdown at most v, \"across ≤ v\" from any nodes; PM-First: \"PM-First ≤ v\", the lowest bin v with "
        "room. Packed and Random consider a single set.",
        "GPUs: the set the step gives; for a step not reached, the set it would have given. \"no GPUs\": too few free "
        "GPUs fit the step.",
        "max sf: the largest binned slowdown factor over the set. Each GPU's measured score is clustered into bins "
        "(k-means), and a bin's factor is its centre over the median bin's: 1.0 is the median bin, lower is faster. "
        "PAL and PM-First place by it.",
        "pm penalty: the job's measured slowdown on this set, the largest per-GPU score (measured run time over the "
        "profile's median) over its GPUs, since the slowest GPU gates the job. The job's iteration time is multiplied "
        "by it.",
        fmt::format("locality: the locality penalty, L = {:g} when the set spans nodes, 1 within one node. The job's "
                    "iteration time is multiplied by it.",
                    p.locality),
        "cost: what the rule ranks its steps by. PAL: v within a node, v × L across nodes (v the step's bin); the "
        "cheapest step with room is taken. PM-First: the bin v (× L when the set spans nodes), lowest first. Packed "
        "and Random rank nothing (–).",
        "status: chosen, the step the job took; no room, tried and too few free GPUs fit; not reached, after the "
        "chosen step (greyed: the rule never tried it); kept, a sticky job kept its GPUs.",
        "note: why the step was taken, found no room or was not reached.",
    };
}

}  // namespace

ExplanationTable roundExplanationTable(const RoundDecision& decision, const RoundParameters& p,
                                       const RoundCluster& cluster)
{
    ExplanationTable table;
    // The app names the round already: the subject says when it was and by which rules.
    table.subject = fmt::format("{:.2f} h: {} placement, {} order, L {:g}", decision.timeS / 3600.0,
                                placementLabel(p.placement), schedulerLabel(p.scheduler), p.locality);
    table.candidateColumn = "job";
    table.columns = {"step", "GPUs", "max sf", "pm penalty", "locality", "cost", "status", "note"};
    table.columnHelp = columnHelp(p);
    size_t placed = 0;
    for (const JobDecision& job : decision.jobs) {
        const std::string name =
            fmt::format("job {} ({}, {})", job.jobId, countText(job.width, "GPU"), char('A' + job.classIndex));
        placed += job.placed;
        // A job that ran before the round and now runs elsewhere, or not at all, was preempted.
        const bool preempted = !job.previousGpus.empty() && job.gpus != job.previousGpus;
        const std::string movedFrom =
            preempted ? fmt::format("; preempted from {}", gpusText(job.previousGpus)) : std::string();
        if (job.placed && job.candidates.empty()) {
            // A sticky run's running job: not placed again, it keeps its set.
            ExplanationTable::Row row{name,
                                      {kNone, kNone, cluster.maxSf(job.classIndex, job.gpus),
                                       cluster.pmPenalty(job.classIndex, job.gpus),
                                       cluster.spansNodes(job.gpus) ? p.locality : 1.0, kNone, kNone, kNone},
                                      {"kept (sticky)", gpusText(job.gpus), {}, {}, {}, {}, "kept", job.why}};
            row.selects = firstNodeName(cluster, job.gpus);
            table.rows.push_back(std::move(row));
        }
        for (const CandidateSet& candidate : job.candidates) {
            const bool set = !candidate.gpus.empty();
            std::string note = candidate.note;
            if (candidate.chosen)
                note += movedFrom;
            ExplanationTable::Row row{name,
                                      {kNone, kNone, set ? candidate.maxSf : kNone, set ? candidate.pmPenalty : kNone,
                                       set ? candidate.localityPenalty : kNone,
                                       candidate.cost > 0 ? candidate.cost : kNone, kNone, kNone},
                                      {candidate.step, gpusText(candidate.gpus), {}, {}, {}, {}, statusOf(candidate),
                                       note.empty() ? "–" : note}};
            row.chosen = candidate.chosen;
            row.greyed = !candidate.reached;
            // A step with no room still selects where the job went, if it went anywhere.
            row.selects = firstNodeName(cluster, set ? candidate.gpus : job.gpus);
            table.rows.push_back(std::move(row));
        }
        if (!job.placed)
            table.filtered.push_back({name, (job.why.empty() ? "not placed this round" : job.why) + movedFrom,
                                      "not placed"});
    }
    for (uint32_t id : decision.preemptedJobs)
        table.preempted.push_back(fmt::format("job {}", id));
    table.outcome = fmt::format("{} of {} placed; ", placed, countText(decision.jobs.size(), "job"));
    if (table.preempted.empty())
        table.outcome += "none preempted";
    else
        table.outcome += fmt::format("{} preempted: {}", decision.preemptedJobs.size(), fmt::join(table.preempted, ", "));
    table.why = ruleText(p, cluster);
    return table;
}

}  // namespace tessera
