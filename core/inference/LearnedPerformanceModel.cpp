#include "inference/LearnedPerformanceModel.h"

#include "inference/OomRule.h"
#include "inference/SizeScaling.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <tuple>

#include <Eigen/Dense>

namespace tessera {

namespace {

std::array<double, LearnedPerformanceModel::kFeatureCount> ridgeFit(const std::vector<ProfiledPoint>& points)
{
    constexpr int k = LearnedPerformanceModel::kFeatureCount;
    Eigen::MatrixXd x(Eigen::Index(points.size()), k);
    Eigen::VectorXd y(Eigen::Index(points.size()));
    for (size_t i = 0; i < points.size(); ++i) {
        const auto f = LearnedPerformanceModel::features(points[i].computeSlices, points[i].batch, points[i].procs);
        for (int c = 0; c < k; ++c)
            x(Eigen::Index(i), c) = f[size_t(c)];
        y(Eigen::Index(i)) = std::log(points[i].latencyMs);
    }
    Eigen::MatrixXd a = x.transpose() * x;
    for (int c = 0; c < k - 1; ++c)  // the intercept (last) is not penalised
        a(c, c) += LearnedPerformanceModel::kRidgeAlpha;
    const Eigen::VectorXd beta = a.ldlt().solve(x.transpose() * y);
    std::array<double, k> out{};
    for (int c = 0; c < k; ++c)
        out[size_t(c)] = beta(c);
    return out;
}

}  // namespace

std::array<double, LearnedPerformanceModel::kFeatureCount> LearnedPerformanceModel::features(int computeSlices,
                                                                                            int batch, int procs)
{
    const double lb = std::log2(double(batch));
    const double lg = std::log2(double(computeSlices));
    const double lp = std::log2(double(procs));
    return {lb, lg, lp, lb * lg, lb * lp, lg * lp, lb * lb, lg * lg, 1.0};
}

LearnedPerformanceModel::LearnedPerformanceModel(const ProfileData& data, double trainShare, uint64_t seed)
    : LearnedPerformanceModel(data, splitFeasiblePoints(data, trainShare, seed))
{
}

LearnedPerformanceModel::LearnedPerformanceModel(const ProfileData& data, const std::vector<ModelSplit>& split)
{
    if (split.size() != data.models().size())
        throw std::invalid_argument("LearnedPerformanceModel: one training split per model is needed");
    for (const ModelSplit& s : split) {
        Fit fit;
        fit.training = s.train;
        std::sort(fit.training.begin(), fit.training.end(), [](const ProfiledPoint& a, const ProfiledPoint& b) {
            return std::tie(a.computeSlices, a.batch, a.procs) < std::tie(b.computeSlices, b.batch, b.procs);
        });
        fit.trained = !fit.training.empty();
        if (fit.trained)
            fit.beta = ridgeFit(fit.training);
        fits_.push_back(std::move(fit));
    }
}

size_t LearnedPerformanceModel::profiledPoints() const
{
    size_t n = 0;
    for (const Fit& f : fits_)
        n += f.training.size();
    return n;
}

double LearnedPerformanceModel::predictLatencyMs(int model, int computeSlices, int batch, int procs) const
{
    const Fit& fit = fits_.at(size_t(model));
    if (!fit.trained || computeSlices < 1 || batch < 1 || procs < 1)
        return 0;
    const auto f = features(computeSlices, batch, procs);
    double z = 0;
    for (size_t c = 0; c < f.size(); ++c)
        z += f[c] * fit.beta[c];
    return std::exp(z);
}

const std::vector<ProfiledPoint>& LearnedPerformanceModel::trainingPoints(int model) const
{
    return fits_.at(size_t(model)).training;
}

const std::array<double, LearnedPerformanceModel::kFeatureCount>& LearnedPerformanceModel::coefficients(int model) const
{
    return fits_.at(size_t(model)).beta;
}

PerfEstimate LearnedPerformanceModel::estimate(int model, int computeSlices, int batch, int procs, double sizeFactor,
                                               double sizeExponent) const
{
    if (model < 0 || size_t(model) >= fits_.size() || batch < 1 || procs < 1)
        return {};
    const Fit& fit = fits_[size_t(model)];
    const int memorySlices = profiledMemorySlices(computeSlices);
    if (!fit.trained || memorySlices == 0)
        return {};
    const SizeScaling scaling(sizeFactor, sizeExponent);
    if (!scaling.valid())
        return {};
    const auto it = std::find_if(fit.training.begin(), fit.training.end(), [&](const ProfiledPoint& p) {
        return p.computeSlices == computeSlices && p.batch == batch && p.procs == procs;
    });
    if (it != fit.training.end() && scaling.isReference())
        return measuredEstimate(*it);
    if (!oomRuleFeasible(fit.training, memorySlices, scaling.effectiveBatch(batch), procs))
        return {};
    const double latencyMs = it != fit.training.end() ? it->latencyMs : predictLatencyMs(model, computeSlices, batch, procs);
    const double throughputRps =
        it != fit.training.end() ? it->throughputRps : double(procs) * batch * 1000.0 / latencyMs;
    return scaledEstimate(latencyMs, throughputRps, scaling);
}

}  // namespace tessera
