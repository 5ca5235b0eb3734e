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
    return out;
}

}  // namespace tessera::chart
