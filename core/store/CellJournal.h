#pragma once

#include "run/Run.h"

#include <cstdint>
#include <vector>

namespace tessera {

// How the cells of each occupancy layer changed over a run's positions: what a study keeps so
// that the cursor of a reopened run shows its cells as the live run's did (its occupancy grid,
// the exported occupancy chart at any position). Only changes are kept, so a run whose cells
// rarely change costs little.
struct CellJournal {
    struct Change {
        uint32_t position = 0;
        uint32_t cell = 0;
        float value = 0;
    };
    // Per layer of OccupancyLayout::layers: the changes, by position then cell. A cell holds its
    // layer's initial value until its first change.
    std::vector<std::vector<Change>> layers;

    bool empty() const { return layers.empty(); }
    // A cell's value before any change: none (-1) for a category layer, 0 for a share.
    static float initial(const OccupancyLayer& layer)
    {
        return layer.kind == OccupancyLayer::Kind::Category ? -1.0f : 0.0f;
    }
    // `run`'s changes, from one forward walk of its cursor: O(steps × cells × layers).
    static CellJournal record(const Run& run);
};

// The values of every cell of one layer at a position, replayed from a CellJournal: forward in
// O(changes passed), backward by replaying from the start.
class CellJournalReplay {
public:
    CellJournalReplay(const std::vector<CellJournal::Change>& changes, uint32_t cells, float initial);
    void seek(size_t position);
    const std::vector<float>& values() const { return values_; }

private:
    const std::vector<CellJournal::Change>& changes_;
    float initial_;
    std::vector<float> values_;
    size_t next_ = 0;
    size_t position_ = 0;
};

}  // namespace tessera
