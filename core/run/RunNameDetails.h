#pragma once

#include "run/RunKind.h"
#include "run/RunRequest.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace tessera {

// What sets a run apart from a run of its policy with its kind's defaults, to follow its name,
// so runs that differ only there read apart in `runs`, legends and titles:
// " · L 3× · round 600 s · no variability".
// - every parameter of `resolved` (RunKind::resolved) off its default, but those in `named`
//   (the run's own name says them) and those the request does not use (onlyWhenParameter);
//   each as its `tags` entry ("L"), else its label in lower case, then the value and unit;
// - then "no X" for each optional input of the kind whose role is not in `given`, X the
//   first word of its label ("Variability folder (...)" -> "no variability").
std::string runNameDetails(const RunKind& kind, const RunRequest& resolved, const std::set<std::string>& given,
                           const std::vector<std::string>& named, const std::map<std::string, std::string>& tags = {});

}  // namespace tessera
