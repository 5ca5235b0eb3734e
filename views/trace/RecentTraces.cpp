#include "trace/RecentTraces.h"

#include <QFileInfo>
#include <QSettings>
#include <QVariantMap>

namespace tessera::views {

namespace {
const char* kKey = "trace/recent";
}  // namespace

RecentTraces::RecentTraces()
{
    const QVariantList stored = QSettings().value(kKey).toList();
    for (const QVariant& item : stored) {
        const QVariantMap map = item.toMap();
        const Entry entry{map.value("nodes").toString(), map.value("pods").toString()};
        if (!entry.nodesPath.isEmpty() && !entry.podsPath.isEmpty() && entries_.size() < kMax)
            entries_.append(entry);
    }
}

void RecentTraces::add(const Entry& entry)
{
    entries_.removeAll(entry);
    entries_.prepend(entry);
    while (entries_.size() > kMax)
        entries_.removeLast();
    save();
}

void RecentTraces::clear()
{
    entries_.clear();
    save();
}

QStringList RecentTraces::podPaths() const
{
    QStringList paths;
    for (const Entry& e : entries_)
        paths.append(e.podsPath);
    return paths;
}

QVariantList RecentTraces::toVariantList() const
{
    QVariantList list;
    for (const Entry& e : entries_)
        list.append(QVariantMap{{"nodes", e.nodesPath},
                                {"pods", e.podsPath},
                                {"title", QStringLiteral("%1 + %2").arg(QFileInfo(e.podsPath).fileName(),
                                                                        QFileInfo(e.nodesPath).fileName())}});
    return list;
}

void RecentTraces::save() const
{
    QVariantList stored;
    for (const Entry& e : entries_)
        stored.append(QVariantMap{{"nodes", e.nodesPath}, {"pods", e.podsPath}});
    QSettings().setValue(kKey, stored);
}

}  // namespace tessera::views
