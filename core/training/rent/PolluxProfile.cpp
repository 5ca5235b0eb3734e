#include "training/rent/PolluxProfile.h"

#include "io/CsvReader.h"
#include "io/CsvTable.h"
#include "io/DecimalField.h"

#include <map>
#include <tuple>

#include <fmt/format.h>

namespace tessera {

namespace {
constexpr long long kMaxGpus = 1 << 16;
constexpr long long kMaxLocalBatch = 1 << 24;
constexpr double kMaxSeconds = 1e6;
constexpr size_t kMaxPlacementNodes = 64;

// (placement or nodes, gpus, local batch) -> the line that measured it.
using SeenKey = std::tuple<std::string, int, double>;

void readTimes(const CsvField& f, int stepColumn, int syncColumn, PolluxMeasurement& m)
{
    m.stepTime = decimalField(f, stepColumn, kMaxSeconds);
    if (m.stepTime == 0)
        f.fail(stepColumn, "a step takes more than 0 seconds");
    m.syncTime = decimalField(f, syncColumn, kMaxSeconds);
    if (m.syncTime > m.stepTime)
        f.fail(syncColumn, fmt::format("above the row's step_time {} (step_time includes the sync)", m.stepTime));
}

void checkNew(std::map<SeenKey, long>& seen, SeenKey key, const CsvField& f, int column, long line)
{
    const auto [it, added] = seen.emplace(std::move(key), line);
    if (!added)
        f.fail(column, fmt::format("the same configuration is already measured on line {}", it->second));
}

void readPlacements(const std::string& path, std::vector<PolluxMeasurement>& out)
{
    LoadWarnings warnings;
    CsvReader::Options options;
    options.requiredColumns = {"placement", "local_bsz", "step_time", "sync_time"};
    CsvReader reader(path, options, warnings);
    const int placementColumn = reader.column("placement");
    const int batchColumn = reader.column("local_bsz");
    const int stepColumn = reader.column("step_time");
    const int syncColumn = reader.column("sync_time");
    std::map<SeenKey, long> seen;
    const size_t before = out.size();
    for (CsvReader::Row row; reader.next(row);) {
        const CsvField f(reader, row);
        PolluxMeasurement m;
        m.file = path;
        m.line = row.line;
        m.placement = f.text(placementColumn);
        if (m.placement.empty())
            f.fail(placementColumn, "empty value");
        if (m.placement.find_first_not_of("123456789") != std::string::npos)
            f.fail(placementColumn, "not a placement: one digit 1-9 per node, the GPUs used on it");
        if (m.placement.size() > kMaxPlacementNodes)
            f.fail(placementColumn, fmt::format("more than {} nodes", kMaxPlacementNodes));
        m.nodes = int(m.placement.size());
        for (char c : m.placement)
            m.gpus += c - '0';
        m.localBatch = double(f.integer(batchColumn, kMaxLocalBatch));
        if (m.localBatch == 0)
            f.fail(batchColumn, "a local batch holds at least 1 sample");
        readTimes(f, stepColumn, syncColumn, m);
        checkNew(seen, {m.placement, m.gpus, m.localBatch}, f, batchColumn, row.line);
        out.push_back(std::move(m));
    }
    if (out.size() == before)
        throw InputError::fileLevel(path, "no rows: the profile needs at least the one-GPU placement 1");
}

void readScalability(const std::string& path, std::vector<PolluxMeasurement>& out)
{
    LoadWarnings warnings;
    CsvReader::Options options;
    options.requiredColumns = {"num_nodes", "num_replicas", "local_bsz", "step_time", "sync_time"};
    CsvReader reader(path, options, warnings);
    const int nodesColumn = reader.column("num_nodes");
    const int gpusColumn = reader.column("num_replicas");
    const int batchColumn = reader.column("local_bsz");
    const int stepColumn = reader.column("step_time");
    const int syncColumn = reader.column("sync_time");
    std::map<SeenKey, long> seen;
    const size_t before = out.size();
    for (CsvReader::Row row; reader.next(row);) {
        const CsvField f(reader, row);
        PolluxMeasurement m;
        m.file = path;
        m.line = row.line;
        m.nodes = int(f.integer(nodesColumn, kMaxGpus));
        if (m.nodes == 0)
            f.fail(nodesColumn, "a run uses at least 1 node");
        m.gpus = int(f.integer(gpusColumn, kMaxGpus));
        if (m.gpus < m.nodes)
            f.fail(gpusColumn, fmt::format("fewer GPUs than the row's {} nodes", m.nodes));
        m.localBatch = double(f.integer(batchColumn, kMaxLocalBatch));
        if (m.localBatch == 0)
            f.fail(batchColumn, "a local batch holds at least 1 sample");
        readTimes(f, stepColumn, syncColumn, m);
        checkNew(seen, {std::to_string(m.nodes), m.gpus, m.localBatch}, f, batchColumn, row.line);
        out.push_back(std::move(m));
    }
    if (out.size() == before)
        throw InputError::fileLevel(path, "no rows");
}
}  // namespace

std::vector<PolluxMeasurement> loadPolluxProfile(const std::string& applicationDir)
{
    std::vector<PolluxMeasurement> rows;
    readPlacements(applicationDir + "/placements.csv", rows);
    readScalability(applicationDir + "/scalability.csv", rows);
    return rows;
}

}  // namespace tessera
