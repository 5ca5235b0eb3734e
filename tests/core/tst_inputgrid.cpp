// The grid over inputs (core/run/InputGrid, docs/cli.md "Grids over inputs"): points numbered
// with the first axis outermost; each file's name in output paths is its stem, or its fewest
// trailing folders that tell files of one stem apart; an output pattern must hold the placeholder
// of every axis of several files and of no role the grid lacks; a file given twice is refused.
#include "run/InputGrid.h"
#include "util/UsageError.h"

#include <QTest>

#include <functional>
#include <stdexcept>

using namespace tessera;

namespace {

InputGrid grid(std::vector<std::string> nodes, std::vector<std::string> pods)
{
    std::vector<InputGrid::Axis> axes = InputGrid::podTraceAxes();
    axes[0].paths = std::move(nodes);
    axes[1].paths = std::move(pods);
    return InputGrid::of(std::move(axes));
}

QString usageErrorOf(const std::function<void()>& action)
{
    try {
        action();
    } catch (const UsageError& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

QStringList names(const std::vector<std::string>& paths)
{
    QStringList out;
    for (const std::string& name : InputGrid::fileNames(paths))
        out << QString::fromStdString(name);
    return out;
}

}  // namespace

class InputGridTest : public QObject {
    Q_OBJECT

private slots:
    void pointsNumberNodeListsOutermost()
    {
        const InputGrid g = grid({"/t/a.csv", "/t/b.csv"}, {"/t/p.csv", "/t/q.csv", "/t/r.csv"});
        QCOMPARE(g.pointCount(), size_t(6));
        QCOMPARE(g.indexOn(4, 0), size_t(1));
        QCOMPARE(g.indexOn(4, 1), size_t(1));
        QCOMPARE(g.pointAt({1, 2}), size_t(5));
        QCOMPARE(g.outputPath("out/{pods}@{nodes}.csv", 2), std::string("out/r@a.csv"));
        QCOMPARE(g.describe(3), std::string("nodes /t/b.csv, pods /t/p.csv"));
        QVERIFY(grid({"/t/a.csv"}, {"/t/p.csv"}).isSingle());
    }

    void namesAreStemsOrTheTrailingFoldersThatTellThemApart()
    {
        QCOMPARE(names({"/x/a.csv", "/x/b.csv"}), (QStringList{"a", "b"}));
        QCOMPARE(names({"/x/s1/pods.csv", "/x/s2/pods.csv"}), (QStringList{"s1-pods", "s2-pods"}));
        QCOMPARE(names({"/r/a/s/pods.csv", "/r/b/s/pods.csv"}), (QStringList{"a-s-pods", "b-s-pods"}));
        // Stems alike, extensions not: the whole names.
        QCOMPARE(names({"/x/pods.csv", "/x/pods.txt"}), (QStringList{"pods.csv", "pods.txt"}));
    }

    void patternsNeedThePlaceholdersOfEverySweptAxis()
    {
        const InputGrid g = grid({"/t/n.csv"}, {"/t/p.csv", "/t/q.csv"});
        QVERIFY(usageErrorOf([&] { g.checkPattern("--csv", "out/{pods}.csv"); }).isEmpty());
        QVERIFY(usageErrorOf([&] { g.checkPattern("--csv", "out/{pods}-{nodes}.csv"); }).isEmpty());
        const QString missing = usageErrorOf([&] { g.checkPattern("--csv", "out/grid.csv"); });
        QVERIFY2(missing.contains("needs {pods}") && missing.contains("2 --pods files") &&
                     missing.contains("--csv 'out/grid-{pods}.csv'"),
                 qPrintable(missing));
        // A grid without a pods axis (a sweep of another kind) has no {pods} to fill.
        std::vector<InputGrid::Axis> nodesOnly{InputGrid::podTraceAxes()[0]};
        nodesOnly[0].paths = {"/t/n.csv"};
        const InputGrid n = InputGrid::of(nodesOnly);
        QVERIFY(usageErrorOf([&] { n.checkPattern("--csv", "g-{pods}.csv"); }).contains("no pods input"));
        QVERIFY(usageErrorOf([&] { InputGrid::of({}).checkPattern("--csv", "g-{nodes}.csv"); }).contains("no nodes"));
    }

    void aFileTwiceIsRefused()
    {
        QVERIFY(usageErrorOf([] { grid({"/t/n.csv"}, {"/t/p.csv", "/t/x/../p.csv"}); }).contains("the same file"));
        QVERIFY(usageErrorOf([] { grid({}, {"/t/p.csv"}); }).contains("--nodes is required"));
        const InputGrid g = grid({"/t/n.csv"}, {"/t/p.csv", "/t/q.csv"});
        const QString same = usageErrorOf([&] {
            g.requireDistinctContents({{"/t/n.csv", "h0"}, {"/t/p.csv", "h1"}, {"/t/q.csv", "h1"}});
        });
        QVERIFY2(same.contains("--pods /t/p.csv and --pods /t/q.csv are the same bytes"), qPrintable(same));
        QVERIFY(usageErrorOf([&] {
                    g.requireDistinctContents({{"/t/n.csv", "h1"}, {"/t/p.csv", "h1"}, {"/t/q.csv", "h2"}});
                }).isEmpty());
    }

    void savedRunsGiveBackTheirGrid()
    {
        const auto run = [](const std::string& n, const std::string& p) {
            return std::vector<InputFile>{{"nodes", n, "hn"}, {"pods", p, "hp"}, {"gpu-models", "/t/m.csv", "hm"}};
        };
        const InputGrid g = InputGrid::ofRuns(InputGrid::podTraceAxes(),
                                              {run("/a/n.csv", "/a/p.csv"), run("/a/n.csv", "/b/p.csv"),
                                               run("/b/n.csv", "/a/p.csv"), run("/b/n.csv", "/b/p.csv")});
        QCOMPARE(g.pointCount(), size_t(4));
        QCOMPARE(g.pointOf(run("/b/n.csv", "/a/p.csv")), size_t(2));
        QCOMPARE(g.outputPath("{nodes}+{pods}", 1), std::string("a-n+b-p"));
        // Runs of another kind record no node or pod list: one point, no axes.
        QVERIFY(InputGrid::ofRuns(InputGrid::podTraceAxes(), {{{"jobs", "/j.csv", "h"}}}).axes().empty());
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 InputGrid::ofRuns(InputGrid::podTraceAxes(),
                                                   {run("/a/n.csv", "/a/p.csv"), {{"nodes", "/a/n.csv", "h"}}}));
    }
};

QTEST_GUILESS_MAIN(InputGridTest)
#include "tst_inputgrid.moc"
