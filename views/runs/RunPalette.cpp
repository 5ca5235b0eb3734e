#include "runs/RunPalette.h"

#include <algorithm>

namespace tessera::views {

const QList<QColor>& RunPalette::colors()
{
    static const QList<QColor> okabeIto{QColor(0x00, 0x72, 0xB2), QColor(0xD5, 0x5E, 0x00), QColor(0x00, 0x9E, 0x73),
                                        QColor(0xCC, 0x79, 0xA7), QColor(0xE6, 0x9F, 0x00), QColor(0x56, 0xB4, 0xE9),
                                        QColor(0xF0, 0xE4, 0x42)};
    return okabeIto;
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
