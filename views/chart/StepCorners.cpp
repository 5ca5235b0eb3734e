#include "chart/StepCorners.h"

namespace tessera::chart {

QList<QPointF> stepCorners(const QList<QPointF>& points, Steps steps)
{
    if (steps == Steps::None)
        return points;
    QList<QPointF> drawn;
    drawn.reserve(points.size() * 2);
    for (qsizetype i = 0; i < points.size(); ++i) {
        if (i > 0) {
            if (steps == Steps::HeldFromX)
                drawn.append(QPointF(points[i].x(), points[i - 1].y()));  // the value held until this x
            else
                drawn.append(QPointF(points[i - 1].x(), points[i].y()));  // this value, from its interval's start
        }
        drawn.append(points[i]);
    }
    return drawn;
}

}  // namespace tessera::chart
