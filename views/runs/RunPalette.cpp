#include "runs/RunPalette.h"

#include "chart/ChartColors.h"

#include <algorithm>

namespace tessera::views {

const QList<QColor>& RunPalette::colors()
{
    static const QList<QColor> palette = [] {
        QList<QColor> list;
        for (int i = 0; i < chart::ChartColors::categoricalCount(); ++i)
            list.append(chart::ChartColors::categorical(i));
        return list;
    }();
    return palette;
}

QColor RunPalette::next(const QList<QColor>& inUse)
{
    const QList<QColor>& palette = colors();
    QColor best = palette.front();
    qsizetype fewest = inUse.size() + 1;
    for (const QColor& color : palette) {
        const qsizetype uses = std::count(inUse.begin(), inUse.end(), color);
        if (uses < fewest) {
            fewest = uses;
            best = color;
        }
    }
    return best;
}

}  // namespace tessera::views
