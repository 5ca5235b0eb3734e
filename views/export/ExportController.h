#pragma once

#include "run/RunHandle.h"
#include "tasks/BackgroundTask.h"

#include <QObject>
#include <QString>
#include <QStringList>
#include <QVariant>
#include <QtQml/qqmlregistration.h>

#include <functional>
#include <optional>

namespace tessera::views {

// The GUI's export: any chart as PNG, SVG or PDF at a chosen size, the data behind it as CSV
// (only the visible range when zoomed), and one PDF report of a run or a comparison. It paints
// with the same ChartRenderer as `tessera-cli chart`, on a worker thread, since a report
// samples the whole fragmentation heatmap.
class ExportController : public QObject {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(bool busy READ busy NOTIFY busyChanged)
    Q_PROPERTY(double progress READ progress NOTIFY progressChanged)
    Q_PROPERTY(QString error READ error NOTIFY errorChanged)
    Q_PROPERTY(QString lastPath READ lastPath NOTIFY exported)
    // The x scale of the charts that offer two (the JCT CDF), as the app shows them
    // (ChartZoom.logarithmicX): true, false, or undefined for each chart's own choice.
    Q_PROPERTY(QVariant logarithmicX READ logarithmicX WRITE setLogarithmicX NOTIFY logarithmicXChanged)
    // The y scale likewise (the renting frontier's mean JCT; ChartZoom.logarithmicY).
    Q_PROPERTY(QVariant logarithmicY READ logarithmicY WRITE setLogarithmicY NOTIFY logarithmicYChanged)

public:
    explicit ExportController(QObject* parent = nullptr);

    bool busy() const { return task_.busy(); }
    double progress() const { return task_.progress(); }
    QString error() const { return error_; }
    QString lastPath() const { return lastPath_; }
    QVariant logarithmicX() const;
    void setLogarithmicX(const QVariant& logarithmic);
    QVariant logarithmicY() const;
    void setLogarithmicY(const QVariant& logarithmic);
    // The chart ids runs like `run` have (ChartRegistry: its kind's, then the shared ones; for
    // pods allocation, failed-pods, power, power-by-model, fragmentation-rate, difference,
    // fragmentation-heatmap, occupancy); a comparison's (difference) need a runB. Without a run:
    // those of RunKindRegistry::kDefaultKind.
    Q_INVOKABLE QStringList charts(tessera::views::RunHandle* run = nullptr) const;
    // The chart the decision inspector draws under its table for `run` and its tab exports
    // (RegisteredChart::inspector), or empty when the kind has none.
    Q_INVOKABLE QString inspectorChart(tessera::views::RunHandle* run) const;
    // A chart id's title for menus, as runs like `run` name it.
    Q_INVOKABLE QString chartTitle(const QString& chart, tessera::views::RunHandle* run = nullptr) const;

    // `target` is a path or a file:// URL; `format` png|svg|pdf, or empty to take the suffix.
    // [from, to] is the visible range of runA's positions (to < 0: the end); `cursor` < 0 draws
    // no cursor. Runs look as in the app (their names and colours); a second run (a fork) is
    // drawn in every chart, per-run charts (heatmap, occupancy) get one panel per run. Returns false, with `error` set, when the request is invalid; the file is
    // written in the background and `exported` or `failed` follows.
    Q_INVOKABLE bool exportChart(const QString& chart, tessera::views::RunHandle* runA, tessera::views::RunHandle* runB,
                                 int from, int to, int cursor, const QString& target, const QString& format,
                                 int width, int height);
    Q_INVOKABLE bool exportCsv(const QString& chart, tessera::views::RunHandle* runA, tessera::views::RunHandle* runB,
                               int from, int to, const QString& target);
    // The report's charts mark `cursor` and draw the occupancy grids there (< 0: at the end).
    Q_INVOKABLE bool exportReport(tessera::views::RunHandle* runA, tessera::views::RunHandle* runB,
                                  const QString& target, int cursor = -1);
    Q_INVOKABLE void cancel() { task_.cancel(); }

signals:
    void busyChanged();
    void progressChanged();
    void errorChanged();
    void exported(const QString& path);
    void failed(const QString& message);
    void logarithmicXChanged();
    void logarithmicYChanged();

private:
    bool reject(const QString& message);
    void setError(const QString& message);
    // Paints or writes off the GUI thread; `exported` follows on the GUI thread.
    void run(const QString& path, std::function<void(const ProgressCallback&)> work);

    BackgroundTask task_;
    QString error_;
    QString lastPath_;
    std::optional<bool> logarithmicX_;
    std::optional<bool> logarithmicY_;
};

}  // namespace tessera::views
