#include "mig/Reconfiguration.h"

#include <algorithm>
#include <iterator>
#include <tuple>
#include <vector>

namespace tessera {

namespace {

std::vector<std::tuple<uint32_t, uint16_t, uint8_t>> sortedKeys(std::span<const PlacedInstance> instances)
{
    std::vector<std::tuple<uint32_t, uint16_t, uint8_t>> keys;
    for (const auto& i : instances)
        keys.emplace_back(i.tag, i.profile, i.start);
    std::sort(keys.begin(), keys.end());
    return keys;
}

}  // namespace

ReconfigurationCost reconfigurationCost(std::span<const PlacedInstance> before, std::span<const PlacedInstance> after,
                                        double secondsPerInstance)
{
    const auto a = sortedKeys(before);
    const auto b = sortedKeys(after);
    std::vector<std::tuple<uint32_t, uint16_t, uint8_t>> common;
    std::set_intersection(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(common));
    ReconfigurationCost cost;
    cost.kept = int(common.size());
    cost.destroyed = int(a.size()) - cost.kept;
    cost.created = int(b.size()) - cost.kept;
    cost.delaySeconds = secondsPerInstance * (cost.created + cost.destroyed);
    return cost;
}

}  // namespace tessera
