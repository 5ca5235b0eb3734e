// The Sweep tab's trace column names a trace by what tells it apart from the sweep's other traces
// (walk15: "openb_pod_l...default.csv" cut in the middle): the shared prefix and suffix go, cut
// at separators so that no word is split, and nothing is cut that would leave a name empty.
#include "sweep/DistinguishingNames.h"

#include <QTest>

using namespace tessera::views;

class TestDistinguishingNames : public QObject {
    Q_OBJECT

private slots:
    void names_data()
    {
        QTest::addColumn<QStringList>("names");
        QTest::addColumn<QStringList>("parts");
        QTest::newRow("the walk's four traces")
            << QStringList{"openb_pod_list_default.csv", "openb_pod_list_gpushare40.csv", "openb_pod_list_gpuspec20.csv",
                           "openb_pod_list_multigpu20.csv"}
            << QStringList{"default", "gpushare40", "gpuspec20", "multigpu20"};
        // "gpus" is shared but not a word of its own: the cut goes back to the "_" before it.
        QTest::newRow("a shared word start stays")
            << QStringList{"openb_pod_list_gpushare40.csv", "openb_pod_list_gpuspec20.csv"}
            << QStringList{"gpushare40", "gpuspec20"};
        QTest::newRow("a shared end that is more than the suffix")
            << QStringList{"a-pods.csv", "b-pods.csv"} << QStringList{"a", "b"};
        QTest::newRow("one name") << QStringList{"pods.csv"} << QStringList{"pods.csv"};
        QTest::newRow("nothing shared") << QStringList{"alpha", "beta"} << QStringList{"alpha", "beta"};
        // The shared suffix goes first: "x." is not also cut as a prefix, which would leave "x.csv" empty.
        QTest::newRow("a name inside another") << QStringList{"x.csv", "x.y.csv"} << QStringList{"x", "x.y"};
        QTest::newRow("a name all suffix") << QStringList{"csv", "x.csv"} << QStringList{"csv", "x.csv"};
        QTest::newRow("same length, one letter apart") << QStringList{"run_a.csv", "run_b.csv"}
                                                        << QStringList{"a", "b"};
    }
    void names()
    {
        QFETCH(QStringList, names);
        QFETCH(QStringList, parts);
        QCOMPARE(distinguishingNames(names), parts);
    }
};

QTEST_GUILESS_MAIN(TestDistinguishingNames)
#include "tst_distinguishingnames.moc"
