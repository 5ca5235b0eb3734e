#include "training/VariabilityTable.h"

namespace tessera {

std::vector<double> VariabilityTable::column(JobClass c) const
{
    std::vector<double> values;
    values.reserve(scores.size());
    for (const auto& gpu : scores)
        values.push_back(gpu[size_t(c)]);
    return values;
}

VariabilityTable uniformVariability(int gpus)
{
    VariabilityTable table;
    table.scores.assign(size_t(gpus < 0 ? 0 : gpus), {1.0, 1.0, 1.0, 1.0});
    return table;
}

}  // namespace tessera
