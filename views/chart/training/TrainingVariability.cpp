#include "chart/training/TrainingVariability.h"

#include "chart/ChartColors.h"
#include "training/SlowdownBinning.h"
#include "training/placement/TrainingPlacementRun.h"

#include <algorithm>

namespace tessera::chart {

namespace {

// The values keyed `key` among the run's CellValues, or nothing.
const CellValues* cellTable(const std::vector<CellValues>& tables, const std::string& key)
{
    for (const CellValues& t : tables)
        if (t.key == key)
            return &t;
    return nullptr;
}

}  // namespace

// Read through Run::cellValues(), so a run reopened from a study draws as the live one.
int ClassVariability::classCount(const Run& run)
{
    const std::vector<CellValues> tables = run.cellValues();
    int classes = 0;
    while (classes < int(rounds::kRoundClasses) && cellTable(tables, TrainingPlacementRun::perfVarKey(size_t(classes))))
        ++classes;
    return classes;
}

QString ClassVariability::missing(const Run& run)
{
    if (run.info().kind != TrainingPlacementRun::kKind)
        return QStringLiteral("Run \"%1\" is a %2 run: it has no per-GPU variability.")
            .arg(QString::fromStdString(run.info().name), QString::fromStdString(run.info().kind));
    if (classCount(run) == 0)
        return QStringLiteral("Run \"%1\" carries no per-GPU variability table: it was reopened from a study written "
                              "before study format 4, which kept only its metrics. Run it again (or fork it) to see "
                              "its variability.")
            .arg(QString::fromStdString(run.info().name));
    return {};
}

ClassVariability ClassVariability::of(const Run& run, int classIndex)
{
    ClassVariability v;
    if (classIndex < 0 || classIndex >= classCount(run))
        return v;
    const std::vector<CellValues> tables = run.cellValues();
    const CellValues* perfVar = cellTable(tables, TrainingPlacementRun::perfVarKey(size_t(classIndex)));
    const CellValues* binned = cellTable(tables, TrainingPlacementRun::binnedSfKey(size_t(classIndex)));
    const OccupancyLayout& layout = run.layout();
    if (!perfVar || !binned || layout.groups.empty())
        return v;
    v.name = QStringLiteral("class %1").arg(QChar(char16_t(u'A' + classIndex)));
    v.nodes = int(layout.groups.size());
    v.gpusPerNode = int(layout.groups.front().cellCount);
    v.perfVar = perfVar->values;
    const std::vector<double>& sf = binned->values;
    if (v.perfVar.empty() || sf.size() != v.perfVar.size() || v.perfVar.size() != size_t(v.nodes * v.gpusPerNode)) {
        v.perfVar.clear();
        return v;
    }
    const auto [lo, hi] = std::minmax_element(v.perfVar.begin(), v.perfVar.end());
    v.min = *lo;
    v.max = *hi;
    const double limit = outlierLimit(v.perfVar);
    v.scaleMax = v.min;
    for (double x : v.perfVar) {
        if (x > limit)
            ++v.outliers;
        else
            v.scaleMax = std::max(v.scaleMax, x);
    }
    std::vector<double> levels = sf;
    std::sort(levels.begin(), levels.end());
    levels.erase(std::unique(levels.begin(), levels.end()), levels.end());
    for (double level : levels)
        v.bins.append({level, 0});
    v.bin.reserve(sf.size());
    for (double s : sf) {
        const int b = int(std::lower_bound(levels.begin(), levels.end(), s) - levels.begin());
        v.bin.push_back(b);
        ++v.bins[b].gpus;
    }
    return v;
}

QColor ClassVariability::color(size_t gpu) const
{
    const double span = scaleMax - min;
    return ChartColors::sequential(span > 0 && gpu < perfVar.size() ? (perfVar[gpu] - min) / span : 0.0);
}

QColor ClassVariability::binColor(int bin, const QColor& runColor) { return ChartColors::runShades(runColor, bin); }

QString ClassVariability::scoreText(double value) { return QString::number(value, 'f', 3); }

QString ClassVariability::binsText() const
{
    QStringList parts;
    for (const Bin& b : bins)
        parts << QStringLiteral("sf %1: %2 GPU%3").arg(scoreText(b.sf)).arg(b.gpus).arg(b.gpus == 1 ? QString() : QStringLiteral("s"));
    return parts.join(QStringLiteral(" · "));
}

ChartSpec ClassVariability::chart(const QString& runName, const QColor& runColor) const
{
    ChartSpec spec;
    spec.title = QStringLiteral("GPU variability, %1: PerfVar per GPU, by node").arg(name);
    // Columns are GPUs 0..n-1 of each node: no numeric x axis (its ticks would fall between
    // GPUs), the subtitle says what the columns are.
    spec.subtitle = QStringLiteral("%1 · columns: GPU 0–%2 of each node · PAL and PM-First bins (sf: slowdown "
                                   "factor relative to the median GPU): %3")
                        .arg(runName)
                        .arg(gpusPerNode - 1)
                        .arg(binsText());
    spec.x.visible = false;
    ChartSpec::Heatmap h;
    h.xMin = -0.5;
    h.xMax = gpusPerNode - 0.5;
    h.rowAxisLabel = QStringLiteral("Nodes");
    h.legendLabel = QStringLiteral("PerfVar");  // the title says what it is; "higher = slower" in the app
    h.legendUnit = QStringLiteral("×");
    h.legendMin = min;
    h.legendMax = scaleMax > min ? scaleMax : min + 1;
    if (outliers > 0)
        spec.subtitle += QStringLiteral(" · %1 outlier GPU%2 above the scale (up to %3×) in its top colour")
                             .arg(outliers)
                             .arg(outliers == 1 ? QString() : QStringLiteral("s"))
                             .arg(scoreText(max));
    h.scale = ChartColors::sequentialStops();
    h.image = QImage(gpusPerNode, nodes, QImage::Format_RGB32);
    for (int c = 0; c < gpusPerNode; ++c)
        h.columnHeaders << QStringLiteral("GPU %1").arg(c);
    for (int n = 0; n < nodes; ++n) {
        h.rowNames << QStringLiteral("node %1").arg(n);
        for (int c = 0; c < gpusPerNode; ++c) {
            const size_t gpu = size_t(n * gpusPerNode + c);
            h.image.setPixel(c, n, color(gpu).rgb());
            h.values.push_back(float(gpu < perfVar.size() ? perfVar[gpu] : 0.0));
        }
    }
    h.bands.append({QStringLiteral("nodes 0–%1").arg(nodes - 1), 0, nodes});
    // The bins ring the cells and are keyed in the legend, as on the app's tab.
    h.cellRings = bin;
    for (int b = 0; b < bins.size(); ++b)
        h.ringKeys.append({QStringLiteral("bin sf %1 (%2 GPU%3)")
                               .arg(scoreText(bins[b].sf))
                               .arg(bins[b].gpus)
                               .arg(bins[b].gpus == 1 ? QString() : QStringLiteral("s")),
                           binColor(b, runColor)});
    spec.heatmap = std::move(h);
    return spec;
}

}  // namespace tessera::chart
