#include "store/StoredRun.h"

#include <stdexcept>

namespace tessera {

std::vector<NodeState> StoredRun::occupancyAt(size_t position) const
{
    if (position > steps.size())
        throw std::out_of_range("StoredRun::occupancyAt: position past the last step");
    std::vector<NodeState> states;
    states.reserve(nodes.size());
    for (const auto& node : nodes)
        states.push_back(NodeState::empty(NodeSpec{node.name, node.cpuMilli, node.memoryMib, node.gpuCount, kNoGpuModel}));
    for (size_t i = 0; i < position; ++i) {
        const Step& step = steps[i];
        if (!step.placement.placed())
            continue;
        // The simulator's own moves: an arrival or retry takes the resources, a departure
        // gives them back; a failed or expired pod never held any.
        const int sign = step.kind == StepKind::Departure ? +1 : -1;
        applyPod(states.at(size_t(step.placement.node)), sequence.at(step.pod), step.placement.gpus, sign);
    }
    return states;
}

}  // namespace tessera
