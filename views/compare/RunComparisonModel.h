#pragma once

#include "run/RunHandle.h"

#include <QAbstractTableModel>
#include <QPointer>
#include <QtQml/qqmlregistration.h>

#include <vector>

namespace tessera::views {

// Both runs' summaries and their deltas, for the compare view: one row per metric the two
// runs share (any kind), with A, B and B − A at the shared cursor and at the end of each run.
class RunComparisonModel : public QAbstractTableModel {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(tessera::views::RunHandle* runA READ runA WRITE setRunA NOTIFY runsChanged)
    Q_PROPERTY(tessera::views::RunHandle* runB READ runB WRITE setRunB NOTIFY runsChanged)
    Q_PROPERTY(int positionA READ positionA WRITE setPositionA NOTIFY positionsChanged)
    Q_PROPERTY(int positionB READ positionB WRITE setPositionB NOTIFY positionsChanged)

public:
    enum Column { Metric, AtCursorA, AtCursorB, AtCursorDelta, FinalA, FinalB, FinalDelta, ColumnCount };
    enum Role { DeltaSignRole = Qt::UserRole + 1 };

    explicit RunComparisonModel(QObject* parent = nullptr);

    RunHandle* runA() const { return runA_; }
    RunHandle* runB() const { return runB_; }
    void setRunA(RunHandle* run);
    void setRunB(RunHandle* run);
    int positionA() const { return positionA_; }
    int positionB() const { return positionB_; }
    void setPositionA(int position);
    void setPositionB(int position);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

    // The value of `column` (a numeric column) in `row`, for tests and reports.
    double value(int row, int column) const;

signals:
    void runsChanged();
    void positionsChanged();

private:
    void rebuild();

    QPointer<RunHandle> runA_;
    QPointer<RunHandle> runB_;
    int positionA_ = 0;
    int positionB_ = 0;
    std::vector<MetricInfo> rows_;  // A's metrics that B has too, in A's order
};

}  // namespace tessera::views
