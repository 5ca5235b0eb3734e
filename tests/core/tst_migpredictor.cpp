// The MIG performance models (core/inference): the training split rule and the ridge predictor
// of mig-elasticbatch.md 2.4 with its accuracy target on held-out points, the OOM rule, the
// measured table with size factors, and the input-size buckets of 2.2 Step 1.
#include "support/SharedData.h"
#include "inference/Bucketizer.h"
#include "inference/LearnedPerformanceModel.h"
#include "inference/OomRule.h"
#include "inference/PredictorEvaluation.h"
#include "inference/ProfileData.h"
#include "inference/TablePerformanceModel.h"
#include "inference/TrainingSplit.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <numeric>
#include <random>
#include <set>
#include <tuple>

using namespace tessera;

namespace {

const QString kProfiles = QStringLiteral("traces/mig-parvagpu/prof_data");

ProfiledPoint point(int g, int b, int p, double latencyMs)
{
    ProfiledPoint pt;
    pt.computeSlices = g;
    pt.batch = b;
    pt.procs = p;
    pt.latencyMs = latencyMs;
    pt.throughputRps = latencyMs > 0 ? p * b * 1000.0 / latencyMs : 0;
    return pt;
}

auto key(const ProfiledPoint& p)
{
    return std::make_tuple(p.computeSlices, p.batch, p.procs);
}

// A profile folder written from points (invented numbers), loaded as ProfileData.
ProfileData writeAndLoad(const QTemporaryDir& dir, const std::vector<std::pair<std::string, std::vector<ProfiledPoint>>>& models)
{
    for (const auto& [name, points] : models) {
        QFile f(dir.filePath(QString::fromStdString(name + ".csv")));
        if (!f.open(QIODevice::WriteOnly))
            qFatal("cannot write a profile");
        f.write("Mig instance,Batch size,Workload Number,Throughput,Latency\n");
        for (const ProfiledPoint& p : points)
            f.write(QStringLiteral("%1,%2,%3,%4,%5\n")
                        .arg(p.computeSlices)
                        .arg(p.batch)
                        .arg(p.procs)
                        .arg(p.oom() ? 0.0 : p.throughputRps / p.procs, 0, 'g', 17)
                        .arg(p.latencyMs / 1000.0, 0, 'g', 17)
                        .toUtf8());
    }
    return ProfileData::load(dir.path().toStdString());
}

// ln latency exactly linear in the features: the regression must find it.
double logLinearLatency(int g, int b, int p)
{
    const double lb = std::log2(b), lg = std::log2(g), lp = std::log2(p);
    return std::exp(1.5 + 0.6 * lb - 0.7 * lg + 0.3 * lp + 0.05 * lb * lg - 0.02 * lb * lp + 0.04 * lg * lp +
                    0.03 * lb * lb + 0.06 * lg * lg);
}

std::vector<ProfiledPoint> logLinearGrid()
{
    std::vector<ProfiledPoint> points;
    for (int g : {1, 2, 3, 4, 7})
        for (int b = 1; b <= 64; b *= 2)
            for (int p = 1; p <= 3; ++p)
                points.push_back(point(g, b, p, logLinearLatency(g, b, p)));
    return points;
}

}  // namespace

class MigPredictorTest : public QObject {
    Q_OBJECT

private slots:
    // mig-elasticbatch.md 2.4 acceptance: averaged over seeds 1-20, mean MAPE <= 12% and every
    // model <= 16%. Seed 1 alone need not pass (the spec's prototype fails it); it is reported.
    void heldOutAccuracyMeetsTheTarget()
    {
        TESSERA_REQUIRE_SHARED(kProfiles);
        const ProfileData data = ProfileData::load(test::sharedPath(kProfiles));
        std::vector<uint64_t> seeds(20);
        std::iota(seeds.begin(), seeds.end(), 1);
        const PredictorEvaluation average = PredictorEvaluation::evaluate(data, 0.25, seeds);
        const PredictorEvaluation seed1 = PredictorEvaluation::evaluate(data, 0.25, {1});
        qInfo("latency MAPE, seeds 1-20: mean %.2f%%, worst %.2f%%; seed 1: mean %.2f%%, worst %.2f%%",
              average.meanMapePct, average.worstMapePct, seed1.meanMapePct, seed1.worstMapePct);
        QVERIFY2(average.meanMapePct <= 12.0, qPrintable(QString::number(average.meanMapePct)));
        for (const auto& row : average.models)
            QVERIFY2(row.mapePct <= 16.0, qPrintable(QString::fromStdString(row.model) + " " + QString::number(row.mapePct)));
        // Not a trivial pass: the errors are real (latency has 1 ms resolution alone adds ~1.4%).
        QVERIFY(average.meanMapePct > 5.0);
        QCOMPARE(average.trainPoints, size_t(431));
        QCOMPARE(average.testPoints, size_t(1316));
    }

    void splitIsTheDocumentedRule()
    {
        TESSERA_REQUIRE_SHARED(kProfiles);
        const ProfileData data = ProfileData::load(test::sharedPath(kProfiles));
        const auto a = splitFeasiblePoints(data, 0.25, 1);
        const auto b = splitFeasiblePoints(data, 0.25, 1);
        const auto c = splitFeasiblePoints(data, 0.25, 2);
        size_t train = 0, test = 0;
        bool differs = false;
        for (size_t m = 0; m < a.size(); ++m) {
            const size_t n = data.models()[m].feasibleCount();
            QCOMPARE(a[m].train.size(), n / 4);
            QCOMPARE(a[m].train.size() + a[m].test.size(), n);
            train += a[m].train.size();
            test += a[m].test.size();
            std::set<std::tuple<int, int, int>> seen;
            for (const auto* part : {&a[m].train, &a[m].test})
                for (const ProfiledPoint& p : *part) {
                    QVERIFY(!p.oom());
                    QVERIFY(seen.insert(key(p)).second);
                }
            for (size_t i = 0; i < a[m].train.size(); ++i) {
                QCOMPARE(key(a[m].train[i]), key(b[m].train[i]));
                differs |= key(a[m].train[i]) != key(c[m].train[i]);
            }
        }
        QCOMPARE(train, size_t(431));
        QCOMPARE(test, size_t(1316));
        QVERIFY(differs);
        // The first rows after the shuffle, from an independent implementation of the rule
        // (MT19937-64 written out and checked against the standard's 10000th output).
        const auto& bert = a[size_t(data.modelIndex("bert"))].train;
        QCOMPARE(key(bert[0]), std::make_tuple(4, 256, 3));
        QCOMPARE(key(bert[1]), std::make_tuple(1, 128, 1));
        QCOMPARE(key(bert[2]), std::make_tuple(1, 1, 1));
        const auto& vgg19 = a[size_t(data.modelIndex("vgg19"))].train;
        QCOMPARE(key(vgg19[0]), std::make_tuple(1, 1, 2));
        QCOMPARE(key(vgg19[1]), std::make_tuple(2, 2, 2));
        QCOMPARE(key(vgg19[2]), std::make_tuple(7, 4, 2));
    }

    // Ten sorted points, seed 1: the shuffle gives sorted indices 1 7 3 9 4 0 5 2 6 8 (by the
    // independent implementation), so the first floor(10/4) = 2 train.
    void splitOfASmallModel()
    {
        std::vector<ProfiledPoint> points;
        for (int b = 1; b <= 512; b *= 2)
            points.push_back(point(1, b, 1, 10.0 * b));
        points.push_back(point(7, 1, 1, 0));  // OOM: never in the split
        QTemporaryDir dir;
        const ProfileData data = writeAndLoad(dir, {{"m", points}});
        const auto split = splitFeasiblePoints(data, 0.25, 1);
        QCOMPARE(split[0].train.size(), size_t(2));
        QCOMPARE(split[0].train[0].batch, 2);    // index 1
        QCOMPARE(split[0].train[1].batch, 128);  // index 7
        const std::vector<int> restIndices{3, 9, 4, 0, 5, 2, 6, 8};
        QCOMPARE(split[0].test.size(), restIndices.size());
        for (size_t i = 0; i < restIndices.size(); ++i)
            QCOMPARE(split[0].test[i].batch, 1 << restIndices[i]);
        QCOMPARE(trainingCount(160, 0.3), size_t(48));
        QCOMPARE(trainingCount(3, 0.25), size_t(1));  // at least one
        QCOMPARE(trainingCount(0, 0.25), size_t(0));
    }

    void ridgeRecoversALogLinearModel()
    {
        QTemporaryDir dir;
        const ProfileData data = writeAndLoad(dir, {{"m", logLinearGrid()}});
        const LearnedPerformanceModel model(data, 0.5, 7);
        QCOMPARE(model.profiledPoints(), size_t(52));  // floor(105 / 2)
        for (int g : {1, 2, 3, 4, 7})
            for (int b : {1, 3, 48, 256})
                for (int p : {1, 2, 5}) {
                    const double want = logLinearLatency(g, b, p);
                    const double got = model.predictLatencyMs(0, g, b, p);
                    QVERIFY2(std::abs(got - want) / want < 2e-3, qPrintable(QString("g%1 b%2 p%3: %4 vs %5")
                                                                                .arg(g).arg(b).arg(p).arg(got).arg(want)));
                }
        QVERIFY(std::abs(model.coefficients(0)[0] - 0.6) < 1e-2);   // lb
        QVERIFY(std::abs(model.coefficients(0)[8] - 1.5) < 1e-2);   // intercept, unpenalised
    }

    void learnedEstimates()
    {
        QTemporaryDir dir;
        std::vector<ProfiledPoint> points = logLinearGrid();
        const ProfileData data = writeAndLoad(dir, {{"m", points}});
        std::vector<ModelSplit> split(1);
        split[0].train = {point(1, 8, 2, 40), point(4, 16, 1, 30), point(7, 64, 3, 25)};
        for (const ProfiledPoint& p : points)
            if (p.computeSlices == 2)
                split[0].train.push_back(p);
        const LearnedPerformanceModel model(data, split);
        QCOMPARE(model.name(), std::string("learned"));
        QCOMPARE(model.safetyFactor(), 1.2);
        QCOMPARE(model.profiledPoints(), split[0].train.size());

        // A training point keeps its measured result.
        const PerfEstimate measured = model.estimate(0, 1, 8, 2, 1.0, 2.0);
        QVERIFY(measured.feasible && measured.measured);
        QCOMPARE(measured.latencyMs, 40.0);
        QCOMPARE(measured.throughputRps, 400.0);
        // Another point dominated by a training point of the same memory slices is predicted.
        const PerfEstimate predicted = model.estimate(0, 1, 4, 1, 1.0, 2.0);
        QVERIFY(predicted.feasible && !predicted.measured);
        QCOMPARE(predicted.latencyMs, model.predictLatencyMs(0, 1, 4, 1));
        QCOMPARE(predicted.throughputRps, 4 * 1000.0 / predicted.latencyMs);
        // 3g pools with 4g (4 memory slices): 3g b16 p1 is covered by 4g b16 p1.
        QVERIFY(model.estimate(0, 3, 16, 1, 1.0, 2.0).feasible);
        QVERIFY(!model.estimate(0, 3, 16, 2, 1.0, 2.0).feasible);  // no point with p >= 2 there
        QVERIFY(!model.estimate(0, 1, 16, 1, 1.0, 2.0).feasible);  // beyond what was profiled
        QVERIFY(!model.estimate(0, 5, 1, 1, 1.0, 2.0).feasible);   // no such instance
        // A size factor scales the latency by x^k and tests memory at b_eff = b x^k.
        const PerfEstimate padded = model.estimate(0, 1, 4, 2, 1.4142135623730951, 2.0);  // b_eff 8
        QVERIFY(padded.feasible && !padded.measured);
        QVERIFY(std::abs(padded.latencyMs - 2 * model.predictLatencyMs(0, 1, 4, 2)) < 1e-9);
        QVERIFY(!model.estimate(0, 1, 8, 2, 1.1, 2.0).feasible);  // b_eff 9.68 > 8
        const PerfEstimate smaller = model.estimate(0, 1, 8, 2, 0.5, 1.0);  // the measured point at half size
        QVERIFY(smaller.feasible && !smaller.measured);
        QCOMPARE(smaller.latencyMs, 20.0);
        QCOMPARE(smaller.throughputRps, 800.0);
    }

    // mig-elasticbatch.md 2.4, "OOM in the predictor".
    void oomRule()
    {
        const std::vector<ProfiledPoint> points{point(3, 32, 2, 50), point(4, 64, 1, 0), point(4, 8, 4, 0),
                                                point(1, 256, 5, 90)};
        // Dominated by a feasible point (3g, pooled with 4g: 4 memory slices) and by no OOM point.
        QVERIFY(oomRuleFeasible(points, 4, 16, 2));
        QVERIFY(oomRuleFeasible(points, 4, 32, 2));
        QVERIFY(oomRuleFeasible(points, 4, 20.5, 1));  // a b_eff between batches
        // Dominating an OOM point: infeasible, even where a feasible point dominates it too.
        QVERIFY(!oomRuleFeasible(points, 4, 64, 1));
        QVERIFY(!oomRuleFeasible(points, 4, 8, 4));
        // Neither: infeasible.
        QVERIFY(!oomRuleFeasible(points, 4, 33, 1));
        QVERIFY(!oomRuleFeasible(points, 4, 1, 3));
        // Other memory slices are not evidence: the 1g point says nothing of 2g.
        QVERIFY(oomRuleFeasible(points, 1, 128, 5));
        QVERIFY(!oomRuleFeasible(points, 2, 1, 1));
        QVERIFY(!oomRuleFeasible(points, 0, 1, 1));
        // A feasible point that dominates an OOM one cannot come from the data (monotone), but
        // the rule still says infeasible for the dominated side: the OOM clause is checked first.
        const std::vector<ProfiledPoint> contradictory{point(1, 4, 1, 0), point(1, 16, 1, 10)};
        QVERIFY(!oomRuleFeasible(contradictory, 1, 8, 1));
        QVERIFY(oomRuleFeasible(contradictory, 1, 2, 1));
    }

    void tableEstimates()
    {
        QTemporaryDir dir;
        const ProfileData data = writeAndLoad(
            dir, {{"m", {point(1, 2, 1, 10), point(1, 4, 1, 0), point(1, 8, 1, 0), point(3, 4, 1, 30), point(4, 8, 1, 0),
                         point(7, 8, 1, 50), point(7, 16, 1, 80)}}});
        const TablePerformanceModel table(data);
        QCOMPARE(table.name(), std::string("table"));
        QCOMPARE(table.safetyFactor(), 1.0);
        QCOMPARE(table.profiledPoints(), size_t(7));
        const PerfEstimate e = table.estimate(0, 1, 2, 1, 1.0, 2.0);
        QVERIFY(e.feasible && e.measured);
        QCOMPARE(e.latencyMs, 10.0);
        QVERIFY(!table.estimate(0, 1, 4, 1, 1.0, 2.0).feasible);  // measured OOM
        QVERIFY(!table.estimate(0, 1, 3, 1, 1.0, 2.0).feasible);  // not profiled
        QVERIFY(!table.estimate(1, 1, 2, 1, 1.0, 2.0).feasible);  // no such model
        // x = 1.2, k = 1: b_eff = 2.4, between batches: the OOM rule (the 4-batch OOM point
        // does not dominate, the 2-batch feasible point does not cover) says infeasible.
        QVERIFY(!table.estimate(0, 1, 2, 1, 1.2, 1.0).feasible);
        // x = sqrt 2, k = 2: b_eff = 4, a measured batch, OOM.
        QVERIFY(!table.estimate(0, 1, 2, 1, 1.4142135623730951, 2.0).feasible);
        // x = 0.5, k = 2: b_eff = 0.5, covered by the point itself: latency / 4, throughput x 4.
        const PerfEstimate small = table.estimate(0, 1, 2, 1, 0.5, 2.0);
        QVERIFY(small.feasible && !small.measured);
        QCOMPARE(small.latencyMs, 2.5);
        QCOMPARE(small.throughputRps, 4 * 200.0);
        // x = 1.25, k = 2 on 7g b8: b_eff = 12.5 is covered by 7g b16: feasible, latency x 1.5625.
        const PerfEstimate big = table.estimate(0, 7, 8, 1, 1.25, 2.0);
        QVERIFY(big.feasible);
        QCOMPARE(big.latencyMs, 50.0 * 1.5625);
        // 3g b4 at x sqrt 2, k 2: b_eff 8 is not profiled on 3g; the pooled 4g b8 OOM point decides.
        QVERIFY(!table.estimate(0, 3, 4, 1, 1.4142135623730951, 2.0).feasible);
        QVERIFY(table.estimate(0, 3, 4, 1, 0.9, 2.0).feasible);
        // Size factors that describe no request are infeasible, in both models.
        const LearnedPerformanceModel learned(data, 0.5, 1);
        for (const PerformanceModel* m : {static_cast<const PerformanceModel*>(&table),
                                          static_cast<const PerformanceModel*>(&learned)}) {
            QVERIFY(m->estimate(0, 7, 8, 1, 1.0, 2.0).feasible);
            QVERIFY(!m->estimate(0, 7, 8, 1, 0.0, 2.0).feasible);
            QVERIFY(!m->estimate(0, 7, 8, 1, -1.0, 1.0).feasible);
            QVERIFY(!m->estimate(0, 7, 8, 1, std::nan(""), 2.0).feasible);
            QVERIFY(!m->estimate(0, 7, 8, 1, 1e300, 2.0).feasible);
            QVERIFY(!m->estimate(0, 7, 8, 1, 1e-200, 2.0).feasible);  // x^k underflows to 0
            QVERIFY(!m->estimate(0, 7, 8, 1, 1e-154, 2.0).feasible);  // throughput / x^k overflows
        }
    }

    void bucketBounds()
    {
        const Bucketizer four(4, 0.3);
        const std::vector<double> expected{0.817, 1.000, 1.224, 2.000};
        QCOMPARE(four.upperBounds().size(), expected.size());
        for (size_t b = 0; b < expected.size(); ++b)
            QVERIFY2(std::abs(four.upperBound(int(b)) - expected[b]) < 5e-4, qPrintable(QString::number(four.upperBound(int(b)))));
        QCOMPARE(four.upperBound(1), 1.0);
        QCOMPARE(four.bucketOf(0.3), 0);
        QCOMPARE(four.bucketOf(0.8), 0);
        QCOMPARE(four.bucketOf(0.9), 1);
        QCOMPARE(four.bucketOf(1.0), 1);  // an upper bound is inclusive
        QCOMPARE(four.bucketOf(1.1), 2);
        QCOMPARE(four.bucketOf(1.5), 3);
        QCOMPARE(four.bucketOf(9.0), 3);
        for (double s : four.shares())
            QVERIFY(std::abs(s - 0.25) < 1e-12);
        QCOMPARE(Bucketizer(1, 0.3).upperBounds(), std::vector<double>{2.0});
        QCOMPARE(Bucketizer(3, 0.0).upperBounds(), (std::vector<double>{1.0, 1.0, 2.0}));
        QCOMPARE(Bucketizer(3, 0.0).shares(), (std::vector<double>{1.0, 0.0, 0.0}));  // every draw is 1
        // A wide spread clips: repeated bounds at 0.5 and 2; the buckets behind them are empty.
        const Bucketizer wide(8, 3.0);
        QCOMPARE(wide.upperBound(0), 0.5);
        QCOMPARE(wide.upperBound(6), 2.0);
        const auto shares = wide.shares();
        QVERIFY(std::abs(std::accumulate(shares.begin(), shares.end(), 0.0) - 1.0) < 1e-12);
        QCOMPARE(shares[1], 0.0);
        QCOMPARE(wide.bucketOf(0.5), 0);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, Bucketizer(0, 0.3));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, Bucketizer(4, -0.1));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, Bucketizer(4, std::nan("")));
        QVERIFY(std::abs(normalQuantile(0.975) - 1.959963984540054) < 1e-12);
        QVERIFY(std::abs(normalQuantile(0.01) + 2.326347874040841) < 1e-12);
        QCOMPARE(defaultSizeExponent("bert"), 1.0);
        QCOMPARE(defaultSizeExponent("resnet50"), 2.0);
        QCOMPARE(defaultSizeExponent("mobilenetv2"), 2.0);
    }

    void sizeDrawsFollowTheBuckets()
    {
        std::mt19937_64 a(42), b(42);
        const Bucketizer four(4, 0.3);
        std::vector<int> counts(4, 0);
        constexpr int n = 200000;
        for (int i = 0; i < n; ++i) {
            const double x = drawSizeFactor(a, 0.3);
            QCOMPARE(x, drawSizeFactor(b, 0.3));  // deterministic
            QVERIFY(x >= 0.5 && x <= 2.0);
            ++counts[size_t(four.bucketOf(x))];
        }
        for (int c : counts)
            QVERIFY2(std::abs(double(c) / n - 0.25) < 0.005, qPrintable(QString::number(c)));
        std::mt19937_64 c(7);
        QCOMPARE(drawSizeFactor(c, 0.0), 1.0);
    }

    void evaluationCsv()
    {
        QTemporaryDir dir;
        std::vector<ProfiledPoint> noisy = logLinearGrid();
        for (size_t i = 0; i < noisy.size(); ++i)
            noisy[i].latencyMs *= 1.0 + 0.02 * double(int(i % 11) - 5);  // up to +-10%, not a function of g, b or p
        const ProfileData data = writeAndLoad(dir, {{"zeta", noisy}, {"alpha", logLinearGrid()}});
        const PredictorEvaluation e = PredictorEvaluation::evaluate(data, 0.25, {1, 2});
        QCOMPARE(e.models.size(), size_t(2));
        QCOMPARE(e.models[0].model, std::string("alpha"));
        QVERIFY(e.models[0].mapePct < 0.5);  // exactly log-linear
        QVERIFY(e.models[1].mapePct > 3.0);
        QCOMPARE(e.meanMapePct, (e.models[0].mapePct + e.models[1].mapePct) / 2);
        const std::string csv = e.csv();
        QVERIFY2(QString::fromStdString(csv).startsWith(QString("model,mape_pct,train_points,test_points\nalpha,%1,26,79\nzeta,")
                                                            .arg(e.models[0].mapePct, 0, 'f', 2)),
                 csv.c_str());
        QVERIFY(QString::fromStdString(csv).endsWith(QString("\nmean,%1,52,158\n").arg(e.meanMapePct, 0, 'f', 2)));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, PredictorEvaluation::evaluate(data, 0.25, {}));
    }
};

QTEST_GUILESS_MAIN(MigPredictorTest)
#include "tst_migpredictor.moc"
