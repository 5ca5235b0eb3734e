#include "items/CategoryColors.h"

#include "chart/ChartColors.h"

#include <QVariantMap>

namespace tessera::views {

QColor categoryColor(int index)
{
    using chart::ChartColors;
    const int runColors = ChartColors::categoricalCount();
    const int n = runColors + ChartColors::seriesColorCount();
    const int i = ((index % n) + n) % n;
    return i < runColors ? ChartColors::categorical(i) : ChartColors::seriesColor(i - runColors);
}

QVariantList layerList(const OccupancyLayout& layout)
{
    QVariantList list;
    for (const OccupancyLayer& layer : layout.layers) {
        QVariantList categories;
        for (size_t c = 0; c < layer.categories.size(); ++c)
            categories.append(QVariantMap{{"name", QString::fromStdString(layer.categories[c])},
                                          {"color", categoryColor(int(c))}});
        list.append(QVariantMap{{"name", QString::fromStdString(layer.name)},
                                {"categorical", layer.kind == OccupancyLayer::Kind::Category},
                                {"categories", categories}});
    }
    return list;
}

}  // namespace tessera::views
