// TraceSession and its helpers: loading the bundled default off the GUI thread, pairing a
// node list with its pod list, the contract's error text for a malformed file (with the
// previous trace kept), cancel, and the persisted recent files.
#include "PipelineTestSupport.h"
#include "support/SharedData.h"
#include "trace/RecentTraces.h"
#include "trace/TraceFilePairing.h"
#include "trace/TraceSession.h"

#include <QFile>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTextStream>
#include <QUrl>

using namespace tessera;
using namespace tessera::views;

namespace {

void writeFile(const QString& path, const QByteArray& text)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(text);
}

const QByteArray kPodHeader =
    "name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,qos,pod_phase,creation_time,deletion_time,scheduled_time\n";

// Counted from the file itself, not from the loader: data rows and the sum of the gpu column.
struct FileCounts {
    int rows = 0;
    int gpus = 0;
};
FileCounts countNodeFile(const QString& path)
{
    QFile file(path);
    file.open(QIODevice::ReadOnly);
    QTextStream in(&file);
    const QStringList header = in.readLine().split(',');
    const int gpuColumn = int(header.indexOf("gpu"));
    FileCounts counts;
    while (!in.atEnd()) {
        const QString line = in.readLine();
        if (line.isEmpty())
            continue;
        ++counts.rows;
        counts.gpus += line.split(',').at(gpuColumn).toInt();
    }
    return counts;
}

int countRows(const QString& path)
{
    QFile file(path);
    file.open(QIODevice::ReadOnly);
    int rows = -1;  // the header
    while (!file.atEnd())
        if (!file.readLine().trimmed().isEmpty())
            ++rows;
    return rows;
}

bool waitLoaded(TraceSession& session)
{
    QSignalSpy loaded(&session, &TraceSession::traceLoaded);
    return loaded.wait(60000);
}

}  // namespace

class TestPipelineTrace : public QObject {
    Q_OBJECT

    QTemporaryDir home_;

private slots:
    void initTestCase()
    {
        QVERIFY(home_.isValid());
        test::isolateUserFiles(home_.path());
    }

    void loadsTheBundledDefaultOffTheGuiThread()
    {
        TraceSession session;
        QSignalSpy loadingChanged(&session, &TraceSession::loadingChanged);
        session.loadDefault();
        QVERIFY(session.loading());  // the load did not block the caller
        QVERIFY(waitLoaded(session));
        QVERIFY(!session.loading());
        QVERIFY(session.loaded());
        QVERIFY(loadingChanged.count() >= 2);
        QCOMPARE(session.progress(), 1.0);
        QVERIFY(session.error().isEmpty());
        QCOMPARE(session.nodesPath(), QFileInfo(test::bundledNodes()).absoluteFilePath());
        QCOMPARE(session.podsPath(), QFileInfo(test::bundledPods()).absoluteFilePath());

        const FileCounts nodes = countNodeFile(test::bundledNodes());
        const int pods = countRows(test::bundledPods());
        const QLocale english(QLocale::English, QLocale::UnitedStates);
        QCOMPARE(session.summary(), QStringLiteral("%1 nodes · %2 GPUs · %3 pods")
                                        .arg(english.toString(nodes.rows), english.toString(nodes.gpus),
                                             english.toString(pods)));
        QVERIFY(session.summary().contains(','));  // thousands separators: 1,213 nodes
        QCOMPARE(session.trace()->cluster.nodes.size(), size_t(nodes.rows));
        QVERIFY(session.attribution().contains("synthetic"));
        QCOMPARE(session.recentFiles().value(0), session.podsPath());
    }

    void pairsFromOneFileOrAFolder_data()
    {
        QTest::addColumn<QString>("input");
        QTest::newRow("node list") << test::bundledNodes();
        QTest::newRow("pod list") << test::bundledPods();
        QTest::newRow("folder") << test::bundledTraceFolder();
    }
    void pairsFromOneFileOrAFolder()
    {
        QFETCH(QString, input);
        const auto pair = TraceFilePairing::pair(input);
        QVERIFY2(pair.ok(), qPrintable(pair.error));
        QCOMPARE(QFileInfo(pair.nodesPath).canonicalFilePath(), QFileInfo(test::bundledNodes()).canonicalFilePath());
        QCOMPARE(QFileInfo(pair.podsPath).canonicalFilePath(), QFileInfo(test::bundledPods()).canonicalFilePath());
    }

    void classifiesByHeaderNotByName()
    {
        QTemporaryDir dir;
        writeFile(dir.filePath("a.csv"), "sn,cpu_milli,memory_mib,gpu,model\nn1,1000,1024,1,T4\n");
        writeFile(dir.filePath("b.csv"), "name,cpu_milli,memory_mib,num_gpu,gpu_milli\np1,1000,1024,1,500\n");
        writeFile(dir.filePath("c.csv"), "x,y\n1,2\n");
        QCOMPARE(TraceFilePairing::classify(dir.filePath("a.csv")), TraceFilePairing::Kind::NodeList);
        QCOMPARE(TraceFilePairing::classify(dir.filePath("b.csv")), TraceFilePairing::Kind::PodList);
        QCOMPARE(TraceFilePairing::classify(dir.filePath("c.csv")), TraceFilePairing::Kind::Other);
        const auto pair = TraceFilePairing::pair(dir.filePath("b.csv"));
        QVERIFY2(pair.ok(), qPrintable(pair.error));
        QCOMPARE(pair.nodesPath, dir.filePath("a.csv"));

        const auto other = TraceFilePairing::pair(dir.filePath("c.csv"));
        QVERIFY(!other.ok());
        QVERIFY(other.error.contains("neither a node list"));
        QFile::remove(dir.filePath("b.csv"));
        const auto lonely = TraceFilePairing::pair(dir.filePath("a.csv"));
        QVERIFY(!lonely.ok());
        QVERIFY2(lonely.error.contains("no pod list"), qPrintable(lonely.error));
    }

    void pairsTheAlibabaFolderTheWayThePaperDoes()
    {
        TESSERA_REQUIRE_SHARED("traces/alibaba-gpu-v2023/openb_node_list_gpu_node.csv");
        const QString folder = test::sharedDir() + "/traces/alibaba-gpu-v2023";
        const auto fromPods = TraceFilePairing::pair(folder + "/openb_pod_list_cpu050.csv");
        QVERIFY2(fromPods.ok(), qPrintable(fromPods.error));
        QCOMPARE(QFileInfo(fromPods.nodesPath).fileName(), QString("openb_node_list_gpu_node.csv"));
        QCOMPARE(QFileInfo(fromPods.podsPath).fileName(), QString("openb_pod_list_cpu050.csv"));
        const auto fromNodes = TraceFilePairing::pair(folder + "/openb_node_list_all_node.csv");
        QVERIFY2(fromNodes.ok(), qPrintable(fromNodes.error));
        QCOMPARE(QFileInfo(fromNodes.nodesPath).fileName(), QString("openb_node_list_all_node.csv"));
        QCOMPARE(QFileInfo(fromNodes.podsPath).fileName(), QString("openb_pod_list_default.csv"));
        const auto fromFolder = TraceFilePairing::pair(folder);
        QCOMPARE(QFileInfo(fromFolder.nodesPath).fileName(), QString("openb_node_list_gpu_node.csv"));
        QCOMPARE(QFileInfo(fromFolder.podsPath).fileName(), QString("openb_pod_list_default.csv"));
    }

    void loadAnyTakesAUrlAndFindsThePartner()
    {
        TraceSession session;
        session.loadAny(QUrl::fromLocalFile(test::bundledPods()).toString());
        QVERIFY(waitLoaded(session));
        QCOMPARE(QFileInfo(session.nodesPath()).fileName(), QString("nodes.csv"));
    }

    void malformedFileShowsWhereAndKeepsThePreviousTrace()
    {
        TraceSession session;
        session.loadDefault();
        QVERIFY(waitLoaded(session));
        const auto previous = session.trace();

        QTemporaryDir dir;
        const QString nodes = dir.filePath("nodes.csv");
        writeFile(nodes, "sn,cpu_milli,memory_mib,gpu,model\nn1,32000,262144,2,T4\nn2,abc,262144,2,T4\n");
        writeFile(dir.filePath("pods.csv"), kPodHeader + "p1,1000,1024,1,500,,LS,Running,0,10,0\n");
        QSignalSpy failed(&session, &TraceSession::loadFailed);
        QSignalSpy changed(&session, &TraceSession::traceChanged);
        session.loadAny(dir.path());
        QVERIFY(failed.wait(30000));
        // contracts.md 4: FILE:LINE: column NAME: problem (value "...")
        const QString error = session.error();
        QVERIFY2(error.startsWith(nodes + ":3: column cpu_milli: "), qPrintable(error));
        QVERIFY2(error.contains("\"abc\""), qPrintable(error));
        QCOMPARE(failed.at(0).at(0).toString(), error);
        QVERIFY(!session.loading());
        QCOMPARE(changed.count(), 0);
        QCOMPARE(session.trace(), previous);
        QVERIFY(session.loaded());

        // A good load afterwards clears the error.
        session.loadDefault();
        QVERIFY(waitLoaded(session));
        QVERIFY(session.error().isEmpty());
    }

    // The app takes a user's GPU models like `simulate --gpu-models`: a node of a model the
    // built-in registry lacks is an error until the models file names it, and the file is
    // remembered for the next session.
    void userGpuModelsExtendTheRegistry()
    {
        QTemporaryDir dir;
        const QString nodes = dir.filePath("nodes.csv"), pods = dir.filePath("pods.csv");
        const QString models = dir.filePath("models.csv");
        writeFile(nodes, "sn,cpu_milli,memory_mib,gpu,model\nn1,32000,262144,8,H100\n");
        writeFile(pods, kPodHeader + "p1,1000,1024,1,500,,LS,Running,0,10,0\n");
        writeFile(models, "name,idle_watts,full_watts\nH100,60,700\n");

        TraceSession session;
        session.setGpuModelsPath({});
        QSignalSpy failed(&session, &TraceSession::loadFailed);
        session.load(nodes, pods);
        QVERIFY(failed.wait(30000));
        QVERIFY2(session.error().contains("H100"), qPrintable(session.error()));

        session.setGpuModelsPath(QUrl::fromLocalFile(models).toString());
        QCOMPARE(session.gpuModelsPath(), models);
        session.load(nodes, pods);
        QVERIFY(waitLoaded(session));
        QVERIFY2(session.error().isEmpty(), qPrintable(session.error()));
        QCOMPARE(session.trace()->cluster.totalGpus(), 8);
        QCOMPARE(TraceSession().gpuModelsPath(), models);  // remembered

        // Clearing it reloads the loaded trace with the built-in models, which fails.
        QSignalSpy failedAgain(&session, &TraceSession::loadFailed);
        session.setGpuModelsPath({});
        QVERIFY(failedAgain.wait(30000));
        QVERIFY(session.loaded());  // the previous trace stays
    }

    void pairingErrorsAreShownToo()
    {
        TraceSession session;
        QSignalSpy failed(&session, &TraceSession::loadFailed);
        session.loadAny(home_.filePath("does-not-exist.csv"));
        QCOMPARE(failed.count(), 1);
        QVERIFY(session.error().contains("does-not-exist.csv"));
        QVERIFY(!session.loaded());
    }

    void cancelDropsTheLoadAndKeepsThePreviousTrace()
    {
        TraceSession session;
        session.loadDefault();
        QVERIFY(waitLoaded(session));
        const auto previous = session.trace();

        QTemporaryDir dir;
        QVERIFY(QFile::copy(test::bundledNodes(), dir.filePath("nodes.csv")));
        QVERIFY(QFile::copy(test::bundledPods(), dir.filePath("pods.csv")));
        QSignalSpy loaded(&session, &TraceSession::traceLoaded);
        session.loadAny(dir.path());
        QVERIFY(session.loading());
        session.cancel();
        QVERIFY(!session.loading());  // at once, not when the worker notices
        // Long enough for the whole load to have finished had it not been cancelled.
        QTest::qWait(2000);
        QCOMPARE(loaded.count(), 0);
        QCOMPARE(session.trace(), previous);
        QVERIFY(session.error().isEmpty());
    }

    void recentFilesPersistMostRecentFirstAtMostTen()
    {
        RecentTraces recent;
        recent.clear();
        for (int i = 0; i < 12; ++i)
            recent.add({QStringLiteral("/n%1.csv").arg(i), QStringLiteral("/p%1.csv").arg(i)});
        recent.add({"/n3.csv", "/p3.csv"});  // again: moves to the front, not duplicated
        const RecentTraces reread;
        QCOMPARE(reread.entries().size(), RecentTraces::kMax);
        QCOMPARE(reread.podPaths().value(0), QString("/p3.csv"));
        QCOMPARE(reread.podPaths().value(1), QString("/p11.csv"));
        QCOMPARE(reread.podPaths().count("/p3.csv"), 1);
        QVERIFY(!reread.podPaths().contains("/p0.csv"));
        QCOMPARE(reread.entries().value(0).nodesPath, QString("/n3.csv"));

        TraceSession session;
        QCOMPARE(session.recentFiles(), reread.podPaths());
    }
};

QTEST_GUILESS_MAIN(TestPipelineTrace)
#include "tst_pipelinetrace.moc"
