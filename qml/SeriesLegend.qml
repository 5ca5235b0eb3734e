import QtQuick
import Tessera.Views

// A legend of a chart's plan (ChartPlans.series) that wraps into as many rows as its names
// need and never elides one: Qt Charts' own legend cuts long names ("P100…") on a narrow
// window, and cannot wrap. Each entry is drawn as its series is: its line in its colour, dashed
// where the series is (a later run, a budget line), or an area's fill within its edge.
Flow {
    id: legend

    property var plan: []

    spacing: 12
    padding: 4

    Repeater {
        model: legend.plan
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
                        height: entry.modelData.area ? 8 : 3
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
