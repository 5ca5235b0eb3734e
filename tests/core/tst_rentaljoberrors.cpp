// Issue 14, walk W12: a job the renting kind refuses is an error at its own line and column,
// whichever stage refuses it (the job loader, or the speedup model looked up when the jobs become
// a rental workload), whatever the format and wherever the row lies in arrival order; a job file
// with no Pollux profiles beside it is an error of the file, at its first line.
#include "io/InputError.h"
#include "run/RunKindRegistry.h"
#include "training/rental-kind/TrainingRentalKind.h"
#include "training/rental-kind/TrainingRentalRun.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <optional>

using namespace tessera;

namespace {

const RunKind& rentKind() { return RunKindRegistry::kind(TrainingRentalRun::kKind); }

// The InputError that opening `jobs` with `profiles` throws, or nothing.
std::optional<InputError> openError(const QString& jobs, const std::string& profiles)
{
    LoadWarnings warnings;
    std::map<std::string, std::string> paths{{TrainingRentalKind::kJobsRole, jobs.toStdString()}};
    if (!profiles.empty())
        paths[TrainingRentalKind::kProfilesRole] = profiles;
    try {
        rentKind().loadInputs(paths, warnings);
    } catch (const InputError& e) {
        return e;
    }
    return std::nullopt;
}

// Writes `text` to `path`, making its folder; false when it cannot.
bool writeFile(const QString& path, const QByteArray& text)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(text) == text.size();
}

const QByteArray kGpt9OnLine3 = "name,time,application,num_replicas\na,0,cifar10,1\nb,60,gpt9,1\n";

}  // namespace

class RentalJobErrorsTest : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    std::string profiles_;

private slots:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        const QString made = dir_.filePath("made");
        QDir().mkpath(made);
        profiles_ = rentKind().writeConformanceFiles(made.toStdString()).at(TrainingRentalKind::kProfilesRole);
    }

    void everyFieldErrorNamesItsOwnLine_data()
    {
        QTest::addColumn<QString>("header");
        QTest::addColumn<QStringList>("good");  // two rows that load, the second arriving last
        QTest::addColumn<QString>("bad");       // arrives between them
        QTest::addColumn<QString>("column");
        QTest::addColumn<QString>("problem");   // a part of the problem's text

        const QString pollux = "name,time,application,num_replicas,batch_size";
        const QStringList polluxRows{"a,0,cifar10,1,128", "c,120,ncf,2,128"};
        QTest::newRow("pollux unknown application") << pollux << polluxRows << "b,60,gpt9,1,128" << "application"
                                                    << "unknown application: renting knows bert, cifar10";
        QTest::newRow("pollux empty application") << pollux << polluxRows << "b,60,,1,128" << "application" << "";
        QTest::newRow("pollux bad time") << pollux << polluxRows << "b,sixty,cifar10,1,128" << "time" << "";
        QTest::newRow("pollux negative time") << pollux << polluxRows << "b,-60,cifar10,1,128" << "time" << "";
        QTest::newRow("pollux no replicas") << pollux << polluxRows << "b,60,cifar10,0,128" << "num_replicas"
                                            << "at least 1 GPU";
        QTest::newRow("pollux bad replicas") << pollux << polluxRows << "b,60,cifar10,two,128" << "num_replicas" << "";
        QTest::newRow("pollux bad batch") << pollux << polluxRows << "b,60,cifar10,1,-8" << "batch_size" << "";
        QTest::newRow("pollux duplicate name") << pollux << polluxRows << "a,60,cifar10,1,128" << "name"
                                               << "duplicate job name";

        const QString tessera = "job_id,arrival_s,gpus,iterations,iteration_s,model,class";
        const QStringList tesseraRows{"0,0,1,100,1,cifar10,", "2,120,2,400,1,ncf,"};
        // A model of its own (class and iteration time given) loads, and has no speedup to rent.
        QTest::newRow("tessera unknown application") << tessera << tesseraRows << "1,60,1,100,1,gpt9,B" << "model"
                                                     << "unknown application: renting knows";
        QTest::newRow("tessera unknown model") << tessera << tesseraRows << "1,60,1,100,,gpt9," << "model"
                                               << "unknown model";
        QTest::newRow("tessera no work") << tessera << tesseraRows << "1,60,1,0,1,cifar10," << "iterations" << "";
        QTest::newRow("tessera duplicate id") << tessera << tesseraRows << "0,60,1,100,1,cifar10," << "job_id"
                                              << "duplicate job_id";
        QTest::newRow("tessera bad class") << tessera << tesseraRows << "1,60,1,100,1,cifar10,Z" << "class" << "";
    }

    // The bad row on line 3 and on line 4 (after a row that arrives later): the error names that
    // line and the row's column, never the header's line 1 or the first job's.
    void everyFieldErrorNamesItsOwnLine()
    {
        QFETCH(QString, header);
        QFETCH(QStringList, good);
        QFETCH(QString, bad);
        QFETCH(QString, column);
        QFETCH(QString, problem);
        for (const int line : {3, 4}) {
            QStringList rows = good;
            rows.insert(line - 2, bad);
            const QString path = dir_.filePath(QStringLiteral("workloads/jobs-%1.csv").arg(line));
            QVERIFY(writeFile(path, (header + '\n' + rows.join('\n') + '\n').toUtf8()));
            const auto error = openError(path, profiles_);
            QVERIFY2(error, qPrintable(bad));
            const QString text = QString::fromUtf8(error->what());
            const QString prefix = QStringLiteral("%1:%2: column %3: ").arg(path).arg(line).arg(column);
            QVERIFY2(text.startsWith(prefix), qPrintable(text + "\n  expected to start with " + prefix));
            QVERIFY2(text.contains(problem), qPrintable(text));
            QCOMPARE(error->line(), long(line));
        }
    }

    // The contract's form to the letter: FILE:LINE: column NAME: problem (value "...").
    void anUnknownApplicationReadsAsTheContractSays()
    {
        const QString path = dir_.filePath("workloads/gpt9.csv");
        QVERIFY(writeFile(path, kGpt9OnLine3));
        const auto error = openError(path, profiles_);
        QVERIFY(error);
        QCOMPARE(QString::fromUtf8(error->what()),
                 path + ":3: column application: unknown application: renting knows bert, cifar10, ncf, imagenet, "
                        "deepspeech2, yolov3 (value \"gpt9\")");
    }

    // No profiles given and none beside the file: the file's first line says where it looked.
    void noProfilesIsTheFilesError()
    {
        const QString path = dir_.filePath("lonely/workloads/jobs.csv");
        QVERIFY(writeFile(path, kGpt9OnLine3));
        const auto error = openError(path, {});
        QVERIFY(error);
        QCOMPARE(error->line(), 1L);
        const QString text = QString::fromUtf8(error->what());
        QVERIFY2(text.startsWith(path + ":1: no Pollux profiles folder beside the job file (looked in "
                                 + QDir::cleanPath(dir_.filePath("lonely/traces")) + ")"),
                 qPrintable(text));
        QVERIFY2(!text.contains("job 0") && !text.contains("cifar10"), qPrintable(text));  // no job is blamed
        // The folder where it looked, once there, is found without being given.
        QVERIFY(QDir().rename(QString::fromStdString(profiles_), dir_.filePath("lonely/traces")));
        const auto found = openError(path, {});
        QVERIFY(found);
        QVERIFY2(QString::fromUtf8(found->what()).startsWith(path + ":3: column application: unknown application"),
                 found->what());
        QVERIFY(QDir().rename(dir_.filePath("lonely/traces"), QString::fromStdString(profiles_)));
    }
};

QTEST_GUILESS_MAIN(RentalJobErrorsTest)
#include "tst_rentaljoberrors.moc"
