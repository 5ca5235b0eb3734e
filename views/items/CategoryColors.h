#pragma once

#include "run/OccupancyLayout.h"

#include <QColor>
#include <QVariantList>

namespace tessera::views {

// The colour of category `index` of a categorical occupancy layer: ChartColors::seriesColor,
// the colour the charts give member `index` of a family, so that a category keeps its colour in
// every view and chart, at every position and in every run of a kind, and never looks like a
// run (whose colours are Okabe–Ito).
QColor categoryColor(int index);

// The layers of a layout as QML reads them: {name, categorical, categories: [{name, color}]}.
QVariantList layerList(const OccupancyLayout& layout);

}  // namespace tessera::views
