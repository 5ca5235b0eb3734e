// Training-job files (loadJobs, core/training/JobFile.h), in any of the five formats. An
// accepted file must hold jobs with widths, arrivals, work and iteration times within the
// limits, distinct ids (and names), and printable model names; written in Tessera's format it
// must load back as the same jobs, and that text must be a fixed point. Generator parameters
// taken from the first bytes check that generated streams load back too.
#include "FuzzSupport.h"

#include "training/JobFile.h"
#include "training/JobGenerator.h"

#include <set>
#include <sstream>

using namespace tessera;

namespace {

std::string text(const std::vector<TrainingJob>& jobs)
{
    std::ostringstream out;
    writeJobs(out, jobs);
    return out.str();
}

void checkJobs(const JobTrace& trace)
{
    fuzz::require(!trace.jobs.empty(), "a file without jobs was accepted");
    std::set<uint64_t> ids;
    std::set<std::string> names;
    for (const TrainingJob& job : trace.jobs) {
        fuzz::require(ids.insert(job.id).second, "a repeated job id");
        fuzz::require(job.name.empty() || names.insert(job.name).second, "a repeated job name");
        fuzz::require(job.gpus >= 1 && job.gpus <= JobLimits::kMaxGpus, "a width outside [1, 4096]");
        fuzz::require(job.arrivalS >= 0 && job.arrivalS <= JobLimits::kMaxTimeS, "an arrival outside [0, 10^9]");
        fuzz::require(!job.iterations || (*job.iterations > 0 && *job.iterations <= JobLimits::kMaxIterations),
                      "work outside (0, 10^12]");
        fuzz::require(job.iterationS > 0 && job.iterationS <= JobLimits::kMaxIterationS,
                      "an iteration time outside (0, 10^5]");
        fuzz::require(!job.model.empty() && job.model.size() <= JobLimits::kMaxModelNameBytes,
                      "an empty or long model name");
        for (char c : job.model)
            fuzz::require(c >= 0x20 && c <= 0x7e && c != ',' && c != '"', "an unprintable model name");
        fuzz::require(int(job.jobClass) >= 0 && int(job.jobClass) < kJobClassCount, "a class outside A-D");
    }
}

void roundTrip(const std::vector<TrainingJob>& jobs)
{
    const std::string written = text(jobs);
    const std::string again =
        fuzz::writeScratch("jobs-again.csv", reinterpret_cast<const uint8_t*>(written.data()), written.size());
    const JobTrace back = loadJobs(again);
    fuzz::require(back.format == JobFormat::Tessera, "written jobs are not read as Tessera's format");
    fuzz::require(text(back.jobs) == written, "written jobs do not load back the same");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string path = fuzz::writeScratch("jobs.csv", data, size);
    fuzz::refusalsExpected([&] {
        LoadWarnings warnings;
        const JobTrace trace = loadJobs(path, warnings);
        checkJobs(trace);
        roundTrip(trace.jobs);
    });
    if (size >= 3) {
        // A small generated stream, its size and load from the input: it must load back.
        JobGeneratorParams params;
        params.jobs = 1 + data[0] % 32;
        params.loadJobsPerHour = 0.5 + data[1];
        params.measuredIterationTimes = data[2] % 2;
        const auto jobs = generateJobs(params, data[0] * 256u + data[1]);
        fuzz::refusalsExpected([&] { roundTrip(jobs); });
    }
    return 0;
}
