#include "compare/RunComparisonModel.h"

#include "chart/MetricText.h"
#include "chart/UnitTitle.h"
#include "run/RunComparability.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <limits>

namespace tessera::views {

namespace {
// The position figure() reads for the final columns: after the run's last step.
constexpr int kAfterEnd = INT_MAX;
}  // namespace

RunComparisonModel::RunComparisonModel(QObject* parent) : QAbstractTableModel(parent) {}

void RunComparisonModel::setRunA(RunHandle* run)
{
    if (run == runA_)
        return;
    runA_ = run;
    rebuild();
    emit runsChanged();
}

void RunComparisonModel::setRunB(RunHandle* run)
{
    if (run == runB_)
        return;
    runB_ = run;
    rebuild();
    emit runsChanged();
}

void RunComparisonModel::setPositionA(int position)
{
    if (position == positionA_)
        return;
    positionA_ = position;
    if (!rows_.empty())
        emit dataChanged(index(0, AtCursorA), index(int(rows_.size()) - 1, AtCursorDelta));
    emit positionsChanged();
}

void RunComparisonModel::setPositionB(int position)
{
    if (position == positionB_)
        return;
    positionB_ = position;
    if (!rows_.empty())
        emit dataChanged(index(0, AtCursorA), index(int(rows_.size()) - 1, AtCursorDelta));
    emit positionsChanged();
}

// Rows are the metrics of A that B has too, headline metrics first, each group in A's order
// (column 0 is each run's x axis and is not a result), and the summaries of A that B has too,
// before or after the metrics as A's kind says; then the distributions of A that B has too.
void RunComparisonModel::rebuild()
{
    beginResetModel();
    rows_.clear();
    problem_.clear();
    if (runA_ && runB_) {
        const Run& ra = runA_->run();
        const Run& rb = runB_->run();
        if (const auto problem = comparisonProblem(ra, rb))
            problem_ = QString::fromStdString(*problem);
    }
    if (runA_ && runB_ && problem_.isEmpty()) {
        const Run& ra = runA_->run();
        const Run& rb = runB_->run();
        const auto addMetrics = [&] {
            const MetricSeries& a = ra.series();
            const MetricSeries& b = rb.series();
            for (const bool headline : {true, false})
                for (size_t c = 1; c < a.columns(); ++c)
                    if (a.info(c).headline == headline && b.find(a.info(c).key))
                        rows_.push_back({a.info(c), Row::Source::Metric, 0, a.info(c).higherIsBetter});
        };
        const auto addSummaries = [&] {
            const auto summaryB = rb.summary();
            for (const RunSummaryValue& v : ra.summary())
                if (std::any_of(summaryB.begin(), summaryB.end(), [&](const RunSummaryValue& o) { return o.key == v.key; }))
                    rows_.push_back({{v.key, v.label, v.unit, v.count}, Row::Source::Summary, 0, v.higherIsBetter});
        };
        if (summaryFirst(ra.info().kind)) {
            addSummaries();
            addMetrics();
        } else {
            addMetrics();
            addSummaries();
        }
        const auto distributionsB = rb.distributions();
        for (const Distribution& d : ra.distributions())
            if (std::any_of(distributionsB.begin(), distributionsB.end(), [&](const Distribution& o) { return o.key == d.key; }))
                for (const auto& [q, name] : {std::pair{0.5, "p50"}, std::pair{0.9, "p90"}, std::pair{0.99, "p99"}})
                    rows_.push_back({{d.key, d.label + " " + name, d.unit}, Row::Source::Quantile, q, d.higherIsBetter});
    }
    endResetModel();
}

int RunComparisonModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(rows_.size());
}

int RunComparisonModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

double RunComparisonModel::figure(const Row& row, const RunHandle& run, int position) const
{
    switch (row.source) {
    case Row::Source::Metric:
        // The final column is the state once the run is over: where the run knows it
        // (Run::afterEnd: all jobs done, nothing running), not its last recorded step, at which
        // the last jobs still run.
        if (position == kAfterEnd) {
            const std::vector<double> after = run.run().afterEnd();
            const auto column = run.run().series().find(row.info.key);
            if (column && *column < after.size())
                return after[*column];
            position = run.steps();
        }
        return run.value(QString::fromStdString(row.info.key), position);
    case Row::Source::Summary:
        for (const RunSummaryValue& v : run.run().summary())
            if (v.key == row.info.key)
                return v.value;
        break;
    case Row::Source::Quantile:
        for (const Distribution& d : run.run().distributions())
            if (d.key == row.info.key)
                return d.quantile(row.quantile);
        break;
    }
    return std::numeric_limits<double>::quiet_NaN();
}

QString RunComparisonModel::key(int row) const
{
    return row < 0 || row >= int(rows_.size()) ? QString() : QString::fromStdString(rows_[size_t(row)].info.key);
}

double RunComparisonModel::value(int row, int column) const
{
    if (row < 0 || row >= int(rows_.size()) || !runA_ || !runB_)
        return std::numeric_limits<double>::quiet_NaN();
    const Row& r = rows_[size_t(row)];
    const bool atEnd = column >= FinalA;
    // Summaries and distributions are of the whole run: they have no value at the cursor.
    if (!atEnd && r.source != Row::Source::Metric)
        return std::numeric_limits<double>::quiet_NaN();
    const double a = figure(r, *runA_, atEnd ? kAfterEnd : positionA_);
    const double b = figure(r, *runB_, atEnd ? kAfterEnd : positionB_);
    switch (column) {
    case AtCursorA:
    case FinalA:
        return a;
    case AtCursorB:
    case FinalB:
        return b;
    case AtCursorDelta:
    case FinalDelta:
        return b - a;
    default:
        return std::numeric_limits<double>::quiet_NaN();
    }
}

QVariant RunComparisonModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const Row& row = rows_[size_t(index.row())];
    const MetricInfo& info = row.info;
    const bool delta = index.column() == AtCursorDelta || index.column() == FinalDelta;
    if (role == Qt::DisplayRole) {
        const QString label = QString::fromStdString(info.label), unit = QString::fromStdString(info.unit);
        if (index.column() == Metric)
            return chart::unitTitle(label, unit);
        const double v = value(index.row(), index.column());
        return delta ? chart::MetricText::delta(info, v) : chart::MetricText::value(info, v);
    }
    if (role == DeltaSignRole && delta)
        return chart::MetricText::deltaSign(info, value(index.row(), index.column()));
    if (role == BetterRole && delta) {
        const int sign = chart::MetricText::deltaSign(info, value(index.row(), index.column()));
        return row.higherIsBetter ? sign : -sign;
    }
    return {};
}

QVariant RunComparisonModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole || orientation != Qt::Horizontal)
        return QAbstractTableModel::headerData(section, orientation, role);
    // A and B, not the runs' names: names are long, and the compare view labels each side.
    switch (section) {
    case Metric: return tr("Metric");
    case AtCursorA: return tr("A at cursor");
    case AtCursorB: return tr("B at cursor");
    case AtCursorDelta: return tr("Δ at cursor");
    case FinalA: return tr("A final");
    case FinalB: return tr("B final");
    case FinalDelta: return tr("Δ final");
    default: return {};
    }
}

QHash<int, QByteArray> RunComparisonModel::roleNames() const
{
    auto names = QAbstractTableModel::roleNames();
    names.insert(DeltaSignRole, "deltaSign");
    names.insert(BetterRole, "better");
    return names;
}

}  // namespace tessera::views
