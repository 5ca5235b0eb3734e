#include "training/rental-kind/RentalPolicyName.h"

#include <array>
#include <utility>

namespace tessera {

std::string rentalPolicyName(const std::string& spec)
{
    static constexpr std::array<std::pair<const char*, const char*>, 4> kNames{
        {{"boa", "BOA"}, {"autoscale", "Autoscale"}, {"hesrpt", "heSRPT"}, {"greedy", "Greedy"}}};
    for (const auto& [id, name] : kNames)
        if (spec == id)
            return name;
    constexpr std::string_view fixed = "fixed:";
    if (spec.size() > fixed.size() && spec.compare(0, fixed.size(), fixed) == 0)
        return "Fixed " + spec.substr(fixed.size());
    return spec;
}

}  // namespace tessera
