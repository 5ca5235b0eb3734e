// Compare of runs reopened from a study equals compare of the live runs: the study keeps
// Run::afterEnd (format 5), so the differences of two reopened runs go on to the longer run's
// end, and the final columns are the state once each run is over, as live. Before, a reopened
// run knew nothing past its last row and compare stopped at the shorter run's end.
#include "chart/RunCharts.h"
#include "charts/SeriesFeeder.h"
#include "compare/RunComparisonModel.h"
#include "run/RunHandle.h"
#include "run/RunKindRegistry.h"
#include "store/RunArchive.h"
#include "store/StudyStore.h"
#include "training/placement/TrainingPlacementRun.h"
#include "training/rental-kind/TrainingRentalRun.h"

#include <QLineSeries>
#include <QTemporaryDir>
#include <QtTest>

using namespace tessera;

namespace {

using Pair = std::pair<std::shared_ptr<const Run>, std::shared_ptr<const Run>>;

std::shared_ptr<const Run> simulate(const std::string& kindId, const std::string& policy,
                                    const std::map<std::string, std::string>& values = {})
{
    const RunKind& kind = RunKindRegistry::kind(kindId);
    RunRequest request{policy, {}};
    for (const auto& [name, value] : values)
        request.values[name] = value;
    return std::shared_ptr<const Run>(kind.simulate(kind.conformanceSample(), request));
}

QList<QPointF> differencePoints(const std::shared_ptr<const Run>& a, const std::shared_ptr<const Run>& b,
                                const QString& key)
{
    QObject owner;
    views::RunHandle ha(a, &owner), hb(b, &owner);
    QLineSeries series;
    views::SeriesFeeder().fillDifference(&series, &ha, &hb, key, 100000);
    return series.points();
}

}  // namespace

class TestReopenedCompare : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;

    // The pair as reopened from a study of its own.
    Pair reopened(const Pair& live, const QString& name)
    {
        const std::string path = dir_.filePath(name + ".sqlite").toStdString();
        StudyStore store(path);
        const int64_t a = RunArchive::save(store, *live.first), b = RunArchive::save(store, *live.second);
        StudyStore reader(path, StudyStore::OpenMode::ReadOnly);
        return {std::shared_ptr<const Run>(RunArchive::load(reader, a)),
                std::shared_ptr<const Run>(RunArchive::load(reader, b))};
    }

private slots:
    void initTestCase() { QVERIFY(dir_.isValid()); }

    // Two runs of each kind that knows its state after the end, whose ends differ.
    void reopenedCompareEqualsLive_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("policyA");
        QTest::addColumn<QString>("policyB");
        QTest::addColumn<QString>("parameter");
        QTest::addColumn<QString>("valueA");
        QTest::addColumn<QString>("valueB");
        QTest::newRow("training placement") << TrainingPlacementRun::kKind << "pal" << "packed" << "locality" << "1.0"
                                            << "10.0";
        const RunKind& rent = RunKindRegistry::kind(TrainingRentalRun::kKind);
        QTest::newRow("training rental") << TrainingRentalRun::kKind
                                         << QString::fromStdString(rent.policies().front().spec)
                                         << QString::fromStdString(rent.policies().back().spec) << "" << ""
                                         << "";
    }

    void reopenedCompareEqualsLive()
    {
        QFETCH(QString, kind);
        QFETCH(QString, policyA);
        QFETCH(QString, policyB);
        QFETCH(QString, parameter);
        QFETCH(QString, valueA);
        QFETCH(QString, valueB);
        const auto values = [&](const QString& v) {
            std::map<std::string, std::string> out;
            if (!parameter.isEmpty())
                out[parameter.toStdString()] = v.toStdString();
            return out;
        };
        const Pair live{simulate(kind.toStdString(), policyA.toStdString(), values(valueA)),
                        simulate(kind.toStdString(), policyB.toStdString(), values(valueB))};
        const double endA = live.first->series().column(0).back(), endB = live.second->series().column(0).back();
        QVERIFY2(endA != endB, qPrintable(QStringLiteral("both end at %1").arg(endA)));
        QVERIFY(!live.first->afterEnd().empty() && !live.second->afterEnd().empty());
        const Pair stored = reopened(live, QStringLiteral("pair-%1").arg(QTest::currentDataTag()));
        QCOMPARE(stored.first->afterEnd(), live.first->afterEnd());
        QCOMPARE(stored.second->afterEnd(), live.second->afterEnd());

        // The app's difference charts, either run as A: to the longer run's end, point for point.
        int compared = 0;
        for (size_t c = 1; c < live.first->series().columns(); ++c) {
            const QString key = QString::fromStdString(live.first->series().info(c).key);
            if (!live.second->series().find(key.toStdString()))
                continue;
            for (const bool swap : {false, true}) {
                const auto& [a, b] = swap ? Pair{live.second, live.first} : live;
                const auto& [sa, sb] = swap ? Pair{stored.second, stored.first} : stored;
                const QList<QPointF> want = differencePoints(a, b, key), have = differencePoints(sa, sb, key);
                QVERIFY(!want.isEmpty());
                QCOMPARE(want.last().x(), std::max(endA, endB));
                QCOMPARE(have, want);
                ++compared;
            }
        }
        QVERIFY(compared > 0);

        // The exported differences.
        const QList<chart::ChartSpec> want = chart::RunCharts::difference(*live.first, *live.second);
        const QList<chart::ChartSpec> have = chart::RunCharts::difference(*stored.first, *stored.second);
        QCOMPARE(have.size(), want.size());
        QVERIFY(!want.isEmpty());
        for (qsizetype i = 0; i < want.size(); ++i) {
            QCOMPARE(have[i].series.size(), want[i].series.size());
            for (qsizetype s = 0; s < want[i].series.size(); ++s)
                QCOMPARE(have[i].series[s].points, want[i].series[s].points);
        }

        // The compare table's final columns of every metric row. (A stored run keeps no
        // Run::summary(), so the summary rows are the live table's only.)
        QObject owner;
        views::RunHandle la(live.first, &owner), lb(live.second, &owner), ra(stored.first, &owner),
            rb(stored.second, &owner);
        views::RunComparisonModel liveModel, storedModel;
        liveModel.setRunA(&la);
        liveModel.setRunB(&lb);
        storedModel.setRunA(&ra);
        storedModel.setRunB(&rb);
        // A metric row has a value at the cursor; a summary or quantile row (of the whole run)
        // has none, and may share its key with a metric (the total preemptions).
        const auto isMetricRow = [](const views::RunComparisonModel& model, int row) {
            return !std::isnan(model.value(row, views::RunComparisonModel::AtCursorA));
        };
        int rows = 0;
        for (int r = 0; r < liveModel.rowCount(); ++r) {
            const QString key = liveModel.key(r);
            if (!isMetricRow(liveModel, r))
                continue;
            int s = 0;
            while (s < storedModel.rowCount() && (storedModel.key(s) != key || !isMetricRow(storedModel, s)))
                ++s;
            QVERIFY2(s < storedModel.rowCount(), qPrintable(key));
            ++rows;
            for (const int column : {int(views::RunComparisonModel::FinalA), int(views::RunComparisonModel::FinalB),
                                     int(views::RunComparisonModel::FinalDelta)}) {
                const double w = liveModel.value(r, column), h = storedModel.value(s, column);
                QVERIFY2(h == w || (std::isnan(h) && std::isnan(w)),
                         qPrintable(QStringLiteral("%1, column %2: %3, live %4").arg(key).arg(column).arg(h).arg(w)));
            }
        }
        QVERIFY(rows > 0);
    }
};

QTEST_MAIN(TestReopenedCompare)
#include "tst_reopenedcompare.moc"
