#include "run/RunRecipe.h"

#include "io/InputError.h"
#include "run/RunKindRegistry.h"
#include "util/ProgressSlice.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

namespace tessera {

namespace {

namespace fs = std::filesystem;

// The deepest folder holding every one of `paths`.
std::string commonFolder(const std::vector<std::string>& paths)
{
    fs::path folder = fs::path(paths.front()).parent_path();
    const auto holds = [](const fs::path& dir, const fs::path& file) {
        const auto [end, at] = std::mismatch(dir.begin(), dir.end(), file.begin(), file.end());
        return end == dir.end();
    };
    const auto holdsAll = [&] {
        return std::all_of(paths.begin(), paths.end(), [&](const std::string& p) { return holds(folder, p); });
    };
    while (!folder.empty() && !holdsAll())
        folder = folder.parent_path();
    return folder.string();
}

// A file the run cannot be made again from, and why.
struct BadFile {
    std::string path;
    std::string problem;
};

std::optional<BadFile> otherFileList(const std::vector<InputFile>& recorded, const std::vector<InputFile>& loaded,
                                     const std::string& runName)
{
    for (const auto& file : loaded)
        if (std::find(recorded.begin(), recorded.end(), file) == recorded.end())
            return BadFile{file.path, fmt::format("run \"{}\" cannot be rebuilt: its {} input now also reads this "
                                                  "file, which it did not when the run was saved",
                                                  runName, file.role)};
    for (const auto& file : recorded)
        if (std::find(loaded.begin(), loaded.end(), file) == loaded.end())
            return BadFile{file.path, fmt::format("run \"{}\" cannot be rebuilt: its {} input no longer reads this "
                                                  "file",
                                                  runName, file.role)};
    return std::nullopt;
}

// The first recorded file that is gone, changed or unreadable.
std::optional<BadFile> badFile(const RunRecipe& recipe, const std::string& runName)
{
    if (recipe.files.empty() || recipe.sources.empty())
        return BadFile{runName, fmt::format("run \"{}\" cannot be rebuilt: its inputs were made in memory, not read "
                                            "from files",
                                            runName)};
    for (const auto& file : recipe.files)
        if (auto change = file.change())
            return BadFile{file.path, fmt::format("run \"{}\" cannot be rebuilt: its {} file {}", runName, file.role,
                                                  *change)};
    return std::nullopt;
}

}  // namespace

RunRecipe RunRecipe::of(const RunKind& kind, const RunInputs& inputs, const RunRequest& request)
{
    RunRecipe recipe;
    recipe.kind = kind.id();
    recipe.files = inputs.inputFiles();
    recipe.request = kind.resolved(request);
    recipe.sources = sourcesOf(kind, inputs);
    return recipe;
}

std::map<std::string, std::string> RunRecipe::sourcesOf(const RunKind& kind, const RunInputs& inputs)
{
    std::map<std::string, std::string> sources;
    for (const RunKindInput& input : kind.inputs()) {
        std::vector<std::string> paths;
        for (const auto& file : inputs.inputFiles())
            if (file.role == input.role)
                paths.push_back(file.path);
        if (!paths.empty())
            sources[input.role] = input.folder ? commonFolder(paths) : paths.front();
    }
    return sources;
}

RunRecipe RunRecipe::forked(size_t position, RunRequest request) const
{
    RunRecipe recipe = *this;
    recipe.forks.push_back({position, std::move(request)});
    return recipe;
}

std::optional<std::string> RunRecipe::fileProblem(const std::string& runName) const
{
    if (auto bad = badFile(*this, runName))
        return fmt::format("{}: {}", bad->path, bad->problem);
    return std::nullopt;
}

std::unique_ptr<Run> RunRecipe::rebuild(const std::string& runName, const ProgressCallback& progress) const
{
    // Shares of the work: checking and loading the inputs, simulating, then each fork.
    constexpr double kLoaded = 0.2;
    if (auto bad = badFile(*this, runName))
        throw InputError::fileLevel(bad->path, bad->problem);
    const RunKind& owner = RunKindRegistry::kind(kind);
    // The warnings were shown when the inputs were first loaded; the hashes checked above say
    // these are the same files.
    LoadWarnings warnings;
    const auto inputs = owner.loadInputs(sources, warnings, progressSlice(progress, 0, kLoaded));
    // The sources read other files than recorded (a file added to a folder): not the same inputs.
    if (auto bad = otherFileList(files, inputs->inputFiles(), runName))
        throw InputError::fileLevel(bad->path, bad->problem);
    const double share = (1 - kLoaded) / double(1 + forks.size());
    std::unique_ptr<Run> run = owner.simulate(inputs, request, progressSlice(progress, kLoaded, kLoaded + share));
    for (size_t i = 0; i < forks.size(); ++i) {
        const double from = kLoaded + share * double(i + 1);
        run = owner.fork(*run, forks[i].position, forks[i].request, progressSlice(progress, from, from + share));
    }
    return run;
}

}  // namespace tessera
