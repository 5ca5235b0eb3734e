// Issue 13 polish: one text-size rule for every chart. The JCT CDF and the occupancy chart (one
// panel a page) had about twice the text of the rounds and variability charts (several panels)
// at the same size, in the CLI and the report; in the app the JCT CDF's text grew with the
// window while the other tabs kept the app's size. Every page of a size now takes one base size
// (ChartRenderer::fontPixelSize of the page), and every chart on screen the app's
// (ChartRenderer::kScreenFontPixels), the renting Frontier's included (walk14 W21).
#include "chart/ChartColors.h"
#include "chart/ChartRegistry.h"
#include "chart/ChartRenderer.h"
#include "charts/RegisteredChartItem.h"
#include "run/RunHandle.h"
#include "run/RunKindRegistry.h"
#include "training/RentalFrontierItem.h"
#include "training/placement/TrainingPlacementRun.h"
#include "training/rental-kind/TrainingRentalRun.h"

#include <QPaintDevice>
#include <QPaintEngine>
#include <QPainter>
#include <QQuickPaintedItem>
#include <QTest>
#include <QTextItem>

#include <set>

using namespace tessera;
using namespace tessera::chart;

namespace {

// A paint device that keeps the pixel size of every text drawn on it, and draws nothing.
class FontRecorder : public QPaintDevice {
    class Engine : public QPaintEngine {
    public:
        explicit Engine(std::multiset<int>& sizes) : QPaintEngine(AllFeatures), sizes_(sizes) {}
        bool begin(QPaintDevice*) override { return true; }
        bool end() override { return true; }
        void updateState(const QPaintEngineState&) override {}
        void drawPixmap(const QRectF&, const QPixmap&, const QRectF&) override {}
        void drawImage(const QRectF&, const QImage&, const QRectF&, Qt::ImageConversionFlags) override {}
        void drawPath(const QPainterPath&) override {}
        void drawPolygon(const QPointF*, int, PolygonDrawMode) override {}
        void drawTextItem(const QPointF&, const QTextItem& text) override { sizes_.insert(text.font().pixelSize()); }
        Type type() const override { return User; }

    private:
        std::multiset<int>& sizes_;
    };

public:
    explicit FontRecorder(QSize size) : size_(size), engine_(sizes) {}
    QPaintEngine* paintEngine() const override { return &engine_; }
    std::multiset<int> sizes;

protected:
    int metric(PaintDeviceMetric m) const override
    {
        switch (m) {
        case PdmWidth: return size_.width();
        case PdmHeight: return size_.height();
        case PdmDpiX: case PdmDpiY: case PdmPhysicalDpiX: case PdmPhysicalDpiY: return 96;
        case PdmDepth: return 32;
        case PdmDevicePixelRatio: return 1;
        case PdmDevicePixelRatioScaled: return int(QPaintDevice::devicePixelRatioFScale());
        default: return 1;
        }
    }

private:
    QSize size_;
    mutable Engine engine_;
};

std::shared_ptr<const Run> trainingRun()
{
    const RunKind& kind = RunKindRegistry::kind(TrainingPlacementRun::kKind);
    return std::shared_ptr<const Run>(kind.simulate(kind.conformanceSample(), RunRequest{"pal", {}}));
}

// The text sizes a page of `panels` is painted with at `size`.
std::multiset<int> pageFonts(const QList<ChartSpec>& panels, QSize size)
{
    FontRecorder device(size);
    QPainter painter(&device);
    ChartRenderer::paint(painter, QRectF(QPointF(0, 0), QSizeF(size)), panels, ChartColors::lightTheme());
    painter.end();
    return device.sizes;
}

// A chart item painted at each of `sizes`: text at the app's size among its texts, and one
// largest (title) size whatever the item's size.
void checkScreenFonts(QQuickPaintedItem& item, const QList<QSize>& sizes)
{
    std::set<int> titles;
    for (const QSize size : sizes) {
        item.setSize(QSizeF(size));
        FontRecorder device(size);
        QPainter painter(&device);
        item.paint(&painter);
        painter.end();
        QVERIFY(!device.sizes.empty());
        QVERIFY(device.sizes.count(int(ChartRenderer::kScreenFontPixels)) > 0);
        titles.insert(*device.sizes.rbegin());
    }
    QCOMPARE(titles.size(), size_t(1));
}

}  // namespace

class TestChartFonts : public QObject {
    Q_OBJECT
    QObject owner_;

private slots:
    // The rounds page (three panels), the variability page (a panel per class), the JCT CDF and
    // the occupancy chart (one panel each) at one size: the same title and text sizes.
    void everyChartOfAPageSizeTakesOneTextSize()
    {
        const auto run = trainingRun();
        const QSize page(1600, 1000);
        const int base = int(std::lround(ChartRenderer::fontPixelSize(QSizeF(page))));
        std::set<int> titles;
        for (const char* view : {"rounds", "jct", "variability", "occupancy"}) {
            const QList<ChartSpec> panels = ChartRegistry::viewPanels(view, *run);
            QVERIFY2(!panels.isEmpty(), view);
            const std::multiset<int> fonts = pageFonts(panels, page);
            QVERIFY2(!fonts.empty(), view);
            QVERIFY2(fonts.count(base) > 0, view);  // ticks and legends at the page's base size
            titles.insert(*fonts.rbegin());
        }
        QCOMPARE(titles.size(), size_t(1));
    }

    // On screen a chart the exported painter draws (the JCT CDF tab) keeps the app's text size
    // at any window size, as the other tabs do.
    void theAppsChartsKeepTheAppsTextSize()
    {
        const auto run = trainingRun();
        views::RunHandle handle(run, &owner_);
        views::RegisteredChartItem item;
        item.setChartId("jct-cdf");
        item.setRun(&handle);
        checkScreenFonts(item, {QSize(900, 600), QSize(1900, 1200)});
    }

    // walk14 W21: the renting Frontier painted with the page's rule (8-9 px at 1280x800, larger
    // than the UI at 2560x1440); it keeps the app's size too, the title included.
    void theFrontierKeepsTheAppsTextSize()
    {
        const RunKind& kind = RunKindRegistry::kind(TrainingRentalRun::kKind);
        const std::shared_ptr<const Run> run(kind.simulate(kind.conformanceSample(), RunRequest{"boa", {{"budget", "12"}}}));
        views::RunHandle handle(run, &owner_);
        views::RentalFrontierItem item;
        item.setSize(QSizeF(800, 500));
        item.setRun(&handle);
        QTRY_VERIFY_WITH_TIMEOUT(item.complete(), 60000);
        checkScreenFonts(item, {QSize(700, 450), QSize(2400, 1300)});
    }
};

QTEST_MAIN(TestChartFonts)
#include "tst_chartfonts.moc"
