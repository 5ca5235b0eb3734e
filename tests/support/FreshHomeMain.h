#pragma once

// main() of a test that drives the whole app: a fresh home (settings, recent files, study and
// the save dialogs' ~/Documents) made before anything reads QSettings or QStandardPaths, so the
// user's own stay out of the test, then the QApplication and the test object.

#include <QApplication>
#include <QDir>
#include <QTemporaryDir>
#include <QTest>

namespace tessera::test {

template <typename Test>
int runInFreshHome(int argc, char** argv, const QString& tag, const QString& applicationName)
{
    QTemporaryDir home(QDir::tempPath() + "/" + tag + "-XXXXXX");
    qputenv("XDG_CONFIG_HOME", home.path().toUtf8());
    qputenv("XDG_DATA_HOME", (home.path() + "/data").toUtf8());
    qputenv("HOME", (home.path() + "/home").toUtf8());
    QDir().mkpath(home.path() + "/home/Documents");
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("TesseraTests"));
    QApplication::setOrganizationDomain(QStringLiteral("tests.tessera.example.org"));
    QApplication::setApplicationName(applicationName);
    Test test;
    return QTest::qExec(&test, argc, argv);
}

}  // namespace tessera::test
