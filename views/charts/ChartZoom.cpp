#include "charts/ChartZoom.h"

#include "charts/OptionalBool.h"

#include <algorithm>

namespace tessera::views {

namespace {
// Narrower than this share of the full range shows no more than one decision per pixel.
constexpr double kMinWidthShare = 1e-4;
}  // namespace

ChartZoom::ChartZoom(QObject* parent) : QObject(parent) {}

void ChartZoom::set(bool active, double lo, double hi)
{
    if (active == active_ && lo == minX_ && hi == maxX_)
        return;
    active_ = active;
    minX_ = lo;
    maxX_ = hi;
    emit changed();
}

void ChartZoom::show(double lo, double hi, double fullMin, double fullMax)
{
    if (!(fullMax > fullMin))
        return;
    if (lo > hi)
        std::swap(lo, hi);
    const double full = fullMax - fullMin;
    const double width = std::clamp(hi - lo, full * kMinWidthShare, full);
    lo = std::clamp(lo, fullMin, fullMax - width);
    hi = lo + width;
    if (width >= full)
        set(false, 0, 0);
    else
        set(true, lo, hi);
}

void ChartZoom::zoom(double anchorX, double factor, double fullMin, double fullMax)
{
    if (!(factor > 0))
        return;
    const double lo = visibleMin(fullMin, fullMax), hi = visibleMax(fullMin, fullMax);
    anchorX = std::clamp(anchorX, lo, hi);
    show(anchorX - (anchorX - lo) * factor, anchorX + (hi - anchorX) * factor, fullMin, fullMax);
}

void ChartZoom::pan(double share, double fullMin, double fullMax)
{
    if (!active_)
        return;
    const double lo = visibleMin(fullMin, fullMax), hi = visibleMax(fullMin, fullMax);
    const double shift = (hi - lo) * share;
    show(lo + shift, hi + shift, fullMin, fullMax);
}

void ChartZoom::reset() { set(false, 0, 0); }

double ChartZoom::visibleMin(double fullMin, double fullMax) const
{
    return active_ ? std::clamp(minX_, fullMin, fullMax) : fullMin;
}

double ChartZoom::visibleMax(double fullMin, double fullMax) const
{
    return active_ ? std::clamp(maxX_, fullMin, fullMax) : fullMax;
}

void ChartZoom::setLogarithmicX(const QVariant& logarithmic)
{
    const QVariant value = variantOf(optionalBool(logarithmic));
    if (value == logarithmicX_)
        return;
    logarithmicX_ = value;
    emit scaleChanged();
}

void ChartZoom::setLogarithmicY(const QVariant& logarithmic)
{
    const QVariant value = variantOf(optionalBool(logarithmic));
    if (value == logarithmicY_)
        return;
    logarithmicY_ = value;
    emit scaleChanged();
}

}  // namespace tessera::views
