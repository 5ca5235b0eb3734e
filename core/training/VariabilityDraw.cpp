#include "training/VariabilityDraw.h"

#include "training/Median.h"
#include "training/PythonRandom.h"

#include <algorithm>
#include <map>
#include <stdexcept>

#include <fmt/format.h>

namespace tessera {

namespace {

// Each measured GPU's median normalised score, ascending (ties by uuid).
std::vector<double> perGpuMedians(const ClassProfile& profile)
{
    if (profile.uuids.size() != profile.samples.size())
        throw std::invalid_argument(
            fmt::format("{}: per-GPU correlated variability needs a uuid column", profile.path));
    std::map<std::string, std::vector<double>> byGpu;
    for (size_t i = 0; i < profile.samples.size(); ++i)
        byGpu[profile.uuids[i]].push_back(profile.samples[i]);
    std::vector<std::pair<double, std::string>> ranked;
    for (auto& [uuid, values] : byGpu)
        ranked.emplace_back(medianOf(std::move(values)), uuid);
    std::sort(ranked.begin(), ranked.end());
    std::vector<double> medians;
    for (const auto& entry : ranked)
        medians.push_back(entry.first);
    return medians;
}

}  // namespace

const char* variabilityModeName(VariabilityMode mode)
{
    return mode == VariabilityMode::Independent ? "independent" : "correlated";
}

std::optional<VariabilityMode> parseVariabilityMode(std::string_view text)
{
    if (text == "independent")
        return VariabilityMode::Independent;
    if (text == "correlated")
        return VariabilityMode::PerGpuCorrelated;
    return std::nullopt;
}

VariabilityTable drawVariability(const VariabilityProfiles& profiles, int gpus, uint64_t seed, VariabilityMode mode)
{
    if (gpus < 0)
        throw std::invalid_argument("a cluster has no negative GPU count");
    PythonRandom rng(seed);
    VariabilityTable table;
    table.scores.resize(size_t(gpus));
    if (mode == VariabilityMode::Independent) {
        table.drawnRows.resize(size_t(gpus));
        for (int g = 0; g < gpus; ++g)
            for (JobClass c : kJobClasses) {
                const auto& samples = profiles.of(c).samples;
                const uint32_t row = rng.randbelow(uint32_t(samples.size()));
                table.drawnRows[size_t(g)][size_t(c)] = row;
                table.scores[size_t(g)][size_t(c)] = samples[row];
            }
        return table;
    }
    std::array<std::vector<double>, kJobClassCount> medians;
    for (JobClass c : kJobClasses)
        medians[size_t(c)] = perGpuMedians(profiles.of(c));
    for (int g = 0; g < gpus; ++g) {
        const double u = rng.random();
        for (JobClass c : kJobClasses) {
            const auto& m = medians[size_t(c)];
            table.scores[size_t(g)][size_t(c)] = m[std::min(m.size() - 1, size_t(u * double(m.size())))];
        }
    }
    return table;
}

}  // namespace tessera
