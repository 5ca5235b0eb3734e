import QtQuick
import QtCharts
import Tessera.Views

// The frame every run chart shares: themed ChartView, an x axis in the run's units (arrived % or
// time), a y axis the view titles with its unit, the timeline cursor and the fork marker as cheap
// overlays (moving them never repaints the chart). Views declare their series as children and
// feed them through SeriesFeeder with `pointBudget` points.
ChartView {
    id: chart

    property RunHandle run: null
    property RunHandle otherRun: null
    property int position: 0
    property alias xAxis: xAxis
    property alias yAxis: yAxis
    property string yTitle: ""
    property real yMax: 100
    // Okabe-Ito: distinguishable under every common colour-vision deficiency.
    readonly property var categoryColors: ["#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00",
                                           "#CC79A7", "#999999"]
    // Text beside the cursor, e.g. the value it points at.
    property string cursorText: ""

    // About one point per horizontal pixel of the plot: more cannot be seen.
    readonly property int pointBudget: Math.max(100, Math.round(plotArea.width))
    // Where a what-if branch leaves its parent, in x units, or NaN.
    readonly property real forkX: {
        if (run && otherRun && otherRun.parentRun === run)
            return otherRun.xAt(otherRun.forkPosition)
        if (run && otherRun && run.parentRun === otherRun)
            return run.xAt(run.forkPosition)
        return NaN
    }
    readonly property real xMin: run ? run.xAt(0) : 0
    readonly property real xMax: {
        if (!run)
            return 1
        const last = otherRun ? Math.max(run.xAt(run.steps), otherRun.xAt(otherRun.steps)) : run.xAt(run.steps)
        return last > xMin ? last : xMin + 1
    }

    function plotX(x) {
        return plotArea.x + plotArea.width * (x - xAxis.min) / Math.max(1e-9, xAxis.max - xAxis.min)
    }
    // The colour of series that belong to the other run, and to this one.
    function runColor(r, fallback) {
        return r ? r.color : fallback
    }

    theme: ThemePalette.dark ? ChartView.ChartThemeDark : ChartView.ChartThemeLight
    backgroundColor: ThemePalette.window
    backgroundRoundness: 0
    antialiasing: true
    legend.alignment: Qt.AlignBottom
    legend.labelColor: ThemePalette.text
    margins { top: 8; bottom: 4; left: 4; right: 8 }

    ValueAxis {
        id: xAxis
        min: chart.xMin
        max: chart.xMax
        titleText: chart.run ? chart.run.xLabel + " (" + chart.run.xUnit + ")" : ""
        labelFormat: "%.0f"
        tickCount: 6
        labelsColor: ThemePalette.text
        gridLineColor: Qt.rgba(ThemePalette.mid.r, ThemePalette.mid.g, ThemePalette.mid.b, 0.35)
    }
    ValueAxis {
        id: yAxis
        min: 0
        max: chart.yMax
        titleText: chart.yTitle
        labelFormat: "%.0f"
        tickCount: 6
        labelsColor: ThemePalette.text
        gridLineColor: Qt.rgba(ThemePalette.mid.r, ThemePalette.mid.g, ThemePalette.mid.b, 0.35)
    }

    // Overlays: declared inside the ChartView, drawn through an explicit visual parent.
    Rectangle {
        id: forkMarker
        parent: chart
        z: 10
        visible: !isNaN(chart.forkX) && chart.plotArea.width > 0
        x: Math.round(chart.plotX(chart.forkX) - width / 2)
        y: chart.plotArea.y
        width: 2
        height: chart.plotArea.height
        color: chart.otherRun ? chart.otherRun.color : ThemePalette.accent
        opacity: 0.8
        Text {
            anchors.left: parent.right
            anchors.leftMargin: 3
            y: 2
            text: qsTr("fork")
            color: ThemePalette.text
            font.pixelSize: 11
        }
    }
    Rectangle {
        id: cursorLine
        parent: chart
        z: 11
        visible: chart.run !== null && chart.plotArea.width > 0
        // Whole pixels: the software scene graph may drop a hairline at a half-pixel x.
        x: chart.run ? Math.round(chart.plotX(chart.run.xAt(chart.position)) - width / 2) : 0
        y: chart.plotArea.y
        width: 2
        height: chart.plotArea.height
        color: ThemePalette.text
        opacity: 0.75
        Text {
            visible: text.length > 0
            text: chart.cursorText
            color: ThemePalette.text
            font.pixelSize: 11
            y: 2
            // Flip to the left of the line near the right edge.
            x: cursorLine.x + 4 + implicitWidth > chart.plotArea.x + chart.plotArea.width ? -implicitWidth - 4 : 4
        }
    }
}
