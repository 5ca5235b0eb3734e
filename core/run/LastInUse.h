#pragma once

#include "run/Run.h"

#include <cstddef>
#include <string>

namespace tessera {

// The moment a view of one moment of a run (the occupancy grid) opens at, when the user has not
// chosen one: the last step at which some cell is in use. The end of a run whose GPUs stay busy;
// the last busy event of a training or renting run, whose end has every GPU free (its end drew
// an all-grey grid). One rule for `tessera-cli chart --chart occupancy` and the app's cursor
// after a run.
struct LastInUse {
    size_t position = 0;
    bool atEnd = false;   // the run's last step
    bool found = false;   // false: no cell is in use at any step; position is then the end

    static LastInUse of(const Run& run);
    // Why the grid shows this moment, for a title: "the last event with a GPU in use".
    std::string note(const Run& run) const;
};

}  // namespace tessera
