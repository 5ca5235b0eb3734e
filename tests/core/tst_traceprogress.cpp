// Loading a trace with progress and cancel (issue 8, "Open"): the fraction rises to 1 by the
// bytes and rows read, returning false stops the load with CancelledError, and a load with a
// callback gives the same trace as one without.
#include "support/SyntheticTraceFiles.h"
#include "io/ContentHash.h"
#include "run/PodTrace.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace tessera;

class TestTraceProgress : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    std::string nodes_, pods_;
    static constexpr int kPods = 40000;

private slots:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        const Cluster cluster = test::syntheticCluster(500);
        nodes_ = dir_.filePath("nodes.csv").toStdString();
        pods_ = dir_.filePath("pods.csv").toStdString();
        test::writeNodesCsv(nodes_, cluster);
        test::writePodsCsv(pods_, test::syntheticPods(cluster, kPods, 9, true));
    }

    void progressRisesToOne()
    {
        std::vector<double> seen;
        LoadWarnings warnings;
        const auto trace = PodTrace::load(nodes_, pods_, {}, {}, warnings, [&](double f) {
            seen.push_back(f);
            return true;
        });
        // Many reports: by lines while splitting, by rows while parsing, for both files.
        QVERIFY2(seen.size() >= 10, qPrintable(QString::number(seen.size())));
        QVERIFY(std::is_sorted(seen.begin(), seen.end()));
        QVERIFY(seen.front() > 0.0 && seen.front() < 0.5);
        QCOMPARE(seen.back(), 1.0);

        const auto plain = PodTrace::load(nodes_, pods_, {}, {}, warnings);
        QCOMPARE(trace->pods.pods.size(), size_t(kPods));
        QCOMPARE(plain->pods.pods.size(), trace->pods.pods.size());
        QCOMPARE(plain->cluster.nodes.size(), trace->cluster.nodes.size());
        QCOMPARE(trace->pods.pods.back().name, plain->pods.pods.back().name);
        // The files as loaded, for a study: both recorded with their content hashes.
        QCOMPARE(trace->files.size(), size_t(2));
        QCOMPARE(trace->files[1].contentHash, ContentHash::ofFile(pods_));
    }

    void cancelStopsTheLoad_data()
    {
        QTest::addColumn<double>("at");
        QTest::newRow("at the first report") << 0.0;
        QTest::newRow("while splitting pods") << 0.3;
        QTest::newRow("while parsing pods") << 0.8;
    }

    void cancelStopsTheLoad()
    {
        QFETCH(double, at);
        int calls = 0;
        double last = 0;
        LoadWarnings warnings;
        QVERIFY_THROWS_EXCEPTION(CancelledError, PodTrace::load(nodes_, pods_, {}, {}, warnings, [&](double f) {
            ++calls;
            last = f;
            return at > 0.0 && f < at;
        }));
        QVERIFY(calls > 0);
        QVERIFY(last < 1.0);  // stopped before the end
        if (at > 0)
            QVERIFY(last >= at);
    }
};

QTEST_APPLESS_MAIN(TestTraceProgress)
#include "tst_traceprogress.moc"
