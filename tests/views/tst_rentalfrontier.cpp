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
#include "export/ExportController.h"
#include "export/ExportRequest.h"
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

#include <cmath>
#include <set>

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
        QCOMPARE(b.front(), 5.0);               // the first round budget above it
        QVERIFY(std::find(b.begin(), b.end(), 7.777) != b.end());  // a run's budget, exactly
        QVERIFY(std::find(b.begin(), b.end(), 50.0) != b.end());
        // 1-1.5-2-3-5-7 on [3.14, 20] (5 budgets, the nearest to 6), and the runs' two.
        QCOMPARE(b, (std::vector<double>{5, 7, 7.777, 10, 15, 20, 50}));
        // A run at a grid budget is one point, not two.
        const std::vector<double> same = RentalFrontier::budgets(10, 20, 3, {15});
        QCOMPARE(same, (std::vector<double>{10, 15, 20}));
        QCOMPARE(RentalFrontier::topBudget(4, {}), 4 * RentalFrontier::kTopOverFloor);
        QCOMPARE(RentalFrontier::topBudget(4, {100}), 125.0);
    }

    // walk14 W7: the sweep's budgets were the grid's odd decimals (5.2, 9.5, 13.8 … 30.9), so a
    // click opened "boa · 30.9 GPUs". Every default budget is now a round number (its mantissa
    // on a 1-2-5 ladder or a finer one), for any floor and span, about as many as asked.
    void sweepBudgetsAreRoundNumbers()
    {
        const std::set<double> mantissas{1, 1.1, 1.2, 1.4, 1.5, 1.6, 1.8, 2, 2.2, 2.5, 3, 3.5, 4, 4.5, 5, 6, 7, 8, 9};
        for (double floor : {0.037, 0.8, 1.0, 3.14159, 5.17, 9.99, 23.4, 517.0, 12345.0})
            for (double over : {2.0, 10.0, 40.0})
                for (int count : {3, 6, 12, 20}) {
                    const std::vector<double> b = RentalFrontier::budgets(floor, floor * over, count);
                    const QByteArray what = QByteArray::number(floor) + " x" + QByteArray::number(over) + " n"
                                            + QByteArray::number(count);
                    QVERIFY2(!b.empty(), what);
                    QVERIFY2(b.front() >= floor && b.back() <= floor * over * (1 + 1e-9), what);
                    for (double v : b) {
                        const double m = v / std::pow(10.0, std::floor(std::log10(v) + 1e-12));
                        QVERIFY2(mantissas.count(std::round(m * 1e6) / 1e6) == 1, what + " " + QByteArray::number(v));
                    }
                    // 12 asked over a decade: 10 (1-1.2-1.5-2-2.5-3-4-5-6-8), not 3 or 19.
                    if (count == 12 && over == 10.0)
                        QVERIFY2(b.size() >= 9 && b.size() <= 11, what);
                }
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
        QVERIFY(spec.x.label.contains(QStringLiteral("GPUs rented")));
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
        // At what it spent, not at the budget it asked for (walk14 W7).
        QCOMPARE(marks[1].points.front().x(), low->rentalSummary().averageRented);
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

        // One colour per policy (walk14 W6): each run's mark in its policy's line colour, runs of
        // one policy told apart by shape, the current run's kept whichever mark is drawn last.
        QCOMPARE(marks[0].color, lines[1].color);  // B: autoscale
        QCOMPARE(marks[1].color, lines[0].color);  // C: boa
        QCOMPARE(marks[2].color, lines[0].color);  // A: boa
        QVERIFY(marks[1].shape != marks[2].shape);
        QVERIFY(marks[0].shape != marks[1].shape && marks[0].shape != marks[2].shape);
        QCOMPARE(marks[2].shape, FrontierChart::markShape(0));  // A is the first run given
        // Every sweep point at what its run rented: at or below its budget, never the budget
        // where the policy could not use it all.
        const auto* boaRun = dynamic_cast<const TrainingRentalRun*>(boa.get());
        QCOMPARE(marks[2].points.front().x(), boaRun->rentalSummary().averageRented);
        QVERIFY(boaRun->rentalSummary().averageRented <= 12 * 1.02);

        // The report of the runs holds it.
        bool inReport = false;
        for (const ChartSpec& s : ChartRegistry::all({boa.get(), autoscale.get()}))
            inReport = inReport || s.title == spec.title;
        QVERIFY(inReport);
    }

    // walk14 W7: a fork sits at what it rented over its whole span, marked as a fork (dashed
    // ring, named so), in the colour of the policy it switched to.
    void aForkIsMarkedAsAForkAtItsAverage()
    {
        const RunKind& kind = RunKindRegistry::kind(TrainingRentalRun::kKind);
        const auto inputs = sample();
        const auto boa = kind.simulate(inputs, RunRequest{"boa", {{"budget", "12"}}});
        const auto* boaRun = dynamic_cast<const TrainingRentalRun*>(boa.get());
        const std::shared_ptr<const TrainingRentalRun> fork = boaRun->forkWith(boa->steps() / 2, "greedy", 9);
        const TrainingRentalRun* forked = fork.get();
        QVERIFY(forked && forked->phases().size() > 1);
        std::vector<FrontierMark> marks{{boaRun, QStringLiteral("A"), true},
                                        {forked, QStringLiteral("B"), false}};
        const ChartSpec spec = FrontierChart::spec({}, marks, QString());
        QCOMPARE(spec.series.size(), 2);
        const ChartSpec::Series& b = spec.series[0];  // the others first
        QVERIFY(b.name.startsWith(QStringLiteral("B (fork")));
        QVERIFY(b.dashed);
        QVERIFY(!spec.series[1].dashed);
        QCOMPARE(b.color, FrontierChart::policyColor("greedy"));
        QCOMPARE(b.points.front().x(), forked->rentalSummary().averageRented);
        // Drawn so: the fork's mark and its legend key have a halo the same mark without it lacks.
        const auto inkOf = [](const ChartSpec& chart) {
            QImage image(900, 600, QImage::Format_RGB32);
            QPainter painter(&image);
            ChartRenderer::paint(painter, QRectF(0, 0, 900, 600), chart, ChartColors::lightTheme());
            painter.end();
            qsizetype ink = 0;
            for (int y = 0; y < image.height(); ++y)
                for (int x = 0; x < image.width(); ++x)
                    ink += image.pixel(x, y) != qRgb(255, 255, 255);
            return ink;
        };
        ChartSpec plain = spec;
        plain.series[0].dashed = false;
        QVERIFY(inkOf(spec) > inkOf(plain) + 20);
    }

    // More policies than the runs' (the CLI's --policy) are swept and drawn; the JCT axis
    // follows the option when it is set, the data when not.
    void morePoliciesAndTheJctScaleFollowTheOptions()
    {
        const RunKind& kind = RunKindRegistry::kind(TrainingRentalRun::kKind);
        const auto boa = kind.simulate(sample(), RunRequest{"boa", {{"budget", "12"}}});
        const RegisteredChart* chart = ChartRegistry::chart(TrainingRentalRun::kKind, "frontier");
        RunChartOptions options;
        options.morePolicies = {"greedy", "boa"};
        options.logarithmicY = true;
        const ChartSpec log = chart->build({boa.get()}, options, {}).front();
        QStringList names;
        for (const auto& s : log.series)
            if (s.style != ChartSpec::SeriesStyle::Points)
                names << s.name;
        QCOMPARE(names, (QStringList{QStringLiteral("BOA sweep"), QStringLiteral("Greedy sweep")}));
        QVERIFY(log.y.logarithmic);
        options.logarithmicY = false;
        QVERIFY(!chart->build({boa.get()}, options, {}).front().y.logarithmic);
    }

    // The export draws the JCT scale the tab shows (ChartZoom.logarithmicY → ExportController →
    // ExportRequest → RunChartOptions::logarithmicY), else the chart's own choice.
    void theExportTakesTheAppsJctScale()
    {
        const RunKind& kind = RunKindRegistry::kind(TrainingRentalRun::kKind);
        const std::shared_ptr<const Run> run(kind.simulate(sample(), RunRequest{"boa", {{"budget", "12"}}}));
        tessera::views::RunHandle handle(run);
        for (const bool log : {true, false}) {
            tessera::views::ExportRequest request(QStringLiteral("frontier"), &handle, nullptr, 0, -1, -1);
            request.setLogarithmicY(log);
            const QList<ChartSpec> specs = request.specs();
            QCOMPARE(specs.size(), 1);
            QCOMPARE(specs.front().y.logarithmic, log);
        }
        tessera::views::ExportController controller;
        QVERIFY(!controller.logarithmicY().isValid());
        controller.setLogarithmicY(false);
        QCOMPARE(controller.logarithmicY(), QVariant(false));
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

    // The frontier's JCT axis is the user's to choose (the tab's "Log JCT axis").
    void theItemTakesTheJctScale()
    {
        const RunKind& kind = RunKindRegistry::kind(TrainingRentalRun::kKind);
        const std::shared_ptr<const Run> run(kind.simulate(sample(), RunRequest{"boa", {{"budget", "12"}}}));
        tessera::views::RunHandle handle(run);
        tessera::views::RentalFrontierItem item;
        item.setSize(QSizeF(800, 500));
        item.setRun(&handle);
        QTRY_VERIFY_WITH_TIMEOUT(item.complete(), 60000);

        // The JCT axis: by the data until the user chooses, then as chosen, and back.
        const bool automatic = item.logJctShown();
        QVERIFY(!item.logJct().isValid());
        QSignalSpy changed(&item, &tessera::views::RentalFrontierItem::logJctChanged);
        item.setLogJct(!automatic);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(item.logJctShown(), !automatic);
        item.setLogJct(QVariant());
        QCOMPARE(item.logJctShown(), automatic);
        // A point is where the painter puts it on either scale: found at its own pixel.
        for (const bool log : {true, false}) {
            item.setLogJct(log);
            const int last = item.pointCount() - 1;
            const QPointF at = item.pixelOf(last);
            QCOMPARE(item.pointNear(at.x() + 1, at.y() + 1), last);
        }
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
        const QList<QColor> colors{QColor(255, 0, 0), QColor(0, 120, 0), QColor(0, 0, 255)};  // each 3:1 on white, drawn as is
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
