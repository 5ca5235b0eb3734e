// tessera-cli merge: the shard studies of a sweep into one study and its grid CSV (contracts.md 10).
#include "cli/Commands.h"
#include "io/InputError.h"
#include "run/InputGrid.h"
#include "store/StudyMerge.h"
#include "util/PrintableText.h"
#include "util/TextFile.h"
#include "util/UsageError.h"

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

namespace tessera::cli {

namespace {

const char* kHelp =
    "usage: tessera-cli merge --out STUDY.sqlite [--csv OUT.csv] SHARD.sqlite [SHARD.sqlite ...]\n"
    "\n"
    "Joins the studies written by a sweep's shards (a command with --shard I/N --db SHARD.sqlite,\n"
    "for I = 0 .. N-1) into one new study, in one transaction, replacing STUDY.sqlite whole. With\n"
    "--csv, writes the sweep's grid CSV, byte-identical to the command's own --csv run unsharded.\n"
    "Every shard of the sweep must be given, once each, complete; the order does not matter.\n"
    "A sweep over several node or pod lists writes one CSV per input point: OUT.csv then names them\n"
    "with {nodes} and {pods}, e.g. --csv 'grid-{pods}-{nodes}.csv' (docs/cli.md \"Grids over inputs\").\n";

// Writes `text` beside `path`, then renames it: a re-run replaces the CSV whole, as it does the study.
void replaceFile(const std::string& path, const std::string& text)
{
    const std::string temporary = path + ".merging";
    writeTextFile(temporary, text);
    std::filesystem::rename(temporary, path);
}

// The sweep's grid over inputs, from what its runs record; `pattern` (the --csv value) must name a
// file per point of it: else a UsageError.
InputGrid gridOf(const MergedSweep& sweep, const std::string& pattern, const std::string& firstShard)
{
    std::vector<std::vector<InputFile>> inputs;
    for (const MergedSweep::Run& run : sweep.runs)
        inputs.push_back(run.inputs);
    std::optional<InputGrid> grid;
    try {
        grid = InputGrid::ofRuns(InputGrid::podTraceAxes(), inputs);
    } catch (const std::invalid_argument& e) {
        throw InputError::fileLevel(firstShard, fmt::format("its sweep's runs do not form a grid over inputs: {}",
                                                            e.what()));
    }
    grid->checkPattern("--csv", pattern);
    return *grid;
}

// The sweep's grid CSVs: one, or one per input point of a grid over inputs, each as the unsharded
// command writes it (its runs by number, which within a point is the single-input order).
void writeCsvs(const MergedSweep& sweep, const InputGrid& grid, const std::string& pattern)
{
    std::vector<std::vector<const MergedSweep::Run*>> byPoint(grid.pointCount());
    for (const MergedSweep::Run& run : sweep.runs)
        byPoint[grid.pointOf(run.inputs)].push_back(&run);
    for (size_t point = 0; point < byPoint.size(); ++point)
        replaceFile(grid.outputPath(pattern, point), sweep.csv(byPoint[point]));
}

}  // namespace

int mergeCommand(int argc, char** argv)
{
    std::optional<std::string> out, csv;
    std::vector<std::string> shards;
    for (int i = 2; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--help") {
            std::fputs(kHelp, stdout);
            return 0;
        }
        if (arg == "--out" || arg == "--csv") {
            if (i + 1 >= argc)
                throw UsageError(fmt::format("{} needs a value", arg));
            (arg == "--out" ? out : csv) = argv[++i];
            continue;
        }
        if (arg.rfind("--", 0) == 0)
            throw UsageError(fmt::format("unknown option {} (merge takes --out, --csv and shard studies)",
                                         printableExcerpt(arg)));
        shards.push_back(arg);
    }
    if (!out)
        throw UsageError("--out STUDY.sqlite is required");
    if (shards.empty())
        throw UsageError("give the shard studies to merge (SHARD.sqlite ...)");

    // The result replaces --out whole: it must not be one of its own inputs.
    for (const std::string& shard : shards) {
        std::error_code error;
        if (std::filesystem::equivalent(shard, *out, error) || (csv && std::filesystem::equivalent(shard, *csv, error)))
            throw UsageError(fmt::format("{} is both a shard and an output: merge writes a new study and CSV",
                                         printableExcerpt(shard)));
    }
    // The CSVs' names are checked before the study is committed: a usage error leaves --out as it was.
    std::optional<InputGrid> grid;
    const MergedSweep sweep = StudyMerge::merge(shards, *out, [&](const MergedSweep& merged) {
        if (csv)
            grid = gridOf(merged, *csv, shards.front());
    });
    if (csv)
        writeCsvs(sweep, *grid, *csv);
    fmt::print("merged {} shards into {}\n", shards.size(), *out);
    return 0;
}

}  // namespace tessera::cli
