#include "training/rental-kind/TrainingRentalCursor.h"

#include "training/rental-kind/TrainingRentalRun.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace tessera {

void TrainingRentalCursor::seek(size_t position) { position_ = std::min(position, run_.steps()); }

void TrainingRentalCursor::cellUse(std::vector<float>& use) const
{
    const OccupancyLayout& layout = run_.layout();
    use.assign(layout.cellCount, 0.0f);
    for (size_t g = 0; g < layout.groups.size(); ++g) {
        const auto& group = layout.groups[g];
        const double held = run_.heldAt(position_, g);
        for (uint32_t c = 0; c < group.cellCount; ++c)
            use[group.firstCell + c] = float(std::clamp(held - c, 0.0, 1.0));
    }
}

std::string TrainingRentalCursor::describeCell(uint32_t cell) const
{
    const OccupancyLayout& layout = run_.layout();
    for (size_t g = 0; g < layout.groups.size(); ++g) {
        const auto& group = layout.groups[g];
        if (cell >= group.firstCell && cell < group.firstCell + group.cellCount) {
            const double share = std::clamp(run_.heldAt(position_, g) - (cell - group.firstCell), 0.0, 1.0);
            return fmt::format("{} · GPU {}: {}", group.name, cell - group.firstCell + 1,
                               share <= 0 ? std::string("not rented") : fmt::format("held {:.0f}%", 100 * share));
        }
    }
    return {};
}

std::string TrainingRentalCursor::describeGroup(uint32_t group) const
{
    const OccupancyLayout& layout = run_.layout();
    if (group >= layout.groups.size())
        return {};
    const JobType& type = run_.inputs().workload().types[group];
    return fmt::format("job type {}: load {:.3f} GPUs, mean size {:.2f} GPU-h, k_max {:g}\nholds {:.2f} GPUs at {:.3f} h",
                       type.name, type.load(), type.meanSize / 3600, type.maxWidth, run_.heldAt(position_, group),
                       run_.timeAt(position_) / 3600);
}

void TrainingRentalCursor::groupValues(std::vector<float>& values) const
{
    values.resize(run_.layout().groups.size());
    for (size_t g = 0; g < values.size(); ++g)
        values[g] = float(run_.heldAt(position_, g));
}

}  // namespace tessera
