#pragma once

// tessera-cli as a black box (contracts.md 3): run it through QProcess with stdout and stderr
// kept apart, so a test can tell which stream each output went to, and read the CSVs it writes
// with a strict RFC 4180 parser, so that a stray quote or carriage return shows up as a failure.

#include "support/TestFiles.h"

#include <QByteArray>
#include <QElapsedTimer>
#include <QFile>
#include <QList>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

namespace tessera::test {

struct CliResult {
    bool finished = false;  // false: did not start, crashed or timed out
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
    qint64 elapsedMs = 0;

    QStringList errLines() const { return QString::fromUtf8(err).split('\n', Qt::SkipEmptyParts); }

    // For failure messages: how it ended and what it said on stderr.
    QString describe() const
    {
        return QStringLiteral("exit %1%2, stderr: %3")
            .arg(exitCode)
            .arg(finished ? QString() : QStringLiteral(" (did not finish normally)"))
            .arg(err.isEmpty() ? QStringLiteral("(empty)") : QString::fromUtf8(err).trimmed());
    }
};

// The environment a test passes when it has no reason to change it.
inline QProcessEnvironment inheritedEnvironment()
{
    return QProcessEnvironment::systemEnvironment();
}

inline CliResult runCli(const QStringList& args, const QProcessEnvironment& env = inheritedEnvironment(),
                        int timeoutMs = 10 * 60 * 1000)
{
    CliResult r;
    QProcess process;
    process.setProcessEnvironment(env);
    process.setProcessChannelMode(QProcess::SeparateChannels);
    QElapsedTimer timer;
    timer.start();
    process.start(QStringLiteral(TESSERA_CLI_PATH), args);
    if (!process.waitForStarted()) {
        r.err = "could not start " TESSERA_CLI_PATH ": " + process.errorString().toUtf8();
        return r;
    }
    process.closeWriteChannel();
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished();
    } else {
        r.finished = process.exitStatus() == QProcess::NormalExit;
    }
    r.elapsedMs = timer.elapsed();
    r.exitCode = r.finished ? process.exitCode() : -1;
    r.out = process.readAllStandardOutput();
    r.err = process.readAllStandardError();
    return r;
}

// Generated traces s1, s2, ... s`count` under `folder`, each a node list and a pod list
// (sS/nodes.csv, sS/pods.csv) of `tessera-cli generate --seed S --scale 1`: distinct traces of the
// same file names, for tests that sweep several. The first failure's result, or a success.
inline CliResult generateTraces(const QString& folder, int count)
{
    CliResult r;
    for (int s = 1; s <= count; ++s) {
        r = runCli({"generate", "--out", folder + QStringLiteral("/s%1").arg(s), "--seed", QString::number(s),
                    "--scale", "1"});
        if (r.exitCode != 0)
            break;
    }
    return r;
}

// `simulate --nodes N --pods P --policy A --policy B ... extra...`
inline QStringList simulateArgs(const QString& nodes, const QString& pods, const QStringList& policies,
                                const QStringList& extra = {})
{
    QStringList args{QStringLiteral("simulate"), QStringLiteral("--nodes"), nodes, QStringLiteral("--pods"), pods};
    for (const auto& p : policies)
        args << QStringLiteral("--policy") << p;
    return args + extra;
}

struct CsvData {
    QStringList header;
    QList<QStringList> rows;
    QString error;  // empty when the text is well-formed

    int column(const QString& name) const { return int(header.indexOf(name)); }
};

// RFC 4180 with '\n' line ends (what the CLI writes). Every record, the last included, must
// end with a newline and have as many fields as the header. Unquoted fields are taken as
// spans, which keeps the smoke test's multi-megabyte decision files quick to read.
inline CsvData parseCsv(const QByteArray& bytes)
{
    CsvData csv;
    const auto fail = [&csv](const QString& problem, qsizetype at) {
        csv.error = QStringLiteral("%1 at byte %2").arg(problem).arg(at);
        return csv;
    };
    QList<QStringList> records;
    QStringList record;
    const char* const begin = bytes.constData();
    const char* const end = begin + bytes.size();
    const char* p = begin;
    while (p < end) {
        if (*p == '"') {
            QByteArray field;
            for (++p;; ++p) {
                if (p == end)
                    return fail(QStringLiteral("open quote"), p - begin);
                if (*p == '"' && p + 1 < end && p[1] == '"')
                    field += *p++;
                else if (*p == '"')
                    break;
                else
                    field += *p;
            }
            ++p;
            record << QString::fromUtf8(field);
        } else {
            const char* start = p;
            while (p < end && *p != ',' && *p != '\n')
                if (*p++ == '"')
                    return fail(QStringLiteral("quote inside an unquoted field"), p - 1 - begin);
            record << QString::fromUtf8(start, p - start);
        }
        if (p == end)
            return fail(QStringLiteral("no newline after the last record"), p - begin);
        if (*p != ',' && *p != '\n')
            return fail(QStringLiteral("text after a quoted field"), p - begin);
        if (*p++ == '\n') {
            const qsizetype width = record.size();
            records << std::move(record);
            record = QStringList();
            record.reserve(width);
        }
    }
    if (records.isEmpty())
        return fail(QStringLiteral("no header"), 0);
    csv.header = records.takeFirst();
    for (qsizetype r = 0; r < records.size(); ++r)
        if (records[r].size() != csv.header.size()) {
            csv.error = QStringLiteral("record %1 has %2 fields, the header %3")
                            .arg(r + 2)
                            .arg(records[r].size())
                            .arg(csv.header.size());
            return csv;
        }
    csv.rows = std::move(records);
    return csv;
}

inline CsvData readCsv(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        CsvData csv;
        csv.error = QStringLiteral("cannot read %1").arg(path);
        return csv;
    }
    return parseCsv(f.readAll());
}

}  // namespace tessera::test
