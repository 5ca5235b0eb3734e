#pragma once

// A run of the bundled default trace (traces/default, 1,213 nodes) for the views' tests: FGD at
// tune 0.5 by default, so a test gets realistic shapes in a fraction of a second.

#include "run/RunHandle.h"
#include "support/TestRuns.h"

#include <memory>
#include <string>

namespace tessera::test {

inline std::shared_ptr<const PodTrace> defaultTrace()
{
    static const std::shared_ptr<const PodTrace> trace = [] {
        LoadWarnings warnings;
        return PodTrace::load(TESSERA_SOURCE_DIR "/traces/default/nodes.csv",
                              TESSERA_SOURCE_DIR "/traces/default/pods.csv", "", LoadOptions{}, warnings);
    }();
    return trace;
}

inline std::shared_ptr<const PodSchedulingRun> defaultRun(const std::string& policy = "fgd", double tune = 0.5,
                                                          uint64_t seed = 42)
{
    return simulateRun(defaultTrace(), policy, tune, seed);
}

// A RunHandle as the RunManager would give it to QML, owned by `parent`.
inline views::RunHandle* defaultRunHandle(QObject* parent, const std::string& policy = "fgd", double tune = 0.5)
{
    auto* handle = new views::RunHandle(defaultRun(policy, tune), parent);
    handle->setColor(QColor(0x00, 0x72, 0xb2));
    return handle;
}

}  // namespace tessera::test
