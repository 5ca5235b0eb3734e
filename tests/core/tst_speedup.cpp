// Speedup functions (core/training, training-boa-pal.md A1): each family's values, its
// parameter checks, and the properties A3 relies on (s(1) = 1, non-decreasing, sub-linear).
#include "training/AmdahlSpeedup.h"
#include "training/CappedLinearSpeedup.h"
#include "training/PowerLawSpeedup.h"
#include "training/TabulatedSpeedup.h"

#include <QTest>

#include <cmath>
#include <memory>
#include <vector>

using namespace tessera;

class TestSpeedup : public QObject {
    Q_OBJECT

    static void checkShape(const SpeedupFunction& s)
    {
        QCOMPARE(s(1), 1.0);
        double previous = 1;
        for (double k = 1.25; k <= 64; k += 0.25) {
            const double value = s(k);
            QVERIFY2(value >= previous, qPrintable(QString::fromStdString(s.describe())));
            QVERIFY2(value / k <= previous / (k - 0.25) + 1e-15, qPrintable(QString::fromStdString(s.describe())));
            previous = value;
        }
    }

private slots:
    void familiesGiveTheirFormulas()
    {
        const AmdahlSpeedup amdahl(0.8);
        QCOMPARE(amdahl(4), 1 / (0.2 + 0.2));
        QCOMPARE(amdahl(1e12) < 5.0, true);  // bounded by 1 / (1 - p)
        const PowerLawSpeedup sqrtLaw(0.5);
        QCOMPARE(sqrtLaw(16), 4.0);
        const CappedLinearSpeedup capped(4);
        QCOMPARE(capped(3), 3.0);
        QCOMPARE(capped(16), 4.0);
        QCOMPARE(QString::fromStdString(amdahl.describe()), QStringLiteral("amdahl p=0.8"));
        QCOMPARE(QString::fromStdString(capped.describe()), QStringLiteral("linear min(k, 4)"));
    }

    void tabulatedInterpolatesBetweenPointsAndIsFlatAfter()
    {
        const TabulatedSpeedup s({{1, 1}, {2, 1.8}, {4, 3}, {8, 4}});
        QCOMPARE(s(1), 1.0);
        QCOMPARE(s(1.5), 1.4);
        QCOMPARE(s(3), 2.4);
        QCOMPARE(s(8), 4.0);
        QCOMPARE(s(100), 4.0);
        QCOMPARE(s.points().size(), size_t(4));
        QCOMPARE(QString::fromStdString(s.describe()), QStringLiteral("tabulated 1:1 2:1.8 4:3 8:4"));
    }

    void everyFamilyIsNonDecreasingAndSubLinear()
    {
        checkShape(AmdahlSpeedup(0.95));
        checkShape(PowerLawSpeedup(0.3));
        checkShape(CappedLinearSpeedup(6));
        checkShape(TabulatedSpeedup({{1, 1}, {2, 1.9}, {4, 3.5}, {16, 9}}));
    }

    void badParametersAreRefused()
    {
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, AmdahlSpeedup(1));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, AmdahlSpeedup(0));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, PowerLawSpeedup(1.5));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, CappedLinearSpeedup(0.5));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, CappedLinearSpeedup{INFINITY});
        using P = TabulatedSpeedup::Point;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, TabulatedSpeedup(std::vector<P>{}));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, TabulatedSpeedup({{2, 1}}));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, TabulatedSpeedup({{1, 1}, {1, 1.5}}));  // widths ascend
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, TabulatedSpeedup({{1, 1}, {2, 0.9}}));  // non-decreasing
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, TabulatedSpeedup({{1, 1}, {2, 2.5}}));  // super-linear
    }
};

QTEST_APPLESS_MAIN(TestSpeedup)
#include "tst_speedup.moc"
