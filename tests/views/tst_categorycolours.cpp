// Issue 12 polish, item 2: one mapping from a category to its colour. ParvaGPU's 11 models
// must get 11 distinct colours, and model i must have one colour in the charts' per-model
// series, the slice view's "Model served" layer and its legend (and so in the exports, which
// draw the same plans), whatever the run.
#include "chart/ChartColors.h"
#include "chart/ChartRegistry.h"
#include "chart/RunChartFrame.h"
#include "chart/SeriesPlan.h"
#include "inference/InferencePolicy.h"
#include "inference/InferenceRun.h"
#include "inference/ParvaScenario.h"
#include "inference/SloTable.h"
#include "items/CategoryColors.h"
#include "mig/MigGpuType.h"
#include "support/ColourDistance.h"
#include "support/SharedData.h"

#include <QSet>
#include <QVariantMap>
#include <QTest>

#include <algorithm>

using namespace tessera;
using namespace tessera::chart;

class TestCategoryColours : public QObject {
    Q_OBJECT

private slots:
    void twelveCategoriesHaveTwelveColoursAndMoreCycleDeterministically()
    {
        QVERIFY(ChartColors::seriesColorCount() >= 12);
        QSet<QRgb> seen;
        for (int i = 0; i < 12; ++i)
            seen.insert(views::categoryColor(i).rgb());
        QCOMPARE(int(seen.size()), 12);
        const int n = ChartColors::seriesColorCount();
        for (int i = 0; i < 3 * n; ++i) {
            QCOMPARE(views::categoryColor(i), ChartColors::seriesColor(i));
            QCOMPARE(views::categoryColor(i), views::categoryColor(i + n));
        }
    }

    // walk14b N4: a kind's job types (Pollux's six, in the speedup chart, the Gantt, the stacked
    // GPUs) are its first categories. As drawn on either theme's background (legibleOn darkens
    // the pale ones), the first eight lie plainly apart: ncf and yolov3 were two olive lines (Tol's
    // sand darkened next to olive), deepspeech2 and bert two near-black ones.
    void theFirstEightCategoriesAreApartAsDrawn()
    {
        constexpr int kTypes = 8;
        for (const ChartTheme& theme : {ChartColors::lightTheme(), ChartColors::darkTheme()})
            for (int i = 0; i < kTypes; ++i)
                for (int j = 0; j < i; ++j) {
                    const QColor a = ChartColors::legibleOn(views::categoryColor(i), theme.background);
                    const QColor b = ChartColors::legibleOn(views::categoryColor(j), theme.background);
                    QVERIFY2(test::deltaE(a, b) >= 30, qPrintable(QStringLiteral("%1 vs %2 on %3 (ΔE %4)")
                                                                     .arg(a.name(), b.name(), theme.background.name())
                                                                     .arg(test::deltaE(a, b), 0, 'f', 1)));
                }
    }

    void aModelHasOneColourInChartsSliceViewAndLegend()
    {
        TESSERA_REQUIRE_SHARED("traces/mig-parvagpu/prof_data");
        ProfileData profiles = ProfileData::load(test::sharedPath("traces/mig-parvagpu/prof_data"));
        const SloTable slo = SloTable::load(test::sharedPath("traces/mig-parvagpu/SLO"), profiles.modelNames());
        InferenceScenario scenario = parvaScenario(slo, SloRowSelection{2, 0, 0}, 60);
        auto world = std::make_shared<const InferenceWorld>(std::move(profiles), slo, std::nullopt);
        InferenceOptions options;
        options.durationS = 60;
        options.stepS = 30;
        options.predictor = "table";
        const auto run = InferenceRun::simulate(
            world, scenario,
            {PolicyPhase{.fromS = 0, .policy = InferencePolicyRegistry::instance().create(
                                         "mig-disabled", *MigGpuType::find(options.gpuType))}},
            options);

        // The slice view's layer of models and its legend.
        const OccupancyLayout& layout = run->layout();
        const auto layer = std::find_if(layout.layers.begin(), layout.layers.end(),
                                        [](const OccupancyLayer& l) { return l.name == "Model served"; });
        QVERIFY(layer != layout.layers.end());
        QCOMPARE(layer->categories.size(), size_t(11));
        const QVariantList legends = views::layerList(layout);
        const QVariantList legend = legends.at(qsizetype(layer - layout.layers.begin())).toMap()["categories"].toList();
        QSet<QRgb> modelColours;
        for (size_t m = 0; m < layer->categories.size(); ++m) {
            const QVariantMap entry = legend.at(qsizetype(m)).toMap();
            QCOMPARE(entry["name"].toString(), QString::fromStdString(layer->categories[m]));
            QCOMPARE(entry["color"].value<QColor>(), views::categoryColor(int(m)));
            modelColours.insert(views::categoryColor(int(m)).rgb());
        }
        QCOMPARE(int(modelColours.size()), 11);  // bert and resnet50 no longer share one

        // The charts' per-model series: each model in the colour of its category.
        const ChartRuns runs{run.get()};
        const RunChartFrame frame(runs, {});
        for (const char* family : {InferenceRun::kSloByModelFamily, InferenceRun::kP99ByModelFamily}) {
            const SeriesPlan::List plan = SeriesPlan::family(frame, family);
            QCOMPARE(plan.size(), qsizetype(11));
            for (const PlannedSeries& series : plan) {
                const auto at = std::find(layer->categories.begin(), layer->categories.end(), series.name.toStdString());
                QVERIFY2(at != layer->categories.end(), qPrintable(series.name));
                QCOMPARE(series.color, views::categoryColor(int(at - layer->categories.begin())));
            }
        }
    }
};

QTEST_MAIN(TestCategoryColours)
#include "tst_categorycolours.moc"
