#pragma once

// Field-by-field checks that a part of a reopened (or re-simulated) run is the live run's, for
// tests of saving and reopening runs of any kind: a failure names the field that differs.

#include "run/OccupancyLayout.h"
#include "run/RunIntervals.h"

#include <QTest>

namespace tessera::test {

// The whole layout: categories, cells, unit, every group and every layer.
inline void compareLayout(const OccupancyLayout& actual, const OccupancyLayout& expected)
{
    QCOMPARE(actual.categories, expected.categories);
    QCOMPARE(actual.cellCount, expected.cellCount);
    QCOMPARE(actual.unitName, expected.unitName);
    QCOMPARE(actual.groups.size(), expected.groups.size());
    for (size_t g = 0; g < expected.groups.size(); ++g) {
        QCOMPARE(actual.groups[g].name, expected.groups[g].name);
        QCOMPARE(actual.groups[g].category, expected.groups[g].category);
        QCOMPARE(actual.groups[g].firstCell, expected.groups[g].firstCell);
        QCOMPARE(actual.groups[g].cellCount, expected.groups[g].cellCount);
        QCOMPARE(actual.groups[g].unitCells, expected.groups[g].unitCells);
    }
    QCOMPARE(actual.layers.size(), expected.layers.size());
    for (size_t l = 0; l < expected.layers.size(); ++l) {
        QCOMPARE(actual.layers[l].name, expected.layers[l].name);
        QCOMPARE(actual.layers[l].kind, expected.layers[l].kind);
        QCOMPARE(actual.layers[l].binary, expected.layers[l].binary);
        QCOMPARE(actual.layers[l].categories, expected.layers[l].categories);
        QCOMPARE(actual.layers[l].lowText, expected.layers[l].lowText);
        QCOMPARE(actual.layers[l].highText, expected.layers[l].highText);
    }
}

// Lanes, categories, every bar and every subject with its spans.
inline void compareIntervals(const RunIntervals& actual, const RunIntervals& expected)
{
    QCOMPARE(actual.lanes, expected.lanes);
    QCOMPARE(actual.categories, expected.categories);
    QCOMPARE(actual.intervals.size(), expected.intervals.size());
    for (size_t i = 0; i < expected.intervals.size(); ++i) {
        const RunInterval& a = actual.intervals[i];
        const RunInterval& e = expected.intervals[i];
        QCOMPARE(a.lane, e.lane);
        QCOMPARE(a.fromX, e.fromX);
        QCOMPARE(a.toX, e.toX);
        QCOMPARE(a.label, e.label);
        QCOMPARE(a.category, e.category);
        QCOMPARE(a.subject, e.subject);
    }
    QCOMPARE(actual.subjects.size(), expected.subjects.size());
    for (size_t s = 0; s < expected.subjects.size(); ++s) {
        const RunSubject& a = actual.subjects[s];
        const RunSubject& e = expected.subjects[s];
        QCOMPARE(a.name, e.name);
        QCOMPARE(a.details, e.details);
        QCOMPARE(a.spans.size(), e.spans.size());
        for (size_t p = 0; p < e.spans.size(); ++p) {
            QCOMPARE(a.spans[p].fromX, e.spans[p].fromX);
            QCOMPARE(a.spans[p].toX, e.spans[p].toX);
            QCOMPARE(a.spans[p].text, e.spans[p].text);
        }
    }
}

}  // namespace tessera::test
