#include "SweepStudy.h"

#include "io/CsvReader.h"
#include "io/InputError.h"
#include "run/InputGrid.h"
#include "sched/PolicySpec.h"
#include "store/StudyStore.h"
#include "store/SweepGridRows.h"
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

// The grid CSV's columns the browser reads, by their index in the sweep's header.
struct GridColumns {
    int arrived = -1, alloc = -1, fragRate = -1, fragOfTotal = -1, power = -1, failed = -1;
    size_t count = 0;

    explicit GridColumns(const std::vector<std::string>& names) : count(names.size())
    {
        arrived = findColumn(names, "arrived_pct");
        alloc = findColumn(names, "alloc_pct");
        fragRate = findColumn(names, "frag_rate_pct");
        fragOfTotal = findColumn(names, "frag_of_total_pct");
        power = findColumn(names, "power_kw");
        failed = findColumn(names, "failed_pods");
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

// The run's rows as points; SweepGridRows checks them as merge does (framing, field count).
std::vector<SweepPoint> gridPoints(const GridColumns& columns, const SweepRunRows& rows, const std::string& path)
{
    std::vector<SweepPoint> points;
    const int64_t runId = rows.runId;
    for (const std::vector<std::string>& fields : SweepGridRows::rows(path, rows, columns.count)) {
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

// `study.command` with each "sha256:HEX" of an input file replaced by the file's name, and the
// files named so: SweepShard::canonicalCommand names a file by its bytes' digest, the runs
// record its path and that digest.
void nameInputs(SweepStudy& study, const std::map<int64_t, RunRecord>& records)
{
    std::map<QString, QString> pathOfDigest;
    for (const auto& [id, record] : records)
        for (const InputFile& input : record.inputs)
            pathOfDigest.emplace(QStringLiteral("sha256:") + QString::fromStdString(input.contentHash),
                                 QString::fromStdString(input.path));
    QStringList words;
    for (const QString& word : study.command.split(u' ')) {
        const auto path = pathOfDigest.find(word);
        if (path == pathOfDigest.end()) {
            words << word;
            continue;
        }
        words << QFileInfo(path->second).fileName();
        study.inputs << QStringLiteral("%1 (%2)").arg(path->second, word);
    }
    study.writtenCommand = words.join(u' ');
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
    nameInputs(study, records);
    // A grid over inputs (docs/cli.md) sweeps the pod list and the node list too.
    const auto podNames = inputNames(records, RunRecord::kPodsRole);
    const auto nodeNames = inputNames(records, RunRecord::kNodesRole);
    const GridColumns columns(SweepGridRows::header(store.path(), record->csvHeader));
    for (const SweepRunRows& rows : SweepShardArchive::runs(store)) {
        const auto found = records.find(rows.runId);
        if (found == records.end())
            continue;  // a run deleted from the study since: nothing left to browse
        const RunRecord& r = found->second;
        SweepRun run;
        run.runId = rows.runId;
        run.runNumber = rows.runNumber;
        if (const RunRecord::TraceFile* trace = r.trace()) {
            run.tracePath = QString::fromStdString(trace->path);
            run.trace = trace->role == RunRecord::kPodsRole ? podNames.at(trace->path)
                                                             : QFileInfo(run.tracePath).fileName();
        }
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
        run.points = gridPoints(columns, rows, store.path());
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
