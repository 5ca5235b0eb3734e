#include "SweepStudy.h"

#include "io/InputError.h"
#include "run/InputGrid.h"
#include "sched/PolicySpec.h"
#include "store/StudyStore.h"
#include "store/SweepShardArchive.h"

#include <QFileInfo>

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <tuple>

namespace tessera::views {

namespace {

// One line of the grid CSV, RFC 4180: only the policy field is ever quoted (contracts.md 2).
std::vector<std::string> splitCsvLine(std::string_view line)
{
    std::vector<std::string> fields(1);
    bool quoted = false;
    for (size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quoted) {
            if (c == '"' && i + 1 < line.size() && line[i + 1] == '"')
                fields.back() += '"', ++i;
            else if (c == '"')
                quoted = false;
            else
                fields.back() += c;
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            fields.emplace_back();
        } else if (c != '\r' && c != '\n') {  // the header is stored with its line's end
            fields.back() += c;
        }
    }
    return fields;
}

std::vector<std::string_view> lines(std::string_view text)
{
    std::vector<std::string_view> out;
    while (!text.empty()) {
        const size_t end = text.find('\n');
        const std::string_view line = text.substr(0, end);
        if (!line.empty())
            out.push_back(line);
        if (end == std::string_view::npos)
            break;
        text.remove_prefix(end + 1);
    }
    return out;
}

// The grid CSV's columns the browser reads, by their index in the sweep's header.
struct GridColumns {
    int arrived = -1, alloc = -1, fragRate = -1, fragOfTotal = -1, power = -1, failed = -1;
    size_t count = 0;

    explicit GridColumns(std::string_view header)
    {
        const std::vector<std::string> names = splitCsvLine(header);
        count = names.size();
        const auto at = [&](std::string_view name) {
            for (size_t i = 0; i < names.size(); ++i)
                if (names[i] == name)
                    return int(i);
            return -1;
        };
        arrived = at("arrived_pct");
        alloc = at("alloc_pct");
        fragRate = at("frag_rate_pct");
        fragOfTotal = at("frag_of_total_pct");
        power = at("power_kw");
        failed = at("failed_pods");
    }
};

double number(const std::vector<std::string>& fields, int column, const std::string& path, int64_t runId)
{
    if (column < 0)
        return std::nan("");  // another kind's grid CSV: not a figure of it (SweepMetric::value)
    const std::string& text = fields[size_t(column)];
    double value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size())
        throw InputError::atRow(path, "sweep_runs", std::to_string(runId), "csv_rows", "not a number", text);
    return value;
}

std::vector<SweepPoint> gridPoints(const GridColumns& columns, std::string_view rows, const std::string& path,
                                   int64_t runId)
{
    std::vector<SweepPoint> points;
    for (const std::string_view line : lines(rows)) {
        const std::vector<std::string> fields = splitCsvLine(line);
        if (fields.size() != columns.count)
            throw InputError::atRow(path, "sweep_runs", std::to_string(runId), "csv_rows",
                                    fmt::format("a row of {} fields under a header of {}", fields.size(), columns.count),
                                    std::string(line));
        SweepPoint p;
        // Without arrived_pct (another kind), every row at 0: pointAt() reads the last.
        p.arrived = columns.arrived >= 0 ? number(fields, columns.arrived, path, runId) : 0.0;
        p.alloc = number(fields, columns.alloc, path, runId);
        p.fragRate = number(fields, columns.fragRate, path, runId);
        p.fragOfTotal = number(fields, columns.fragOfTotal, path, runId);
        p.powerKw = number(fields, columns.power, path, runId);
        p.failed = number(fields, columns.failed, path, runId);
        points.push_back(p);
    }
    return points;
}

// The names the browser shows for the files of `role` that `records` read: each file's name, or,
// when two files share one (a grid over s1/pods.csv and s2/pods.csv), the names its CSVs take
// (InputGrid::fileNames: s1-pods, s2-pods). Path -> name.
std::map<std::string, QString> inputNames(const std::map<int64_t, RunRecord>& records, std::string_view role)
{
    std::vector<std::string> paths;
    std::set<QString> fileNames;
    for (const auto& [id, record] : records)
        for (const RunRecord::TraceFile& file : record.inputs)
            if (file.role == role && std::find(paths.begin(), paths.end(), file.path) == paths.end()) {
                paths.push_back(file.path);
                fileNames.insert(QFileInfo(QString::fromStdString(file.path)).fileName());
            }
    std::map<std::string, QString> names;
    const bool clash = fileNames.size() < paths.size();
    const std::vector<std::string> gridNames = clash ? InputGrid::fileNames(paths) : std::vector<std::string>{};
    for (size_t i = 0; i < paths.size(); ++i)
        names[paths[i]] = clash ? QString::fromStdString(gridNames[i])
                                : QFileInfo(QString::fromStdString(paths[i])).fileName();
    return names;
}

QString inputName(const RunRecord& record, std::string_view role, const std::map<std::string, QString>& names)
{
    for (const RunRecord::TraceFile& file : record.inputs)
        if (file.role == role)
            return names.at(file.path);
    return {};
}

}  // namespace

std::optional<SweepStudy> SweepStudy::read(const QString& path)
{
    StudyStore store(QFile::encodeName(path).toStdString(), StudyStore::OpenMode::ReadOnly);
    const std::optional<SweepShardRecord> record = SweepShardArchive::read(store);
    if (!record)
        return std::nullopt;
    SweepStudy study;
    study.path = path;
    study.command = QString::fromStdString(record->command);
    study.shardIndex = int(record->shardIndex);
    study.shardCount = int(record->shardCount);
    study.sweepRuns = int(record->sweepRuns);

    std::map<int64_t, RunRecord> records;
    for (RunRecord& r : store.listRuns())
        records.emplace(r.id, std::move(r));
    // A grid over inputs (docs/cli.md) sweeps the pod list and the node list too.
    const auto podNames = inputNames(records, RunRecord::kPodsRole);
    const auto nodeNames = inputNames(records, RunRecord::kNodesRole);
    const GridColumns columns(record->csvHeader);
    for (const SweepRunRows& rows : SweepShardArchive::runs(store)) {
        const auto found = records.find(rows.runId);
        if (found == records.end())
            continue;  // a run deleted from the study since: nothing left to browse
        const RunRecord& r = found->second;
        SweepRun run;
        run.runId = rows.runId;
        run.runNumber = rows.runNumber;
        if (const RunRecord::TraceFile* trace = r.trace())
            run.trace = trace->role == RunRecord::kPodsRole ? podNames.at(trace->path)
                                                             : QFileInfo(QString::fromStdString(trace->path)).fileName();
        run.nodes = inputName(r, RunRecord::kNodesRole, nodeNames);
        run.policy = QString::fromStdString(r.policy);
        try {
            for (const PolicySpec::Term& term : PolicySpec::parse(r.policy).terms)
                run.weights.emplace_back(QString::fromStdString(term.name), term.weight);
        } catch (const std::exception&) {
            // Another kind's policy (not a weighted spec): the run has no weight parameters.
        }
        run.seed = r.seed;
        run.mode = QString::fromStdString(r.mode);
        run.points = gridPoints(columns, rows.csvRows, store.path(), rows.runId);
        study.runs.push_back(std::move(run));
    }

    // The baseline of power saved: the sweep's first policy (that of run number 0, the first
    // --policy given, e.g. fgd:1000 for pwr:0..1000/50,fgd:1000-$pwr) at the same seed, on the
    // same node list and pod list (a grid over inputs has a first-policy run per input point).
    if (!study.runs.empty() && study.runs.front().runNumber == 0) {
        const QString first = study.runs.front().policy;
        using Point = std::tuple<QString, QString, uint64_t>;
        std::map<Point, size_t> byPoint;
        for (size_t i = 0; i < study.runs.size(); ++i)
            if (study.runs[i].policy == first)
                byPoint.emplace(Point{study.runs[i].trace, study.runs[i].nodes, study.runs[i].seed}, i);
        for (SweepRun& run : study.runs)
            if (const auto b = byPoint.find(Point{run.trace, run.nodes, run.seed}); b != byPoint.end())
                run.baseline = b->second;
    }
    return study;
}

}  // namespace tessera::views
