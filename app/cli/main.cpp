// tessera-cli: simulate, runs, generate (contracts.md section 3).
#include "cli/Commands.h"
#include "io/InputError.h"
#include "sched/PolicySpec.h"
#include "sim/PodSimulation.h"

#include <cstdio>
#include <cstring>
#include <exception>
#include <string>

#include <fmt/format.h>

namespace {

const char* kUsage =
    "usage: tessera-cli <command> [options]\n"
    "\n"
    "commands:\n"
    "  simulate   run policies over a node list and a pod list (see docs/cli.md)\n"
    "  runs       list the runs of a study database\n"
    "  generate   write a synthetic node list and pod list\n"
    "  chart      draw a chart of a saved run as PNG, SVG or PDF\n"
    "\n"
    "tessera-cli <command> --help shows the options of a command.\n";

}  // namespace

int main(int argc, char** argv)
{
    using namespace tessera;
    if (argc < 2 || std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0) {
        std::fputs(kUsage, argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    if (std::strcmp(argv[1], "--version") == 0) {
        fmt::print("tessera-cli {}\n", TESSERA_VERSION);
        return 0;
    }
    const std::string command = argv[1];
    try {
        if (command == "simulate")
            return cli::simulateCommand(argc, argv);
        if (command == "runs")
            return cli::runsCommand(argc, argv);
        if (command == "generate")
            return cli::generateCommand(argc, argv);
        if (command == "chart")
            return cli::chartCommand(argc, argv);
        throw UsageError(fmt::format("unknown command \"{}\"", command));
    } catch (const UsageError& e) {
        fmt::print(stderr, "error: {}\n", e.what());
        return 2;
    } catch (const InputError& e) {
        fmt::print(stderr, "error: {}\n", e.what());
        return 3;
    } catch (const CancelledError&) {
        fmt::print(stderr, "error: cancelled\n");
        return 1;
    } catch (const std::exception& e) {
        fmt::print(stderr, "error: {}\n", e.what());
        return 1;
    }
}
