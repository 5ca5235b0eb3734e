// Open… without saying what a file is (walk14 W3): every registered kind is asked whether it
// reads the file, by its header (RunKind::recognise), and KindForFile picks one: the current
// kind when it reads the file, else the one made for it. Also what the renting kind says about
// the inputs it loaded (W19), what a fork's budget means (W5), and its fixed:K family (W18).
#include "run/KindForFile.h"
#include "run/RunKindRegistry.h"
#include "training/rent/FixedWidthPolicy.h"
#include "training/rental-kind/TrainingRentalKind.h"
#include "util/UsageError.h"

#include <fmt/format.h>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <fstream>

using namespace tessera;

namespace {

constexpr const char* kPod = "pod-scheduling";
constexpr const char* kPlace = "training-placement";
constexpr const char* kRent = "training-rent";

std::string write(const QTemporaryDir& dir, const char* name, const std::string& text)
{
    const std::string path = dir.filePath(QString::fromLatin1(name)).toStdString();
    std::ofstream(path, std::ios::binary) << text;
    return path;
}

}  // namespace

class KindForFileTest : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    std::string pollux_, blox_, nodes_, pods_, other_, empty_;

private slots:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        pollux_ = write(dir_, "workload-1.csv", "name,time,application,num_replicas,batch_size\ncifar10-0,107,cifar10,6,2048\n");
        blox_ = write(dir_, "blox.csv", "job_id,num_gpus,submit_time,duration,model\n1,4,0,100,resnet50\n");
        nodes_ = write(dir_, "n.csv", "\xEF\xBB\xBFsn,cpu_milli,memory_mib,gpu,model\r\nn1,1000,1024,1,T4\r\n");
        pods_ = write(dir_, "p.csv", "name,cpu_milli,memory_mib,num_gpu,gpu_milli\np1,1000,1024,1,1000\n");
        other_ = write(dir_, "other.csv", "alpha,beta\n1,2\n");
        empty_ = write(dir_, "empty.csv", "");
    }

    // A Pollux workload opens in the renting kind from any other kind, the fixed-cluster kind
    // reading it too; opened while training on a fixed cluster, it stays there.
    void aPolluxWorkloadOpensForRenting()
    {
        for (const char* current : {kPod, "mig-inference", kRent}) {
            const auto choice = KindForFile::choose(pollux_, current);
            QVERIFY(choice);
            QCOMPARE(choice->kind->id(), std::string(kRent));
            QCOMPARE(choice->role, std::string(TrainingRentalKind::kJobsRole));
            QCOMPARE(choice->others.size(), size_t(1));
            QCOMPARE(choice->others.front()->id(), std::string(kPlace));
        }
        const auto kept = KindForFile::choose(pollux_, kPlace);
        QVERIFY(kept);
        QCOMPARE(kept->kind->id(), std::string(kPlace));
        QCOMPARE(kept->others.front()->id(), std::string(kRent));
    }

    void aPalJobFileOpensOnAFixedCluster()
    {
        const auto choice = KindForFile::choose(blox_, kPod);
        QVERIFY(choice);
        QCOMPARE(choice->kind->id(), std::string(kPlace));
        // Renting reads it too (its models then need speedups), and keeps it when current.
        QCOMPARE(KindForFile::choose(blox_, kRent)->kind->id(), std::string(kRent));
    }

    // Node and pod lists go to the pod kind, from any kind, by header (a BOM and CRLF allowed).
    void traceListsOpenForPods()
    {
        const auto nodes = KindForFile::choose(nodes_, kRent);
        QVERIFY(nodes);
        QCOMPARE(nodes->kind->id(), std::string(kPod));
        QCOMPARE(nodes->role, std::string("nodes"));
        QVERIFY(nodes->others.empty());
        const auto pods = KindForFile::choose(pods_, kPlace);
        QVERIFY(pods);
        QCOMPARE(pods->kind->id(), std::string(kPod));
        QCOMPARE(pods->role, std::string("pods"));
    }

    void noKindReadsOtherFiles()
    {
        QVERIFY(!KindForFile::choose(other_, kPod));
        QVERIFY(!KindForFile::choose(empty_, kRent));
        QVERIFY(!KindForFile::choose(dir_.filePath("missing.csv").toStdString(), kPod));
        QVERIFY(!KindForFile::choose(dir_.path().toStdString(), kPod));  // a folder
    }

    // What the renting kind says about loaded inputs: jobs, applications, arrivals, and where the
    // profiles came from, found beside the job file or given.
    void theRentingSummarySaysWhatWasLoaded()
    {
        const RunKind& kind = RunKindRegistry::kind(kRent);
        QTemporaryDir files;
        QVERIFY(files.isValid());
        auto paths = kind.writeConformanceFiles(files.path().toStdString());
        LoadWarnings warnings;
        const auto given = kind.loadInputs(paths, warnings);
        const std::string summary = kind.inputsSummary(*given, paths);
        QVERIFY2(summary.find("24 jobs of 2 applications (cifar10, ncf), arriving over 0–3.8 h") == 0, summary.c_str());
        QVERIFY2(summary.find("; profiles: " + paths.at("profiles")) != std::string::npos, summary.c_str());
        QVERIFY2(summary.find("found beside") == std::string::npos, summary.c_str());

        // The same job file in <root>/workloads with the profiles at <root>/traces: found.
        QDir root(files.path());
        QVERIFY(root.mkpath("pollux/workloads"));
        QVERIFY(QDir().rename(QString::fromStdString(paths.at("profiles")), root.filePath("pollux/traces")));
        const std::string jobs = root.filePath("pollux/workloads/jobs.csv").toStdString();
        QVERIFY(QFile::copy(QString::fromStdString(paths.at("jobs")), QString::fromStdString(jobs)));
        const std::map<std::string, std::string> jobsOnly{{"jobs", jobs}};
        const auto found = kind.loadInputs(jobsOnly, warnings);
        const std::string foundSummary = kind.inputsSummary(*found, jobsOnly);
        QVERIFY2(foundSummary.find("; profiles: " + root.filePath("pollux/traces").toStdString() +
                                   " (found beside the job file)") != std::string::npos,
                 foundSummary.c_str());
    }

    // A fork's budget is the whole run's average: the dialog's note says so, with what the
    // kept part rented on average.
    void aForkBudgetNoteCountsTheKeptPart()
    {
        const RunKind& kind = RunKindRegistry::kind(kRent);
        const auto run = kind.simulate(kind.conformanceSample(), RunRequest{"boa", {{"budget", "16"}}});
        const size_t at = run->steps() / 2;
        const std::string note = kind.forkParameterNote(*run, at, "budget");
        QVERIFY2(note.find("the whole run") != std::string::npos, note.c_str());
        QVERIFY2(note.find("kept part included") != std::string::npos, note.c_str());
        const double average = run->series().value("average_rented_gpus", at);
        QVERIFY(average > 0);
        QVERIFY2(note.find(fmt::format("rented {:.1f} GPUs on average", average)) != std::string::npos, note.c_str());
        // At the time the dialog names for the position (RunHandle::xText reads row `at` too).
        QVERIFY2(note.find(fmt::format("up to {:.2f} h", run->series().value("time_h", at))) != std::string::npos,
                 note.c_str());
        QVERIFY(kind.forkParameterNote(*run, at, "seed").empty());
    }

    // The fixed:K family the menus offer a number for takes exactly the widths the CLI takes.
    void theFixedFamilyMatchesTheCli()
    {
        const RunKind& kind = RunKindRegistry::kind(kRent);
        int members = 0;
        for (const RunKindPolicy& p : kind.policies()) {
            if (p.argumentPrefix.empty())
                continue;
            ++members;
            QCOMPARE(p.argumentPrefix, std::string("fixed:"));
            QCOMPARE(p.argumentMin, 1);
            QCOMPARE(p.argumentMax, FixedWidthPolicy::kMaxGpus);
            QVERIFY(p.spec.rfind(p.argumentPrefix, 0) == 0);
            QVERIFY(!kind.policyProblem(p.argumentPrefix + std::to_string(p.argumentMax)));
            QVERIFY(!kind.policyProblem(p.argumentPrefix + std::to_string(p.argumentMin)));
            QVERIFY(kind.policyProblem(p.argumentPrefix + std::to_string(p.argumentMax + 1)));
            QVERIFY(kind.policyProblem(p.argumentPrefix + std::to_string(p.argumentMin - 1)));
        }
        QCOMPARE(members, 4);
    }
};

QTEST_GUILESS_MAIN(KindForFileTest)
#include "tst_kindforfile.moc"
