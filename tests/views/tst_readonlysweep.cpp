// A sweep's study in the Library (review16 H8): opened read-only, so that it opens from a share the
// user cannot write (the normal case for a cluster's sweeps) and its runs load from there, while a
// working study is still opened for writing, and one of an older format is brought forward. The
// read-only share is real: file and folder lose their write permission, and when the test runs as
// root it first gives up the capabilities that let root write anyway, so the kernel refuses
// writes as it does a user's.
#include "run/PodSchedulingRun.h"
#include "runs/RunStorage.h"
#include "store/RunArchive.h"
#include "store/SqliteDatabase.h"
#include "store/StudySchema.h"
#include "store/StudyStore.h"
#include "store/SweepShardArchive.h"
#include "study/StudyLibrary.h"
#include "support/OlderStudy.h"
#include "support/TestRuns.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <linux/capability.h>
#include <sys/syscall.h>
#include <unistd.h>

using namespace tessera;
using tessera::views::StudyLibrary;

namespace {

// Root writes whatever the permissions say (CAP_DAC_OVERRIDE, CAP_FOWNER): drops them from this
// thread for good, effective and permitted (access(2) consults the permitted set for root).
bool dropRootWriteOverride()
{
    if (::geteuid() != 0)
        return true;
    __user_cap_header_struct header{_LINUX_CAPABILITY_VERSION_3, 0};
    __user_cap_data_struct data[2] = {};
    if (::syscall(SYS_capget, &header, data) != 0)
        return false;
    for (const int cap : {CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER}) {
        data[cap / 32].effective &= ~(1u << (cap % 32));
        data[cap / 32].permitted &= ~(1u << (cap % 32));
    }
    return ::syscall(SYS_capset, &header, data) == 0;
}

// One pod-scheduling run saved in `path`, as a shard of a sweep when `sweep`; returns its id.
int64_t writeStudy(const QString& path, bool sweep)
{
    StudyStore study(path.toStdString());
    SweepShardRecord record;
    record.sweepHash = "0123";
    record.command = "tessera-cli simulate --policy fgd";
    record.sweepRuns = 1;
    record.csvHeader = "policy,seed\n";
    if (sweep)
        SweepShardArchive::begin(study, record);
    const auto run = test::simulateRun(test::syntheticTrace(8, 30, 1), "fgd");
    const int64_t id = RunArchive::save(study, *run, "fgd 42");
    if (sweep)
        SweepShardArchive::finish(study, {{id, 0, "fgd,42\n"}});
    return id;
}

}  // namespace

class ReadOnlySweepTest : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    QString share_;

private slots:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        QVERIFY2(dropRootWriteOverride(), "cannot give up root's write override (capset)");
    }

    void aSweepOnAReadOnlyShareOpensAndItsRunsLoad()
    {
        const QString share = share_ = dir_.filePath("share");
        QVERIFY(QDir().mkpath(share));
        const QString sweep = share + "/study.sqlite", working = share + "/working.sqlite";
        const int64_t id = writeStudy(sweep, true);
        writeStudy(working, false);
        const QByteArray before = [&] {
            QFile file(sweep);
            return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
        }();
        const auto readOnly = QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther;
        QVERIFY(QFile::setPermissions(sweep, readOnly));
        QVERIFY(QFile::setPermissions(working, readOnly));
        QVERIFY(QFile::setPermissions(share, readOnly | QFile::ExeOwner | QFile::ExeGroup | QFile::ExeOther));
        // The share must really refuse writes here, or this test would prove nothing.
        QVERIFY2(::access(QFile::encodeName(sweep).constData(), W_OK) != 0, "the read-only file is writable");

        StudyLibrary library;
        QVERIFY2(library.open(sweep), qPrintable(library.error()));
        QVERIFY(library.readOnly());
        QCOMPARE(library.count(), 1);
        QCOMPARE(library.idAt(0), id);
        const auto run = views::RunStorage::load(sweep, id, {});
        QVERIFY(run);
        QCOMPARE(QString::fromStdString(run->info().name), QStringLiteral("fgd 42"));

        // A working study is written by the app: in that folder it cannot be, and the Library says so.
        StudyLibrary workingLibrary;
        QVERIFY(!workingLibrary.open(working));
        QVERIFY2(workingLibrary.error().contains("read-only"), qPrintable(workingLibrary.error()));

        QFile file(sweep);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), before);  // nothing of it was written
    }

    // The share writable again, whatever a failed check left, so that the folder can be removed.
    void cleanup()
    {
        if (!share_.isEmpty())
            QFile::setPermissions(share_, QFile::permissions(share_) | QFile::WriteOwner);
    }

    void anOlderWorkingStudyIsBroughtForward()
    {
        const QString path = dir_.filePath("older.sqlite");
        writeStudy(path, false);
        {
            sqlite::Database db(path.toStdString(), sqlite::Database::OpenMode::ExistingOnly);
            test::downgradeStudy(db, 6);  // before sweep_shard existed
        }
        StudyLibrary library;
        QVERIFY2(library.open(path), qPrintable(library.error()));
        QVERIFY(!library.readOnly());
        QCOMPARE(library.count(), 1);
        sqlite::Database db(path.toStdString(), sqlite::Database::OpenMode::ReadOnly);
        QCOMPARE(db.queryInteger("PRAGMA user_version"), int64_t(StudySchema::latestVersion()));
    }
};

QTEST_MAIN(ReadOnlySweepTest)
#include "tst_readonlysweep.moc"
