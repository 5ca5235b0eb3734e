#pragma once

#include "run/RunWords.h"

#include <QString>

namespace tessera::chart {

// The row axis of a chart with one row per group of the occupancy layout, in the run kind's
// words: "Nodes by GPU model" for pods, "GPUs by GPU type" for MIG inference; just "Nodes" when
// the layout has one band (`bands`: a homogeneous training cluster), which the band names.
inline QString groupAxisLabel(const RunWords& words, size_t bands = 2)
{
    QString groups = QString::fromStdString(words.groups);
    if (!groups.isEmpty())
        groups[0] = groups[0].toUpper();
    if (bands <= 1)
        return groups;
    return QStringLiteral("%1 by %2").arg(groups, QString::fromStdString(words.groupBands));
}

}  // namespace tessera::chart
