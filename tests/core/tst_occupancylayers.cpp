// The occupancy layers of the Run interface: what a kind that declares none gets (the pod kind:
// one share layer equal to cellUse, no spans, no intervals, no units), and a kind that declares
// them all (FakeSliceRun) keeps its promises: layer values in range, spans inside their rows
// and never overlapping, intervals on declared lanes.
#include "support/FakeSliceRun.h"
#include "support/TestRuns.h"

#include <QTest>

using namespace tessera;

class TestOccupancyLayers : public QObject {
    Q_OBJECT

private slots:
    void podKindHasOneShareLayerAndNothingElse()
    {
        const auto run = test::simulateRun(test::syntheticTrace(20, 200, 3), "fgd");
        const OccupancyLayout& layout = run->layout();
        QCOMPARE(layout.layers.size(), size_t(1));
        QVERIFY(layout.layers[0].kind == OccupancyLayer::Kind::Share);
        QVERIFY(!layout.hasSpans());
        QVERIFY(run->intervals().empty());
        for (const auto& group : layout.groups)
            QCOMPARE(group.unitCells, 0u);
        auto cursor = run->cursor();
        for (size_t p : {size_t(0), run->steps() / 2, run->steps()}) {
            cursor->seek(p);
            std::vector<float> use, layer0, layer1{1.0f};
            cursor->cellUse(use);
            cursor->cellLayer(0, layer0);
            cursor->cellLayer(1, layer1);
            QCOMPARE(layer0, use);
            QVERIFY(layer1.empty());
            std::vector<OccupancySpan> spans(1);
            cursor->spans(0, spans);
            QVERIFY(spans.empty());
        }
    }

    void fakeKindKeepsItsLayerAndSpanPromises()
    {
        const test::FakeSliceRun run(6);
        const OccupancyLayout& layout = run.layout();
        QVERIFY(layout.hasSpans());
        QCOMPARE(layout.spanRows.size(), size_t(2));
        QCOMPARE(layout.slotsOf(0, 0), 7u);
        QCOMPARE(layout.slotsOf(0, 1), 8u);
        auto cursor = run.cursor();
        int stranded = 0;
        for (size_t p = 0; p <= run.steps(); ++p) {
            cursor->seek(p);
            for (size_t l = 0; l < layout.layers.size(); ++l) {
                std::vector<float> values;
                cursor->cellLayer(l, values);
                QCOMPARE(values.size(), size_t(layout.cellCount));
                for (float v : values)
                    if (layout.layers[l].kind == OccupancyLayer::Kind::Share)
                        QVERIFY(v >= 0.0f && v <= 1.0f);
                    else
                        QVERIFY(v < float(layout.layers[l].categories.size()));
            }
            for (uint32_t g = 0; g < layout.groups.size(); ++g) {
                std::vector<OccupancySpan> spans;
                cursor->spans(g, spans);
                std::vector<std::vector<int>> taken(layout.spanRows.size());
                for (size_t r = 0; r < taken.size(); ++r)
                    taken[r].assign(layout.slotsOf(g, r), 0);
                for (const auto& s : spans) {
                    QVERIFY(s.row < layout.spanRows.size());
                    QVERIFY(s.fromSlot < s.toSlot && s.toSlot <= layout.slotsOf(g, s.row));
                    for (uint32_t k = s.fromSlot; k < s.toSlot; ++k)
                        QCOMPARE(++taken[s.row][k], 1);
                    stranded += (s.flags & OccupancySpan::Stranded) ? int(s.toSlot - s.fromSlot) : 0;
                }
            }
        }
        QCOMPARE(stranded, 2 * 2);  // GPUs 0 and 3 at positions 1 and 2: compute slice 3
        for (const auto& i : run.intervals().intervals) {
            QVERIFY(i.lane < run.intervals().lanes.size());
            QVERIFY(i.fromX <= i.toX);
        }
    }
};

QTEST_GUILESS_MAIN(TestOccupancyLayers)
#include "tst_occupancylayers.moc"
