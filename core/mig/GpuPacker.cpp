#include "mig/GpuPacker.h"

#include <algorithm>

namespace tessera {

namespace {

// Preferred starts by compute slices, per geometry (see the header for the reasons).
std::vector<int> preferredStarts(const MigGpuType& type, int g)
{
    if (type.memorySlices() == 8) {
        switch (g) {
        case 1: return {6, 4, 5, 0, 1, 2, 3};
        case 2: return {0, 2, 4};
        case 3: return {4, 0};
        default: return {0};
        }
    }
    switch (g) {
    case 1: return {3, 2, 1, 0};
    case 2: return {0, 2};
    default: return {0};
    }
}

}  // namespace

MigLayout layoutOf(const PackedGpu& gpu)
{
    MigLayout layout;
    for (const auto& i : gpu.instances)
        layout.instances.push_back({i.profile, i.start});
    return layout;
}

std::vector<int> startPreference(const MigGpuType& type, uint16_t profile)
{
    const MigProfile& p = type.profile(profile);
    std::vector<int> order;
    for (int s : preferredStarts(type, p.computeSlices))
        if (std::find(p.starts.begin(), p.starts.end(), s) != p.starts.end())
            order.push_back(s);
    for (int s : p.starts)
        if (std::find(order.begin(), order.end(), s) == order.end())
            order.push_back(s);
    return order;
}

std::vector<PackedGpu> packFirstFitDecreasing(const MigGpuType& type, std::vector<PlacedInstance> items)
{
    std::stable_sort(items.begin(), items.end(), [&](const PlacedInstance& a, const PlacedInstance& b) {
        const int ga = type.profile(a.profile).computeSlices;
        const int gb = type.profile(b.profile).computeSlices;
        return ga != gb ? ga > gb : a.tag < b.tag;
    });
    std::vector<PackedGpu> gpus;
    std::vector<MigLayout> layouts;  // gpus[i] without tags, for the validity checks
    for (const auto& item : items) {
        const std::vector<int> starts = startPreference(type, item.profile);
        auto place = [&](size_t g) {
            for (int s : starts)
                if (canAdd(type, layouts[g], item.profile, s)) {
                    layouts[g].instances.push_back({item.profile, uint8_t(s)});
                    gpus[g].instances.push_back({item.profile, uint8_t(s), item.tag});
                    return true;
                }
            return false;
        };
        bool placed = false;
        for (size_t g = 0; g < gpus.size() && !placed; ++g)
            placed = place(g);
        if (!placed) {
            gpus.emplace_back();
            layouts.emplace_back();
            place(gpus.size() - 1);  // every profile fits an empty GPU at its first allowed start
        }
    }
    for (auto& gpu : gpus)
        std::stable_sort(gpu.instances.begin(), gpu.instances.end(),
                         [](const PlacedInstance& a, const PlacedInstance& b) { return a.start < b.start; });
    return gpus;
}

}  // namespace tessera
