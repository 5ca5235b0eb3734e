#pragma once

#include "run/OccupancyLayout.h"

#include <QColor>
#include <QVariantList>

namespace tessera::views {

// The colour of category `index` of a categorical occupancy layer: the run colours
// (Okabe–Ito), then the charts' series colours, cycling, so that a category keeps its colour in
// every view, at every position and in every run of a kind.
QColor categoryColor(int index);

// The layers of a layout as QML reads them: {name, categorical, categories: [{name, color}]}.
QVariantList layerList(const OccupancyLayout& layout);

}  // namespace tessera::views
