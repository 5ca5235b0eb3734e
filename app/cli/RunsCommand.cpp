// tessera-cli runs: the runs of a study, one line each (contracts.md 3.3).
#include "cli/CommandLine.h"
#include "cli/Commands.h"
#include "store/StudyStore.h"

#include <array>
#include <cstdio>
#include <filesystem>

#include <fmt/format.h>

namespace tessera::cli {

namespace {

const char* kHelp =
    "usage: tessera-cli runs --db STUDY.sqlite\n"
    "\n"
    "Lists the runs of a study: id, kind, trace, policy, seed, mode, creation time (UTC) and\n"
    "name, one line each, after a header line. TRACE is the file name of the input that names\n"
    "the run's workload: the pod list, the inference scenario (else the SLO folder), the job\n"
    "file; \"-\" for a run saved without its inputs.\n";

constexpr size_t kColumns = 8;
using Row = std::array<std::string, kColumns>;

// Numeric columns are right-aligned so that ids and seeds line up by their last digit.
constexpr std::array<bool, kColumns> kRightAligned = {true, false, false, false, true, false, false, false};

Row rowOf(const RunRecord& run)
{
    const RunRecord::TraceFile* trace = run.trace();
    const std::string traceName = trace ? std::filesystem::path(trace->path).filename().string() : "-";
    return {std::to_string(run.id), run.kind,  traceName,     run.policy, std::to_string(run.seed),
            run.mode,               run.createdAt, run.name};
}

std::string render(const std::vector<Row>& rows)
{
    std::array<size_t, kColumns> width{};
    for (const auto& row : rows)
        for (size_t c = 0; c < kColumns; ++c)
            width[c] = std::max(width[c], row[c].size());
    std::string out;
    for (const auto& row : rows) {
        std::string line;
        for (size_t c = 0; c < kColumns; ++c) {
            if (c > 0)
                line += "  ";
            // The last column is not padded: no trailing spaces.
            if (c + 1 == kColumns)
                line += row[c];
            else if (kRightAligned[c])
                line += fmt::format("{:>{}}", row[c], width[c]);
            else
                line += fmt::format("{:<{}}", row[c], width[c]);
        }
        out += line + "\n";
    }
    return out;
}

}  // namespace

int runsCommand(int argc, char** argv)
{
    const CommandLine args(argc, argv, 2, {"--db"}, {"--help"});
    if (args.has("--help")) {
        std::fputs(kHelp, stdout);
        return 0;
    }
    // Listing never creates a study: a mistyped path is an error, not a new empty file.
    StudyStore study(args.required("--db"), StudyStore::OpenMode::ReadOnly);
    std::vector<Row> rows = {{"ID", "KIND", "TRACE", "POLICY", "SEED", "MODE", "CREATED", "NAME"}};
    for (const auto& run : study.listRuns())
        rows.push_back(rowOf(run));
    std::fputs(render(rows).c_str(), stdout);
    return 0;
}

}  // namespace tessera::cli
