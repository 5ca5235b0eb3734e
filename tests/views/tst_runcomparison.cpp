// RunComparisonModel against the core: its rows are the metrics the two runs share, and every
// cell is the runs' own series value (or their difference) at the cursor or at the end.
#include "chart/ReportWriter.h"
#include "chart/RunCharts.h"
#include "compare/RunComparisonModel.h"
#include "export/ExportRequest.h"
#include "chart/ChartError.h"
#include "items/OccupancyItem.h"
#include "run/RunKindRegistry.h"
#include "support/TestRuns.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace tessera;
using namespace tessera::views;

namespace {

constexpr double kTune = 0.8;

// A run of the renting kind on its small sample workload.
std::shared_ptr<const Run> rentalRun(const std::string& policy)
{
    const RunKind& kind = RunKindRegistry::kind("training-rent");
    return kind.simulate(kind.conformanceSample(), RunRequest{policy, {}});
}

// Runs of two policies on one trace, compared by a model.
struct Comparison {
    Comparison(const std::shared_ptr<const PodTrace>& trace, const std::string& policyA, const std::string& policyB)
        : a(test::simulateRun(trace, policyA, kTune)), b(test::simulateRun(trace, policyB, kTune))
    {
        model.setRunA(&a);
        model.setRunB(&b);
    }

    RunHandle a;
    RunHandle b;
    RunComparisonModel model;  // destroyed before the runs it shows
};

}  // namespace

class RunComparisonTest : public QObject {
    Q_OBJECT

    std::shared_ptr<const PodTrace> trace_;

private slots:
    void initTestCase()
    {
        trace_ = test::syntheticTrace(40, 600, 11);
    }

    void cellsAreTheRunsValuesAndDeltas()
    {
        RunHandle a(test::simulateRun(trace_, "fgd", kTune));
        RunHandle b(test::simulateRun(trace_, "bestfit", kTune));
        RunComparisonModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        model.setRunA(&a);
        QCOMPARE(model.rowCount(), 0);  // nothing to compare with yet
        model.setRunB(&b);

        const MetricSeries& s = a.run().series();
        // Every metric but the x axis, headline metrics first; then the summaries.
        const int metricRows = int(s.columns()) - 1;
        QCOMPARE(model.rowCount(), metricRows + int(a.run().summary().size()));
        for (int row = 0; row < model.rowCount(); ++row) {
            const auto column = s.find(model.key(row).toStdString());
            QCOMPARE(column.has_value(), row < metricRows);
            if (row > 0 && column && s.info(*column).headline)
                QVERIFY(s.info(*s.find(model.key(row - 1).toStdString())).headline);
        }
        QVERIFY(a.steps() > 10 && b.steps() > 10);
        const int pa = a.steps() / 2, pb = b.steps() / 3;
        model.setPositionA(pa);
        model.setPositionB(pb);
        for (int row = 0; row < metricRows; ++row) {
            const std::string key = model.key(row).toStdString();
            const double va = s.value(key, size_t(pa));
            const double vb = b.run().series().value(key, size_t(pb));
            QCOMPARE(model.value(row, RunComparisonModel::AtCursorA), va);
            QCOMPARE(model.value(row, RunComparisonModel::AtCursorB), vb);
            QCOMPARE(model.value(row, RunComparisonModel::AtCursorDelta), vb - va);
            QCOMPARE(model.value(row, RunComparisonModel::FinalA), s.value(key, a.run().steps()));
            QCOMPARE(model.value(row, RunComparisonModel::FinalDelta),
                     b.run().series().value(key, b.run().steps()) - s.value(key, a.run().steps()));
        }
        const QString firstLabel = model.data(model.index(0, 0)).toString();
        QVERIFY2(firstLabel.contains('(') && firstLabel.contains(')'), qPrintable(firstLabel));  // with its unit
    }

    void movingTheCursorUpdatesOnlyCursorColumns()
    {
        Comparison compared(trace_, "fgd", "random");
        RunComparisonModel& model = compared.model;
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        model.setPositionA(5);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed[0][0].toModelIndex().column(), int(RunComparisonModel::AtCursorA));
        QCOMPARE(changed[0][1].toModelIndex().column(), int(RunComparisonModel::AtCursorDelta));
        model.setPositionA(5);
        QCOMPARE(changed.count(), 1);  // no change, no signal
    }

    // A branch matches its parent up to the fork, so it can only diverge at or after it; the
    // same run never diverges from itself.
    void divergenceIsAtOrAfterTheFork()
    {
        RunHandle a(test::simulateRun(trace_, "fgd", kTune));
        RunHandle same(test::simulateRun(trace_, "fgd", kTune));
        QCOMPARE(a.divergenceFrom(&same), -1);
        QCOMPARE(a.divergenceFrom(nullptr), -1);
        const int fork = a.steps() / 3;
        RunHandle branch(std::shared_ptr<const Run>(a.run().fork(size_t(fork), "random")), nullptr, &a, fork);
        const int at = a.divergenceFrom(&branch);
        QVERIFY2(at > fork, qPrintable(QString::number(at)));  // position p is after step p-1
        QCOMPARE(branch.divergenceFrom(&a), at);
        // Up to `at` every metric is equal, at `at` one differs.
        const MetricSeries& s = a.run().series();
        bool differs = false;
        for (size_t c = 0; c < s.columns(); ++c) {
            QCOMPARE(s.column(c)[size_t(at) - 1], branch.run().series().column(c)[size_t(at) - 1]);
            differs = differs || s.column(c)[size_t(at)] != branch.run().series().column(c)[size_t(at)];
        }
        QVERIFY(differs);
    }

    // Only runs with a shared history diverge (issue 13: two runs made apart were marked
    // "diverges" at their first row): a fork, a fork of a fork and two forks of one run do, two
    // runs of one trace made apart never, on screen (divergenceFrom) and in an export
    // (ExportRequest), although their metrics differ from the start.
    void onlyRunsWithASharedHistoryDiverge()
    {
        RunHandle a(test::simulateRun(trace_, "fgd", kTune));
        RunHandle apart(test::simulateRun(trace_, "random", kTune));
        QVERIFY(chart::RunCharts::divergence(a.run(), apart.run()).has_value());  // the metrics differ
        QVERIFY(!a.sharesHistoryWith(&apart));
        QCOMPARE(a.divergenceFrom(&apart), -1);
        QCOMPARE(apart.divergenceFrom(&a), -1);
        QVERIFY(!ExportRequest("report", &a, &apart, 0, -1, 2).options().divergence.has_value());

        const int early = a.steps() / 4, late = a.steps() / 2;
        RunHandle branch(std::shared_ptr<const Run>(a.run().fork(size_t(early), "random")), nullptr, &a, early);
        RunHandle sibling(std::shared_ptr<const Run>(a.run().fork(size_t(late), "bestfit")), nullptr, &a, late);
        RunHandle twig(std::shared_ptr<const Run>(branch.run().fork(size_t(late), "fgd")), nullptr, &branch, late);
        for (const auto& [one, other] : {std::pair{&a, &twig}, {&branch, &sibling}, {&twig, &sibling}}) {
            QVERIFY(one->sharesHistoryWith(other) && other->sharesHistoryWith(one));
            QCOMPARE(other->divergenceFrom(one), one->divergenceFrom(other));
        }
        // Both branch at `early` or later, so they agree up to it.
        QVERIFY(a.divergenceFrom(&branch) > early);
        QVERIFY(branch.divergenceFrom(&sibling) > early);
        QCOMPARE(ExportRequest("report", &a, &branch, 0, -1, 2).options().divergence,
                 std::optional<size_t>(size_t(a.divergenceFrom(&branch))));
        QVERIFY(!twig.sharesHistoryWith(&apart));
    }

    void deltaSignFollowsTheDifference()
    {
        Comparison compared(trace_, "fgd", "fgd");
        RunComparisonModel& model = compared.model;
        // The same policy and seed: every final delta is zero.
        for (int row = 0; row < model.rowCount(); ++row) {
            const QModelIndex delta = model.index(row, RunComparisonModel::FinalDelta);
            QCOMPARE(model.data(delta, RunComparisonModel::DeltaSignRole).toInt(), 0);
            QCOMPARE(model.data(delta).toString(), QStringLiteral("0"));  // no "+0.00", nothing to mark
        }
    }

    void countsAreWrittenAsIntegers()
    {
        Comparison compared(trace_, "fgd", "random");
        RunComparisonModel& model = compared.model;
        const MetricSeries& s = compared.a.run().series();
        model.setPositionA(compared.a.steps() / 2);
        model.setPositionB(compared.b.steps() / 2);
        int counts = 0;
        for (int row = 0; row < model.rowCount(); ++row) {
            const auto metric = s.find(model.key(row).toStdString());
            if (!metric)
                continue;  // a summary: the next test's business
            const MetricInfo& info = s.info(*metric);
            for (int column = RunComparisonModel::AtCursorA; column <= RunComparisonModel::FinalDelta; ++column) {
                const QString text = model.data(model.index(row, column)).toString();
                const double v = model.value(row, column);
                if (info.count) {
                    // "343", never "343.00"; a difference "+3" or "−3".
                    QVERIFY2(!text.contains('.'), qPrintable(text));
                    QCOMPARE(text.toDouble() == 0 ? 0.0 : std::abs(QString(text).remove(QChar(0x2212)).remove('+').toDouble()),
                             std::abs(v));
                } else {
                    QVERIFY2(text.contains('.') || text == "0", qPrintable(text));
                }
                // A difference is marked exactly when it is written as one.
                if (column == RunComparisonModel::AtCursorDelta || column == RunComparisonModel::FinalDelta)
                    QCOMPARE(model.data(model.index(row, column), RunComparisonModel::DeltaSignRole).toInt() != 0,
                             text != "0");
            }
            counts += info.count;
        }
        QVERIFY(counts >= 5);  // failed, pending, used nodes, GPUs on used nodes, GPUs in use, per class
    }

    // One number, one definition: the compare table, the occupancy grid's header count and the
    // report's summary show the same values at the same cursor.
    void theTableTheGridAndTheReportAgree()
    {
        Comparison compared(trace_, "fgd", "bestfit");
        RunComparisonModel& model = compared.model;
        int inUseRow = -1, failedRow = -1;
        for (int row = 0; row < model.rowCount(); ++row) {
            if (model.key(row) == PodSchedulingRun::kGpusInUseKey)
                inUseRow = row;
            if (model.key(row) == "failed_pods")
                failedRow = row;
        }
        QVERIFY(inUseRow >= 0 && failedRow >= 0);

        OccupancyItem grid;
        grid.setWidth(800);
        grid.setRun(&compared.a);
        for (int position : {0, compared.a.steps() / 3, compared.a.steps() / 2, compared.a.steps()}) {
            model.setPositionA(position);
            grid.setPosition(position);
            QCOMPARE(model.value(inUseRow, RunComparisonModel::AtCursorA), double(grid.usedCellCount()));
            QCOMPARE(model.data(model.index(inUseRow, RunComparisonModel::AtCursorA)).toString(),
                     QString::number(grid.usedCellCount()));
            // ... and the grid's header writes it with RunHandle::valueText, the same text.
            QCOMPARE(compared.a.valueText(PodSchedulingRun::kGpusInUseKey, position),
                     model.data(model.index(inUseRow, RunComparisonModel::AtCursorA)).toString());
            QCOMPARE(compared.a.valueText("failed_pods", position),
                     model.data(model.index(failedRow, RunComparisonModel::AtCursorA)).toString());
        }

        // The report's "at 100% arrived" is the value where the app's cursor lands for 100%,
        // on runs that go past it.
        RunHandle a(test::simulateRun(trace_, "fgd", 1.3)), b(test::simulateRun(trace_, "bestfit", 1.3));
        model.setRunA(&a);
        model.setRunB(&b);
        QVERIFY(a.positionAtX(100) < a.steps() && b.positionAtX(100) < b.steps());
        const std::vector<const Run*> runs{&a.run(), &b.run()};
        const QList<QStringList> summary = chart::ReportWriter::summary(runs);
        const QString failedLabel = model.data(model.index(failedRow, 0)).toString();
        bool checked = false;
        for (const QStringList& row : summary) {
            if (!row[0].startsWith(failedLabel) || !row[0].endsWith("at 100% arrived"))
                continue;
            const int pa = a.positionAtX(100), pb = b.positionAtX(100);
            model.setPositionA(pa);
            model.setPositionB(pb);
            QCOMPARE(row[1], model.data(model.index(failedRow, RunComparisonModel::AtCursorA)).toString());
            QCOMPARE(row[2], model.data(model.index(failedRow, RunComparisonModel::AtCursorB)).toString());
            QCOMPARE(row[3], model.data(model.index(failedRow, RunComparisonModel::AtCursorDelta)).toString());
            checked = true;
        }
        QVERIFY(checked);
        // A run that stops at 80% has no value "at 100% arrived".
        const std::vector<const Run*> short80{&compared.a.run()};
        for (const QStringList& row : chart::ReportWriter::summary(short80))
            if (row[0].endsWith("at 100% arrived"))
                QCOMPARE(row[1], QStringLiteral("–"));
        model.setRunA(nullptr);  // before a and b go
        model.setRunB(nullptr);
        for (const QStringList& row : summary)
            for (const QString& cell : row.mid(1))
                QVERIFY2(!(row[0].startsWith("Failed pods") && cell.contains('.')), qPrintable(row.join(" | ")));
    }

    // A pod run and a rental run share no x axis and no metric: the model, the run handles the
    // app asks ("vs", Compare) and every export refuse the pair with one sentence, which names
    // both runs' kinds; runs of one kind still compare.
    void runsOfTwoKindsAreNotCompared()
    {
        RunHandle pods(test::simulateRun(trace_, "fgd", kTune));
        RunHandle rent(rentalRun("boa"));
        RunHandle rentToo(rentalRun("fixed:1"));
        RunComparisonModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy changed(&model, &RunComparisonModel::runsChanged);
        model.setRunA(&rent);
        model.setRunB(&pods);
        QCOMPARE(model.rowCount(), 0);
        const QString problem = model.problem();
        QVERIFY2(problem.contains("only runs of the same kind can be compared"), qPrintable(problem));
        QVERIFY2(problem.contains("Pod scheduling") && problem.contains("Training on rented GPUs"), qPrintable(problem));
        QVERIFY2(problem.contains(pods.name()) && problem.contains(rent.name()), qPrintable(problem));
        QCOMPARE(rent.comparisonProblem(&pods), problem);
        QVERIFY(!pods.comparisonProblem(&rent).isEmpty());
        QVERIFY(rent.comparisonProblem(&rentToo).isEmpty());
        QVERIFY(rent.comparisonProblem(nullptr).isEmpty());

        for (const QString& id : {QStringLiteral("report"), QStringLiteral("difference"), QStringLiteral("occupancy")}) {
            ExportRequest request(id, &rent, &pods, 0, -1, -1);
            try {
                request.specs();
                QFAIL(qPrintable(id + " of a pod run and a rental run was drawn"));
            } catch (const chart::ChartError& e) {
                QCOMPARE(QString::fromStdString(e.what()), problem);
            }
        }

        model.setRunB(&rentToo);
        QVERIFY(model.problem().isEmpty());
        QVERIFY(model.rowCount() > 0);
        QVERIFY(changed.count() >= 2);
        QVERIFY(!ExportRequest(QStringLiteral("report"), &rent, &rentToo, 0, -1, -1).specs().isEmpty());
        model.setRunA(nullptr);
        model.setRunB(nullptr);
    }

    // The kind decides where its summary goes: a rental run is judged by its JCT and cost, so
    // compare and the report list those first, in the kind's order; pods keep their metrics first.
    void theKindOrdersTheSummary()
    {
        RunHandle boa(rentalRun("boa")), fixed(rentalRun("fixed:1"));
        RunComparisonModel model;
        model.setRunA(&boa);
        model.setRunB(&fixed);
        // The figures both runs have (BOA's solver figures are its own), in BOA's order.
        std::vector<RunSummaryValue> figures;
        for (const RunSummaryValue& v : boa.run().summary())
            for (const RunSummaryValue& o : fixed.run().summary())
                if (o.key == v.key)
                    figures.push_back(v);
        QVERIFY(figures.size() >= 8);
        const QStringList leading{"mean_jct_h", "geomean_jct_h", "p99_jct_h", "cost_gpu_h", "average_rented_gpus"};
        for (int row = 0; row < int(figures.size()); ++row) {
            QCOMPARE(model.key(row), QString::fromStdString(figures[size_t(row)].key));
            if (row < leading.size())
                QCOMPARE(model.key(row), leading[row]);
            QVERIFY(std::isnan(model.value(row, RunComparisonModel::AtCursorA)));  // a whole-run figure
            QCOMPARE(model.value(row, RunComparisonModel::FinalA), figures[size_t(row)].value);
        }
        const QList<QStringList> report = chart::ReportWriter::summary({&boa.run(), &fixed.run()});
        QVERIFY(report.size() > 4);
        QVERIFY2(report[1][0].startsWith("Mean JCT"), qPrintable(report[1].join(" | ")));
        QVERIFY2(report[4][0].startsWith("GPU-hours rented"), qPrintable(report[4].join(" | ")));

        Comparison pods(trace_, "fgd", "bestfit");
        const auto podFigures = pods.a.run().summary();
        QVERIFY(!podFigures.empty());
        QVERIFY(pods.model.key(0) != QString::fromStdString(podFigures.front().key));
        QVERIFY(!std::isnan(pods.model.value(0, RunComparisonModel::AtCursorA)));  // a metric at the cursor
        model.setRunA(nullptr);
        model.setRunB(nullptr);
    }
};

QTEST_MAIN(RunComparisonTest)
#include "tst_runcomparison.moc"
