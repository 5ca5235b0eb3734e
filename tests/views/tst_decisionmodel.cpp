// DecisionModel and FilteredNodesModel against the core: every node of the cluster is either a
// feasible row or a filtered entry, the marked winner is where the simulator actually put the
// pod, the weighted total is the policy's weighted sum, and sorting keeps the winner marked.
#include "DefaultTraceRun.h"
#include "inspector/DecisionModel.h"
#include "items/OccupancyItem.h"
#include "run/RunKindRegistry.h"
#include "support/SharedData.h"
#include "training/placement/TrainingPlacementRun.h"
#include "training/rental-kind/TrainingRentalRun.h"

#include <QAbstractItemModelTester>
#include <QMap>

#include <algorithm>
#include <climits>
#include <QApplication>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>

using namespace tessera;
using views::DecisionModel;
using views::OccupancyItem;

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
        QCOMPARE(model.filtered()->matchCount(), model.filteredCount());
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

        // By default the winner is the first row, marked, whatever its tie rank.
        QCOMPARE(model.winnerRow(), 0);
        QVERIFY(model.data(model.index(0, 0), DecisionModel::IsWinnerRole).toBool());
    }

    // A training round (issue 13, W6): the model exposes every job's steps in the rule's order,
    // the chosen ones marked and those never reached greyed, what each column means (the header
    // tooltips) and the preempted jobs by name.
    void aTrainingRoundExposesItsStepsAndPreemptedJobs()
    {
        const RunKind& kind = RunKindRegistry::kind(TrainingPlacementRun::kKind);
        std::shared_ptr<const Run> run = kind.simulate(kind.conformanceSample(), RunRequest{"pal", {}});
        int step = -1;
        for (size_t i = 0; i < run->steps() && step < 0; ++i)
            if (!run->explain(i).preempted.empty())
                step = int(i);
        QVERIFY2(step >= 0, "the test needs a round with preemptions");
        views::RunHandle handle(run, &owner_);
        DecisionModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(show(model, &handle, step));
        const ExplanationTable expected = run->explain(size_t(step));
        QStringList names;
        for (const auto& name : expected.preempted) {
            QVERIFY(QString::fromStdString(name).startsWith(QStringLiteral("job ")));
            names << QString::fromStdString(name);
            QVERIFY2(model.outcome().contains(QString::fromStdString(name)), qPrintable(model.outcome()));
        }
        QCOMPARE(model.preempted(), names);
        QCOMPARE(model.rowCount(), int(expected.rows.size()));
        int chosen = 0, greyed = 0;
        for (int r = 0; r < model.rowCount(); ++r) {
            QCOMPARE(model.data(model.index(r, 0), DecisionModel::IsWinnerRole).toBool(), expected.rows[size_t(r)].chosen);
            QCOMPARE(model.data(model.index(r, 0), DecisionModel::IsGreyedRole).toBool(), expected.rows[size_t(r)].greyed);
            chosen += expected.rows[size_t(r)].chosen;
            greyed += expected.rows[size_t(r)].greyed;
            QCOMPARE(model.data(model.index(r, 1)).toString(), QString::fromStdString(*expected.rows[size_t(r)].text(0)));
        }
        QVERIFY(chosen > 0 && greyed > 0);
        QCOMPARE(model.chosenCount(), chosen);
        QCOMPARE(model.winnerRow(), -1);  // one chosen step per job, no single winner
        for (int c = 0; c < model.columnCount(); ++c)
            QCOMPARE(model.columnHelp(c), QString::fromStdString(expected.columnHelp[size_t(c)]));
        QVERIFY(model.columnHelp(model.columnCount()).isEmpty());
        // Sorting by cost keeps each row's marks with it.
        model.sort(columnNamed(model, QStringLiteral("cost")), Qt::DescendingOrder);
        int chosenAfter = 0;
        for (int r = 0; r < model.rowCount(); ++r)
            chosenAfter += model.data(model.index(r, 0), DecisionModel::IsWinnerRole).toBool();
        QCOMPARE(chosenAfter, chosen);
    }

    // A text cell over a number is that number with a note (walk14 W11: a rental width "56 × 67%,
    // …" or "4 (held ≤ 4: span)" sat left among right-aligned numbers): it aligns right and sorts
    // as the number, header included; a text over no number (a GPU set) still reads from the left.
    void aNumberWithANoteAlignsAndSortsAsTheNumber()
    {
        const char* workload = "traces/pollux-osdi21/simulator/workloads/workload-1.csv";
        TESSERA_REQUIRE_SHARED(workload);
        const RunKind& kind = RunKindRegistry::kind(TrainingRentalRun::kKind);
        LoadWarnings warnings;
        const auto inputs = kind.loadInputs({{"jobs", test::sharedPath(workload)}}, warnings);
        std::shared_ptr<const Run> run = kind.simulate(inputs, RunRequest{"boa", {{"budget", "16"}}});
        views::RunHandle handle(run, &owner_);
        DecisionModel model;
        QVERIFY(show(model, &handle, int(run->steps() / 2)));
        const int width = columnNamed(model, QStringLiteral("width (GPUs)"));
        QVERIFY(width > 0);
        int noted = 0;
        for (int r = 0; r < model.rowCount(); ++r) {
            QVERIFY(model.data(model.index(r, width), DecisionModel::IsNumericRole).toBool());
            noted += model.data(model.index(r, width)).toString().contains(QStringLiteral("×"));
        }
        QVERIFY2(noted >= 1, "the walk's case has a critical mix");
        QVERIFY(!model.isTextColumn(width));
        // Sorted by width, descending: the mix (mean width) among the numbers by its mean.
        const ExplanationTable table = run->explain(run->steps() / 2);
        model.sort(width, Qt::DescendingOrder);
        double previous = 1e300;
        for (int r = 0; r < model.rowCount(); ++r) {
            const QString name = model.data(model.index(r, 0)).toString();
            double value = 0;
            for (const auto& row : table.rows)
                if (QString::fromStdString(row.candidate) == name)
                    value = row.values[size_t(width - 1)];
            QVERIFY2(value <= previous, qPrintable(name));
            previous = value;
        }
    }

    // A training row names a job ("job 41 (4 GPUs, A)"), which is no node: a click on it selects
    // the node of its GPU set in the occupancy grid (the kind's mapping), so the inspector's
    // "click a job to select it" works; a pod row still selects its candidate node.
    void aTrainingRowSelectsItsJobsNodeInTheOccupancyGrid()
    {
        const RunKind& kind = RunKindRegistry::kind(TrainingPlacementRun::kKind);
        std::shared_ptr<const Run> run = kind.simulate(kind.conformanceSample(), RunRequest{"pal", {}});
        const auto& training = dynamic_cast<const TrainingPlacementRun&>(*run);
        views::RunHandle handle(run, &owner_);
        OccupancyItem grid;
        grid.setWidth(800);
        grid.setRun(&handle);
        const OccupancyLayout& layout = run->layout();
        const uint32_t perNode = training.cluster().gpusPerNode;
        int checked = 0;
        for (size_t step = 0; step < run->steps() && checked < 20; ++step) {
            DecisionModel model;
            QVERIFY(show(model, &handle, int(step)));
            for (int r = 0; r < model.rowCount(); ++r) {
                if (!model.data(model.index(r, 0), DecisionModel::IsWinnerRole).toBool())
                    continue;
                const QString gpus = model.data(model.index(r, 2)).toString();  // "GPUs 4-7, 12"
                const uint32_t first = gpus.section(' ', 1).section(QRegularExpression("[-,]"), 0, 0).toUInt();
                const QString target = model.selectionOf(r);
                QVERIFY2(grid.selectNode(target), qPrintable(model.data(model.index(r, 0)).toString() + " -> " + target));
                const auto& group = layout.groups[size_t(grid.selectedGroup())];
                QVERIFY2(first >= group.firstCell && first < group.firstCell + group.cellCount, qPrintable(gpus + " in " + target));
                QCOMPARE(group.firstCell / perNode, first / perNode);
                ++checked;
            }
        }
        QVERIFY(checked > 0);
        QVERIFY(!grid.selectNode(QStringLiteral("job 1 (1 GPU, A)")));  // what the click sent before

        auto pods = test::defaultRun("fgd");
        views::RunHandle podHandle(pods, &owner_);
        DecisionModel podModel;
        QVERIFY(show(podModel, &podHandle, lastPlacedArrival(*pods)));
        QVERIFY(podModel.rowCount() > 0);
        QCOMPARE(podModel.selectionOf(0), podModel.data(podModel.index(0, 0)).toString());
        QVERIFY(podModel.selectionOf(podModel.rowCount()).isEmpty());
    }

    void filteredNodesAreGroupedByReasonAndSearchable()
    {
        auto run = test::defaultRun("fgd");
        views::RunHandle handle(run, &owner_);
        DecisionModel model;
        views::FilteredNodesModel* filtered = model.filtered();
        QAbstractItemModelTester tester(filtered, QAbstractItemModelTester::FailureReportingMode::QtTest);
        // A late decision, when the cluster is full enough to filter nodes for several reasons.
        int step = lastPlacedArrival(*run);
        QVERIFY(show(model, &handle, step));
        const ExplanationTable expected = run->explain(size_t(step));
        QVERIFY(expected.filtered.size() > 10);
        QMap<QString, int> byGroup;
        for (const auto& f : expected.filtered)
            ++byGroup[QString::fromStdString(f.group)];
        QVERIFY2(byGroup.size() > 1, "the test needs a decision with several reasons");

        // Collapsed: one header row per group, largest first, with its count.
        using F = views::FilteredNodesModel;
        QCOMPARE(filtered->rowCount(), int(byGroup.size()));
        int total = 0, previous = INT_MAX;
        for (int r = 0; r < filtered->rowCount(); ++r) {
            const QModelIndex i = filtered->index(r);
            QVERIFY(filtered->data(i, F::IsGroupRole).toBool());
            const QString group = filtered->data(i, F::GroupRole).toString();
            const int count = filtered->data(i, F::GroupCountRole).toInt();
            QCOMPARE(count, byGroup.value(group));
            QVERIFY(count <= previous);
            QVERIFY(filtered->data(i).toString().contains(QString::number(count)));
            previous = count;
            total += count;
        }
        QCOMPARE(total, model.filteredCount());

        // Opening a group lists its nodes under its header.
        filtered->toggleGroup(0);
        const int firstCount = filtered->data(filtered->index(0), F::GroupCountRole).toInt();
        QCOMPARE(filtered->rowCount(), int(byGroup.size()) + firstCount);
        QVERIFY(!filtered->data(filtered->index(1), F::IsGroupRole).toBool());
        QVERIFY(!filtered->data(filtered->index(1), F::CandidateRole).toString().isEmpty());
        QVERIFY(!filtered->data(filtered->index(1), F::ReasonRole).toString().isEmpty());

        // A search finds one node by name, in whichever group it is, and nothing else.
        const QString wanted = QString::fromStdString(expected.filtered[expected.filtered.size() / 2].candidate);
        filtered->setSearch(wanted.toUpper());
        QCOMPARE(filtered->matchCount(), int(std::count_if(expected.filtered.begin(), expected.filtered.end(), [&](const auto& f) {
            return QString::fromStdString(f.candidate).contains(wanted, Qt::CaseInsensitive)
                || QString::fromStdString(f.reason).contains(wanted, Qt::CaseInsensitive);
        })));
        bool found = false;
        for (int r = 0; r < filtered->rowCount(); ++r)
            found |= filtered->data(filtered->index(r), F::CandidateRole).toString() == wanted;
        QVERIFY(found);
        filtered->setSearch("no such node anywhere");
        QCOMPARE(filtered->matchCount(), 0);
        QCOMPARE(filtered->rowCount(), 0);
        filtered->setSearch("");
        QCOMPARE(filtered->matchCount(), model.filteredCount());
    }

    // The inspector's text reads as one: a column keeps one number format ("-1.000" above
    // "-0.688"), filtered-out reasons use the header's units (vCPU, GiB), the nodes of a reason
    // group are in name order, and the longest name is known for sizing the candidate column.
    void textReadsConsistently()
    {
        auto run = test::defaultRun("fgd");
        views::RunHandle handle(run, &owner_);
        DecisionModel model;
        const int step = lastPlacedArrival(*run);
        QVERIFY(show(model, &handle, step));
        bool sawFraction = false;
        for (int c = 1; c < model.columnCount(); ++c) {
            int decimals = -1;
            for (int r = 0; r < model.rowCount(); ++r) {
                const QString text = model.data(model.index(r, c)).toString();
                if (text == QStringLiteral("–"))
                    continue;
                const int d = text.contains('.') ? int(text.size() - text.indexOf('.') - 1) : 0;
                QVERIFY2(decimals < 0 || d == decimals,
                         qPrintable(model.columnTitle(c) + ": " + text + " beside " + QString::number(decimals) + " decimals"));
                decimals = d;
                sawFraction |= d > 0;
            }
        }
        QVERIFY2(sawFraction, "FGD's Δ frag column has fractions");
        QVERIFY2(model.subject().contains(" vCPU") && model.subject().contains(" GiB"), qPrintable(model.subject()));
        QString longest;
        for (int r = 0; r < model.rowCount(); ++r)
            if (model.data(model.index(r, 0)).toString().size() > longest.size())
                longest = model.data(model.index(r, 0)).toString();
        QCOMPARE(model.longestCandidate(), longest);

        // Find a decision whose filtered nodes include CPU or memory reasons.
        views::FilteredNodesModel* filtered = model.filtered();
        using F = views::FilteredNodesModel;
        bool sawUnits = false;
        for (int at = step; at > 0 && !sawUnits; at -= 97) {
            QVERIFY(show(model, &handle, at));
            for (int g = 0; g < filtered->rowCount(); ++g) {
                const QModelIndex header = filtered->index(g);
                if (!filtered->data(header, F::IsGroupRole).toBool() || filtered->data(header, F::ExpandedRole).toBool())
                    continue;
                filtered->toggleGroup(g);
            }
            QString previous, previousGroup;
            for (int r = 0; r < filtered->rowCount(); ++r) {
                const QModelIndex i = filtered->index(r);
                if (filtered->data(i, F::IsGroupRole).toBool()) {
                    previous.clear();
                    continue;
                }
                const QString reason = filtered->data(i, F::ReasonRole).toString();
                QVERIFY2(!reason.contains("milli free") && !reason.contains("MiB"), qPrintable(reason));
                if (reason.startsWith("insufficient CPU") || reason.startsWith("insufficient memory")) {
                    QVERIFY2(reason.contains(reason.startsWith("insufficient CPU") ? " vCPU free, " : " GiB free, "), qPrintable(reason));
                    sawUnits = true;
                }
                const QString node = filtered->data(i, F::CandidateRole).toString();
                QVERIFY2(previous.isEmpty() || previous < node, qPrintable(previous + " before " + node));
                previous = node;
            }
        }
        QVERIFY2(sawUnits, "no decision of the run filtered a node for CPU or memory");
    }

    // A CPU-only pod asks for no GPU, and says so.
    void aCpuOnlyPodAsksForNoGpu()
    {
        auto run = test::defaultRun("fgd");
        views::RunHandle handle(run, &owner_);
        DecisionModel model;
        int cpuOnly = -1;
        for (size_t i = 0; i < run->steps() && cpuOnly < 0; ++i) {
            const Step& s = run->result().timeline.step(i);
            if (s.kind == StepKind::Arrival && run->result().sequence[s.pod].gpuCount == 0)
                cpuOnly = int(i);
        }
        QVERIFY2(cpuOnly >= 0, "the default trace starts with a CPU-only pod");
        QVERIFY(show(model, &handle, cpuOnly));
        QVERIFY2(model.subject().contains("no GPU") && !model.subject().contains("0 × 0"), qPrintable(model.subject()));
    }

    void aFailedDecisionHasNoWinner()
    {
        // A small cluster at 130% arrived: some pods fit nowhere.
        auto run = test::simulateRun(test::syntheticTrace(10, 400, 7), "fgd", 1.3);
        views::RunHandle handle(std::shared_ptr<const Run>(std::move(run)), &owner_);
        const auto& pods = static_cast<const PodSchedulingRun&>(handle.run());
        DecisionModel model;
        int failed = -1;
        for (size_t i = pods.steps(); i-- > 0 && failed < 0;) {
            const Step& s = pods.result().timeline.step(i);
            if (s.kind == StepKind::Arrival && !s.placement.placed())
                failed = int(i);
        }
        QVERIFY2(failed >= 0, "10 nodes at 130% fail some pods");
        QVERIFY(show(model, &handle, failed));
        QCOMPARE(model.winnerRow(), -1);
        QVERIFY(model.winner().isEmpty());
        QCOMPARE(model.rowCount(), 0);
        QVERIFY(model.filteredCount() > 0);
        QVERIFY(model.outcome().contains("fits nowhere"));
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
        // PWR's raw score differs from its normalised one; FGD's would not, so FGD shows what
        // it measured, the growth of expected fragmentation, instead of a raw column.
        QVERIFY(columnNamed(model, "pwr raw") > 0);
        QCOMPARE(columnNamed(model, "fgd raw"), -1);
        QVERIFY(columnNamed(model, "fgd Δ frag (GPU)") > 0);

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
