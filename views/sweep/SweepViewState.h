#pragma once

#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace tessera::views {

// How the Sweep tab showed a study's sweep (walk15): the studies added to it, the filters,
// grouping, arrived-workload point, sort and the chart's metric and x, kept in the settings per
// study path so that opening the study again, or starting the app again, shows it as it was left.
struct SweepViewState {
    QStringList added;  // the other studies shown with it, in the order added
    QMap<QString, QStringList> filters;
    QString groupBy;
    std::optional<double> arrived;  // chosen by the user; nothing: the last grid point
    QString sortTitle;              // the sorted column's title; empty: unsorted
    bool sortAscending = true;
    QString plotMetric;
    QString plotX;

    // The state kept for the study at `study`, if any.
    static std::optional<SweepViewState> load(const QString& study);
    // Keeps this state for `study`, and `study` as the sweep shown last.
    void save(const QString& study) const;

    // The study whose sweep was shown last ("" once its sweep was closed): started again, the
    // app shows it.
    static QString lastStudy();
    static void forgetLastStudy();
};

}  // namespace tessera::views
