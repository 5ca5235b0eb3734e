// tessera-cli mig-predictor: the latency predictor's held-out accuracy per model, averaged over
// seeds (contracts.md 8.2; mig-elasticbatch.md 2.4).
#include "cli/CommandLine.h"
#include "cli/Commands.h"
#include "cli/WarningLines.h"
#include "inference/PredictorEvaluation.h"
#include "inference/ProfileData.h"

#include <cstdio>

#include <fmt/format.h>

namespace tessera::cli {

namespace {

const char* kHelp =
    "usage: tessera-cli mig-predictor --profiles DIR [--train-share 0.25] [--seeds 1-20]\n"
    "\n"
    "Trains the per-model log-linear ridge latency predictor on each seed's split of the feasible\n"
    "profile points of DIR (a folder of <model>.csv files, e.g. mig-parvagpu/prof_data) and prints\n"
    "CSV to stdout: model,mape_pct,train_points,test_points, one row per model (alphabetical) with\n"
    "its held-out latency MAPE averaged over the seeds, then a `mean` row (the mean MAPE over the\n"
    "models and the total point counts). --train-share is the share of each model's feasible\n"
    "points trained on (0.01-0.99, default 0.25); --seeds as in simulate (default 1-20).\n";

}  // namespace

int migPredictorCommand(int argc, char** argv)
{
    const CommandLine args(argc, argv, 2, {"--profiles", "--train-share", "--seeds"}, {"--help"});
    if (args.has("--help")) {
        std::fputs(kHelp, stdout);
        return 0;
    }
    const std::string dir = args.required("--profiles");
    const double trainShare = args.number("--train-share", 0.25, 0.01, 0.99);
    const std::vector<uint64_t> seeds = parseSeeds(args.value("--seeds", "1-20"));

    const ProfileData data = ProfileData::load(dir);
    printWarnings(data.warnings());
    std::fputs(PredictorEvaluation::evaluate(data, trainShare, seeds).csv().c_str(), stdout);
    return 0;
}

}  // namespace tessera::cli
