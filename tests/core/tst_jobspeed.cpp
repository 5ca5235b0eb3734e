// PAL's job speed model (core/training/JobSpeed.h, training-boa-pal.md B2) on hand-checked
// GPU sets: the slowest GPU of the job's class gates it, crossing nodes costs L.
#include "training/JobSpeed.h"

#include <QTest>

using namespace tessera;

class TestJobSpeed : public QObject {
    Q_OBJECT

private slots:
    void slowestGpuOfTheJobsClassGates()
    {
        VariabilityTable table = uniformVariability(8);
        table.scores[2] = {1.3, 0.9, 1.0, 1.0};
        table.scores[5] = {0.95, 1.2, 1.0, 1.0};
        QCOMPARE(pmPenalty(table, JobClass::A, {0, 1, 2, 3}), 1.3);
        QCOMPARE(pmPenalty(table, JobClass::B, {0, 1, 2, 3}), 1.0);  // GPU 2 is fast for class B
        QCOMPARE(pmPenalty(table, JobClass::B, {2, 5}), 1.2);
        QCOMPARE(pmPenalty(table, JobClass::A, {5}), 0.95);
        QCOMPARE(pmPenalty(table, JobClass::A, {}), 1.0);
    }

    void spanningNodesPaysTheLocalityPenalty()
    {
        QCOMPARE(localityPenalty({0, 1, 2, 3}, 4, 1.7), 1.0);
        QCOMPARE(localityPenalty({4, 7}, 4, 1.7), 1.0);
        QCOMPARE(localityPenalty({3, 4}, 4, 1.7), 1.7);
        QCOMPARE(localityPenalty({0, 9}, 8, 2.5), 2.5);
        QCOMPARE(localityPenalty({6}, 4, 1.7), 1.0);
    }

    void iterationsPerRoundDivideTheRoundBySlowedIterations()
    {
        QCOMPARE(slowedIterationS(0.25, 2.0, 1.5), 0.75);
        QCOMPARE(iterationsPerRound(360, 1, 1, 1), 360.0);
        QCOMPARE(iterationsPerRound(360, 0.5, 1.2, 1.5), 360 / (0.5 * 1.2 * 1.5));
    }
};

QTEST_APPLESS_MAIN(TestJobSpeed)
#include "tst_jobspeed.moc"
