// tessera-cli mig-layouts: the valid MIG layouts of a GPU, one per line (contracts.md 8.1).
#include "cli/CommandLine.h"
#include "cli/Commands.h"
#include "mig/LayoutEnumerator.h"
#include "util/UsageError.h"
#include "util/PrintableText.h"

#include <cstdio>
#include <string>

#include <fmt/format.h>

namespace tessera::cli {

namespace {

const char* kHelp =
    "usage: tessera-cli mig-layouts --gpu A100-40GB|A100-80GB|H100-80GB|A30 [--maximal]\n"
    "                               [--profiles classic|all]\n"
    "\n"
    "Lists every non-empty valid MIG layout of one GPU, one per line: its instances in ascending\n"
    "start order, each PROFILE@START (START = first memory slice), separated by one space. The\n"
    "last line is \"N layouts\". The layouts are enumerated from the profile tables at start-up.\n"
    "\n"
    "  --gpu NAME        the GPU type (required; case does not matter)\n"
    "  --maximal         only the maximal layouts: no instance of the profile set can be added\n"
    "  --profiles SET    classic (default): 1g, 2g, 3g, 4g, 7g of the ParvaGPU map (1g, 2g, 4g on\n"
    "                    A30); all: also the double-memory 1g profile (1g.10gb on A100-40GB,\n"
    "                    1g.20gb on A100-80GB and H100-80GB). +me profiles are never listed.\n";

const MigGpuType& gpuType(const std::string& name)
{
    if (const MigGpuType* type = MigGpuType::find(name))
        return *type;
    throw UsageError(fmt::format("--gpu must be one of {} (got \"{}\")", fmt::join(MigGpuType::names(), ", "),
                                 printableExcerpt(name)));
}

}  // namespace

int migLayoutsCommand(int argc, char** argv)
{
    const CommandLine args(argc, argv, 2, {"--gpu", "--profiles"}, {"--maximal", "--help"});
    if (args.has("--help")) {
        std::fputs(kHelp, stdout);
        return 0;
    }
    const MigGpuType& type = gpuType(args.required("--gpu"));
    const std::string profiles = args.value("--profiles", "classic");
    if (profiles != "classic" && profiles != "all")
        throw UsageError(fmt::format("--profiles must be classic or all (got \"{}\")", printableExcerpt(profiles)));
    const auto& profileSet = profiles == "all" ? type.allProfiles() : type.classicProfiles();

    const std::vector<MigLayout> layouts = enumerateLayouts(type, profileSet, args.has("--maximal"));
    std::string out;
    for (const auto& layout : layouts)
        out += layoutText(type, layout) + '\n';
    out += fmt::format("{} layouts\n", layouts.size());
    std::fputs(out.c_str(), stdout);
    return 0;
}

}  // namespace tessera::cli
