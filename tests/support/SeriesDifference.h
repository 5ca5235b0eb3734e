#pragma once
// Comparing two runs' metric series exactly, for tests that a reopened, rebuilt or forked run
// equals another.
#include "run/MetricSeries.h"

#include <QString>

namespace tessera::test {

// "" when both series hold the same columns (key, label, unit) with identical values; else the
// first difference.
inline QString seriesDifference(const MetricSeries& a, const MetricSeries& b)
{
    if (a.columns() != b.columns() || a.rows() != b.rows())
        return QString("shape %1x%2 vs %3x%4").arg(a.columns()).arg(a.rows()).arg(b.columns()).arg(b.rows());
    for (size_t c = 0; c < a.columns(); ++c) {
        if (a.info(c).key != b.info(c).key || a.info(c).label != b.info(c).label || a.info(c).unit != b.info(c).unit)
            return QString("column %1: %2 vs %3").arg(c).arg(a.info(c).key.c_str(), b.info(c).key.c_str());
        for (size_t r = 0; r < a.rows(); ++r)
            if (a.column(c)[r] != b.column(c)[r])
                return QString("%1 row %2: %3 vs %4").arg(a.info(c).key.c_str()).arg(r).arg(a.column(c)[r]).arg(b.column(c)[r]);
    }
    return {};
}

}  // namespace tessera::test
