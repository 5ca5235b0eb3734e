// The app's sweep browser (issue 15, item 5) on real sweeps: two traces, each swept over three
// PWR weights (pwr:0..1000/500,fgd:1000-$pwr) and two seeds by the real tessera-cli, cut into 2
// shards and merged. The first study opens through the window's Open path (Ctrl+O's), the
// second is added; the Sweep tab's table must list every run with one column per parameter that
// varies, filter and group; its chart's points must be the mean, min and max over seeds of the
// runs' values, computed here independently from the merged grid CSVs; and a run opened from the
// table must become the shown run, loaded from its own study.
#include "support/CliRunner.h"
#include "support/FreshHomeMain.h"
#include "support/SessionWindow.h"
#include "support/SyntheticTraceFiles.h"

#include "study/StudyLibrary.h"
#include "sweep/SweepBrowser.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJSValue>
#include <QQuickItem>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

#include <QtQml/qqmlextensionplugin.h>

#include <map>
#include <memory>
#include <vector>

Q_IMPORT_QML_PLUGIN(TesseraPlugin)
Q_IMPORT_QML_PLUGIN(Tessera_ViewsPlugin)

using namespace tessera::test;

namespace {

const QStringList kTraces{QStringLiteral("trace-a.csv"), QStringLiteral("trace-b.csv")};
// The trace column's text: what tells the traces apart (walk15), their paths in its tooltips.
const QStringList kTraceLabels{QStringLiteral("a"), QStringLiteral("b")};

// One row of a grid CSV (contracts.md 3.1), as the test reads it itself.
struct GridRow {
    QString policy;
    QString seed;
    double arrived = 0;
    double alloc = 0;
    double power = 0;
    double failed = 0;
};

// The policy column may be quoted ("pwr:500,fgd:500"); the other fields are plain numbers.
QList<GridRow> readGrid(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QList<GridRow> rows;
    const QList<QByteArray> lines = file.readAll().split('\n');
    for (int i = 1; i < lines.size(); ++i) {
        QByteArray line = lines[i];
        if (line.isEmpty())
            continue;
        GridRow row;
        if (line.startsWith('"')) {
            const int end = line.indexOf('"', 1);
            row.policy = QString::fromUtf8(line.mid(1, end - 1));
            line = line.mid(end + 2);
        } else {
            const int comma = line.indexOf(',');
            row.policy = QString::fromUtf8(line.left(comma));
            line = line.mid(comma + 1);
        }
        const QList<QByteArray> f = line.split(',');  // seed,arrived,alloc,frag,frag_of_total,power,...
        row.seed = QString::fromUtf8(f[0]);
        row.arrived = f[1].toDouble();
        row.alloc = f[2].toDouble();
        row.power = f[5].toDouble();
        row.failed = f[8].toDouble();  // the last column: the header's line end must not hide it
        rows << row;
    }
    return rows;
}

// The PWR weight of a canonical spec: 0 when the spec has no pwr term.
int pwrWeight(const QString& policy)
{
    for (const QString& term : policy.split(','))
        if (term.startsWith(QStringLiteral("pwr:")))
            return term.mid(4).toInt();
    return 0;
}

}  // namespace

class SweepBrowserTest : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    QStringList studies_;  // the merged study of each trace
    QStringList grids_;    // and its merged grid CSV
    std::unique_ptr<SessionWindow> session_;

    QQuickWindow* window() const { return session_->window(); }
    QObject* browser() const { return session_->find(QStringLiteral("sweepBrowser")); }
    int shown() const { return browser()->property("shownRuns").toInt(); }
    QString text(int row, int column) const
    {
        QString result;
        QMetaObject::invokeMethod(browser(), "textAt", Q_RETURN_ARG(QString, result), Q_ARG(int, row),
                                  Q_ARG(int, column));
        return result;
    }
    int column(const QString& title) const
    {
        return int(browser()->property("columnTitles").toStringList().indexOf(title));
    }
    void setFilter(const QString& id, const QStringList& values)
    {
        QMetaObject::invokeMethod(browser(), "setFilter", Q_ARG(QString, id), Q_ARG(QStringList, values));
    }
    // The values of column `title` over the shown rows.
    QStringList columnValues(const QString& title) const
    {
        QStringList values;
        for (int row = 0; row < shown(); ++row)
            values << text(row, column(title));
        return values;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        const tessera::Cluster cluster = syntheticCluster(12);
        const QString nodes = dir_.filePath(QStringLiteral("nodes.csv"));
        writeNodesCsv(nodes.toStdString(), cluster);
        for (int t = 0; t < kTraces.size(); ++t) {
            const QString pods = dir_.filePath(kTraces[t]);
            writePodsCsv(pods.toStdString(), syntheticPods(cluster, 160, 11 + t, true));
            const QString sweep = dir_.filePath(QStringLiteral("sweep-%1").arg(t));
            QVERIFY(QDir().mkpath(sweep));
            QStringList shards;
            for (int i = 0; i < 2; ++i) {
                shards << sweep + QStringLiteral("/shard-%1.sqlite").arg(i);
                const CliResult r = runCli({"simulate", "--nodes", nodes, "--pods", pods, "--policy",
                                            "pwr:0..1000/500,fgd:1000-$pwr", "--seeds", "42,43", "--threads", "1",
                                            "--shard", QStringLiteral("%1/2").arg(i), "--db", shards.last(), "--quiet"});
                QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
            }
            studies_ << sweep + "/study.sqlite";
            grids_ << sweep + "/grid.csv";
            const CliResult m = runCli(QStringList{"merge", "--out", studies_.last(), "--csv", grids_.last()} + shards);
            QVERIFY2(m.exitCode == 0, qPrintable(m.describe()));
            QCOMPARE(readGrid(grids_.last()).size(), 6 * 27);  // 6 runs × the points 0, 5, ..., 130
        }
        // Scripted: the window neither opens a trace nor runs one; the sweep is all it shows.
        session_ = std::make_unique<SessionWindow>(QStringLiteral("sweep"), QVariantMap{{"scripted", true}});
        QVERIFY(window());
        QVERIFY(QTest::qWaitForWindowExposed(window()));
        session_->dismissHint();
    }

    // Ctrl+O's path with a study: the library opens it and the Sweep tab comes up with its runs.
    void opensAMergedStudy()
    {
        QVERIFY(!browser()->property("hasSweep").toBool());  // the default study holds no sweep
        QVERIFY(!session_->tabTexts().contains(QStringLiteral("Sweep")));
        QMetaObject::invokeMethod(window(), "openPath", Q_ARG(QVariant, studies_[0]));
        QCOMPARE(session_->find(QStringLiteral("studyLibrary"))->property("path").toString(), studies_[0]);
        QVERIFY(browser()->property("hasSweep").toBool());
        QTRY_VERIFY(session_->tabTexts().contains(QStringLiteral("Sweep")));
        QCOMPARE(window()->property("viewIndex").toInt(), window()->property("sweepTab").toInt());
        QTRY_VERIFY(session_->item(QStringLiteral("sweepView")) && session_->item(QStringLiteral("sweepView"))->isVisible());
        QCOMPARE(shown(), 6);
        // The figures at the last grid point, 130 % arrived (--tune 1.3), where policies differ most.
        QCOMPARE(browser()->property("arrived").toDouble(), 130.0);
        // One trace: no trace column; the policy, both weights and the seed vary.
        QCOMPARE(browser()->property("columnTitles").toStringList(),
                 (QStringList{"Policy", "PWR weight", "FGD weight", "Seed", "GPU allocation (%)", "Power (kW)",
                              "Power saved (kW)", "Power saved (%)", "Fragmentation rate (%)",
                              "Fragmentation of capacity (%)", "Failed pods"}));
        // The command as written, its inputs by file name (walk15: SHA-256 digests); the
        // digests and paths in the tooltip.
        const QString summary = browser()->property("summary").toString();
        QVERIFY2(summary.contains(QStringLiteral("--nodes nodes.csv --pods trace-a.csv")) && !summary.contains("sha256:"),
                 qPrintable(summary));
        const QString tip = browser()->property("summaryTip").toString();
        QVERIFY2(tip.contains(dir_.filePath(kTraces[0]) + " (sha256:") && tip.contains(studies_[0]), qPrintable(tip));
        // Add sweep… starts beside the study shown, where its sibling sweeps are (walk15: the
        // process's working folder), as the Library's Open study… starts in the study's folder.
        QObject* addDialog = session_->find(QStringLiteral("sweepAddDialog"));
        QVERIFY(addDialog);
        QCOMPARE(addDialog->property("currentFolder").toUrl(), QUrl::fromLocalFile(QFileInfo(studies_[0]).absolutePath()));
        session_->shoot(QStringLiteral("one-trace"));
    }

    // The second trace's sweep added: a trace column, 12 runs, grouped by trace.
    void addsASecondSweep()
    {
        bool added = false;
        QMetaObject::invokeMethod(browser(), "add", Q_RETURN_ARG(bool, added), Q_ARG(QString, studies_[1]));
        QVERIFY(added);
        QCOMPARE(browser()->property("totalRuns").toInt(), 12);
        QCOMPARE(shown(), 12);
        // A shard of a sweep already shown holds the same runs: refused, not counted twice (review16 M20).
        const QString shard = dir_.filePath(QStringLiteral("sweep-0/shard-1.sqlite"));
        QMetaObject::invokeMethod(browser(), "add", Q_RETURN_ARG(bool, added), Q_ARG(QString, shard));
        QVERIFY(!added);
        QCOMPARE(browser()->property("totalRuns").toInt(), 12);
        const QString error = browser()->property("error").toString();
        QVERIFY2(error.contains(shard) && error.contains(studies_[0]) && error.contains(QStringLiteral("twice")),
                 qPrintable(error));
        const QStringList titles = browser()->property("columnTitles").toStringList();
        QCOMPARE(titles.mid(0, 5), (QStringList{"Trace", "Policy", "PWR weight", "FGD weight", "Seed"}));
        QCOMPARE(titles.size(), 5 + 7);
        QCOMPARE(browser()->property("groupBy").toString(), QStringLiteral("trace"));
        QCOMPARE(browser()->property("groups").toStringList(), kTraces);
        const QStringList traces = columnValues(QStringLiteral("Trace"));
        QCOMPARE(traces.count(kTraceLabels[0]), 6);
        QCOMPARE(traces.mid(0, 6), QStringList(6, kTraceLabels[0]));  // grouped: trace a's runs first
        QCOMPARE(traces.mid(6), QStringList(6, kTraceLabels[1]));
        // Each cell's tooltip: the trace's path; the figures' titles: which point they are.
        for (int row : {0, 6}) {
            QString tip;
            QMetaObject::invokeMethod(browser(), "tipAt", Q_RETURN_ARG(QString, tip), Q_ARG(int, row),
                                      Q_ARG(int, column(QStringLiteral("Trace"))));
            QCOMPARE(tip, dir_.filePath(kTraces[row / 6]));
        }
        QString powerTip;
        QMetaObject::invokeMethod(browser(), "columnTip", Q_RETURN_ARG(QString, powerTip),
                                  Q_ARG(int, column(QStringLiteral("Power (kW)"))));
        QVERIFY2(powerTip.contains(QStringLiteral("grid point 130 % arrived"))
                     && powerTip.contains(QStringLiteral("rounds to 130")),
                 qPrintable(powerTip));
    }

    // At 1280 × 800 the figures do not all fit beside the parameters (walk15: the last columns were
    // cut with no scroll bar, and scrolling took Trace and Policy away): the parameter columns
    // stand in a part of their own, the figures scroll beside them under a scroll bar that shows,
    // and scrolled to its end, the last figure column is whole in view while the keys stay put.
    void keepsTheKeyColumnsInView()
    {
        QCOMPARE(window()->width(), 1280);
        auto* keys = session_->item(QStringLiteral("sweepKeyTable"));
        auto* figures = session_->item(QStringLiteral("sweepTable"));
        QVERIFY(keys && figures);
        QTRY_VERIFY(figures->width() > 0 && figures->property("contentWidth").toDouble() > 0);
        // The width each part gives a column (0: hidden there), loaded or not.
        const auto columnWidth = [](QQuickItem* table, int c) {
            QJSValue provider = table->property("columnWidthProvider").value<QJSValue>();
            return provider.call({QJSValue(c)}).toNumber();
        };
        const int parameters = browser()->property("parameterCount").toInt();
        const int columns = browser()->property("columnTitles").toStringList().size();
        for (int c = 0; c < columns; ++c) {
            QVERIFY2((columnWidth(keys, c) > 0) == (c < parameters), qPrintable(QString::number(c)));
            QVERIFY2((columnWidth(figures, c) > 0) == (c >= parameters), qPrintable(QString::number(c)));
        }
        // Every key column whole in its part: Trace, Policy, both weights and Seed.
        double keyColumns = 0;
        for (int c = 0; c < parameters; ++c)
            keyColumns += columnWidth(keys, c);
        QTRY_VERIFY2(keys->width() + 1 >= keyColumns,
                     qPrintable(QStringLiteral("key columns %1 px in %2 px").arg(keyColumns).arg(keys->width())));
        QCOMPARE(keys->property("contentX").toDouble(), 0.0);
        const auto onScene = [](QQuickItem* item) { return item->mapRectToScene(QRectF(0, 0, item->width(), item->height())); };
        const QRectF keysBefore = onScene(keys);
        const double overflow = figures->property("contentWidth").toDouble() - figures->width();
        QVERIFY2(overflow > 0, qPrintable(QStringLiteral("the figures fit (%1 in %2 px): the walk's case is not met")
                                             .arg(figures->property("contentWidth").toDouble()).arg(figures->width())));
        QQuickItem* bar = session_->item(QStringLiteral("sweepTableHorizontalBar"));
        QVERIFY(bar && bar->isVisible());
        auto* handle = bar->property("contentItem").value<QQuickItem*>();
        QVERIFY2(handle && handle->isVisible() && handle->opacity() > 0.3,
                 qPrintable(QStringLiteral("handle opacity %1").arg(handle ? handle->opacity() : -1)));
        QVERIFY(onScene(bar).bottom() <= onScene(figures).bottom() + 1);
        figures->setProperty("contentX", overflow);
        QTRY_COMPARE(figures->property("contentX").toDouble(), overflow);
        QCOMPARE(onScene(keys), keysBefore);
        QCOMPARE(keys->property("contentX").toDouble(), 0.0);
        // The last figure's cell is inside the visible part of the figures.
        QTRY_VERIFY(figures->property("rightColumn").toInt() == columns - 1);
        figures->setProperty("contentX", 0.0);
        // Rows scroll together: the keys follow the figures.
        figures->setProperty("contentY", 24.0);
        QTRY_COMPARE(keys->property("contentY").toDouble(), 24.0);
        figures->setProperty("contentY", 0.0);
        session_->shoot(QStringLiteral("two-traces-table"));
    }

    // The save notice ("Chart saved to …") lies over the tool bar: the views do not move while it
    // shows (walk15: it pushed them up by its height), nor does it cover them.
    void noticeMovesNothing()
    {
        auto* view = session_->item(QStringLiteral("sweepView"));
        QVERIFY(view && view->isVisible());
        const auto onScene = [](QQuickItem* item) { return item->mapRectToScene(QRectF(0, 0, item->width(), item->height())); };
        const QRectF before = onScene(view);
        QObject* notice = session_->find(QStringLiteral("saveNotice"));
        QMetaObject::invokeMethod(notice, "saved", Q_ARG(QVariant, QStringLiteral("Chart saved to ") + dir_.filePath("x.svg")),
                                  Q_ARG(QVariant, dir_.filePath("x.svg")));
        QTRY_VERIFY(notice->property("opened").toBool());
        QTest::qWait(300);
        QCOMPARE(onScene(view), before);
        auto* box = notice->property("background").value<QQuickItem*>();
        QVERIFY(box && box->isVisible());
        QVERIFY2(!onScene(box).intersects(onScene(view)),
                 qPrintable(QStringLiteral("the notice (y %1-%2) covers the Sweep tab (from y %3)")
                                .arg(onScene(box).top()).arg(onScene(box).bottom()).arg(before.top())));
        QVERIFY(onScene(box).top() >= 0);
        session_->shoot(QStringLiteral("notice"));
        QMetaObject::invokeMethod(notice, "close");
        QTRY_VERIFY(!notice->property("visible").toBool());
        QCOMPARE(onScene(view), before);
    }

    void filtersByAnyParameter()
    {
        setFilter(QStringLiteral("seed"), {QStringLiteral("43")});
        QCOMPARE(shown(), 6);
        QCOMPARE(columnValues(QStringLiteral("Seed")), QStringList(6, QStringLiteral("43")));
        setFilter(QStringLiteral("weight:pwr"), {QStringLiteral("500"), QStringLiteral("1000")});
        QCOMPARE(shown(), 4);
        for (const QString& w : columnValues(QStringLiteral("PWR weight")))
            QVERIFY2(w == "500" || w == "1000", qPrintable(w));
        setFilter(QStringLiteral("trace"), {kTraces[1]});
        QCOMPARE(shown(), 2);
        QCOMPARE(columnValues(QStringLiteral("Trace")), QStringList(2, kTraceLabels[1]));
        QMetaObject::invokeMethod(browser(), "clearFilters");
        QCOMPARE(shown(), 12);
    }

    void groupsAndSorts()
    {
        browser()->setProperty("groupBy", QStringLiteral("seed"));
        QCOMPARE(browser()->property("groups").toStringList(), (QStringList{"42", "43"}));
        QCOMPARE(columnValues(QStringLiteral("Seed")),
                 QStringList(6, QStringLiteral("42")) + QStringList(6, QStringLiteral("43")));
        // Sorted by PWR weight, descending, within each group.
        QMetaObject::invokeMethod(browser(), "sortBy", Q_ARG(int, column(QStringLiteral("PWR weight"))), Q_ARG(bool, false));
        const QStringList weights = columnValues(QStringLiteral("PWR weight"));
        QCOMPARE(weights.mid(0, 6), (QStringList{"1000", "1000", "500", "500", "0", "0"}));
        QCOMPARE(weights.mid(6), (QStringList{"1000", "1000", "500", "500", "0", "0"}));
        browser()->setProperty("groupBy", QStringLiteral("trace"));
        QCOMPARE(columnValues(QStringLiteral("Trace")).mid(0, 6), QStringList(6, kTraceLabels[0]));
    }

    // The chart's points: per trace and PWR weight, the mean, min and max over the two seeds of
    // allocation and power saved at 130 % arrived, as computed here from the merged grid CSVs.
    void chartsTheMeanOverSeeds_data()
    {
        QTest::addColumn<QString>("metric");
        QTest::newRow("allocation") << QStringLiteral("alloc");
        QTest::newRow("power saved") << QStringLiteral("powerSaved");
        QTest::newRow("failed pods") << QStringLiteral("failed");
    }
    void chartsTheMeanOverSeeds()
    {
        QFETCH(QString, metric);
        QQuickItem* chart = session_->item(QStringLiteral("sweepChart"));
        QVERIFY(chart);
        QCOMPARE(browser()->property("arrived").toDouble(), 130.0);
        chart->setProperty("xParameter", QStringLiteral("weight:pwr"));
        chart->setProperty("metric", metric);
        QCOMPARE(chart->property("emptyText").toString(), QString());
        const QVariantList curves = chart->property("curves").toList();
        QCOMPARE(curves.size(), 2);
        for (int t = 0; t < 2; ++t) {
            const QVariantMap curve = curves[t].toMap();
            QCOMPARE(curve["group"].toString(), kTraces[t]);
            // weight → seed → value, from the grid CSV's rows at 130 %.
            std::map<int, std::map<QString, double>> power, alloc, failed;
            for (const GridRow& row : readGrid(grids_[t]))
                if (row.arrived == 130) {
                    power[pwrWeight(row.policy)][row.seed] = row.power;
                    alloc[pwrWeight(row.policy)][row.seed] = row.alloc;
                    failed[pwrWeight(row.policy)][row.seed] = row.failed;
                }
            QCOMPARE(int(alloc.size()), 3);
            const QVariantList points = curve["points"].toList();
            QCOMPARE(points.size(), 3);
            int i = 0;
            for (const auto& [weight, bySeed] : alloc) {
                std::vector<double> values;
                for (const auto& [seed, value] : bySeed)
                    values.push_back(metric == "alloc"    ? value
                                     : metric == "failed" ? failed[weight].at(seed)
                                                          : power[0].at(seed) - power[weight].at(seed));
                QCOMPARE(int(values.size()), 2);
                const QVariantMap p = points[i++].toMap();
                QCOMPARE(p["x"].toDouble(), double(weight));
                QCOMPARE(p["runs"].toInt(), 2);
                QVERIFY(qAbs(p["mean"].toDouble() - (values[0] + values[1]) / 2) < 1e-9);
                QVERIFY(qAbs(p["min"].toDouble() - std::min(values[0], values[1])) < 1e-9);
                QVERIFY(qAbs(p["max"].toDouble() - std::max(values[0], values[1])) < 1e-9);
            }
        }
        QVERIFY(chart->property("bandNote").toString().contains(QStringLiteral("min–max")));
        // Filtering one seed out leaves one run per point: mean = min = max.
        setFilter(QStringLiteral("seed"), {QStringLiteral("42")});
        for (const QVariant& c : chart->property("curves").toList())
            for (const QVariant& p : c.toMap()["points"].toList()) {
                QCOMPARE(p.toMap()["runs"].toInt(), 1);
                QCOMPARE(p.toMap()["min"].toDouble(), p.toMap()["max"].toDouble());
            }
        QMetaObject::invokeMethod(browser(), "clearFilters");
    }

    void exportsTheChart()
    {
        QQuickItem* chart = session_->item(QStringLiteral("sweepChart"));
        chart->setProperty("metric", QStringLiteral("powerSaved"));
        for (const QString& suffix : {QStringLiteral("svg"), QStringLiteral("pdf"), QStringLiteral("png")}) {
            const QString path = dir_.filePath(QStringLiteral("sweep.") + suffix);
            QString problem;
            QMetaObject::invokeMethod(chart, "exportTo", Q_RETURN_ARG(QString, problem), Q_ARG(QString, path),
                                      Q_ARG(int, 1600), Q_ARG(int, 1000));
            QVERIFY2(problem.isEmpty(), qPrintable(problem));
            QVERIFY(QFileInfo(path).size() > 1000);
        }
        QFile svg(dir_.filePath(QStringLiteral("sweep.svg")));
        QVERIFY(svg.open(QIODevice::ReadOnly));
        const QByteArray text = svg.readAll();
        QVERIFY(text.contains("PWR weight"));
        QVERIFY(text.contains("Power saved at 130 % (kW)"));  // the y axis: the grid point, the unit
        QVERIFY(text.contains("Power saved at 130 % arrived vs PWR weight"));
        QVERIFY(text.contains("trace-b.csv"));  // the legend
        session_->shoot(QStringLiteral("two-traces"));
        exportsTwoMetricsOfAFilteredView(chart);
        // Ctrl+E on the Sweep tab exports the sweep's chart, not the shown run's.
        QObject* dialog = session_->find(QStringLiteral("sweepExportDialog"));
        QVERIFY(dialog);
        QVERIFY(!dialog->property("visible").toBool());
        QTest::keyClick(window(), Qt::Key_E, Qt::ControlModifier);
        QTRY_VERIFY(session_->find(QStringLiteral("sweepExportDialog"))->property("visible").toBool());
        QVERIFY(!session_->find(QStringLiteral("exportDialog"))->property("visible").toBool());
        QMetaObject::invokeMethod(session_->find(QStringLiteral("sweepExportDialog")), "close");
        QTRY_VERIFY(!session_->find(QStringLiteral("sweepExportDialog"))->property("visible").toBool());
    }

private:
    // Power saved and allocation in one figure (walk15): the "and" picker adds allocation's
    // panel under power saved's; the exported file has both, and says the filter it shows.
    void exportsTwoMetricsOfAFilteredView(QQuickItem* chart)
    {
        QObject* second = session_->find(QStringLiteral("sweepSecondMetric"));
        QVERIFY(second);
        QCOMPARE(chart->property("panelTitles").toStringList().size(), 1);
        // Picked by keyboard, as any combo box: focus, then the arrow keys.
        static_cast<QQuickItem*>(second)->forceActiveFocus();
        QTest::keyClick(window(), Qt::Key_Down);  // "(nothing)" → the first metric, allocation
        QCOMPARE(chart->property("secondMetric").toString(), QStringLiteral("alloc"));
        QCOMPARE(chart->property("panelTitles").toStringList(),
                 (QStringList{"Power saved at 130 % arrived vs PWR weight", "GPU allocation at 130 % arrived vs PWR weight"}));
        setFilter(QStringLiteral("seed"), {QStringLiteral("42")});
        QVERIFY2(chart->property("subtitle").toString().startsWith(QStringLiteral("Filter: Seed = 42 · ")),
                 qPrintable(chart->property("subtitle").toString()));
        const QString path = dir_.filePath(QStringLiteral("sweep-two.svg"));
        QString problem;
        QMetaObject::invokeMethod(chart, "exportTo", Q_RETURN_ARG(QString, problem), Q_ARG(QString, path),
                                  Q_ARG(int, 1600), Q_ARG(int, 1000));
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        QFile svg(path);
        QVERIFY(svg.open(QIODevice::ReadOnly));
        const QByteArray text = svg.readAll();
        QVERIFY(text.contains("Power saved at 130 % arrived vs PWR weight"));
        QVERIFY(text.contains("GPU allocation at 130 % arrived vs PWR weight"));
        QVERIFY(text.contains("GPU allocation at 130 % (%)"));
        QVERIFY(text.contains("Filter: Seed = 42"));
        // The Bands box hides the bands (a click: Space is the window's play/pause).
        auto* bands = qobject_cast<QQuickItem*>(session_->find(QStringLiteral("sweepBands")));
        QVERIFY(bands && chart->property("bands").toBool());
        session_->click(bands);
        QVERIFY(!chart->property("bands").toBool());
        QVERIFY(!chart->property("subtitle").toString().contains(QStringLiteral("band")));
        session_->shoot(QStringLiteral("two-metrics"));
        session_->click(bands);
        QVERIFY(chart->property("bands").toBool());
        QMetaObject::invokeMethod(browser(), "clearFilters");
        static_cast<QQuickItem*>(second)->forceActiveFocus();
        QTest::keyClick(window(), Qt::Key_Up);
        QCOMPARE(chart->property("secondMetric").toString(), QString());
    }

private slots:
    // Enter on a row of the second study's trace opens that run from its study: it becomes the
    // shown run, and the library's study is the one it is in.
    void opensARun()
    {
        QQuickItem* view = session_->item(QStringLiteral("sweepView"));
        QVERIFY(view && view->isVisible());
        const int row = 7;  // grouped by trace: a run of trace b
        QCOMPARE(text(row, column(QStringLiteral("Trace"))), kTraceLabels[1]);
        qint64 id = -1;
        QMetaObject::invokeMethod(browser(), "runIdAt", Q_RETURN_ARG(qint64, id), Q_ARG(int, row));
        const QString policy = text(row, column(QStringLiteral("Policy")));
        const QString seed = text(row, column(QStringLiteral("Seed")));
        view->setProperty("currentRow", row);
        QQuickItem* table = session_->item(QStringLiteral("sweepTable"));
        table->forceActiveFocus();
        QTest::keyClick(window(), Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(window()->property("currentRun").value<QObject*>() != nullptr, 60000);
        QObject* run = window()->property("currentRun").value<QObject*>();
        QCOMPARE(run->property("storedId").toLongLong(), id);
        QCOMPARE(run->property("policy").toString(), policy);
        QCOMPARE(run->property("seed").toString(), seed);
        QCOMPARE(session_->find(QStringLiteral("studyLibrary"))->property("path").toString(), studies_[1]);
        // Both sweeps stay in the browser, and the views show the run.
        QCOMPARE(browser()->property("totalRuns").toInt(), 12);
        QCOMPARE(window()->property("viewIndex").toInt(), 0);
        // The panels speak of the opened run, as of any run reopened from a study (walk15): its
        // trace opens (none was open) and the Run panel holds its policy and seed, so Run makes
        // it again.
        QObject* trace = session_->find(QStringLiteral("traceSession"));
        QTRY_VERIFY_WITH_TIMEOUT(trace->property("loaded").toBool(), 60000);
        QCOMPARE(trace->property("podsPath").toString(), dir_.filePath(kTraces[1]));
        QObject* panel = session_->find(QStringLiteral("runPanel"));
        QCOMPARE(panel->property("policySpec").toString(), policy);
        QCOMPARE(panel->property("values").toMap().value(QStringLiteral("seed")).toString(), seed);
        QCOMPARE(window()->property("currentRun").value<QObject*>(), run);  // still the run shown
        session_->shoot(QStringLiteral("opened-run"));
        window()->setProperty("viewIndex", window()->property("sweepTab"));
        QVERIFY(session_->item(QStringLiteral("sweepView"))->isVisible());
    }

    // A sweep's study is read-only in the app (walk15): a run made while it is the library's
    // study goes to the working study, so the sweep's study keeps its runs and still merges.
    void savesNewRunsInTheWorkingStudy()
    {
        QObject* library = session_->find(QStringLiteral("studyLibrary"));
        QCOMPARE(library->property("path").toString(), studies_[1]);
        QVERIFY(library->property("readOnly").toBool());
        QVERIFY(library->property("note").toString().contains(tessera::views::StudyLibrary::defaultPath()));
        tessera::views::StudyLibrary working;
        QVERIFY(working.open(tessera::views::StudyLibrary::defaultPath()));
        const int workingRuns = working.count();
        QObject* runs = session_->find(QStringLiteral("runManager"));
        bool started = false;
        QMetaObject::invokeMethod(runs, "start", Q_RETURN_ARG(bool, started), Q_ARG(QString, QStringLiteral("fgd")),
                                  Q_ARG(QString, QStringLiteral("experiment")), Q_ARG(qint64, 7), Q_ARG(double, 1.3),
                                  Q_ARG(QString, QStringLiteral("seeded")));
        QVERIFY2(started, qPrintable(runs->property("error").toString()));
        QTRY_VERIFY_WITH_TIMEOUT(!runs->property("busy").toBool() && runs->property("pendingSaves").toInt() == 0, 60000);
        QCOMPARE(window()->property("currentRun").value<QObject*>()->property("seed").toULongLong(), 7ull);
        working.refresh();
        QCOMPARE(working.count(), workingRuns + 1);
        QMetaObject::invokeMethod(library, "refresh");
        QCOMPARE(library->property("count").toInt(), 6);
        // Nor is a run of the sweep renamed or removed.
        bool changed = true;
        QMetaObject::invokeMethod(library, "remove", Q_RETURN_ARG(bool, changed), Q_ARG(int, 0));
        QVERIFY(!changed);
        QVERIFY(!library->property("error").toString().isEmpty());
        QMetaObject::invokeMethod(library, "rename", Q_RETURN_ARG(bool, changed), Q_ARG(int, 0), Q_ARG(QString, "x"));
        QVERIFY(!changed);
        QCOMPARE(library->property("count").toInt(), 6);
        const CliResult merge = runCli({"merge", "--out", dir_.filePath(QStringLiteral("again.sqlite")), studies_[1]});
        QVERIFY2(merge.exitCode == 0, qPrintable(merge.describe()));
        window()->setProperty("viewIndex", window()->property("sweepTab"));
    }

    // A study without a sweep opened from the Sweep tab: the tab goes, and a tab that exists is shown.
    void leavesWithItsStudy()
    {
        QCOMPARE(window()->property("viewIndex").toInt(), window()->property("sweepTab").toInt());
        bool created = false;
        QMetaObject::invokeMethod(session_->find(QStringLiteral("studyLibrary")), "create", Q_RETURN_ARG(bool, created),
                                  Q_ARG(QString, dir_.filePath(QStringLiteral("plain.sqlite"))));
        QVERIFY(created);
        QVERIFY(!browser()->property("hasSweep").toBool());
        QTRY_VERIFY(!session_->tabTexts().contains(QStringLiteral("Sweep")));
        QCOMPARE(window()->property("sweepTab").toInt(), -1);
        QVERIFY(window()->property("viewIndex").toInt() >= 0);
        QVERIFY(window()->property("viewIndex").toInt() < session_->tabTexts().size());
    }

    // How the sweep was shown is kept per study and comes back (walk15: lost on restart): a new
    // browser (a new session's) reopens the sweep shown last with its added study, filter,
    // grouping, point, sort and chart; opening the study again restores them too; a study
    // without a sweep opened afterwards closes it for the next session.
    void keepsTheViewAcrossSessions()
    {
        const QString plain = dir_.filePath(QStringLiteral("plain-again.sqlite"));
        {
            tessera::views::StudyLibrary library;
            QVERIFY(library.create(plain));
        }
        int sortColumn = -1;
        {
            tessera::views::SweepBrowser first;
            QVERIFY(first.open(studies_[0]));
            QVERIFY(first.add(studies_[1]));
            first.setFilter(QStringLiteral("seed"), {QStringLiteral("43")});
            first.setGroupBy(QStringLiteral("seed"));
            first.setArrived(100);
            sortColumn = int(first.columnTitles().indexOf(QStringLiteral("PWR weight")));
            first.sortBy(sortColumn, false);
            first.setPlotMetric(QStringLiteral("alloc"));
            first.setPlotX(QStringLiteral("seed"));
        }
        const auto expectRestored = [&](const tessera::views::SweepBrowser& b) {
            QCOMPARE(b.studies(), (QStringList{studies_[0], studies_[1]}));
            QCOMPARE(b.filterOf(QStringLiteral("seed")), QStringList{QStringLiteral("43")});
            QCOMPARE(b.shownRuns(), 6);
            QCOMPARE(b.groupBy(), QStringLiteral("seed"));
            QCOMPARE(b.arrived(), 100.0);
            QCOMPARE(b.sortColumn(), sortColumn);
            QVERIFY(!b.sortAscending());
            QCOMPARE(b.plotMetric(), QStringLiteral("alloc"));
            QCOMPARE(b.plotX(), QStringLiteral("seed"));
        };
        {
            tessera::views::SweepBrowser next;
            QVERIFY(next.reopenLast());
            expectRestored(next);
        }
        {
            tessera::views::SweepBrowser again;
            QVERIFY(again.open(studies_[0]));
            expectRestored(again);
            QVERIFY(!again.open(plain));  // another study, without a sweep: the sweep is closed
            QVERIFY(!again.hasSweep());
        }
        tessera::views::SweepBrowser later;
        QVERIFY(!later.reopenLast());
        QVERIFY(!later.hasSweep());
    }

    void cleanupTestCase()
    {
        QVERIFY2(SessionWindow::warnings().isEmpty(), qPrintable(SessionWindow::warnings().join('\n')));
        session_.reset();
    }
};

int main(int argc, char** argv)
{
    return tessera::test::runInFreshHome<SweepBrowserTest>(argc, argv, QStringLiteral("tessera-sweepbrowser"),
                                                           QStringLiteral("TesseraSweepBrowserTest"));
}

#include "tst_sweepbrowser.moc"
