#include "run/GroupValueMatrix.h"

#include <algorithm>

namespace tessera {

GroupValueMatrix GroupValueMatrix::sample(const Run& run, size_t columns, size_t from, size_t to,
                                          const ProgressCallback& progress)
{
    GroupValueMatrix m;
    to = std::min(to, run.steps());
    from = std::min(from, to);
    const size_t span = to - from;
    columns = std::max<size_t>(1, std::min(columns, span + 1));
    for (size_t c = 0; c < columns; ++c)
        m.positions.push_back(columns == 1 ? to : from + (span * c + (columns - 1) / 2) / (columns - 1));
    m.positions.erase(std::unique(m.positions.begin(), m.positions.end()), m.positions.end());

    auto cursor = run.cursor();
    std::vector<float> column;
    std::vector<std::vector<float>> byColumn;
    byColumn.reserve(m.positions.size());
    for (size_t c = 0; c < m.positions.size(); ++c) {
        cursor->seek(m.positions[c]);
        cursor->groupValues(column);
        byColumn.push_back(column);
        if (progress && c % 16 == 0 && !progress(double(c) / double(m.positions.size())))
            throw CancelledError();
    }
    m.groups = byColumn.empty() ? 0 : byColumn.front().size();
    m.values.resize(m.groups * m.columns());
    for (size_t c = 0; c < m.columns(); ++c)
        for (size_t g = 0; g < m.groups; ++g) {
            m.values[g * m.columns() + c] = byColumn[c][g];
            m.maxValue = std::max(m.maxValue, byColumn[c][g]);
        }
    return m;
}

}  // namespace tessera
