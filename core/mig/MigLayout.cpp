#include "mig/MigLayout.h"

#include <algorithm>
#include <bit>
#include <charconv>
#include <stdexcept>

#include <fmt/format.h>

namespace tessera {

namespace {

// Slices [first, first + count) as bits. Only a layout that is not valid can reach past bit 31;
// it gets no bits there rather than an undefined shift.
uint32_t sliceRange(int first, int count)
{
    if (first < 0 || count <= 0 || first >= 32)
        return 0;
    const uint64_t bits = ((uint64_t(1) << std::min(count, 32)) - 1) << first;
    return uint32_t(bits);
}

uint32_t memoryOf(const MigProfile& p, int start)
{
    return sliceRange(start, p.memorySlices);
}

bool allowedStart(const MigProfile& p, int start)
{
    return std::find(p.starts.begin(), p.starts.end(), start) != p.starts.end();
}

std::string startsText(const MigProfile& p)
{
    return fmt::format("{}", fmt::join(p.starts, ", "));
}

int countOf(const MigLayout& layout, uint16_t profile)
{
    return int(std::count_if(layout.instances.begin(), layout.instances.end(),
                             [&](const MigInstance& i) { return i.profile == profile; }));
}

int mediaExtensionCount(const MigGpuType& type, const MigLayout& layout)
{
    return int(std::count_if(layout.instances.begin(), layout.instances.end(),
                             [&](const MigInstance& i) { return type.profile(i.profile).mediaExtensions; }));
}

}  // namespace

std::string instanceText(const MigGpuType& type, const MigInstance& instance)
{
    if (instance.profile >= type.profiles().size())
        return fmt::format("profile#{}@{}", instance.profile, instance.start);
    return fmt::format("{}@{}", type.profile(instance.profile).name, instance.start);
}

std::optional<std::string> layoutProblem(const MigGpuType& type, const MigLayout& layout)
{
    const auto& instances = layout.instances;
    for (const auto& inst : instances) {
        if (inst.profile >= type.profiles().size())
            return fmt::format("{}: {} has no profile number {} (it has {})", instanceText(type, inst), type.name(),
                               inst.profile, type.profiles().size());
        const MigProfile& p = type.profile(inst.profile);
        if (!allowedStart(p, inst.start))
            return fmt::format("{}: start {} is not an allowed start of {} (allowed: {})", instanceText(type, inst),
                               inst.start, p.name, startsText(p));
    }
    for (size_t a = 0; a < instances.size(); ++a)
        for (size_t b = a + 1; b < instances.size(); ++b) {
            const uint32_t shared = memoryOf(type.profile(instances[a].profile), instances[a].start) &
                                    memoryOf(type.profile(instances[b].profile), instances[b].start);
            if (shared != 0)
                return fmt::format("{}: its memory slices overlap those of {} (from slice {})",
                                   instanceText(type, instances[b]), instanceText(type, instances[a]),
                                   std::countr_zero(shared));
        }
    for (const auto& inst : instances) {
        const MigProfile& p = type.profile(inst.profile);
        if (const int n = countOf(layout, inst.profile); n > p.maxCount)
            return fmt::format("{}: {} instances of {}, at most {} per GPU", instanceText(type, inst), n, p.name,
                               p.maxCount);
    }
    const MigInstance* firstMedia = nullptr;
    for (const auto& inst : instances) {
        if (!type.profile(inst.profile).mediaExtensions)
            continue;
        if (firstMedia)
            return fmt::format("{}: a second media-extension (+me) instance besides {}, at most one per GPU",
                               instanceText(type, inst), instanceText(type, *firstMedia));
        firstMedia = &inst;
    }
    return std::nullopt;
}

bool canAdd(const MigGpuType& type, const MigLayout& layout, uint16_t profile, int start)
{
    if (profile >= type.profiles().size())
        return false;
    const MigProfile& p = type.profile(profile);
    if (!allowedStart(p, start) || (memorySliceMask(type, layout) & memoryOf(p, start)) != 0)
        return false;
    if (countOf(layout, profile) >= p.maxCount)
        return false;
    return !p.mediaExtensions || mediaExtensionCount(type, layout) == 0;
}

uint32_t computeSliceMask(const MigGpuType& type, const MigLayout& layout)
{
    uint32_t mask = 0;
    for (const auto& inst : layout.instances)
        mask |= sliceRange(inst.start, type.profile(inst.profile).computeSlices);
    return mask;
}

uint32_t memorySliceMask(const MigGpuType& type, const MigLayout& layout)
{
    uint32_t mask = 0;
    for (const auto& inst : layout.instances)
        mask |= memoryOf(type.profile(inst.profile), inst.start);
    return mask;
}

int computeSlicesUsed(const MigGpuType& type, const MigLayout& layout)
{
    return std::popcount(computeSliceMask(type, layout));
}

int strandedComputeSlices(const MigGpuType& type, const MigLayout& layout)
{
    const uint32_t all = sliceRange(0, type.computeSlices());
    uint32_t reachable = computeSliceMask(type, layout);
    for (uint16_t p = 0; p < type.profiles().size(); ++p)
        for (int s : type.profile(p).starts)
            if (canAdd(type, layout, p, s))
                reachable |= sliceRange(s, type.profile(p).computeSlices);
    return std::popcount(all & ~reachable);
}

std::string layoutText(const MigGpuType& type, const MigLayout& layout, char separator)
{
    std::string text;
    for (const auto& inst : layout.instances) {
        if (!text.empty())
            text += separator;
        text += instanceText(type, inst);
    }
    return text;
}

MigLayout parseLayout(const MigGpuType& type, std::string_view text, char separator)
{
    MigLayout layout;
    size_t from = 0;
    while (from <= text.size()) {
        const size_t end = std::min(text.find(separator, from), text.size());
        const std::string_view field = text.substr(from, end - from);
        from = end + 1;
        if (field.empty())
            continue;
        const size_t at = field.rfind('@');
        if (at == std::string_view::npos)
            throw std::invalid_argument(fmt::format("\"{}\" is not PROFILE@START", field));
        const std::string_view name = field.substr(0, at);
        const std::string_view startText = field.substr(at + 1);
        const auto profile = type.profileIndex(name);
        if (!profile) {
            std::vector<std::string> known;
            for (const auto& p : type.profiles())
                known.push_back(p.name);
            throw std::invalid_argument(fmt::format("\"{}\": {} has no profile \"{}\" (its profiles: {})", field,
                                                    type.name(), name, fmt::join(known, ", ")));
        }
        int start = -1;
        const auto [ptr, ec] = std::from_chars(startText.data(), startText.data() + startText.size(), start);
        if (startText.empty() || ec != std::errc() || ptr != startText.data() + startText.size() || start < 0 ||
            start >= type.memorySlices())
            throw std::invalid_argument(fmt::format("\"{}\": the start must be a memory slice from 0 to {}", field,
                                                    type.memorySlices() - 1));
        layout.instances.push_back({*profile, uint8_t(start)});
    }
    sortByStart(layout);
    if (auto problem = layoutProblem(type, layout))
        throw std::invalid_argument(*problem);
    return layout;
}

std::vector<uint16_t> profileMultiset(const MigLayout& layout)
{
    std::vector<uint16_t> profiles;
    for (const auto& inst : layout.instances)
        profiles.push_back(inst.profile);
    std::sort(profiles.begin(), profiles.end());
    return profiles;
}

void sortByStart(MigLayout& layout)
{
    std::stable_sort(layout.instances.begin(), layout.instances.end(),
                     [](const MigInstance& a, const MigInstance& b) { return a.start < b.start; });
}

}  // namespace tessera
