// tessera-cli chart as a black box (contracts.md 3.3 and 3.4): a study simulated from the
// bundled default trace is charted in every kind and format, and every usage or input error
// exits with its code and one error: line.
#include "support/CliRunner.h"

#include <QImage>
#include <QTemporaryDir>
#include <QTest>

using namespace tessera::test;

class TestChartCommand : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    QString study_;

    QStringList chartArgs(const QString& kind, const QString& format, const QString& out,
                          const QStringList& extra = {}) const
    {
        return QStringList{"chart", "--db", study_, "--run", "1", "--chart", kind, "--format", format, "--out", out} + extra;
    }

    // Exit code `code` with exactly one stderr line, an error: line.
    static void expectError(const CliResult& r, int code)
    {
        QVERIFY2(r.finished, qPrintable(r.describe()));
        QCOMPARE(r.exitCode, code);
        QCOMPARE(r.errLines().size(), 1);
        QVERIFY2(r.errLines().first().startsWith("error: "), qPrintable(r.describe()));
    }

private slots:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        study_ = dir_.filePath("study.sqlite");
        const QString traces = QStringLiteral(TESSERA_SOURCE_DIR "/traces/default/");
        const CliResult r = runCli(simulateArgs(traces + "nodes.csv", traces + "pods.csv", {"fgd"},
                                                {"--tune", "0.3", "--db", study_, "--quiet"}));
        QVERIFY2(r.finished && r.exitCode == 0, qPrintable(r.describe()));
    }

    void everyKindInEveryFormat_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("format");
        for (const char* kind : {"allocation", "power", "fragmentation", "occupancy"})
            for (const char* format : {"png", "svg", "pdf"})
                QTest::newRow(qPrintable(QStringLiteral("%1 %2").arg(kind, format))) << kind << format;
    }

    void everyKindInEveryFormat()
    {
        QFETCH(QString, kind);
        QFETCH(QString, format);
        const QString out = dir_.filePath(kind + "." + format);
        const CliResult r = runCli(chartArgs(kind, format, out, {"--size", "800x500"}));
        QVERIFY2(r.finished && r.exitCode == 0, qPrintable(r.describe()));
        QVERIFY2(r.err.isEmpty(), r.err.constData());  // no Qt chatter on stderr
        const QByteArray bytes = readBytes(out);
        if (format == "png") {
            const QImage image = QImage::fromData(bytes, "PNG");
            QCOMPARE(image.size(), QSize(800, 500));
            // Not blank: axes, text and curves cover more than 2.5% of the pixels.
            const QRgb background = image.pixel(0, 0);
            qint64 drawn = 0;
            for (int y = 0; y < image.height(); y += 2)
                for (int x = 0; x < image.width(); x += 2)
                    drawn += image.pixel(x, y) != background;
            QVERIFY2(drawn * 4 > qint64(image.width()) * image.height() / 40, qPrintable(QString::number(drawn)));
        } else if (format == "svg") {
            QVERIFY(bytes.contains("<svg"));
            QVERIFY(bytes.contains("<path") || bytes.contains("<image"));
            if (kind != "occupancy")
                QVERIFY(bytes.contains("Arrived workload (%)"));
        } else {
            QVERIFY(bytes.startsWith("%PDF"));
        }
    }

    void defaultSizeAndFormatFromTheSuffix()
    {
        const QString out = dir_.filePath("default.png");
        const CliResult r = runCli({"chart", "--db", study_, "--run", "1", "--chart", "allocation", "--out", out});
        QVERIFY2(r.finished && r.exitCode == 0, qPrintable(r.describe()));
        QCOMPARE(QImage(out).size(), QSize(1600, 1000));
    }

    void usageErrorsExit2_data()
    {
        QTest::addColumn<QStringList>("args");
        const QString out = QStringLiteral("unused.png");
        QTest::newRow("bad chart") << QStringList{"--chart", "pie", "--format", "png", "--out", out};
        QTest::newRow("bad format") << QStringList{"--chart", "power", "--format", "jpeg", "--out", out};
        QTest::newRow("size too small") << QStringList{"--chart", "power", "--format", "png", "--out", out, "--size", "10x10"};
        QTest::newRow("size not WxH") << QStringList{"--chart", "power", "--format", "png", "--out", out, "--size", "big"};
        QTest::newRow("no out") << QStringList{"--chart", "power", "--format", "png"};
        QTest::newRow("unknown flag") << QStringList{"--chart", "power", "--format", "png", "--out", out, "--colour", "red"};
    }

    void usageErrorsExit2()
    {
        QFETCH(QStringList, args);
        expectError(runCli(QStringList{"chart", "--db", study_, "--run", "1"} + args), 2);
        expectError(runCli({"chart", "--db", study_, "--run", "one", "--chart", "power", "--out", "x.png"}), 2);
    }

    void inputErrorsExit3()
    {
        const QString out = dir_.filePath("never.png");
        expectError(runCli({"chart", "--db", dir_.filePath("missing.sqlite"), "--run", "1", "--chart", "power", "--out", out}), 3);
        expectError(runCli({"chart", "--db", study_, "--run", "99", "--chart", "power", "--out", out}), 3);
        const QString notAStudy = dir_.filePath("garbage.sqlite");
        QVERIFY(writeBytes(notAStudy, QByteArray("this is not an SQLite file\n").repeated(100)));
        expectError(runCli({"chart", "--db", notAStudy, "--run", "1", "--chart", "power", "--out", out}), 3);
        QVERIFY(!QFile::exists(out));
    }

    void unwritableOutputExit1()
    {
        const CliResult r = runCli(chartArgs("power", "png", dir_.filePath("no/such/dir/power.png")));
        expectError(r, 1);
        QVERIFY(r.errLines().first().contains("no/such/dir/power.png"));
    }
};

QTEST_MAIN(TestChartCommand)
#include "tst_chartcommand.moc"
