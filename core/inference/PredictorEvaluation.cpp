#include "inference/PredictorEvaluation.h"

#include "inference/TrainingSplit.h"

#include <cmath>
#include <limits>
#include <stdexcept>

#include <fmt/format.h>

namespace tessera {

namespace {

std::string percentText(double value)
{
    return std::isnan(value) ? std::string() : fmt::format("{:.2f}", value);
}

}  // namespace

double heldOutMapePct(const LearnedPerformanceModel& predictor, int model, const std::vector<ProfiledPoint>& points)
{
    if (points.empty())
        return std::numeric_limits<double>::quiet_NaN();
    double sum = 0;
    for (const ProfiledPoint& p : points) {
        const double predicted = predictor.predictLatencyMs(model, p.computeSlices, p.batch, p.procs);
        sum += std::abs(predicted - p.latencyMs) / p.latencyMs;
    }
    return 100.0 * sum / double(points.size());
}

PredictorEvaluation PredictorEvaluation::evaluate(const ProfileData& data, double trainShare,
                                                  const std::vector<uint64_t>& seeds)
{
    if (seeds.empty())
        throw std::invalid_argument("PredictorEvaluation: no seeds");
    PredictorEvaluation result;
    for (const ModelProfile& m : data.models())
        result.models.push_back({m.model, 0.0, 0, 0});
    for (const uint64_t seed : seeds) {
        const std::vector<ModelSplit> split = splitFeasiblePoints(data, trainShare, seed);
        const LearnedPerformanceModel predictor(data, split);
        for (size_t m = 0; m < split.size(); ++m) {
            ModelRow& row = result.models[m];
            row.mapePct += heldOutMapePct(predictor, int(m), split[m].test) / double(seeds.size());
            row.trainPoints = split[m].train.size();
            row.testPoints = split[m].test.size();
        }
    }
    double sum = 0;
    size_t counted = 0;
    for (const ModelRow& row : result.models) {
        result.trainPoints += row.trainPoints;
        result.testPoints += row.testPoints;
        if (std::isnan(row.mapePct))
            continue;
        sum += row.mapePct;
        result.worstMapePct = std::max(result.worstMapePct, row.mapePct);
        ++counted;
    }
    result.meanMapePct = counted ? sum / double(counted) : std::numeric_limits<double>::quiet_NaN();
    return result;
}

std::string PredictorEvaluation::csv() const
{
    std::string out = "model,mape_pct,train_points,test_points\n";
    for (const ModelRow& row : models)
        out += fmt::format("{},{},{},{}\n", row.model, percentText(row.mapePct), row.trainPoints, row.testPoints);
    out += fmt::format("mean,{},{},{}\n", percentText(meanMapePct), trainPoints, testPoints);
    return out;
}

}  // namespace tessera
