// MIG inference data (core/inference): the bytes as one <model>.csv profile in a folder of its
// own (ProfileData::load), then, when accepted, both performance models, the predictor's
// evaluation and every estimate over a grid of points and size factors; and the same bytes as
// both SLO files (SloTable::load) for three models. Accepted input must give only sane numbers:
// a feasible estimate has a finite positive latency and throughput, whatever the file held.
#include "FuzzSupport.h"

#include "inference/LearnedPerformanceModel.h"
#include "inference/PredictorEvaluation.h"
#include "inference/ProfileData.h"
#include "inference/SloTable.h"
#include "inference/TablePerformanceModel.h"

#include <cmath>
#include <filesystem>
#include <tuple>

using namespace tessera;

namespace {

void checkProfile(const ProfileData& data)
{
    for (const ModelProfile& m : data.models()) {
        fuzz::require(!m.points.empty(), "a model with no points was accepted");
        for (size_t i = 0; i < m.points.size(); ++i) {
            const ProfiledPoint& p = m.points[i];
            fuzz::require(profiledMemorySlices(p.computeSlices) > 0 && p.batch >= 1 && p.procs >= 1,
                          "a point with an impossible size, batch or process count was accepted");
            fuzz::require(std::isfinite(p.latencyMs) && p.latencyMs >= 0 && std::isfinite(p.throughputRps) &&
                              p.throughputRps >= 0 && (p.latencyMs == 0) == (p.throughputRps == 0),
                          "a point with a bad latency or throughput was accepted");
            if (i > 0) {
                const ProfiledPoint& q = m.points[i - 1];
                fuzz::require(std::tie(q.computeSlices, q.batch, q.procs) < std::tie(p.computeSlices, p.batch, p.procs),
                              "points are not sorted and unique");
            }
        }
    }
}

void checkEstimates(const PerformanceModel& model, int models)
{
    for (int m = 0; m < models; ++m)
        for (int g : {1, 2, 3, 4, 7})
            for (int b : {1, 2, 3, 8, 64, 256})
                for (int p : {1, 2, 5})
                    for (double x : {0.5, 0.817, 1.0, 1.224, 2.0})
                        for (double k : {1.0, 2.0}) {
                            const PerfEstimate e = model.estimate(m, g, b, p, x, k);
                            if (e.feasible)
                                fuzz::require(std::isfinite(e.latencyMs) && e.latencyMs > 0 &&
                                                  std::isfinite(e.throughputRps) && e.throughputRps > 0,
                                              "a feasible estimate with a latency or throughput that is not finite and positive");
                        }
}

void checkSlo(const SloTable& slo)
{
    fuzz::require(slo.rowCount() > 0 && slo.latencySloMs.size() == slo.rowCount(), "SLO files with no rows, or unequal rows");
    for (size_t r = 0; r < slo.rowCount(); ++r)
        for (size_t m = 0; m < slo.models.size(); ++m) {
            const auto& rate = slo.ratesRps[r][m];
            const auto& latency = slo.latencySloMs[r][m];
            fuzz::require(rate.has_value() == latency.has_value(), "a model absent from one SLO file only");
            if (rate)
                fuzz::require(*rate >= 1 && *latency >= 1 && *rate == std::trunc(*rate) && *latency == std::trunc(*latency),
                              "an SLO value below 1 or not a whole number");
        }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    // The folder holds one file at a time: the last input's SLO files would be read as models.
    std::filesystem::remove(fuzz::scratchPath("SLO_req_rate.csv"));
    std::filesystem::remove(fuzz::scratchPath("SLO_latency.csv"));
    const std::string profilePath = fuzz::writeScratch("m.csv", data, size);
    const std::string dir = std::filesystem::path(profilePath).parent_path().string();
    fuzz::refusalsExpected([&] {
        const ProfileData profiles = ProfileData::load(dir);
        checkProfile(profiles);
        const int models = int(profiles.models().size());
        checkEstimates(TablePerformanceModel(profiles), models);
        checkEstimates(LearnedPerformanceModel(profiles, 0.5, 1), models);
        const PredictorEvaluation evaluation = PredictorEvaluation::evaluate(profiles, 0.25, {1, 2});
        fuzz::require(evaluation.csv().rfind("model,mape_pct,train_points,test_points\n", 0) == 0, "a CSV without its header");
    });
    // The SLO files are headerless grids, read for three models.
    std::filesystem::remove(profilePath);
    fuzz::writeScratch("SLO_req_rate.csv", data, size);
    fuzz::writeScratch("SLO_latency.csv", data, size);
    fuzz::refusalsExpected([&] { checkSlo(SloTable::load(dir, {"alpha", "beta", "gamma"})); });
    return 0;
}
