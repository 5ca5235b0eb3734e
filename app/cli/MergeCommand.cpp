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
    "usage: tessera-cli merge --out STUDY.sqlite [--csv OUT.csv] [--quiet] SHARD.sqlite [SHARD.sqlite ...]\n"
    "\n"
    "Joins the studies written by a sweep's shards (a command with --shard I/N --db SHARD.sqlite,\n"
    "for I = 0 .. N-1) into one new study, built beside STUDY.sqlite and renamed over it: it is\n"
    "replaced whole, or left as it was when merge fails. With --csv, writes the sweep's grid CSV,\n"
    "byte-identical to the command's own --csv run unsharded.\n"
    "Every shard of the sweep must be given, once each, complete; the order does not matter.\n"
    "A sweep over several node or pod lists writes one CSV per input point: OUT.csv then names them\n"
    "with {nodes} and {pods}, e.g. --csv 'grid-{pods}-{nodes}.csv' (docs/cli.md \"Grids over inputs\").\n"
    "--quiet: no \"merged N shards\" line on stdout (errors still go to stderr).\n";

// Whether `a` and `b` name one file, existing or not (the outputs may not exist yet).
bool sameFile(const std::string& a, const std::string& b)
{
    namespace fs = std::filesystem;
    std::error_code error;
    if (fs::equivalent(a, b, error))
        return true;
    const fs::path left = fs::weakly_canonical(fs::absolute(a), error);
    const fs::path right = fs::weakly_canonical(fs::absolute(b), error);
    return !error && left == right;
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
// command writes it (its runs by number, which within a point is the single-input order), each
// written beside its file as `<file>.merging`; `written` gets each path as its file is begun (so
// that a failure half-way can remove them).
void writeCsvsBeside(const MergedSweep& sweep, const InputGrid& grid, const std::string& pattern,
                     std::vector<std::string>& written)
{
    std::vector<std::vector<const MergedSweep::Run*>> byPoint(grid.pointCount());
    for (const MergedSweep::Run& run : sweep.runs)
        byPoint[grid.pointOf(run.inputs)].push_back(&run);
    for (size_t point = 0; point < byPoint.size(); ++point) {
        const std::string path = grid.outputPath(pattern, point);
        if (std::filesystem::is_directory(path))
            throw std::runtime_error(fmt::format("cannot write {}: it is a directory", path));
        written.push_back(path);
        writeTextFile(path + ".merging", sweep.csv(byPoint[point]));
    }
}

}  // namespace

int mergeCommand(int argc, char** argv)
{
    std::optional<std::string> out, csv;
    std::vector<std::string> shards;
    bool quiet = false;
    for (int i = 2; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--help") {
            std::fputs(kHelp, stdout);
            return 0;
        }
        if (arg == "--quiet") {
            quiet = true;
            continue;
        }
        if (arg == "--out" || arg == "--csv") {
            if (i + 1 >= argc)
                throw UsageError(fmt::format("{} needs a value", arg));
            (arg == "--out" ? out : csv) = argv[++i];
            continue;
        }
        if (arg.rfind("--", 0) == 0)
            throw UsageError(fmt::format("unknown option {} (merge takes --out, --csv, --quiet and shard studies)",
                                         printableExcerpt(arg)));
        shards.push_back(arg);
    }
    if (!out)
        throw UsageError("--out STUDY.sqlite is required");
    if (shards.empty())
        throw UsageError("give the shard studies to merge (SHARD.sqlite ...)");

    // The result replaces --out whole: it must not be one of its own inputs, nor the CSV.
    for (const std::string& shard : shards)
        if (sameFile(shard, *out) || (csv && sameFile(shard, *csv)))
            throw UsageError(fmt::format("{} is both a shard and an output: merge writes a new study and CSV",
                                         printableExcerpt(shard)));
    if (csv && sameFile(*out, *csv))
        throw UsageError(fmt::format("--out and --csv name one file, {}: the study and its grid CSV are two",
                                     printableExcerpt(*csv)));
    // The CSVs are named and written beside their files before the study replaces --out, then
    // renamed: a CSV that cannot be named or written leaves the outputs as they were, and a re-run
    // replaces each whole.
    std::vector<std::string> csvs;
    try {
        StudyMerge::merge(shards, *out, [&](const MergedSweep& merged) {
            if (csv)
                writeCsvsBeside(merged, gridOf(merged, *csv, shards.front()), *csv, csvs);
        });
    } catch (...) {
        for (const std::string& path : csvs) {
            std::error_code ignored;
            std::filesystem::remove(path + ".merging", ignored);
        }
        throw;
    }
    for (const std::string& path : csvs)
        std::filesystem::rename(path + ".merging", path);
    if (!quiet)
        fmt::print("merged {} shards into {}\n", shards.size(), *out);
    return 0;
}

}  // namespace tessera::cli
