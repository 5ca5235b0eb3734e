// The training-placement run kind beyond the conformance every kind passes: a fork keeps the
// rounds before its position exactly and runs the rest with its own placement, order and L (and
// explains each stretch with its own rules), the cursor's cells agree with the round records,
// the Gantt intervals hold exactly the GPU-hours the jobs held, the summary and JCT
// distribution agree with the job records, and inputs load or fail as contracts.md 4 says.
#include "io/InputError.h"
#include "run/RunKindRegistry.h"
#include "training/SlowdownBinning.h"
#include "training/VariabilityProfiles.h"
#include "training/placement/TrainingPlacementInputs.h"
#include "training/placement/TrainingPlacementRun.h"
#include "util/UsageError.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numeric>

using namespace tessera;
using namespace tessera::rounds;

namespace {

const RunKind& kind() { return RunKindRegistry::kind(TrainingPlacementRun::kKind); }

std::unique_ptr<TrainingPlacementRun> sampleRun(const std::string& policy, RunRequest request = {})
{
    request.policy = policy;
    auto run = kind().simulate(kind().conformanceSample(), request);
    return std::unique_ptr<TrainingPlacementRun>(dynamic_cast<TrainingPlacementRun*>(run.release()));
}

const TrainingPlacementRun& asPlacement(const Run& run) { return dynamic_cast<const TrainingPlacementRun&>(run); }

}  // namespace

class TestTrainingPlacementRun : public QObject {
    Q_OBJECT

private slots:
    void forkKeepsEarlierRoundsAndSwitchesPolicy()
    {
        const auto pal = sampleRun("pal");
        const auto random = sampleRun("random");
        QVERIFY(pal->result().rounds != random->result().rounds);  // the sample tells them apart
        const size_t k = pal->steps() / 3;
        QVERIFY(k > 1);
        const auto forked = kind().fork(*pal, k, RunRequest{"random", {}});
        const auto& fork = asPlacement(*forked);
        for (size_t i = 0; i < k; ++i)
            QCOMPARE(fork.result().rounds[i], pal->result().rounds[i]);
        QVERIFY(fork.result().rounds != pal->result().rounds);
        QCOMPARE(fork.info().policy, std::string("random"));
        // A fork at 0 is a fresh run of the new policy.
        const auto fromStart = kind().fork(*pal, 0, RunRequest{"random", {}});
        QVERIFY(asPlacement(*fromStart).result().rounds == random->result().rounds);
        QVERIFY(asPlacement(*fromStart).result().jobs == random->result().jobs);
        // A fork of the fork keeps both earlier stretches.
        const size_t k2 = (k + fork.steps()) / 2;
        const auto again = kind().fork(fork, k2, RunRequest{"pmfirst", {}});
        for (size_t i = 0; i < k2; ++i)
            QCOMPARE(asPlacement(*again).result().rounds[i], fork.result().rounds[i]);
        int phases = 0;
        for (const auto& [key, value] : again->info().parameters)
            phases += key.rfind("from round", 0) == 0;
        QCOMPARE(phases, 2);
    }

    // The scheduler's seam: a run in pieces is the run, and a simulation of other jobs cannot
    // take over a run under way.
    void aRunInPiecesIsTheRun()
    {
        const auto sample = std::dynamic_pointer_cast<const TrainingPlacementInputs>(kind().conformanceSample());
        const RoundCluster cluster = sample->cluster(16, 4, 42, VariabilityMode::Independent);
        const RoundSimulation simulation(sample->jobs(), cluster, RoundParameters{});
        const RoundRunResult whole = simulation.run();
        RoundProgress progress = simulation.start();
        simulation.advance(progress, 5);
        QCOMPARE(progress.result.rounds.size(), size_t(5));
        simulation.advance(progress, 40);
        QVERIFY(simulation.finish(std::move(progress)) == whole);
        std::vector<RoundJob> fewer(sample->jobs().begin(), sample->jobs().end() - 1);
        const RoundSimulation other(fewer, cluster, RoundParameters{});
        QVERIFY(!other.sameWorld(simulation));
        RoundProgress started = simulation.start();
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, other.advance(started));
        const RoundSimulation uniform(sample->jobs(), RoundCluster::uniform(16, 4), RoundParameters{});
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, uniform.advance(started));
    }

    void forkExplainsEachStretchWithItsOwnRules()
    {
        const auto pal = sampleRun("pal");
        const size_t k = pal->steps() / 2;
        const auto forked = kind().fork(*pal, k, RunRequest{"packed-sticky", {}});
        for (size_t step : {size_t(0), k - 1}) {
            const ExplanationTable a = pal->explain(step), b = forked->explain(step);
            QCOMPARE(b.subject, a.subject);
            QCOMPARE(b.rows.size(), a.rows.size());
            for (size_t r = 0; r < a.rows.size(); ++r)
                QCOMPARE(b.rows[r].candidate, a.rows[r].candidate);
        }
        const ExplanationTable after = forked->explain(k);
        QVERIFY2(after.subject.find("Packed (sticky)") != std::string::npos, after.subject.c_str());
        QVERIFY(pal->explain(k).subject.find("PAL") != std::string::npos);
        // Every chosen set names its GPUs, and no more jobs get a set than run after the round;
        // some round after the fork places a job.
        uint32_t chosenInAll = 0;
        for (size_t step = k; step < forked->steps(); ++step) {
            uint32_t chosen = 0;
            for (const auto& row : forked->explain(step).rows)
                if (row.chosen) {
                    ++chosen;
                    QCOMPARE(*row.text(6), std::string("chosen"));  // status
                    QVERIFY(row.text(1) && row.text(1)->rfind("GPU", 0) == 0);
                }
            QVERIFY(chosen <= asPlacement(*forked).result().rounds[step].jobsRunning);
            chosenInAll += chosen;
        }
        QVERIFY(chosenInAll > 0);
    }

    void forkMayChangeOrderAndLocalityButNotTheRound()
    {
        const auto pal = sampleRun("pal");
        const size_t k = pal->steps() / 2;
        const auto forked = kind().fork(*pal, k, RunRequest{"pal", {{"scheduler", "srtf"}, {"locality", "3"}}});
        const auto& fork = asPlacement(*forked);
        QCOMPARE(fork.parameters().scheduler, RoundScheduler::Srtf);
        QCOMPARE(fork.parameters().locality, 3.0);
        QVERIFY(fork.result().rounds != pal->result().rounds);
        QVERIFY_THROWS_EXCEPTION(UsageError, kind().fork(*pal, k, RunRequest{"pal", {{"round", "100"}}}));
        QVERIFY_THROWS_EXCEPTION(UsageError, kind().fork(*pal, k, RunRequest{"pal", {{"seed", "7"}}}));
    }

    void cursorAgreesWithTheRoundRecords()
    {
        const auto run = sampleRun("pmfirst");
        const uint32_t gpus = run->cluster().gpuCount();
        auto cursor = run->cursor();
        for (size_t p = 0; p <= run->steps(); ++p) {
            cursor->seek(p);
            std::vector<float> use, classes, jobs, nodes;
            cursor->cellUse(use);
            cursor->cellLayer(TrainingPlacementRun::kClassLayer, classes);
            cursor->cellLayer(TrainingPlacementRun::kJobLayer, jobs);
            cursor->groupValues(nodes);
            const float busy = std::accumulate(use.begin(), use.end(), 0.0f);
            const uint32_t free = p == 0 ? gpus : run->result().rounds[p - 1].freeGpus;
            QCOMPARE(uint32_t(busy), gpus - free);
            QCOMPARE(std::accumulate(nodes.begin(), nodes.end(), 0.0f), busy);
            for (uint32_t g = 0; g < gpus; ++g) {
                QCOMPARE(classes[g] >= 0, use[g] > 0);
                if (jobs[g] >= 0)
                    QCOMPARE(classes[g], float(run->result().jobs[size_t(jobs[g])].classIndex));
            }
            QCOMPARE(run->series().value("free_gpus", p), double(free));
        }
        QVERIFY(!cursor->describeCell(0).empty());
        QVERIFY(cursor->describeGroup(0).find("GPU 0") != std::string::npos);
        QCOMPARE(run->layout().layers[TrainingPlacementRun::kJobLayer].categories.size(), run->result().jobs.size());
    }

    // The score layer's ramp spans the scores that are no outliers by the binning's rule
    // (outlierLimit): a very slow GPU does not squash the others into the bottom of the ramp;
    // outliers take its top, an idle GPU 0.
    void scoreLayerLeavesOutliersOutOfItsRamp()
    {
        // GPUs score 0.95-1.105 for every class, but a few 3.0 (about 1 in 33): outliers by
        // the 3-sigma rule. The first seed whose draw makes every 3.0 an outlier; Packed, blind
        // to variability, puts jobs on them too.
        VariabilityProfiles profiles;
        for (auto& profile : profiles.classes) {
            for (int i = 0; i < 32; ++i)
                profile.samples.push_back(0.95 + 0.005 * i);
            profile.samples.push_back(3.0);
        }
        const auto sample = std::dynamic_pointer_cast<const TrainingPlacementInputs>(kind().conformanceSample());
        const auto inputs = std::make_shared<TrainingPlacementInputs>("outliers", sample->jobs(), profiles, "made up");
        std::unique_ptr<Run> run;
        double low = 0, high = 0;
        std::array<double, kRoundClasses> limits{};
        size_t outliers = 0;
        for (int seed = 1; seed <= 20 && (outliers == 0 || high > 1.2); ++seed) {
            run = kind().simulate(inputs, RunRequest{"packed", {{"seed", std::to_string(seed)}}});
            const RoundCluster& cluster = asPlacement(*run).cluster();
            low = std::numeric_limits<double>::infinity();
            high = 0;
            outliers = 0;
            for (uint32_t c = 0; c < kRoundClasses; ++c) {
                limits[c] = outlierLimit(cluster.perfVar[c]);
                for (double s : cluster.perfVar[c]) {
                    low = std::min(low, s);
                    if (s <= limits[c])
                        high = std::max(high, s);
                    else
                        ++outliers;
                }
            }
        }
        QVERIFY(outliers > 0);
        QVERIFY(high < 1.2);
        const RoundCluster& cluster = asPlacement(*run).cluster();
        auto cursor = run->cursor();
        float highestOfTheRest = 0;
        bool outlierShown = false;
        for (size_t p = 0; p <= run->steps(); ++p) {
            cursor->seek(p);
            std::vector<float> jobs, scores;
            cursor->cellLayer(TrainingPlacementRun::kJobLayer, jobs);
            cursor->cellLayer(TrainingPlacementRun::kScoreLayer, scores);
            for (uint32_t g = 0; g < cluster.gpuCount(); ++g) {
                if (jobs[g] < 0) {
                    QCOMPARE(scores[g], 0.0f);
                    continue;
                }
                const uint32_t c = asPlacement(*run).result().jobs[size_t(jobs[g])].classIndex;
                const double s = cluster.perfVar[c][g];
                QCOMPARE(scores[g], float(std::min(1.0, (s - low) / (high - low))));
                if (s > limits[c])
                    outlierShown = true;
                else
                    highestOfTheRest = std::max(highestOfTheRest, scores[g]);
            }
        }
        QVERIFY(outlierShown);
        QVERIFY2(highestOfTheRest > 0.5f, qPrintable(QString::number(highestOfTheRest)));
    }

    void intervalsHoldTheJobsGpuHours()
    {
        const auto run = sampleRun("packed");
        const RunIntervals& intervals = run->intervals();
        QCOMPARE(intervals.lanes.size(), size_t(run->cluster().gpuCount()));
        double intervalHours = 0, jobHours = 0;
        for (const RunInterval& i : intervals.intervals) {
            QVERIFY(i.toX > i.fromX);
            QVERIFY(i.category >= 0 && i.category < 4);
            intervalHours += i.toX - i.fromX;
        }
        for (const JobRecord& job : run->result().jobs)
            jobHours += job.gpuHours;
        QVERIFY(jobHours > 0);
        QVERIFY2(std::abs(intervalHours - jobHours) < 1e-9 * jobHours,
                 qPrintable(QString("%1 vs %2").arg(intervalHours).arg(jobHours)));
    }

    void summaryAndDistributionAgreeWithTheJobs()
    {
        const auto run = sampleRun("pal");
        const auto distributions = run->distributions();
        QCOMPARE(distributions.size(), size_t(1));
        QCOMPARE(distributions[0].values.size(), run->result().jobs.size());
        const double mean = std::accumulate(distributions[0].values.begin(), distributions[0].values.end(), 0.0)
            / double(distributions[0].values.size());
        for (const RunSummaryValue& v : run->summary())
            if (v.key == "mean_jct_h")
                QVERIFY(std::abs(v.value - mean) < 1e-9);
        QCOMPARE(run->series().value("jobs_completed", run->steps()), double(run->result().jobs.size()));
        QCOMPARE(run->words().step, std::string("round"));
    }

    // A run's name says every parameter off the kind's defaults and a missing variability
    // input, so runs that differ only in them read apart (W2); the defaults add nothing.
    void nameSaysWhatDiffersFromTheDefaults()
    {
        QCOMPARE(sampleRun("pal")->info().name, std::string("PAL · FIFO · seed 42"));
        const auto changed = sampleRun("pal", RunRequest{{}, {{"locality", "3"}, {"round", "600"}}});
        QCOMPARE(changed->info().name, std::string("PAL · FIFO · seed 42 · L 3× · round 600 s"));
        const auto sample = std::dynamic_pointer_cast<const TrainingPlacementInputs>(kind().conformanceSample());
        const auto plain = std::make_shared<const TrainingPlacementInputs>("plain", sample->jobs(), std::nullopt, "none");
        const auto bare = kind().simulate(plain, RunRequest{"pal", {{"scheduler", "las"}, {"nodes", "32"}}});
        QCOMPARE(bare->info().name, std::string("PAL · LAS · seed 42 · nodes 32 · no variability"));
    }

    void withoutVariabilityEveryGpuScoresOne()
    {
        const auto sample = std::dynamic_pointer_cast<const TrainingPlacementInputs>(kind().conformanceSample());
        const TrainingPlacementInputs plain("plain", sample->jobs(), std::nullopt, "none");
        const RoundCluster cluster = plain.cluster(4, 2, 42, VariabilityMode::Independent);
        for (const auto& scores : cluster.perfVar)
            for (double s : scores)
                QCOMPARE(s, 1.0);
        const RoundCluster varied = sample->cluster(4, 2, 42, VariabilityMode::Independent);
        QVERIFY(varied.perfVar != cluster.perfVar);
    }

    void inputsLoadOrFailAsTheContractSays()
    {
        QTemporaryDir dir;
        LoadWarnings warnings;
        QVERIFY_THROWS_EXCEPTION(UsageError, kind().loadInputs({}, warnings));
        const QString bad = dir.filePath("bad.csv");
        {
            QFile f(bad);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("job_id,num_gpus,submit_time,duration,model\n0,1,98,-5,vgg19\n");
        }
        try {
            kind().loadInputs({{"jobs", bad.toStdString()}}, warnings);
            QFAIL("a negative duration loaded");
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).find(":2: column duration") != std::string::npos, e.what());
        }
        const QString good = dir.filePath("good.csv");
        {
            QFile f(good);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("job_id,num_gpus,submit_time,duration,model\n0,1,98,1481.0,vgg19\n1,2,115,4037.0,DCGAN\n");
        }
        const auto inputs = kind().loadInputs({{"jobs", good.toStdString()}}, warnings);
        QCOMPARE(inputs->inputFiles().size(), size_t(1));
        QVERIFY_THROWS_EXCEPTION(InputError,
                                 kind().loadInputs({{"jobs", good.toStdString()}, {"variability", dir.path().toStdString()}}, warnings));
        const auto run = kind().simulate(inputs, RunRequest{"pal", {{"nodes", "1"}, {"gpus_per_node", "2"}}});
        QCOMPARE(asPlacement(*run).result().jobs.size(), size_t(2));
        // A job wider than the cluster: an error at its line, naming the cluster.
        try {
            kind().simulate(inputs, RunRequest{"pal", {{"nodes", "1"}, {"gpus_per_node", "1"}}});
            QFAIL("a 2-GPU job ran on 1 GPU");
        } catch (const InputError& e) {
            QCOMPARE(e.line(), 3L);
            QCOMPARE(e.column(), std::string("num_gpus"));
            QVERIFY2(std::string(e.what()).find("job 1 needs 2 GPUs, more than the 1 of the cluster (1 node of 1 GPU)") != std::string::npos, e.what());
        }
    }
};

QTEST_GUILESS_MAIN(TestTrainingPlacementRun)
#include "tst_trainingplacementrun.moc"
