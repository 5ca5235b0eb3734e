#include "run/RunKindRegistry.h"

#include "util/UsageError.h"

#include <fmt/format.h>

namespace tessera {

RunKindRegistry& RunKindRegistry::instance()
{
    static RunKindRegistry registry;
    return registry;
}

const RunKind& RunKindRegistry::kind(const std::string& id)
{
    const auto* kind = instance().find(id);
    if (!kind || !*kind)
        throw UsageError(fmt::format("unknown run kind \"{}\" (known kinds: {})", id,
                                     fmt::join(instance().names(), ", ")));
    return **kind;
}

}  // namespace tessera
