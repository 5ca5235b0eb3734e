// Every QML view file of the visual views loads without errors or warnings, follows a run, an
// other run (a fork) and the cursor, and draws something: each view's screenshot is saved under
// the build folder (screenshots/) and checked for not being blank.
#include "DefaultTraceRun.h"
#include "GrabStats.h"
#include "export/ExportRequest.h"
#include "chart/ChartColors.h"
#include "items/HeatmapItem.h"

#include <QAbstractAxis>
#include <QAbstractSeries>
#include <QAreaSeries>
#include <QLineSeries>

#include <QApplication>
#include <QQmlComponent>
#include <QQmlEngine>
#include <QQuickItem>
#include <QQuickWindow>
#include <QSGRendererInterface>
#include <QScopeGuard>
#include <QSet>
#include <QPalette>
#include <QGuiApplication>
#include <QTest>
#include <QtQml/qqmlextensionplugin.h>

#include <functional>
#include <memory>

Q_IMPORT_QML_PLUGIN(Tessera_ViewsPlugin)
Q_IMPORT_QML_PLUGIN(TesseraPlugin)

using namespace tessera;

namespace {
QStringList g_warnings;

void collectWarnings(QtMsgType type, const QMessageLogContext&, const QString& message)
{
    if (type != QtDebugMsg && type != QtInfoMsg && message.contains("qrc:/"))
        g_warnings.append(message);
}
}  // namespace

class TestViewFiles : public QObject {
    Q_OBJECT

    QObject owner_;
    views::RunHandle* run_ = nullptr;
    views::RunHandle* fork_ = nullptr;

    // The view `url` of the Tessera module showing the run with its fork, at position 10: the
    // state most of these tests look at. Null, with the reason in `error`, when it fails.
    std::unique_ptr<QObject> viewWithFork(QQmlEngine& engine, const QUrl& url, QString& error) const
    {
        engine.addImportPath("qrc:/");
        QQmlComponent component(&engine, url);
        std::unique_ptr<QObject> view(component.createWithInitialProperties(
            {{"run", QVariant::fromValue(run_)}, {"otherRun", QVariant::fromValue(fork_)}, {"position", 10}}));
        if (!view)
            error = component.errorString();
        return view;
    }

private slots:
    void initTestCase()
    {
        run_ = test::defaultRunHandle(&owner_, "fgd", 1.0);
        const int forkAt = run_->steps() / 3;
        fork_ = new views::RunHandle(std::shared_ptr<const Run>(run_->run().fork(size_t(forkAt), "pwr:100,fgd:900")),
                                     &owner_, run_, forkAt);
        fork_->setColor(QColor(0xd5, 0x5e, 0x00));
        qInstallMessageHandler(collectWarnings);
    }

    void viewLoadsAndDraws_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<bool>("withFork");
        QTest::addColumn<int>("minColors");
        QTest::addColumn<bool>("dark");
        for (const char* file : {"OccupancyView", "FragmentationView", "PowerView", "AllocationView", "DecisionInspector"}) {
            QTest::newRow(file) << QString(file) << false << 12 << false;
            QTest::newRow(qPrintable(QString(file) + "+fork")) << QString(file) << true << 12 << false;
            QTest::newRow(qPrintable(QString(file) + "+dark")) << QString(file) << true << 12 << true;
        }
    }

    void viewLoadsAndDraws()
    {
        QFETCH(QString, file);
        QFETCH(bool, withFork);
        QFETCH(int, minColors);
        QFETCH(bool, dark);
        g_warnings.clear();
        // ThemePalette follows the application palette: a dark one must keep the views readable.
        const QPalette light = QGuiApplication::palette();
        QPalette palette = light;
        if (dark) {
            palette.setColor(QPalette::Window, QColor(0x20, 0x22, 0x25));
            palette.setColor(QPalette::WindowText, QColor(0xe6, 0xe6, 0xe6));
            palette.setColor(QPalette::Mid, QColor(0x70, 0x70, 0x70));
            palette.setColor(QPalette::Highlight, QColor(0x3d, 0xae, 0xe9));
        }
        QGuiApplication::setPalette(palette);
        const auto restore = qScopeGuard([&] { QGuiApplication::setPalette(light); });
        QQmlEngine engine;
        engine.addImportPath("qrc:/");
        QQmlComponent component(&engine, QUrl("qrc:/Tessera/" + file + ".qml"));
        QVERIFY2(component.isReady(), qPrintable(component.errorString()));
        std::unique_ptr<QObject> object(component.createWithInitialProperties(
            {{"run", QVariant::fromValue(run_)},
             {"otherRun", QVariant::fromValue(withFork ? fork_ : nullptr)},
             {"position", run_->steps() * 2 / 3}}));
        QVERIFY2(object, qPrintable(component.errorString()));
        auto* item = qobject_cast<QQuickItem*>(object.get());
        QVERIFY(item);

        QQuickWindow window;
        window.resize(1280, 760);
        window.setColor(palette.color(QPalette::Window));
        const QColor background = window.color();
        item->setParentItem(window.contentItem());
        item->setSize(window.size());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        // The same views must draw on the OpenGL scene graph (ctest runs this test twice).
        const QByteArray expectedApi = qgetenv("TESSERA_EXPECT_GRAPHICS_API");
        if (!expectedApi.isEmpty()) {
            const auto api = window.rendererInterface()->graphicsApi();
            QCOMPARE(QByteArray(api == QSGRendererInterface::OpenGL ? "opengl"
                                : api == QSGRendererInterface::Software ? "software" : "other"),
                     expectedApi);
        }
        QTest::qWait(file == "FragmentationView" || file == "DecisionInspector" ? 1500 : 300);  // background work
        const QImage shot = window.grabWindow();
        QVERIFY(!shot.isNull());
        shot.save(test::screenshotPath(file + (dark ? "-dark" : withFork ? "-fork" : "")));
        const test::GrabStats stats = test::grabStats(shot, background.rgb());
        QVERIFY2(stats.distinctColors >= minColors, qPrintable(QString::number(stats.distinctColors)));
        QVERIFY2(stats.foregroundShare > 0.05, qPrintable(QString::number(stats.foregroundShare)));

        // Following the cursor must not warn either.
        item->setProperty("position", 0);
        item->setProperty("position", run_->steps());
        QTest::qWait(100);
        QVERIFY2(g_warnings.isEmpty(), qPrintable(g_warnings.join('\n')));
    }

    // The charts on screen draw what their export draws: the same series, in the same order,
    // names, colours and line styles, the fork's included. A stepped series doubles its points.
    void screenChartsDrawWhatTheirExportsDraw_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("chartName");
        QTest::addColumn<QString>("chart");
        QTest::newRow("allocation") << "AllocationView" << "allocationChart" << "allocation";
        QTest::newRow("failed pods") << "AllocationView" << "failedChart" << "failed-pods";
        QTest::newRow("power") << "PowerView" << "powerChart" << "power";
        QTest::newRow("power by model") << "PowerView" << "powerByModelChart" << "power-by-model";
        QTest::newRow("fragmentation rate") << "FragmentationView" << "fragmentationRateChart" << "fragmentation-rate";
    }
    void screenChartsDrawWhatTheirExportsDraw()
    {
        QFETCH(QString, file);
        QFETCH(QString, chartName);
        QFETCH(QString, chart);
        QQmlEngine engine;
        QString error;
        std::unique_ptr<QObject> view = viewWithFork(engine, QUrl("qrc:/Tessera/" + file + ".qml"), error);
        QVERIFY2(view, qPrintable(error));
        auto* chartView = view->findChild<QObject*>(chartName);
        QVERIFY(chartView);
        QList<QAbstractSeries*> onScreen;
        const int count = chartView->property("count").toInt();
        for (int i = 0; i < count; ++i) {
            QAbstractSeries* series = nullptr;
            QVERIFY(QMetaObject::invokeMethod(chartView, "series", Q_RETURN_ARG(QAbstractSeries*, series), Q_ARG(int, i)));
            if (series->name() != QStringLiteral("every arrived GPU allocated"))
                onScreen << series;
        }
        QList<chart::ChartSpec::Series> exported =
            views::ExportRequest(chart, run_, fork_, 0, -1, 10).specs().front().series;
        exported.removeIf([](const auto& s) { return s.name == QStringLiteral("every arrived GPU allocated"); });
        QCOMPARE(onScreen.size(), exported.size());
        bool forkDrawn = false;
        for (qsizetype i = 0; i < exported.size(); ++i) {
            const auto& e = exported[i];
            QCOMPARE(onScreen[i]->name(), e.name);
            forkDrawn = forkDrawn || e.dashed;  // the second run's series, and only those, are dashed
            if (e.style == chart::ChartSpec::SeriesStyle::StackedArea) {
                auto* area = qobject_cast<QAreaSeries*>(onScreen[i]);
                QVERIFY(area);
                QCOMPARE(area->borderColor(), e.color);
                QCOMPARE(area->color(), chart::ChartColors::areaFill(e.color));
                // The stack's top is the core's value: the last point is CPU (+ GPU) at the end.
                const QPointF top = area->upperSeries()->points().constLast();
                QVERIFY(top.y() > 0);
            } else {
                auto* line = qobject_cast<QLineSeries*>(onScreen[i]);
                QVERIFY(line);
                QCOMPARE(line->color(), e.color);
                QCOMPARE(line->pen().style() == Qt::DashLine, e.dashed);
                // The last point drawn is the run's last value, as in the file.
                QCOMPARE(line->points().constLast().y(), e.points.constLast().y());
            }
        }
        QVERIFY2(forkDrawn, "the fork is missing on screen");

        // Walk items 9 and 15: the fork marker took run B's colour (a series colour of the
        // chart: blue after a swap, the Δ series' green) while the files drew it dashed grey.
        // It takes the files' marker colour, which no series of the chart has.
        auto* forkMarker = chartView->findChild<QQuickItem*>("forkMarker");
        QVERIFY(forkMarker);
        const QColor marker = forkMarker->property("color").value<QColor>();
        QCOMPARE(marker, chart::ChartColors::lightTheme().markerLine);
        for (const auto& e : exported)
            QVERIFY2(e.color != marker, qPrintable(e.name));
    }

    // The fragmentation view draws one heatmap per run, and the cursor at the same share of the
    // heatmap's width as of the chart beside it (both linear in x).
    void fragmentationViewShowsTheForksHeatmapToo()
    {
        QQmlEngine engine;
        QString error;
        std::unique_ptr<QObject> view = viewWithFork(engine, QUrl("qrc:/Tessera/FragmentationView.qml"), error);
        QVERIFY2(view, qPrintable(error));
        const QList<views::HeatmapItem*> heatmaps = view->findChildren<views::HeatmapItem*>();
        QCOMPARE(heatmaps.size(), 2);
        QSet<views::RunHandle*> runs;
        for (auto* h : heatmaps)
            runs.insert(h->run());
        QCOMPARE(runs, (QSet<views::RunHandle*>{run_, fork_}));
    }

    // Issue 11's leftover: the heatmap's x ticks (0, 20, 40, …) differed from those of the chart
    // beside it (0, 25, 50, …). Both now step alike, in the unit the axes show.
    void heatmapTicksStepAsTheChartBeside()
    {
        QQmlEngine engine;
        QString error;
        std::unique_ptr<QObject> view = viewWithFork(engine, QUrl("qrc:/Tessera/FragmentationView.qml"), error);
        QVERIFY2(view, qPrintable(error));
        auto* item = qobject_cast<QQuickItem*>(view.get());
        QQuickWindow window;
        window.resize(1280, 760);
        item->setParentItem(window.contentItem());
        item->setSize(window.size());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto* chart = view->findChild<QObject*>("fragmentationRateChart");
        QVERIFY(chart);
        auto* xAxis = chart->property("xAxis").value<QObject*>();
        QVERIFY(xAxis);
        const double chartStep = xAxis->property("tickInterval").toDouble() / chart->property("xDisplayScale").toDouble();
        const QList<QObject*> axes = view->findChildren<QObject*>("heatAxis");
        QCOMPARE(axes.size(), 2);
        for (QObject* axis : axes) {
            const QVariantList ticks = axis->property("ticks").toList();
            QVERIFY(ticks.size() >= 3);
            const double step = ticks[1].toMap()["value"].toDouble() - ticks[0].toMap()["value"].toDouble();
            QVERIFY2(std::abs(step - chartStep) < 1e-9, qPrintable(QStringLiteral("%1 vs %2").arg(step).arg(chartStep)));
            QCOMPARE(ticks[0].toMap()["label"].toString(), QStringLiteral("0"));
        }
    }

    // walk15: the Power view's cursor said "1374.82 kW" at "130 %" where a sweep's table said
    // 1374.731 kW (the grid point's mean over decisions, contracts.md 3.1): the label names the
    // decision its value is, by index and exact arrived %.
    void powerCursorNamesItsDecision()
    {
        QQmlEngine engine;
        QQmlComponent component(&engine, QUrl("qrc:/Tessera/PowerView.qml"));
        std::unique_ptr<QObject> view(
            component.createWithInitialProperties({{"run", QVariant::fromValue(run_)}, {"position", 10}}));
        QVERIFY2(view, qPrintable(component.errorString()));
        auto* total = view->findChild<QObject*>("powerChart");
        QVERIFY(total);
        const QString text = total->property("cursorText").toString();
        QCOMPARE(text, QStringLiteral("%1 kW · decision 10, %2").arg(run_->valueText("power_kw", 10), run_->positionText(10)));
        QVERIFY2(text.contains(QStringLiteral("% arrived")), qPrintable(text));
    }

    // Walk items 12 and 14: the run key above a chart of both runs' classes cut B's name
    // ("B: ...") and kept the old name after a rename until the tab was shown again; the fork's
    // heatmap title was cut ("→ pwr:").
    void captionsShowBothNamesWholeAndFollowARename()
    {
        QQmlEngine engine;
        QString error;
        std::unique_ptr<QObject> view = viewWithFork(engine, QUrl("qrc:/Tessera/PowerView.qml"), error);
        QVERIFY2(view, qPrintable(error));
        auto* item = qobject_cast<QQuickItem*>(view.get());
        QQuickWindow window;
        window.resize(1280, 760);
        item->setParentItem(window.contentItem());
        item->setSize(window.size());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto* models = view->findChild<QObject*>("powerByModelChart");
        QVERIFY(models);
        auto* key = models->findChild<QQuickItem*>("runKey");
        QVERIFY(key && key->isVisible());
        const QString keyText = key->property("text").toString();
        QVERIFY2(QString(keyText).remove(QChar(0x200B)).contains(fork_->name()), qPrintable(keyText));
        // One line per run, and a policy spec breaks only between its terms ("pwr:100," / "fgd:900").
        QCOMPARE(keyText.count(QLatin1Char('\n')), 1);
        QVERIFY2(keyText.contains(QStringLiteral("pwr:100,\u200Bfgd:900")), qPrintable(keyText));
        QVERIFY(!key->property("truncated").toBool());
        QVERIFY(key->width() >= key->property("contentWidth").toDouble());
        // Walk item 17: the cursor's label gave run A's value only, on a chart of both runs.
        auto* total = view->findChild<QObject*>("powerChart");
        QVERIFY(total);
        const QString values = total->property("cursorValues").toString();
        const int forkAt = fork_->positionMatching(run_, 10);
        QCOMPARE(values, QStringLiteral("A %1 kW · B %2 kW").arg(run_->valueText("power_kw", 10), fork_->valueText("power_kw", forkAt)));
        const QString before = run_->name();
        run_->setName(QStringLiteral("baseline FGD"));
        const auto restore = qScopeGuard([&] { run_->setName(before); });
        QVERIFY2(key->property("text").toString().contains(QStringLiteral("A: baseline FGD")),
                 qPrintable(key->property("text").toString()));

        QQmlComponent frag(&engine, QUrl("qrc:/Tessera/FragmentationView.qml"));
        std::unique_ptr<QObject> fragView(frag.createWithInitialProperties(
            {{"run", QVariant::fromValue(run_)}, {"otherRun", QVariant::fromValue(fork_)}, {"position", 10}}));
        auto* fragItem = qobject_cast<QQuickItem*>(fragView.get());
        QVERIFY(fragItem);
        item->setParentItem(nullptr);
        fragItem->setParentItem(window.contentItem());
        fragItem->setSize(window.size());
        QTest::qWait(50);
        const QList<QQuickItem*> titles = fragItem->findChildren<QQuickItem*>("heatTitle");
        QCOMPARE(titles.size(), 2);
        auto* rate = fragView->findChild<QQuickItem*>("fragmentationRateChart");
        QVERIFY(rate);
        for (QQuickItem* title : titles) {
            // Nothing cut: the text fits the width it is given, left of the chart beside it.
            QVERIFY2(title->property("contentWidth").toDouble() <= title->width() + 0.5,
                     qPrintable(title->property("text").toString()));
            const QPointF right = title->mapToItem(fragItem, QPointF(title->width(), 0));
            QVERIFY(right.x() <= rate->mapToItem(fragItem, QPointF(0, 0)).x());
        }
    }

    // Walk items 4 and 10: the fork's heatmap, shown when the fork is paired after the view was
    // laid out, drew its cursor at x = 0 (read once while 0 wide); and the two heatmaps had
    // their own colour scales. Now the fork's cursor sits at the cursor's x and both share one
    // scale.
    void theForksHeatmapHasTheCursorAndTheScale()
    {
        QQmlEngine engine;
        engine.addImportPath("qrc:/");
        QQmlComponent component(&engine, QUrl("qrc:/Tessera/FragmentationView.qml"));
        const int position = run_->steps() * 2 / 3;
        std::unique_ptr<QObject> object(component.createWithInitialProperties(
            {{"run", QVariant::fromValue(run_)}, {"otherRun", QVariant::fromValue<views::RunHandle*>(nullptr)},
             {"position", position}}));
        QVERIFY2(object, qPrintable(component.errorString()));
        auto* item = qobject_cast<QQuickItem*>(object.get());
        QQuickWindow window;
        window.resize(1280, 760);
        item->setParentItem(window.contentItem());
        item->setSize(window.size());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        item->setProperty("otherRun", QVariant::fromValue(fork_));
        const QList<views::HeatmapItem*> heatmaps = item->findChildren<views::HeatmapItem*>();
        QCOMPARE(heatmaps.size(), 2);
        for (auto* h : heatmaps)
            QTRY_VERIFY_WITH_TIMEOUT(h->ready() && !h->busy(), 20000);
        QCOMPARE(heatmaps[0]->legendMax(), heatmaps[1]->legendMax());
        QCOMPARE(heatmaps[0]->legendMax(), std::max(heatmaps[0]->naturalMax(), heatmaps[1]->naturalMax()));
        QList<QQuickItem*> cursors;
        for (auto* c : item->findChildren<QQuickItem*>("heatCursor"))
            cursors << c;
        QCOMPARE(cursors.size(), 2);
        for (QQuickItem* cursor : cursors) {
            auto* heat = cursor->parentItem()->findChild<views::HeatmapItem*>();
            QVERIFY(heat && heat->width() > 100);
            views::RunHandle* run = heat->run();
            const int at = run->positionMatching(run_, position);
            const double share = (run->xAt(at) - run->xAt(0)) / (run->xAt(run->steps()) - run->xAt(0));
            QVERIFY(share > 0.3);
            QVERIFY(cursor->isVisible());
            QVERIFY2(std::abs(cursor->x() + 1 - heat->x() - share * heat->width()) <= 1.0,
                     qPrintable(QStringLiteral("%1 at %2 of %3").arg(run->name()).arg(cursor->x()).arg(heat->width())));
        }
    }
    // Walk item 12: the legend of GPU power by model elided the model names ("P100…", "V100…")
    // at 1280 wide. Our legend wraps: every series of the export is named whole, at any width.
    void powerByModelLegendNamesEveryModelWhole_data()
    {
        QTest::addColumn<int>("width");
        QTest::newRow("1280") << 1280;
        QTest::newRow("narrow") << 420;
    }
    void powerByModelLegendNamesEveryModelWhole()
    {
        QFETCH(int, width);
        QQmlEngine engine;
        QString error;
        std::unique_ptr<QObject> view = viewWithFork(engine, QUrl("qrc:/Tessera/PowerView.qml"), error);
        QVERIFY2(view, qPrintable(error));
        auto* item = qobject_cast<QQuickItem*>(view.get());
        QQuickWindow window;
        window.resize(width, 760);
        item->setParentItem(window.contentItem());
        item->setSize(window.size());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto* models = view->findChild<QObject*>("powerByModelChart");
        QVERIFY(models);
        auto* chartLegend = models->property("legend").value<QObject*>();
        QVERIFY(chartLegend);
        QVERIFY2(!chartLegend->property("visible").toBool(), "Qt Charts' legend elides long names");
        auto* legend = view->findChild<QQuickItem*>("powerByModelLegend");
        QVERIFY(legend && legend->isVisible());
        QTest::qWait(20);
        const QList<chart::ChartSpec::Series> exported =
            views::ExportRequest("power-by-model", run_, fork_, 0, -1, 10).specs().front().series;
        QVERIFY(exported.size() >= 2);
        QList<QQuickItem*> names;  // in the order drawn (a Repeater's items are visual children only)
        const std::function<void(QQuickItem*)> collect = [&](QQuickItem* at) {
            for (QQuickItem* child : at->childItems()) {
                if (child->objectName() == QLatin1String("legendName"))
                    names << child;
                collect(child);
            }
        };
        collect(legend);
        QCOMPARE(names.size(), exported.size());
        for (qsizetype i = 0; i < exported.size(); ++i) {
            QQuickItem* name = names[i];
            QCOMPARE(name->property("text").toString(), exported[i].name);
            QCOMPARE(name->property("color").value<QColor>().isValid(), true);
            QVERIFY(name->property("contentWidth").toDouble() <= name->width() + 0.5);
            // Inside the legend: nothing runs off its right edge.
            const QPointF right = name->mapToItem(legend, QPointF(name->width(), name->height()));
            QVERIFY2(right.x() <= legend->width() + 0.5, qPrintable(exported[i].name));
            QVERIFY2(right.y() <= legend->height() + 0.5, qPrintable(exported[i].name));
        }
    }

    // Walk item 17: the Metrics view said "90.00 at the cursor": no unit, and only run A's value
    // with two runs drawn. It says both runs' values with the metric's unit, as the charts do.
    void metricsCursorTextHasUnitAndBothRuns()
    {
        QQmlEngine engine;
        QString error;
        std::unique_ptr<QObject> view = viewWithFork(engine, QUrl("qrc:/Tessera/MetricsView.qml"), error);
        QVERIFY2(view, qPrintable(error));
        const QVariantList metrics = run_->metrics().mid(1);
        int index = -1;
        for (int i = 0; i < metrics.size() && index < 0; ++i)
            if (!metrics[i].toMap().value("unit").toString().isEmpty())
                index = i;
        QVERIFY(index >= 0);
        auto* box = view->findChild<QObject*>("metricBox");
        QVERIFY(box);
        box->setProperty("currentIndex", index);
        const QVariantMap metric = metrics[index].toMap();
        const QString key = metric.value("key").toString();
        const QString unit = metric.value("unit").toString();
        auto* label = view->findChild<QObject*>("metricCursorText");
        QVERIFY(label);
        const int forkAt = fork_->positionMatching(run_, 10);
        QCOMPARE(label->property("text").toString(),
                 QStringLiteral("A %1 %3 · B %2 %3 at the cursor")
                     .arg(run_->valueText(key, 10), fork_->valueText(key, forkAt), unit));
    }
    // Walk item 9: the differences B − A were blue, orange and green on screen (colours written
    // in the QML) and all navy in the export. Both take names and colours from one plan: each
    // exported panel draws its difference as the screen does, in a colour of its own.
    void differencesOnScreenAreTheExportsSeries()
    {
        QQmlEngine engine;
        engine.addImportPath("qrc:/");
        QQmlComponent component(&engine, QUrl("qrc:/Tessera/CompareView.qml"));
        std::unique_ptr<QObject> view(component.createWithInitialProperties(
            {{"runA", QVariant::fromValue(run_)}, {"runB", QVariant::fromValue(fork_)}, {"position", 10}}));
        QVERIFY2(view, qPrintable(component.errorString()));
        const QList<chart::ChartSpec> exported = views::ExportRequest("difference", run_, fork_, 0, -1, 10).specs();
        // One panel per unit, as the screen has one axis per unit: pp (allocation and
        // fragmentation rate) on the left, kW (power) on the right.
        QCOMPARE(exported.size(), 2);
        QCOMPARE(exported[0].y.unit, QStringLiteral("pp"));
        QCOMPARE(exported[1].y.unit, QStringLiteral("kW"));
        QSet<QRgb> colours;
        auto* chartView = view->findChild<QObject*>("compareDeltaChart");
        QVERIFY(chartView);
        const auto seriesNamed = [&](const char* name) -> QLineSeries* {
            for (int s = 0; s < chartView->property("count").toInt(); ++s) {
                QAbstractSeries* series = nullptr;
                QMetaObject::invokeMethod(chartView, "series", Q_RETURN_ARG(QAbstractSeries*, series), Q_ARG(int, s));
                if (series && series->objectName() == QLatin1String(name))
                    return qobject_cast<QLineSeries*>(series);
            }
            return nullptr;
        };
        const struct {
            const char* name;
            int panel, series;
            bool right;
        } drawn[] = {{"deltaAlloc", 0, 0, false}, {"deltaFrag", 0, 1, false}, {"deltaPower", 1, 0, true}};
        for (const auto& d : drawn) {
            auto* line = seriesNamed(d.name);
            QVERIFY2(line, d.name);
            const chart::ChartSpec& panel = exported[d.panel];
            const chart::ChartSpec::Series& e = panel.series.at(d.series);
            QCOMPARE(line->color(), e.color);
            QCOMPARE(line->name(), QStringLiteral("%1 (%2)").arg(e.name, panel.y.unit));  // "Δ GPU allocation (pp)"
            QCOMPARE(line->pen().style() == Qt::DashLine, e.dashed);
            // On the axis of its unit: the right one for the panel of the second unit.
            bool onRight = false;
            for (QAbstractAxis* axis : line->attachedAxes())
                onRight = onRight || (axis->orientation() == Qt::Vertical && axis->alignment() == Qt::AlignRight);
            QCOMPARE(onRight, d.right);
            colours.insert(e.color.rgb());
        }
        QCOMPARE(colours.size(), 3);
    }

};

int main(int argc, char** argv)
{
    QApplication app(argc, argv);  // ChartView draws through Graphics View
    TestViewFiles test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_viewfiles.moc"
