// Rental workloads (core/training/rent): the Pollux applications built from their profiles
// (PolluxApplications.h), a Pollux workload as rental jobs, a trace with iterations, and the
// seeded Poisson stream.
#include "../support/SharedData.h"
#include "io/InputError.h"
#include "training/JobFile.h"
#include "training/PowerLawSpeedup.h"
#include "training/rent/PoissonRentalWorkload.h"
#include "training/rent/PolluxApplications.h"
#include "training/rent/TraceRentalWorkload.h"

#include <algorithm>
#include <cmath>

#include <QDir>
#include <QFile>
#include <QTest>

#include <cmath>
#include <memory>

using namespace tessera;

namespace {

// The step time of `placement` at `localBsz` read straight from placements.csv.
double measuredStepTime(const std::string& path, const QString& placement, const QString& localBsz)
{
    QFile file(QString::fromStdString(path));
    if (!file.open(QIODevice::ReadOnly))
        return -1;
    while (!file.atEnd()) {
        const QStringList f = QString::fromUtf8(file.readLine()).trimmed().split(',');
        if (f.size() >= 3 && f[0] == placement && f[1] == localBsz)
            return f[2].toDouble();
    }
    return -1;
}

}  // namespace

class TestRentalWorkloads : public QObject {
    Q_OBJECT

private slots:
    void polluxApplicationsFollowTheSimulatorsDefinitions()
    {
        TESSERA_REQUIRE_SHARED("traces/pollux-osdi21/simulator/traces/bert/placements.csv");
        const auto apps = loadPolluxApplications(test::sharedPath("traces/pollux-osdi21/simulator/traces"));
        QCOMPARE(apps.size(), size_t(6));
        for (const PolluxApplication& app : apps) {
            QVERIFY2(app.sizeS > 0, app.name.c_str());
            QCOMPARE((*app.speedup.speedup)(1), 1.0);
            QCOMPARE(app.speedup.maxWidth(), 64.0);
            double previous = 1;
            for (double k = 2; k <= 64; ++k) {  // A1: non-decreasing and sub-linear
                const double s = (*app.speedup.speedup)(k);
                QVERIFY(s >= previous && s / k <= previous / (k - 1) + 1e-12);
                previous = s;
            }
        }
        // bert: batch 12 is its smallest validated one and measured at local batch 12, so no
        // interpolation: size = progress after 2 epochs x step time of placement 1, and
        // the speedup is PolluxSpeedup's, the one rule (docs/boa-choices.md), at every width.
        const PolluxApplication& bert = apps[0];
        QCOMPARE(bert.name, std::string("bert"));
        QCOMPARE(bert.initBatchSize, 12.0);
        const std::string placements = test::sharedPath("traces/pollux-osdi21/simulator/traces/bert/placements.csv");
        const double one = measuredStepTime(placements, "1", "12");
        const double four = measuredStepTime(placements, "4", "12");
        QVERIFY(one > 0 && four > 0);
        QCOMPARE(bert.sizeS, bert.progress * one);
        QVERIFY(bert.progress >= 14774);  // row 2 of validation-12.csv: 2 epochs
        const PolluxSpeedup rule = loadPolluxSpeedup(test::sharedPath("traces/pollux-osdi21/simulator/traces/bert"));
        QCOMPARE(bert.speedup.localBatch, rule.localBatch);
        for (double k = 1; k <= 64; ++k)
            QCOMPARE((*bert.speedup.speedup)(k), (*rule.speedup)(k));
        // Measured at local batch 12 on one GPU and on one node of 4, the rule's own points.
        QCOMPARE(rule.localBatch, 12.0);
        const auto atFour = std::find_if(rule.widths.begin(), rule.widths.end(), [](const PolluxWidth& w) { return w.gpus == 4; });
        QVERIFY(atFour != rule.widths.end());
        QVERIFY(std::abs(atFour->measuredSpeedup - 4 * one / four) <= 1e-12 * atFour->measuredSpeedup);
    }

    void malformedPolluxFoldersAreInputErrors()
    {
        const QString dir = QDir::tempPath() + "/tessera-pollux-bad";
        QDir(dir).removeRecursively();
        QVERIFY(QDir().mkpath(dir));
        const std::string path = dir.toStdString();
        const PolluxApplicationName bert{"bert", 2};
        QVERIFY_THROWS_EXCEPTION(InputError, loadPolluxApplication(path, bert));  // no validation file
        auto write = [&](const QString& name, const QByteArray& text) {
            QFile file(dir + "/" + name);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(text);
        };
        write("validation-x.csv", "progress,iteration,metric\n1,1,1\n");
        QVERIFY_THROWS_EXCEPTION(InputError, loadPolluxApplication(path, bert));  // not a batch size
        QFile::remove(dir + "/validation-x.csv");
        write("validation-12.csv", "progress,iteration,metric\n10,10,1\n");
        write("placements.csv", "placement,local_bsz,step_time,sync_time\n1,12,0.5,0.01\n");
        write("scalability.csv", "num_nodes,num_replicas,local_bsz,step_time,sync_time\n");
        QVERIFY_THROWS_EXCEPTION(InputError, loadPolluxApplication(path, bert));  // 2 epochs needed, 1 given
        write("validation-12.csv", "progress,iteration,metric\n10,10,1\n20,20,1\n");
        QVERIFY_THROWS_EXCEPTION(InputError, loadPolluxApplication(path, bert));  // no placement 2
        QDir(dir).removeRecursively();
    }

    void polluxWorkloadBecomesRentalJobs()
    {
        TESSERA_REQUIRE_SHARED("traces/pollux-osdi21/simulator/workloads/workload-1.csv");
        const auto apps = loadPolluxApplications(test::sharedPath("traces/pollux-osdi21/simulator/traces"));
        const JobTrace trace = loadJobs(test::sharedPath("traces/pollux-osdi21/simulator/workloads/workload-1.csv"));
        const RentalWorkload w = rentalWorkloadFromTrace(trace, polluxRentalModels(apps));
        QCOMPARE(w.jobs.size(), trace.jobs.size());
        double rates = 0;
        for (const JobType& t : w.types)
            rates += t.arrivalRate;
        const double span = w.jobs.back().arrivalS - w.jobs.front().arrivalS;
        QVERIFY(std::abs(rates - double(w.jobs.size()) / span) < 1e-9 * rates);
        for (const RentalJob& job : w.jobs) {
            const std::string& name = w.types[job.type].name;
            const auto app = std::find_if(apps.begin(), apps.end(), [&](const auto& a) { return a.name == name; });
            QVERIFY(app != apps.end());
            QCOMPARE(job.sizeS, app->sizeS);
            QCOMPARE(w.types[job.type].meanSize, app->sizeS);
        }
        // An application without a model is an error at its job's line (tst_rentaljoberrors has the class).
        QVERIFY_THROWS_EXCEPTION(InputError, rentalWorkloadFromTrace(trace, {}));
    }

    void iterationsGiveOneGpuWork()
    {
        JobTrace trace;
        trace.name = "hand";
        TrainingJob a;
        a.id = 7;
        a.arrivalS = 10;
        a.gpus = 4;
        a.iterations = 100;
        a.iterationS = 2;
        a.model = "sqrt";
        TrainingJob b = a;
        b.id = 3;
        b.arrivalS = 0;  // listed later, arrives first
        b.gpus = 1;
        trace.jobs = {a, b};
        const RentalModel sqrtModel{"sqrt", std::make_shared<PowerLawSpeedup>(0.5), 16, std::nullopt};
        const RentalWorkload w = rentalWorkloadFromTrace(trace, {sqrtModel});
        QCOMPARE(w.jobs[0].id, uint64_t(3));
        QCOMPARE(w.jobs[0].sizeS, 200.0);
        QCOMPARE(w.jobs[1].sizeS, 200.0 * 2);  // 200 s on 4 GPUs at s(4) = 2
        QCOMPARE(w.jobs[1].requestedGpus, 4);
        QCOMPARE(w.types[0].arrivalRate, 2 / 10.0);
        QCOMPARE(w.types[0].meanSize, 300.0);
        trace.jobs[0].iterations.reset();  // no iterations and no model size: refused
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, rentalWorkloadFromTrace(trace, {sqrtModel}));
    }

    void poissonStreamHasTheAskedRatesAndMeans()
    {
        JobType slow{"slow", 0.2, 4, std::make_shared<PowerLawSpeedup>(0.5), 8};
        JobType fast{"fast", 0.6, 1, std::make_shared<PowerLawSpeedup>(0.7), 8};
        const RentalWorkload w = poissonRentalWorkload({slow, fast}, 100000, 11);
        double count[2] = {0, 0}, work[2] = {0, 0};
        for (const RentalJob& job : w.jobs) {
            count[job.type] += 1;
            work[job.type] += job.sizeS;
        }
        const double span = w.jobs.back().arrivalS;
        QVERIFY(std::abs(double(w.jobs.size()) / span / 0.8 - 1) < 0.02);
        QVERIFY(std::abs(count[0] / double(w.jobs.size()) - 0.25) < 0.01);
        QVERIFY(std::abs(work[0] / count[0] / 4 - 1) < 0.03);
        QVERIFY(std::abs(work[1] / count[1] - 1) < 0.03);
        JobType idle = slow;
        idle.arrivalRate = 0;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, poissonRentalWorkload({idle}, 10, 1));
    }
};

QTEST_GUILESS_MAIN(TestRentalWorkloads)
#include "tst_rentalworkloads.moc"
