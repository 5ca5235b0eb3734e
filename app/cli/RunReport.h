#pragma once

#include "cli/CommandLine.h"
#include "cli/SavedRunsLine.h"

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace tessera::cli {

// What a command that makes runs (simulate, inference, training) writes on stdout once they
// are done: its summary table, the rows it skipped and the "saved to" line. --quiet silences
// all of it, as it silences the progress line: a batch job (a Slurm task, a Kubernetes pod)
// asked for files (--csv, --db) and reads those; errors and warnings still go to stderr.
class RunReport {
public:
    explicit RunReport(const CommandLine& args) : quiet_(args.has("--quiet")) {}

    bool quiet() const { return quiet_; }
    void print(const std::string& text) const
    {
        if (!quiet_)
            std::fputs(text.c_str(), stdout);
    }
    void savedRuns(const std::string& study, const std::vector<int64_t>& ids) const
    {
        if (!quiet_)
            printSavedRuns(study, ids);
    }

private:
    bool quiet_;
};

}  // namespace tessera::cli
