// SeriesFeeder and its min/max downsampling: what a chart draws keeps the ends of the range and
// every bucket's extremes, in the series' own units, and compare charts subtract aligned values.
#include "DefaultTraceRun.h"
#include "charts/MinMaxDownsampler.h"
#include "charts/SeriesFeeder.h"

#include <QApplication>
#include <QAreaSeries>
#include <QLineSeries>
#include <QTest>

#include <algorithm>
#include <cmath>

using namespace tessera;
using views::MinMaxDownsampler;

class TestSeriesFeeder : public QObject {
    Q_OBJECT

    QObject owner_;
    views::RunHandle* run_ = nullptr;
    views::SeriesFeeder feeder_;

private slots:
    void initTestCase() { run_ = test::defaultRunHandle(&owner_); }

    void shortRangesAreKeptWhole()
    {
        const std::vector<double> y{3, 1, 4, 1, 5};
        QCOMPARE(MinMaxDownsampler::indices(y, 0, 4, 100), (std::vector<size_t>{0, 1, 2, 3, 4}));
        QCOMPARE(MinMaxDownsampler::indices(y, 1, 3, 100), (std::vector<size_t>{1, 2, 3}));
        QCOMPARE(MinMaxDownsampler::indices(y, 2, 99, 100), (std::vector<size_t>{2, 3, 4}));  // `to` clamped
        QVERIFY(MinMaxDownsampler::indices({}, 0, 4, 100).empty());
    }

    void keepsEndsAndEveryBucketsExtremes()
    {
        // A slow sine with one isolated spike up and one down: a naive stride would miss them.
        std::vector<double> y(10'000);
        for (size_t i = 0; i < y.size(); ++i)
            y[i] = std::sin(double(i) / 700.0);
        y[3'333] = 50.0;
        y[7'777] = -50.0;
        const size_t maxPoints = 200, from = 10, to = 9'990;
        const auto at = MinMaxDownsampler::indices(y, from, to, maxPoints);
        QVERIFY(at.size() <= maxPoints + 2);
        QVERIFY(at.size() >= maxPoints / 2);
        QCOMPARE(at.front(), from);
        QCOMPARE(at.back(), to);
        QVERIFY(std::is_sorted(at.begin(), at.end()));
        QVERIFY(std::adjacent_find(at.begin(), at.end()) == at.end());
        QVERIFY(std::find(at.begin(), at.end(), size_t(3'333)) != at.end());
        QVERIFY(std::find(at.begin(), at.end(), size_t(7'777)) != at.end());
        // Every stretch between two kept samples lies within the kept samples' envelope of its
        // bucket: check it bucket by bucket with the bucket bounds the class documents.
        const size_t buckets = maxPoints / 2, count = to - from + 1;
        for (size_t b = 0; b < buckets; ++b) {
            const size_t begin = from + count * b / buckets, end = from + count * (b + 1) / buckets;
            const auto [lo, hi] = std::minmax_element(y.begin() + ptrdiff_t(begin), y.begin() + ptrdiff_t(end));
            QVERIFY(std::find(at.begin(), at.end(), size_t(lo - y.begin())) != at.end());
            QVERIFY(std::find(at.begin(), at.end(), size_t(hi - y.begin())) != at.end());
        }
    }

    void fillsOneMetricAgainstTheRunsX()
    {
        QLineSeries series;
        const int n = feeder_.fill(&series, run_, "alloc_pct", 0, -1, 300);
        QCOMPARE(n, int(series.count()));
        QVERIFY(n > 100 && n <= 302);
        const MetricSeries& s = run_->run().series();
        const auto x = s.column(0);
        const auto alloc = s.column(*s.find("alloc_pct"));
        QCOMPARE(series.at(0), QPointF(x.front(), alloc.front()));
        QCOMPARE(series.at(n - 1), QPointF(x.back(), alloc.back()));
        QCOMPARE(series.at(n - 1).y(), run_->value("alloc_pct", run_->steps()));
        const double peak = *std::max_element(alloc.begin(), alloc.end());
        double drawnPeak = 0;
        for (const QPointF& p : series.points()) {
            drawnPeak = std::max(drawnPeak, p.y());
            QVERIFY(p.y() >= 0.0 && p.y() <= 100.0);  // a percentage
        }
        QCOMPARE(drawnPeak, peak);
        QCOMPARE(feeder_.fill(&series, run_, "no_such_metric"), 0);
        QCOMPARE(series.count(), 0);
    }

    void partialRangeStartsAndEndsThere()
    {
        QLineSeries series;
        feeder_.fill(&series, run_, "power_kw", 100, 600, 1000);
        QCOMPARE(series.count(), 501);
        QCOMPARE(series.at(0).x(), run_->xAt(100));
        QCOMPARE(series.at(500).y(), run_->value("power_kw", 600));
    }

    void stackedLayersSumToTheTotal()
    {
        QLineSeries cpuUpper, gpuUpper, gpuLower;
        QAreaSeries cpu(&cpuUpper), gpu(&gpuUpper, &gpuLower);
        feeder_.fillStacked(&cpu, run_, {}, "cpu_power_kw", 0, -1, 400);
        feeder_.fillStacked(&gpu, run_, {"cpu_power_kw"}, "gpu_power_kw", 0, -1, 400);
        QCOMPARE(gpuLower.count(), gpuUpper.count());
        // Every drawn point is the core's value at some position of that x: the lower edge is
        // the CPU power, the upper one CPU + GPU, at the same position.
        const auto x = run_->run().series().column(0);
        for (qsizetype i = 0; i < gpuUpper.count(); ++i) {
            QCOMPARE(gpuLower.at(i).x(), gpuUpper.at(i).x());
            const auto [first, last] = std::equal_range(x.begin(), x.end(), gpuUpper.at(i).x());
            QVERIFY(first != last);
            bool matched = false;
            for (auto it = first; it != last && !matched; ++it) {
                const int position = int(it - x.begin());
                const double cpuAt = run_->value("cpu_power_kw", position);
                const double gpuAt = run_->value("gpu_power_kw", position);
                matched = gpuLower.at(i).y() == cpuAt && std::abs(gpuUpper.at(i).y() - (cpuAt + gpuAt)) < 1e-9;
            }
            QVERIFY2(matched, qPrintable(QString::number(i)));
        }
        // The top of the stack is the cluster's power (CPU + GPU) at the last position.
        const int last = run_->steps();
        QVERIFY(std::abs(gpuUpper.at(gpuUpper.count() - 1).y() - run_->value("power_kw", last)) < 1e-6);
        QCOMPARE(cpuUpper.at(cpuUpper.count() - 1).y(), run_->value("cpu_power_kw", last));
    }

    void differenceOfARunWithItselfIsZeroAndOfAForkIsAligned()
    {
        QLineSeries diff;
        QVERIFY(feeder_.fillDifference(&diff, run_, run_, "alloc_pct", 500) > 0);
        for (const QPointF& p : diff.points())
            QCOMPARE(p.y(), 0.0);

        const size_t forkAt = run_->run().steps() / 2;
        views::RunHandle fork(std::shared_ptr<const Run>(run_->run().fork(forkAt, "bestfit")), &owner_, run_,
                              int(forkAt));
        feeder_.fillDifference(&diff, run_, &fork, "power_kw", 100'000);
        QCOMPARE(int(diff.count()), run_->steps() + 1);  // no downsampling at this budget: every position
        for (int i = 0; i <= int(forkAt); ++i)          // the shared prefix cannot differ
            QCOMPARE(diff.at(i).y(), 0.0);
        const int last = run_->steps();
        QCOMPARE(diff.at(last).y(), fork.value("power_kw", last) - run_->value("power_kw", last));
    }

    void countsAndReplayTimeAreDrawnAsSteps()
    {
        // Failed pods are counts: each sample is preceded by the previous value at its own x,
        // so no segment ramps; a percentage on the arrived axis is a plain line.
        QLineSeries stepped, smooth;
        const int n = feeder_.fill(&stepped, run_, "failed_pods", 0, 400, 1000);
        QCOMPARE(int(stepped.count()), 2 * n - 1);
        for (int i = 0; i < n; ++i) {
            QCOMPARE(stepped.at(2 * i), QPointF(run_->xAt(i), run_->value("failed_pods", i)));
            if (i > 0)
                QCOMPARE(stepped.at(2 * i - 1), QPointF(run_->xAt(i), run_->value("failed_pods", i - 1)));
        }
        const int lines = feeder_.fill(&smooth, run_, "alloc_pct", 0, 400, 1000);
        QCOMPARE(int(smooth.count()), lines);

        // A replay is indexed by time: every metric holds until the next event.
        RunParameters p;
        p.policy = PolicySpec::parse("fgd");
        p.mode = SimulationMode::Replay;
        views::RunHandle replay(std::shared_ptr<const Run>(
            PodSchedulingRun::simulate(test::syntheticTrace(30, 300, 9, true), p)), &owner_);
        QLineSeries power;
        const int m = feeder_.fill(&power, &replay, "power_kw", 0, -1, 100'000);
        QCOMPARE(int(power.count()), 2 * m - 1);
        for (qsizetype i = 1; i < power.count(); ++i)
            QVERIFY(power.at(i).x() == power.at(i - 1).x() || power.at(i).y() == power.at(i - 1).y());
    }

    void helpers()
    {
        QCOMPARE(feeder_.niceCeiling(73.0), 80.0);
        QCOMPARE(feeder_.niceCeiling(1410.0), 1500.0);
        QCOMPARE(feeder_.niceCeiling(0.0), 1.0);
        QCOMPARE(feeder_.niceCeiling(180.0), 200.0);
        QCOMPARE(feeder_.niceCeiling(2.1), 2.5);
        QCOMPARE(feeder_.maxValue(run_, {"alloc_pct"}), feeder_.maxValue(run_, {"alloc_pct"}, true));
        const double stacked = feeder_.maxValue(run_, {"cpu_power_kw", "gpu_power_kw"}, true);
        QVERIFY(std::abs(stacked - feeder_.maxValue(run_, {"power_kw"})) < 1e-6);
    }
};

int main(int argc, char** argv)
{
    QApplication app(argc, argv);  // Qt Charts series live in Graphics View
    TestSeriesFeeder test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_seriesfeeder.moc"
