#include "timeline/TimeMapping.h"

#include <algorithm>

namespace tessera::views {

double TimeMapping::toPixel(double value) const
{
    if (!isValid())
        return pixelStart_;
    return pixelStart_ + (value - valueStart_) * (pixelEnd_ - pixelStart_) / (valueEnd_ - valueStart_);
}

double TimeMapping::toValue(double pixel) const
{
    if (!isValid())
        return valueStart_;
    const double value = valueStart_ + (pixel - pixelStart_) * (valueEnd_ - valueStart_) / (pixelEnd_ - pixelStart_);
    return std::clamp(value, std::min(valueStart_, valueEnd_), std::max(valueStart_, valueEnd_));
}

}  // namespace tessera::views
