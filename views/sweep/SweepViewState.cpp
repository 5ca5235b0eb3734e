#include "SweepViewState.h"

#include <QSettings>
#include <QVariantMap>

namespace tessera::views {

namespace {

// One map, study path → state: a path's slashes would be settings groups as a key of its own.
constexpr auto kStatesKey = "sweepBrowser/states";
constexpr auto kOrderKey = "sweepBrowser/order";  // the studies, the last shown last
constexpr auto kLastKey = "sweepBrowser/lastStudy";
// The states of this many studies, the most recently shown, are kept.
constexpr qsizetype kKept = 32;

}  // namespace

std::optional<SweepViewState> SweepViewState::load(const QString& study)
{
    const QVariantMap states = QSettings().value(kStatesKey).toMap();
    if (!states.contains(study))
        return std::nullopt;
    const QVariantMap map = states.value(study).toMap();
    SweepViewState state;
    state.added = map.value("added").toStringList();
    const QVariantMap filters = map.value("filters").toMap();
    for (auto f = filters.cbegin(); f != filters.cend(); ++f)
        state.filters.insert(f.key(), f.value().toStringList());
    state.groupBy = map.value("groupBy").toString();
    if (map.contains("arrived"))
        state.arrived = map.value("arrived").toDouble();
    state.sortTitle = map.value("sortTitle").toString();
    state.sortAscending = map.value("sortAscending", true).toBool();
    state.plotMetric = map.value("plotMetric").toString();
    state.plotX = map.value("plotX").toString();
    return state;
}

void SweepViewState::save(const QString& study) const
{
    QVariantMap filterMap;
    for (auto f = filters.cbegin(); f != filters.cend(); ++f)
        filterMap.insert(f.key(), f.value());
    QVariantMap map{{"added", added},         {"filters", filterMap},           {"groupBy", groupBy},
                    {"sortTitle", sortTitle}, {"sortAscending", sortAscending}, {"plotMetric", plotMetric},
                    {"plotX", plotX}};
    if (arrived)
        map.insert("arrived", *arrived);
    QSettings settings;
    QVariantMap states = settings.value(kStatesKey).toMap();
    // The order shown: `study` last; the oldest go beyond kKept.
    QStringList order = settings.value(kOrderKey).toStringList();
    order.removeAll(study);
    order << study;
    while (order.size() > kKept)
        states.remove(order.takeFirst());
    states.insert(study, map);
    settings.setValue(kStatesKey, states);
    settings.setValue(kOrderKey, order);
    settings.setValue(kLastKey, study);
}

QString SweepViewState::lastStudy() { return QSettings().value(kLastKey).toString(); }

void SweepViewState::forgetLastStudy() { QSettings().remove(kLastKey); }

}  // namespace tessera::views
