#pragma once

#include <QObject>
#include <QVariant>
#include <QtQml/qqmlregistration.h>

namespace tessera::views {

// The x range every chart shows, shared so that zooming one chart zooms them all (and both
// sides of a comparison), kept apart from the timeline cursor as hotspot keeps zoom apart from
// filters. Inactive means "the whole run"; values are in the runs' x unit (arrived % or s).
class ChartZoom : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON
    Q_PROPERTY(bool active READ active NOTIFY changed)
    Q_PROPERTY(double minX READ minX NOTIFY changed)
    Q_PROPERTY(double maxX READ maxX NOTIFY changed)
    // The x scale of the charts that offer two (the JCT CDF): true (logarithmic), false, or
    // undefined for each chart's own choice. Shared, so that the export draws what the tab shows.
    Q_PROPERTY(QVariant logarithmicX READ logarithmicX WRITE setLogarithmicX NOTIFY scaleChanged)
    // The y scale of the charts that offer two (the renting frontier's mean JCT), likewise.
    Q_PROPERTY(QVariant logarithmicY READ logarithmicY WRITE setLogarithmicY NOTIFY scaleChanged)

public:
    explicit ChartZoom(QObject* parent = nullptr);

    bool active() const { return active_; }
    double minX() const { return minX_; }
    double maxX() const { return maxX_; }
    QVariant logarithmicX() const { return logarithmicX_; }
    void setLogarithmicX(const QVariant& logarithmic);
    QVariant logarithmicY() const { return logarithmicY_; }
    void setLogarithmicY(const QVariant& logarithmic);

    // Shows [lo, hi] clamped to the full range [fullMin, fullMax]; the whole range resets.
    Q_INVOKABLE void show(double lo, double hi, double fullMin, double fullMax);
    // Scales the visible width by `factor` (< 1 zooms in) keeping `anchorX` where it is.
    Q_INVOKABLE void zoom(double anchorX, double factor, double fullMin, double fullMax);
    // Moves the visible range by `share` of its width (negative: left), inside the full range.
    Q_INVOKABLE void pan(double share, double fullMin, double fullMax);
    Q_INVOKABLE void reset();

    // The visible range for a chart whose data spans [fullMin, fullMax].
    Q_INVOKABLE double visibleMin(double fullMin, double fullMax) const;
    Q_INVOKABLE double visibleMax(double fullMin, double fullMax) const;

signals:
    void changed();
    void scaleChanged();

private:
    void set(bool active, double lo, double hi);

    bool active_ = false;
    double minX_ = 0;
    double maxX_ = 0;
    QVariant logarithmicX_;
    QVariant logarithmicY_;
};

}  // namespace tessera::views
