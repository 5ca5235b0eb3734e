#pragma once

#include <QString>
#include <QVariantMap>

namespace tessera::views {

// The kind of run last chosen and, per kind, the inputs last opened for it (role -> path, as
// given) and the parameters of its last run, kept in QSettings so that a restart reopens them. The pod kind's trace is the trace
// session's (RecentTraces); this keeps only its kind.
class LastKindInputs {
public:
    static QString kind();
    static void setKind(const QString& id);
    static QVariantMap paths(const QString& kind);
    static void setPaths(const QString& kind, const QVariantMap& paths);
    // The parameter values (name -> text) of the kind's last run started, for the Run panel to
    // start from after a restart.
    static QVariantMap values(const QString& kind);
    static void setValues(const QString& kind, const QVariantMap& values);
};

}  // namespace tessera::views
