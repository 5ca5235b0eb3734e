#include "training/placement/TrainingPlacementCursor.h"

#include "training/SlowdownBinning.h"
#include "training/placement/TrainingPlacementRun.h"

#include <fmt/format.h>

#include <algorithm>

namespace tessera {

using namespace rounds;

TrainingPlacementCursor::TrainingPlacementCursor(const TrainingPlacementRun& run) : run_(run)
{
    // The ramp spans every class's scores but each class's outliers (the binning's rule, which
    // gives them a bin of their own): one very slow GPU would squash all others into the
    // bottom of the ramp. Outliers take its top.
    const RoundCluster& cluster = run_.cluster();
    bool first = true;
    for (const auto& scores : cluster.perfVar) {
        const double limit = outlierLimit(scores);
        for (double s : scores) {
            lowScore_ = first ? s : std::min(lowScore_, s);
            first = false;
        }
        for (double s : scores)
            if (s <= limit)
                highScore_ = std::max(highScore_, s);
    }
    highScore_ = std::max(highScore_, lowScore_);
    run_.occupantsAt(0, jobs_);
}

void TrainingPlacementCursor::seek(size_t position)
{
    position_ = std::min(position, run_.steps());
    run_.occupantsAt(position_, jobs_);
}

void TrainingPlacementCursor::cellUse(std::vector<float>& use) const
{
    use.resize(jobs_.size());
    for (size_t g = 0; g < jobs_.size(); ++g)
        use[g] = jobs_[g] >= 0 ? 1.0f : 0.0f;
}

void TrainingPlacementCursor::cellLayer(size_t layer, std::vector<float>& values) const
{
    const auto& records = run_.result().jobs;
    const RoundCluster& cluster = run_.cluster();
    values.resize(jobs_.size());
    for (size_t g = 0; g < jobs_.size(); ++g) {
        const int32_t job = jobs_[g];
        switch (layer) {
        case 0:
            values[g] = job >= 0 ? 1.0f : 0.0f;
            break;
        case TrainingPlacementRun::kClassLayer:
            values[g] = job >= 0 ? float(records[size_t(job)].classIndex) : -1.0f;
            break;
        case TrainingPlacementRun::kScoreLayer: {
            // How slow this GPU is for the class of the job on it, from the cluster's fastest
            // score (0) to its slowest that is no outlier (1; outliers too); an idle GPU shows 0.
            if (job < 0 || highScore_ <= lowScore_) {
                values[g] = 0;
                break;
            }
            const double score = cluster.perfVar[records[size_t(job)].classIndex][g];
            values[g] = float(std::min(1.0, (score - lowScore_) / (highScore_ - lowScore_)));
            break;
        }
        case TrainingPlacementRun::kJobLayer:
            values[g] = float(job);
            break;
        default:
            values.clear();
            return;
        }
    }
}

std::string TrainingPlacementCursor::describeJob(int32_t job) const
{
    const JobRecord& record = run_.result().jobs[size_t(job)];
    const uint32_t round = position_ == 0 ? 0 : run_.result().rounds[position_ - 1].round;
    for (const PlacementSpan& span : record.placements)
        if (span.fromRound <= round && round < span.toRound)
            return fmt::format("job {} (class {}, {} GPU{} since {:.2f} h, speed × 1/{:.3f}{})", record.id,
                               char('A' + record.classIndex), record.width, record.width == 1 ? "" : "s",
                               span.startS / 3600.0, span.pmPenalty * span.localityPenalty,
                               span.localityPenalty > 1 ? ", spans nodes" : "");
    return fmt::format("job {}", record.id);
}

std::string TrainingPlacementCursor::describeCell(uint32_t cell) const
{
    if (cell >= jobs_.size())
        return {};
    const RoundCluster& cluster = run_.cluster();
    std::string text = fmt::format("node {} · GPU {}: ", cluster.nodeOf(cell), cell);
    text += jobs_[cell] >= 0 ? describeJob(jobs_[cell]) : std::string("idle");
    text += fmt::format("; variability A {:.3f}, B {:.3f}, C {:.3f}, D {:.3f}", cluster.perfVar[0][cell],
                        cluster.perfVar[1][cell], cluster.perfVar[2][cell], cluster.perfVar[3][cell]);
    return text;
}

std::string TrainingPlacementCursor::describeGroup(uint32_t group) const
{
    const RoundCluster& cluster = run_.cluster();
    if (group >= cluster.nodes)
        return {};
    const uint32_t first = group * cluster.gpusPerNode;
    uint32_t busy = 0;
    for (uint32_t g = first; g < first + cluster.gpusPerNode; ++g)
        busy += jobs_[g] >= 0;
    std::string text = fmt::format("node {}: {} GPUs, {} busy", group, cluster.gpusPerNode, busy);
    for (uint32_t g = first; g < first + cluster.gpusPerNode; ++g)
        text += fmt::format("\nGPU {}: {}", g, jobs_[g] >= 0 ? describeJob(jobs_[g]) : std::string("idle"));
    return text;
}

void TrainingPlacementCursor::groupValues(std::vector<float>& values) const
{
    const RoundCluster& cluster = run_.cluster();
    values.assign(cluster.nodes, 0.0f);
    for (size_t g = 0; g < jobs_.size(); ++g)
        if (jobs_[g] >= 0)
            values[cluster.nodeOf(uint32_t(g))] += 1.0f;
}

}  // namespace tessera
