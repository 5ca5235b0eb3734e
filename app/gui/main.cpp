// The Tessera desktop app: one QApplication, the Tessera QML module, the bundled default trace.
#include <QApplication>
#include <QCommandLineParser>
#include <QQmlApplicationEngine>
#include <QQuickWindow>
#include <QTimer>
#include <QtQml/qqmlextensionplugin.h>

Q_IMPORT_QML_PLUGIN(TesseraPlugin)
Q_IMPORT_QML_PLUGIN(Tessera_ViewsPlugin)

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName("Tessera");
    QApplication::setOrganizationDomain("tessera.example.org");
    QApplication::setApplicationName("Tessera");
    QApplication::setApplicationVersion(TESSERA_VERSION);

    QCommandLineParser parser;
    parser.setApplicationDescription("Tessera: a what-if studio for GPU-datacenter scheduling");
    parser.addHelpOption();
    parser.addVersionOption();
    // For documentation and checks of a real window (e.g. under xvfb-run): the window as the
    // user sees it, some seconds after start, then quit.
    const QCommandLineOption screenshot("screenshot", "Save the window to FILE after --delay ms, then quit.", "FILE");
    const QCommandLineOption delay("delay", "Milliseconds before --screenshot (default 4000).", "MS", "4000");
    const QCommandLineOption size("size", "Window size, e.g. 1280x800 (the last size is kept otherwise).", "WxH");
    parser.addOption(screenshot);
    parser.addOption(delay);
    parser.addOption(size);
    parser.process(app);

    QQmlApplicationEngine engine;
    engine.addImportPath("qrc:/");
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
    if (parser.isSet(screenshot)) {
        const QString file = parser.value(screenshot);
        QTimer::singleShot(parser.value(delay).toInt(), &app, [window, file] {
            const bool saved = window && window->grabWindow().save(file);
            QCoreApplication::exit(saved ? 0 : 1);
        });
    }
    return app.exec();
}
