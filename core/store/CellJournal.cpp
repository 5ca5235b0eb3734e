#include "store/CellJournal.h"

namespace tessera {

CellJournal CellJournal::record(const Run& run)
{
    const OccupancyLayout& layout = run.layout();
    CellJournal journal;
    journal.layers.resize(layout.layers.size());
    std::vector<std::vector<float>> last(layout.layers.size());
    for (size_t l = 0; l < layout.layers.size(); ++l)
        last[l].assign(layout.cellCount, initial(layout.layers[l]));
    const auto cursor = run.cursor();
    std::vector<float> values;
    for (size_t p = 0; p <= run.steps(); ++p) {
        cursor->seek(p);
        for (size_t l = 0; l < layout.layers.size(); ++l) {
            cursor->cellLayer(l, values);
            for (uint32_t c = 0; c < layout.cellCount && c < values.size(); ++c)
                if (values[c] != last[l][c]) {
                    journal.layers[l].push_back({uint32_t(p), c, values[c]});
                    last[l][c] = values[c];
                }
        }
    }
    return journal;
}

CellJournalReplay::CellJournalReplay(const std::vector<CellJournal::Change>& changes, uint32_t cells, float initial)
    : changes_(changes), initial_(initial), values_(cells, initial)
{
    seek(0);
}

void CellJournalReplay::seek(size_t position)
{
    if (position < position_) {
        values_.assign(values_.size(), initial_);
        next_ = 0;
    }
    position_ = position;
    for (; next_ < changes_.size() && changes_[next_].position <= position; ++next_)
        if (changes_[next_].cell < values_.size())
            values_[changes_[next_].cell] = changes_[next_].value;
}

}  // namespace tessera
