#include "cli/SweepShard.h"

#include "io/ContentHash.h"
#include "store/StudyFiles.h"
#include "store/SweepShardArchive.h"
#include "util/UsageError.h"

#include <algorithm>
#include <filesystem>
#include <set>
#include <stdexcept>

#include <fmt/format.h>

namespace tessera::cli {

namespace {

// Where a shard writes, and how fast: not what it runs (--engine's results are byte-identical).
const std::set<std::string> kNotOfTheSweep{"--shard",  "--db",     "--csv",   "--decisions", "--plan",
                                           "--rounds", "--quiet", "--threads", "--engine"};

// A file by its bytes, a folder by its files' relative paths and bytes: the same inputs are the
// same sweep wherever a node mounts them, and a changed input is another sweep.
std::string inputIdentity(const std::string& value)
{
    namespace fs = std::filesystem;
    std::error_code error;
    if (fs::is_regular_file(value, error))
        return "sha256:" + ContentHash::ofFile(value);
    if (!fs::is_directory(value, error))
        return value;
    std::vector<std::pair<std::string, std::string>> files;
    for (const auto& entry : fs::recursive_directory_iterator(value, fs::directory_options::skip_permission_denied, error))
        if (entry.is_regular_file(error))
            files.emplace_back(fs::relative(entry.path(), value, error).generic_string(),
                               ContentHash::ofFile(entry.path().string()));
    std::sort(files.begin(), files.end());
    ContentHash hash;
    for (const auto& [path, content] : files)
        hash.add(fmt::format("{}\n{}\n", path, content));
    return "folder-sha256:" + hash.hex();
}

}  // namespace

std::string SweepShard::studyPath(const CommandLine& args)
{
    const std::string path = args.value("--db");
    std::error_code error;
    if (args.has("--shard") && !std::filesystem::exists(path, error) && !error)
        StudyFiles::removeLeftovers(path);
    return path;
}

std::string SweepShard::canonicalCommand(const std::string& command, const CommandLine& args)
{
    std::string text = "tessera-cli " + command;
    for (const auto& [flag, values] : args.all()) {
        if (kNotOfTheSweep.count(flag))
            continue;
        // A flag of one value by what the command took it to mean: its default spelled out is
        // the same sweep as the flag left out, and "--tune 1.30" the same as "--tune 1.3".
        if (const auto reading = args.reading(flag)) {
            if (!reading->isDefault)
                text += fmt::format(" {} {}", flag, inputIdentity(reading->value));
            continue;
        }
        for (const std::string& value : values)
            text += fmt::format(" {} {}", flag, inputIdentity(value));
    }
    return text;
}

SweepShard::SweepShard(const std::string& command, const CommandLine& args, const RunShard& shard,
                       StudyStore* study, size_t sweepRuns, std::vector<size_t> runNumbers,
                       const std::string& csvHeader)
    : runNumbers_(std::move(runNumbers))
{
    if (!study || !args.has("--shard"))
        return;
    if (const auto fault = RunShard::sweepOutOfBounds(int64_t(sweepRuns)))
        throw UsageError(fmt::format("--shard {}: this sweep has {} runs; {}", shard.text(), sweepRuns, *fault));
    SweepShardRecord record;
    record.command = canonicalCommand(command, args);
    record.sweepHash = ContentHash::ofBytes(record.command);
    record.shardIndex = int64_t(shard.index());
    record.shardCount = int64_t(shard.count());
    record.sweepRuns = int64_t(sweepRuns);
    record.csvHeader = csvHeader;
    SweepShardArchive::begin(*study, record);
    study_ = study;
    rows_.resize(runNumbers_.size());
}

void SweepShard::finish(const std::vector<int64_t>& savedIds)
{
    if (!study_)
        return;
    if (savedIds.size() != runNumbers_.size())
        throw std::logic_error("SweepShard::finish: one saved id per run of the shard");
    std::vector<SweepRunRows> runs;
    for (size_t k = 0; k < runNumbers_.size(); ++k)
        runs.push_back({savedIds[k], int64_t(runNumbers_[k]), std::move(rows_[k])});
    SweepShardArchive::finish(*study_, runs);
}

}  // namespace tessera::cli
