// Speedups from Pollux's throughput profiles (core/training/rent, training-boa-pal.md A6):
// the rule on a hand-checked profile (fewest nodes, most packed, one local batch with
// interpolation, step_time already holding sync_time, A1's shape held), every class of bad
// profile file as an InputError naming file, line and column, and the six real applications.
#include "training/rent/BudgetFrontier.h"
#include "training/rent/PolluxSpeedup.h"
#include "training/rent/WidthCost.h"
#include "training/rent/WidthSolver.h"

#include "support/InputErrorMatch.h"
#include "support/SharedData.h"
#include "support/TestFiles.h"

#include <QDir>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace tessera;
using tessera::test::writeBytes;

namespace {

const QByteArray kPlacements =
    "placement,local_bsz,step_time,sync_time\n"
    "1,4,1.0,0.0\n"
    "1,8,1.6,0.0\n"
    "2,4,1.0,0.1\n"   // 2 GPUs on one node: step(6) = 1.4
    "2,8,1.8,0.1\n"
    "11,4,1.5,0.3\n"  // 2 GPUs on 2 nodes: more nodes than "2", never used
    "11,8,2.1,0.3\n"
    "4,4,1.2,0.2\n"   // 4 GPUs on one node: step(6) = 1.5
    "4,8,1.8,0.2\n"
    "22,4,0.5,0.1\n"  // faster, but on 2 nodes: fewest nodes wins over speed
    "22,8,0.6,0.1\n"
    "24,4,2.2,0.4\n"  // 6 GPUs on 2 nodes, the most packed: step(6) = 2.6, s = 3.0, below the
    "24,8,3.0,0.4\n"  // 8-GPU per-GPU rate: raised to 6 x s(8) / 8
    "33,4,1.4,0.4\n"  // 6 GPUs on 2 nodes as 3 + 3: less packed, never used
    "33,8,2.0,0.4\n";
const QByteArray kScalability =
    "num_nodes,num_replicas,local_bsz,step_time,sync_time\n"
    "2,8,4,1.8,0.5\n"  // 8 GPUs: only here, up to local_bsz 6, so L = 6
    "2,8,6,2.2,0.5\n"
    "3,8,4,1.0,0.5\n"  // more nodes: never used
    "3,8,6,1.1,0.5\n"
    "4,16,4,4.0,1.0\n"  // 16 GPUs: step(6) = 5.0, slower than 8 GPUs: raised to s(8)
    "4,16,8,6.0,1.0\n";

QString writeProfile(const QTemporaryDir& tmp, const QString& name, const QByteArray& placements,
                     const QByteArray& scalability)
{
    const QString dir = tmp.path() + "/" + name;
    QDir().mkpath(dir);
    writeBytes(dir + "/placements.csv", placements);
    writeBytes(dir + "/scalability.csv", scalability);
    return dir;
}

}  // namespace

class TestPolluxSpeedup : public QObject {
    Q_OBJECT

private slots:
    void theRuleOnAHandCheckedProfile()
    {
        QTemporaryDir tmp;
        const QString dir = writeProfile(tmp, "app", kPlacements, kScalability);
        const PolluxSpeedup p = loadPolluxSpeedup(dir.toStdString());
        // L: the largest local batch measured at every width (8 GPUs reach only 6).
        QCOMPARE(p.localBatch, 6.0);
        QCOMPARE(p.widths.size(), size_t(6));
        const int gpus[] = {1, 2, 4, 6, 8, 16};
        const int nodes[] = {1, 1, 1, 2, 2, 4};
        const char* placements[] = {"1", "2", "4", "24", "", ""};
        // step_time at L = 6, linear in local_bsz between 4 and 8 (not step + sync).
        const double steps[] = {1.3, 1.4, 1.5, 2.6, 2.2, 5.0};
        for (size_t i = 0; i < 6; ++i) {
            QCOMPARE(p.widths[i].gpus, gpus[i]);
            QCOMPARE(p.widths[i].nodes, nodes[i]);
            QCOMPARE(QString::fromStdString(p.widths[i].placement), QString(placements[i]));
            QVERIFY(std::abs(p.widths[i].stepTime - steps[i]) < 1e-12);
            QVERIFY(std::abs(p.widths[i].measuredSpeedup - gpus[i] * 1.3 / steps[i]) < 1e-12);
        }
        // s(k) = k L / step(k) / (L / step(1)); the 6-GPU point is raised to the 8-GPU
        // per-GPU rate, the 16-GPU point to the 8-GPU speed.
        const SpeedupFunction& s = *p.speedup;
        QCOMPARE(s(1), 1.0);
        QVERIFY(std::abs(s(2) - 2 * 1.3 / 1.4) < 1e-12);
        QVERIFY(std::abs(s(4) - 4 * 1.3 / 1.5) < 1e-12);
        QVERIFY(std::abs(s(6) - 6 * 1.3 / 2.2) < 1e-12);
        QVERIFY(std::abs(s(8) - 8 * 1.3 / 2.2) < 1e-12);
        QCOMPARE(s(16), s(8));
        QCOMPARE(p.adjustedPoints, 2);
        QVERIFY(std::abs(p.widths[3].measuredSpeedup - 3.0) < 1e-12);
        QCOMPARE(p.maxWidth(), 16.0);

        // A chosen local batch: at L = 4 nothing interpolates.
        const PolluxSpeedup four = loadPolluxSpeedup(dir.toStdString(), 4.0);
        QCOMPARE(four.localBatch, 4.0);
        QVERIFY(std::abs((*four.speedup)(4) - 4 * 1.0 / 1.2) < 1e-12);
        QVERIFY(std::abs((*four.speedup)(8) - 8 * 1.0 / 1.8) < 1e-12);
    }

    void aRunBeatingLinearScalingRaisesTheOneGpuBase()
    {
        // 2 GPUs at 2.5x one GPU's throughput: the one-GPU measurement was slow. The curve
        // credits one GPU with 1.25x its measurement and rescales: s(2) = 2, s(8) = 2.
        QTemporaryDir tmp;
        const QString dir = writeProfile(tmp, "fast", "placement,local_bsz,step_time,sync_time\n1,4,1.0,0\n2,4,0.8,0\n",
                                         "num_nodes,num_replicas,local_bsz,step_time,sync_time\n2,8,4,4.0,0.1\n");
        const PolluxSpeedup p = loadPolluxSpeedup(dir.toStdString());
        QCOMPARE((*p.speedup)(1), 1.0);
        QVERIFY(std::abs((*p.speedup)(2) - 2) < 1e-12);
        QVERIFY(std::abs((*p.speedup)(8) - 2) < 1e-12);
        QVERIFY(std::abs(p.widths[1].measuredSpeedup - 2.5) < 1e-12);
        QCOMPARE(p.adjustedPoints, 2);  // the one-GPU base and the 8-GPU point
    }

    void aLocalBatchOutsideAWidthsMeasurementsIsAnError()
    {
        QTemporaryDir tmp;
        const QString dir = writeProfile(tmp, "app", kPlacements, kScalability);
        const std::string scalability = (dir + "/scalability.csv").toStdString();
        EXPECT_INPUT_ERROR(loadPolluxSpeedup(dir.toStdString(), 7.0), scalability, 1, "", "local_bsz 7", std::nullopt);
        // Widths that share no local batch.
        const QString apart = writeProfile(tmp, "apart", "placement,local_bsz,step_time,sync_time\n1,4,1,0\n1,8,2,0\n",
                                           "num_nodes,num_replicas,local_bsz,step_time,sync_time\n2,8,16,3,1\n");
        EXPECT_INPUT_ERROR(loadPolluxSpeedup(apart.toStdString()), (apart + "/scalability.csv").toStdString(), 1, "",
                           "local_bsz 8 is not measured at 8 GPUs on 2 nodes", std::nullopt);
    }

    void badProfileFilesAreInputErrors()
    {
        QTemporaryDir tmp;
        const QByteArray header = "placement,local_bsz,step_time,sync_time\n";
        const QByteArray good = "1,4,1.0,0.0\n";
        struct Case {
            QByteArray placements;
            long line;
            std::string column;
            std::string hint;
            std::optional<std::string> value;
        };
        const Case cases[] = {
            {header + good + "1a,4,1,0\n", 3, "placement", "not a placement", "1a"},
            {header + good + "102,4,1,0\n", 3, "placement", "not a placement", "102"},
            {header + good + ",4,1,0\n", 3, "placement", "empty", ""},
            {header + good + "2,0,1,0\n", 3, "local_bsz", "at least 1", "0"},
            {header + good + "2,-3,1,0\n", 3, "local_bsz", "negative", "-3"},
            {header + good + "2,4.5,1,0\n", 3, "local_bsz", "whole number", "4.5"},
            {header + good + "2,4,nan,0\n", 3, "step_time", "not a number", "nan"},
            {header + good + "2,4,0,0\n", 3, "step_time", "more than 0", "0"},
            {header + good + "2,4,1e400,0\n", 3, "step_time", "out of range", "1e400"},
            {header + good + "2,4,1,2\n", 3, "sync_time", "step_time", "2"},
            {header + good + "2,4,1,0\n2,4,1.1,0\n", 4, "local_bsz", "already measured on line 3", "4"},
        };
        int n = 0;
        for (const Case& c : cases) {
            const QString dir = writeProfile(tmp, QString("bad%1").arg(n++), c.placements, kScalability);
            EXPECT_INPUT_ERROR(loadPolluxSpeedup(dir.toStdString()), (dir + "/placements.csv").toStdString(), c.line,
                               c.column, c.hint, c.value);
        }

        const QByteArray sHeader = "num_nodes,num_replicas,local_bsz,step_time,sync_time\n";
        const struct {
            QByteArray scalability;
            std::string column, hint, value;
        } scalabilityCases[] = {
            {sHeader + "0,8,4,1,0\n", "num_nodes", "at least 1 node", "0"},
            {sHeader + "4,2,4,1,0\n", "num_replicas", "fewer GPUs than", "2"},
            {sHeader + "2,x,4,1,0\n", "num_replicas", "whole number", "x"},
            {sHeader + "2,8,4,inf,0\n", "step_time", "not a number", "inf"},
        };
        for (const auto& c : scalabilityCases) {
            const QString dir = writeProfile(tmp, QString("bad%1").arg(n++), kPlacements, c.scalability);
            EXPECT_INPUT_ERROR(loadPolluxSpeedup(dir.toStdString()), (dir + "/scalability.csv").toStdString(), 2,
                               c.column, c.hint, c.value);
        }

        // File-level: no one-GPU placement, a file with no rows, a missing column, a missing file.
        const QString noOne = writeProfile(tmp, "noone", header + "2,4,1,0\n", kScalability);
        EXPECT_INPUT_ERROR(loadPolluxSpeedup(noOne.toStdString()), (noOne + "/placements.csv").toStdString(), 1, "",
                           "no one-GPU measurement", std::nullopt);
        const QString empty = writeProfile(tmp, "empty", header, kScalability);
        EXPECT_INPUT_ERROR(loadPolluxSpeedup(empty.toStdString()), (empty + "/placements.csv").toStdString(), 1, "",
                           "no rows", std::nullopt);
        const QString noSync = writeProfile(tmp, "nosync", "placement,local_bsz,step_time\n1,4,1\n", kScalability);
        const auto missingColumn = tessera::test::errorOf([&] { loadPolluxSpeedup(noSync.toStdString()); });
        QVERIFY(missingColumn);
        QVERIFY(std::string(missingColumn->what()).find("sync_time") != std::string::npos);
        QCOMPARE(QString::fromStdString(missingColumn->file()), noSync + "/placements.csv");
        const auto missingFile = tessera::test::errorOf([&] { loadPolluxSpeedup((tmp.path() + "/nowhere").toStdString()); });
        QVERIFY(missingFile);
        QCOMPARE(QString::fromStdString(missingFile->file()), tmp.path() + "/nowhere/placements.csv");
    }

    void theSixPolluxApplications()
    {
        TESSERA_REQUIRE_SHARED("traces/pollux-osdi21/simulator/traces/bert/scalability.csv");
        std::vector<JobType> types;
        for (const char* app : {"bert", "cifar10", "deepspeech2", "imagenet", "ncf", "yolov3"}) {
            const PolluxSpeedup p = loadPolluxSpeedup(tessera::test::sharedPath(QString("traces/pollux-osdi21/simulator/traces/") + app));
            // Widths 1..16 from placements.csv, each on ceil(k / 4) nodes (packed 4-GPU
            // nodes); then 20..64 from scalability.csv.
            QCOMPARE(p.widths.front().gpus, 1);
            QCOMPARE(p.widths.back().gpus, 64);
            for (const PolluxWidth& w : p.widths)
                if (w.gpus <= 16) {
                    QCOMPARE(w.nodes, (w.gpus + 3) / 4);
                    QVERIFY(!w.placement.empty());
                }
            const SpeedupFunction& s = *p.speedup;
            QCOMPARE(s(1), 1.0);
            QVERIFY(s(64) > 1 && s(64) < 64);
            qInfo("%s: local_bsz %g, s(4) %.3f, s(16) %.3f, s(64) %.3f, %d of %zu points adjusted", app, p.localBatch,
                  s(4), s(16), s(64), p.adjustedPoints, p.widths.size());
            JobType t;
            t.name = app;
            t.arrivalRate = 1.0 / 3600;
            t.meanSize = 3600;
            t.speedup = p.speedup;
            t.maxWidth = p.maxWidth();
            types.push_back(t);
        }
        // BOA over the six applications at a budget of twice their load: within the budget.
        const WidthSolver solver(types);
        QElapsedTimer timer;
        timer.start();
        const WidthSolution r = solver.solve(2 * solver.load());
        qInfo("six Pollux types at b = %g: %s, E[T] %.1f s, integer gap %.2f%%, solve %lld us", r.budget,
              widthCaseName(r.widthCase), r.meanResponse, 100 * r.integerGap(), (long long)(timer.nsecsElapsed() / 1000));
        QVERIFY(r.used <= r.budget);
        QVERIFY(std::abs(r.used - r.budget) <= 1e-9 * r.budget);  // tabulated: the mix meets b exactly
        QVERIFY(withinBudget(r.integer.used, r.budget));
        QVERIFY(r.integerGap() >= -1e-9);

        // Their frontier: 50 budgets, each within budget, E[T] falling as the budget rises.
        timer.restart();
        const std::vector<WidthSolution> frontier = BudgetFrontier::sweep(solver, BudgetFrontier::evenBudgets(solver, 50));
        qInfo("a 50-point frontier of the six types: %lld ms", (long long)timer.elapsed());
        for (size_t j = 0; j < frontier.size(); ++j) {
            QVERIFY(frontier[j].used <= frontier[j].budget);
            if (j > 0)
                QVERIFY(frontier[j].meanResponse <= frontier[j - 1].meanResponse);
        }
    }
};

QTEST_APPLESS_MAIN(TestPolluxSpeedup)
#include "tst_polluxspeedup.moc"
