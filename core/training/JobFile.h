#pragma once

// Training-job files (contracts.md 9, `--jobs FILE`). loadJobs reads the job formats of
// pal-sia-philly (philly/ and synergy_shockwave/, Blox's replay CSV), Pollux (osdi21 workloads),
// the Philly job log in Pollux's copy (traces/philly.csv), Gavel (the tab-separated .trace
// files, which have no header) and Tessera's own format
// (docs/cli.md, "Training job format"), telling them apart by the first line. writeJobs writes
// Tessera's format.

#include "io/InputError.h"
#include "training/TrainingJob.h"

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace tessera {

enum class JobFormat { Tessera, Blox, Pollux, PhillyLog, Gavel };

// "tessera", "pal-sia-philly", "pollux", "philly-log", "gavel".
const char* jobFormatName(JobFormat format);

struct JobTrace {
    std::string name;  // the file name without directory and extension
    std::string path;  // the file it was read from; empty for a trace made in memory
    JobFormat format = JobFormat::Tessera;
    std::vector<TrainingJob> jobs;  // in file order
    // For messages about a job: its file line, the column of its width ("num_gpus"), the one its
    // work comes from ("duration"; Pollux's "application", whose profile sets the work) and the
    // one naming its model ("model", Pollux's "application"; empty for the Philly log's jobs).
    std::vector<long> lines;
    std::string widthColumn;
    std::string workColumn;
    std::string modelColumn;
};

// The error about job `index` of `trace` in `column`, thrown where a later stage (renting,
// placement) refuses a job the loader accepted: for a trace read from a file an InputError at
// the job's own line (`FILE:LINE: column C: problem (value "...")`, contracts.md 4), for one made
// in memory std::invalid_argument naming the job.
[[noreturn]] void failJob(const JobTrace& trace, size_t index, const std::string& column, const std::string& problem,
                          const std::optional<std::string>& value = std::nullopt);

// The model name given to the Philly log's jobs, which name none: class B at 1 s per
// iteration (the reference's default), so their iterations are the log's seconds.
constexpr const char* kPhillyLogModel = "philly";

// Limits past which a value is an input error rather than a job (docs/cli.md).
struct JobLimits {
    static constexpr long long kMaxGpus = 4096;
    static constexpr double kMaxTimeS = 1e9;           // about 31 years
    static constexpr double kMaxIterations = 1e12;
    static constexpr double kMaxIterationS = 1e5;
    static constexpr long long kMaxBatchSize = 100000000;
    static constexpr long long kMaxJobId = 1000000000000000;  // 10^15: exact in a double
    static constexpr size_t kMaxModelNameBytes = 64;
};

// The job format `path` is in, by its first line as loadJobs() tells the formats apart; nothing
// when the file cannot be read, is empty or binary, or its header names no job format. What
// the app's Open asks to find the kind of run that reads a file (RunKind::recognise).
std::optional<JobFormat> jobFormatOf(const std::string& path);

// Reads a job file. Throws InputError (FILE:LINE: column NAME: problem (value "...")) for any
// malformed value, a duplicate job id, an unknown model in Tessera's format without a class
// and an iteration time, a header of no known format, an empty or binary file or one without
// jobs: nothing is half-loaded (contracts.md 4). Warnings go to `warnings`: a final line cut
// short (Gavel's ee9e8c.trace) is skipped; a model the table lacks (outside Tessera's format,
// which refuses it) is named once, at its first line, as it gets class B at 1 s per iteration;
// a Gavel trace gets one note that its iteration times are not known (1 s each).
JobTrace loadJobs(const std::string& path, LoadWarnings& warnings);
JobTrace loadJobs(const std::string& path);

// Tessera's format; numbers in their shortest exact form, so the output loads back equal.
void writeJobs(std::ostream& out, const std::vector<TrainingJob>& jobs);
// The same to a file; throws std::runtime_error when it cannot be written.
void writeJobs(const std::string& path, const std::vector<TrainingJob>& jobs);

}  // namespace tessera
