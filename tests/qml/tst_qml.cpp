// QuickTest runner for tests/qml/tst_*.qml. QML ChartView needs a QApplication, and
// QUICK_TEST_MAIN would create a QGuiApplication (and crash in ChartTitle), so this main
// creates the QApplication first. The set-up object adds qrc:/ to the import path, where the
// static Tessera modules live, and lists the module's QML files for the load-everything test.
#include <QApplication>
#include <QDirIterator>
#include <QQmlContext>
#include <QQmlEngine>
#include <QtQml/qqmlextensionplugin.h>
#include <QtQuickTest>

Q_IMPORT_QML_PLUGIN(TesseraPlugin)
Q_IMPORT_QML_PLUGIN(Tessera_ViewsPlugin)

class QmlTestSetup : public QObject {
    Q_OBJECT

public slots:
    void qmlEngineAvailable(QQmlEngine* engine)
    {
        engine->addImportPath(QStringLiteral("qrc:/"));
        QStringList files;
        QDirIterator it(QStringLiteral(":/Tessera"), {QStringLiteral("*.qml")}, QDir::Files);
        while (it.hasNext())
            files << QStringLiteral("qrc") + it.next();
        files.sort();
        engine->rootContext()->setContextProperty(QStringLiteral("tesseraQmlFiles"), files);
        engine->rootContext()->setContextProperty(QStringLiteral("tesseraSourceDir"),
                                                  QStringLiteral(TESSERA_SOURCE_DIR));
    }
};

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("TesseraTests"));
    QApplication::setOrganizationDomain(QStringLiteral("tests.tessera.example.org"));
    QmlTestSetup setup;
    return quick_test_main_with_setup(argc, argv, "tessera_qml", QUICK_TEST_SOURCE_DIR, &setup);
}

#include "tst_qml.moc"
