#pragma once

#include "io/InputFile.h"
#include "run/Run.h"
#include "run/RunRequest.h"
#include "util/Progress.h"

#include <cstddef>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tessera {

class RunInputs;
class RunKind;

// How to make a run again, whatever its kind: the files its kind loaded, the request it was
// simulated with and the forks that led to it. A study records it beside the run, so that a
// run reopened without its kind's state (a StoredSeriesRun) can still be forked: the parent is
// rebuilt from its recipe, then forked. Kinds are deterministic, so the rebuilt run is the
// original, step for step.
struct RunRecipe {
    // A fork applied to the run the recipe made so far.
    struct Fork {
        size_t position = 0;
        RunRequest request;  // as RunKind::fork() takes it: a policy and forkable values

        bool operator==(const Fork&) const = default;
    };

    std::string kind;  // RunKind::id()
    // What the kind's loadInputs() is given, by role: a file, or a folder for a folder input.
    std::map<std::string, std::string> sources;
    // Every file the inputs were read from, with its content hash, in the inputs' order.
    std::vector<InputFile> files;
    RunRequest request;  // the simulate request, every parameter's value included
    std::vector<Fork> forks;

    bool operator==(const RunRecipe&) const = default;

    // The recipe of a run `kind` simulated on `inputs` with `request` (resolved here). The
    // sources are taken from the inputs' files: a file input is its file; a folder input is the
    // folder holding its files.
    static RunRecipe of(const RunKind& kind, const RunInputs& inputs, const RunRequest& request);
    // What `kind`'s loadInputs() is given to load `inputs` again, by role, as `of` records it:
    // the folders and files read, a folder found rather than given (profiles beside a job file)
    // included. Empty for inputs made in memory.
    static std::map<std::string, std::string> sourcesOf(const RunKind& kind, const RunInputs& inputs);
    // This recipe's run forked at `position` with `request`.
    RunRecipe forked(size_t position, RunRequest request) const;

    // Why the run cannot be made again from the files (inputs made in memory, a recorded file
    // gone or changed), naming the file and the run called `runName`; nothing when every file
    // is as recorded.
    std::optional<std::string> fileProblem(const std::string& runName) const;
    // The run made again: the inputs loaded from the sources (checked against the recorded
    // files), simulated with the request, then forked as recorded. Throws InputError naming
    // the file (and the run) for a file gone or changed, as the kind's code throws otherwise.
    std::unique_ptr<Run> rebuild(const std::string& runName, const ProgressCallback& progress = {}) const;
};

}  // namespace tessera
