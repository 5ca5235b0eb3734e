import QtQuick
import QtCharts
import Tessera.Views
import "TextBreaks.js" as TextBreaks

// The frame every run chart shares: themed ChartView, an x axis in the run's units (arrived % or
// time), a y axis the view titles with its unit, the timeline cursor and the fork marker as cheap
// overlays (moving them never repaints the chart). What it draws is the plan of `chartId`
// (ChartPlans: the same series, colours, dashes and steps as the exported chart), fed through
// SeriesFeeder with `pointBudget` points; views may add fixed series (reference lines) as children.
ChartView {
    id: chart

    property RunHandle run: null
    property RunHandle otherRun: null
    property int position: 0
    property alias xAxis: xAxis
    property alias yAxis: yAxis
    property string yTitle: ""
    property real yMax: 100
    // Text beside the cursor, e.g. the value it points at.
    property string cursorText: ""
    // Or the metric the cursor's label reads, and what follows each value (" kW", " failed"):
    // with a second run, both runs' values by letter, B's at its own matching position.
    property string cursorKey: ""
    property string cursorUnit: ""
    readonly property string cursorValues: {
        if (!run || cursorKey.length === 0)
            return ""
        const a = run.valueText(cursorKey, position) + cursorUnit
        if (!otherRun)
            return a
        return "A " + a + " · B " + otherRun.valueText(cursorKey, otherRun.positionMatching(run, position)) + cursorUnit
    }

    // An ExportController chart id, or "metric" with metricKey.
    property string chartId: ""
    property string metricKey: ""
    // The y axis: fixed when yFixed is a number, else the data's top rounded up (at least
    // yFloor, at most yCap).
    property real yFixed: NaN
    property real yFloor: 1
    property real yCap: Infinity
    // Names and colours are read in C++: naming them here re-plans on a rename or recolour.
    readonly property var plan: {
        void (run ? run.name + run.color : "")
        void (otherRun ? otherRun.name + otherRun.color : "")
        return chartId.length > 0 && run ? ChartPlans.series(chartId, run, otherRun, metricKey) : []
    }
    property var planSeries: []

    function runOf(entry) {
        return entry.run === 0 ? run : otherRun
    }
    function rebuildPlan() {
        for (const s of planSeries)
            removeSeries(s)
        const made = []
        for (const p of plan) {
            let s
            if (p.area) {
                s = createSeries(ChartView.SeriesTypeArea, p.name, xAxis, yAxis)
                s.color = p.fill
                s.borderColor = p.color
                s.borderWidth = 1
                if (p.below.length > 0)
                    s.lowerSeries = Qt.createQmlObject("import QtCharts; LineSeries {}", s)
            } else {
                s = createSeries(ChartView.SeriesTypeLine, p.name, xAxis, yAxis)
                s.color = p.color
                s.width = 2 * (p.lineScale > 0 ? p.lineScale : 1)
                if (p.dashed)
                    s.style = Qt.DashLine
            }
            made.push(s)
        }
        planSeries = made
        refillPlan()
    }
    function refillPlan() {
        if (chartId.length === 0)
            return  // a chart of the view's own series sets its own axis
        let top = 0
        for (let i = 0; i < plan.length && i < planSeries.length; ++i) {
            const p = plan[i]
            const r = runOf(p)
            if (p.area) {
                SeriesFeeder.fillStacked(planSeries[i], r, p.below, p.key, 0, -1, pointBudget)
                top = Math.max(top, SeriesFeeder.maxValue(r, p.below.concat([p.key]), true))
            } else {
                SeriesFeeder.fill(planSeries[i], r, p.key, 0, -1, pointBudget)
                top = Math.max(top, SeriesFeeder.maxValue(r, [p.key]))
            }
        }
        yMax = !isNaN(yFixed) ? yFixed : Math.min(yCap, SeriesFeeder.niceCeiling(Math.max(top, yFloor)))
    }
    onPlanChanged: rebuildPlan()
    // A plan bound before the chart is complete may not notify: build it once more then.
    Component.onCompleted: {
        if (planSeries.length !== plan.length)
            rebuildPlan()
        scheduleLegend()  // the series a view declares in it
    }
    onPointBudgetChanged: refillPlan()
    onYFixedChanged: refillPlan()

    // About one point per horizontal pixel of the visible plot: more cannot be seen. Zoomed in,
    // the whole run is fed at that density, rounded up to a power of two so that a wheel turn
    // refills the series only now and then.
    readonly property real zoomRatio: ChartZoom.active
        ? (xMax - xMin) / Math.max(1e-9, ChartZoom.visibleMax(xMin, xMax) - ChartZoom.visibleMin(xMin, xMax)) : 1
    readonly property int pointBudget: Math.min(1 << 17, Math.max(128,
        1 << Math.ceil(Math.log2(Math.max(1, plotArea.width * zoomRatio)))))
    // Where a what-if branch leaves its parent, in x units, or NaN.
    readonly property real forkX: {
        if (run && otherRun && otherRun.parentRun === run)
            return otherRun.xAt(otherRun.forkPosition)
        if (run && otherRun && run.parentRun === otherRun)
            return run.xAt(run.forkPosition)
        return NaN
    }
    // Where the two runs' metrics first differ, in x units, or NaN.
    readonly property real divergeX: {
        if (!run || !otherRun)
            return NaN
        const at = run.divergenceFrom(otherRun)
        return at >= 0 ? run.xAt(at) : NaN
    }
    // A run whose end the x axis reaches too, drawn or not: compare's two sides, each drawing
    // one run, share one range with it.
    property RunHandle spanRun: otherRun
    readonly property real xMin: run ? run.xAt(0) : 0
    readonly property real xMax: {
        if (!run)
            return 1
        const last = spanRun ? Math.max(run.xAt(run.steps), spanRun.xAt(spanRun.steps)) : run.xAt(run.steps)
        return last > xMin ? last : xMin + 1
    }

    // Seconds read badly past a few hours: a replay's time axis is labelled in hours or days,
    // by the exported charts' rule (XAxisUnit).
    readonly property var xDisplay: ChartPlans.xUnit(run, xAxis.max - xAxis.min)
    readonly property real xDisplayScale: xDisplay.perUnit
    readonly property string xDisplayUnit: run ? xDisplay.unit : ""
    // Fork and divergence closer than this share one label, as in the exports.
    readonly property bool markersMerged: !isNaN(forkX) && !isNaN(divergeX)
        && Math.abs(plotX(forkX) - plotX(divergeX)) < ChartPlans.markerMergePixels
    Repeater {
        model: chart.xDisplayScale === 1 || chart.plotArea.width <= 0 ? 0
               : Math.floor(xAxis.max / xAxis.tickInterval) - Math.ceil(xAxis.min / xAxis.tickInterval) + 1
        delegate: Text {
            required property int index
            readonly property real value: (Math.ceil(xAxis.min / xAxis.tickInterval) + index) * xAxis.tickInterval
            parent: chart
            x: chart.plotX(value) - width / 2
            y: chart.plotArea.y + chart.plotArea.height + 4
            text: +(value / chart.xDisplayScale).toFixed(2)
            color: ThemePalette.text
            font.pixelSize: ThemePalette.chartFontPixels
        }
    }

    // The x value under a pixel of the chart.
    function xAtPixel(px) {
        return xAxis.min + (xAxis.max - xAxis.min) * (px - plotArea.x) / Math.max(1, plotArea.width)
    }

    // Ctrl+wheel zooms every chart around the pointer, Shift+wheel pans; W/S/A/D and 0 in the
    // main window do the same from the keyboard.
    WheelHandler {
        target: null
        acceptedModifiers: Qt.ControlModifier
        onWheel: event => ChartZoom.zoom(chart.xAtPixel(point.position.x), event.angleDelta.y > 0 ? 0.8 : 1.25,
                                         chart.xMin, chart.xMax)
    }
    WheelHandler {
        target: null
        acceptedModifiers: Qt.ShiftModifier
        onWheel: event => ChartZoom.pan(event.angleDelta.y > 0 ? -0.1 : 0.1, chart.xMin, chart.xMax)
    }

    function plotX(x) {
        return plotArea.x + plotArea.width * (x - xAxis.min) / Math.max(1e-9, xAxis.max - xAxis.min)
    }
    theme: ThemePalette.dark ? ChartView.ChartThemeDark : ChartView.ChartThemeLight
    backgroundColor: ThemePalette.window
    backgroundRoundness: 0
    antialiasing: true
    // The legend is ours (SeriesLegend), not Qt Charts': that one keys every line with a solid
    // box, so a dashed budget line or a later run's dashed series looked solid in it. Each entry
    // is drawn as its series is (dashed, an area's fill and edge), as the exported legend
    // (ChartLegend) keys it, and long names wrap instead of being cut. It reads the chart's own
    // series, so a view's fixed series (reference lines) are keyed as well. A view with a legend
    // of its own elsewhere sets showLegend false.
    property bool showLegend: true
    property var legendEntries: []
    property var legendWatched: []  // the series whose changes rebuild the entries
    function updateLegend() {
        // A call Qt.callLater delayed past the window's teardown finds its context gone.
        if (typeof scheduleLegend !== "function")
            return
        const entries = [], watched = []
        for (let i = 0; i < count; ++i) {
            const s = series(i)
            if (!s)
                continue
            watched.push(s)
            if (legendWatched.indexOf(s) < 0)
                for (const signal of ["visibleChanged", "nameChanged", "colorChanged", "borderColorChanged", "styleChanged"])
                    if (s[signal])
                        s[signal].connect(scheduleLegend)
            if (!s.visible || s.name.length === 0)
                continue
            const area = s.type === ChartView.SeriesTypeArea
            entries.push({ name: s.name, area: area, fill: s.color, color: area ? s.borderColor : s.color,
                           dashed: !area && s.style === Qt.DashLine, lineWidth: area ? 0 : s.width })
        }
        legendWatched = watched
        legendEntries = entries
    }
    function scheduleLegend() { Qt.callLater(updateLegend) }
    onSeriesAdded: scheduleLegend()
    onSeriesRemoved: scheduleLegend()
    legend.visible: false
    SeriesLegend {
        id: chartLegend
        objectName: "chartLegend"
        parent: chart
        visible: chart.showLegend && chart.legendEntries.length > 0
        x: 4
        y: chart.height - height
        width: chart.width - 8
        plan: chart.legendEntries
    }
    margins { top: 8; bottom: chartLegend.visible ? chartLegend.height + 2 : 4; left: 4; right: 8 }

    ValueAxis {
        id: xAxis
        min: ChartZoom.active ? ChartZoom.visibleMin(chart.xMin, chart.xMax) : chart.xMin
        max: ChartZoom.active ? ChartZoom.visibleMax(chart.xMin, chart.xMax) : chart.xMax
        titleText: chart.run ? chart.run.xLabel + " (" + chart.xDisplayUnit + ")" : ""
        labelFormat: Number.isInteger(tickInterval) ? "%.0f" : Number.isInteger(tickInterval * 10) ? "%.1f" : "%.2f"
        // Round ticks (1, 2, 2.5 or 5 × 10ⁿ of the display unit) whatever the zoom, anchored at 0.
        tickType: ValueAxis.TicksDynamic
        tickAnchor: 0
        tickInterval: SeriesFeeder.niceCeiling(Math.max(1e-6, (max - min) / chart.xDisplayScale / 6)) * chart.xDisplayScale
        // Simulated time is kept in seconds; its labels are drawn below in hours or days.
        labelsColor: chart.xDisplayScale === 1 ? ThemePalette.text : "transparent"
        labelsFont.pixelSize: ThemePalette.chartFontPixels
        titleFont.pixelSize: ThemePalette.chartFontPixels
        gridLineColor: Qt.rgba(ThemePalette.mid.r, ThemePalette.mid.g, ThemePalette.mid.b, 0.35)
    }
    ValueAxis {
        id: yAxis
        min: 0
        max: chart.yMax
        titleText: chart.yTitle
        tickType: ValueAxis.TicksDynamic
        tickAnchor: 0
        tickInterval: SeriesFeeder.niceCeiling(Math.max(1e-6, (max - min) / 5))
        labelFormat: Number.isInteger(tickInterval) ? "%.0f" : Number.isInteger(tickInterval * 10) ? "%.1f" : "%.2f"
        labelsColor: ThemePalette.text
        labelsFont.pixelSize: ThemePalette.chartFontPixels
        titleFont.pixelSize: ThemePalette.chartFontPixels
        gridLineColor: Qt.rgba(ThemePalette.mid.r, ThemePalette.mid.g, ThemePalette.mid.b, 0.35)
    }

    // Which run is A and which B (dashed), as in the exported chart's subtitle: legends of both
    // runs' classes or models name them by letter.
    Text {
        id: runKey
        objectName: "runKey"
        parent: chart
        // Needed where the other run's series are not in its colour (classes, models).
        visible: chart.otherRun !== null && chart.plan.some(p => p.run === 1 && !Qt.colorEqual(p.color, chart.otherRun.color))
        x: 8
        y: 4
        // Left of the centred title; wrapped, never cut ("B: …" hid the fork's name).
        width: Math.max(0, chart.width / 2 - 110)
        wrapMode: Text.Wrap
        // Through the plan, which follows the runs' names: a rename shows at once. One line per
        // run, each wrapped only between the parts of a name ("pwr:100," / "fgd:900"), never
        // inside one.
        text: visible && chart.plan ? TextBreaks.atSeparators(ChartPlans.subtitle(chart.run, chart.otherRun))
                                                .split("   vs   ").join("\n") : ""
        color: ThemePalette.text
        opacity: 0.75
        font.pixelSize: 11
    }

    // A vertical dashed line, as the exported charts draw the fork and "diverges" markers.
    component DashedLine: Item {
        property color color
        width: 2
        Repeater {
            model: Math.max(0, Math.ceil(parent.height / 8))
            delegate: Rectangle {
                required property int index
                y: index * 8
                width: 2
                height: Math.min(5, parent.height - y)
                color: parent.color
            }
        }
    }

    // The label of a marker line, as the exported charts draw it: a boxed label on its own row
    // at the top (cursor, fork, diverges: rows 0, 1, 2, so they never overlap each other), on
    // a backdrop so a curve under it does not hide it; beside the line, or left of it near the
    // plot's right edge.
    component MarkerLabel: Rectangle {
        property int row: 0
        property alias text: labelText.text
        readonly property real lineX: parent ? parent.x : 0
        width: labelText.implicitWidth + 6
        height: labelText.implicitHeight + 2
        y: 2 + row * (height + 3)
        x: lineX + 4 + width > chart.plotArea.x + chart.plotArea.width ? -width - 3 : 4
        radius: 3
        color: Qt.rgba(ThemePalette.window.r, ThemePalette.window.g, ThemePalette.window.b, 0.85)
        border.color: chart.markerColor
        Text {
            id: labelText
            anchors.centerIn: parent
            color: ThemePalette.text
            font.pixelSize: 11
        }
    }

    // Overlays: declared inside the ChartView, drawn through an explicit visual parent. The
    // markers take the exported charts' marker colour and dashes, never a series' colour.
    readonly property color markerColor: ChartPlans.markerColor(ThemePalette.dark)
    DashedLine {
        id: forkMarker
        objectName: "forkMarker"
        parent: chart
        z: 10
        visible: !isNaN(chart.forkX) && chart.plotArea.width > 0 && chart.forkX >= xAxis.min && chart.forkX <= xAxis.max
        x: Math.round(chart.plotX(chart.forkX) - width / 2)
        y: chart.plotArea.y
        height: chart.plotArea.height
        color: chart.markerColor
        MarkerLabel {
            row: 1  // below the cursor's value
            text: chart.markersMerged ? qsTr("fork · diverges") : qsTr("fork")
        }
    }
    DashedLine {
        id: divergeMarker
        objectName: "divergeMarker"
        parent: chart
        z: 10
        visible: !isNaN(chart.divergeX) && chart.plotArea.width > 0 && chart.divergeX >= xAxis.min
                 && chart.divergeX <= xAxis.max && !chart.markersMerged
        x: Math.round(chart.plotX(chart.divergeX) - width / 2)
        y: chart.plotArea.y
        height: chart.plotArea.height
        color: chart.markerColor
        MarkerLabel {
            row: 2
            text: qsTr("diverges")
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
        MarkerLabel {
            visible: text.length > 0
            objectName: "cursorLabel"
            row: 0
            text: chart.cursorText.length > 0 ? chart.cursorText : chart.cursorValues
        }
    }
}
