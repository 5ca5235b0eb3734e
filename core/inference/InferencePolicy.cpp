#include "inference/InferencePolicy.h"

#include <fmt/format.h>

#include <stdexcept>

namespace tessera {

InferencePolicyRegistry& InferencePolicyRegistry::instance()
{
    static InferencePolicyRegistry registry;
    return registry;
}

std::unique_ptr<InferencePolicy> InferencePolicyRegistry::create(std::string_view spec,
                                                                 const MigGpuType& gpu) const
{
    const size_t colon = spec.find(':');
    const std::string name(spec.substr(0, colon));
    const std::string_view argument = colon == std::string_view::npos ? std::string_view() : spec.substr(colon + 1);
    const InferencePolicyFactory* factory = find(name);
    if (!factory) {
        std::string known;
        for (const std::string& n : names())
            known += (known.empty() ? "" : ", ") + n;
        throw std::invalid_argument(fmt::format("unknown inference policy \"{}\" (known: {})", name, known));
    }
    return (*factory)(argument, gpu);
}

}  // namespace tessera
