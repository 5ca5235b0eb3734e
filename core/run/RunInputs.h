#pragma once

#include "io/InputFile.h"

#include <vector>

namespace tessera {

// The loaded inputs of a run kind (a node list and a pod list; a scenario; a profiles and SLO
// folder), shared and immutable, by every run made from them. A kind's RunKind::loadInputs
// makes them, its simulate() takes them back; everything else sees only the files they came
// from.
class RunInputs {
public:
    virtual ~RunInputs() = default;
    // The files as loaded (absolute paths, content hashes), which a study records; empty for
    // inputs made in memory.
    virtual const std::vector<InputFile>& inputFiles() const = 0;
};

}  // namespace tessera
