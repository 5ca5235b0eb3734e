#include "chart/UnitTitle.h"

#include <QRegularExpression>

namespace tessera::chart {

QString unitTitle(const QString& label, const QString& unit)
{
    if (unit.isEmpty())
        return label;
    static const QRegularExpression nonWord(QStringLiteral("[^\\w]+"));
    for (const QString& word : label.split(nonWord, Qt::SkipEmptyParts))
        if (word.compare(unit, Qt::CaseInsensitive) == 0)
            return label;
    return QStringLiteral("%1 (%2)").arg(label, unit);
}

}  // namespace tessera::chart
