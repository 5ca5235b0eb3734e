// `tessera-cli mig-layouts` from outside (contracts.md 8.1): the line format, the counts of
// mig-elasticbatch.md 1.3 for every GPU and profile set, and usage errors (exit 2).
#include "support/CliRunner.h"

#include <QRegularExpression>
#include <QSet>
#include <QTest>

using namespace tessera::test;

namespace {

// Lines of stdout; the output must end with a newline (no partial last line).
QStringList outputLines(const CliResult& r)
{
    if (!r.out.endsWith('\n'))
        return {};
    QStringList lines = QString::fromUtf8(r.out).split('\n');
    lines.removeLast();
    return lines;
}

}  // namespace

class MigCliTest : public QObject {
    Q_OBJECT

private slots:
    void layoutsAndCount_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("count");
        QTest::addColumn<QString>("firstLine");
        QTest::addColumn<QString>("someLine");
        QTest::newRow("A100-40GB maximal") << QStringList{"--gpu", "A100-40GB", "--maximal"} << 19 << "7g.40gb@0"
                                           << "2g.10gb@0 1g.5gb@2 1g.5gb@3 3g.20gb@4";
        QTest::newRow("A100-40GB maximal all") << QStringList{"--gpu", "A100-40GB", "--maximal", "--profiles", "all"}
                                               << 78 << "7g.40gb@0" << "1g.10gb@0 1g.10gb@2 1g.10gb@4 1g.10gb@6";
        QTest::newRow("A100-40GB all placements") << QStringList{"--gpu", "A100-40GB"} << 297 << "7g.40gb@0"
                                                  << "3g.20gb@4";
        QTest::newRow("A100-40GB all placements, all") << QStringList{"--gpu", "A100-40GB", "--profiles", "all"}
                                                       << 722 << "7g.40gb@0" << "1g.5gb@0 1g.10gb@2";
        QTest::newRow("A100-80GB maximal") << QStringList{"--gpu", "A100-80GB", "--maximal", "--profiles", "classic"}
                                           << 19 << "7g.80gb@0" << "4g.40gb@0 2g.20gb@4 1g.10gb@6";
        QTest::newRow("H100-80GB maximal all") << QStringList{"--profiles=all", "--maximal", "--gpu=H100-80GB"} << 78
                                               << "7g.80gb@0" << "1g.20gb@0 1g.20gb@2 1g.20gb@4 1g.20gb@6";
        QTest::newRow("A30 maximal") << QStringList{"--gpu", "A30", "--maximal"} << 5 << "4g.24gb@0"
                                     << "2g.12gb@0 1g.6gb@2 1g.6gb@3";
        QTest::newRow("A30 all placements") << QStringList{"--gpu", "A30"} << 25 << "4g.24gb@0" << "1g.6gb@3";
    }

    void layoutsAndCount()
    {
        QFETCH(QStringList, args);
        QFETCH(int, count);
        const CliResult r = runCli(QStringList{"mig-layouts"} + args);
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        QVERIFY2(r.err.isEmpty(), r.err.constData());
        const QStringList lines = outputLines(r);
        QCOMPARE(lines.size(), count + 1);
        QCOMPARE(lines.last(), QStringLiteral("%1 layouts").arg(count));
        // PROFILE@START, one space between instances, starts ascending, each layout once.
        static const QRegularExpression format(QStringLiteral("^\\d+g\\.\\d+gb@\\d( \\d+g\\.\\d+gb@\\d)*$"));
        QSet<QString> seen;
        for (qsizetype i = 0; i + 1 < lines.size(); ++i) {
            const QString& line = lines[i];
            QVERIFY2(format.match(line).hasMatch(), qPrintable(line));
            QVERIFY2(!line.contains("+me"), qPrintable(line));
            int previous = -1;
            for (const QString& instance : line.split(' ')) {
                const int start = instance.section('@', 1).toInt();
                QVERIFY2(start > previous, qPrintable(line));
                previous = start;
            }
            QVERIFY2(!seen.contains(line), qPrintable(line));
            seen.insert(line);
        }
        QTEST(lines.first(), "firstLine");
        QFETCH(QString, someLine);
        QVERIFY2(seen.contains(someLine), qPrintable(someLine));
    }

    void sameOutputEveryRun()
    {
        const QStringList args{"mig-layouts", "--gpu", "A100-80GB", "--profiles", "all"};
        const CliResult a = runCli(args);
        const CliResult b = runCli(args);
        QCOMPARE(a.exitCode, 0);
        QCOMPARE(a.out, b.out);
    }

    void usageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown gpu") << QStringList{"--gpu", "B200"}
                                     << "--gpu must be one of A100-40GB, A100-80GB, H100-80GB, A30 (got \"B200\")";
        QTest::newRow("no gpu") << QStringList{"--maximal"} << "--gpu is required";
        QTest::newRow("gpu without value") << QStringList{"--gpu"} << "--gpu needs a value";
        QTest::newRow("bad profile set") << QStringList{"--gpu", "A30", "--profiles", "me"}
                                         << "--profiles must be classic or all (got \"me\")";
        QTest::newRow("unknown flag") << QStringList{"--gpu", "A30", "--all"} << "unknown option --all";
        QTest::newRow("positional") << QStringList{"A30"} << "unexpected argument";
    }

    void usageErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const CliResult r = runCli(QStringList{"mig-layouts"} + args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.out.isEmpty());
        QCOMPARE(r.errLines().size(), 1);
        QVERIFY2(r.errLines().first().startsWith("error: ") && r.errLines().first().contains(message),
                 r.err.constData());
    }

    void helpListsTheOptions()
    {
        const CliResult r = runCli({"mig-layouts", "--help"});
        QCOMPARE(r.exitCode, 0);
        for (const char* option : {"--gpu", "--maximal", "--profiles", "classic", "all", "N layouts"})
            QVERIFY2(r.out.contains(option), option);
        const CliResult top = runCli({"--help"});
        QVERIFY(top.out.contains("mig-layouts"));
    }
};

QTEST_GUILESS_MAIN(MigCliTest)
#include "tst_migcli.moc"
