// Policy grids (docs/cli.md "Policy grids", issue 15 item 1): a weight range LO..HI/STEP and a
// dependent weight ($NAME expressions) expand to one canonical spec per point, in grid order; a
// weight of 0 drops its term; bad ranges, a step of 0, unknown references, all-dropped points and
// more than PolicyGrid::kMaxSpecs specs are usage errors.
#include "sched/PolicyGrid.h"

#include <QTest>

using namespace tessera;

namespace {

QStringList canonicals(const std::string& text)
{
    QStringList out;
    for (const auto& spec : PolicyGrid::expand(text))
        out << QString::fromStdString(spec.canonical());
    return out;
}

QString usageErrorOf(const std::string& text)
{
    try {
        PolicyGrid::expand(text);
    } catch (const UsageError& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

}  // namespace

class PolicyGridTest : public QObject {
    Q_OBJECT

private slots:
    void anOrdinarySpecIsItself()
    {
        QCOMPARE(canonicals("pwr:100,fgd"), QStringList{"pwr:100,fgd:1000"});
        // Exactly PolicySpec::parse's refusals, with its messages.
        QCOMPARE(usageErrorOf("pwr:0"), QString::fromUtf8([] {
                     try {
                         PolicySpec::parse("pwr:0");
                     } catch (const UsageError& e) {
                         return std::string(e.what());
                     }
                     return std::string();
                 }().c_str()));
    }

    void aRangeAndADependentWeight()
    {
        QCOMPARE(canonicals("pwr:0..1000/250,fgd:1000-$pwr"),
                 (QStringList{"fgd:1000", "pwr:250,fgd:750", "pwr:500,fgd:500", "pwr:750,fgd:250", "pwr:1000"}));
        // The step need not reach HI; the default step is 1; a reference may come before its term.
        QCOMPARE(canonicals("pwr:10..20/7"), (QStringList{"pwr:10", "pwr:17"}));
        QCOMPARE(canonicals("fgd:$pwr+5,pwr:1..3"),
                 (QStringList{"fgd:6,pwr:1", "fgd:7,pwr:2", "fgd:8,pwr:3"}));
        QCOMPARE(PolicyGrid::expand("pwr:0..1000/50,fgd:1000-$pwr").size(), size_t(21));
    }

    void twoRangesVaryLikeNestedLoopsFirstOutermost()
    {
        QCOMPARE(canonicals("pwr:1..2,bestfit:500,fgd:10..30/10"),
                 (QStringList{"pwr:1,bestfit:500,fgd:10", "pwr:1,bestfit:500,fgd:20", "pwr:1,bestfit:500,fgd:30",
                              "pwr:2,bestfit:500,fgd:10", "pwr:2,bestfit:500,fgd:20", "pwr:2,bestfit:500,fgd:30"}));
    }

    void expandAllKeepsTheOrderGivenAndItsSources()
    {
        const auto all = PolicyGrid::expandAll({"bestfit", "pwr:1..2", "fgd"});
        QCOMPARE(all.size(), size_t(4));
        QCOMPARE(all[0].spec.canonical(), std::string("bestfit:1000"));
        QCOMPARE(all[1].spec.canonical(), std::string("pwr:1"));
        QCOMPARE(all[2].spec.canonical(), std::string("pwr:2"));
        QCOMPARE(all[2].given, std::string("pwr:1..2"));
        QCOMPARE(all[3].spec.canonical(), std::string("fgd:1000"));
    }

    void badGridsAreUsageErrors_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("words");
        QTest::newRow("step 0") << "pwr:0..1000/0" << "step of 0";
        QTest::newRow("downwards") << "pwr:1000..0/50" << "runs downwards";
        QTest::newRow("above max") << "pwr:0..1000001" << "within 0 .. 1000000";
        QTest::newRow("negative") << "pwr:-5..10" << "within 0 .. 1000000";
        QTest::newRow("no hi") << "pwr:0.." << "LO..HI";
        QTest::newRow("text step") << "pwr:0..10/x" << "LO..HI";
        QTest::newRow("empty step") << "pwr:0..10/" << "LO..HI";
        QTest::newRow("unknown reference") << "pwr:0..10,fgd:1000-$bestfit" << "\"$bestfit\" names no term";
        QTest::newRow("reference to an expression") << "pwr:$fgd,fgd:$pwr" << "itself an expression";
        QTest::newRow("ambiguous reference") << "pwr:1..2,pwr:3,fgd:$pwr" << "ambiguous";
        QTest::newRow("bad expression") << "pwr:0..10,fgd:10*$pwr" << "joined by + and -";
        QTest::newRow("negative weight") << "pwr:0..1000/500,fgd:600-$pwr" << "comes to -400 at pwr = 1000";
        QTest::newRow("all dropped") << "pwr:0..10/5,fgd:10-$pwr-$pwr" << "comes to -10";
        QTest::newRow("every term 0") << "pwr:0..10/5,fgd:$pwr" << "drops every term (all weights 0) at pwr = 0";
        QTest::newRow("unknown name") << "pwx:0..10" << "unknown policy";
        QTest::newRow("too many") << "pwr:0..1000000" << "more than 10000 policy specs";
        QTest::newRow("too many as a product") << "pwr:1..101,fgd:1..100" << "more than 10000 policy specs";
    }

    void badGridsAreUsageErrors()
    {
        QFETCH(QString, spec);
        QFETCH(QString, words);
        const QString error = usageErrorOf(spec.toStdString());
        QVERIFY2(error.contains(words), qPrintable(spec + " -> " + error));
    }

    void theLimitIsExactAndCountsEveryValue()
    {
        QCOMPARE(PolicyGrid::expand("pwr:1..100,fgd:1..100").size(), PolicyGrid::kMaxSpecs);
        std::vector<std::string> texts{"pwr:1..100,fgd:1..100"};
        QCOMPARE(PolicyGrid::expandAll(texts).size(), PolicyGrid::kMaxSpecs);
        texts.push_back("bestfit");
        bool refused = false;
        try {
            PolicyGrid::expandAll(texts);
        } catch (const UsageError& e) {
            refused = QString::fromUtf8(e.what()).contains("the --policy values give more than 10000");
        }
        QVERIFY(refused);
    }
};

QTEST_APPLESS_MAIN(PolicyGridTest)
#include "tst_policygrid.moc"
