#include "mig/MigGpuType.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <stdexcept>

namespace tessera {

namespace {

// The geometry shared by A100-40GB, A100-80GB and H100-80GB (7 compute, 8 memory slices), row by
// row in the spec's table order: 1g, 1g+me, double-memory 1g, 2g, 3g, 4g, 7g.
struct GeometryRow {
    int id, g, mem, maxCount;
    std::vector<int> starts;
    bool me;
};
const std::array<GeometryRow, 7> kSevenSliceGeometry = {{
    {19, 1, 1, 7, {0, 1, 2, 3, 4, 5, 6}, false},
    {20, 1, 1, 1, {0, 1, 2, 3, 4, 5, 6}, true},
    {15, 1, 2, 4, {0, 2, 4, 6}, false},
    {14, 2, 2, 3, {0, 2, 4}, false},
    {9, 3, 4, 2, {0, 4}, false},
    {5, 4, 4, 1, {0}, false},
    {0, 7, 8, 1, {0}, false},
}};

// What differs between the 7-slice types: names, SMs and usable memory per row.
struct SizeRow {
    const char* name;
    int sms;
    double usableGiB;
};

std::vector<MigProfile> sevenSliceProfiles(const std::array<SizeRow, 7>& sizes)
{
    std::vector<MigProfile> profiles;
    for (size_t i = 0; i < sizes.size(); ++i) {
        const GeometryRow& g = kSevenSliceGeometry[i];
        profiles.push_back({sizes[i].name, g.id, g.g, g.mem, sizes[i].sms, g.maxCount, g.starts, sizes[i].usableGiB, g.me});
    }
    return profiles;
}

// A100: SM counts from real `nvidia-smi mig -lgip` output (the full GPU has 108, 7g exposes 98).
// The spec gives no usable-GiB column for A100, so these are the names' nominal sizes.
const std::array<SizeRow, 7> kA100_40 = {{{"1g.5gb", 14, 5},
                                          {"1g.5gb+me", 14, 5},
                                          {"1g.10gb", 14, 10},
                                          {"2g.10gb", 28, 10},
                                          {"3g.20gb", 42, 20},
                                          {"4g.20gb", 56, 20},
                                          {"7g.40gb", 98, 40}}};
const std::array<SizeRow, 7> kA100_80 = {{{"1g.10gb", 14, 10},
                                          {"1g.10gb+me", 14, 10},
                                          {"1g.20gb", 14, 20},
                                          {"2g.20gb", 28, 20},
                                          {"3g.40gb", 42, 40},
                                          {"4g.40gb", 56, 40},
                                          {"7g.80gb", 98, 80}}};
// H100: SMs are not linear in g (1g 16, 2g 32, 3g 60, 7g 132).
const std::array<SizeRow, 7> kH100_80 = {{{"1g.10gb", 16, 9.75},
                                          {"1g.10gb+me", 16, 9.75},
                                          {"1g.20gb", 26, 19.62},
                                          {"2g.20gb", 32, 19.62},
                                          {"3g.40gb", 60, 39.50},
                                          {"4g.40gb", 64, 39.50},
                                          {"7g.80gb", 132, 79.25}}};

std::vector<MigProfile> a30Profiles()
{
    // name, id, g, mem, SMs, max, starts, GiB, +me (a real A30 listing, driver 535).
    return {
        {"1g.6gb", 14, 1, 1, 14, 4, {0, 1, 2, 3}, 5.81, false},
        {"1g.6gb+me", 21, 1, 1, 14, 1, {0, 1, 2, 3}, 5.81, true},
        {"2g.12gb", 5, 2, 2, 28, 2, {0, 2}, 11.69, false},
        {"2g.12gb+me", 6, 2, 2, 28, 1, {0, 2}, 11.69, true},
        {"4g.24gb", 0, 4, 4, 56, 1, {0}, 23.50, false},
    };
}

const std::vector<MigGpuType>& builtinTypes()
{
    static const std::vector<MigGpuType> types = {
        MigGpuType("A100-40GB", 7, 8, sevenSliceProfiles(kA100_40),
                   {"1g.5gb", "2g.10gb", "3g.20gb", "4g.20gb", "7g.40gb"}, {"1g.10gb"}),
        MigGpuType("A100-80GB", 7, 8, sevenSliceProfiles(kA100_80),
                   {"1g.10gb", "2g.20gb", "3g.40gb", "4g.40gb", "7g.80gb"}, {"1g.20gb"}),
        MigGpuType("H100-80GB", 7, 8, sevenSliceProfiles(kH100_80),
                   {"1g.10gb", "2g.20gb", "3g.40gb", "4g.40gb", "7g.80gb"}, {"1g.20gb"}),
        MigGpuType("A30", 4, 4, a30Profiles(), {"1g.6gb", "2g.12gb", "4g.24gb"}, {}),
    };
    return types;
}

bool equalsIgnoringCase(std::string_view a, std::string_view b)
{
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
}

}  // namespace

MigGpuType::MigGpuType(std::string name, int computeSlices, int memorySlices, std::vector<MigProfile> profiles,
                       std::vector<std::string> classicNames, std::vector<std::string> extraNames)
    : name_(std::move(name)), computeSlices_(computeSlices), memorySlices_(memorySlices), profiles_(std::move(profiles))
{
    // A row that cannot fit would make every layout check depend on bounds it never tests.
    for (const auto& p : profiles_)
        for (int s : p.starts)
            if (s < 0 || s + p.memorySlices > memorySlices_ || s + p.computeSlices > computeSlices_)
                throw std::logic_error(name_ + ": profile " + p.name + " does not fit at start " + std::to_string(s));
    classic_ = indicesOf(classicNames);
    classicNames.insert(classicNames.end(), extraNames.begin(), extraNames.end());
    all_ = indicesOf(classicNames);
}

std::vector<uint16_t> MigGpuType::indicesOf(const std::vector<std::string>& names) const
{
    std::vector<uint16_t> indices;
    for (const auto& n : names) {
        const auto index = profileIndex(n);
        if (!index || profiles_[*index].mediaExtensions)
            throw std::logic_error(name_ + ": no plain profile " + n);
        indices.push_back(*index);
    }
    std::sort(indices.begin(), indices.end());
    return indices;
}

std::optional<uint16_t> MigGpuType::profileIndex(std::string_view name) const
{
    for (size_t i = 0; i < profiles_.size(); ++i)
        if (profiles_[i].name == name)
            return uint16_t(i);
    return std::nullopt;
}

std::optional<uint16_t> MigGpuType::classicProfileWithComputeSlices(int g) const
{
    for (uint16_t i : classic_)
        if (profiles_[i].computeSlices == g)
            return i;
    return std::nullopt;
}

const MigGpuType* MigGpuType::find(std::string_view name)
{
    for (const auto& type : builtinTypes())
        if (equalsIgnoringCase(type.name(), name))
            return &type;
    return nullptr;
}

std::vector<std::string> MigGpuType::names()
{
    std::vector<std::string> result;
    for (const auto& type : builtinTypes())
        result.push_back(type.name());
    return result;
}

}  // namespace tessera
