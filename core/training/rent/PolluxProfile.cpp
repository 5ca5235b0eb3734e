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

// Reads one profile file: its configuration columns, which `configure` turns into the GPUs,
// nodes and placement of a measurement (returning the part of its key that names the
// configuration), then local_bsz, step_time and sync_time, which both files share.
template <typename Configure>
void readProfileFile(const std::string& path, const std::vector<std::string>& configurationColumns,
                     const char* noRowsProblem, Configure configure, std::vector<PolluxMeasurement>& out)
{
    LoadWarnings warnings;
    CsvReader::Options options;
    options.requiredColumns = configurationColumns;
    for (const char* shared : {"local_bsz", "step_time", "sync_time"})
        options.requiredColumns.emplace_back(shared);
    CsvReader reader(path, options, warnings);
    std::vector<int> columns;
    for (const std::string& name : configurationColumns)
        columns.push_back(reader.column(name));
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
        std::string configuration = configure(f, columns, m);
        m.localBatch = double(f.integer(batchColumn, kMaxLocalBatch));
        if (m.localBatch == 0)
            f.fail(batchColumn, "a local batch holds at least 1 sample");
        readTimes(f, stepColumn, syncColumn, m);
        checkNew(seen, {std::move(configuration), m.gpus, m.localBatch}, f, batchColumn, row.line);
        out.push_back(std::move(m));
    }
    if (out.size() == before)
        throw InputError::fileLevel(path, noRowsProblem);
}

// placements.csv: `placement` (one digit per node, the GPUs on it).
std::string configurePlacement(const CsvField& f, const std::vector<int>& columns, PolluxMeasurement& m)
{
    const int column = columns[0];
    m.placement = f.text(column);
    if (m.placement.empty())
        f.fail(column, "empty value");
    if (m.placement.find_first_not_of("123456789") != std::string::npos)
        f.fail(column, "not a placement: one digit 1-9 per node, the GPUs used on it");
    if (m.placement.size() > kMaxPlacementNodes)
        f.fail(column, fmt::format("more than {} nodes", kMaxPlacementNodes));
    m.nodes = int(m.placement.size());
    for (char c : m.placement)
        m.gpus += c - '0';
    return m.placement;
}

// scalability.csv: `num_nodes,num_replicas`.
std::string configureNodeCount(const CsvField& f, const std::vector<int>& columns, PolluxMeasurement& m)
{
    m.nodes = int(f.integer(columns[0], kMaxGpus));
    if (m.nodes == 0)
        f.fail(columns[0], "a run uses at least 1 node");
    m.gpus = int(f.integer(columns[1], kMaxGpus));
    if (m.gpus < m.nodes)
        f.fail(columns[1], fmt::format("fewer GPUs than the row's {} nodes", m.nodes));
    return std::to_string(m.nodes);
}

}  // namespace

std::vector<PolluxMeasurement> loadPolluxProfile(const std::string& applicationDir)
{
    std::vector<PolluxMeasurement> rows;
    readProfileFile(applicationDir + "/placements.csv", {"placement"},
                    "no rows: the profile needs at least the one-GPU placement 1", configurePlacement, rows);
    readProfileFile(applicationDir + "/scalability.csv", {"num_nodes", "num_replicas"}, "no rows", configureNodeCount,
                    rows);
    return rows;
}

}  // namespace tessera
