// tessera-cli generate: a synthetic node list and pod list in the Alibaba format, drawn from
// aggregate trace statistics (contracts.md 3.3; traces/README.md).
#include "cli/CommandLine.h"
#include "cli/Commands.h"
#include "cli/WarningLines.h"
#include "generate/TraceGenerator.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>

#include <fmt/format.h>

namespace tessera::cli {

namespace {

const char* kHelp =
    "usage: tessera-cli generate --out DIR --seed S [--scale K] [--stats DIR]\n"
    "\n"
    "Writes DIR/nodes.csv and DIR/pods.csv (creating DIR): a synthetic cluster and workload in\n"
    "the Alibaba GPU trace format. --scale K (1-1000, default 1) multiplies the node and pod\n"
    "counts. --stats names a statistics folder (traces/stats/README.md); the default is the\n"
    "source tree's traces/stats, compiled in as " TESSERA_DEFAULT_STATS_DIR ".\n"
    "The same statistics, seed and scale give byte-identical files.\n";

constexpr long long kMaxScale = 1000;

template <typename Write>
void writeFile(const std::filesystem::path& path, Write write)
{
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (out)
        write(out);
    if (!out || !out.flush())
        throw std::runtime_error(fmt::format("cannot write {}", path.string()));
}

}  // namespace

int generateCommand(int argc, char** argv)
{
    const CommandLine args(argc, argv, 2, {"--out", "--seed", "--scale", "--stats"}, {"--help"});
    if (args.has("--help")) {
        std::fputs(kHelp, stdout);
        return 0;
    }
    const std::filesystem::path out = args.required("--out");
    const uint64_t seed = args.requiredSeed();
    const int64_t scale = args.integer("--scale", 1, 1, kMaxScale);
    const std::string statsDir = args.value("--stats", TESSERA_DEFAULT_STATS_DIR);

    LoadWarnings warnings;
    const TraceStatistics statistics = TraceStatistics::load(statsDir, GpuModelRegistry::builtin(), warnings);
    printWarnings(warnings);
    const TraceGenerator generator(statistics, seed, scale);

    std::error_code error;
    std::filesystem::create_directories(out, error);
    if (error)
        throw std::runtime_error(fmt::format("cannot create {}: {}", out.string(), error.message()));
    writeFile(out / "nodes.csv", [&](std::ostream& s) { generator.writeNodeList(s); });
    writeFile(out / "pods.csv", [&](std::ostream& s) { generator.writePodList(s); });

    int64_t gpus = 0;
    for (const auto& n : generator.nodes())
        gpus += n.gpus;
    fmt::print("{}: {} nodes ({} GPUs)\n{}: {} pods\n", (out / "nodes.csv").string(), generator.nodes().size(), gpus,
               (out / "pods.csv").string(), generator.pods().size());
    return 0;
}

}  // namespace tessera::cli
