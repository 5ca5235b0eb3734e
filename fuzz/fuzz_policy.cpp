// Policy specs (PolicySpec::parse, the --policy value and the app's policy field). An accepted
// spec must survive its canonical form unchanged, and is then simulated briefly, so that
// hostile weights reach the weighted score sum.
#include "FuzzSupport.h"
#include "SmallTrace.h"

#include <string_view>

using namespace tessera;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    fuzz::refusalsExpected([&] {
        const PolicySpec spec = PolicySpec::parse(text);
        fuzz::require(!spec.terms.empty(), "an accepted spec has no terms");
        fuzz::require(spec.gpuSelectorTerm() < spec.terms.size(), "the GPU selector term is out of range");
        for (const auto& term : spec.terms)
            fuzz::require(term.weight > 0, "a weight that is not positive was accepted");
        const std::string canonical = spec.canonical();
        PolicySpec again;
        fuzz::refusalsExpected([&] { again = PolicySpec::parse(canonical); });
        fuzz::require(again.canonical() == canonical, "the canonical form of an accepted spec does not parse back to it");

        const Cluster cluster = fuzz::smallCluster();
        RunParameters parameters = fuzz::replayParameters(spec);
        parameters.seed = 7;
        fuzz::simulateBriefly(cluster, fuzz::smallPods(cluster, true), parameters);
        parameters.mode = SimulationMode::Experiment;
        fuzz::simulateBriefly(cluster, fuzz::smallPods(cluster, false), parameters);
    });
    return 0;
}
