#pragma once

#include "run/RunHandle.h"

#include <QColor>
#include <QObject>
#include <QVariantList>
#include <QVariantMap>
#include <QtQml/qqmlregistration.h>

namespace tessera::views {

// The app's charts ask here what to draw: the same chart::SeriesPlan the exports draw, with
// the runs' names and colours as the app shows them, so that a chart on screen and its SVG,
// PDF or PNG have the same series, colours, line styles and steps. Also the shared x unit
// (hours or days for long replays) and the marker merge distance.
class ChartPlans : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON
    Q_PROPERTY(double markerMergePixels READ markerMergePixels CONSTANT)
    // The kind whose tabs show before any run is open and no kind is chosen (RunKindRegistry::kDefaultKind).
    Q_PROPERTY(QString defaultKind READ defaultKind CONSTANT)

public:
    explicit ChartPlans(QObject* parent = nullptr);

    // The series of chart `chart` (an ExportController chart id, or "metric" with `key`) for
    // `run` and, when set, `otherRun`: a list of {name, color, fill, area, dashed, stepped, run
    // (0: run, 1: otherRun), key, below (keys stacked under an area), unit (where the plan names it)}.
    Q_INVOKABLE QVariantList series(const QString& chart, tessera::views::RunHandle* run,
                                    tessera::views::RunHandle* otherRun, const QString& key = {}) const;
    // Which runs a chart shows, as the exported charts' subtitle says it: the run's name, or
    // "A: name   vs   B: name (dashed)" (legends name series of both runs by letter).
    Q_INVOKABLE QString subtitle(tessera::views::RunHandle* run, tessera::views::RunHandle* otherRun) const;
    // {unit, perUnit}: how an axis of `run`'s x spanning `span` (in the run's unit) is labelled.
    Q_INVOKABLE QVariantMap xUnit(tessera::views::RunHandle* run, double span) const;
    // "43.9–110.5 %": an x range of `run` in the unit its axes show for that span (XAxisUnit).
    Q_INVOKABLE QString xRangeText(tessera::views::RunHandle* run, double lo, double hi) const;
    // The colour of the fork, "diverges" and cursor markers on a light or dark chart: the
    // exported charts' (ChartTheme::markerLine), a grey no series of any chart takes.
    Q_INVOKABLE QColor markerColor(bool dark) const;
    // The y axis title of chart `chart` of `run`'s kind as its export draws it ("Jobs",
    // "GPU utilisation (%)"), empty for no run or no such chart: a view titles its axis with it.
    Q_INVOKABLE QString yTitle(const QString& chart, tessera::views::RunHandle* run) const;
    // Its title as the export draws it: a view titles its panel with it (one text, app and CLI).
    Q_INVOKABLE QString title(const QString& chart, tessera::views::RunHandle* run) const;
    // "Power (kW)", "Jobs running": a label with its unit unless it names it (chart::unitTitle).
    Q_INVOKABLE QString unitTitle(const QString& label, const QString& unit) const;
    double markerMergePixels() const;
    QString defaultKind() const;
    // The tabs runs of `kind` add between the shared occupancy grid and the inspector
    // (ChartRegistry's views with a QML file): a list of {id, title, qml (relative to Main.qml),
    // preferred (the chart the export dialog offers from that tab)}.
    Q_INVOKABLE QVariantList views(const QString& kind) const;
};

}  // namespace tessera::views
