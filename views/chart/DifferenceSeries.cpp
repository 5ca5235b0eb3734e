#include "chart/DifferenceSeries.h"

#include "chart/MetricLookup.h"
#include "run/Run.h"

namespace tessera::chart {

DifferenceSeries DifferenceSeries::of(const Run& a, const Run& b, std::string_view key)
{
    DifferenceSeries out;
    const auto columnA = a.series().find(key), columnB = b.series().find(key);
    if (!columnA || !columnB)
        return out;
    const auto xa = a.series().column(0), xb = b.series().column(0);
    const auto ya = a.series().column(*columnA), yb = b.series().column(*columnB);
    const MetricLookup lookupA = MetricLookup::of(a), lookupB = MetricLookup::of(b);
    const auto add = [&](double x, std::optional<double> va, std::optional<double> vb) {
        if (!va || !vb)
            return;
        out.xs.push_back(x);
        out.values.push_back(*vb - *va);
    };
    // A merge of the two ascending x columns.
    size_t i = 0, j = 0;
    while (i < xa.size() || j < xb.size()) {
        if (i < xa.size() && j < xb.size() && xa[i] == xb[j]) {
            add(xa[i], ya[i], yb[j]);
            ++i, ++j;
        } else if (j == xb.size() || (i < xa.size() && xa[i] < xb[j])) {
            add(xa[i], ya[i], lookupB.at(*columnB, xa[i]));
            ++i;
        } else {
            add(xb[j], lookupA.at(*columnA, xb[j]), yb[j]);
            ++j;
        }
    }
    const auto curve = [](const Run& run, size_t column) {
        return run.series().info(column).interpolation == Interpolation::TimeAverage;
    };
    if (out.xs.size() < 2 || !(curve(a, *columnA) || curve(b, *columnB)))
        return out;
    // A time average is a curve between rows (CurveSamples): samples between the rows, evenly
    // over the span, read exactly in both runs.
    DifferenceSeries sampled;
    const double first = out.xs.front(), spacing = (out.xs.back() - first) / kCurveSamples;
    size_t row = 0;
    for (size_t k = 0; k <= kCurveSamples && spacing > 0; ++k) {
        const double x = first + spacing * double(k);
        for (; row < out.xs.size() && out.xs[row] <= x; ++row) {
            sampled.xs.push_back(out.xs[row]);
            sampled.values.push_back(out.values[row]);
        }
        if (!sampled.xs.empty() && sampled.xs.back() == x)
            continue;
        const auto va = lookupA.at(*columnA, x), vb = lookupB.at(*columnB, x);
        if (va && vb) {
            sampled.xs.push_back(x);
            sampled.values.push_back(*vb - *va);
        }
    }
    for (; row < out.xs.size(); ++row) {
        sampled.xs.push_back(out.xs[row]);
        sampled.values.push_back(out.values[row]);
    }
    return sampled;
}

}  // namespace tessera::chart
