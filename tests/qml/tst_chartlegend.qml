import QtQuick
import QtCharts
import QtTest
import Tessera

// The run charts' legend (ChartPanel's SeriesLegend) keys every series as it is drawn: a dashed
// line (a budget, a later run) by dashes, a solid one by a line, an area by its fill. Qt Charts'
// own legend drew each as a solid box, so the renting kind's dashed Budget looked solid.
TestCase {
    name: "ChartLegend"
    when: windowShown
    width: 800
    height: 500

    Component {
        id: panel
        ChartPanel {
            width: 800
            height: 400
            LineSeries { name: "Budget"; style: Qt.DashLine; XYPoint { x: 0; y: 1 } XYPoint { x: 1; y: 1 } }
            LineSeries { name: "Rented"; XYPoint { x: 0; y: 0 } XYPoint { x: 1; y: 2 } }
            LineSeries { name: "hidden"; visible: false; style: Qt.DashLine }
        }
    }

    function entries(chart) {
        const legend = findChild(chart, "chartLegend")
        verify(legend !== null, "no chartLegend")
        const found = {}
        for (let i = 0; i < legend.children.length; ++i) {
            const e = legend.children[i]
            if (e.objectName === "legendEntry")
                found[e.modelData.name] = e
        }
        return found
    }

    function swatchPieces(entry) {
        for (let i = 0; i < entry.children.length; ++i)
            if (entry.children[i].objectName === "legendSwatch") {
                let pieces = 0
                const row = entry.children[i]
                for (let j = 0; j < row.children.length; ++j)
                    pieces += row.children[j].width > 0 ? 1 : 0  // the pieces, not their Repeater
                return pieces
            }
        return -1
    }

    function test_swatchesMatchTheSeriesStyles() {
        const chart = createTemporaryObject(panel, this)
        verify(chart !== null)
        tryVerify(() => Object.keys(entries(chart)).length === 2)
        const e = entries(chart)
        verify(e["Budget"].dashed, "the dashed series' entry is dashed")
        verify(swatchPieces(e["Budget"]) > 1, "a dashed entry is drawn as dashes")
        verify(!e["Rented"].dashed)
        compare(swatchPieces(e["Rented"]), 1)
        verify(e["hidden"] === undefined, "a hidden series has no entry")
        // Qt Charts' legend, which cannot dash, stays hidden; the plot leaves room for ours.
        verify(!chart.legend.visible)
        const legend = findChild(chart, "chartLegend")
        verify(chart.plotArea.y + chart.plotArea.height <= legend.y)
        // Restyled, the entry follows.
        chart.series(1).style = Qt.DashLine
        tryVerify(() => entries(chart)["Rented"].dashed)
    }

    function test_showLegendFalseHidesIt() {
        const chart = createTemporaryObject(panel, this, { showLegend: false })
        verify(!findChild(chart, "chartLegend").visible)
        verify(!chart.legend.visible)
    }
}
