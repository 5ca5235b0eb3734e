// tessera-cli: simulate, runs, generate, chart (contracts.md section 3), mig-layouts (section 8).
#include "cli/Commands.h"
#include "io/InputError.h"
#include "sim/PodSimulation.h"
#include "util/PrintableText.h"
#include "util/UsageError.h"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <new>

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
    "  simulate           run policies over a node list and a pod list (see docs/cli.md)\n"
    "  runs               list the runs of a study database\n"
    "  generate           write a synthetic node list and pod list\n"
    "  chart              draw a chart of a saved run as PNG, SVG or PDF\n"
    "  mig-layouts        list the valid MIG layouts of a GPU type\n"
    "  mig-predictor      the MIG latency predictor's held-out error per model\n"
    "  generate-scenario  write a daily-shaped inference scenario\n"
    "  inference          plan MIG instances for inference services and simulate their requests\n"
    "  generate-jobs      write a synthetic training-job stream\n"
    "  training           place training jobs round by round on a cluster with GPU variability\n"
    "  merge              join the shard studies of a sweep (--shard I/N) into one study and grid CSV\n"
    "\n"
    "tessera-cli <command> --help shows the options of a command.\n";

// One line on stderr, with any control byte of a hostile value escaped (the messages already
// cut long values; this keeps every byte that reaches the terminal printable).
void printError(const char* what)
{
    fmt::print(stderr, "error: {}\n", tessera::printableText(what));
}

// stdout is buffered: a full disk or a closed pipe shows only when it is flushed. A failed
// write is a failure (contracts.md 3.4), whatever the command printed before.
int finishOutput(int code)
{
    const bool failed = std::fflush(stdout) != 0 || std::ferror(stdout) || std::fclose(stdout) != 0;
    if (failed && code == 0) {
        const int error = errno;
        printError(fmt::format("cannot write to standard output: {}", std::strerror(error)).c_str());
        return 1;
    }
    return failed ? std::max(code, 1) : code;
}

int dispatch(int argc, char** argv)
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
        if (command == "generate-scenario")
            return cli::generateScenarioCommand(argc, argv);
        if (command == "generate-jobs")
            return cli::generateJobsCommand(argc, argv);
        if (command == "chart")
            return cli::chartCommand(argc, argv);
        if (command == "inference")
            return cli::inferenceCommand(argc, argv);
        if (command == "training")
            return cli::trainingCommand(argc, argv);
        if (command == "mig-layouts")
            return cli::migLayoutsCommand(argc, argv);
        if (command == "mig-predictor")
            return cli::migPredictorCommand(argc, argv);
        if (command == "merge")
            return cli::mergeCommand(argc, argv);
        throw UsageError(fmt::format("unknown command \"{}\"", command));
    } catch (const UsageError& e) {
        printError(e.what());
        return 2;
    } catch (const InputError& e) {
        printError(e.what());
        return 3;
    } catch (const CancelledError&) {
        printError("cancelled");
        return 1;
    } catch (const std::bad_alloc&) {
        printError("out of memory");
        return 1;
    } catch (const std::exception& e) {
        printError(e.what());
        return 1;
    }
}

}  // namespace

int main(int argc, char** argv)
{
    // A closed pipe must be an error with exit 1 (contracts.md 3.4), not a silent SIGPIPE death.
    std::signal(SIGPIPE, SIG_IGN);
    return finishOutput(dispatch(argc, argv));
}
