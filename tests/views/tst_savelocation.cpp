// SaveLocation, behind the app's one save dialog: it opens in the last folder used, else
// Documents; a typed name, path, ~/… or file:// URL means one absolute file with the format's
// extension; a folder is opened rather than written; what cannot be written says why.
#include "PipelineTestSupport.h"
#include "export/SaveLocation.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace tessera;
using namespace tessera::views;

class TestSaveLocation : public QObject {
    Q_OBJECT

    QTemporaryDir home_;

private slots:
    void initTestCase()
    {
        QVERIFY(home_.isValid());
        test::isolateUserFiles(home_.path());
        qputenv("HOME", home_.path().toUtf8());
    }

    void startsInDocumentsThenInTheLastFolder()
    {
        SaveLocation location;
        // No Documents folder: the home folder.
        QCOMPARE(location.startFolder(), QDir::homePath());
        QVERIFY(QDir(home_.path()).mkpath("Documents/exports"));
        QCOMPARE(location.startFolder(), home_.filePath("Documents"));

        QSignalSpy changed(&location, &SaveLocation::startFolderChanged);
        location.remember(home_.filePath("Documents/exports/chart.png"));
        QCOMPARE(changed.count(), 1);
        QCOMPARE(location.startFolder(), home_.filePath("Documents/exports"));
        QCOMPARE(SaveLocation().startFolder(), home_.filePath("Documents/exports"));  // kept in the settings

        // The last folder was removed since: Documents again.
        QVERIFY(QDir(home_.filePath("Documents/exports")).removeRecursively());
        QCOMPARE(location.startFolder(), home_.filePath("Documents"));
    }

    void resolvesWhatIsTyped_data()
    {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<QString>("expected");  // relative to the home folder
        QTest::newRow("name") << "power" << "Documents/power.csv";
        QTest::newRow("name with extension") << "power.csv" << "Documents/power.csv";
        QTest::newRow("extension in capitals") << "POWER.CSV" << "Documents/POWER.CSV";
        QTest::newRow("other extension") << "power.txt" << "Documents/power.txt.csv";
        QTest::newRow("spaces around") << "  power  " << "Documents/power.csv";
        QTest::newRow("relative path") << "../power" << "power.csv";
        QTest::newRow("absolute path") << "HOME/out/power" << "out/power.csv";
        QTest::newRow("tilde") << "~/power.csv" << "power.csv";
        QTest::newRow("URL") << "file://HOME/power" << "power.csv";
        QTest::newRow("folder") << "~/Documents" << "Documents";
        QTest::newRow("nothing") << "   " << "";
    }
    void resolvesWhatIsTyped()
    {
        QFETCH(QString, typed);
        QFETCH(QString, expected);
        SaveLocation location;
        const QString resolved = location.resolve(home_.filePath("Documents"), typed.replace("HOME", home_.path()), "csv");
        QCOMPARE(resolved, expected.isEmpty() ? QString() : home_.filePath(expected));
    }

    void saysWhyAFileCannotBeWritten()
    {
        SaveLocation location;
        const QString folder = home_.filePath("Documents");
        QVERIFY(location.problem(folder + "/fine.csv").isEmpty());
        QVERIFY(location.problem(folder).contains("is a folder"));
        QVERIFY(location.problem(home_.filePath("nowhere/x.csv")).contains("does not exist"));
        QVERIFY(!location.problem({}).isEmpty());
        QFile existing(folder + "/old.csv");
        QVERIFY(existing.open(QIODevice::WriteOnly));
        existing.close();
        QVERIFY(location.exists(existing.fileName()));
        QVERIFY(location.problem(existing.fileName()).isEmpty());  // may be replaced, after asking
        QVERIFY(QDir(home_.path()).mkpath("locked"));
        QFile::setPermissions(home_.filePath("locked"), QFile::ReadOwner | QFile::ExeOwner);
        if (QFileInfo(home_.filePath("locked")).isWritable())
            qInfo("running as root: a read-only folder is writable, its check is left out");
        else
            QVERIFY(location.problem(home_.filePath("locked/x.csv")).contains("No permission"));
    }

    void walksFolders()
    {
        SaveLocation location;
        QCOMPARE(location.parentOf(home_.filePath("Documents")), home_.path());
        QCOMPARE(location.parentOf("/"), QStringLiteral("/"));
        QCOMPARE(location.folderOf(home_.filePath("Documents/a.csv")), home_.filePath("Documents"));
        QCOMPARE(location.fileNameOf(home_.filePath("Documents/a.csv")), QStringLiteral("a.csv"));
        QCOMPARE(location.urlOf("/tmp/a b.csv").toString(), QStringLiteral("file:///tmp/a b.csv"));
    }

    // Qt's file dialog greys Open until a file is selected, though it highlights the first row:
    // an open dialog starts on the file in use, else on the first listed file that fits.
    void picksTheFileAnOpenDialogStartsOn()
    {
        SaveLocation location;
        const QString folder = home_.filePath("traces");
        QVERIFY(QDir(home_.path()).mkpath("traces/sub.csv"));  // a folder is not a file
        for (const char* name : {"B_pods.csv", "a_nodes.csv", "notes.txt"}) {
            QFile f(folder + "/" + name);
            QVERIFY(f.open(QIODevice::WriteOnly));
        }
        const QStringList csv{QStringLiteral("*.csv")};
        QCOMPARE(location.initialFile({}, folder, csv), folder + "/a_nodes.csv");  // as listed: case ignored
        QCOMPARE(location.initialFile(folder + "/B_pods.csv", folder, csv), folder + "/B_pods.csv");
        QCOMPARE(location.initialFile(folder + "/gone.csv", folder, csv), folder + "/a_nodes.csv");
        QCOMPARE(location.initialFile({}, folder, {QStringLiteral("*.sqlite")}), QString());
        QCOMPARE(location.initialFile({}, home_.filePath("missing"), csv), QString());
    }
};

QTEST_GUILESS_MAIN(TestSaveLocation)
#include "tst_savelocation.moc"
