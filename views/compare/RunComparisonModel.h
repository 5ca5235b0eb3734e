#pragma once

#include "run/RunHandle.h"

#include <QAbstractTableModel>
#include <QPointer>
#include <QtQml/qqmlregistration.h>

#include <vector>

namespace tessera::views {

// Both runs' summaries and their deltas, for the compare view: one row per metric the two
// runs share, headline metrics first, with A, B and B − A at the shared cursor and at the end
// of each run; a row per summary figure both runs have (Run::summary), before the metrics when
// the kind says so (RunKind::summaryFirst); then p50/p90/p99 rows per distribution
// (Run::distributions). Summaries and distributions have values only at the end. Two runs of
// different kinds have no rows: `problem` says why (comparisonProblem).
class RunComparisonModel : public QAbstractTableModel {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(tessera::views::RunHandle* runA READ runA WRITE setRunA NOTIFY runsChanged)
    Q_PROPERTY(tessera::views::RunHandle* runB READ runB WRITE setRunB NOTIFY runsChanged)
    Q_PROPERTY(int positionA READ positionA WRITE setPositionA NOTIFY positionsChanged)
    Q_PROPERTY(int positionB READ positionB WRITE setPositionB NOTIFY positionsChanged)
    // Why runA and runB cannot be compared (runs of two kinds), or empty.
    Q_PROPERTY(QString problem READ problem NOTIFY runsChanged)

public:
    enum Column { Metric, AtCursorA, AtCursorB, AtCursorDelta, FinalA, FinalB, FinalDelta, ColumnCount };
    // BetterRole: +1 when B − A is an improvement (MetricInfo::higherIsBetter), -1 when worse,
    // 0 when written as no change.
    enum Role { DeltaSignRole = Qt::UserRole + 1, BetterRole };

    explicit RunComparisonModel(QObject* parent = nullptr);

    RunHandle* runA() const { return runA_; }
    RunHandle* runB() const { return runB_; }
    void setRunA(RunHandle* run);
    void setRunB(RunHandle* run);
    int positionA() const { return positionA_; }
    int positionB() const { return positionB_; }
    void setPositionA(int position);
    void setPositionB(int position);
    QString problem() const { return problem_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

    // The value of `column` (a numeric column) in `row`, for tests and reports.
    double value(int row, int column) const;
    // The key of the figure in `row`: a metric's (MetricInfo::key), a summary's or a
    // distribution's; empty outside the rows.
    Q_INVOKABLE QString key(int row) const;

signals:
    void runsChanged();
    void positionsChanged();

private:
    void rebuild();

    QPointer<RunHandle> runA_;
    QPointer<RunHandle> runB_;
    int positionA_ = 0;
    int positionB_ = 0;
    struct Row {
        enum class Source { Metric, Summary, Quantile };
        MetricInfo info;
        Source source = Source::Metric;
        double quantile = 0;  // Quantile rows: which
        bool higherIsBetter = true;
    };
    // A's figure of row `row` at `position` (Metric rows) or at the end (the others) of `run`.
    double figure(const Row& row, const RunHandle& run, int position) const;

    std::vector<Row> rows_;
    QString problem_;
};

}  // namespace tessera::views
