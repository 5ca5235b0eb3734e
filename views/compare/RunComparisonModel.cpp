#include "compare/RunComparisonModel.h"

#include "chart/MetricText.h"

#include <cmath>
#include <limits>

namespace tessera::views {

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

// Rows are the metrics of A that B has too, in A's order; column 0 is each run's x axis and
// is not a result.
void RunComparisonModel::rebuild()
{
    beginResetModel();
    rows_.clear();
    if (runA_ && runB_) {
        const MetricSeries& a = runA_->run().series();
        const MetricSeries& b = runB_->run().series();
        for (size_t c = 1; c < a.columns(); ++c)
            if (b.find(a.info(c).key))
                rows_.push_back(a.info(c));
    }
    endResetModel();
}

int RunComparisonModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(rows_.size());
}

int RunComparisonModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

double RunComparisonModel::value(int row, int column) const
{
    if (row < 0 || row >= int(rows_.size()) || !runA_ || !runB_)
        return std::numeric_limits<double>::quiet_NaN();
    const QString key = QString::fromStdString(rows_[size_t(row)].key);
    const double a = runA_->value(key, column >= FinalA ? runA_->steps() : positionA_);
    const double b = runB_->value(key, column >= FinalA ? runB_->steps() : positionB_);
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
    const MetricInfo& info = rows_[size_t(index.row())];
    const bool delta = index.column() == AtCursorDelta || index.column() == FinalDelta;
    if (role == Qt::DisplayRole) {
        const QString label = QString::fromStdString(info.label), unit = QString::fromStdString(info.unit);
        if (index.column() == Metric)
            return unit.isEmpty() ? label : QStringLiteral("%1 (%2)").arg(label, unit);
        const double v = value(index.row(), index.column());
        return delta ? chart::MetricText::delta(info, v) : chart::MetricText::value(info, v);
    }
    if (role == DeltaSignRole && delta)
        return chart::MetricText::deltaSign(info, value(index.row(), index.column()));
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
    return names;
}

}  // namespace tessera::views
