#pragma once

#include <string>

namespace tessera {

// A rental policy as prose and menus name it: "BOA", "Autoscale", "heSRPT", "Greedy", "Fixed 4"
// (and "Fixed K" for the family written "fixed:K"). The one naming rule of the kind: its menus,
// the frontier's legend, the fork dialog and every message that is not telling the user what to
// type take their names here; only the hints of what to type use the spec ("boa", "fixed:4").
// A spec that is no rental policy is returned as it is.
std::string rentalPolicyName(const std::string& spec);

}  // namespace tessera
