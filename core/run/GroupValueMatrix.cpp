#include "run/GroupValueMatrix.h"

#include <algorithm>

namespace tessera {

GroupValueMatrix GroupValueMatrix::sample(const Run& run, size_t columns, size_t from, size_t to,
                                          const ProgressCallback& progress)
{
    to = std::min(to, run.steps());
    from = std::min(from, to);
    const size_t span = to - from;
    columns = std::max<size_t>(1, std::min(columns, span + 1));
    std::vector<size_t> positions;
    for (size_t c = 0; c < columns; ++c)
        positions.push_back(columns == 1 ? to : from + (span * c + (columns - 1) / 2) / (columns - 1));
    positions.erase(std::unique(positions.begin(), positions.end()), positions.end());
    return sampleAt(run, std::move(positions), progress);
}

GroupValueMatrix GroupValueMatrix::sampleAt(const Run& run, std::vector<size_t> positions,
                                            const ProgressCallback& progress)
{
    GroupValueMatrix m;
    for (size_t& p : positions)
        p = std::min(p, run.steps());
    m.positions = std::move(positions);

    // Each column is written straight into its place in the row-major matrix.
    const size_t width = m.columns();
    auto cursor = run.cursor();
    std::vector<float> column;
    for (size_t c = 0; c < width; ++c) {
        if (c == 0 || m.positions[c] != m.positions[c - 1]) {  // a repeated position repeats its column
            cursor->seek(m.positions[c]);
            cursor->groupValues(column);
        }
        if (c == 0) {
            m.groups = column.size();
            m.values.resize(m.groups * width);
        }
        for (size_t g = 0; g < m.groups; ++g) {
            m.values[g * width + c] = column[g];
            m.maxValue = std::max(m.maxValue, column[g]);
        }
        if (progress && c % 16 == 0 && !progress(double(c) / double(width)))
            throw CancelledError();
    }
    return m;
}

}  // namespace tessera
