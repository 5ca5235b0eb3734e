#pragma once

namespace tessera::views {

// Maps a value range (positions, arrived %, seconds) onto a pixel span and back, in the
// manner of KDAB hotspot's timeline: a small value type, so that slider ticks, markers and
// clicks all agree on one formula. An empty value range or span maps everything to its start.
class TimeMapping {
public:
    TimeMapping() = default;
    TimeMapping(double valueStart, double valueEnd, double pixelStart, double pixelEnd)
        : valueStart_(valueStart), valueEnd_(valueEnd), pixelStart_(pixelStart), pixelEnd_(pixelEnd)
    {
    }

    double valueStart() const { return valueStart_; }
    double valueEnd() const { return valueEnd_; }
    double pixelStart() const { return pixelStart_; }
    double pixelEnd() const { return pixelEnd_; }

    double toPixel(double value) const;
    // The value under `pixel`, clamped to the value range.
    double toValue(double pixel) const;
    bool isValid() const { return valueEnd_ != valueStart_ && pixelEnd_ != pixelStart_; }

private:
    double valueStart_ = 0;
    double valueEnd_ = 0;
    double pixelStart_ = 0;
    double pixelEnd_ = 0;
};

}  // namespace tessera::views
