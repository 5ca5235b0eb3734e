// The MIG inference session of issue 12's "done when", through the real main window: choose the
// kind, open the ParvaGPU profile and SLO folders in the Inputs panel, set the scenario in the
// Run panel's parameter rows (SLO row 3, row 4 from 150 s, 300 s in 10 s steps), run
// ElasticBatch-like, scrub while the slice view follows, fork at the cursor with MIG disabled
// and a load scale, compare side by side, export the comparison and a report, then fork with the
// SLOs halved. Every step is
// shot at 1280x800 and 2560x1440 into <build>/screenshots/inference-*.png for review.
#include "run/RunHandle.h"
#include "window/ObjectNamed.h"
#include "support/FreshHomeMain.h"
#include "support/SessionWindow.h"
#include "support/SharedData.h"
#include "support/TestFiles.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QPointer>
#include <QRegularExpression>
#include <QQmlApplicationEngine>
#include <QQuickItem>
#include <QQuickWindow>
#include <QSet>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <QtQml/qqmlextensionplugin.h>

#include <functional>

Q_IMPORT_QML_PLUGIN(TesseraPlugin)
Q_IMPORT_QML_PLUGIN(Tessera_ViewsPlugin)

using tessera::views::RunHandle;

namespace {

QString screenshotDir() { return QStringLiteral(TESSERA_BUILD_DIR "/screenshots"); }
QString exportDir() { return QStringLiteral(TESSERA_BUILD_DIR "/inference-export"); }

// Not blank: several colours, and a real share of pixels differing from the background.
void verifyNotBlank(const QImage& image, const QString& what, double minShare = 0.05)
{
    QVERIFY2(!image.isNull(), qPrintable(what + ": no image"));
    const QImage img = image.convertToFormat(QImage::Format_RGB32);
    const QRgb background = img.pixel(img.width() - 2, img.height() / 2);
    QSet<QRgb> colours;
    qint64 differing = 0;
    for (int y = 0; y < img.height(); y += 2)
        for (int x = 0; x < img.width(); x += 2) {
            const QRgb p = img.pixel(x, y);
            colours.insert(p);
            differing += p != background;
        }
    const double share = double(differing) / double((img.width() / 2) * (img.height() / 2));
    QVERIFY2(colours.size() >= 16, qPrintable(QStringLiteral("%1: only %2 colours").arg(what).arg(colours.size())));
    QVERIFY2(share > minShare, qPrintable(QStringLiteral("%1: %2% non-background").arg(what).arg(share * 100)));
}

// QML's warnings over the session (a view that fails to load, a TypeError in a binding, a
// binding loop): each is a defect of some screen.
QStringList qmlWarnings;
QtMessageHandler passOn = nullptr;
void watchQml(QtMsgType type, const QMessageLogContext& context, const QString& message)
{
    if (type == QtWarningMsg && (message.contains(QStringLiteral("qrc:/")) || message.contains(QStringLiteral("Binding loop"))))
        qmlWarnings << message;
    if (passOn)
        passOn(type, context, message);
}

// Share of pixels that differ between two images of one size.
double changedShare(const QImage& a, const QImage& b)
{
    if (a.size() != b.size() || a.isNull())
        return 1;
    const QImage x = a.convertToFormat(QImage::Format_RGB32), y = b.convertToFormat(QImage::Format_RGB32);
    qint64 changed = 0;
    for (int r = 0; r < x.height(); ++r)
        for (int c = 0; c < x.width(); ++c)
            changed += x.pixel(c, r) != y.pixel(c, r);
    return double(changed) / double(x.width() * x.height());
}

// Words of the pod kind that an inference run's screens must not show.
const QStringList kPodWords = {QStringLiteral("arrived %"), QStringLiteral("pods"), QStringLiteral("Open a trace"),
                               QStringLiteral("decisions of")};

}  // namespace

class InferenceSessionTest : public QObject {
    Q_OBJECT

    std::unique_ptr<QQmlApplicationEngine> engine_;
    QQuickWindow* window_ = nullptr;
    QPointer<RunHandle> elastic_;
    QPointer<RunHandle> fork_;
    int switchPosition_ = 0;

    QObject* find(const char* name)
    {
        QObject* o = tessera::views::objectNamed(window_, QString::fromLatin1(name));
        if (!o)
            qWarning("no object named %s", name);
        return o;
    }
    // An item by objectName in the visual tree below `from` (the window's content by default).
    QQuickItem* findItem(const QString& name, QQuickItem* from = nullptr)
    {
        return tessera::views::itemNamed(from ? from : window_->contentItem(), name);
    }
    // The first visible child of `row` (a Run panel parameter row) that inherits `type`.
    static QQuickItem* control(QQuickItem* row, const char* type)
    {
        for (QQuickItem* child : row->childItems())
            if (child->isVisible() && child->inherits(type))
                return child;
        return nullptr;
    }
    QObject* runs() { return find("runManager"); }
    RunHandle* currentRun() { return window_->property("currentRun").value<RunHandle*>(); }
    QObject* timeline() { return find("timeline"); }

    void click(QQuickItem* item)
    {
        QTest::mouseClick(window_, Qt::LeftButton, {}, item->mapToScene(QPointF(item->width() / 2, item->height() / 2)).toPoint());
    }

    // Every visible text in the window (labels, tabs, buttons), for words that must not be there.
    void visibleTexts(QQuickItem* item, QStringList& out)
    {
        if (!item || !item->isVisible())
            return;
        const QRectF onWindow = item->mapRectToScene(QRectF(0, 0, item->width(), item->height()));
        const bool onScreen = QRectF(QPointF(0, 0), QSizeF(window_->size())).intersects(onWindow);
        if (onScreen && item->property("text").isValid() && item->property("text").canConvert<QString>())
            out << item->property("text").toString();
        for (QQuickItem* child : item->childItems())
            visibleTexts(child, out);
    }
    void verifyNoPodWords(const QString& where)
    {
        QStringList texts;
        visibleTexts(window_->contentItem(), texts);
        visibleTexts(window_->property("footer").value<QQuickItem*>(), texts);
        QStringList found;
        for (const QString& text : texts)
            for (const QString& word : kPodWords)
                if (text.contains(word, Qt::CaseInsensitive))
                    found << QStringLiteral("“%1” in “%2”").arg(word, text.left(80));
        QVERIFY2(found.isEmpty(), qPrintable(where + ": " + found.join(", ")));
    }

    // The texts of the views' tabs (the tab bar above the views), left to right.
    QStringList tabTexts() { return tessera::test::SessionWindow::tabTexts(window_); }

    // The Fork dialog opened with Ctrl+F over the slice view at `position`, `policy` in its spec
    // field; nullptr when it is missing or does not open.
    QObject* openForkDialog(int position, const QString& policy)
    {
        window_->setProperty("viewIndex", 0);
        timeline()->setProperty("position", position);
        QObject* dialog = find("forkDialog");
        QObject* spec = find("forkSpec");
        if (!dialog || !spec)
            return nullptr;
        QTest::keyClick(window_, Qt::Key_F, Qt::ControlModifier);
        if (!QTest::qWaitFor([&] { return dialog->property("opened").toBool(); }))
            return nullptr;
        spec->setProperty("text", policy);
        return dialog;
    }
    // `text` in a dialog's field, as if typed (its textEdited handler runs).
    static void typeInto(QObject* field, const QString& text)
    {
        field->setProperty("text", text);
        QMetaObject::invokeMethod(field, "textEdited");
    }

    // A screenshot at 1280x800 and at 2560x1440; returns the 1280x800 one.
    QImage shoot(const QString& name)
    {
        QDir().mkpath(screenshotDir());
        QImage small;
        for (const QSize size : {QSize(2560, 1440), QSize(1280, 800)}) {
            window_->resize(size);
            QTest::qWait(400);  // let the layouts, the scene graph and the charts catch up
            const QImage image = window_->grabWindow();
            const QString suffix = size.width() == 1280 ? QString() : QStringLiteral("-2560");
            image.save(screenshotDir() + "/inference-" + name + suffix + ".png");
            if (size.width() == 1280)
                small = image;
        }
        return small;
    }

private slots:
    void initTestCase()
    {
        passOn = qInstallMessageHandler(watchQml);
        engine_ = std::make_unique<QQmlApplicationEngine>();
        engine_->addImportPath(QStringLiteral("qrc:/"));
        engine_->load(QUrl(QStringLiteral("qrc:/Tessera/Main.qml")));
        QVERIFY(!engine_->rootObjects().isEmpty());
        window_ = qobject_cast<QQuickWindow*>(engine_->rootObjects().first());
        QVERIFY(window_);
        window_->resize(1280, 800);
        QVERIFY(QTest::qWaitForWindowExposed(window_));
        // The first start runs the bundled pod trace; let it finish before choosing a kind.
        QTRY_VERIFY_WITH_TIMEOUT(currentRun() != nullptr, 60000);
        QTRY_VERIFY_WITH_TIMEOUT(!runs()->property("busy").toBool(), 60000);
        if (QObject* gotIt = find("dismissHintButton"); gotIt && gotIt->property("visible").toBool())
            click(qobject_cast<QQuickItem*>(gotIt));
    }

    // The Run panel's kind menu picks the MIG inference kind; the left panel's first tab becomes
    // its Inputs panel.
    void choosesTheInferenceKind()
    {
        TESSERA_REQUIRE_SHARED("traces/mig-parvagpu/prof_data");
        window_->setProperty("panelIndex", 1);
        auto* kindBox = qobject_cast<QQuickItem*>(find("kindBox"));
        QVERIFY(kindBox);
        QTRY_VERIFY(kindBox->isVisible());
        int index = -1;
        QMetaObject::invokeMethod(kindBox, "indexOfValue", Q_RETURN_ARG(int, index), Q_ARG(QVariant, QStringLiteral("mig-inference")));
        QVERIFY(index >= 0);
        kindBox->setProperty("currentIndex", index);
        QMetaObject::invokeMethod(kindBox, "activated", Q_ARG(int, index));
        QObject* kind = runs()->property("kind").value<QObject*>();
        QCOMPARE(kind->property("kindId").toString(), QStringLiteral("mig-inference"));
        QVERIFY(!runs()->property("inputsReady").toBool());
        // A pod trace is open, but it is not this kind's input: Run (toolbar, Ctrl+R) waits.
        QVERIFY(!window_->property("canRun").toBool());
        shoot("kind");
        window_->setProperty("panelIndex", 0);
        auto* inputs = qobject_cast<QQuickItem*>(find("kindInputsPanel"));
        QVERIFY(inputs);
        QTRY_VERIFY(inputs->isVisible());
    }

    void opensTheProfileAndSloFolders()
    {
        TESSERA_REQUIRE_SHARED("traces/mig-parvagpu/prof_data");
        const QString data = tessera::test::sharedDir() + "/traces/mig-parvagpu";
        for (const auto& [role, path] : {std::pair{"input-profiles", data + "/prof_data"}, std::pair{"input-slo", data + "/SLO"}}) {
            QObject* field = find(role);
            QVERIFY(field);
            field->setProperty("text", path);
            QMetaObject::invokeMethod(field, "editingFinished");
        }
        shoot("inputs");
        // At 1280x800 each path is seen: the long labels ("SLO folder (ParvaGPU scenarios)
        // (optional)") squeezed the fields to nothing and cut Browse off.
        for (const char* role : {"input-profiles", "input-slo", "input-scenario"}) {
            auto* field = qobject_cast<QQuickItem*>(find(role));
            QVERIFY(field);
            QVERIFY2(field->width() >= 150, qPrintable(QStringLiteral("%1: %2 px").arg(role).arg(field->width())));
        }
        auto* open = qobject_cast<QQuickItem*>(find("openInputsButton"));
        QVERIFY(open);
        click(open);
        QTRY_VERIFY_WITH_TIMEOUT(runs()->property("inputsReady").toBool() || !runs()->property("error").toString().isEmpty(), 60000);
        QVERIFY2(runs()->property("error").toString().isEmpty(), qPrintable(runs()->property("error").toString()));
        QTRY_VERIFY_WITH_TIMEOUT(!runs()->property("busy").toBool(), 60000);
        QVERIFY(window_->property("canRun").toBool());
        verifyNotBlank(shoot("inputs-open"), "inputs open");
    }

    // SLO row 3, row 4 from 150 s, 300 s in 10 s steps, set in the Run panel's rows; Run.
    void runsElasticBatch()
    {
        TESSERA_REQUIRE_SHARED("traces/mig-parvagpu/prof_data");
        window_->setProperty("panelIndex", 1);
        QTest::qWait(200);
        const auto setInteger = [&](const char* name, int value) {
            auto* row = qobject_cast<QQuickItem*>(find(name));
            QVERIFY2(row, name);
            QQuickItem* spin = control(row, "QQuickSpinBox");
            QVERIFY2(spin, name);
            spin->setProperty("value", value);
            QMetaObject::invokeMethod(spin, "valueModified");
        };
        const auto setReal = [&](const char* name, const QString& value) {
            auto* row = qobject_cast<QQuickItem*>(find(name));
            QVERIFY2(row, name);
            QQuickItem* field = control(row, "QQuickTextField");
            QVERIFY2(field, name);
            field->setProperty("text", value);
            QMetaObject::invokeMethod(field, "textEdited");
        };
        setInteger("parameter-slo_row", 3);
        setInteger("parameter-switch_row", 4);
        setReal("parameter-switch_at", "150");
        setReal("parameter-duration", "300");
        setReal("parameter-step", "10");
        auto* policyBox = qobject_cast<QQuickItem*>(find("policyBox"));
        QVERIFY(policyBox);
        const QStringList policies = runs()->property("kind").value<QObject*>()->property("policies").toStringList();
        const int elastic = int(policies.indexOf(QStringLiteral("elasticbatch")));
        QVERIFY2(elastic >= 0, qPrintable(policies.join(", ")));
        policyBox->setProperty("currentIndex", elastic);
        shoot("run-panel");
        // Every parameter's label is whole (none cut at the label column's edge).
        QList<QQuickItem*> labels;
        std::function<void(QQuickItem*)> walk = [&](QQuickItem* item) {
            if (item->objectName() == QLatin1String("parameterLabel") && item->isVisible())
                labels << item;
            for (QQuickItem* child : item->childItems())
                walk(child);
        };
        walk(window_->contentItem());
        QVERIFY(labels.size() >= 8);
        for (QQuickItem* label : labels) {
            const QString text = label->property("text").toString();
            QVERIFY2(!label->property("truncated").toBool(), qPrintable(text));
            // Not cut: a word wider than the column would overflow it (contentWidth > width).
            QVERIFY2(label->property("contentWidth").toDouble() <= label->width() + 0.5,
                     qPrintable(QStringLiteral("%1: %2 of %3 px").arg(text).arg(label->property("contentWidth").toDouble()).arg(label->width())));
        }

        auto* run = qobject_cast<QQuickItem*>(find("runButton"));
        QVERIFY(run);
        QTRY_VERIFY(run->isEnabled());
        QSignalSpy finished(runs(), SIGNAL(runFinished(tessera::views::RunHandle*)));
        click(run);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 300000);
        elastic_ = currentRun();
        QVERIFY(elastic_);
        QCOMPARE(elastic_->kind(), QStringLiteral("mig-inference"));
        QCOMPARE(elastic_->policy(), QStringLiteral("elasticbatch"));
        QCOMPARE(elastic_->steps(), 30);  // 300 s in 10 s steps
        switchPosition_ = elastic_->positionAtX(150);
        QVERIFY2(switchPosition_ > 5 && switchPosition_ < 25, qPrintable(QString::number(switchPosition_)));
        QTRY_VERIFY_WITH_TIMEOUT(elastic_->storedId() > 0, 60000);
        // The kind's own views loaded (qml/inference/ imports its module, not a folder).
        QTRY_VERIFY(find("fleetView") && find("serviceView"));
        verifyNoPodWords(QStringLiteral("the new run"));
        // The views' tabs are the kind's: its own views and an inspector named for a plan.
        QTRY_COMPARE(tabTexts().mid(0, 5), (QStringList{QStringLiteral("MIG slices"), QStringLiteral("Fleet"), QStringLiteral("SLO and latency"),
                                              QStringLiteral("Plan inspector"), QStringLiteral("Metrics")}));
    }

    // Scrubbing: the slice view follows the cursor (its pixels change where the plan does),
    // the header names the time, and hovering a GPU names its instance profiles.
    void scrubbingMovesTheSliceView()
    {
        QVERIFY(elastic_);
        window_->setProperty("viewIndex", 0);
        auto* slices = qobject_cast<QQuickItem*>(find("sliceItem"));
        QVERIFY(slices);
        QTRY_VERIFY(slices->isVisible());
        const auto grab = [&](int position) {
            timeline()->setProperty("position", position);
            QTest::qWait(300);
            const QRectF r = slices->mapRectToScene(QRectF(0, 0, slices->width(), slices->height()));
            return window_->grabWindow().copy(r.toAlignedRect());
        };
        // Row 3 before the switch, row 4 after: a plan with more GPUs after.
        const QImage before = grab(switchPosition_ - 2);
        const QImage same = grab(switchPosition_ - 1);
        const QImage after = grab(elastic_->steps());
        QVERIFY2(changedShare(before, after) > 0.01,
                 qPrintable(QStringLiteral("%1% changed").arg(changedShare(before, after) * 100)));
        QVERIFY2(changedShare(before, same) < changedShare(before, after), "the plan changed more within row 3 than across the switch");
        QVERIFY(before.size() == after.size());
        QVERIFY(elastic_->value(QStringLiteral("gpus_used"), elastic_->steps()) > elastic_->value(QStringLiteral("gpus_used"), 1));

        // The header reads as time.
        QObject* header = find("sliceHeader");
        QVERIFY(header);
        const QString headerText = header->property("text").toString();
        QVERIFY2(headerText.contains(QStringLiteral(" s")) || headerText.contains(QStringLiteral("min")), qPrintable(headerText));
        // A five-minute run reads as a clock, without "0 d" before every time.
        QVERIFY2(headerText.contains(QStringLiteral("00:05:00 (300 s)")) && !headerText.contains(QStringLiteral("0 d")),
                 qPrintable(headerText));
        const QString label = timeline()->property("label").toString();
        QVERIFY2(label.startsWith(QStringLiteral("00:05:00")), qPrintable(label));

        // Hover over the first GPU: the text names an instance profile ("3g.40gb").
        QString hover;
        for (int y = 4; y < slices->height() && hover.isEmpty(); y += 6)
            for (int x = 4; x < std::min(300.0, slices->width()) && hover.isEmpty(); x += 6)
                QMetaObject::invokeMethod(slices, "describeAt", Q_RETURN_ARG(QString, hover), Q_ARG(qreal, x), Q_ARG(qreal, y));
        QVERIFY2(QRegularExpression(QStringLiteral("\\dg\\.\\d+gb")).match(hover).hasMatch(), qPrintable(hover));
        verifyNotBlank(shoot("slices-end"), "slice view at the end");
        timeline()->setProperty("position", switchPosition_ - 2);
        verifyNotBlank(shoot("slices-before-switch"), "slice view before the switch");
        verifyNoPodWords(QStringLiteral("slice view"));
    }

    void everyViewOfTheRun_data()
    {
        QTest::addColumn<int>("index");
        QTest::addColumn<QString>("name");
        QTest::newRow("fleet") << 1 << "fleet";
        QTest::newRow("service") << 2 << "service";
        QTest::newRow("inspector") << 3 << "inspector";
        QTest::newRow("metrics") << 4 << "metrics";
    }
    void everyViewOfTheRun()
    {
        QFETCH(int, index);
        QFETCH(QString, name);
        QVERIFY(elastic_);
        timeline()->setProperty("position", switchPosition_ + 3);
        window_->setProperty("viewIndex", index);
        QTest::qWait(500);
        verifyNotBlank(shoot(name), name, 0.03);
        verifyNoPodWords(name);
        if (name == QLatin1String("inspector")) {
            // The plan explained per class: the class, the profile it is served on and the
            // points the planner found feasible.
            QObject* decisions = find("decisionModel");
            QVERIFY(decisions);
            QTRY_VERIFY_WITH_TIMEOUT(!decisions->property("busy").toBool(), 30000);
            QString first, profile;
            QMetaObject::invokeMethod(decisions, "columnTitle", Q_RETURN_ARG(QString, first), Q_ARG(int, 0));
            QMetaObject::invokeMethod(decisions, "columnTitle", Q_RETURN_ARG(QString, profile), Q_ARG(int, 1));
            QCOMPARE(first, QStringLiteral("class"));
            QCOMPARE(profile, QStringLiteral("profile"));
            auto* table = qobject_cast<QQuickItem*>(find("decisionTable"));
            QVERIFY(table);
            // The table fits the width it has at 1280x800 (no column cut at the right).
            QVERIFY2(table->property("contentWidth").toDouble() <= table->width() + 1,
                     qPrintable(QStringLiteral("%1 of %2").arg(table->property("contentWidth").toDouble()).arg(table->width())));
        }
    }

    // Fork at the cursor with MIG disabled and 1.2 times the load, through the Fork dialog.
    void forksWithMigDisabled()
    {
        QVERIFY(elastic_);
        const int position = switchPosition_ + 3;
        QObject* dialog = openForkDialog(position, QStringLiteral("mig-disabled"));
        QVERIFY(dialog);
        QCOMPARE(dialog->property("position").toInt(), position);
        QObject* scale = find("forkParameter-load_scale");
        QVERIFY(scale);
        typeInto(scale, QStringLiteral("1.2"));
        QTRY_VERIFY(dialog->property("problem").toString().isEmpty());
        shoot("fork-dialog");
        verifyNoPodWords(QStringLiteral("fork dialog"));
        QSignalSpy forked(runs(), SIGNAL(forkFinished(tessera::views::RunHandle*)));
        QMetaObject::invokeMethod(dialog, "accept");
        QTRY_COMPARE_WITH_TIMEOUT(forked.count(), 1, 300000);
        fork_ = window_->property("otherRun").value<RunHandle*>();
        QVERIFY(fork_);
        QCOMPARE(fork_->policy(), QStringLiteral("mig-disabled"));
        QCOMPARE(fork_->forkPosition(), position);
        // MIG disabled on 1.2 times the load needs more GPUs than ElasticBatch-like at the end.
        QVERIFY(fork_->value(QStringLiteral("gpus_used"), fork_->steps()) > elastic_->value(QStringLiteral("gpus_used"), elastic_->steps()));
        window_->setProperty("viewIndex", 1);
        verifyNotBlank(shoot("fork-fleet"), "fleet with the fork", 0.03);
    }

    void comparesSideBySide()
    {
        QVERIFY(fork_);
        window_->setProperty("compareMode", true);
        QVERIFY(find("comparisonTable"));
        verifyNotBlank(shoot("compare"), "compare view");
        verifyNoPodWords(QStringLiteral("compare view"));
    }

    void exportsTheComparisonAndAReport()
    {
        QVERIFY(fork_ && elastic_);
        QObject* exporter = find("exporter");
        QVERIFY(exporter);
        QDir(exportDir()).removeRecursively();
        QDir().mkpath(exportDir());
        const auto wait = [&](const QString& path) {
            QSignalSpy done(exporter, SIGNAL(exported(QString)));
            QTRY_VERIFY_WITH_TIMEOUT(done.count() == 1 || !exporter->property("error").toString().isEmpty(), 120000);
            QVERIFY2(exporter->property("error").toString().isEmpty(), qPrintable(exporter->property("error").toString()));
            QCOMPARE(exporter->property("lastPath").toString(), path);
        };
        QStringList charts;
        QMetaObject::invokeMethod(exporter, "charts", Q_RETURN_ARG(QStringList, charts), Q_ARG(tessera::views::RunHandle*, elastic_.data()));
        for (const char* chart : {"fleet", "slo", "latency"})
            QVERIFY2(charts.contains(QLatin1String(chart)), qPrintable(charts.join(", ")));
        bool ok = false;
        for (const QString& chart : {QStringLiteral("fleet"), QStringLiteral("slo"), QStringLiteral("latency")})
            for (const char* format : {"svg", "pdf"}) {
                const QString path = exportDir() + "/" + chart + "." + format;
                QMetaObject::invokeMethod(exporter, "exportChart", Q_RETURN_ARG(bool, ok), Q_ARG(QString, chart),
                                          Q_ARG(tessera::views::RunHandle*, elastic_.data()), Q_ARG(tessera::views::RunHandle*, fork_.data()),
                                          Q_ARG(int, 0), Q_ARG(int, -1), Q_ARG(int, timeline()->property("position").toInt()),
                                          Q_ARG(QString, path), Q_ARG(QString, QString()), Q_ARG(int, 1600), Q_ARG(int, 1000));
                QVERIFY(ok);
                wait(path);
                const QByteArray bytes = tessera::test::readBytes(path);
                if (QLatin1String(format) == QLatin1String("svg")) {
                    QVERIFY(bytes.contains("<svg"));
                    QVERIFY2(bytes.count("<path") + bytes.count("<polyline") > 20, qPrintable(chart + ": too few vector paths"));
                } else {
                    QVERIFY(bytes.startsWith("%PDF"));
                }
            }
        const QString csv = exportDir() + "/fleet.csv";
        QMetaObject::invokeMethod(exporter, "exportCsv", Q_RETURN_ARG(bool, ok), Q_ARG(QString, "fleet"),
                                  Q_ARG(tessera::views::RunHandle*, elastic_.data()), Q_ARG(tessera::views::RunHandle*, fork_.data()),
                                  Q_ARG(int, 0), Q_ARG(int, -1), Q_ARG(QString, csv));
        QVERIFY(ok);
        wait(csv);
        const QByteArray rows = tessera::test::readBytes(csv);
        QVERIFY2(rows.count('\n') > 30, rows.left(400).constData());
        const QByteArray head = rows.left(rows.indexOf('\n'));
        QVERIFY2(!head.contains("pods") && !head.contains("arrived"), head.constData());
        // Two metrics of two runs: each column names its metric and run, not the run alone.
        for (const char* column : {"GPUs used · A", "GPUs used · B", "GPU instances · A", "GPU instances · B"})
            QVERIFY2(head.contains(column), head.constData());

        // The shared heatmap and occupancy charts speak of GPUs, not nodes.
        for (const QString& chart : {QStringLiteral("fragmentation-heatmap"), QStringLiteral("occupancy")}) {
            const QString path = exportDir() + "/" + chart + ".svg";
            QMetaObject::invokeMethod(exporter, "exportChart", Q_RETURN_ARG(bool, ok), Q_ARG(QString, chart),
                                      Q_ARG(tessera::views::RunHandle*, elastic_.data()), Q_ARG(tessera::views::RunHandle*, nullptr),
                                      Q_ARG(int, 0), Q_ARG(int, -1), Q_ARG(int, elastic_->steps()),
                                      Q_ARG(QString, path), Q_ARG(QString, QString()), Q_ARG(int, 1600), Q_ARG(int, 1000));
            QVERIFY(ok);
            wait(path);
            const QByteArray svg = tessera::test::readBytes(path);
            // One GPU type: the rows are "GPUs", the band names the type (groupAxisLabel).
            const auto& types = elastic_->run().layout().categories;
            QVERIFY2(svg.contains(types.size() > 1 ? "GPUs by GPU type" : "GPUs"), qPrintable(chart));
            QVERIFY2(!svg.contains("node") && !svg.contains("Node"), qPrintable(chart));
        }

        const QString report = exportDir() + "/report.pdf";
        QMetaObject::invokeMethod(exporter, "exportReport", Q_RETURN_ARG(bool, ok), Q_ARG(tessera::views::RunHandle*, elastic_.data()),
                                  Q_ARG(tessera::views::RunHandle*, fork_.data()), Q_ARG(QString, report));
        QVERIFY(ok);
        wait(report);
        const QByteArray pdf = tessera::test::readBytes(report);
        QVERIFY(pdf.startsWith("%PDF"));
        QVERIFY2(pdf.count("/Type /Page") - pdf.count("/Type /Pages") >= 3, "the report has fewer than 3 pages");
        window_->setProperty("compareMode", false);
    }

    // Fork the ElasticBatch-like run at the cursor with every SLO halved: the Fork dialog lists
    // the kind's slo_scale with its label, unit and range; the fork runs, joins the run list and
    // the compare view, matches its parent up to the cursor and needs at least as many GPUs after.
    void forksWithATighterSlo()
    {
        QVERIFY(elastic_);
        window_->setProperty("compareMode", false);
        QCOMPARE(currentRun(), elastic_.data());
        const int position = switchPosition_ + 1;
        QObject* dialog = openForkDialog(position, QStringLiteral("elasticbatch"));
        QVERIFY(dialog);
        QCOMPARE(dialog->property("position").toInt(), position);
        auto* scale = qobject_cast<QQuickItem*>(find("forkParameter-slo_scale"));
        QVERIFY(scale);
        QStringList row;  // the texts of the parameter's row: its label, the field, its range
        for (QQuickItem* item : scale->parentItem()->childItems())
            if (item->isVisible() && item->property("text").isValid())
                row << item->property("text").toString();
        QVERIFY2(row.contains(QStringLiteral("SLO scale (×)")), qPrintable(row.join(" | ")));
        // The last fork's load scale is not carried over: every field starts empty ("as the run").
        QObject* load = find("forkParameter-load_scale");
        QVERIFY(load);
        QCOMPARE(load->property("text").toString(), QString());
        QCOMPARE(scale->property("text").toString(), QString());
        QObject* range = find("forkRange-slo_scale");
        QVERIFY(range);
        QCOMPARE(range->property("text").toString(), QStringLiteral("0.25–4"));
        // Another row's SLOs are a fork's too.
        QObject* slosOfRow = find("forkParameter-slos_of_row");
        QVERIFY(slosOfRow);
        QCOMPARE(slosOfRow->property("text").toString(), QString());
        // Out of range: the dialog says why and refuses.
        typeInto(scale, QStringLiteral("8"));
        QTRY_VERIFY(dialog->property("problem").toString().contains(QStringLiteral("SLO scale must be between 0.25 and 4")));
        typeInto(scale, QStringLiteral("0.5"));
        QTRY_VERIFY(dialog->property("problem").toString().isEmpty());
        shoot("slo-fork-dialog");
        const int before = runs()->property("count").toInt();
        QSignalSpy forked(runs(), SIGNAL(forkFinished(tessera::views::RunHandle*)));
        QMetaObject::invokeMethod(dialog, "accept");
        QTRY_COMPARE_WITH_TIMEOUT(forked.count(), 1, 300000);
        QPointer<RunHandle> tight = window_->property("otherRun").value<RunHandle*>();
        QVERIFY(tight);
        QVERIFY(tight != fork_);
        QCOMPARE(runs()->property("count").toInt(), before + 1);
        QCOMPARE(tight->policy(), QStringLiteral("elasticbatch"));
        QCOMPARE(tight->forkPosition(), position);
        QVERIFY2(tight->name().contains(QStringLiteral("SLO x0.5")) && !tight->name().contains(QStringLiteral("load")),
                 qPrintable(tight->name()));
        // The same up to the cursor; never fewer GPUs after it, more somewhere.
        for (int p = 0; p <= position; ++p)
            QCOMPARE(tight->value(QStringLiteral("gpus_used"), p), elastic_->value(QStringLiteral("gpus_used"), p));
        bool more = false;
        for (int p = position + 1; p <= tight->steps(); ++p) {
            QVERIFY(tight->value(QStringLiteral("gpus_used"), p) >= elastic_->value(QStringLiteral("gpus_used"), p));
            more |= tight->value(QStringLiteral("gpus_used"), p) > elastic_->value(QStringLiteral("gpus_used"), p);
        }
        QVERIFY(more);
        window_->setProperty("viewIndex", 1);
        verifyNotBlank(shoot("slo-fork-fleet"), "fleet with the SLO fork", 0.03);
        window_->setProperty("viewIndex", 2);
        verifyNotBlank(shoot("slo-fork-service"), "SLO and latency with the SLO fork", 0.03);
        window_->setProperty("compareMode", true);
        QVERIFY(find("comparisonTable"));
        verifyNotBlank(shoot("slo-fork-compare"), "compare view with the SLO fork");
        window_->setProperty("compareMode", false);
        window_->setProperty("viewIndex", 0);
    }

    // Nothing in the session made QML warn (the kind's views load, bindings hold).
    void noQmlWarnings() { QVERIFY2(qmlWarnings.isEmpty(), qPrintable(qmlWarnings.join('\n'))); }

    void cleanupTestCase()
    {
        engine_.reset();
        qInstallMessageHandler(passOn);
    }
};

int main(int argc, char** argv)
{
    return tessera::test::runInFreshHome<InferenceSessionTest>(argc, argv, QStringLiteral("tessera-inference-session"), QStringLiteral("TesseraInferenceSession"));
}

#include "tst_inferencesession.moc"
