// The Tessera desktop app: one QApplication, the Tessera QML module, the bundled default trace.
#include <QApplication>
#include <QQmlApplicationEngine>
#include <QQmlContext>
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

    QQmlApplicationEngine engine;
    engine.addImportPath("qrc:/");
    engine.rootContext()->setContextProperty("defaultTraceDir", QStringLiteral(TESSERA_DEFAULT_TRACE_DIR));
    QObject::connect(&engine, &QQmlApplicationEngine::objectCreationFailed, &app,
                     [] { QCoreApplication::exit(1); }, Qt::QueuedConnection);
    engine.load(QUrl(QStringLiteral("qrc:/Tessera/Main.qml")));
    return app.exec();
}
