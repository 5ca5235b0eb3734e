// tessera-bench-rent: one 100,000-job rental simulation per policy (issue 14 performance target:
// under 5 s each). The workload is the Fig. 1 setting's Poisson stream (Amdahl 0.8 and sqrt,
// lambda_i = 0.4, E[X_i] = 1) at a budget of 2 sum rho; each policy is run exactly as the CLI
// runs it, held to the budget (so the figure includes the bound searches of RentalBudget.h).
//   tessera-bench-rent [--jobs 100000] [--repeat 5] [--budget 1.6]
#include "BenchStats.h"

#include "training/AmdahlSpeedup.h"
#include "training/PowerLawSpeedup.h"
#include "training/rent/PoissonRentalWorkload.h"
#include "training/rent/RentalMetrics.h"
#include "training/rent/RentalPolicyRun.h"

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>

using namespace tessera;

int main(int argc, char** argv)
{
    size_t jobs = 100000;
    int repeat = 5;
    double budget = 1.6;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string flag = argv[i];
        if (flag == "--jobs") jobs = std::stoul(argv[i + 1]);
        else if (flag == "--repeat") repeat = std::max(1, std::stoi(argv[i + 1]));
        else if (flag == "--budget") budget = std::stod(argv[i + 1]);
        else { fmt::print(stderr, "usage: tessera-bench-rent [--jobs N] [--repeat N] [--budget B]\n"); return 2; }
    }
    try {
        const std::vector<JobType> types{{"amdahl-0.8", 0.4, 1, std::make_shared<AmdahlSpeedup>(0.8), 64},
                                         {"sqrt", 0.4, 1, std::make_shared<PowerLawSpeedup>(0.5), 64}};
        const RentalWorkload workload = poissonRentalWorkload(types, jobs, 42);
        for (const std::string policy : {"boa", "fixed:1", "fixed:2", "fixed:4", "fixed:8", "autoscale", "hesrpt", "greedy"}) {
            std::vector<double> times;
            RentalSummary summary;
            for (int r = 0; r < repeat; ++r) {
                const auto start = std::chrono::steady_clock::now();
                const BoundedRun run = runRentalPolicy(policy, workload, budget);
                times.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
                summary = summariseRental(run.result, budget);
            }
            fmt::print("rent policy={} jobs={} budget={} median_s={:.3f} max_s={:.3f} mean_jct={:.4f} "
                       "budget_use={:.3f}\n",
                       policy, jobs, budget, bench::percentile(times, 0.5), bench::percentile(times, 1.0),
                       summary.meanJctS, summary.budgetUse);
        }
        fmt::print("rent peak_rss_mb={:.1f}\n", bench::peakRssMb());
    } catch (const std::exception& e) {
        fmt::print(stderr, "error: {}\n", e.what());
        return 1;
    }
    return 0;
}
