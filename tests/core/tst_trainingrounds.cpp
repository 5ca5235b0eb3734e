// The round scheduler's mechanics and records (training-boa-pal.md B2, B4, B5, B7) on small
// hand-checked clusters and job lists: completion at a round end, mid-round arrivals waiting, the
// speed model (slowest GPU, locality penalty), FIFO/LAS/SRTF, Packed-S tail preemption, stop at
// the first failure, preemption counts, the summary, determinism and the decision inspector.
#include "RoundTestWorld.h"
#include "training/rounds/RoundSimulation.h"

#include <QTest>

#include <stdexcept>

using namespace tessera;
using namespace tessera::rounds;
using namespace tessera::rounds::test;

class TestTrainingRounds : public QObject {
    Q_OBJECT

private slots:
    // A job finishing mid-round completes at the round end; one arriving mid-round waits for
    // the next boundary; JCT counts from the raw submit time.
    void completionAtRoundEndAndMidRoundArrivalWaits()
    {
        const RoundSimulation sim({makeJob(1, 0, 1, 150), makeJob(2, 30, 1, 150)}, RoundCluster::uniform(1, 2),
                                  params(RoundPlacement::Pal));
        const auto result = sim.run();
        const auto& first = recordOf(result, 1);
        QCOMPARE(first.firstStartS, 0.0);
        QCOMPARE(first.endS, 200.0);  // 100 iterations by T = 100, 200 >= 150 at T = 200
        QCOMPARE(first.jctS, 200.0);
        QVERIFY(qFuzzyCompare(first.gpuHours, 200.0 / 3600.0));
        const auto& second = recordOf(result, 2);
        QCOMPARE(second.firstStartS, 100.0);
        QCOMPARE(second.endS, 300.0);
        QCOMPARE(second.jctS, 270.0);

        // Round 3, at which job 2 completes and no job is left, is not recorded (docs/cli.md:
        // rows are rounds in which some job was admitted and unfinished).
        QCOMPARE(result.rounds.size(), size_t(3));
        const uint32_t running[] = {1, 2, 1};
        const uint32_t freeGpus[] = {1, 0, 1};
        for (uint32_t r = 0; r < 3; ++r) {
            QCOMPARE(result.rounds[r].round, r);
            QCOMPARE(result.rounds[r].timeS, 100.0 * r);
            QCOMPARE(result.rounds[r].jobsRunning, running[r]);
            QCOMPARE(result.rounds[r].jobsQueued, 0u);
            QCOMPARE(result.rounds[r].freeGpus, freeGpus[r]);
        }
        QCOMPARE(result.summary.meanJctS, 235.0);
        QVERIFY(qFuzzyCompare(result.summary.geomeanJctS, std::sqrt(200.0 * 270.0)));
        QCOMPARE(result.summary.p99JctS, 270.0);
        QCOMPARE(result.summary.makespanS, 300.0);
        QVERIFY(qFuzzyCompare(result.summary.meanUtilisation, 2.0 / 3.0));
        QCOMPARE(result.summary.meanResponsivenessS, 35.0);
    }

    // Rounds with nothing admitted and unfinished are skipped: before an arrival, and those at
    // which the last running job completed (4 and 12); the first job waits for the boundary after it.
    void idleRoundsAreSkipped()
    {
        const RoundSimulation sim({makeJob(1, 250, 1, 100), makeJob(2, 1050, 1, 100)}, RoundCluster::uniform(1, 1),
                                  params(RoundPlacement::PackedSticky));
        const auto result = sim.run();
        std::vector<uint32_t> rounds;
        for (const auto& r : result.rounds)
            rounds.push_back(r.round);
        QCOMPARE(rounds, (std::vector<uint32_t>{3, 11}));
        QCOMPARE(recordOf(result, 1).endS, 400.0);
        QCOMPARE(recordOf(result, 2).endS, 1200.0);
        QCOMPARE(result.summary.makespanS, 1200.0 - 250.0);
    }

    // A job spanning nodes runs L times slower; one in a node does not.
    void jobSpanningNodesPaysLocalityPenalty()
    {
        for (double locality : {1.0, 2.0}) {
            const RoundSimulation sim({makeJob(1, 0, 4, 100), makeJob(2, 0, 2, 100)}, RoundCluster::uniform(3, 2),
                                      params(RoundPlacement::Pal, RoundScheduler::Fifo, 100, locality));
            const auto result = sim.run();
            const auto& wide = recordOf(result, 1);
            QCOMPARE(wide.placements.size(), size_t(1));
            QCOMPARE(wide.placements[0].localityPenalty, locality);
            QCOMPARE(wide.endS, locality == 1.0 ? 100.0 : 200.0);  // 100 / L iterations per round
            const auto& narrow = recordOf(result, 2);
            QCOMPARE(narrow.placements[0].localityPenalty, 1.0);
            QCOMPARE(narrow.endS, 100.0);
        }
    }

    // The slowest GPU of the set gates the job (pm_penalty).
    void slowestGpuGatesTheJob()
    {
        RoundCluster cluster = RoundCluster::uniform(1, 4);
        cluster.perfVar[2][3] = 2.0;
        const RoundSimulation sim({makeJob(1, 0, 4, 100, 2)}, cluster, params(RoundPlacement::Packed));
        const auto result = sim.run();
        QCOMPARE(recordOf(result, 1).placements[0].pmPenalty, 2.0);
        QCOMPARE(recordOf(result, 1).endS, 200.0);
        // Another class does not see class C's slow GPU.
        const RoundSimulation other({makeJob(1, 0, 4, 100, 1)}, cluster, params(RoundPlacement::Packed));
        QCOMPARE(recordOf(other.run(), 1).endS, 100.0);
    }

    // PAL in a run: a slower bin in one node against a faster bin across nodes, decided by L.
    void palRunPicksWithinOrAcrossByLocality()
    {
        RoundCluster cluster = RoundCluster::uniform(2, 4);
        cluster.binnedSf[0] = {0.9, 0.9, 1.0, 1.0, 0.9, 0.9, 1.0, 1.0};
        cluster.perfVar[0] = cluster.binnedSf[0];
        const std::vector<RoundJob> jobs{makeJob(1, 0, 4, 1000)};
        const auto within = RoundSimulation(jobs, cluster, params(RoundPlacement::Pal)).run();
        QCOMPARE(within.jobs[0].placements[0].gpus, (GpuList{0, 1, 2, 3}));
        QCOMPARE(within.jobs[0].placements[0].pmPenalty, 1.0);
        QCOMPARE(within.jobs[0].placements[0].localityPenalty, 1.0);
        const RoundSimulation lowL(jobs, cluster, params(RoundPlacement::Pal, RoundScheduler::Fifo, 100, 1.05));
        const auto across = lowL.run();
        QCOMPARE(across.jobs[0].placements[0].gpus, (GpuList{0, 1, 4, 5}));
        QCOMPARE(across.jobs[0].placements[0].pmPenalty, 0.9);
        QCOMPARE(across.jobs[0].placements[0].localityPenalty, 1.05);
        // PM-First ignores L: it takes the four fastest GPUs, across nodes, at any L.
        const auto pmFirst = RoundSimulation(jobs, cluster, params(RoundPlacement::PmFirst)).run();
        QCOMPARE(pmFirst.jobs[0].placements[0].gpus, (GpuList{0, 1, 4, 5}));
        QCOMPARE(pmFirst.jobs[0].placements[0].localityPenalty, 1.7);
        // The inspector tells the same story.
        const auto decision = lowL.explainRound(across, 0);
        const auto& job = decisionOf(decision, 1);
        QVERIFY(job.placed);
        QCOMPARE(job.gpus, (GpuList{0, 1, 4, 5}));
        // Every step in cost order: within 0.9 (no room), across 0.9 (taken), and the two never
        // reached (tst_placementcandidates checks them in detail).
        QCOMPARE(job.candidates.size(), size_t(4));
        QCOMPARE(job.candidates[0].step, std::string("within ≤ 0.900"));
        QVERIFY(!job.candidates[0].chosen && job.candidates[0].reached);
        QVERIFY(job.candidates[1].chosen);
        QVERIFY(!job.candidates[2].reached && !job.candidates[3].reached);
        QCOMPARE(job.why, std::string("placed by: across ≤ 0.900"));
    }

    // One GPU, a long job and a short one: FIFO runs them in submit order, LAS lets the short
    // one in after the long one has run a round, SRTF runs the short one first.
    void schedulersGiveDifferentOrders()
    {
        const std::vector<RoundJob> jobs{makeJob(1, 0, 1, 500), makeJob(2, 0, 1, 100)};
        const auto cluster = RoundCluster::uniform(1, 1);
        const auto fifo = RoundSimulation(jobs, cluster, params(RoundPlacement::Pal, RoundScheduler::Fifo)).run();
        QCOMPARE(recordOf(fifo, 1).endS, 500.0);
        QCOMPARE(recordOf(fifo, 2).endS, 600.0);
        QCOMPARE(fifo.summary.totalPreemptions, uint64_t(0));
        const auto las = RoundSimulation(jobs, cluster, params(RoundPlacement::Pal, RoundScheduler::Las)).run();
        QCOMPARE(recordOf(las, 2).firstStartS, 100.0);
        QCOMPARE(recordOf(las, 2).endS, 200.0);
        QCOMPARE(recordOf(las, 1).endS, 600.0);
        QCOMPARE(recordOf(las, 1).preemptions, 1u);
        QCOMPARE(recordOf(las, 1).placements.size(), size_t(2));
        QCOMPARE(las.rounds[1].preemptions, 1u);
        const auto srtf = RoundSimulation(jobs, cluster, params(RoundPlacement::Pal, RoundScheduler::Srtf)).run();
        QCOMPARE(recordOf(srtf, 2).endS, 100.0);
        QCOMPARE(recordOf(srtf, 1).endS, 600.0);
    }

    // Packed-S: a job ahead in the order that does not fit preempts running jobs strictly behind
    // it, from the tail, until it fits.
    void packedStickyPreemptsFromTheTail()
    {
        for (uint32_t width : {2u, 4u}) {
            const std::vector<RoundJob> jobs{makeJob(1, 0, 2, 5000), makeJob(2, 0, 2, 5000),
                                             makeJob(3, 50, width, 5000)};
            const RoundSimulation sim(jobs, RoundCluster::uniform(2, 2),
                                      params(RoundPlacement::PackedSticky, RoundScheduler::Las));
            const auto result = sim.run();
            QCOMPARE(heldAt(recordOf(result, 1), 0), (GpuList{0, 1}));
            QCOMPARE(heldAt(recordOf(result, 2), 0), (GpuList{2, 3}));
            // Round 1: job 3 (no service yet) comes first; job 2, the tail, goes first.
            const auto decision = sim.explainRound(result, 1);
            const auto& newcomer = decisionOf(decision, 3);
            QVERIFY(newcomer.placed);
            if (width == 2) {
                QCOMPARE(newcomer.preemptedForIt, (std::vector<uint32_t>{2}));
                QCOMPARE(newcomer.gpus, (GpuList{2, 3}));
                QCOMPARE(heldAt(recordOf(result, 1), 1), (GpuList{0, 1}));  // job 1 keeps its GPUs
                QCOMPARE(result.rounds[1].preemptions, 1u);
            } else {
                QCOMPARE(newcomer.preemptedForIt, (std::vector<uint32_t>{2, 1}));
                QCOMPARE(newcomer.gpus, (GpuList{0, 1, 2, 3}));
                QCOMPARE(result.rounds[1].preemptions, 2u);
            }
            QVERIFY(heldAt(recordOf(result, 2), 1).empty());
            QVERIFY(!decisionOf(decision, 2).placed);
        }
    }

    // Packed-NS stops at the first job that does not fit, even if a later one would.
    void packedNonStickyStopsAtFirstFailure()
    {
        const std::vector<RoundJob> jobs{makeJob(1, 0, 3, 100), makeJob(2, 0, 2, 100), makeJob(3, 0, 1, 100)};
        for (auto placement : {RoundPlacement::Packed, RoundPlacement::Pal}) {
            const RoundSimulation sim(jobs, RoundCluster::uniform(2, 2), params(placement));
            const auto result = sim.run();
            QCOMPARE(result.rounds[0].jobsRunning, 1u);
            QCOMPARE(result.rounds[0].jobsQueued, 2u);
            QCOMPARE(result.rounds[0].freeGpus, 1u);
            QCOMPARE(recordOf(result, 1).placements[0].gpus, (GpuList{0, 1, 2}));
            // Not backfilled into the free GPU: job 1 spans nodes (100 / 1.7 iterations a round), so
            // it finishes at T = 200 and only then do jobs 2 and 3 start.
            QCOMPARE(recordOf(result, 1).endS, 200.0);
            QCOMPARE(recordOf(result, 2).firstStartS, 200.0);
            QCOMPARE(recordOf(result, 3).firstStartS, 200.0);
            const auto decision = sim.explainRound(result, 0);
            QVERIFY(!decisionOf(decision, 2).placed);
            QVERIFY(QString::fromStdString(decisionOf(decision, 2).why).startsWith("cannot be placed"));
            QVERIFY(QString::fromStdString(decisionOf(decision, 3).why).startsWith("not tried"));
        }
    }

    // Preemptions: a job moved to other GPUs counts, a job re-placed on its own set does not
    // (also under Packed-NS, where the reference would count every running job every round).
    void preemptionsCountMovedJobsOnly()
    {
        const std::vector<RoundJob> jobs{makeJob(1, 0, 1, 1000, 3), makeJob(2, 50, 1, 1000, 0)};
        const auto pal = RoundSimulation(jobs, RoundCluster::uniform(1, 2), params(RoundPlacement::Pal)).run();
        // Round 1: the class-A newcomer sorts first and takes GPU 0; job 1 moves to GPU 1.
        QCOMPARE(pal.rounds[0].preemptions, 0u);
        QCOMPARE(pal.rounds[1].preemptions, 1u);
        QCOMPARE(pal.rounds[2].preemptions, 0u);
        const auto& moved = recordOf(pal, 1);
        QCOMPARE(moved.preemptions, 1u);
        QCOMPARE(moved.placements.size(), size_t(2));
        QCOMPARE(moved.placements[0].gpus, GpuList{0});
        QCOMPARE(moved.placements[0].fromRound, 0u);
        QCOMPARE(moved.placements[0].toRound, 1u);
        QCOMPARE(moved.placements[1].gpus, GpuList{1});
        QCOMPARE(moved.placements[1].startS, 100.0);
        QCOMPARE(pal.summary.totalPreemptions, uint64_t(1));

        const auto packed = RoundSimulation(jobs, RoundCluster::uniform(1, 2), params(RoundPlacement::Packed)).run();
        // Packed-NS re-places both jobs every round on the same GPUs (0 and 1): no preemptions,
        // until job 1 finishes at T = 1000 and the best fit moves job 2 from GPU 1 to GPU 0.
        for (uint32_t r = 0; r < 10; ++r)
            QCOMPARE(packed.rounds[r].preemptions, 0u);
        QCOMPARE(recordOf(packed, 1).placements.size(), size_t(1));
        QCOMPARE(recordOf(packed, 1).endS, 1000.0);
        QCOMPARE(packed.rounds[10].preemptions, 1u);
        QCOMPARE(recordOf(packed, 2).placements[1].gpus, GpuList{0});
        QCOMPARE(packed.summary.totalPreemptions, uint64_t(1));
    }

    void stickyRandomNeverMovesNonStickyRandomDoes()
    {
        const auto cluster = variedCluster();
        const auto sticky = RoundSimulation(mixedJobs(), cluster, params(RoundPlacement::RandomSticky)).run();
        for (const auto& job : sticky.jobs) {
            QCOMPARE(job.placements.size(), size_t(1));
            QCOMPARE(job.preemptions, 0u);
        }
        const auto redrawn = RoundSimulation(mixedJobs(), cluster, params(RoundPlacement::Random)).run();
        QVERIFY(redrawn.summary.totalPreemptions > 0);
    }

    void everyJobCompletesUnderEveryPolicyAndScheduler()
    {
        for (auto placement : kAllPlacements)
            for (auto scheduler : {RoundScheduler::Fifo, RoundScheduler::Las, RoundScheduler::Srtf}) {
                const auto result = RoundSimulation(mixedJobs(), variedCluster(), params(placement, scheduler)).run();
                QCOMPARE(result.jobs.size(), size_t(40));
                for (const auto& job : result.jobs) {
                    QVERIFY(job.endS > job.firstStartS);
                    QVERIFY(job.firstStartS >= job.arrivalS);
                    QCOMPARE(job.jctS, job.endS - job.arrivalS);
                    for (const auto& span : job.placements)
                        QCOMPARE(span.gpus.size(), size_t(job.width));
                }
                // Every recorded round has a job admitted and unfinished; the last completion
                // comes after the last recorded round.
                double lastEnd = 0;
                for (const auto& job : result.jobs)
                    lastEnd = std::max(lastEnd, job.endS);
                for (const auto& round : result.rounds) {
                    QCOMPARE(round.freeGpus, 16u - uint32_t(std::lround(round.utilisation * 16)));
                    QVERIFY(round.jobsRunning + round.jobsQueued > 0);
                }
                QCOMPARE(result.rounds.back().timeS + 100, lastEnd);
            }
    }

    // Same inputs and seed, same records; another seed changes the Random draws only.
    void runsAreDeterministic()
    {
        for (auto placement : kAllPlacements) {
            const auto a = RoundSimulation(mixedJobs(), variedCluster(), params(placement, RoundScheduler::Las)).run();
            const auto b = RoundSimulation(mixedJobs(), variedCluster(), params(placement, RoundScheduler::Las)).run();
            QVERIFY(a == b);
            auto shuffled = mixedJobs();
            std::reverse(shuffled.begin(), shuffled.end());
            QVERIFY(RoundSimulation(shuffled, variedCluster(), params(placement, RoundScheduler::Las)).run() == a);
            const auto other =
                RoundSimulation(mixedJobs(), variedCluster(), params(placement, RoundScheduler::Las, 100, 1.7, 7)).run();
            const bool random = placement == RoundPlacement::Random || placement == RoundPlacement::RandomSticky;
            QCOMPARE(other == a, !random);
        }
    }

    // The inspector re-runs a round from the nearest saved state and tells what the run did.
    void explainedRoundsMatchTheRun()
    {
        for (auto placement : kAllPlacements) {
            const RoundSimulation sim(mixedJobs(), variedCluster(), params(placement, RoundScheduler::Las));
            const auto result = sim.run();
            QVERIFY(result.rounds.size() > 2 * RoundSimulation::kCheckpointEvery);
            for (const auto& round : result.rounds) {
                const auto decision = sim.explainRound(result, round.round);
                QCOMPARE(decision.round, round.round);
                QCOMPARE(uint32_t(decision.preemptedJobs.size()), round.preemptions);
                uint32_t placed = 0;
                for (const auto& job : decision.jobs) {
                    QCOMPARE(job.gpus, heldAt(recordOf(result, job.jobId), round.round));
                    if (!job.placed)
                        continue;
                    ++placed;
                    if (!job.candidates.empty()) {
                        // One step taken, the job's set; the steps never reached after it.
                        const auto chosen = std::find_if(job.candidates.begin(), job.candidates.end(),
                                                         [](const CandidateSet& c) { return c.chosen; });
                        QVERIFY(chosen != job.candidates.end());
                        QCOMPARE(chosen->gpus, job.gpus);
                        QVERIFY(std::none_of(chosen + 1, job.candidates.end(),
                                             [](const CandidateSet& c) { return c.reached || c.chosen; }));
                    }
                }
                QCOMPARE(placed, round.jobsRunning);
            }
            QVERIFY_THROWS_EXCEPTION(std::out_of_range, sim.explainRound(result, result.rounds.back().round + 1));
        }
    }

    void summaryUsesNearestRankP99()
    {
        std::vector<JobRecord> jobs;
        for (int i = 1; i <= 200; ++i)
            jobs.push_back(JobRecord{uint32_t(i), 1, 0, 0, 0, double(i), double(i), 0, 0, {}});
        const auto summary = summarise({}, jobs);
        QCOMPARE(summary.p99JctS, 198.0);  // ceil(0.99 * 200) = 198th smallest
        QCOMPARE(summary.meanJctS, 100.5);
        jobs.resize(10);
        QCOMPARE(summarise({}, jobs).p99JctS, 10.0);  // ceil(9.9) = 10th
        jobs = {JobRecord{1, 1, 0, 0, 0, 1, 1, 0, 0, {}}, JobRecord{2, 1, 0, 0, 0, 100, 100, 0, 0, {}}};
        QVERIFY(qFuzzyCompare(summarise({}, jobs).geomeanJctS, 10.0));
    }

    void badInputsAreRefused()
    {
        const auto cluster = RoundCluster::uniform(1, 4);
        const auto refuses = [&](std::vector<RoundJob> jobs, RoundParameters p, const char* words) {
            try {
                RoundSimulation(std::move(jobs), cluster, p);
            } catch (const std::invalid_argument& error) {
                return QString(error.what()).contains(words);
            }
            return false;
        };
        const auto p = params(RoundPlacement::Pal);
        QVERIFY(refuses({makeJob(1, 0, 5, 10)}, p, "needs 5 GPUs; the cluster has 4"));
        QVERIFY(refuses({makeJob(1, 0, 0, 10)}, p, "needs 0 GPUs"));
        QVERIFY(refuses({makeJob(1, 0, 1, 10, 4)}, p, "class index 4"));
        QVERIFY(refuses({makeJob(1, 0, 1, 10), makeJob(1, 5, 1, 10)}, p, "used twice"));
        QVERIFY(refuses({makeJob(1, 0, 1, 0)}, p, "iterations is not positive"));
        QVERIFY(refuses({makeJob(1, -1, 1, 10)}, p, "submit time"));
        QVERIFY(refuses({makeJob(1, 0, 1, 10)}, params(RoundPlacement::Pal, RoundScheduler::Fifo, 0), "round length"));
        RoundCluster broken = cluster;
        broken.binnedSf[2].pop_back();
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, RoundSimulation({}, broken, p));
    }
};

QTEST_APPLESS_MAIN(TestTrainingRounds)
#include "tst_trainingrounds.moc"
