#include "store/GenericRunArchive.h"

#include "io/InputError.h"
#include "store/RunDetailArchive.h"
#include "store/RunTableRows.h"
#include "store/StoredRow.h"
#include "store/StoredSeriesRun.h"

#include <fmt/format.h>

#include <cmath>
#include <limits>
#include <optional>
#include <stdexcept>

namespace tessera {

namespace {

using sqlite::Statement;

constexpr int64_t kMaxColumns = 100'000;
constexpr int64_t kMaxCells = int64_t(1) << 31;
constexpr double kMaxValue = std::numeric_limits<double>::max();

// run_metrics.is_step: 0 a line, 1 steps, 2 a time average (a study before it held only 0 and 1).
Interpolation interpolationOf(int64_t isStep)
{
    return isStep == 1 ? Interpolation::Step : isStep == 2 ? Interpolation::TimeAverage : Interpolation::Linear;
}

int isStep(Interpolation interpolation)
{
    return interpolation == Interpolation::Step ? 1 : interpolation == Interpolation::TimeAverage ? 2 : 0;
}

void readParameters(StudyStore& store, int64_t id, RunInfo& info)
{
    forEachRunRow(store, id, {"run_parameters", "position, name, value", 1, "position"}, [&](const StoredRow& row) {
        if (row.integer(0, "position") != int64_t(info.parameters.size()))
            row.fail("position", fmt::format("parameter {} is missing", info.parameters.size()));
        info.parameters.emplace_back(row.text(1, "name"), row.text(2, "value"));
    });
}

std::vector<MetricInfo> readMetrics(StudyStore& store, int64_t id)
{
    std::vector<MetricInfo> infos;
    const RunTableQuery query{
        "run_metrics", "column_index, key, label, unit, is_count, is_step, is_headline, higher_is_better, family, member",
        1, "column_index"};
    forEachRunRow(store, id, query, [&](const StoredRow& row) {
        if (row.integer(0, "column_index", 0, kMaxColumns) != int64_t(infos.size()))
            row.fail("column_index", fmt::format("column {} is missing", infos.size()));
        infos.push_back({row.text(1, "key"), row.text(2, "label"), row.text(3, "unit"), row.integer(4, "is_count", 0, 1) == 1,
                         interpolationOf(row.integer(5, "is_step", 0, 2)),
                         row.integer(6, "is_headline", 0, 1) == 1, row.integer(7, "higher_is_better", 0, 1) == 1,
                         row.text(8, "family"), row.text(9, "member")});
    });
    if (infos.empty())
        throw InputError::atRow(store.path(), "run_metrics", fmt::format("run_id {}", id), {},
                                "missing: the run has no metric series");
    return infos;
}

MetricSeries readSeries(StudyStore& store, int64_t id, const std::vector<MetricInfo>& infos,
                        const ProgressCallback& progress)
{
    const size_t columns = infos.size();
    std::vector<std::vector<double>> values(columns);
    size_t cells = 0;
    const RunTableQuery query{"run_metric_values", "position, column_index, value", 2, "position, column_index"};
    forEachRunRow(store, id, query, [&](const StoredRow& row) {
        const size_t position = cells / columns, column = cells % columns;
        if (row.integer(0, "position") != int64_t(position) || row.integer(1, "column_index") != int64_t(column))
            row.fail("position", fmt::format("the value of position {}, column {} is missing", position, column));
        if (int64_t(++cells) > kMaxCells)
            row.fail("position", "more values than a study holds");
        const double value = row.real(2, "value", -kMaxValue, kMaxValue);
        if (column == 0 && !values[0].empty() && value < values[0].back())
            row.fail("value", "the x axis (column 0) must be a number that never decreases", fmt::format("{}", value));
        values[column].push_back(value);
        if (progress && cells % 65536 == 0 && !progress(0.5))
            throw CancelledError();
    });
    if (cells == 0 || cells % columns != 0)
        throw InputError::atRow(store.path(), "run_metric_values", fmt::format("run_id {}", id), {},
                                fmt::format("missing: {} values do not fill whole positions of {} columns", cells, columns));
    MetricSeries series;
    for (size_t c = 0; c < columns; ++c)
        series.add(infos[c], std::move(values[c]));
    return series;
}

OccupancyLayout readLayout(StudyStore& store, int64_t id)
{
    // unit_cells came with format 4; an older study's groups have none.
    const char* columns = store.version() >= 4 ? "position, name, category, cell_count, unit_cells"
                                               : "position, name, category, cell_count, 0";
    OccupancyLayout layout;
    forEachRunRow(store, id, {"run_layout_groups", columns, 1, "position"}, [&](const StoredRow& row) {
        if (row.integer(0, "position") != int64_t(layout.groups.size()))
            row.fail("position", fmt::format("group {} is missing", layout.groups.size()));
        OccupancyLayout::Group group;
        group.name = row.text(1, "name");
        const std::string category = row.text(2, "category");
        const auto known = std::find(layout.categories.begin(), layout.categories.end(), category);
        group.category = uint32_t(known - layout.categories.begin());
        if (known == layout.categories.end())
            layout.categories.push_back(category);
        group.firstCell = layout.cellCount;
        group.cellCount = uint32_t(row.integer(3, "cell_count", 0, kMaxCells - int64_t(layout.cellCount)));
        group.unitCells = uint32_t(row.integer(4, "unit_cells", 0, group.cellCount));
        layout.cellCount += group.cellCount;
        layout.groups.push_back(std::move(group));
    });
    return layout;
}

}  // namespace

int64_t GenericRunArchive::save(StudyStore& store, const Run& run, const std::string& name)
{
    return store.guarded([&] {
        sqlite::Database& db = store.database();
        const RunInfo& info = run.info();
        sqlite::Transaction transaction(db);
        Statement(db, "INSERT INTO runs (kind, name, policy, seed, mode, tool_version, created_at) "
                      "VALUES (?, ?, ?, ?, ?, ?, ?)")
            .bindAll(info.kind, name, info.policy, info.seed, info.mode, TESSERA_VERSION, StudyStore::utcNow())
            .run();
        const int64_t id = db.lastInsertRowId();
        Statement parameter(db, "INSERT INTO run_parameters (run_id, position, name, value) VALUES (?, ?, ?, ?)");
        for (size_t i = 0; i < info.parameters.size(); ++i)
            parameter.bindAll(id, i, info.parameters[i].first, info.parameters[i].second).run();
        const MetricSeries& series = run.series();
        Statement metric(db, "INSERT INTO run_metrics (run_id, column_index, key, label, unit, is_count, is_step, "
                             "is_headline, higher_is_better, family, member) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
        for (size_t c = 0; c < series.columns(); ++c) {
            const MetricInfo& m = series.info(c);
            metric.bindAll(id, c, m.key, m.label, m.unit, m.count ? 1 : 0, isStep(m.interpolation),
                           m.headline ? 1 : 0, m.higherIsBetter ? 1 : 0, m.family, m.member).run();
        }
        Statement value(db, "INSERT INTO run_metric_values (run_id, position, column_index, value) VALUES (?, ?, ?, ?)");
        for (size_t r = 0; r < series.rows(); ++r)
            for (size_t c = 0; c < series.columns(); ++c) {
                const double v = series.column(c)[r];
                // A series holds numbers only (charts, compare and the study rely on it): a
                // kind that yields NaN has a bug, refused here rather than saved.
                if (!std::isfinite(v))
                    throw std::invalid_argument(fmt::format("cannot save run \"{}\": its series {} holds {} at "
                                                            "position {}, not a finite number",
                                                            name, series.info(c).key, v, r));
                value.bindAll(id, r, c, v).run();
            }
        const OccupancyLayout& layout = run.layout();
        Statement group(db, "INSERT INTO run_layout_groups (run_id, position, name, category, cell_count, unit_cells) "
                            "VALUES (?, ?, ?, ?, ?, ?)");
        for (size_t g = 0; g < layout.groups.size(); ++g) {
            const auto& grp = layout.groups[g];
            group.bindAll(id, g, grp.name, layout.categories.at(grp.category), grp.cellCount, grp.unitCells).run();
        }
        RunDetailArchive::save(db, id, run);
        transaction.commit();
        return id;
    });
}

bool GenericRunArchive::holds(StudyStore& store, int64_t id)
{
    if (store.version() < 2)  // an older study, read as it is, has no generic tables
        return false;
    return store.guarded([&] {
        Statement stmt(store.database(), "SELECT 1 FROM run_metrics WHERE run_id = ? LIMIT 1");
        return stmt.bindAll(id).step();
    });
}

std::unique_ptr<Run> GenericRunArchive::load(StudyStore& store, int64_t id, const ProgressCallback& progress)
{
    const auto record = store.findRun(id);
    if (!record)
        throw InputError::fileLevel(store.path(), fmt::format("no run with id {}", id));
    return store.guarded([&]() -> std::unique_ptr<Run> {
        sqlite::Transaction snapshot(store.database(), sqlite::Transaction::Kind::Read);
        RunInfo info{record->kind, record->name, record->policy, record->seed, record->mode, {}};
        readParameters(store, id, info);
        MetricSeries series = readSeries(store, id, readMetrics(store, id), progress);
        OccupancyLayout layout = readLayout(store, id);
        RunDetail detail = RunDetailArchive::load(store, id, layout, series.rows() - 1, series.columns());
        snapshot.commit();
        if (progress && !progress(1.0))
            throw CancelledError();
        return std::make_unique<StoredSeriesRun>(std::move(info), std::move(series), std::move(layout), store.path(),
                                                 std::move(detail));
    });
}

}  // namespace tessera
