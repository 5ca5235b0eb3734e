// writeJobs: Tessera's job format (docs/cli.md, "Training job format").
#include "training/JobFile.h"

#include <fstream>
#include <ostream>
#include <stdexcept>

#include <fmt/format.h>

namespace tessera {

void writeJobs(std::ostream& out, const std::vector<TrainingJob>& jobs)
{
    out << "job_id,arrival_s,gpus,iterations,iteration_s,model,class,batch_size\n";
    for (const TrainingJob& job : jobs) {
        const std::string iterations = job.iterations ? fmt::format("{}", *job.iterations) : std::string();
        const std::string batch = job.batchSize > 0 ? fmt::format("{}", job.batchSize) : std::string();
        out << fmt::format("{},{},{},{},{},{},{},{}\n", job.id, job.arrivalS, job.gpus, iterations, job.iterationS,
                           job.model, jobClassLetter(job.jobClass), batch);
    }
}

void writeJobs(const std::string& path, const std::vector<TrainingJob>& jobs)
{
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (out)
        writeJobs(out, jobs);
    if (!out || !out.flush())
        throw std::runtime_error(fmt::format("cannot write {}", path));
}

}  // namespace tessera
