// The Tessera desktop app: one QApplication, the Tessera QML module, the bundled default trace,
// or what a scripted start (--kind, --open, --policy, --study, --run, --view, --at) asks for.
#include "ScriptedStart.h"
#include "StartScript.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QQmlApplicationEngine>
#include <QQuickWindow>
#include <QTimer>
#include <QtQml/qqmlextensionplugin.h>

#include <algorithm>
#include <cstdio>
#include <cstring>

Q_IMPORT_QML_PLUGIN(TesseraPlugin)
Q_IMPORT_QML_PLUGIN(Tessera_ViewsPlugin)

namespace {

// For documentation and checks of a real window (e.g. under xvfb-run): the window as the user
// sees it, some seconds after start, then quit.
const QCommandLineOption screenshot("screenshot",
                                    "Save the window to FILE after --delay ms (after a scripted start has "
                                    "finished), then quit.",
                                    "FILE");
const QCommandLineOption delay("delay", "Milliseconds before --screenshot (default 4000).", "MS", "4000");
const QCommandLineOption size("size", "Window size, e.g. 1280x800 (the last size is kept otherwise).", "WxH");

void describe(QCoreApplication& app, QCommandLineParser& parser)
{
    app.setOrganizationName("Tessera");
    app.setOrganizationDomain("tessera.example.org");
    app.setApplicationName("Tessera");
    app.setApplicationVersion(TESSERA_VERSION);
    parser.setApplicationDescription("Tessera: a what-if studio for GPU-datacenter scheduling");
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOptions({screenshot, delay, size});
    parser.addOptions(tessera::gui::startOptions());
}

bool hasDisplay()
{
    return !qEnvironmentVariableIsEmpty("DISPLAY") || !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")
        || !qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM");
}

}  // namespace

int main(int argc, char** argv)
{
    // --help, --version and a bad option are answered without a display; without one, the
    // app says so plainly instead of Qt's platform-plugin abort.
    if (!hasDisplay() || std::any_of(argv + 1, argv + argc, [](const char* a) {
            return std::strcmp(a, "-h") == 0 || std::strcmp(a, "--help") == 0 || std::strcmp(a, "-v") == 0
                || std::strcmp(a, "--version") == 0;
        })) {
        QCoreApplication core(argc, argv);
        QCommandLineParser parser;
        describe(core, parser);
        parser.process(core);  // exits for --help, --version and unknown options
        std::fputs("tessera: no display (DISPLAY and WAYLAND_DISPLAY are unset). Start it in a desktop session, "
                   "under xvfb-run, or with QT_QPA_PLATFORM=offscreen; tessera-cli works without one.\n",
                   stderr);
        return 1;
    }
    QApplication app(argc, argv);
    QCommandLineParser parser;
    describe(app, parser);
    parser.process(app);
    QString problem;
    const tessera::gui::StartScript script = tessera::gui::parseStartScript(parser, problem);
    if (!problem.isEmpty()) {
        std::fprintf(stderr, "tessera: error: %s\n", qPrintable(problem));
        return 2;
    }

    QQmlApplicationEngine engine;
    engine.addImportPath("qrc:/");
    engine.setInitialProperties({{"scripted", tessera::gui::ScriptedStart::replacesUsualStart(script)}});
    QObject::connect(&engine, &QQmlApplicationEngine::objectCreationFailed, &app,
                     [] { QCoreApplication::exit(1); }, Qt::QueuedConnection);
    engine.load(QUrl(QStringLiteral("qrc:/Tessera/Main.qml")));
    if (engine.rootObjects().isEmpty())
        return 1;

    auto* window = qobject_cast<QQuickWindow*>(engine.rootObjects().first());
    if (parser.isSet(size)) {
        const QStringList wh = parser.value(size).split('x');
        const int w = wh.value(0).toInt(), h = wh.value(1).toInt();
        if (wh.size() != 2 || w <= 0 || h <= 0) {
            qCritical("--size: expected WxH, e.g. 1280x800 (got \"%s\")", qPrintable(parser.value(size)));
            return 2;
        }
        if (window)
            window->resize(w, h);
    }
    const auto shootLater = [&] {
        if (!parser.isSet(screenshot))
            return;
        const QString file = parser.value(screenshot);
        QTimer::singleShot(parser.value(delay).toInt(), &app, [window, file] {
            const bool saved = window && window->grabWindow().save(file);
            if (!saved)
                std::fprintf(stderr, "tessera: error: cannot save the screenshot to %s\n", qPrintable(file));
            QCoreApplication::exit(saved ? 0 : 1);
        });
    };
    if (script.empty() || !window) {
        shootLater();
        return app.exec();
    }
    // A scripted start: the screenshot waits for it; a failure ends the app with the CLI's codes.
    tessera::gui::ScriptedStart start(window, script);
    QObject::connect(&start, &tessera::gui::ScriptedStart::finished, &app, [&](int code, const QString& message) {
        if (code == 0)
            return shootLater();
        std::fprintf(stderr, "tessera: error: %s\n", qPrintable(message));
        QCoreApplication::exit(code);
    });
    QTimer::singleShot(0, &start, &tessera::gui::ScriptedStart::start);
    return app.exec();
}
