#pragma once

#include <QColor>
#include <QList>

namespace tessera::views {

// Run colours: the charts' categorical (Okabe–Ito) colours, which stay distinguishable under
// the common forms of colour blindness, in the same order, so that exported charts and the
// app colour runs alike.
class RunPalette {
public:
    static const QList<QColor>& colors();
    // The first palette colour no open run uses; when all are taken, the least used one.
    static QColor next(const QList<QColor>& inUse);
};

}  // namespace tessera::views
