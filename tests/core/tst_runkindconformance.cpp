// What every registered run kind must do, checked on the small input each kind provides for
// tests (RunKind::conformanceSample): the registry entry describes itself consistently, a
// simulated run has a series whose x axis never decreases and a consistent layout, its cursor
// gives the same cells whichever way it reaches a position, it explains its steps, a fork with
// its own policy reproduces it exactly, and it reopens equal from a study; its files
// (RunKind::writeConformanceFiles) load, and a warning about any of them (its last line cut
// short) reaches loadInputs' caller. A new kind is tested here by registering itself: no edit
// of this file.
#include "run/RunKindRegistry.h"
#include "store/RunArchive.h"
#include "util/UsageError.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <fmt/format.h>

#include <cmath>
#include <set>

using namespace tessera;

namespace {

// "" when both series hold the same columns with identical values (NaN equals NaN); else the
// first difference.
QString seriesDifference(const MetricSeries& a, const MetricSeries& b)
{
    if (a.columns() != b.columns() || a.rows() != b.rows())
        return QString("shape %1x%2 vs %3x%4").arg(a.columns()).arg(a.rows()).arg(b.columns()).arg(b.rows());
    for (size_t c = 0; c < a.columns(); ++c) {
        if (a.info(c).key != b.info(c).key || a.info(c).label != b.info(c).label || a.info(c).unit != b.info(c).unit
            || a.info(c).count != b.info(c).count || a.info(c).interpolation != b.info(c).interpolation
            || a.info(c).headline != b.info(c).headline || a.info(c).higherIsBetter != b.info(c).higherIsBetter
            || a.info(c).family != b.info(c).family || a.info(c).member != b.info(c).member)
            return QString("column %1: %2 vs %3").arg(c).arg(a.info(c).key.c_str(), b.info(c).key.c_str());
        for (size_t r = 0; r < a.rows(); ++r) {
            const double x = a.column(c)[r], y = b.column(c)[r];
            if (x != y && !(std::isnan(x) && std::isnan(y)))
                return QString("%1 row %2: %3 vs %4").arg(a.info(c).key.c_str()).arg(r).arg(x).arg(y);
        }
    }
    return {};
}

// Appends the first field of the file's last line with no newline: an interrupted write of one
// more row (contracts.md 4). Returns the line it makes, or 0 when the file is not such a CSV.
long cutShort(const std::string& path)
{
    QFile file(QString::fromStdString(path));
    if (!file.open(QIODevice::ReadWrite))
        return 0;
    const QByteArray text = file.readAll();
    if (!text.endsWith('\n'))
        return 0;
    const QByteArray last = text.left(text.size() - 1).split('\n').last();
    const qsizetype comma = last.indexOf(',');
    if (comma <= 0 || !file.seek(text.size()) || file.write(last.left(comma)) != comma)
        return 0;
    return long(text.count('\n')) + 1;
}

std::vector<float> cellsAt(RunCursor& cursor, size_t position)
{
    cursor.seek(position);
    std::vector<float> use;
    cursor.cellUse(use);
    return use;
}

}  // namespace

class TestRunKindConformance : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;

    const RunKind& kindOfRow()
    {
        QFETCH(QString, kind);
        return RunKindRegistry::kind(kind.toStdString());
    }
    std::unique_ptr<Run> simulateSample(const RunKind& kind)
    {
        return kind.simulate(kind.conformanceSample(), RunRequest{kind.policies().at(0).spec, {}});
    }

    void everyKind()
    {
        QTest::addColumn<QString>("kind");
        for (const auto& id : RunKindRegistry::instance().names())
            QTest::newRow(id.c_str()) << QString::fromStdString(id);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        QVERIFY(RunKindRegistry::instance().contains("pod-scheduling"));
    }

    void describesItself_data() { everyKind(); }
    void describesItself()
    {
        const RunKind& kind = kindOfRow();
        QTEST(QString::fromStdString(kind.id()), "kind");
        QVERIFY(!kind.displayName().empty());
        QVERIFY(!kind.inputs().empty());
        for (const auto& input : kind.inputs())
            QVERIFY2(!input.role.empty() && !input.label.empty(), input.role.c_str());
        QVERIFY(!kind.policies().empty());
        for (const auto& policy : kind.policies()) {
            const auto problem = kind.policyProblem(policy.spec);
            QVERIFY2(!problem, problem ? problem->c_str() : "");
        }
        const auto bad = kind.policyProblem("no such policy ~");
        QVERIFY(bad && !bad->empty());
        std::set<std::string> names;
        for (const auto& p : kind.parameters()) {
            QVERIFY2(names.insert(p.name).second, p.name.c_str());
            QVERIFY(!p.label.empty());
            QVERIFY2(!p.problemWith(p.defaultText()), p.name.c_str());
            if (p.type == RunKindParameter::Type::Choice) {
                QVERIFY(!p.choices.empty());
                QCOMPARE(p.choiceLabels.size(), p.choices.size());
                QVERIFY(p.problemWith("no such choice ~"));
            } else {
                QVERIFY(p.min <= p.defaultValue && p.defaultValue <= p.max);
                QVERIFY(p.problemWith(std::to_string(p.max * 2 + 1)));
                QVERIFY(p.problemWith("not a number"));
            }
        }
        for (const auto& p : kind.parameters())
            if (!p.onlyWhenParameter.empty()) {
                const auto other = kind.parameter(p.onlyWhenParameter);
                QVERIFY2(other, p.onlyWhenParameter.c_str());
                QVERIFY2(!other->problemWith(p.onlyWhenValue), p.onlyWhenValue.c_str());
            }
        // A request names only declared parameters, with values in range.
        const std::string policy = kind.policies().front().spec;
        QVERIFY(kind.requestProblem({policy, {{"no_such_parameter", "1"}}}));
        QVERIFY(!kind.requestProblem({policy, {}}));
        QVERIFY_THROWS_EXCEPTION(UsageError, kind.simulate(kind.conformanceSample(), {"no such policy ~", {}}));
    }

    void simulatesASeriesAndALayout_data() { everyKind(); }
    void simulatesASeriesAndALayout()
    {
        const RunKind& kind = kindOfRow();
        const auto run = simulateSample(kind);
        QVERIFY(run);
        QCOMPARE(run->info().kind, kind.id());
        QVERIFY(run->steps() > 2);
        const MetricSeries& series = run->series();
        QVERIFY(series.columns() > 0);
        QCOMPARE(series.rows(), run->steps() + 1);
        for (size_t r = 1; r < series.rows(); ++r)
            QVERIFY2(series.column(0)[r] >= series.column(0)[r - 1], qPrintable(QString("row %1").arg(r)));
        const OccupancyLayout& layout = run->layout();
        QVERIFY(!layout.groups.empty());
        uint32_t next = 0;
        for (const auto& g : layout.groups) {
            QCOMPARE(g.firstCell, next);
            QVERIFY(g.category < layout.categories.size());
            next += g.cellCount;
        }
        QCOMPARE(layout.cellCount, next);
        auto cursor = run->cursor();
        const auto use = cellsAt(*cursor, run->steps());
        QCOMPARE(use.size(), size_t(layout.cellCount));
        for (float u : use)
            QVERIFY(u >= 0.0f && u <= 1.0f);
        std::vector<float> values;
        cursor->groupValues(values);
        QCOMPARE(values.size(), layout.groups.size());
    }

    // The kind names its views as its runs do (RunKind::words): with no run shown, after a kind
    // switch or a restart, the tabs said "GPU occupancy" beside the renting kind's own (walk14b N1).
    void namesItsViewsAsItsRunsDo_data() { everyKind(); }
    void namesItsViewsAsItsRunsDo()
    {
        const RunKind& kind = kindOfRow();
        const auto run = simulateSample(kind);
        const RunWords own = kind.words(), ofRun = run->words();
        for (const auto& [name, field] : RunWords::fields())
            if (std::string_view(name) != "position_text")  // the pod kind's depends on the run's mode
                QVERIFY2(own.*field == ofRun.*field, name);
    }

    void cursorSeeksBothWays_data() { everyKind(); }
    void cursorSeeksBothWays()
    {
        const RunKind& kind = kindOfRow();
        const auto run = simulateSample(kind);
        const size_t n = run->steps();
        auto cursor = run->cursor();
        for (size_t position : {n / 2, n, size_t(1), n - 1}) {
            const auto forward = cellsAt(*cursor, position);
            QCOMPARE(cursor->position(), position);
            cellsAt(*cursor, 0);
            const auto again = cellsAt(*cursor, position);
            QVERIFY2(forward == again, qPrintable(QString("position %1").arg(position)));
            // The same position reached by a fresh cursor, from the start.
            QVERIFY(cellsAt(*run->cursor(), position) == forward);
        }
    }

    void explainsSteps_data() { everyKind(); }
    void explainsSteps()
    {
        const RunKind& kind = kindOfRow();
        const auto run = simulateSample(kind);
        for (size_t step : {size_t(0), run->steps() / 2, run->steps() - 1}) {
            QVERIFY(!run->describeStep(step).empty());
            const ExplanationTable table = run->explain(step);
            QVERIFY2(!table.subject.empty(), qPrintable(QString("step %1").arg(step)));
            for (const auto& row : table.rows)
                QCOMPARE(row.values.size(), table.columns.size());
            QVERIFY(table.winner < int(table.rows.size()));
        }
    }

    void forkWithItsOwnPolicyReproducesTheRun_data() { everyKind(); }
    void forkWithItsOwnPolicyReproducesTheRun()
    {
        const RunKind& kind = kindOfRow();
        const auto run = simulateSample(kind);
        const size_t middle = run->steps() / 2;
        const auto problem = kind.forkProblem(*run, middle);
        QVERIFY2(!problem, problem ? problem->c_str() : "");
        QVERIFY(kind.forkProblem(*run, run->steps() + 1));
        const auto forked = kind.fork(*run, middle, RunRequest{run->info().policy, {}});
        QVERIFY(forked);
        QCOMPARE(forked->info().kind, kind.id());
        QCOMPARE(forked->steps(), run->steps());
        const QString difference = seriesDifference(run->series(), forked->series());
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
        QVERIFY(cellsAt(*forked->cursor(), forked->steps()) == cellsAt(*run->cursor(), run->steps()));
        QVERIFY_THROWS_EXCEPTION(UsageError, kind.fork(*run, middle, RunRequest{"no such policy ~", {}}));
    }

    void loadsItsFilesAndPassesTheirWarnings_data() { everyKind(); }
    void loadsItsFilesAndPassesTheirWarnings()
    {
        const RunKind& kind = kindOfRow();
        const QString folder = dir_.filePath(QString::fromStdString(kind.id()) + "-files");
        QVERIFY(QDir().mkpath(folder));
        const auto paths = kind.writeConformanceFiles(folder.toStdString());
        QVERIFY(!paths.empty());
        LoadWarnings clean;
        const auto inputs = kind.loadInputs(paths, clean);
        QVERIFY(inputs);
        QVERIFY2(clean.lines.empty(), clean.lines.empty() ? "" : clean.lines.front().c_str());
        QVERIFY(kind.simulate(inputs, RunRequest{kind.policies().at(0).spec, {}})->steps() > 0);

        // Each file input in turn, in fresh files, ends with an interrupted line: the load
        // succeeds, and the one warning names that file and line.
        int cut = 0;
        for (const RunKindInput& input : kind.inputs()) {
            if (input.folder || !paths.count(input.role))
                continue;
            const QString own = folder + "/" + QString::fromStdString(input.role);
            QVERIFY(QDir().mkpath(own));
            const auto files = kind.writeConformanceFiles(own.toStdString());
            const std::string path = files.at(input.role);
            const long line = cutShort(path);
            QVERIFY2(line > 1, path.c_str());
            LoadWarnings warnings;
            QVERIFY(kind.loadInputs(files, warnings));
            QCOMPARE(warnings.lines.size(), size_t(1));
            const std::string expected = fmt::format("{}:{}: ", path, line);
            QVERIFY2(warnings.lines.front().rfind(expected, 0) == 0, warnings.lines.front().c_str());
            QVERIFY2(warnings.lines.front().find("interrupted") != std::string::npos, warnings.lines.front().c_str());
            ++cut;
        }
        QVERIFY2(cut > 0, "no file input to cut short");
    }

    void reopensEqualFromAStudy_data() { everyKind(); }
    void reopensEqualFromAStudy()
    {
        const RunKind& kind = kindOfRow();
        const auto run = simulateSample(kind);
        StudyStore study(dir_.filePath(QString::fromStdString(kind.id()) + ".sqlite").toStdString());
        const int64_t id = RunArchive::save(study, *run);
        const auto reopened = RunArchive::load(study, id);
        QVERIFY(reopened);
        QCOMPARE(reopened->info().kind, run->info().kind);
        QCOMPARE(reopened->info().name, run->info().name);
        QCOMPARE(reopened->info().policy, run->info().policy);
        QCOMPARE(reopened->info().seed, run->info().seed);
        QCOMPARE(reopened->info().mode, run->info().mode);
        QCOMPARE(reopened->info().parameters, run->info().parameters);
        QCOMPARE(reopened->steps(), run->steps());
        const QString difference = seriesDifference(run->series(), reopened->series());
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
        const OccupancyLayout& a = run->layout();
        const OccupancyLayout& b = reopened->layout();
        QCOMPARE(b.cellCount, a.cellCount);
        QCOMPARE(b.groups.size(), a.groups.size());
        for (size_t g = 0; g < a.groups.size(); ++g) {
            QCOMPARE(b.groups[g].name, a.groups[g].name);
            QCOMPARE(b.categories.at(b.groups[g].category), a.categories.at(a.groups[g].category));
            QCOMPARE(b.groups[g].cellCount, a.groups[g].cellCount);
        }
        // What the study keeps of every kind since format 5: the state after the end (compare
        // of reopened runs goes on to the longer one's end) and the texts of each layer's ramp.
        QCOMPARE(reopened->afterEnd(), run->afterEnd());
        QCOMPARE(b.layers.size(), a.layers.size());
        for (size_t l = 0; l < a.layers.size(); ++l) {
            QCOMPARE(b.layers[l].lowText, a.layers[l].lowText);
            QCOMPARE(b.layers[l].highText, a.layers[l].highText);
        }
        // And since format 6 its summary figures, in order: compare's table and the Metrics
        // tab's summary of a reopened run are the live run's (a reopened rental run had none).
        const std::vector<RunSummaryValue> live = run->summary(), kept = reopened->summary();
        QCOMPARE(kept.size(), live.size());
        for (size_t i = 0; i < live.size(); ++i) {
            QCOMPARE(kept[i].key, live[i].key);
            QCOMPARE(kept[i].label, live[i].label);
            QCOMPARE(kept[i].unit, live[i].unit);
            QCOMPARE(kept[i].higherIsBetter, live[i].higherIsBetter);
            QCOMPARE(kept[i].count, live[i].count);
            QCOMPARE(kept[i].value, live[i].value);
        }
    }
};

QTEST_GUILESS_MAIN(TestRunKindConformance)
#include "tst_runkindconformance.moc"
