#include "run/RunComparability.h"

#include "run/RunKindRegistry.h"

#include <fmt/format.h>

namespace tessera {

namespace {
// "pod scheduling (GPU sharing)": the kind's menu name, else its id (a kind this build lacks).
std::string kindWords(const std::string& id)
{
    const auto* kind = RunKindRegistry::instance().find(id);
    return kind && *kind ? (*kind)->displayName() : id;
}
}  // namespace

std::optional<std::string> comparisonProblem(const Run& a, const Run& b)
{
    if (a.info().kind == b.info().kind)
        return std::nullopt;
    return fmt::format("“{}” is a run of {} and “{}” one of {}: only runs of the same kind can be compared",
                       b.info().name, kindWords(b.info().kind), a.info().name, kindWords(a.info().kind));
}

bool summaryFirst(const std::string& kind)
{
    const auto* found = RunKindRegistry::instance().find(kind);
    return found && *found && (*found)->summaryFirst();
}

}  // namespace tessera
