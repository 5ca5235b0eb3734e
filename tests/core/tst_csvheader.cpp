// Header problems come first (contracts.md 4, issue 7): an unknown, repeated or missing column,
// or a file whose first line is data, is reported at line 1 even when the rows below then have
// the wrong width; and a policy spec with an empty term is quoted whole in its error.
#include "io/TraceLoader.h"
#include "sched/PolicySpec.h"

#include <QTemporaryDir>
#include <QTest>

#include <fstream>
#include <optional>

using namespace tessera;

namespace {

const std::string kNodeHeader = "sn,cpu_milli,memory_mib,gpu,model";
const std::string kNodeRow = "node-a,32000,131072,2,T4";

std::optional<InputError> nodesError(const std::string& path)
{
    try {
        LoadWarnings warnings;
        TraceLoader::loadNodes(path, GpuModelRegistry::builtin(), {}, warnings);
    } catch (const InputError& e) {
        return e;
    }
    return std::nullopt;
}

std::string usageErrorOf(const std::string& spec)
{
    try {
        PolicySpec::parse(spec);
    } catch (const UsageError& e) {
        return e.what();
    }
    return {};
}

}  // namespace

class TestCsvHeader : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;

    std::string write(const QString& name, const std::string& text)
    {
        const std::string path = dir_.filePath(name).toStdString();
        std::ofstream(path, std::ios::binary) << text;
        return path;
    }

private slots:
    // Each header is wrong in one way, and its rows are one field short of it: the header's
    // problem must win over the rows' width.
    void headerProblemIsReportedBeforeRowWidth_data()
    {
        QTest::addColumn<QString>("header");
        QTest::addColumn<QString>("column");
        QTest::addColumn<QString>("problem");
        QTest::newRow("unknown") << QString::fromStdString(kNodeHeader + ",bogus") << "bogus" << "unknown column";
        QTest::newRow("duplicate") << QString::fromStdString(kNodeHeader + ",gpu") << "gpu" << "duplicate column";
        QTest::newRow("missing") << "sn,cpu_milli,memory_mib,gpu" << "model" << "missing column";
    }

    void headerProblemIsReportedBeforeRowWidth()
    {
        QFETCH(QString, header);
        QFETCH(QString, column);
        QFETCH(QString, problem);
        const std::string path = write(QTest::currentDataTag() + QString(".csv"),
                                       header.toStdString() + "\n" + kNodeRow + ",x,y\n" + kNodeRow + "\n");
        const auto error = nodesError(path);
        QVERIFY(error);
        QCOMPARE(error->line(), 1L);
        QCOMPARE(error->column(), column.toStdString());
        QVERIFY2(error->problem().find(problem.toStdString()) != std::string::npos, error->what());
    }

    // A first line that names no known column is data, not a header: "no header", at line 1,
    // even though the next rows are wider than that line.
    void firstLineOfDataIsNoHeader()
    {
        const std::string path = write("headless.csv", kNodeRow + "\n" + kNodeRow + ",extra\n");
        const auto error = nodesError(path);
        QVERIFY(error);
        QCOMPARE(error->line(), 1L);
        QVERIFY2(error->problem().find("no header") != std::string::npos, error->what());
        // A real header with one wrong name is not mistaken for data.
        const auto misspelt = nodesError(write("misspelt.csv", "sn,cpu_mili,memory_mib,gpu,model\n" + kNodeRow + "\n"));
        QVERIFY(misspelt);
        QVERIFY2(misspelt->problem().find("no header") == std::string::npos, misspelt->what());
    }

    void rowWidthIsStillCheckedAfterAGoodHeader()
    {
        const auto error = nodesError(write("wide.csv", kNodeHeader + "\n" + kNodeRow + "\n" + kNodeRow + ",x\n"));
        QVERIFY(error);
        QCOMPARE(error->line(), 3L);
        QVERIFY2(error->problem().find("too many fields") != std::string::npos, error->what());
    }

    void policySpecErrorQuotesTheWholeSpec()
    {
        for (const std::string spec : {"fgd,", "fgd,,pwr", ",fgd", "pwr:100,fgd:900,"}) {
            const std::string message = usageErrorOf(spec);
            QVERIFY2(message.find("\"" + spec + "\"") != std::string::npos, message.c_str());
        }
    }
};

QTEST_APPLESS_MAIN(TestCsvHeader)
#include "tst_csvheader.moc"
