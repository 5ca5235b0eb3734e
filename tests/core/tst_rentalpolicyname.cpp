// walk14b W18: the renting kind names its policies one way in prose. The menus said "Autoscale"
// while the fork dialog's reasons said "autoscale re-divides … between boa, fixed:K and greedy".
// One function (rentalPolicyName) names them; the menus' labels and every message that is not a
// hint of what to type take it.
#include "run/RunKindRegistry.h"
#include "training/rental-kind/RentalPolicyName.h"
#include "training/rental-kind/TrainingRentalRun.h"
#include "util/UsageError.h"

#include <QTest>

#include <regex>

using namespace tessera;

namespace {

const RunKind& rentKind() { return RunKindRegistry::kind(TrainingRentalRun::kKind); }

// A spec as a word of prose ("for boa", "autoscale re-divides"), outside quotes.
bool namesASpec(const std::string& text)
{
    static const std::regex spec(R"((^|[\s(,])(boa|autoscale|hesrpt|greedy|fixed:[0-9K]+)\b)");
    return std::regex_search(text, spec);
}

}  // namespace

class RentalPolicyNameTest : public QObject {
    Q_OBJECT

private slots:
    void namesEachPolicyAndFixedWidths()
    {
        QCOMPARE(rentalPolicyName("boa"), std::string("BOA"));
        QCOMPARE(rentalPolicyName("autoscale"), std::string("Autoscale"));
        QCOMPARE(rentalPolicyName("hesrpt"), std::string("heSRPT"));
        QCOMPARE(rentalPolicyName("greedy"), std::string("Greedy"));
        QCOMPARE(rentalPolicyName("fixed:12"), std::string("Fixed 12"));
        QCOMPARE(rentalPolicyName("fixed:K"), std::string("Fixed K"));
        QCOMPARE(rentalPolicyName("pwr"), std::string("pwr"));  // not a rental policy: as it is
        QCOMPARE(rentalPolicyName("fixed:"), std::string("fixed:"));
    }

    void theMenusLabelsAreTheNames()
    {
        for (const RunKindPolicy& p : rentKind().policies())
            QCOMPARE(p.label, rentalPolicyName(p.spec));
    }

    // The reasons a fork is refused and a budget is infeasible speak of policies by name.
    void messagesNamePoliciesNotSpecs()
    {
        QVERIFY(namesASpec("forks switch between boa, fixed:K and greedy"));  // the walk's wording is caught
        QVERIFY(namesASpec("autoscale re-divides"));
        const auto inputs = rentKind().conformanceSample();
        const auto boa = rentKind().simulate(inputs, RunRequest{"boa", {{"budget", "16"}}});
        const auto autoscale = rentKind().simulate(inputs, RunRequest{"autoscale", {{"budget", "16"}}});
        std::vector<std::string> messages;
        for (const char* target : {"autoscale", "hesrpt"})
            if (auto problem = rentKind().forkTargetProblem(*boa, boa->steps() / 2, target))
                messages.push_back(*problem);
        if (auto problem = rentKind().forkTargetProblem(*autoscale, autoscale->steps() / 2, "boa"))
            messages.push_back(*problem);
        if (auto problem = rentKind().inputsProblem(inputs, RunRequest{"boa", {{"budget", "0.5"}}}, true))
            messages.push_back(*problem);
        try {
            rentKind().fork(*autoscale, autoscale->steps() / 2, RunRequest{"boa", {{"budget", "16"}}});
        } catch (const UsageError& e) {
            messages.push_back(e.what());
        }
        QCOMPARE(messages.size(), size_t(5));
        for (const std::string& m : messages)
            QVERIFY2(!namesASpec(m), m.c_str());
        QVERIFY2(messages[0].find("Autoscale re-divides") == 0, messages[0].c_str());
        QVERIFY2(messages[2].find("Autoscale re-divides") == 0, messages[2].c_str());
        QVERIFY2(messages[3].find("for BOA") != std::string::npos, messages[3].c_str());
    }
};

QTEST_MAIN(RentalPolicyNameTest)
#include "tst_rentalpolicyname.moc"
