#pragma once

#include "run/RunWords.h"

#include <QString>

namespace tessera::chart {

// The row axis of a chart with one row per group of the occupancy layout, in the run kind's
// words: "Nodes by GPU model" for pods, "GPUs by GPU type" for MIG inference.
inline QString groupAxisLabel(const RunWords& words)
{
    QString groups = QString::fromStdString(words.groups);
    if (!groups.isEmpty())
        groups[0] = groups[0].toUpper();
    return QStringLiteral("%1 by %2").arg(groups, QString::fromStdString(words.groupBands));
}

}  // namespace tessera::chart
