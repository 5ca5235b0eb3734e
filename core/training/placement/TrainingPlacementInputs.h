#pragma once

#include "run/RunInputs.h"
#include "training/VariabilityDraw.h"
#include "training/VariabilityProfiles.h"
#include "training/rounds/RoundCluster.h"
#include "training/rounds/RoundJob.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tessera {

// The loaded inputs of a training-placement run: the job stream (already checked to run on a
// fixed cluster: rigid widths and iteration counts) and, optionally, the measured variability
// profiles the per-GPU scores are drawn from (training-boa-pal.md B1). Without profiles every
// GPU scores 1.0 for every class.
class TrainingPlacementInputs final : public RunInputs {
public:
    // Where the jobs came from, so that a message about a job names its file and line.
    struct JobSource {
        std::string path;            // empty for jobs made in memory
        std::string widthColumn;     // the file's name for a job's width ("num_gpus")
        std::vector<long> lines;     // the line of each job, in the order of jobs()
    };

    TrainingPlacementInputs(std::string traceName, std::vector<rounds::RoundJob> jobs,
                            std::optional<VariabilityProfiles> profiles, std::string variabilityName,
                            std::vector<InputFile> files = {}, JobSource source = {});

    const std::vector<InputFile>& inputFiles() const override { return files_; }
    const std::string& traceName() const { return traceName_; }
    const std::vector<rounds::RoundJob>& jobs() const { return jobs_; }
    const std::optional<VariabilityProfiles>& profiles() const { return profiles_; }
    // The variability folder's name, or "none".
    const std::string& variabilityName() const { return variabilityName_; }

    // nodes x gpusPerNode GPUs scored by a draw from the profiles with `seed` and `mode`, each
    // class binned as B3 says; uniform without profiles. Throws std::invalid_argument for an
    // empty cluster or a correlated draw from profiles without GPU ids.
    rounds::RoundCluster cluster(uint32_t nodes, uint32_t gpusPerNode, uint64_t seed, VariabilityMode mode) const;

    // Throws InputError at the file line of the first job wider than nodes x gpusPerNode GPUs
    // (std::invalid_argument for jobs made in memory); `clusterName` is how the caller names the
    // cluster ("--cluster 16x4"; by default "16 nodes of 4 GPUs").
    void checkFits(uint32_t nodes, uint32_t gpusPerNode, const std::string& clusterName = {}) const;

private:
    std::string traceName_;
    std::vector<rounds::RoundJob> jobs_;
    std::optional<VariabilityProfiles> profiles_;
    std::string variabilityName_;
    std::vector<InputFile> files_;
    JobSource source_;
};

}  // namespace tessera
