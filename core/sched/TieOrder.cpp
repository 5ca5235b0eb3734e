#include "sched/TieOrder.h"

#include "util/Rng.h"

#include <algorithm>
#include <numeric>

namespace tessera {

std::string_view tieOrderName(TieOrderKind kind)
{
    return kind == TieOrderKind::Seeded ? "seeded" : "name";
}

std::vector<uint32_t> makeTieOrder(const std::vector<NodeSpec>& nodes, TieOrderKind kind, uint64_t seed)
{
    std::vector<uint32_t> order(nodes.size());
    std::iota(order.begin(), order.end(), 0u);
    // Name order first in both cases, so the seeded permutation ignores the file's row order.
    std::stable_sort(order.begin(), order.end(),
                     [&](uint32_t a, uint32_t b) { return nodes[a].name < nodes[b].name; });
    if (kind == TieOrderKind::Seeded) {
        Rng rng = Rng::stream(seed, kTieOrderStream);
        for (size_t i = order.size(); i > 1; --i)
            std::swap(order[i - 1], order[rng.below(i)]);
    }
    return order;
}

}  // namespace tessera
