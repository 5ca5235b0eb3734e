// Issue 13, review D2 and D6: a training run saved to a study and reopened charts as the live
// one. Its JCT distribution, per-GPU variability and bins, Gantt bars and jobs, words, occupancy
// layers and every layer's cells at any position come back equal, so `chart --chart
// jct|variability|occupancy` and the app's tabs draw what the live run draws. A run of an older
// study (the tables empty) is named with what it lacks, never drawn blank; edited rows are errors
// naming the table, row and column.
#include "chart/ChartError.h"
#include "chart/ChartRegistry.h"
#include "chart/training/TrainingVariability.h"
#include "charts/RegisteredChartItem.h"
#include "io/InputError.h"
#include "run/RunKindRegistry.h"
#include "run/RunHandle.h"
#include "store/RunArchive.h"
#include "store/SqliteDatabase.h"
#include "store/StudySchema.h"
#include "store/StudyStore.h"
#include "support/InputErrorMatch.h"
#include "support/OlderStudy.h"
#include "support/RunPartsCompare.h"
#include "training/VariabilityHeatmapItem.h"
#include "training/placement/TrainingPlacementRun.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <memory>

using namespace tessera;
using namespace tessera::chart;

namespace {

std::unique_ptr<Run> sampleRun()
{
    const RunKind& kind = RunKindRegistry::kind(TrainingPlacementRun::kKind);
    return kind.simulate(kind.conformanceSample(), RunRequest{"pal", {}});
}

}  // namespace

class TestTrainingReopen : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    std::unique_ptr<Run> live_;
    std::string study_;
    int64_t id_ = 0;

    std::unique_ptr<Run> reopen()
    {
        StudyStore store(study_, StudyStore::OpenMode::ReadOnly);
        return RunArchive::load(store, id_);
    }

    // A copy of the study with `sql` applied to it; the path.
    std::string edited(const QString& name, const std::string& sql)
    {
        const QString path = dir_.filePath(name);
        QFile::remove(path);
        if (!QFile::copy(QString::fromStdString(study_), path))
            return {};
        sqlite::Database db(path.toStdString(), sqlite::Database::OpenMode::ExistingOnly);
        db.exec(sql);
        return path.toStdString();
    }

private slots:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        live_ = sampleRun();
        QVERIFY(live_->steps() > 4);
        study_ = dir_.filePath("study.sqlite").toStdString();
        StudyStore store(study_);
        id_ = RunArchive::save(store, *live_);
    }

    void theDistributionsVariabilityAndGanttComeBack()
    {
        const auto reopened = reopen();
        QVERIFY(dynamic_cast<const TrainingPlacementRun*>(reopened.get()) == nullptr);  // a stored run
        QCOMPARE(reopened->distributions().size(), live_->distributions().size());
        QCOMPARE(reopened->distributions().front().key, std::string("jct_h"));
        QCOMPARE(reopened->distributions().front().values, live_->distributions().front().values);
        QCOMPARE(reopened->cellValues(), live_->cellValues());
        QCOMPARE(ClassVariability::classCount(*reopened), ClassVariability::classCount(*live_));
        QVERIFY(ClassVariability::classCount(*live_) > 0);
        QVERIFY(ClassVariability::missing(*reopened).isEmpty());
        for (int c = 0; c < ClassVariability::classCount(*live_); ++c) {
            const ClassVariability a = ClassVariability::of(*live_, c), b = ClassVariability::of(*reopened, c);
            QVERIFY(!a.empty());
            QCOMPARE(b.perfVar, a.perfVar);
            QCOMPARE(b.bin, a.bin);
            QCOMPARE(b.binsText(), a.binsText());
            QCOMPARE(b.nodes, a.nodes);
            QCOMPARE(b.gpusPerNode, a.gpusPerNode);
        }
        QVERIFY(!live_->intervals().empty());
        test::compareIntervals(reopened->intervals(), live_->intervals());
    }

    void theWordsLayersAndCellsAtEveryPositionComeBack()
    {
        const auto reopened = reopen();
        QCOMPARE(reopened->words().step, std::string("round"));
        QCOMPARE(reopened->words().occupancy, live_->words().occupancy);
        const OccupancyLayout& a = live_->layout();
        const OccupancyLayout& b = reopened->layout();
        test::compareLayout(b, a);
        if (QTest::currentTestFailed())
            return;
        QVERIFY(a.layers.front().binary);
        // The variability score's ramp keeps its ends' texts (format 5), not "0 %" and "100 %".
        const auto ramped = std::find_if(a.layers.begin(), a.layers.end(), [](const OccupancyLayer& layer) {
            return layer.kind == OccupancyLayer::Kind::Share && layer.lowText != OccupancyLayer{}.lowText;
        });
        QVERIFY(ramped != a.layers.end());
        const OccupancyLayer& back = b.layers[size_t(ramped - a.layers.begin())];
        QCOMPARE(back.lowText, ramped->lowText);
        QCOMPARE(back.highText, ramped->highText);
        for (size_t g = 0; g < a.groups.size(); ++g)
            QCOMPARE(b.groups[g].unitCells, 1u);  // a GPU a unit, drawn apart
        // Forward and backward seeks alike.
        const auto liveCursor = live_->cursor();
        const auto storedCursor = reopened->cursor();
        bool someBusy = false;
        for (size_t p : {size_t(0), live_->steps() / 2, size_t(1), live_->steps(), live_->steps() / 3}) {
            liveCursor->seek(p);
            storedCursor->seek(p);
            for (size_t l = 0; l < a.layers.size(); ++l) {
                std::vector<float> x, y;
                liveCursor->cellLayer(l, x);
                storedCursor->cellLayer(l, y);
                QCOMPARE(y, x);
                if (l == 0)
                    someBusy = someBusy || std::any_of(x.begin(), x.end(), [](float u) { return u > 0; });
            }
        }
        QVERIFY(someBusy);
    }

    void theChartsDrawAsTheLiveRunsDo()
    {
        const auto reopened = reopen();
        for (const char* view : {"jct", "variability"}) {
            const QList<ChartSpec> a = ChartRegistry::viewPanels(view, *live_);
            const QList<ChartSpec> b = ChartRegistry::viewPanels(view, *reopened);
            QCOMPARE(b.size(), a.size());
            QVERIFY2(!b.isEmpty(), view);
            for (qsizetype i = 0; i < a.size(); ++i) {
                QCOMPARE(b[i].series.size(), a[i].series.size());
                for (qsizetype s = 0; s < a[i].series.size(); ++s)
                    QCOMPARE(b[i].series[s].points, a[i].series[s].points);
                QCOMPARE(bool(b[i].heatmap), bool(a[i].heatmap));
                if (a[i].heatmap)
                    QCOMPARE(b[i].heatmap->values, a[i].heatmap->values);
            }
        }
        // The occupancy grid in the kind's words, keyed busy and free, equal at a middle round.
        RunChartOptions at;
        at.cursor = live_->steps() / 2;
        const QList<ChartSpec> a = ChartRegistry::viewPanels("occupancy", *live_, at);
        const QList<ChartSpec> b = ChartRegistry::viewPanels("occupancy", *reopened, at);
        QCOMPARE(b.size(), 1);
        QCOMPARE(b[0].heatmap->values, a[0].heatmap->values);
        QVERIFY2(b[0].title.contains(QStringLiteral("at round %1 of %2").arg(*at.cursor).arg(live_->steps())),
                 qPrintable(b[0].title));
        QVERIFY2(!b[0].heatmap->rowAxisLabel.contains("GPU model"), qPrintable(b[0].heatmap->rowAxisLabel));
        // One node size: the rows are "Nodes", not the pod phrase "Nodes by node size" (the band
        // says "4 GPUs per node").
        QCOMPARE(b[0].heatmap->rowAxisLabel, QStringLiteral("Nodes"));
        QCOMPARE(b[0].heatmap->keys.size(), 2);
        QVERIFY(b[0].heatmap->keys[0].name.contains("busy"));
        QVERIFY(b[0].heatmap->keys[1].name.contains("free"));
    }

    // A study written before format 4 (read as it is, or brought forward with the tables empty)
    // names what the run lacks.
    void aRunOfAnOlderStudySaysWhatItLacks_data()
    {
        QTest::addColumn<bool>("broughtForward");
        QTest::newRow("format 3, read as it is") << false;
        QTest::newRow("format 3, brought forward") << true;
    }

    void aRunOfAnOlderStudySaysWhatItLacks()
    {
        QFETCH(bool, broughtForward);
        const std::string old = edited(QStringLiteral("old-%1.sqlite").arg(broughtForward), "SELECT 1");
        QVERIFY(!old.empty());
        {
            sqlite::Database db(old, sqlite::Database::OpenMode::ExistingOnly);
            test::downgradeStudy(db, 3);
        }
        if (broughtForward)
            StudyStore(old, StudyStore::OpenMode::ExistingOnly);
        StudyStore store(old, StudyStore::OpenMode::ReadOnly);
        const auto run = RunArchive::load(store, id_);
        const QString name = QString::fromStdString(run->info().name);
        for (const char* view : {"jct", "variability"}) {
            QString message;
            try {
                ChartRegistry::viewPanels(view, *run);
            } catch (const ChartDataMissing& e) {
                message = QString::fromStdString(e.what());
            }
            QVERIFY2(message.contains(name), qPrintable(QString(view) + ": " + message));
            QVERIFY2(message.contains(view == QByteArray("jct") ? "jct_h" : "variability"), qPrintable(message));
        }
        QVERIFY(ClassVariability::missing(*run).contains(QStringLiteral("study format 4")));
        // The app's JCT tab says the same instead of an empty chart (or a crash).
        const std::shared_ptr<const Run> shared(RunArchive::load(store, id_));
        views::RunHandle handle(shared, nullptr);
        views::RegisteredChartItem item;
        item.setChartId(QStringLiteral("jct-cdf"));
        item.setRun(&handle);
        QCOMPARE(item.panelCount(), 0);
        QVERIFY2(item.emptyText().contains("jct_h"), qPrintable(item.emptyText()));
        // The variability tab: the truth about the run, not "this run has no per-GPU variability".
        views::VariabilityHeatmapItem heatmap;
        heatmap.setRun(&handle);
        QCOMPARE(heatmap.gpuCount(), 0);
        QVERIFY2(heatmap.missing().contains(name) && heatmap.missing().contains("study format 4"),
                 qPrintable(heatmap.missing()));
        // The report of every chart leaves them out rather than drawing them empty.
        const ChartRuns runs{run.get()};
        for (const ChartSpec& spec : ChartRegistry::all(runs))
            QVERIFY2(!spec.title.contains("completion time, cumulative"), qPrintable(spec.title));
    }

    // A study of format 4 still opens, read as it is or brought forward to the latest format: its
    // runs know nothing past their end and have no summary (compare stops at the shorter run's end, as it did) and
    // their layers read with the default ramp texts.
    void aRunOfAFormat4StudyOpens_data()
    {
        QTest::addColumn<bool>("broughtForward");
        QTest::newRow("format 4, read as it is") << false;
        QTest::newRow("format 4, brought forward") << true;
    }

    void aRunOfAFormat4StudyOpens()
    {
        QFETCH(bool, broughtForward);
        const std::string old = edited(QStringLiteral("format4-%1.sqlite").arg(broughtForward), "SELECT 1");
        QVERIFY(!old.empty());
        {
            sqlite::Database db(old, sqlite::Database::OpenMode::ExistingOnly);
            test::downgradeStudy(db, 4);
        }
        if (broughtForward) {
            StudyStore writer(old, StudyStore::OpenMode::ExistingOnly);
            QCOMPARE(writer.version(), int64_t(StudySchema::latestVersion()));
        }
        StudyStore store(old, StudyStore::OpenMode::ReadOnly);
        QCOMPARE(store.version(), int64_t(broughtForward ? StudySchema::latestVersion() : 4));
        const auto run = RunArchive::load(store, id_);
        QVERIFY(!live_->afterEnd().empty());
        QVERIFY(run->afterEnd().empty());
        // Nor its summary figures (format 6): none rather than made up.
        QVERIFY(!live_->summary().empty());
        QVERIFY(run->summary().empty());
        QCOMPARE(run->series().rows(), live_->series().rows());
        QCOMPARE(run->layout().layers.size(), live_->layout().layers.size());
        for (const OccupancyLayer& layer : run->layout().layers) {
            QCOMPARE(layer.lowText, OccupancyLayer{}.lowText);
            QCOMPARE(layer.highText, OccupancyLayer{}.highText);
        }
        // The format 4 detail is all there.
        QCOMPARE(run->cellValues(), live_->cellValues());
        test::compareIntervals(run->intervals(), live_->intervals());
    }

    void editedRowsAreErrorsNamingTableRowAndColumn()
    {
        struct Case {
            const char* name;
            const char* sql;
            QStringList expected;
        };
        const QList<Case> cases = {
            {"value", "UPDATE run_cell_value_cells SET value = 'fast' WHERE cell = 3 AND cell_values = 0",
             {"run_cell_value_cells", "cell 3", "column value"}},
            {"gap", "DELETE FROM run_cell_value_cells WHERE cell = 3 AND cell_values = 1",
             {"run_cell_value_cells", "cell 3 is missing"}},
            {"lane", "UPDATE run_intervals SET lane = 9999 WHERE position = 0",
             {"run_intervals", "position 0", "column lane"}},
            {"bar", "UPDATE run_intervals SET to_x = from_x - 1 WHERE position = 1",
             {"run_intervals", "position 1", "column to_x"}},
            {"sample", "UPDATE run_distribution_values SET value = 'x' WHERE position = 2",
             {"run_distribution_values", "position 2", "column value"}},
            {"category", "UPDATE run_cell_changes SET value = 2.5 WHERE layer = 1 AND value >= 0",
             {"run_cell_changes", "column value", "whole index"}},
            {"share", "UPDATE run_cell_changes SET value = 7 WHERE layer = 0 AND value > 0",
             {"run_cell_changes", "column value"}},
            {"change", "UPDATE run_cell_changes SET position = 999999 WHERE layer = 0 AND position = 1",
             {"run_cell_changes", "column position"}},
            {"word", "UPDATE run_words SET name = 'stepz' WHERE name = 'step'", {"run_words", "column name"}},
            {"layer", "UPDATE run_layout_layers SET is_binary = 3 WHERE position = 0",
             {"run_layout_layers", "position 0", "column is_binary"}},
            {"ramp", "UPDATE run_layout_layers SET low_text = x'41' WHERE position = 0",
             {"run_layout_layers", "position 0", "column low_text"}},
            {"after end", "UPDATE run_after_end SET value = 'idle' WHERE column_index = 2",
             {"run_after_end", "column_index 2", "column value"}},
            {"after end gap", "DELETE FROM run_after_end WHERE column_index = 2",
             {"run_after_end", "row 2 is missing"}},
        };
        for (const Case& c : cases) {
            const std::string path = edited(QStringLiteral("edited-%1.sqlite").arg(c.name), c.sql);
            QVERIFY2(!path.empty(), c.name);
            const auto error = test::errorOf([&] {
                StudyStore store(path, StudyStore::OpenMode::ReadOnly);
                RunArchive::load(store, id_);
            });
            QVERIFY2(error, c.name);
            const QString message = QString::fromStdString(error->what());
            for (const QString& part : c.expected)
                QVERIFY2(message.contains(part), qPrintable(QStringLiteral("%1: %2").arg(c.name, message)));
        }
    }
};

QTEST_MAIN(TestTrainingReopen)
#include "tst_trainingreopen.moc"
