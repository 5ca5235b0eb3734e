#include "items/CategoryColors.h"

#include "chart/ChartColors.h"

#include <QVariantMap>

namespace tessera::views {

QColor categoryColor(int index)
{
    // The charts' colours for a family's members: model i of the slice view is model i's line.
    return chart::ChartColors::seriesColor(index);
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
                                {"lowText", QString::fromStdString(layer.lowText)},
                                {"highText", QString::fromStdString(layer.highText)},
                                {"categories", categories}});
    }
    return list;
}

}  // namespace tessera::views
