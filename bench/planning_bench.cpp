// tessera-bench-planning: how long one MIG inference plan takes for a large fleet (issue 12,
// item 12: a 1,000-GPU fleet for 20 models x 8 buckets in under 1 s). Prints the median of
// --repeat plans per policy and the fleet size each plan needs; never a pass/fail test.
#include "inference/InferenceClasses.h"
#include "inference/InferencePolicy.h"
#include "inference/InferenceScenario.h"
#include "inference/LearnedPerformanceModel.h"
#include "inference/ProfileData.h"
#include "inference/TablePerformanceModel.h"
#include "mig/MigGpuType.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <string>
#include <vector>

using namespace tessera;

int main(int argc, char** argv)
{
    std::string profilesDir;
    int repeat = 5, services = 20, buckets = 8;
    double totalRate = 900000;  // about 1,000 GPUs for ElasticBatch-like
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!std::strcmp(argv[i], "--profiles"))
            profilesDir = argv[i + 1];
        else if (!std::strcmp(argv[i], "--repeat"))
            repeat = std::stoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--services"))
            services = std::stoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--buckets"))
            buckets = std::stoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--total-rate"))
            totalRate = std::stod(argv[i + 1]);
    }
    if (profilesDir.empty()) {
        fmt::print(stderr, "usage: tessera-bench-planning --profiles DIR [--repeat 5] [--services 20] [--buckets 8] "
                           "[--total-rate 900000]\n");
        return 2;
    }
    const ProfileData profiles = ProfileData::load(profilesDir);
    const TablePerformanceModel table(profiles);
    const LearnedPerformanceModel learned(profiles);
    const MigGpuType& gpu = *MigGpuType::find("A100-80GB");

    // 20 services cycling over the profiled models, SLOs from 150 to 530 ms, rates skewed so that
    // a few services carry most of the load (as in the SLO files), input sizes spread (sigma 0.3).
    InferenceScenario scenario;
    scenario.name = "planning benchmark";
    scenario.durationS = 60;
    double weights = 0;
    for (int s = 0; s < services; ++s)
        weights += 1.0 / (1 + s % 7);
    for (int s = 0; s < services; ++s) {
        ServiceSpec service;
        service.model = profiles.models()[s % profiles.models().size()].model;
        service.sloMs = 150 + 20 * s;
        service.sizeSigma = 0.3;
        service.rates.push_back({0, totalRate * (1.0 / (1 + s % 7)) / weights});
        scenario.services.push_back(service);
    }
    std::vector<WorkloadClass> classes = buildClasses(scenario, profiles, ClassGrouping{buckets, -1});
    setRatesAt(classes, scenario, 0);

    fmt::print("{} services x {} buckets = {} classes, {:.0f} req/s in all\n", services, buckets, classes.size(),
               totalRate);
    for (const char* spec : {"elasticbatch", "elasticbatch+table", "mig-disabled", "parvagpu", "oracle"}) {
        const bool tableOnly = std::string(spec).ends_with("+table");
        const auto policy = InferencePolicyRegistry::instance().create(tableOnly ? "elasticbatch" : spec, gpu);
        const PerformanceModel& model =
            policy->predictorUse() == PredictorUse::LearnedByDefault && !tableOnly ? static_cast<const PerformanceModel&>(learned) : table;
        std::vector<double> seconds;
        uint32_t gpus = 0;
        size_t instances = 0;
        for (int r = 0; r < repeat; ++r) {
            const auto start = std::chrono::steady_clock::now();
            const InferencePlan plan = policy->plan(PlanningContext{gpu, model, classes});
            seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
            gpus = plan.gpuCount;
            instances = plan.instances.size();
        }
        std::sort(seconds.begin(), seconds.end());
        fmt::print("plan {:<20} gpus={:<5} instances={:<6} median_s={:.4f} (of {})\n", spec, gpus, instances,
                   seconds[seconds.size() / 2], repeat);
    }
    return 0;
}
