#pragma once

#include "chart/ChartSpec.h"
#include "run/Run.h"

#include <QColor>
#include <QList>
#include <QString>

#include <vector>

namespace tessera::chart {

// One class's per-GPU variability of a training-placement run (B1) and the slowdown bins PAL
// and PM-First place by (B3): what the app's variability tab and the exported "variability"
// chart both draw, so that they agree.
struct ClassVariability {
    struct Bin {
        double sf = 1;   // the bin's slowdown factor (centroid / median of centroids)
        int gpus = 0;    // how many GPUs it holds
    };
    QString name;                 // "class A"
    int nodes = 0;
    int gpusPerNode = 0;
    std::vector<double> perfVar;  // per GPU, in GPU order (GPU g on node g / gpusPerNode)
    std::vector<int> bin;         // per GPU, its index in `bins`
    QList<Bin> bins;              // ascending sf
    double min = 1;
    double max = 1;
    // The top of the colour scale: the largest score that is no outlier (at most mean + 3
    // sample standard deviations, the binning's outlier rule), so that one very slow GPU does
    // not turn every other one the same colour; outliers take the top colour.
    double scaleMax = 1;
    int outliers = 0;  // GPUs above scaleMax

    // How many job classes a run has per-GPU variability for (its Run::cellValues()); 0 for a
    // run of another kind, or one reopened from a study that did not keep them.
    static int classCount(const Run& run);
    // Why `run` has no variability to draw, in a sentence naming the run; empty when it has.
    static QString missing(const Run& run);
    // Class `classIndex` of `run`; empty (no GPUs) for a run of another kind or no such class.
    static ClassVariability of(const Run& run, int classIndex);

    bool empty() const { return perfVar.empty(); }
    // The colour of GPU g's PerfVar on the sequential scale over [min, scaleMax].
    QColor color(size_t gpu) const;
    // The outline colour of bin i of a run drawn in `runColor`: shade i of it
    // (ChartColors::runShades), so that the bins of A and B in a compare read as their runs',
    // never as the other run's colour (categorical colours 0 and 1 are runs A and B).
    static QColor binColor(int bin, const QColor& runColor);
    // How a PerfVar or a slowdown factor reads wherever it is shown (the tab's header, scale,
    // bin legend and tooltips, the exported chart): 3 decimals, since the spec's bins differ
    // only in the third (0.985 and 0.988, 1.012 and 1.015) and 2 would make them one.
    static QString scoreText(double value);
    // "sf 0.970: 20 GPUs · sf 1.000: 40 GPUs · sf 1.210: 4 GPUs"
    QString binsText() const;
    // One panel: the GPUs as a nodes x GPUs-per-node heatmap of PerfVar, its bins in the subtitle
    // and ringed in shades of `runColor`.
    ChartSpec chart(const QString& runName, const QColor& runColor) const;
};

}  // namespace tessera::chart
