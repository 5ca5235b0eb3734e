#pragma once

// Appends the steps of K(t) as a rental simulation moves forward; several changes at one instant
// make one step (the last state wins).

#include "training/rent/RentalResult.h"

#include <algorithm>
#include <vector>

namespace tessera {

class RentedSeriesRecorder {
public:
    explicit RentedSeriesRecorder(size_t types) { series_.types = types; }

    void step(double timeS, double rented, const std::vector<double>& heldByType)
    {
        if (series_.times.empty() || series_.times.back() != timeS) {
            series_.times.push_back(timeS);
            series_.rented.push_back(rented);
            series_.perType.insert(series_.perType.end(), heldByType.begin(), heldByType.end());
            return;
        }
        series_.rented.back() = rented;
        std::copy(heldByType.begin(), heldByType.end(), series_.perType.end() - long(series_.types));
    }

    // The integral of K(t) over the recorded steps, in GPU-seconds.
    double gpuSeconds() const
    {
        double sum = 0;
        for (size_t i = 0; i + 1 < series_.times.size(); ++i)
            sum += series_.rented[i] * (series_.times[i + 1] - series_.times[i]);
        return sum;
    }

    RentedSeries take() { return std::move(series_); }

private:
    RentedSeries series_;
};

}  // namespace tessera
