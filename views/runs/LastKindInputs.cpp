#include "runs/LastKindInputs.h"

#include <QSettings>

namespace tessera::views {

namespace {

const QString kKindKey = QStringLiteral("runs/lastKind");
QString pathsKey(const QString& kind) { return QStringLiteral("runs/inputs/%1").arg(kind); }
QString valuesKey(const QString& kind) { return QStringLiteral("runs/values/%1").arg(kind); }

}  // namespace

QString LastKindInputs::kind() { return QSettings().value(kKindKey).toString(); }

void LastKindInputs::setKind(const QString& id) { QSettings().setValue(kKindKey, id); }

QVariantMap LastKindInputs::paths(const QString& kind) { return QSettings().value(pathsKey(kind)).toMap(); }

void LastKindInputs::setPaths(const QString& kind, const QVariantMap& paths) { QSettings().setValue(pathsKey(kind), paths); }

QVariantMap LastKindInputs::values(const QString& kind) { return QSettings().value(valuesKey(kind)).toMap(); }

void LastKindInputs::setValues(const QString& kind, const QVariantMap& values)
{
    QSettings().setValue(valuesKey(kind), values);
}

}  // namespace tessera::views
