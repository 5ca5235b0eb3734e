#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tessera {

// One thing a cell can show (RunCursor::cellLayer): a share on a gradient, such as the used
// share, or a category, such as the instance profile or the model a slice serves. Views pick a
// category's colour from their palette by its index, so a category keeps its colour over time
// and across runs of one kind.
struct OccupancyLayer {
    enum class Kind { Share, Category };
    std::string name;  // "Used share", "Profile", "Model served"
    Kind kind = Kind::Share;
    // Category layers: the name of every value, by index. A cell's value is the index of its
    // category, or negative for none (drawn as a free cell).
    std::vector<std::string> categories;
    // Share layers whose cells are only ever 0 or 1 (a training GPU is busy or free): an exported
    // chart keys them as busy and free rather than on a 0-100 % ramp.
    bool binary = false;
    // What the ends of a share layer's ramp mean, beside its name in every legend: "0 %" and
    // "100 %" of a used share, "fastest" and "slowest" of a relative score.
    std::string lowText = "0 %";
    std::string highText = "100 %";
};

// A run of slots in one row of a group that spans draw (RunCursor::spans): a MIG GPU's
// instance, or a stranded compute slice. Slots are counted from 0 within the row.
struct OccupancySpan {
    enum Flag : uint32_t {
        Stranded = 1u << 0,  // free but usable by no instance (e.g. compute slice 3 beside 3g@0 + 3g@4)
        Draining = 1u << 1,  // being taken down by a re-partitioning
    };
    uint32_t row = 0;
    uint32_t fromSlot = 0;
    uint32_t toSlot = 0;  // one past the last slot
    // The span's category in each layer, by layer index (missing or negative: none); share
    // layers ignore it. The slice view colours spans by the selected categorical layer.
    std::vector<int32_t> categories;
    std::string label;  // drawn inside the span when there is room, e.g. "3g.40gb"
    uint32_t flags = 0;
    // The occupancy cell whose describeCell is this span's hover text; -1: the group's.
    int32_t cell = -1;

    int32_t category(size_t layer) const { return layer < categories.size() ? categories[layer] : -1; }
    bool operator==(const OccupancySpan&) const = default;
};

// The cells an occupancy view draws, for any run kind: one cell per GPU (or MIG slice),
// grouped by node, nodes grouped by category (the GPU model). Static for a run.
struct OccupancyLayout {
    struct Group {
        std::string name;       // node name
        uint32_t category = 0;  // index into categories
        uint32_t firstCell = 0;
        uint32_t cellCount = 0;
        // A level inside the group: its cells form units of this many cells each (the GPUs of
        // a node, the slices of a GPU), drawn apart; 0 for none.
        uint32_t unitCells = 0;
        // Spans only: the slots of each span row on this group, when fewer than the layout's
        // (an A30 among A100s); empty for the layout's.
        std::vector<uint32_t> spanSlots{};
    };
    // A row of slots that spans are placed on: "compute" with 7 slots, "memory" with 8.
    struct SpanRow {
        std::string name;
        uint32_t slotCount = 0;  // not "slots": Qt defines that as a macro
    };
    std::vector<std::string> categories;
    std::vector<Group> groups;  // ordered by category, then by name
    uint32_t cellCount = 0;
    // What a unit of Group::unitCells is called, for hover texts and legends ("GPU").
    std::string unitName;
    // The layers of RunCursor::cellLayer, in order; the first is what the grid shows first.
    // By default the one layer every kind has: the used share of RunCursor::cellUse.
    std::vector<OccupancyLayer> layers{OccupancyLayer{"Used share", OccupancyLayer::Kind::Share, {}}};
    // The rows of RunCursor::spans, top to bottom; empty when the kind draws no spans.
    std::vector<SpanRow> spanRows;

    bool hasSpans() const { return !spanRows.empty(); }
    uint32_t slotsOf(size_t group, size_t row) const
    {
        const auto& own = groups[group].spanSlots;
        return row < own.size() ? own[row] : spanRows[row].slotCount;
    }
};

}  // namespace tessera
