#pragma once

#include "SweepCurves.h"
#include "SweepMetric.h"
#include "SweepParameter.h"
#include "SweepRun.h"
#include "SweepViewState.h"

#include <QAbstractTableModel>
#include <QColor>
#include <QMap>
#include <QStringList>
#include <QVariantList>
#include <QtQml/qqmlregistration.h>

#include <optional>
#include <tuple>
#include <vector>

namespace tessera::views {

// The runs of the sweeps of one or more studies (merged studies, contracts.md 10), as a table:
// one column per parameter that varies across the runs, then the metrics of each run at one
// arrived-workload point (its grid CSV row there), sortable, filtered by any parameter's values
// and grouped by any parameter; and the curves of a metric against a numeric parameter
// (SweepCurves), one per group. Reads summaries only (SweepStudy): a run's timeline is loaded
// when the run is opened, through the study library and the run manager.
class SweepBrowser : public QAbstractTableModel {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(bool hasSweep READ hasSweep NOTIFY sweepChanged)
    Q_PROPERTY(QString error READ error NOTIFY errorChanged)
    Q_PROPERTY(QStringList studies READ studies NOTIFY sweepChanged)
    Q_PROPERTY(int totalRuns READ totalRuns NOTIFY sweepChanged)
    Q_PROPERTY(int shownRuns READ shownRuns NOTIFY rowsChanged)
    // [{id, title, numeric, values: [text...]}] of the parameters that vary, in column order.
    Q_PROPERTY(QVariantList parameters READ parameters NOTIFY sweepChanged)
    // [{id, title, unit, label}]
    Q_PROPERTY(QVariantList metrics READ metrics CONSTANT)
    Q_PROPERTY(QStringList columnTitles READ columnTitles NOTIFY sweepChanged)
    Q_PROPERTY(int parameterCount READ parameterCount NOTIFY sweepChanged)
    // The parameter whose values group the rows and the chart's curves ("" for none).
    Q_PROPERTY(QString groupBy READ groupBy WRITE setGroupBy NOTIFY rowsChanged)
    // The groups' values in their order (their colours' order), over every run.
    Q_PROPERTY(QStringList groups READ groups NOTIFY rowsChanged)
    // The arrived-workload grid point (%) the metrics are read at, and the points there are.
    Q_PROPERTY(double arrived READ arrived WRITE setArrived NOTIFY rowsChanged)
    Q_PROPERTY(QVariantList arrivedPoints READ arrivedPoints NOTIFY sweepChanged)
    Q_PROPERTY(int sortColumn READ sortColumn NOTIFY rowsChanged)
    Q_PROPERTY(bool sortAscending READ sortAscending NOTIFY rowsChanged)
    // What the metrics are measured against, in words.
    Q_PROPERTY(QString baselineNote READ baselineNote NOTIFY sweepChanged)
    // Which sweep(s): "24 runs on pods.csv: tessera-cli simulate --nodes nodes.csv …", its
    // inputs by file name; summaryTip: the studies, and each input's path and digest.
    Q_PROPERTY(QString summary READ summary NOTIFY sweepChanged)
    Q_PROPERTY(QString summaryTip READ summaryTip NOTIFY sweepChanged)
    // The chart's metric (a metrics() id) and x (a numeric parameter's id; "" for the chart's
    // own choice), kept with the rest of the view's state (SweepViewState).
    Q_PROPERTY(QString plotMetric READ plotMetric WRITE setPlotMetric NOTIFY plotChanged)
    Q_PROPERTY(QString plotX READ plotX WRITE setPlotX NOTIFY plotChanged)

public:
    enum Role { GroupColorRole = Qt::UserRole + 1, NumericRole, RunIdRole };

    explicit SweepBrowser(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    QHash<int, QByteArray> roleNames() const override;
    void sort(int column, Qt::SortOrder order) override;

    bool hasSweep() const { return !runs_.empty(); }
    QString error() const { return error_; }
    QStringList studies() const { return studies_; }
    int totalRuns() const { return int(runs_.size()); }
    int shownRuns() const { return int(rows_.size()); }
    QVariantList parameters() const { return parameterList_; }
    QVariantList metrics() const;
    QStringList columnTitles() const;
    int parameterCount() const { return int(parameters_.size()); }
    QString groupBy() const { return groupBy_; }
    void setGroupBy(const QString& id);
    QStringList groups() const { return groups_; }
    double arrived() const { return arrived_; }
    void setArrived(double arrived);
    QVariantList arrivedPoints() const;
    int sortColumn() const { return sortColumn_; }
    bool sortAscending() const { return sortAscending_; }
    QString baselineNote() const;
    QString summary() const;
    QString summaryTip() const;
    QString plotMetric() const { return plotMetric_; }
    void setPlotMetric(const QString& id);
    QString plotX() const { return plotX_; }
    void setPlotX(const QString& id);

    // Shows the sweep of the study at `path` alone: false (and no sweep) when it holds none;
    // false with `error` when it cannot be read. Shown as it was left last time (SweepViewState):
    // with the studies added to it, its filters, grouping, point, sort and chart.
    Q_INVOKABLE bool open(const QString& path);
    // Shows again the sweep shown last, in an earlier session too: false when there is none (or
    // its study is gone).
    Q_INVOKABLE bool reopenLast();
    // Adds the sweep of another study (another trace's sweep, say) to those shown.
    Q_INVOKABLE bool add(const QString& path);
    // Whether the study at `path` is one of those shown.
    Q_INVOKABLE bool shows(const QString& path) const;
    Q_INVOKABLE void clear();
    // Shows only the runs whose parameter `id` has one of `values` (empty: every value).
    Q_INVOKABLE void setFilter(const QString& id, const QStringList& values);
    Q_INVOKABLE QStringList filterOf(const QString& id) const { return filters_.value(id); }
    Q_INVOKABLE void clearFilters();
    Q_INVOKABLE void sortBy(int column, bool ascending);
    Q_INVOKABLE qint64 runIdAt(int row) const;
    Q_INVOKABLE QString studyAt(int row) const;
    Q_INVOKABLE QString textAt(int row, int column) const;
    // What a cell says in full (a trace's path), and what a column's figures are; "" for none.
    Q_INVOKABLE QString tipAt(int row, int column) const;
    Q_INVOKABLE QString columnTip(int column) const;
    Q_INVOKABLE QColor groupColorAt(int row) const;

    // The curves of metric `metricId` against numeric parameter `xId` over the shown runs,
    // one per group; nothing for an unknown id.
    std::optional<SweepCurves> curves(const QString& xId, const QString& metricId) const;
    const std::vector<SweepRun>& runs() const { return runs_; }

signals:
    void sweepChanged();
    void rowsChanged();
    void errorChanged();
    void plotChanged();

private:
    bool load(const QString& path, bool replace);
    void rebuild();       // parameters, groups and points after the runs changed
    QVariantList parameterList() const;
    void refreshRows();   // filter, group and sort
    void setError(const QString& error);
    QStringList studyNames() const;
    const SweepParameter* parameter(const QString& id) const;
    int groupOf(size_t run) const;
    // The value of column `column` for run `run`, for sorting.
    QVariant sortKey(size_t run, int column) const;
    bool isTraceColumn(int column) const;
    void restore(const SweepViewState& state);
    void remember() const;  // the view's state, for the first study shown

    std::vector<SweepRun> runs_;
    QStringList studies_;
    // Each shown study's sweep (its canonical command) and I/N, beside studies_: the same runs
    // added twice (a merged study and one of its shards, or a copy) would count twice as seeds.
    std::vector<std::tuple<QString, int, int>> sweepsShown_;
    QStringList names_;  // the studies' file names
    std::vector<SweepParameter> parameters_;
    QVariantList parameterList_;  // parameters(), made once per sweep: QML reads it often
    QMap<QString, QStringList> filters_;
    QString groupBy_;
    QStringList groups_;
    std::vector<double> points_;
    double arrived_ = 0;
    bool arrivedChosen_ = false;  // by the user: kept while the sweep has that point
    int sortColumn_ = -1;
    bool sortAscending_ = true;
    std::vector<size_t> rows_;
    QString error_;
    QString command_;       // the last study's, inputs by name (SweepStudy::writtenCommand)
    QString canonical_;     // and as stored, inputs by digest
    QStringList inputs_;    // its inputs' paths and digests
    QMap<QString, QString> traceLabels_;  // a trace's file name → the part that tells it apart
    QString plotMetric_ = QStringLiteral("powerSaved");
    QString plotX_;
    bool restoring_ = false;  // restore(): no state is remembered half applied
    QStringList baselines_;
};

}  // namespace tessera::views
