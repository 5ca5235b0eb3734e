#pragma once

#include "run/RunKind.h"
#include "util/Registry.h"

#include <memory>
#include <string>

namespace tessera {

// Kind id -> its RunKind. A kind registers itself with a static RunKindRegistration in its own
// file (`const RunKindRegistration r("mig-inference", std::make_shared<MigInferenceKind>());`),
// so the run manager, the CLI and the conformance test never name a kind.
class RunKindRegistry : public Registry<std::shared_ptr<const RunKind>> {
public:
    static RunKindRegistry& instance();
    // The kind of runs with RunInfo::kind `id`; throws UsageError naming the known kinds.
    static const RunKind& kind(const std::string& id);
    // The kind the app starts with (new runs, the tabs and export menus before any run is
    // open): named, not the first to register, which depends on static-initialisation order.
    static constexpr const char* kDefaultKind = "pod-scheduling";
};

using RunKindRegistration = Registration<RunKindRegistry>;

}  // namespace tessera
