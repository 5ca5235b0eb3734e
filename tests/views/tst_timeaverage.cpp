// Issue 14 walk W2: "Average GPUs rented so far" is GPU-hours(t) / t, a curve between events, not
// the last event's value held. Every reader gets the exact integral average at any time: the
// lookup compare and the differences read, the points the exports draw (SeriesWindow), the
// points the screen draws (SeriesFeeder), the difference B − A, and a run reopened from a study.
#include "chart/DifferenceSeries.h"
#include "chart/MetricLookup.h"
#include "chart/SeriesWindow.h"
#include "charts/SeriesFeeder.h"
#include "run/RunHandle.h"
#include "run/RunKindRegistry.h"
#include "store/RunArchive.h"
#include "store/StudyStore.h"
#include "training/rental-kind/TrainingRentalRun.h"

#include <QApplication>
#include <QLineSeries>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <memory>

using namespace tessera;
using namespace tessera::chart;

namespace {

constexpr const char* kAverage = "average_rented_gpus";

// The exact average at x, from the GPUs rented (held from each row's x to the next's):
// the GPU-hours since the first row over the hours since then.
double exactAverage(const MetricSeries& s, double x)
{
    const auto xs = s.column(0);
    const auto rented = s.column(*s.find("gpus_rented"));
    double integral = 0;
    for (size_t r = 0; r + 1 < xs.size() && xs[r] < x; ++r)
        integral += rented[r] * (std::min(x, xs[r + 1]) - xs[r]);
    return x > xs.front() ? integral / (x - xs.front()) : 0;
}

// The widest gap between two rows of distinct x: its first row.
size_t widestGap(const MetricSeries& s)
{
    const auto xs = s.column(0);
    size_t best = 0;
    for (size_t r = 1; r + 1 < xs.size(); ++r)
        if (xs[r + 1] - xs[r] > xs[best + 1] - xs[best])
            best = r;
    return best;
}

bool close(double a, double b) { return std::abs(a - b) <= 1e-9 * std::max({1.0, std::abs(a), std::abs(b)}); }

}  // namespace

class TestTimeAverage : public QObject {
    Q_OBJECT

    std::shared_ptr<const Run> a_, b_;

    // Every point exact; with `inGap`, one inside the widest gap between events.
    void checkExact(const Run& run, const QList<QPointF>& points, double xScale, bool inGap = true)
    {
        QVERIFY(!points.isEmpty());
        for (const QPointF& p : points)
            QVERIFY2(close(p.y(), exactAverage(run.series(), p.x() / xScale)),
                     qPrintable(QStringLiteral("at %1: drawn %2, exact %3")
                                    .arg(p.x()).arg(p.y()).arg(exactAverage(run.series(), p.x() / xScale))));
        if (!inGap)
            return;
        // A point inside the widest gap between events: the curve is drawn, not a line or a step.
        const auto xs = run.series().column(0);
        const size_t gap = widestGap(run.series());
        QVERIFY(std::any_of(points.begin(), points.end(), [&](const QPointF& p) {
            return p.x() / xScale > xs[gap] + 1e-9 && p.x() / xScale < xs[gap + 1] - 1e-9;
        }));
    }

    // A chart resolution whose sample spacing is a quarter of the widest gap between events.
    static int resolution(const Run& run)
    {
        const auto xs = run.series().column(0);
        const size_t gap = widestGap(run.series());
        return int(std::ceil(4 * (xs.back() - xs.front()) / (xs[gap + 1] - xs[gap])));
    }

private slots:
    void initTestCase()
    {
        const RunKind& kind = RunKindRegistry::kind(TrainingRentalRun::kKind);
        const auto inputs = kind.conformanceSample();
        a_ = kind.simulate(inputs, RunRequest{"boa", {}});
        b_ = kind.simulate(inputs, RunRequest{"fixed:1", {}});
        QVERIFY(a_->series().rows() > 4 && b_->series().rows() > 4);
    }

    void theAverageIsATimeAverage()
    {
        const MetricSeries& s = a_->series();
        const auto column = s.find(kAverage);
        QVERIFY(column);
        QCOMPARE(int(s.info(*column).interpolation), int(Interpolation::TimeAverage));
        // At every row the stored value is the exact average (the base of every reading between).
        for (size_t r = 0; r < s.rows(); ++r)
            QVERIFY(close(s.column(*column)[r], exactAverage(s, s.column(0)[r])));
    }

    void theLookupReadsTheExactAverageBetweenEvents()
    {
        const MetricSeries& s = a_->series();
        const auto xs = s.column(0);
        const auto ys = s.column(*s.find(kAverage));
        const MetricLookup lookup = MetricLookup::of(*a_);
        // Between events the held value is wrong somewhere: otherwise this test could not fail.
        const size_t gap = widestGap(s);
        const double middle = (xs[gap] + xs[gap + 1]) / 2;
        QVERIFY(std::abs(exactAverage(s, middle) - ys[gap]) > 1e-3);
        for (size_t r = 0; r + 1 < s.rows(); ++r)
            for (double f : {0.1, 0.5, 0.9}) {
                const double x = xs[r] + (xs[r + 1] - xs[r]) * f;
                const auto read = lookup.at(kAverage, x);
                QVERIFY(read);
                QVERIFY2(close(*read, exactAverage(s, x)),
                         qPrintable(QStringLiteral("at %1 h: read %2, exact %3").arg(x).arg(*read).arg(exactAverage(s, x))));
            }
    }

    void theExportsDrawTheCurve()
    {
        const double xScale = 60;  // the chart in minutes: samples are read at the run's own x
        const int points = resolution(*a_);
        const SeriesWindow window(*a_, 0, a_->series().rows() - 1, xScale, points);
        checkExact(*a_, window.points(kAverage), xScale);
        // Thinned to 3 rows of the run, the samples between the kept rows are exact too.
        const SeriesWindow thinned(*a_, 0, a_->series().rows() - 1, xScale, 3);
        QCOMPARE(thinned.rows().size(), size_t(3));
        QVERIFY(thinned.points(kAverage).size() > 3);
        checkExact(*a_, thinned.points(kAverage), xScale, false);
    }

    void theScreenDrawsTheCurve()
    {
        views::RunHandle handle(a_);
        QLineSeries line;
        views::SeriesFeeder feeder;
        QVERIFY(feeder.fill(&line, &handle, kAverage, 0, -1, resolution(*a_)) > 0);
        checkExact(*a_, line.points(), 1.0);
    }

    void theDifferenceIsTheDifferenceOfTheExactAverages()
    {
        const DifferenceSeries diff = DifferenceSeries::of(*a_, *b_, kAverage);
        const double lastA = a_->series().column(0).back(), lastB = b_->series().column(0).back();
        QVERIFY(diff.xs.size() > a_->series().rows() + b_->series().rows());
        QVERIFY(std::is_sorted(diff.xs.begin(), diff.xs.end()));
        int checked = 0;
        for (size_t i = 0; i < diff.xs.size(); ++i) {
            const double x = diff.xs[i];
            if (x > std::min(lastA, lastB))
                continue;  // past an end: that run's state after it
            QVERIFY2(close(diff.values[i], exactAverage(b_->series(), x) - exactAverage(a_->series(), x)),
                     qPrintable(QStringLiteral("at %1 h").arg(x)));
            ++checked;
        }
        QVERIFY(checked > 100);
    }

    void aReopenedRunKeepsTheCurve()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = dir.filePath("study.sqlite").toStdString();
        int64_t id = 0;
        {
            StudyStore store(path);
            id = RunArchive::save(store, *a_);
        }
        StudyStore store(path, StudyStore::OpenMode::ReadOnly);
        const std::unique_ptr<Run> reopened = RunArchive::load(store, id);
        const MetricSeries& s = reopened->series();
        QCOMPARE(int(s.info(*s.find(kAverage)).interpolation), int(Interpolation::TimeAverage));
        QCOMPARE(int(s.info(*s.find("gpus_rented")).interpolation), int(Interpolation::Step));
    }
};

QTEST_MAIN(TestTimeAverage)
#include "tst_timeaverage.moc"
