#include "training/rental-kind/TrainingRentalKind.h"

#include "io/ContentHash.h"
#include "io/InputError.h"
#include "run/RunKindRegistry.h"
#include "run/RunRecipe.h"
#include "training/AmdahlSpeedup.h"
#include "training/JobFile.h"
#include "training/PowerLawSpeedup.h"
#include "training/TrainingModels.h"
#include "training/rent/FixedWidthPolicy.h"
#include "training/rent/TraceRentalWorkload.h"
#include "training/rental-kind/RentalFrontier.h"
#include "training/rental-kind/RentalPolicyName.h"
#include "training/rental-kind/TrainingRentalRun.h"
#include "util/HoursRange.h"
#include "util/UsageError.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <stdexcept>

namespace tessera {
namespace {

namespace fs = std::filesystem;

const RunKindRegistration kRegistration(TrainingRentalRun::kKind, std::make_shared<TrainingRentalKind>());

const TrainingRentalRun& rentalRun(const Run& run)
{
    const auto* rental = dynamic_cast<const TrainingRentalRun*>(&run);
    if (!rental)
        throw std::invalid_argument(fmt::format("not a live training-rent run: a {} run", run.info().kind));
    return *rental;
}

// Every file of the Pollux applications' profiles, for the study's record of the inputs.
std::vector<InputFile> profileFiles(const std::string& dir)
{
    std::vector<InputFile> files;
    for (const PolluxApplicationName& app : polluxApplicationNames()) {
        std::vector<fs::path> paths;
        std::error_code error;
        for (const auto& entry : fs::directory_iterator(fs::path(dir) / app.name, error))
            if (entry.is_regular_file() && entry.path().extension() == ".csv")
                paths.push_back(entry.path());
        std::sort(paths.begin(), paths.end());
        for (const fs::path& p : paths)
            files.push_back({TrainingRentalKind::kProfilesRole, fs::absolute(p).string(), ContentHash::ofFile(p.string())});
    }
    return files;
}

}  // namespace

std::string TrainingRentalKind::id() const { return TrainingRentalRun::kKind; }

RunWords TrainingRentalKind::words() const { return TrainingRentalRun::kindWords(); }

std::string TrainingRentalKind::displayName() const { return "Training on rented GPUs (BOA, budget)"; }

std::vector<RunKindInput> TrainingRentalKind::inputs() const
{
    return {{kJobsRole, "Job file", "Job files (*.csv *.trace)", false, false},
            {kProfilesRole, "Pollux application profiles (pollux-osdi21/simulator/traces)", "", true, true}};
}

std::string TrainingRentalKind::profilesCandidateFor(const std::string& jobsPath)
{
    return (fs::absolute(jobsPath).parent_path().parent_path() / "traces").lexically_normal().string();
}

std::string TrainingRentalKind::defaultProfilesFor(const std::string& jobsPath)
{
    const std::string candidate = profilesCandidateFor(jobsPath);
    std::error_code error;
    return fs::is_regular_file(fs::path(candidate) / "bert" / "placements.csv", error) ? candidate : std::string();
}

std::optional<std::string> TrainingRentalKind::budgetProblem(const std::shared_ptr<const TrainingRentalInputs>& inputs,
                                                             const std::string& policy, double budget, bool mayCompute)
{
    if (policy != "boa")
        return std::nullopt;
    const std::optional<double> floor =
        mayCompute ? RentalFrontier::floorBudget(inputs) : RentalFrontier::cachedFloorBudget(inputs);
    if (!floor || !(budget < *floor))
        return std::nullopt;
    // Rounded up, so that the figure said is a budget that runs.
    return fmt::format("infeasible budget {:g}: {} needs at least {:.2f} GPUs on average for {}, which gives every "
                       "job at least one GPU from its arrival ({}, {} and {} queue jobs to rent less)",
                       budget, inputs->traceName(), std::ceil(*floor * 100) / 100, rentalPolicyName("boa"),
                       rentalPolicyName("fixed:K"), rentalPolicyName("autoscale"), rentalPolicyName("hesrpt"));
}

RunKind::ParameterAdvice TrainingRentalKind::parameterAdvice(const std::shared_ptr<const RunInputs>& inputs,
                                                            const std::string& name) const
{
    const auto rental = std::dynamic_pointer_cast<const TrainingRentalInputs>(inputs);
    if (name != kBudget || !rental)
        return {};
    const std::optional<double> floor = RentalFrontier::cachedFloorBudget(rental);  // computed on loading
    if (!floor)
        return {};
    ParameterAdvice advice;
    // As budgetProblem says it: rounded up to a budget that runs.
    advice.note = fmt::format("{} needs at least {:.2f} GPUs on average on {}", rentalPolicyName("boa"),
                              std::ceil(*floor * 100) / 100, rental->traceName());
    // Below the floor the default would open on a refusal: start from the floor, in whole GPUs.
    if (parameter(kBudget)->defaultValue < *floor)
        advice.value = std::ceil(*floor);
    return advice;
}

std::optional<std::string> TrainingRentalKind::inputsProblem(const std::shared_ptr<const RunInputs>& inputs,
                                                             const RunRequest& request, bool mayCompute) const
{
    const auto rental = std::dynamic_pointer_cast<const TrainingRentalInputs>(inputs);
    const std::string* budget = request.find(kBudget);
    if (!rental || !budget || parameter(kBudget)->problemWith(*budget) || policyProblem(request.policy))
        return std::nullopt;  // requestProblem() says what is wrong with the values themselves
    return budgetProblem(rental, canonicalPolicy(request.policy), std::stod(*budget), mayCompute);
}

std::optional<std::string> TrainingRentalKind::forkValuesProblem(const Run& run, const RunRequest& request,
                                                                 bool mayCompute) const
{
    const auto* rental = dynamic_cast<const TrainingRentalRun*>(&run);
    if (!rental)
        return std::nullopt;
    RunRequest r = request;
    if (!r.find(kBudget))  // the fork keeps the parent's budget, which a switch to boa may not keep to
        r.values[kBudget] = fmt::format("{:.17g}", rental->budget());
    return inputsProblem(rental->inputsPointer(), r, mayCompute);
}

std::optional<RunKindMatch> TrainingRentalKind::recognise(const std::string& path) const
{
    const auto format = jobFormatOf(path);
    if (!format)
        return std::nullopt;
    return RunKindMatch{kJobsRole, *format == JobFormat::Pollux};
}

std::shared_ptr<const RunInputs> TrainingRentalKind::loadInputs(const std::map<std::string, std::string>& paths,
                                                                LoadWarnings& warnings,
                                                                const ProgressCallback& progress) const
{
    const auto pathOf = [&](std::string_view role) { return inputPathOf(paths, role); };
    const std::string jobsPath = pathOf(kJobsRole);
    if (jobsPath.empty())
        throw UsageError("a training-rent run needs a job file");
    const JobTrace trace = loadJobs(jobsPath, warnings);
    std::vector<InputFile> files{{kJobsRole, fs::absolute(jobsPath).string(), ContentHash::ofFile(jobsPath)}};
    if (progress && !progress(0.3))
        throw CancelledError();
    std::string profiles = pathOf(kProfilesRole);
    if (profiles.empty())
        profiles = defaultProfilesFor(jobsPath);
    // Every job's speedup comes from the profiles: without them no job can rent, which is the
    // file's problem, not its first job's.
    if (profiles.empty())
        throw InputError::fileLevel(
            jobsPath, fmt::format("no Pollux profiles folder beside the job file (looked in {}): renting takes each "
                                  "job's speedup from the profiles of the six Pollux applications; give the folder "
                                  "(pollux-osdi21/simulator/traces) as the profiles input (tessera-cli: --profiles DIR)",
                                  profilesCandidateFor(jobsPath)));
    std::vector<RentalModel> models = polluxRentalModels(loadPolluxApplications(profiles));
    const auto more = profileFiles(profiles);
    files.insert(files.end(), more.begin(), more.end());
    std::shared_ptr<const TrainingRentalInputs> inputs;
    try {  // a job's own problem is an InputError at its line (failJob); this is the rest
        RentalWorkload workload = rentalWorkloadFromTrace(trace, models);
        inputs = std::make_shared<TrainingRentalInputs>(trace.name, std::move(workload), BoaBudgetRule::SpanFitted,
                                                        std::move(files));
    } catch (const std::invalid_argument& e) {
        throw InputError::fileLevel(jobsPath, e.what());
    }
    if (progress && !progress(0.6))
        throw CancelledError();
    RentalFrontier::floorBudget(inputs);  // here, on the loader's thread: budgetProblem() needs it
    return inputs;
}

std::string TrainingRentalKind::inputsSummary(const RunInputs& inputs, const std::map<std::string, std::string>& given) const
{
    const auto* rental = dynamic_cast<const TrainingRentalInputs*>(&inputs);
    if (!rental)
        return {};
    const RentalWorkload& w = rental->workload();
    std::vector<std::string> names;
    for (const JobType& type : w.types)
        names.push_back(type.name);
    std::string text = fmt::format("{} jobs of {} applications ({}), arriving over {}", w.jobs.size(), w.types.size(),
                                   fmt::join(names, ", "),
                                   hoursRange(w.jobs.front().arrivalS, w.jobs.back().arrivalS));
    if (const std::string profiles = inputPathOf(RunRecipe::sourcesOf(*this, inputs), kProfilesRole); !profiles.empty())
        text += fmt::format("; profiles: {}{}", profiles,
                            inputPathOf(given, kProfilesRole).empty() ? " (found beside the job file)" : "");
    return text;
}

std::vector<RunKindPolicy> TrainingRentalKind::policies() const
{
    // fixed:K for the widths issue 14 names; any K the CLI takes by the menus' number box.
    const auto fixed = [](int k, const char* description) {
        const std::string spec = fmt::format("fixed:{}", k);
        return RunKindPolicy{spec, rentalPolicyName(spec), description, "fixed:",
                             "Fixed width", "GPUs per job", 1, FixedWidthPolicy::kMaxGpus};
    };
    return {{"boa", rentalPolicyName("boa"), "BOA Constrictor: the budget-optimal fixed width per job type (EPEW'24)"},
            {"autoscale", rentalPolicyName("autoscale"), "Pollux-style: a cluster of 4-GPU nodes resized by a utility threshold"},
            {"hesrpt", rentalPolicyName("hesrpt"), "A fixed cluster of the budget's GPUs, shared in favour of the smallest jobs"},
            {"greedy", rentalPolicyName("greedy"), "Rents each job's requested width on arrival"},
            fixed(1, "One GPU per job"),
            fixed(2, "Two GPUs per job"),
            fixed(4, "Four GPUs per job"),
            fixed(8, "Eight GPUs per job")};
}

std::string TrainingRentalKind::canonicalPolicy(const std::string& spec) const
{
    if (const auto canonical = canonicalRentalPolicy(spec))
        return *canonical;
    throw UsageError(fmt::format("\"{}\" is no rental policy: use boa, fixed:K (K from 1 to {}), autoscale, hesrpt "
                                 "or greedy",
                                 spec, FixedWidthPolicy::kMaxGpus));
}

std::vector<RunKindParameter> TrainingRentalKind::parameters() const
{
    using Type = RunKindParameter::Type;
    return {
        {.name = kBudget, .label = "Budget", .unit = "GPUs", .type = Type::Real, .defaultValue = 16, .min = 0.001,
         .max = 1000000, .forkable = true,
         .help = "The time-average number of GPUs rented, over first arrival to last completion"},
        {.name = kSeed, .label = "Seed", .type = Type::Integer, .defaultValue = 42, .max = 2147483647,
         .help = "Recorded with the run; trace runs are deterministic whatever it is"},
    };
}

std::unique_ptr<Run> TrainingRentalKind::simulate(std::shared_ptr<const RunInputs> inputs, const RunRequest& request,
                                                  const ProgressCallback& progress) const
{
    auto loaded = std::dynamic_pointer_cast<const TrainingRentalInputs>(inputs);
    if (!loaded)
        throw std::invalid_argument("TrainingRentalKind::simulate: the inputs are not training-rent inputs");
    if (auto problem = requestProblem(request))
        throw UsageError(*problem);
    if (progress && !progress(0.0))
        throw CancelledError();
    const RunRequest r = resolved(request);
    if (auto problem = inputsProblem(loaded, r))
        throw UsageError(*problem);
    try {
        return TrainingRentalRun::simulate(std::move(loaded), canonicalPolicy(r.policy), std::stod(r.values.at(kBudget)),
                                           uint64_t(std::stoll(r.values.at(kSeed))));
    } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
    }
}

std::optional<std::string> TrainingRentalKind::forkProblem(const Run& run, size_t position) const
{
    if (position > run.steps())
        return fmt::format("fork position {} is outside 0-{}", position, run.steps());
    const auto* rental = dynamic_cast<const TrainingRentalRun*>(&run);
    if (!rental)
        return "this run was reopened from a study without its inputs: run it again to fork it";
    return rental->forkProblem(position, rental->info().policy);
}

std::optional<std::string> TrainingRentalKind::forkTargetProblem(const Run& run, size_t position,
                                                                const std::string& policy) const
{
    const auto* rental = dynamic_cast<const TrainingRentalRun*>(&run);
    return rental ? rental->forkProblem(position, policy) : std::nullopt;  // forkProblem(run) says the rest
}

std::string TrainingRentalKind::forkParameterNote(const Run& run, size_t position, const std::string& name) const
{
    if (name != kBudget)
        return {};
    const MetricSeries& series = run.series();
    const std::string whole = "The budget is the time average over the whole run, from the first arrival to the "
                              "last completion, the kept part included";
    // Row p of the series is position p (row 0: before the first event).
    if (position == 0 || position >= series.rows() || !series.find("average_rented_gpus") || !series.find("time_h"))
        return whole + ".";
    return fmt::format("{}: up to {:.2f} h it rented {:.1f} GPUs on average, so a lower budget leaves fewer GPUs "
                       "for the rest than the number says.",
                       whole, series.value("time_h", position), series.value("average_rented_gpus", position));
}

std::unique_ptr<Run> TrainingRentalKind::fork(const Run& run, size_t position, const RunRequest& request,
                                              const ProgressCallback&) const
{
    if (auto problem = forkProblem(run, position))
        throw UsageError(*problem);
    if (auto problem = requestProblem(request, true))
        throw UsageError(*problem);
    if (auto problem = forkTargetProblem(run, position, request.policy))
        throw UsageError(*problem);
    const TrainingRentalRun& parent = rentalRun(run);
    if (auto problem = forkValuesProblem(parent, request))
        throw UsageError(*problem);
    const std::string* budget = request.find(kBudget);
    try {
        return parent.forkWith(position, canonicalPolicy(request.policy), budget ? std::stod(*budget) : parent.budget());
    } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
    }
}

std::shared_ptr<const RunInputs> TrainingRentalKind::conformanceSample() const
{
    // Fig. 1's two types (Amdahl p = 0.8 and sqrt k) with 48 jobs at a fixed pace, sizes of one
    // to three hours on one GPU: at the default 16 GPUs BOA widens both types.
    RentalWorkload w;
    w.types.push_back({"amdahl-0.8", 0, 0, std::make_shared<AmdahlSpeedup>(0.8), 32});
    w.types.push_back({"sqrt", 0, 0, std::make_shared<PowerLawSpeedup>(0.5), 32});
    double work[2] = {0, 0};
    for (uint64_t i = 0; i < 48; ++i) {
        const size_t type = i % 2;
        const double size = 3600.0 * (1 + double(i % 5) / 2);
        w.jobs.push_back({i, 600.0 * double(i), type, size, 1 + int(i % 3)});
        work[type] += size;
    }
    const double span = w.jobs.back().arrivalS - w.jobs.front().arrivalS;
    for (size_t t = 0; t < 2; ++t) {
        w.types[t].arrivalRate = 24 / span;
        w.types[t].meanSize = work[t] / 24;
    }
    return std::make_shared<TrainingRentalInputs>("conformance sample", std::move(w), BoaBudgetRule::SpanFitted);
}

std::map<std::string, std::string> TrainingRentalKind::writeConformanceFiles(const std::string& dir) const
{
    // Made-up profiles, the same for every application: one local batch of 8 or 16 samples, one
    // node of 1, 2 or 4 GPUs and two nodes of 8, each a little short of linear.
    const fs::path profiles = fs::path(dir) / "profiles";
    const auto write = [](const fs::path& path, const std::string& text) {
        std::ofstream out(path, std::ios::binary);
        out << text;
        if (!out)
            throw std::runtime_error("cannot write " + path.string());
    };
    for (const PolluxApplicationName& app : polluxApplicationNames()) {
        const fs::path folder = profiles / app.name;
        fs::create_directories(folder);
        std::string validation = "progress,iteration,metric\n";
        for (int epoch = 1; epoch <= app.maxEpochs; ++epoch)
            validation += fmt::format("{},{},0.5\n", 40 * epoch, 40 * epoch);
        write(folder / "validation-8.csv", validation);
        write(folder / "placements.csv", "placement,local_bsz,step_time,sync_time\n"
                                         "1,8,0.50,0.00\n1,16,0.90,0.00\n2,8,0.55,0.05\n2,16,0.95,0.05\n"
                                         "4,8,0.60,0.10\n4,16,1.00,0.10\n");
        write(folder / "scalability.csv", "num_nodes,num_replicas,local_bsz,step_time,sync_time\n"
                                          "2,8,8,0.70,0.20\n2,8,16,1.10,0.20\n");
    }
    // 24 jobs of two applications, one every 10 minutes, known models with iteration counts.
    std::vector<TrainingJob> jobs;
    for (uint32_t i = 0; i < 24; ++i) {
        TrainingJob job;
        job.id = i;
        job.arrivalS = 600.0 * i;
        job.gpus = 1 + int(i % 4);
        job.iterations = 2000.0 + 500.0 * (i % 5);
        job.iterationS = 1.0;
        job.model = i % 2 ? "ncf" : "cifar10";
        job.jobClass = findTrainingModel(job.model)->jobClass;
        jobs.push_back(job);
    }
    const std::string jobsPath = (fs::path(dir) / "jobs.csv").string();
    writeJobs(jobsPath, jobs);
    return {{kJobsRole, jobsPath}, {kProfilesRole, profiles.string()}};
}

}  // namespace tessera
