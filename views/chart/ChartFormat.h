#pragma once

#include <QString>

#include <optional>

namespace tessera::chart {

enum class ChartFormat { Png, Svg, Pdf };

// "png", "svg" or "pdf" (any case); nothing for anything else.
std::optional<ChartFormat> parseChartFormat(const QString& name);
// From a file name's suffix: "report.PDF" is Pdf.
std::optional<ChartFormat> chartFormatOfPath(const QString& path);

}  // namespace tessera::chart
