// SweepGridRows, the one check of a sweep's stored grid CSV (review16 M11): merge and the app's
// Sweep tab read csv_header and csv_rows through it, so a row one of them refuses the other
// refuses too. Whole lines, RFC 4180 quoting (CsvRecord, the trace reader's own splitter), and
// as many fields as the header; each fault named by table, row and column.
#include "store/SweepGridRows.h"

#include "support/InputErrorMatch.h"

#include <QTest>

using namespace tessera;

namespace {

const std::string kStudy = "sweep.sqlite";

std::string messageOf(const SweepRunRows& run, size_t fields)
{
    const auto error = test::errorOf([&] { SweepGridRows::rows(kStudy, run, fields); });
    return error ? error->what() : std::string();
}

}  // namespace

class SweepGridRowsTest : public QObject {
    Q_OBJECT

private slots:
    void splitsTheHeaderAndRows()
    {
        const std::vector<std::string> header = SweepGridRows::header(kStudy, "policy,seed,alloc_pct\n");
        QCOMPARE(header, (std::vector<std::string>{"policy", "seed", "alloc_pct"}));
        const auto rows = SweepGridRows::rows(kStudy, {7, 3, "\"pwr:100,fgd:900\",42,1.5\nfgd,42,2\n"}, 3);
        QCOMPARE(rows.size(), size_t(2));
        QCOMPARE(rows[0], (std::vector<std::string>{"pwr:100,fgd:900", "42", "1.5"}));
        QCOMPARE(rows[1], (std::vector<std::string>{"fgd", "42", "2"}));
        QVERIFY(SweepGridRows::rows(kStudy, {7, 3, ""}, 3).empty());  // a run with no rows
    }

    void refusesRowsThatDoNotFit_data()
    {
        QTest::addColumn<QString>("rows");
        QTest::addColumn<QString>("says");
        QTest::newRow("too few fields") << "fgd,42,1\nfgd,42\n" << "a row of 2 fields under a header of 3";
        QTest::newRow("too many fields") << "fgd,42,1,9\n" << "a row of 4 fields under a header of 3";
        QTest::newRow("no newline") << "fgd,42,1" << "a line without its newline";
        QTest::newRow("blank line") << "fgd,42,1\n\nfgd,42,2\n" << "a blank line";
        QTest::newRow("unclosed quote") << "\"fgd,42,1\n" << "unclosed quote";
        QTest::newRow("text after quote") << "\"fgd\"x,42,1\n" << "text after the closing quote";
        QTest::newRow("bare quote") << "fg\"d,42,1\n" << "a quote inside an unquoted field";
    }

    void refusesRowsThatDoNotFit()
    {
        QFETCH(QString, rows);
        QFETCH(QString, says);
        const std::string message = messageOf({7, 3, rows.toStdString()}, 3);
        QVERIFY2(message.rfind("sweep.sqlite: table sweep_runs, row 7: column csv_rows: ", 0) == 0, message.c_str());
        QVERIFY2(message.find(says.toStdString()) != std::string::npos, message.c_str());
    }

    void refusesAHeaderThatIsNotOneWholeLine()
    {
        for (const std::string& header : {std::string("policy,seed"), std::string("policy\nseed\n"),
                                          std::string(""), std::string("\"policy,seed\n")}) {
            const auto error = test::errorOf([&] { SweepGridRows::header(kStudy, header); });
            QVERIFY2(error, header.c_str());
            QVERIFY2(std::string(error->what()).rfind("sweep.sqlite: table sweep_shard, row 0: column csv_header: ", 0) == 0,
                     error->what());
        }
    }
};

QTEST_GUILESS_MAIN(SweepGridRowsTest)
#include "tst_sweepgridrows.moc"
