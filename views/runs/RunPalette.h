#pragma once

#include <QColor>
#include <QList>

namespace tessera::views {

// Run colours from the Okabe–Ito palette, which stays distinguishable under the common forms
// of colour blindness. Yellow comes last (weak on a light background) and black is left out
// (invisible on a dark one).
class RunPalette {
public:
    static const QList<QColor>& colors();
    // The first palette colour no open run uses; when all are taken, the least used one.
    static QColor next(const QList<QColor>& inUse);
};

}  // namespace tessera::views
