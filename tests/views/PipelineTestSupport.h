#pragma once

// Shared set-up of the pipeline tests (trace, runs, study, panels): keep every file the
// controllers persist (QSettings, the default study) inside a temporary folder, never in the
// user's own, and reach the bundled default trace by path.

#include "run/PodSchedulingRun.h"

#include <QCoreApplication>
#include <QDir>
#include <QSettings>
#include <QString>
#include <QTest>

#include <memory>

namespace tessera::test {

// Call first in initTestCase, with a QTemporaryDir that outlives the test.
inline void isolateUserFiles(const QString& folder)
{
    QCoreApplication::setOrganizationName(QStringLiteral("TesseraTests"));
    QCoreApplication::setOrganizationDomain(QStringLiteral("tessera.invalid"));
    QCoreApplication::setApplicationName(QStringLiteral("tessera-pipeline-test"));
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, folder + "/config");
    qputenv("XDG_DATA_HOME", (folder + "/data").toUtf8());
    qputenv("XDG_CONFIG_HOME", (folder + "/config").toUtf8());
}

inline QString bundledTraceFolder() { return QStringLiteral(TESSERA_SOURCE_DIR "/traces/default"); }
inline QString bundledNodes() { return bundledTraceFolder() + "/nodes.csv"; }
inline QString bundledPods() { return bundledTraceFolder() + "/pods.csv"; }

// Every column of two series equal, row by row.
inline bool sameSeries(const MetricSeries& a, const MetricSeries& b, size_t rows, QString* why)
{
    if (a.columns() != b.columns()) {
        *why = QStringLiteral("%1 vs %2 columns").arg(a.columns()).arg(b.columns());
        return false;
    }
    for (size_t c = 0; c < a.columns(); ++c)
        for (size_t r = 0; r < rows; ++r)
            if (a.column(c)[r] != b.column(c)[r]) {
                *why = QStringLiteral("column %1 row %2: %3 vs %4")
                           .arg(QString::fromStdString(a.info(c).key))
                           .arg(r)
                           .arg(a.column(c)[r])
                           .arg(b.column(c)[r]);
                return false;
            }
    return true;
}

}  // namespace tessera::test
