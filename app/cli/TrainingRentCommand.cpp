// tessera-cli training --mode rent: malleable training jobs on rented GPUs under a time-average
// budget (contracts.md 9). Runs go through the training-rent run kind, so the CLI, the app and a
// study see the same runs.
#include "cli/TrainingRentCommand.h"

#include "cli/ProgressLine.h"
#include "cli/RunReport.h"
#include "cli/SweepShard.h"
#include "cli/WarningLines.h"
#include "report/OrderedOutput.h"
#include "run/RunKindRegistry.h"
#include "run/RunRecipe.h"
#include "sim/BatchRunner.h"
#include "store/RunArchive.h"
#include "store/StudyStore.h"
#include "training/rental-kind/TrainingRentalCsv.h"
#include "training/rental-kind/TrainingRentalKind.h"
#include "training/rental-kind/TrainingRentalRun.h"
#include "util/PrintableText.h"
#include "util/UsageError.h"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>
#include <thread>

namespace tessera::cli {
namespace {

// At most this many budgets in one sweep.
constexpr long kMaxSweepPoints = 10000;

double sweepNumber(const std::string& text, const std::string& whole)
{
    double value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc() || end != text.data() + text.size() || !std::isfinite(value))
        throw UsageError(fmt::format("--sweep must be LO:HI:STEP in GPUs, e.g. 8:64:8 (got \"{}\")",
                                     printableExcerpt(whole)));
    return value;
}

}  // namespace

std::vector<double> parseBudgetSweep(const std::string& text)
{
    const auto first = text.find(':');
    const auto second = first == std::string::npos ? first : text.find(':', first + 1);
    if (second == std::string::npos || text.find(':', second + 1) != std::string::npos)
        throw UsageError(fmt::format("--sweep must be LO:HI:STEP in GPUs, e.g. 8:64:8 (got \"{}\")",
                                     printableExcerpt(text)));
    const double lo = sweepNumber(text.substr(0, first), text);
    const double hi = sweepNumber(text.substr(first + 1, second - first - 1), text);
    const double step = sweepNumber(text.substr(second + 1), text);
    if (!(lo > 0 && hi >= lo && step > 0))
        throw UsageError(fmt::format("--sweep {}: the budgets must be positive, LO <= HI and STEP > 0",
                                     printableExcerpt(text)));
    // HI is included when it lies on the grid, up to rounding of the steps.
    const double count = std::floor((hi - lo) / step * (1 + 1e-12) + 1e-9);
    if (count + 1 > double(kMaxSweepPoints))
        throw UsageError(fmt::format("--sweep {} has more than {} budgets", printableExcerpt(text), kMaxSweepPoints));
    std::vector<double> budgets;
    for (long i = 0; i <= long(count); ++i)
        budgets.push_back(lo + double(i) * step);
    return budgets;
}

int trainingRentCommand(const CommandLine& args)
{
    for (const char* flag : {"--cluster", "--variability", "--scheduler", "--locality", "--round", "--rounds"})
        if (args.has(flag))
            throw UsageError(fmt::format("{} belongs to --mode place; --mode rent rents GPUs under --budget", flag));
    const std::string jobsPath = args.required("--jobs");
    const RunKind& kind = RunKindRegistry::kind(TrainingRentalRun::kKind);

    const std::vector<std::string> specs = args.values("--policy");
    if (specs.empty())
        throw UsageError("give at least one --policy (boa, fixed:K, autoscale, hesrpt, greedy)");
    std::vector<std::string> policies;
    for (const std::string& spec : specs)
        policies.push_back(kind.canonicalPolicy(spec));

    const bool sweep = args.has("--sweep");
    if (!sweep && !args.has("--budget"))
        throw UsageError("--mode rent needs --budget GPUS (or --sweep LO:HI:STEP)");
    RunRequest request;
    const auto set = [&](const std::string& flag, const std::string& name, const std::string& value) {
        if (const auto problem = kind.parameter(name)->problemWith(value))
            throw UsageError(fmt::format("{}: {}", flag, *problem));
        request.values[name] = value;
    };
    std::vector<std::string> budgets;
    if (sweep) {
        for (double b : parseBudgetSweep(args.value("--sweep")))
            budgets.push_back(fmt::format("{:.17g}", b));
        // contracts.md 9 writes `--budget GPUS [--sweep LO:HI:STEP]`: a script may give both. The
        // sweep sets the budgets; the --budget given is still checked, and said not to be run, so
        // that nobody reads a sweep's CSV as a run at that budget.
        if (args.has("--budget")) {
            set("--budget", TrainingRentalKind::kBudget, args.value("--budget"));
            fmt::print(stderr, "warning: --budget {} is not run on its own: --sweep {} sets the budgets\n",
                       args.value("--budget"), args.value("--sweep"));
        }
    } else {
        budgets.push_back(args.value("--budget"));
    }
    if (args.has("--seed"))
        set("--seed", TrainingRentalKind::kSeed, args.value("--seed"));
    for (const std::string& budget : budgets)
        set(sweep ? "--sweep" : "--budget", TrainingRentalKind::kBudget, budget);
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    const unsigned threads = unsigned(args.integer("--threads", cores, 1, 1024));

    // One run per budget and policy: budgets in blocks, policies in the order given.
    std::vector<RunRequest> requests;
    for (const std::string& budget : budgets)
        for (const std::string& policy : policies) {
            RunRequest own = request;
            own.policy = policy;
            own.values[TrainingRentalKind::kBudget] = budget;
            requests.push_back(std::move(own));
        }
    // Numbered in that order (the job CSV's blocks); a shard keeps its own (contracts.md 10).
    const RunShard shard = shardOption(args);
    const size_t sweepRuns = requests.size();
    const std::vector<size_t> runNumbers = shard.numbers(sweepRuns);
    requests = shard.pick(requests);

    // Outputs and the study open before any work, so a wrong path fails at once (contracts.md 3.4).
    std::optional<OrderedOutput> csv;
    if (args.has("--csv"))
        csv.emplace(args.value("--csv"), rentalJobHeader(sweep), requests.size());
    std::optional<StudyStore> study;
    if (args.has("--db"))
        study.emplace(SweepShard::studyPath(args));
    SweepShard sweepShard("training", args, shard, study ? &*study : nullptr, sweepRuns, runNumbers,
                          rentalJobHeader(sweep));

    std::map<std::string, std::string> paths{{TrainingRentalKind::kJobsRole, jobsPath}};
    if (args.has("--profiles"))
        paths[TrainingRentalKind::kProfilesRole] = args.value("--profiles");
    LoadWarnings warnings;
    const auto inputs = kind.loadInputs(paths, warnings);
    printWarnings(warnings);
    // A budget below what the workload needs at the least is refused before any run (the kind's
    // rule), as a value out of range is.
    for (const RunRequest& r : requests)
        if (const auto problem = kind.inputsProblem(inputs, r))
            throw UsageError(fmt::format("{}: {}", sweep ? "--sweep" : "--budget", *problem));

    const RunReport report(args);
    ProgressLine progress(requests.size(), !report.quiet());
    std::vector<std::unique_ptr<Run>> runs(requests.size());
    BatchRunner::run(requests.size(), threads, [&](size_t i) {
        runs[i] = kind.simulate(inputs, requests[i]);
        if (csv || sweepShard.on()) {
            const std::string rows = rentalJobRows(dynamic_cast<const TrainingRentalRun&>(*runs[i]), sweep);
            if (csv) {
                csv->append(i, rows);
                csv->finish(i);
            }
            sweepShard.keep(i, rows);
        }
        progress.done();
    });
    std::vector<const TrainingRentalRun*> rental;
    for (const auto& run : runs)
        rental.push_back(&dynamic_cast<const TrainingRentalRun&>(*run));
    // Saved after the batch, in order, each with its recipe so that a reopened run forks.
    std::vector<int64_t> savedIds;
    if (study)
        for (size_t i = 0; i < runs.size(); ++i)
            savedIds.push_back(
                RunArchive::save(*study, *runs[i], {}, std::nullopt, RunRecipe::of(kind, *inputs, requests[i])));
    sweepShard.finish(savedIds);
    progress.finish();
    if (csv)
        csv->close();
    report.print(rentalSummaryTable(rental));
    std::fputs(rentalBudgetWarnings(rental).c_str(), stderr);
    if (study)
        report.savedRuns(study->path(), savedIds);
    return 0;
}

}  // namespace tessera::cli
