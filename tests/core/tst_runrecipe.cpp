// A run of any kind reopened from a study can be forked: the study records its inputs and the
// request that made it (RunRecipe, study format 3), the run is made again from them and then
// forked, and the result equals forking the live run. A file gone or changed is an error naming
// the file and the run; an older study opens without a recipe; an edited recipe row is an
// error naming the table, the row and the column.
#include "support/SeriesDifference.h"
#include "support/SharedData.h"
#include "io/InputError.h"
#include "run/RunKindRegistry.h"
#include "run/RunRecipe.h"
#include "store/RunArchive.h"
#include "store/RunRecipeArchive.h"
#include "store/StudySchema.h"
#include "store/StudyStore.h"

#include <QFile>
#include <QTemporaryDir>
#include "support/OlderStudy.h"

#include <QTest>

#include <filesystem>

using namespace tessera;

namespace {

namespace fs = std::filesystem;

constexpr const char* kKind = "mig-inference";

using test::seriesDifference;

}  // namespace

class TestRunRecipe : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    int studies_ = 0;
    LoadWarnings warnings_;

    // The ParvaGPU profiles and SLO files copied to `folder`, so that a test may change them.
    std::map<std::string, std::string> copyInputs(const QString& folder)
    {
        const fs::path to = folder.toStdString();
        fs::create_directories(to);
        const fs::path from = test::sharedPath("traces/mig-parvagpu");
        fs::copy(from / "prof_data", to / "prof_data", fs::copy_options::recursive);
        fs::copy(from / "SLO", to / "SLO", fs::copy_options::recursive);
        return {{"profiles", (to / "prof_data").string()}, {"slo", (to / "SLO").string()}};
    }

    static RunRequest request()
    {
        return {"mig-disabled", {{"duration", "300"}, {"step", "30"}, {"predictor", "table"}, {"seed", "5"}}};
    }

    QString newStudy() { return dir_.filePath(QString("study-%1.sqlite").arg(++studies_)); }

private slots:
    void initTestCase() { QVERIFY(dir_.isValid()); }

    void reopenedRunForksAsTheLiveRun()
    {
        TESSERA_REQUIRE_SHARED("traces/mig-parvagpu/prof_data");
        const RunKind& kind = RunKindRegistry::kind(kKind);
        const auto inputs = kind.loadInputs(copyInputs(dir_.filePath("same")), warnings_);
        const auto live = kind.simulate(inputs, request());
        const RunRecipe recipe = RunRecipe::of(kind, *inputs, request());
        QCOMPARE(recipe.sources.at("profiles"), dir_.filePath("same/prof_data").toStdString());
        QCOMPARE(recipe.request.values.size(), kind.parameters().size());  // every value, defaults too
        const QString path = newStudy();
        int64_t id = 0;
        {
            StudyStore store(path.toStdString());
            id = RunArchive::save(store, *live, {}, std::nullopt, recipe);
        }
        // A fresh connection, as a fresh process opens the study.
        StudyStore store(path.toStdString(), StudyStore::OpenMode::ExistingOnly);
        const auto reopened = RunArchive::load(store, id);
        const size_t position = 4;
        QVERIFY2(kind.forkProblem(*reopened, position), "the reopened run itself holds no state to fork");
        const auto loaded = RunRecipeArchive::load(store, id);
        QVERIFY(loaded);
        QVERIFY(*loaded == recipe);
        // `runs` names the workload input of the run.
        QCOMPARE(QString::fromStdString(store.findRun(id)->trace()->path), dir_.filePath("same/SLO"));

        const RunRequest other{"parvagpu", {{"load_scale", "1.5"}}};
        const auto forkOfLive = kind.fork(*live, position, other);
        const auto rebuilt = loaded->rebuild(reopened->info().name);
        QCOMPARE(seriesDifference(rebuilt->series(), live->series()), QString());
        const auto forkOfReopened = kind.fork(*rebuilt, position, other);
        QCOMPARE(seriesDifference(forkOfReopened->series(), forkOfLive->series()), QString());
        QVERIFY(seriesDifference(forkOfReopened->series(), live->series()) != QString());

        // A fork saved with its recipe is made again through its parent's request and its fork.
        const RunRecipe forkRecipe = recipe.forked(position, other);
        const int64_t forkId =
            RunArchive::save(store, *forkOfLive, {}, RunArchive::ForkOrigin{id, position}, forkRecipe);
        const auto forkLoaded = RunRecipeArchive::load(store, forkId);
        QVERIFY(forkLoaded && *forkLoaded == forkRecipe);
        QCOMPARE(seriesDifference(forkLoaded->rebuild("fork")->series(), forkOfLive->series()), QString());
    }

    void changedOrMissingFileNamesTheFileAndTheRun()
    {
        TESSERA_REQUIRE_SHARED("traces/mig-parvagpu/prof_data");
        const RunKind& kind = RunKindRegistry::kind(kKind);
        const auto inputs = kind.loadInputs(copyInputs(dir_.filePath("changed")), warnings_);
        const RunRecipe recipe = RunRecipe::of(kind, *inputs, request());
        QVERIFY(!recipe.fileProblem("baseline"));

        const QString slo = dir_.filePath("changed/SLO/SLO_latency.csv");
        QFile file(slo);
        QVERIFY(file.open(QIODevice::Append));
        file.write("\n");
        file.close();
        const auto problem = recipe.fileProblem("baseline");
        QVERIFY(problem);
        QVERIFY2(problem->find(slo.toStdString()) != std::string::npos
                     && problem->find("\"baseline\"") != std::string::npos && problem->find("changed") != std::string::npos,
                 problem->c_str());
        try {
            recipe.rebuild("baseline");
            QFAIL("a changed file was used");
        } catch (const InputError& e) {
            QVERIFY2(QString(e.what()).contains(slo) && QString(e.what()).contains("baseline"), e.what());
        }

        QVERIFY(QFile::remove(dir_.filePath("changed/prof_data/bert.csv")));
        const auto gone = recipe.fileProblem("baseline");
        QVERIFY(gone);
        QVERIFY2(gone->find("bert.csv") != std::string::npos && gone->find("no longer exists") != std::string::npos,
                 gone->c_str());
    }

    void aFileAddedToAFolderIsNotTheSameInputs()
    {
        TESSERA_REQUIRE_SHARED("traces/mig-parvagpu/prof_data");
        const RunKind& kind = RunKindRegistry::kind(kKind);
        // A scenario file rather than the SLO files, which must name the profiled models exactly.
        auto sources = copyInputs(dir_.filePath("added"));
        sources.erase("slo");
        sources["scenario"] = TESSERA_SOURCE_DIR "/traces/inference/default.csv";
        const auto inputs = kind.loadInputs(sources, warnings_);
        const RunRecipe recipe = RunRecipe::of(kind, *inputs, request());
        QVERIFY(QFile::copy(dir_.filePath("added/prof_data/bert.csv"), dir_.filePath("added/prof_data/bert2.csv")));
        try {
            recipe.rebuild("baseline");
            QFAIL("a folder with another file was taken for the recorded one");
        } catch (const std::exception& e) {
            QVERIFY2(QString(e.what()).contains(dir_.filePath("added/prof_data/bert2.csv")), e.what());
        }
    }

    void inputsMadeInMemoryCannotBeRebuilt()
    {
        const RunKind& kind = RunKindRegistry::kind(kKind);
        const RunRecipe recipe = RunRecipe::of(kind, *kind.conformanceSample(), {"mig-disabled", {}});
        const auto problem = recipe.fileProblem("sample");
        QVERIFY(problem && problem->find("made in memory") != std::string::npos);
        QVERIFY_THROWS_EXCEPTION(InputError, recipe.rebuild("sample"));
    }

    // A study of format 2 (no recipe tables): it opens read-only as it is, and read-write it
    // gains the tables empty; either way its runs open and have no recipe.
    void formatTwoStudyOpensWithoutRecipe()
    {
        const RunKind& kind = RunKindRegistry::kind(kKind);
        const auto run = kind.simulate(kind.conformanceSample(), {"mig-disabled", {}});
        const QString path = newStudy();
        int64_t id = 0;
        {
            StudyStore store(path.toStdString());
            id = RunArchive::save(store, *run);
            test::downgradeStudy(store.database(), 2);
        }
        {
            StudyStore readOnly(path.toStdString(), StudyStore::OpenMode::ReadOnly);
            QCOMPARE(readOnly.version(), int64_t(2));
            QVERIFY(RunArchive::load(readOnly, id));
            QVERIFY(!RunRecipeArchive::load(readOnly, id));
        }
        StudyStore store(path.toStdString(), StudyStore::OpenMode::ExistingOnly);
        QCOMPARE(store.version(), int64_t(StudySchema::latestVersion()));
        QVERIFY(RunArchive::load(store, id));
        QVERIFY(!RunRecipeArchive::load(store, id));
    }

    void editedRecipeRowsAreNamedErrors_data()
    {
        QTest::addColumn<QString>("edit");
        QTest::addColumn<QString>("table");
        QTest::addColumn<QString>("column");
        QTest::newRow("bad hash") << "UPDATE run_input_files SET content_hash = 'xyz' WHERE position = 0"
                                  << "run_input_files" << "content_hash";
        QTest::newRow("missing path") << "UPDATE run_input_files SET path = '' WHERE position = 1"
                                      << "run_input_files" << "path";
        QTest::newRow("unknown role") << "UPDATE run_input_files SET role = 'nodes' WHERE position = 0"
                                      << "run_input_files" << "role";
        QTest::newRow("source hash") << "UPDATE run_inputs SET content_hash = upper(content_hash)"
                                     << "run_inputs" << "content_hash";
        QTest::newRow("source without path") << "UPDATE run_inputs SET path = ''" << "run_inputs" << "path";
        QTest::newRow("source role") << "UPDATE run_inputs SET role = 'bogus' WHERE role = 'scenario'"
                                     << "run_inputs" << "role";
        QTest::newRow("hash as number") << "UPDATE run_input_files SET content_hash = 7 WHERE position = 0"
                                        << "run_input_files" << "content_hash";
        QTest::newRow("file position gap") << "UPDATE run_input_files SET position = 99 WHERE position = 0"
                                           << "run_input_files" << "position";
        QTest::newRow("unknown policy") << "UPDATE run_request_steps SET policy = 'nonsense'"
                                        << "run_request_steps" << "policy";
        QTest::newRow("root fork position") << "UPDATE run_request_steps SET fork_position = 3"
                                            << "run_request_steps" << "fork_position";
        QTest::newRow("unknown parameter") << "UPDATE run_request_values SET name = 'bogus' WHERE name = 'seed'"
                                           << "run_request_values" << "name";
        QTest::newRow("value out of range") << "UPDATE run_request_values SET value = '-4' WHERE name = 'step'"
                                            << "run_request_values" << "value";
        QTest::newRow("value of no step") << "UPDATE run_request_values SET step = 7 WHERE name = 'seed'"
                                          << "run_request_values" << "step";
    }

    void editedRecipeRowsAreNamedErrors()
    {
        QFETCH(QString, edit);
        QFETCH(QString, table);
        QFETCH(QString, column);
        // The recipe of a run on files, saved, then edited as a hostile study would be.
        const RunKind& kind = RunKindRegistry::kind(kKind);
        const auto run = kind.simulate(kind.conformanceSample(), {"mig-disabled", {}});
        RunRecipe recipe = RunRecipe::of(kind, *kind.conformanceSample(), {"mig-disabled", {}});
        recipe.sources = {{"profiles", "/data/prof_data"}, {"scenario", "/data/scenario.csv"}};
        recipe.files = {{"profiles", "/data/prof_data/a.csv", std::string(64, 'a')},
                        {"profiles", "/data/prof_data/b.csv", std::string(64, 'b')},
                        {"scenario", "/data/scenario.csv", std::string(64, 'c')}};
        const QString path = newStudy();
        StudyStore store(path.toStdString());
        const int64_t id = RunArchive::save(store, *run, {}, std::nullopt, recipe);
        QVERIFY(RunRecipeArchive::load(store, id) == recipe);
        store.database().exec(edit.toStdString());
        try {
            RunRecipeArchive::load(store, id);
            QFAIL("the edited recipe was accepted");
        } catch (const InputError& e) {
            const QString what = e.what();
            QVERIFY2(what.contains("table " + table) && what.contains(QString("run_id %1").arg(id))
                         && what.contains("column " + column),
                     e.what());
        }
        QVERIFY(RunArchive::load(store, id));  // the run itself still opens
    }
};

QTEST_GUILESS_MAIN(TestRunRecipe)
#include "tst_runrecipe.moc"
