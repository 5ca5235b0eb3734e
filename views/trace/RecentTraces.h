#pragma once

#include <QList>
#include <QString>
#include <QStringList>
#include <QVariantList>

namespace tessera::views {

// The most recently opened node/pod list pairs, most recent first, at most kMax, kept in
// QSettings so that they survive restarts. A pair is kept whole: reopening it loads the
// exact node list that was used, even where pairing by folder would pick another.
class RecentTraces {
public:
    static constexpr int kMax = 10;

    struct Entry {
        QString nodesPath;
        QString podsPath;
        bool operator==(const Entry&) const = default;
    };

    RecentTraces();

    void add(const Entry& entry);
    void clear();
    const QList<Entry>& entries() const { return entries_; }
    // The pod list of each entry: what names a trace in a menu.
    QStringList podPaths() const;
    // Each entry as {nodes, pods, title} for QML.
    QVariantList toVariantList() const;

private:
    void save() const;

    QList<Entry> entries_;
};

}  // namespace tessera::views
