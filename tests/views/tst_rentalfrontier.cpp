// The renting kind's cost-vs-JCT frontier (issue 14, item 6): the sweep's budgets, its points (the
// runs the kind makes at those budgets), its cache (a second sweep simulates nothing), cancel,
// and the registered "frontier" chart: one line per policy, every run marked at its budget and
// mean JCT (the current run larger), axes with units, a reopened run named as not sweepable, and
// the report holding the chart.
#include "chart/ChartColors.h"
#include "chart/ChartError.h"
#include "chart/ChartRenderer.h"
#include "chart/PanelPainter.h"
#include "chart/ChartRegistry.h"
#include "chart/rental/FrontierChart.h"
#include "run/RunHandle.h"
#include "training/RentalFrontierItem.h"
#include "run/RunKindRegistry.h"
#include "store/RunArchive.h"
#include "store/StudyStore.h"
#include "training/rental-kind/RentalFrontier.h"
#include "training/rental-kind/TrainingRentalKind.h"
#include "training/rental-kind/TrainingRentalRun.h"

#include <QImage>
#include <QPainter>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace tessera;
using namespace tessera::chart;

namespace {

std::shared_ptr<const TrainingRentalInputs> sample()
{
    return std::dynamic_pointer_cast<const TrainingRentalInputs>(
        RunKindRegistry::kind(TrainingRentalRun::kKind).conformanceSample());
}

}  // namespace

class TestRentalFrontier : public QObject {
    Q_OBJECT

private slots:
    void budgetsSpanTheGridAndKeepEveryRunsBudget()
    {
        const std::vector<double> b = RentalFrontier::budgets(3.14159, 20, 6, {7.777, 50});
        QVERIFY(std::is_sorted(b.begin(), b.end()));
        QVERIFY(b.front() >= 3.14159);          // never below the floor
        QCOMPARE(b.front(), 3.15);              // three significant digits, rounded up
        QVERIFY(std::find(b.begin(), b.end(), 7.777) != b.end());  // a run's budget, exactly
        QVERIFY(std::find(b.begin(), b.end(), 50.0) != b.end());
        QCOMPARE(b.size(), size_t(8));
        // A run at a grid budget is one point, not two.
        const std::vector<double> same = RentalFrontier::budgets(10, 20, 3, {15});
        QCOMPARE(same, (std::vector<double>{10, 15, 20}));
        QCOMPARE(RentalFrontier::topBudget(4, {}), 4 * RentalFrontier::kTopOverFloor);
        QCOMPARE(RentalFrontier::topBudget(4, {100}), 125.0);
    }

    void theFloorIsEveryJobOnOneGpu()
    {
        const auto inputs = sample();
        const double floor = RentalFrontier::floorBudget(inputs);
        QVERIFY(floor > 0);
        // BOA cannot be held below it, and just above it can.
        const auto below = TrainingRentalRun::simulate(inputs, "boa", floor * 0.9, 42);
        QVERIFY(!below->withinBudget());
        const auto above = TrainingRentalRun::simulate(inputs, "boa", floor * 1.05, 42);
        QVERIFY(above->withinBudget());
    }

    void aSweepPointIsTheRunAtThatBudgetAndIsCached()
    {
        const auto inputs = sample();
        const std::vector<double> budgets{8, 12, 16};
        const size_t before = RentalFrontier::simulatedCount();
        const auto points = RentalFrontier::sweep(inputs, "autoscale", budgets, 42);
        QCOMPARE(RentalFrontier::simulatedCount() - before, size_t(3));
        QCOMPARE(points.size(), size_t(3));
        for (size_t i = 0; i < 3; ++i) {
            const auto run = TrainingRentalRun::simulate(inputs, "autoscale", budgets[i], 42);
            QCOMPARE(points[i].budget, budgets[i]);
            QCOMPARE(points[i].meanJctS, run->rentalSummary().meanJctS);
            QCOMPARE(points[i].averageRented, run->rentalSummary().averageRented);
            QCOMPARE(points[i].rentedGpuHours, run->rentalSummary().rentedGpuHours);
        }
        // The same sweep again: from the cache, nothing simulated.
        const auto again = RentalFrontier::sweep(inputs, "autoscale", budgets, 42);
        QCOMPARE(RentalFrontier::simulatedCount() - before, size_t(3));
        QCOMPARE(again[1].meanJctS, points[1].meanJctS);
        // Another policy, budget or seed is another point.
        QVERIFY(!RentalFrontier::cached({RentalFrontier::inputsKey(inputs), "hesrpt", 12, 42}));
        QVERIFY(!RentalFrontier::cached({RentalFrontier::inputsKey(inputs), "autoscale", 13, 42}));
        QVERIFY(!RentalFrontier::cached({RentalFrontier::inputsKey(inputs), "autoscale", 12, 7}));
        // Other inputs made in memory are other points, though their content is the same.
        const auto twin = sample();
        QVERIFY(RentalFrontier::inputsKey(twin) != RentalFrontier::inputsKey(inputs));
    }

    void cancellingKeepsThePointsDone()
    {
        const auto inputs = sample();
        const std::vector<double> budgets{9, 11, 13, 15};
        int calls = 0;
        bool cancelled = false;
        try {
            RentalFrontier::sweep(inputs, "greedy", budgets, 42, [&](double) { return ++calls < 3; });
        } catch (const CancelledError&) {
            cancelled = true;
        }
        QVERIFY(cancelled);
        const std::string key = RentalFrontier::inputsKey(inputs);
        QVERIFY(RentalFrontier::cached({key, "greedy", 9, 42}));
        QVERIFY(RentalFrontier::cached({key, "greedy", 11, 42}));
        QVERIFY(!RentalFrontier::cached({key, "greedy", 13, 42}));
    }

    void theChartHasALinePerPolicyAndAMarkPerRun()
    {
        const RunKind& kind = RunKindRegistry::kind(TrainingRentalRun::kKind);
        const auto inputs = sample();
        const auto boa = kind.simulate(inputs, RunRequest{"boa", {{"budget", "12"}}});
        const auto autoscale = kind.simulate(inputs, RunRequest{"autoscale", {{"budget", "12"}}});
        const auto boaLow = kind.simulate(inputs, RunRequest{"boa", {{"budget", "10"}}});  // above the sample's floor (9.15 GPUs for boa)
        const RegisteredChart* chart = ChartRegistry::chart(TrainingRentalRun::kKind, "frontier");
        QVERIFY(chart);
        QVERIFY(ChartRegistry::view(TrainingRentalRun::kKind, "frontier"));
        RunChartOptions options;
        options.runNames = {QStringLiteral("A"), QStringLiteral("B"), QStringLiteral("C")};
        const QList<ChartSpec> panels = chart->build({boa.get(), autoscale.get(), boaLow.get()}, options, {});
        QCOMPARE(panels.size(), 1);
        const ChartSpec& spec = panels.front();
        QCOMPARE(spec.x.unit, QStringLiteral("GPUs"));
        QCOMPARE(spec.y.unit, QStringLiteral("h"));
        QVERIFY(spec.x.label.contains(QStringLiteral("Budget")));
        QVERIFY(spec.y.label.contains(QStringLiteral("JCT")));
        QList<ChartSpec::Series> lines, marks;
        for (const auto& s : spec.series)
            (s.style == ChartSpec::SeriesStyle::Points ? marks : lines).append(s);
        QCOMPARE(lines.size(), 2);  // boa and autoscale, once each
        QCOMPARE(lines[0].name, QStringLiteral("BOA sweep"));
        QCOMPARE(lines[1].name, QStringLiteral("Autoscale sweep"));
        QVERIFY(lines[0].color != lines[1].color);
        QCOMPARE(marks.size(), 3);
        // The others first, the current run last (on top of a run at the same place), larger.
        QCOMPARE(marks[0].name, QStringLiteral("B"));
        QCOMPARE(marks[1].name, QStringLiteral("C"));
        QCOMPARE(marks[2].name, QStringLiteral("A"));
        QVERIFY(marks[2].markScale > marks[0].markScale);
        QCOMPARE(marks[0].markScale, marks[1].markScale);
        const auto* low = dynamic_cast<const TrainingRentalRun*>(boaLow.get());
        QCOMPARE(marks[1].points.front().x(), 10.0);
        QCOMPARE(marks[1].points.front().y(), low->rentalSummary().meanJctS / 3600);
        // Each run lies on its own policy's line: the sweep has a point at its budget.
        QVERIFY(lines[0].points.contains(marks[1].points.front()));
        QVERIFY(lines[0].points.contains(marks[2].points.front()));
        QVERIFY(lines[1].points.contains(marks[0].points.front()));
        // The axes hold every point.
        for (const auto& s : spec.series)
            for (const QPointF& p : s.points) {
                QVERIFY(p.x() >= *spec.x.min && p.x() <= *spec.x.max);
                QVERIFY(p.y() >= *spec.y.min && p.y() <= *spec.y.max);
            }
        // More money never makes BOA slower on its frontier, up to the fit's rounding.
        for (qsizetype i = 1; i < lines[0].points.size(); ++i)
            QVERIFY2(lines[0].points[i].y() <= lines[0].points[i - 1].y() * 1.05,
                     qPrintable(QStringLiteral("%1 GPUs").arg(lines[0].points[i].x())));

        // The report of the runs holds it.
        bool inReport = false;
        for (const ChartSpec& s : ChartRegistry::all({boa.get(), autoscale.get()}))
            inReport = inReport || s.title == spec.title;
        QVERIFY(inReport);
    }

    // The app's frontier item sweeps in the background: Cancel stops it at once (nothing busy, the
    // points so far drawn, "cancelled" said unless every point was already in), Resume finishes it,
    // and a run on the frontier is a point with its budget, JCT and cost.
    void theItemSweepsInTheBackgroundAndCancels()
    {
        const RunKind& kind = RunKindRegistry::kind(TrainingRentalRun::kKind);
        // Inputs of their own: nothing of them is cached yet.
        const std::shared_ptr<const Run> run(kind.simulate(sample(), RunRequest{"hesrpt", {{"budget", "14"}}}));
        tessera::views::RunHandle handle(run);
        tessera::views::RentalFrontierItem item;
        item.setSize(QSizeF(800, 500));
        item.setRun(&handle);
        QCOMPARE(item.markCount(), 1);
        QVERIFY(item.busy());
        QVERIFY(!item.complete());
        item.cancel();
        QVERIFY(!item.busy());
        QVERIFY2(item.complete() || item.status().contains(QStringLiteral("cancelled")), qPrintable(item.status()));
        QTest::qWait(200);
        QVERIFY(!item.busy());  // not restarted behind the user's back
        item.refresh();
        QTRY_VERIFY_WITH_TIMEOUT(item.complete(), 60000);
        QCOMPARE(item.curveCount(), 1);
        QVERIFY(item.pointCount() > 1);
        // The last point is the run's mark.
        const QVariantMap mark = item.point(item.pointCount() - 1);
        QVERIFY(mark.value("mark").toBool());
        QCOMPARE(mark.value("budget").toDouble(), 14.0);
        QCOMPARE(mark.value("run").value<tessera::views::RunHandle*>(), &handle);
        const auto* rental = dynamic_cast<const TrainingRentalRun*>(run.get());
        QCOMPARE(mark.value("meanJctH").toDouble(), rental->rentalSummary().meanJctS / 3600);
        QCOMPARE(mark.value("gpuHours").toDouble(), rental->rentalSummary().rentedGpuHours);
        // Placed inside the plot, and found again at its own pixel.
        const QPointF at = item.pixelOf(item.pointCount() - 1);
        QVERIFY(!at.isNull());
        QCOMPARE(item.pointNear(at.x() + 2, at.y() - 2), item.pointCount() - 1);
        QCOMPARE(item.pointNear(-100, -100), -1);
    }

    // The floor budget, where the sweep's budgets start, is a whole fixed:1 run: the item finds it
    // in the background (it used to run it on the GUI thread in rebuild()), saying so meanwhile.
    void theFloorBudgetIsFoundInTheBackground()
    {
        const RunKind& kind = RunKindRegistry::kind(TrainingRentalRun::kKind);
        const auto inputs = sample();  // inputs of their own: no floor cached
        QVERIFY(!RentalFrontier::cachedFloorBudget(inputs));
        // A policy that queues: a BOA run makes the floor when it starts (its budget is checked
        // against it, TrainingRentalKind::budgetProblem).
        const std::shared_ptr<const Run> run(kind.simulate(inputs, RunRequest{"autoscale", {{"budget", "20"}}}));
        QVERIFY(!RentalFrontier::cachedFloorBudget(inputs));
        tessera::views::RunHandle handle(run);
        tessera::views::RentalFrontierItem item;
        item.setSize(QSizeF(800, 500));
        item.setRun(&handle);
        // No event handled yet: the item cannot know the floor unless it simulated it here.
        QVERIFY(item.busy());
        QVERIFY2(item.status().contains(QStringLiteral("least budget")), qPrintable(item.status()));
        QCOMPARE(item.curveCount(), 0);
        QTRY_VERIFY_WITH_TIMEOUT(item.complete(), 60000);
        const auto floor = RentalFrontier::cachedFloorBudget(inputs);
        QVERIFY(floor);
        QCOMPARE(*floor, RentalFrontier::floorBudget(inputs));
        QVERIFY(item.pointCount() > 1);
    }

    // The painter's log scale on y, as on x: 2, 20, 200 evenly spaced up the plot (a linear
    // axis puts 20 near the bottom), values at or below 0 left out of the range.
    void thePainterDrawsALogarithmicYAxis()
    {
        ChartSpec spec;
        spec.title = QStringLiteral("log y");
        spec.x = {QStringLiteral("x"), QString()};
        spec.y = {QStringLiteral("y"), QStringLiteral("h")};
        spec.y.logarithmic = true;
        spec.y.min = 1;  // the marks well inside the plot, where no legend is
        spec.y.max = 1000;
        const QList<QColor> colors{QColor(255, 0, 0), QColor(0, 200, 0), QColor(0, 0, 255)};
        const double ys[] = {2, 20, 200};
        for (int i = 0; i < 3; ++i) {
            ChartSpec::Series s;
            s.name = QString::number(ys[i]);
            s.color = colors[i];
            s.style = ChartSpec::SeriesStyle::Points;
            s.points = {QPointF(i + 1, ys[i])};
            spec.series.append(s);
        }
        ChartSpec::Series zero;  // no place on a log axis: must not drag the range to 0
        zero.name = QStringLiteral("zero");
        zero.color = QColor(0, 0, 0, 0);
        zero.points = {QPointF(1, 0)};
        spec.series.append(zero);
        QImage image(800, 600, QImage::Format_ARGB32);
        image.fill(Qt::white);
        QPainter painter(&image);
        const QList<QRectF> plots = ChartRenderer::paint(painter, QRectF(0, 0, 800, 600), QList<ChartSpec>{spec},
                                                         ChartColors::lightTheme());
        painter.end();
        QCOMPARE(plots.size(), 1);
        const QRectF plot = plots.front();
        // Each mark's centre row, from its colour's pixels.
        QList<double> rows;
        for (const QColor& c : colors) {
            double sum = 0, n = 0;
            for (int y = int(plot.top()) + 1; y < int(plot.bottom()); ++y)
                for (int x = int(plot.left()) + 1; x < int(plot.right()); ++x)
                    if (image.pixelColor(x, y) == c) {
                        sum += y;
                        ++n;
                    }
            QVERIFY(n > 0);
            rows << sum / n;
        }
        // Evenly spaced in log: the gaps from 2 to 20 and from 20 to 200 are equal.
        QVERIFY2(std::abs((rows[0] - rows[1]) - (rows[1] - rows[2])) <= 2,
                 qPrintable(QStringLiteral("%1 %2 %3").arg(rows[0]).arg(rows[1]).arg(rows[2])));
        QVERIFY(rows[0] > rows[1] && rows[1] > rows[2]);
        QCOMPARE(PanelPainter::axisFraction(spec.y, 10, 1, 100), 0.5);
        QCOMPARE(PanelPainter::axisFraction(spec.y, 0, 1, 100), 0.0);
    }

    // The frontier's JCT axis is logarithmic when its JCTs span more than a decade (1-2-5 ticks),
    // linear from 0 otherwise; the item places points as the painter does.
    void theFrontiersJctAxisIsLogarithmicOverDecades()
    {
        const auto curve = [](std::vector<double> jctsH) {
            FrontierCurve c{"boa", {}};
            double budget = 10;
            for (double h : jctsH)
                c.points.push_back({budget += 5, budget, h * 3600, budget * h, true});
            return c;
        };
        const ChartSpec wide = FrontierChart::spec({curve({40, 8, 2, 1.1})}, {}, QString());
        QVERIFY(wide.y.logarithmic);
        QVERIFY(wide.y.min && wide.y.max);
        QVERIFY(*wide.y.min > 0 && *wide.y.min <= 1.1 && *wide.y.max >= 40);
        const NiceTicks ticks = NiceTicks::logarithmicTicks(1.1, 40, 6);
        QCOMPARE(*wide.y.min, ticks.min);
        QCOMPARE(*wide.y.max, ticks.max);
        const ChartSpec narrow = FrontierChart::spec({curve({4, 2, 1.1})}, {}, QString());
        QVERIFY(!narrow.y.logarithmic);
        QCOMPARE(*narrow.y.min, 0.0);
    }

    void aReopenedRunIsNamedAsNotSweepable()
    {
        const RunKind& kind = RunKindRegistry::kind(TrainingRentalRun::kKind);
        const auto run = kind.simulate(sample(), RunRequest{"boa", {{"budget", "12"}}});
        QTemporaryDir dir;
        StudyStore study(dir.filePath(QStringLiteral("s.sqlite")).toStdString());
        const int64_t id = RunArchive::save(study, *run);
        const auto reopened = RunArchive::load(study, id);
        const RegisteredChart* chart = ChartRegistry::chart(TrainingRentalRun::kKind, "frontier");
        try {
            chart->build({reopened.get()}, {}, {});
            QFAIL("a reopened run without its inputs cannot be swept");
        } catch (const ChartNeedsRunInputs& e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(QString::fromStdString(run->info().name)), e.what());
        }
    }
};

QTEST_MAIN(TestRentalFrontier)
#include "tst_rentalfrontier.moc"
