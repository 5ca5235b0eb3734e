// DecisionModel and FilteredNodesModel against the core: every node of the cluster is either a
// feasible row or a filtered entry, the marked winner is where the simulator actually put the
// pod, the weighted total is the policy's weighted sum, and sorting keeps the winner marked.
#include "DefaultTraceRun.h"
#include "inspector/DecisionModel.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QSignalSpy>
#include <QTest>

using namespace tessera;
using views::DecisionModel;

namespace {

// The latest step of `run` that placed an arriving pod: a real decision with a winner.
int lastPlacedArrival(const PodSchedulingRun& run)
{
    for (size_t i = run.steps(); i-- > 0;) {
        const Step& s = run.result().timeline.step(i);
        if (s.kind == StepKind::Arrival && s.placement.placed())
            return int(i);
    }
    return -1;
}

int columnNamed(const DecisionModel& model, const QString& title)
{
    for (int c = 0; c < model.columnCount(); ++c)
        if (model.columnTitle(c) == title)
            return c;
    return -1;
}

double number(const DecisionModel& model, int row, int column)
{
    return model.data(model.index(row, column), DecisionModel::ValueRole).toDouble();
}

}  // namespace

class TestDecisionModel : public QObject {
    Q_OBJECT

    QObject owner_;

    // Shows `step` of `handle` and waits for the background explanation.
    static bool show(DecisionModel& model, views::RunHandle* handle, int step)
    {
        model.setRun(handle);
        model.setStep(step);
        return QTest::qWaitFor([&] { return !model.busy() && model.shownStep() == step; }, 10'000);
    }

private slots:
    void rowsAndWinnerMatchTheSimulator()
    {
        auto run = test::defaultRun("fgd");
        views::RunHandle handle(run, &owner_);
        DecisionModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester filteredTester(model.filtered(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        const int step = lastPlacedArrival(*run);
        QVERIFY(step > 0);
        QVERIFY(show(model, &handle, step));

        const ExplanationTable expected = run->explain(size_t(step));
        QCOMPARE(model.rowCount(), int(expected.rows.size()));
        QCOMPARE(model.columnCount(), 1 + int(expected.columns.size()));
        QCOMPARE(model.filteredCount(), int(expected.filtered.size()));
        QCOMPARE(model.filtered()->rowCount(), model.filteredCount());
        // Every node is either a candidate or filtered out, never both.
        QCOMPARE(model.rowCount() + model.filteredCount(), int(run->trace().cluster.nodes.size()));
        QVERIFY(model.rowCount() > 1);
        QVERIFY(!model.subject().isEmpty());
        QVERIFY(!model.why().isEmpty());
        QVERIFY(!model.outcome().isEmpty());

        // The winner is the node the run placed the pod on.
        const Step& s = run->result().timeline.step(size_t(step));
        const QString placedOn = QString::fromStdString(run->trace().cluster.nodes[size_t(s.placement.node)].name);
        QCOMPARE(model.winner(), placedOn);
        QVERIFY(model.winnerRow() >= 0);
        QCOMPARE(model.data(model.index(model.winnerRow(), 0)).toString(), placedOn);
        for (int r = 0; r < model.rowCount(); ++r)
            QCOMPARE(model.data(model.index(r, 0), DecisionModel::IsWinnerRole).toBool(), r == model.winnerRow());
        QVERIFY(model.outcome().contains(placedOn));

        // Filtered entries carry a reason each.
        const QModelIndex first = model.filtered()->index(0);
        if (first.isValid()) {
            QVERIFY(!model.filtered()->data(first, views::FilteredNodesModel::CandidateRole).toString().isEmpty());
            QVERIFY(!model.filtered()->data(first, views::FilteredNodesModel::ReasonRole).toString().isEmpty());
        }
    }

    void winnerHasTheHighestTotalThenTheFirstTieRank()
    {
        auto run = test::defaultRun("pwr:100,fgd:900");
        views::RunHandle handle(run, &owner_);
        DecisionModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const int step = lastPlacedArrival(*run);
        QVERIFY(show(model, &handle, step));
        const int total = columnNamed(model, "weighted total"), rank = columnNamed(model, "tie rank");
        const int pwr = columnNamed(model, "pwr score"), fgd = columnNamed(model, "fgd score");
        QVERIFY(total > 0 && rank > 0 && pwr > 0 && fgd > 0);
        QVERIFY(columnNamed(model, "pwr raw") > 0 && columnNamed(model, "fgd raw") > 0);

        // The total is the integer weighted sum of the normalised scores (contracts.md 2).
        for (int r = 0; r < model.rowCount(); ++r)
            QCOMPARE(number(model, r, total), 100 * number(model, r, pwr) + 900 * number(model, r, fgd));

        QSignalSpy sortSpy(&model, &DecisionModel::sortChanged);
        model.sort(total, Qt::DescendingOrder);
        QCOMPARE(sortSpy.count(), 1);
        QCOMPARE(model.sortColumn(), total);
        for (int r = 1; r < model.rowCount(); ++r)
            QVERIFY(number(model, r - 1, total) >= number(model, r, total));
        const double best = number(model, 0, total);
        const int w = model.winnerRow();
        QCOMPARE(number(model, w, total), best);
        for (int r = 0; r < model.rowCount() && number(model, r, total) == best; ++r)
            QVERIFY(number(model, w, rank) <= number(model, r, rank));
        QVERIFY(model.data(model.index(w, 0), DecisionModel::IsWinnerRole).toBool());

        // A header click sorts descending first, a second click ascending.
        model.toggleSort(0);
        QCOMPARE(model.sortOrder(), Qt::DescendingOrder);
        model.toggleSort(0);
        QCOMPARE(model.sortOrder(), Qt::AscendingOrder);
        for (int r = 1; r < model.rowCount(); ++r)
            QVERIFY(model.data(model.index(r - 1, 0)).toString() < model.data(model.index(r, 0)).toString());
        QCOMPARE(model.data(model.index(model.winnerRow(), 0)).toString(), model.winner());

        // The order persists to the next decision.
        QVERIFY(show(model, &handle, step - 1));
        QCOMPARE(model.sortColumn(), 0);
        for (int r = 1; r < model.rowCount(); ++r)
            QVERIFY(model.data(model.index(r - 1, 0)).toString() < model.data(model.index(r, 0)).toString());

        // Column -1 gives back the explanation's own order.
        model.sort(-1);
        const ExplanationTable expected = run->explain(size_t(step - 1));
        for (int r = 0; r < model.rowCount(); ++r)
            QCOMPARE(model.data(model.index(r, 0)).toString(), QString::fromStdString(expected.rows[size_t(r)].candidate));
    }

    void noStepMeansAnEmptyTable()
    {
        auto run = test::defaultRun("fgd");
        views::RunHandle handle(run, &owner_);
        DecisionModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(show(model, &handle, 5));
        QVERIFY(model.rowCount() > 0);
        model.setStep(-1);  // the cursor at position 0: nothing happened yet
        QCOMPARE(model.rowCount(), 0);
        QCOMPARE(model.winnerRow(), -1);
        QCOMPARE(model.filteredCount(), 0);
        QVERIFY(model.subject().isEmpty());
        model.setStep(int(run->steps()) + 10);
        QCOMPARE(model.rowCount(), 0);
    }

    void rapidStepsEndOnTheLastOne()
    {
        auto run = test::defaultRun("fgd");
        views::RunHandle handle(run, &owner_);
        DecisionModel model;
        model.setRun(&handle);
        for (int step = 100; step < 140; ++step)  // playback: only the last one matters
            model.setStep(step);
        QTRY_VERIFY_WITH_TIMEOUT(!model.busy(), 10'000);
        QCOMPARE(model.shownStep(), 139);
        QCOMPARE(model.subject(), QString::fromStdString(run->explain(139).subject));
    }
};

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    TestDecisionModel test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_decisionmodel.moc"
