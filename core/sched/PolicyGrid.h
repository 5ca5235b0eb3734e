#pragma once

#include "sched/PolicySpec.h"

#include <string>
#include <string_view>
#include <vector>

namespace tessera {

// A policy spec whose weights may sweep (docs/cli.md "Policy grids"): a term's weight written
// LO..HI[/STEP] takes every value LO, LO+STEP, ... up to HI, and a weight written as a sum of
// whole numbers and $NAME references (`1000-$pwr`) follows the named term's weight. Every
// combination gives one ordinary spec; a weight of 0 at a grid point drops its term. A spec
// with neither form is one ordinary spec (PolicySpec::parse), so a command that expands its
// --policy values accepts everything it did before.
class PolicyGrid {
public:
    // contracts.md 2 bounds each weight; this bounds what one command may ask for, so that a
    // typo (`0..1000000/1`) is refused at once instead of running for a month.
    static constexpr size_t kMaxSpecs = 10'000;

    struct Expanded {
        PolicySpec spec;
        std::string given;  // the --policy text it came from, for messages
    };

    // The specs of one value, in grid order: the range terms vary like nested loops, the first
    // range term outermost, each ascending. Throws UsageError for a bad range (not whole
    // numbers, LO > HI, outside 0 .. kMaxWeight), a step of 0, a reference to a term that is not
    // in the spec (or is itself an expression), an expression outside 0 .. kMaxWeight or a grid
    // point whose every term is dropped, more than kMaxSpecs specs, and whatever
    // PolicySpec::parse refuses.
    static std::vector<PolicySpec> expand(std::string_view text);
    // Every value's specs in place of it, in the order given (contract order, so --shard
    // numbering is that of the same specs listed one by one); at most kMaxSpecs in all.
    static std::vector<Expanded> expandAll(const std::vector<std::string>& texts);
};

}  // namespace tessera
