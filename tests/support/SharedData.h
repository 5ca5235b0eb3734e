#pragma once

// Locating ../shared for integration tests (contracts.md 6): TESSERA_SHARED, else the folder
// beside the checkout. A test that needs it skips with a clear message, and fails when CI is set.

#include <QDir>
#include <QFileInfo>
#include <QString>
#include <QTest>

#include <cstdlib>
#include <string>

namespace tessera::test {

inline QString sharedDir()
{
    const char* env = std::getenv("TESSERA_SHARED");
    return QDir::cleanPath(QString::fromUtf8(env && *env ? env : TESSERA_SHARED_DEFAULT));
}

inline std::string sharedPath(const QString& relative)
{
    return (sharedDir() + "/" + relative).toStdString();
}

inline std::string alibabaPath(const QString& file)
{
    return sharedPath("traces/alibaba-gpu-v2023/" + file);
}

inline bool runningInCi()
{
    const char* ci = std::getenv("CI");
    return ci && *ci;
}

}  // namespace tessera::test

// Use at the top of a test function: skips (or fails under CI) when `relative` is missing.
#define TESSERA_REQUIRE_SHARED(relative)                                                              \
    do {                                                                                              \
        const QString tesseraPath_ = tessera::test::sharedDir() + "/" + (relative);                   \
        if (!QFileInfo::exists(tesseraPath_)) {                                                       \
            if (tessera::test::runningInCi())                                                         \
                QFAIL(qPrintable("CI is set but the shared data is missing: " + tesseraPath_));       \
            QSKIP(qPrintable("SKIPPED: needs the shared data (set TESSERA_SHARED): " + tesseraPath_)); \
        }                                                                                             \
    } while (false)
