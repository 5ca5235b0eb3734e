// Training jobs (core/training): the model table, the five job formats (every real job file of
// pal-sia-philly, gavel-msr and pollux-osdi21 loads), each class of malformed file is an input
// error naming file, line and column, Tessera's format round-trips, and the generator is
// deterministic, follows B6 A3's distributions and makes the bundled traces/training/default.csv.
#include "support/CliRunner.h"
#include "support/InputErrorMatch.h"
#include "support/SharedData.h"
#include "support/TestFiles.h"
#include "TrainingTestFiles.h"
#include "training/JobFile.h"
#include "training/JobGenerator.h"
#include "training/TrainingModels.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

#include <map>
#include <set>
#include <sstream>

using namespace tessera;
using tessera::test::fileWith;

namespace {

const QString kDefaultJobs = QStringLiteral(TESSERA_SOURCE_DIR "/traces/training/default.csv");

std::string jobsText(const std::vector<TrainingJob>& jobs)
{
    std::ostringstream out;
    writeJobs(out, jobs);
    return out.str();
}

QStringList filesIn(const QString& relative, const QString& pattern)
{
    const QDir dir(test::sharedDir() + "/" + relative);
    QStringList paths;
    for (const QString& name : dir.entryList({pattern}, QDir::Files, QDir::Name))
        paths << dir.filePath(name);
    return paths;
}

}  // namespace

class TestTrainingJobs : public QObject {
    Q_OBJECT

private slots:
    void modelTableGivesClassAndIterationTime()
    {
        // B1: PAL's six models with their iteration times, Synergy's mapping, the default B.
        const auto resnet = findTrainingModel("resnet50");
        QVERIFY(resnet);
        QCOMPARE(resnet->jobClass, JobClass::A);
        QCOMPARE(resnet->iterationS, 0.17540429367763434);
        QCOMPARE(findTrainingModel("vgg19")->jobClass, JobClass::C);
        QCOMPARE(findTrainingModel("PointNet")->jobClass, JobClass::D);
        QCOMPARE(findTrainingModel("GPT2")->iterationS, 3.5714);
        QCOMPARE(findTrainingModel("DCGAN")->jobClass, JobClass::B);
        QCOMPARE(findTrainingModel("alexnet")->jobClass, JobClass::A);
        QCOMPARE(findTrainingModel("res18")->jobClass, JobClass::C);
        QCOMPARE(findTrainingModel("shufflenet")->jobClass, JobClass::D);
        QCOMPARE(findTrainingModel("transformer")->jobClass, JobClass::B);
        QCOMPARE(findTrainingModel("res50")->iterationS, 1.0);
        QVERIFY(!findTrainingModel("no-such-model"));
        QCOMPARE(kUnknownModelClass, JobClass::B);
        QCOMPARE(parseJobClass("classC"), std::optional<JobClass>(JobClass::C));
        QCOMPARE(parseJobClass("E"), std::optional<JobClass>());
    }

    void idealSecondsIsIterationsTimesIterationTime()
    {
        TrainingJob job;
        job.iterations = 1000;
        job.iterationS = 0.25;
        QCOMPARE(*job.idealSeconds(), 250.0);
        job.iterations.reset();
        QVERIFY(!job.idealSeconds());
    }

    void eachFormatIsDetectedFromItsHeader()
    {
        QTemporaryDir tmp;
        const auto blox = loadJobs(fileWith(tmp, "blox.csv",
                                            "job_id,num_gpus,submit_time,duration,model\n"
                                            "0,4,98,1481.0,resnet50\n"
                                            "7,1,115,40,mystery\n"));
        QCOMPARE(blox.format, JobFormat::Blox);
        QCOMPARE(blox.name, std::string("blox"));
        QCOMPARE(blox.jobs.size(), size_t(2));
        QCOMPARE(blox.jobs[0].gpus, 4);
        QCOMPARE(*blox.jobs[0].iterations, 1481.0);
        QCOMPARE(blox.jobs[0].iterationS, 0.17540429367763434);
        QCOMPARE(blox.jobs[0].jobClass, JobClass::A);
        // An unknown model: the reference's class B at 1 s.
        QCOMPARE(blox.jobs[1].id, uint64_t(7));
        QCOMPARE(blox.jobs[1].jobClass, JobClass::B);
        QCOMPARE(blox.jobs[1].iterationS, 1.0);

        const auto pollux = loadJobs(fileWith(tmp, "pollux.csv",
                                              "name,time,application,num_replicas,batch_size\n"
                                              "cifar10-0,107,cifar10,6,2048\n"
                                              "imagenet-1,110,imagenet,2,320\n"));
        QCOMPARE(pollux.format, JobFormat::Pollux);
        QCOMPARE(pollux.jobs[1].id, uint64_t(1));
        QCOMPARE(pollux.jobs[1].name, std::string("imagenet-1"));
        QCOMPARE(pollux.jobs[1].jobClass, JobClass::A);
        QCOMPARE(pollux.jobs[0].batchSize, 2048);
        QVERIFY(!pollux.jobs[0].iterations);  // Pollux traces carry no work

        // The Philly job log: arrivals after the earliest timestamp, seconds of work, class B.
        const auto log = loadJobs(fileWith(tmp, "philly.csv",
                                           "timestamp,duration,num_gpus,gpu_time,cluster\n"
                                           "2017-10-09 07:01:55,66.0,1,66.0,11cb48\n"
                                           "2017-10-08 07:00:00,2951.0,8,23608.0,6214e9\n"
                                           "2016-02-29 00:00:00,10,2,20,x\n"));
        QCOMPARE(log.format, JobFormat::PhillyLog);
        QCOMPARE(log.jobs[2].arrivalS, 0.0);
        QCOMPARE(log.jobs[1].arrivalS, 587.0 * 86400 + 7 * 3600);  // 587 days later (2016 is leap), at 07:00
        QCOMPARE(log.jobs[0].arrivalS - log.jobs[1].arrivalS, 86400.0 + 115);
        QCOMPARE(log.jobs[1].gpus, 8);
        QCOMPARE(*log.jobs[1].iterations, 2951.0);
        QCOMPARE(log.jobs[1].iterationS, 1.0);
        QCOMPARE(log.jobs[1].model, std::string(kPhillyLogModel));
        QCOMPARE(log.jobs[1].jobClass, JobClass::B);

        const auto gavel = loadJobs(fileWith(tmp, "g.trace",
                                             "ResNet-50 (batch size 64)\tcmd %s\t-n\t1\t95121\t0.000000\t4\n"
                                             "LM (batch size 20)\tcmd\t--steps\t1\t10000\t6.5\t1\n"));
        QCOMPARE(gavel.format, JobFormat::Gavel);
        QCOMPARE(gavel.jobs[0].model, std::string("ResNet-50"));
        QCOMPARE(gavel.jobs[0].batchSize, 64);
        QCOMPARE(gavel.jobs[0].gpus, 4);
        QCOMPARE(*gavel.jobs[0].iterations, 95121.0);
        QCOMPARE(gavel.jobs[0].jobClass, JobClass::A);
        QCOMPARE(gavel.jobs[1].arrivalS, 6.5);
        QCOMPARE(gavel.jobs[1].jobClass, JobClass::D);

        const auto own = loadJobs(fileWith(tmp, "own.csv",
                                           "model,job_id,arrival_s,gpus,iterations,iteration_s,class\n"
                                           "resnet50,3,10,2,100,,\n"
                                           "custom,4,20,1,,0.5,D\n"));
        QCOMPARE(own.format, JobFormat::Tessera);
        QCOMPARE(own.jobs[0].iterationS, 0.17540429367763434);  // empty: the model's
        QCOMPARE(own.jobs[1].jobClass, JobClass::D);
        QCOMPARE(own.jobs[1].iterationS, 0.5);
        QVERIFY(!own.jobs[1].iterations);
    }

    void everySharedJobFileLoads_data()
    {
        QTest::addColumn<QString>("folder");
        QTest::addColumn<QString>("pattern");
        QTest::addColumn<int>("format");
        QTest::addColumn<int>("files");
        QTest::newRow("philly") << "traces/pal-sia-philly/philly" << "*.csv" << int(JobFormat::Blox) << 8;
        QTest::newRow("synergy") << "traces/pal-sia-philly/synergy_shockwave" << "*.csv" << int(JobFormat::Blox) << 3;
        QTest::newRow("gavel") << "traces/gavel-msr/scheduler/traces/msr/seed=0" << "*.trace" << int(JobFormat::Gavel)
                               << 15;
        QTest::newRow("philly-log") << "traces/pollux-osdi21/simulator/traces" << "philly.csv"
                                    << int(JobFormat::PhillyLog) << 1;
        for (const char* folder : {"workloads", "workloads-0.5", "workloads-1.5", "workloads-2.0", "workloads-realistic"})
            QTest::newRow(folder) << QString("traces/pollux-osdi21/simulator/") + folder << "*.csv"
                                  << int(JobFormat::Pollux) << 8;
    }

    void everySharedJobFileLoads()
    {
        QFETCH(QString, folder);
        QFETCH(QString, pattern);
        QFETCH(int, format);
        QFETCH(int, files);
        TESSERA_REQUIRE_SHARED(folder);
        const QStringList paths = filesIn(folder, pattern);
        QCOMPARE(paths.size(), files);
        for (const QString& path : paths) {
            LoadWarnings warnings;
            JobTrace trace;
            try {
                trace = loadJobs(path.toStdString(), warnings);
            } catch (const std::exception& e) {
                QFAIL(e.what());
            }
            QCOMPARE(int(trace.format), format);
            QVERIFY(!trace.jobs.empty());
            for (const TrainingJob& job : trace.jobs)
                QVERIFY(job.gpus >= 1 && job.arrivalS >= 0 && !job.model.empty());
            // Only Gavel's ee9e8c.trace ends with an interrupted line (traces.md 4); every Gavel
            // trace gets one note on its iteration times; no file names a model the table lacks.
            const bool cut = path.endsWith("ee9e8c.trace");
            const bool gavel = format == int(JobFormat::Gavel);
            QCOMPARE(warnings.lines.size(), size_t(cut ? 1 : 0) + size_t(gavel ? 1 : 0));
            if (cut)
                QCOMPARE(trace.jobs.size(), size_t(1958));
        }
    }

    void philllyTracesMatchTheirInvariants()
    {
        TESSERA_REQUIRE_SHARED("traces/pal-sia-philly/philly");
        // training-boa-pal.md, data invariants: 160 jobs, max width 24-48, submissions < 18,000 s,
        // PAL's six models only (none falls back to the unknown-model default).
        for (const QString& path : filesIn("traces/pal-sia-philly/philly", "workload-*.csv")) {
            const auto trace = loadJobs(path.toStdString());
            QCOMPARE(trace.jobs.size(), size_t(160));
            int widest = 0;
            double last = 0;
            for (const auto& job : trace.jobs) {
                widest = std::max(widest, job.gpus);
                last = std::max(last, job.arrivalS);
                const auto model = findTrainingModel(job.model);
                QVERIFY2(model && model->iterationS != 1, job.model.c_str());
            }
            QVERIFY(widest >= 24 && widest <= 48);
            QVERIFY(last < 18000);
        }
    }

    void malformedFilesNameFileLineAndColumn()
    {
        QTemporaryDir tmp;
        const QByteArray own = "job_id,arrival_s,gpus,iterations,iteration_s,model,class\n";
        const QByteArray blox = "job_id,num_gpus,submit_time,duration,model\n";
        std::string p;

        p = fileWith(tmp, "a.csv", own + "1,0,1,10,1,resnet50,A\n1,5,1,10,1,resnet50,A\n");
        EXPECT_INPUT_ERROR(loadJobs(p), p, 3, "job_id", "duplicate job_id: already at line 2", std::string("1"));
        p = fileWith(tmp, "b.csv", own + "1,-3,1,10,1,resnet50,A\n");
        EXPECT_INPUT_ERROR(loadJobs(p), p, 2, "arrival_s", "negative", std::string("-3"));
        p = fileWith(tmp, "c.csv", own + "1,0,0,10,1,resnet50,A\n");
        EXPECT_INPUT_ERROR(loadJobs(p), p, 2, "gpus", "at least 1 GPU", std::string("0"));
        p = fileWith(tmp, "d.csv", own + "1,0,5000,10,1,resnet50,A\n");
        EXPECT_INPUT_ERROR(loadJobs(p), p, 2, "gpus", "above the maximum", std::string("5000"));
        p = fileWith(tmp, "e.csv", own + "1,0,1,ten,1,resnet50,A\n");
        EXPECT_INPUT_ERROR(loadJobs(p), p, 2, "iterations", "not a number", std::string("ten"));
        p = fileWith(tmp, "f.csv", own + "1,0,1,10,1,resnet50,E\n");
        EXPECT_INPUT_ERROR(loadJobs(p), p, 2, "class", "A, B, C or D", std::string("E"));
        p = fileWith(tmp, "g.csv", own + "1,0,1,10,,mystery,A\n");
        EXPECT_INPUT_ERROR(loadJobs(p), p, 2, "model", "unknown model", std::string("mystery"));
        p = fileWith(tmp, "h.csv", own + "1,0,1,10,0,resnet50,A\n");
        EXPECT_INPUT_ERROR(loadJobs(p), p, 2, "iteration_s", "more than 0", std::string("0"));
        p = fileWith(tmp, "i.csv", own + "1,0,1,10,1,resnet50\n");
        EXPECT_INPUT_ERROR(loadJobs(p), p, 2, "class", "too few fields", std::string("1,0,1,10,1,resnet50"));
        p = fileWith(tmp, "j.csv", "job_id,arrival_s,gpus,model,colour\n1,0,1,resnet50,red\n");
        EXPECT_INPUT_ERROR(loadJobs(p), p, 1, "colour", "unknown column", std::nullopt);
        p = fileWith(tmp, "k.csv", blox + "0,1,98,,vgg19\n");
        EXPECT_INPUT_ERROR(loadJobs(p), p, 2, "duration", "empty value", std::string(""));
        p = fileWith(tmp, "l.csv", blox + "0,1,98,0,vgg19\n");
        EXPECT_INPUT_ERROR(loadJobs(p), p, 2, "duration", "work above 0", std::string("0"));
        p = fileWith(tmp, "m.csv", "job_id,num_gpus,submit_time,model\n0,1,98,vgg19\n");
        EXPECT_INPUT_ERROR(loadJobs(p), p, 1, "duration", "missing", std::nullopt);
        p = fileWith(tmp, "n.csv", "name,time,application,num_replicas\nx-0,1,bert,2\nx-0,2,bert,2\n");
        EXPECT_INPUT_ERROR(loadJobs(p), p, 3, "name", "duplicate job name", std::string("x-0"));
        p = fileWith(tmp, "o.trace", "ResNet-50 (batch size 64)\tc\t-n\t1\t100\t0\t1\nLM\tc\t-n\t1\t100\t0\n");
        // A short line that ends with a newline is not an interrupted write: an error.
        EXPECT_INPUT_ERROR(loadJobs(p), p, 2, "7", "too few fields", std::string("LM\\x09c\\x09-n\\x091\\x09100\\x090")  /* tabs escaped */);
        p = fileWith(tmp, "p.trace", "ResNet-50 (batch size 6x)\tc\t-n\t1\t100\t0\t1\n");
        EXPECT_INPUT_ERROR(loadJobs(p), p, 1, "job_type", "batch size", std::string("ResNet-50 (batch size 6x)"));
        p = fileWith(tmp, "q.trace", "A3C\tc\t-n\t1\t100\tsoon\t1\n");
        EXPECT_INPUT_ERROR(loadJobs(p), p, 1, "arrival_time", "not a number", std::string("soon"));
        p = fileWith(tmp, "v.csv", "timestamp,duration,num_gpus\n2017-02-29 00:00:00,5,1\n");
        EXPECT_INPUT_ERROR(loadJobs(p), p, 2, "timestamp", "valid date", std::string("2017-02-29 00:00:00"));
        p = fileWith(tmp, "w.csv", "timestamp,duration,num_gpus\n2017-1-9 00:00:00,5,1\n");
        EXPECT_INPUT_ERROR(loadJobs(p), p, 2, "timestamp", "YYYY-MM-DD HH:MM:SS", std::string("2017-1-9 00:00:00"));
        p = fileWith(tmp, "x.csv", "timestamp,duration,num_gpus\n2017-01-09 00:00:00,5,1\n2060-01-01 00:00:00,5,1\n");
        EXPECT_INPUT_ERROR(loadJobs(p), p, 3, "timestamp", "after the earliest job", std::nullopt);
        p = fileWith(tmp, "r.csv", "when,what\n1,2\n");
        EXPECT_INPUT_ERROR(loadJobs(p), p, 1, "", "not a job file", std::nullopt);
        p = fileWith(tmp, "s.csv", own);
        EXPECT_INPUT_ERROR(loadJobs(p), p, 1, "", "no jobs", std::nullopt);
        p = fileWith(tmp, "t.csv", "");
        QVERIFY(test::errorOf([&] { loadJobs(p); }));
        p = fileWith(tmp, "u.csv", own + "1,0,1,10,1,\"res,net\",A\n");
        EXPECT_INPUT_ERROR(loadJobs(p), p, 2, "model", "without commas", std::string("res,net"));
    }

    void interruptedGavelLineIsSkippedWithAWarning()
    {
        QTemporaryDir tmp;
        const std::string p = fileWith(tmp, "cut.trace", "LM (batch size 20)\tc\t-n\t1\t100\t0\t1\nLM (batch\tc\t-n");
        LoadWarnings warnings;
        const auto trace = loadJobs(p, warnings);
        QCOMPARE(trace.jobs.size(), size_t(1));
        QCOMPARE(warnings.lines.size(), size_t(2));  // the cut line, then the note on 1 s iterations
        QVERIFY(warnings.lines[0].find(p + ":2:") == 0);
        QVERIFY(warnings.lines[1].find(p + ": a Gavel trace gives iterations (total_steps) but no iteration times") == 0);
    }

    // A model the table lacks becomes class B at 1 s per iteration (B1): said once per name, at
    // the line of its first job, so that a typo does not pass unseen. Known models and the
    // Philly log (which names none) say nothing. Each job keeps its line.
    void unknownModelsAreNamedOnce()
    {
        QTemporaryDir tmp;
        const std::string p = fileWith(tmp, "u.csv", "job_id,num_gpus,submit_time,duration,model\n"
                                                     "0,1,98,1481.0,vgg19\n1,2,115,4037.0,vgg16\n"
                                                     "2,1,120,10,NoSuchModel\n3,1,130,10,vgg16\n");
        LoadWarnings warnings;
        const auto trace = loadJobs(p, warnings);
        QCOMPARE(trace.lines, (std::vector<long>{2, 3, 4, 5}));
        QCOMPARE(trace.jobs[1].jobClass, JobClass::B);
        QCOMPARE(warnings.lines.size(), size_t(2));
        QCOMPARE(warnings.lines[0], p + ":3: column model: unknown model \"vgg16\": its jobs get class B and 1 s per "
                                        "iteration (the reference's default; docs/cli.md lists the known models)");
        QVERIFY(warnings.lines[1].find(p + ":4: column model: unknown model \"NoSuchModel\"") == 0);
        LoadWarnings none;
        loadJobs(fileWith(tmp, "log.csv", "timestamp,duration,num_gpus\n2017-10-09 07:01:55,100,1\n"), none);
        QVERIFY(none.lines.empty());
    }

    // A blank line inside a job file is said as what it is, as in every CSV loader (CsvReader);
    // a trailing one is not an error.
    void blankLineIsNamed()
    {
        QTemporaryDir tmp;
        const QByteArray header = "job_id,num_gpus,submit_time,duration,model\n";
        std::string p = fileWith(tmp, "b.csv", header + "0,1,98,1481.0,vgg19\n\n1,2,115,4037.0,DCGAN\n");
        EXPECT_INPUT_ERROR(loadJobs(p), p, 3, "", "blank line: every row needs 5 fields", std::nullopt);
        p = fileWith(tmp, "t.csv", header + "0,1,98,1481.0,vgg19\n\n");
        QCOMPARE(loadJobs(p).jobs.size(), size_t(1));
    }

    void writtenJobsLoadBackEqual()
    {
        auto jobs = generateJobs(*jobGeneratorPreset("pal-models"), 5);
        jobs[0].arrivalS = 0.1 + 0.2;  // every digit must survive
        jobs[1].iterations.reset();
        jobs[2].batchSize = 64;
        jobs[3].model = "custom";  // unknown to the table: the file says class and time
        jobs[3].jobClass = JobClass::D;
        jobs[3].iterationS = 0.123456789;
        QTemporaryDir tmp;
        const std::string path = (tmp.path() + "/round.csv").toStdString();
        writeJobs(path, jobs);
        const auto back = loadJobs(path);
        QCOMPARE(back.format, JobFormat::Tessera);
        QCOMPARE(back.jobs.size(), jobs.size());
        for (size_t i = 0; i < jobs.size(); ++i) {
            QCOMPARE(back.jobs[i].id, jobs[i].id);
            QCOMPARE(back.jobs[i].arrivalS, jobs[i].arrivalS);
            QCOMPARE(back.jobs[i].gpus, jobs[i].gpus);
            QCOMPARE(back.jobs[i].iterations, jobs[i].iterations);
            QCOMPARE(back.jobs[i].iterationS, jobs[i].iterationS);
            QCOMPARE(back.jobs[i].model, jobs[i].model);
            QCOMPARE(back.jobs[i].jobClass, jobs[i].jobClass);
            QCOMPARE(back.jobs[i].batchSize, jobs[i].batchSize);
        }
        QCOMPARE(jobsText(back.jobs), jobsText(jobs));
    }

    void generatorIsDeterministicAndFollowsTheSynergyMix()
    {
        JobGeneratorParams params = *jobGeneratorPreset("synergy");
        params.jobs = 20000;
        params.loadJobsPerHour = 10;
        const auto jobs = generateJobs(params, 11);
        QCOMPARE(jobsText(jobs), jobsText(generateJobs(params, 11)));
        QVERIFY(jobsText(jobs) != jobsText(generateJobs(params, 12)));
        std::map<int, int> widths;
        std::set<std::string> models;
        int longJobs = 0;
        for (size_t i = 0; i < jobs.size(); ++i) {
            const auto& job = jobs[i];
            QCOMPARE(job.id, uint64_t(i));
            QVERIFY(i == 0 || job.arrivalS >= jobs[i - 1].arrivalS);
            QCOMPARE(job.iterationS, 1.0);
            QCOMPARE(job.jobClass, findTrainingModel(job.model)->jobClass);
            QVERIFY(*job.iterations >= 60 * 31.6 && *job.iterations <= 600000);
            longJobs += *job.iterations >= 60000;
            ++widths[job.gpus];
            models.insert(job.model);
        }
        // Shares within 5 standard errors of B6 A3's probabilities.
        const auto near = [&](int count, double p) {
            return std::abs(count / 20000.0 - p) < 5 * std::sqrt(p * (1 - p) / 20000);
        };
        QCOMPARE(widths.size(), size_t(4));
        QVERIFY(near(widths[1], 0.7) && near(widths[2], 0.1) && near(widths[4], 0.15) && near(widths[8], 0.05));
        QVERIFY(near(longJobs, 0.2));
        QCOMPARE(models.size(), size_t(6));
        // Poisson at 10 jobs/h: the mean gap is 360 s.
        const double meanGap = jobs.back().arrivalS / (jobs.size() - 1);
        QVERIFY2(std::abs(meanGap - 360) < 360 * 5 / std::sqrt(20000.0), qPrintable(QString::number(meanGap)));

        // pal-models: the same draws, with the models' measured iteration times.
        params.measuredIterationTimes = true;
        const auto measured = generateJobs(params, 11);
        for (size_t i = 0; i < 200; ++i) {
            QCOMPARE(measured[i].model, jobs[i].model);
            QCOMPARE(measured[i].iterationS, findTrainingModel(jobs[i].model)->iterationS);
            // Both round the same drawn seconds: to whole seconds, and to whole iterations.
            QVERIFY(std::abs(*measured[i].idealSeconds() - *jobs[i].iterations) <= measured[i].iterationS / 2 + 0.5);
        }
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, generateJobs({0, 8, false}, 1));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, generateJobs({10, 0, false}, 1));
    }

    void bundledDefaultStreamIsTheGeneratorsOutput()
    {
        // traces/training/default.csv is `tessera-cli generate-jobs --out ... --seed 2026`.
        QTemporaryDir tmp;
        const QString out = tmp.path() + "/default.csv";
        const auto r = test::runCli({"generate-jobs", "--out", out, "--seed", "2026"});
        QVERIFY2(r.finished && r.exitCode == 0, qPrintable(r.describe()));
        QVERIFY(!test::readBytes(kDefaultJobs).isEmpty());
        QCOMPARE(test::readBytes(out), test::readBytes(kDefaultJobs));
        QVERIFY(r.out.contains("160 jobs"));
        QCOMPARE(QByteArray::fromStdString(jobsText(generateJobs(*jobGeneratorPreset("synergy"),
                                                                 kDefaultJobStreamSeed))),
                 test::readBytes(kDefaultJobs));
        QCOMPARE(loadJobs(kDefaultJobs.toStdString()).jobs.size(), size_t(160));
        QCOMPARE(test::runCli({"generate-jobs", "--out", out, "--seed", "1", "--preset", "nope"}).exitCode, 2);
        QCOMPARE(test::runCli({"generate-jobs", "--out", out, "--seed", "1", "--jobs", "0"}).exitCode, 2);
    }
};

QTEST_APPLESS_MAIN(TestTrainingJobs)
#include "tst_trainingjobs.moc"
