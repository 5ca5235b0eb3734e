#include "chart/ChartFormat.h"

#include <QFileInfo>

namespace tessera::chart {

std::optional<ChartFormat> parseChartFormat(const QString& name)
{
    const QString n = name.trimmed().toLower();
    if (n == QLatin1String("png"))
        return ChartFormat::Png;
    if (n == QLatin1String("svg"))
        return ChartFormat::Svg;
    if (n == QLatin1String("pdf"))
        return ChartFormat::Pdf;
    return std::nullopt;
}

std::optional<ChartFormat> chartFormatOfPath(const QString& path)
{
    return parseChartFormat(QFileInfo(path).suffix());
}

}  // namespace tessera::chart
