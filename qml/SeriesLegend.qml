import QtQuick
import Tessera.Views

// A legend of a chart's plan (ChartPlans.series) that wraps into as many rows as its names
// need and never elides one: Qt Charts' own legend cuts long names ("P100…") on a narrow
// window, and cannot wrap. Each entry is drawn as its series is: its line in its colour, dashed
// where the series is (a later run, a budget line), or an area's fill within its edge. Rows are
// balanced: entries wrap at the narrowest width that needs no more rows than the full width, so
// a last row never holds one lone entry ("Budget · B") under a full one.
Flow {
    id: legend

    property var plan: []
    // The room left unused at the right so that the rows balance (balance()).
    property real slack: 0

    spacing: 12
    padding: 4
    rightPadding: padding + slack

    // The rows `widths` take, packed left to right, in a line of `room`.
    function rowsIn(widths, room) {
        let rows = 1, x = 0
        for (const w of widths) {
            if (x > 0 && x + w > room) {
                ++rows
                x = 0
            }
            x += w + spacing
        }
        return rows
    }
    function balance() {
        // A call Qt.callLater delayed past the legend's end (its view closed when a kind switch
        // hid the run) finds its context gone.
        if (typeof rowsIn !== "function")
            return
        const widths = []
        for (let i = 0; i < entries.count; ++i)
            if (entries.itemAt(i))
                widths.push(entries.itemAt(i).implicitWidth)
        const room = width - leftPadding - padding
        if (widths.length < 2 || room <= 0) {
            slack = 0
            return
        }
        const rows = rowsIn(widths, room)
        if (rows < 2) {
            slack = 0
            return
        }
        // The rows only grow as the line narrows: the narrowest line that keeps `rows`.
        let lo = Math.max(...widths) - 1, hi = room
        while (hi - lo > 1) {
            const mid = (lo + hi) / 2
            if (rowsIn(widths, mid) <= rows)
                hi = mid
            else
                lo = mid
        }
        slack = Math.max(0, room - Math.ceil(hi))
    }
    onWidthChanged: Qt.callLater(balance)
    onPlanChanged: Qt.callLater(balance)

    Repeater {
        id: entries
        model: legend.plan
        onItemAdded: Qt.callLater(legend.balance)
        Row {
            id: entry
            objectName: "legendEntry"
            required property var modelData
            readonly property bool dashed: modelData.dashed === true
            spacing: 4
            Row {
                objectName: "legendSwatch"
                anchors.verticalCenter: parent.verticalCenter
                spacing: 2
                Repeater {
                    model: entry.modelData.dashed ? 3 : 1
                    Rectangle {
                        width: entry.modelData.dashed ? 5 : 19
                        // A line as thick as its series (a bold average, a thin raw value).
                        height: entry.modelData.area ? 8 : Math.max(2, Math.round(1.5 * (entry.modelData.lineWidth
                                                                           || 2 * (entry.modelData.lineScale || 1))))
                        color: entry.modelData.area ? entry.modelData.fill : entry.modelData.color
                        border.color: entry.modelData.color
                        border.width: entry.modelData.area ? 1 : 0
                    }
                }
            }
            Text {
                objectName: "legendName"
                text: entry.modelData.name
                color: ThemePalette.text
                font.pixelSize: ThemePalette.chartFontPixels  // the one chart text size
            }
        }
    }
}
