#pragma once

#include <QString>
#include <QVariantMap>

namespace tessera::views {

// The kind of run last chosen and, per kind, the inputs last opened for it (role -> path, as
// given), kept in QSettings so that a restart reopens them. The pod kind's trace is the trace
// session's (RecentTraces); this keeps only its kind.
class LastKindInputs {
public:
    static QString kind();
    static void setKind(const QString& id);
    static QVariantMap paths(const QString& kind);
    static void setPaths(const QString& kind, const QVariantMap& paths);
};

}  // namespace tessera::views
