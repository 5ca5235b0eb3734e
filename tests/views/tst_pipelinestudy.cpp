// StudyLibrary: the saved runs of a study as a model; rename and delete reach the file; a
// damaged or foreign file is refused with a clear error and the open study stays.
#include "PipelineTestSupport.h"
#include "support/TestRuns.h"
#include "store/RunArchive.h"
#include "store/StudyStore.h"
#include "study/StudyLibrary.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

using namespace tessera;
using namespace tessera::views;

class TestPipelineStudy : public QObject {
    Q_OBJECT

    QTemporaryDir home_;
    std::shared_ptr<const PodTrace> trace_;

    // A study with one small run per policy, written through the core, not the library.
    QString makeStudy(const QString& name, const QStringList& policies)
    {
        const QString path = home_.filePath(name);
        StudyStore store(path.toStdString());
        for (const QString& policy : policies)
            RunArchive::save(store, *test::simulateRun(trace_, policy.toStdString()));
        return path;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(home_.isValid());
        test::isolateUserFiles(home_.path());
        trace_ = test::syntheticTrace(12, 80, 3);
    }

    void listsTheSavedRuns()
    {
        const QString path = makeStudy("list.sqlite", {"fgd", "bestfit", "pwr:100,fgd:900"});
        StudyLibrary library;
        QAbstractItemModelTester tester(&library, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy pathChanged(&library, &StudyLibrary::pathChanged);
        QVERIFY(library.open(path));
        QCOMPARE(pathChanged.count(), 1);
        QCOMPARE(library.path(), path);
        QCOMPARE(library.count(), 3);
        QCOMPARE(library.rowCount(), 3);
        QCOMPARE(library.index(2).data(StudyLibrary::PolicyRole).toString(), QString("pwr:100,fgd:900"));
        QCOMPARE(library.index(0).data(StudyLibrary::KindRole).toString(), QString("pod-scheduling"));
        QCOMPARE(library.index(0).data(StudyLibrary::SeedRole).toULongLong(), 42ull);
        QCOMPARE(library.index(0).data(StudyLibrary::ModeRole).toString(), QString("experiment"));
        QVERIFY(library.index(0).data(StudyLibrary::CreatedAtRole).toString().endsWith('Z'));
        QVERIFY(library.idAt(0) < library.idAt(1));
        QCOMPARE(library.rowOf(library.idAt(1)), 1);
        const QHash<int, QByteArray> roles = library.roleNames();
        for (const char* role : {"id", "name", "kind", "trace", "policy", "seed", "mode", "createdAt"})
            QVERIFY2(roles.values().contains(role), role);
    }

    void renameAndDeleteReachTheFile()
    {
        const QString path = makeStudy("edit.sqlite", {"fgd", "bestfit", "gpupacking"});
        StudyLibrary library;
        QAbstractItemModelTester tester(&library, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(library.open(path));
        const qint64 keptId = library.idAt(1);
        QSignalSpy changed(&library, &QAbstractItemModel::dataChanged);
        QVERIFY(library.rename(1, "  baseline  "));
        QCOMPARE(changed.count(), 1);
        QCOMPARE(library.index(1).data(StudyLibrary::NameRole).toString(), QString("baseline"));
        QVERIFY(!library.rename(1, "   "));
        QVERIFY(!library.error().isEmpty());
        QVERIFY(library.remove(0));
        QCOMPARE(library.count(), 2);
        QVERIFY(library.error().isEmpty());

        // Read back through the core: the file holds the change.
        StudyStore store(path.toStdString());
        const auto records = store.listRuns();
        QCOMPARE(records.size(), size_t(2));
        QCOMPARE(records.front().id, keptId);
        QCOMPARE(records.front().name, std::string("baseline"));
    }

    void refreshShowsRunsSavedElsewhere()
    {
        const QString path = makeStudy("refresh.sqlite", {"fgd"});
        StudyLibrary library;
        QAbstractItemModelTester tester(&library, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(library.open(path));
        QSignalSpy inserted(&library, &QAbstractItemModel::rowsInserted);
        QSignalSpy reset(&library, &QAbstractItemModel::modelReset);
        {
            StudyStore other(path.toStdString());
            RunArchive::save(other, *test::simulateRun(trace_, "random"));
        }
        library.refresh();
        QCOMPARE(library.count(), 2);
        QCOMPARE(inserted.count(), 1);  // appended, not reset: the view keeps its place
        QCOMPARE(reset.count(), 0);
        QCOMPARE(library.index(1).data(StudyLibrary::PolicyRole).toString(), QString("random:1000"));
    }

    void damagedOrForeignFilesLeaveTheStudyOpen_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::newRow("text file") << "text";
        QTest::newRow("foreign sqlite") << "foreign";
        QTest::newRow("missing") << "missing";
    }
    void damagedOrForeignFilesLeaveTheStudyOpen()
    {
        QFETCH(QString, kind);
        const QString good = makeStudy("good-" + kind + ".sqlite", {"fgd"});
        const QString bad = home_.filePath("bad-" + kind + ".sqlite");
        if (kind == "text") {
            QFile file(bad);
            QVERIFY(file.open(QIODevice::WriteOnly));
            for (int i = 0; i < 200; ++i)
                file.write("this is not a database at all\n");
        } else if (kind == "foreign") {
            sqlite3* db = nullptr;
            QCOMPARE(sqlite3_open(bad.toUtf8().constData(), &db), SQLITE_OK);
            QCOMPARE(sqlite3_exec(db, "CREATE TABLE invoices(id INTEGER, amount REAL); INSERT INTO invoices VALUES (1, 2.5);",
                                  nullptr, nullptr, nullptr),
                     SQLITE_OK);
            sqlite3_close(db);
        }
        StudyLibrary library;
        QVERIFY(library.open(good));
        QSignalSpy reset(&library, &QAbstractItemModel::modelReset);
        QVERIFY(!library.open(bad));
        QVERIFY2(library.error().contains(bad), qPrintable(library.error()));
        QCOMPARE(library.path(), good);
        QCOMPARE(library.count(), 1);
        QCOMPARE(reset.count(), 0);
        // The good study still works.
        QVERIFY(library.rename(0, "still here"));
        QVERIFY(library.error().isEmpty());
    }

    void theDefaultStudyLivesInTheDataFolder()
    {
        const QString path = StudyLibrary::defaultPath();
        QVERIFY2(path.startsWith(home_.path()), qPrintable(path));  // isolated, not the user's
        QVERIFY(path.endsWith("/study.sqlite"));
        StudyLibrary library;
        QVERIFY(library.openDefault());
        QVERIFY(QFile::exists(path));
        QCOMPARE(library.count(), 0);
    }
};

QTEST_GUILESS_MAIN(TestPipelineStudy)
#include "tst_pipelinestudy.moc"
