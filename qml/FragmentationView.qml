import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import QtCharts
import Tessera.Views

// Nodes (grouped by GPU model) against the timeline, coloured by each node's expected
// fragmentation, and beside it the cluster's fragmentation rate over the same x axis.
Item {
    id: view

    property RunHandle run: null
    property RunHandle otherRun: null
    property int position: 0

    function refresh() {
        SeriesFeeder.fill(rateSeries, run, "frag_rate_pct", 0, -1, rateChart.pointBudget)
        SeriesFeeder.fill(otherRateSeries, otherRun, "frag_rate_pct", 0, -1, rateChart.pointBudget)
        const top = Math.max(SeriesFeeder.maxValue(run, ["frag_rate_pct"]),
                             SeriesFeeder.maxValue(otherRun, ["frag_rate_pct"]))
        rateChart.yMax = Math.min(100, SeriesFeeder.niceCeiling(Math.max(top, 1)))
    }

    onRunChanged: refresh()
    onOtherRunChanged: refresh()
    Component.onCompleted: refresh()

    RowLayout {
        anchors.fill: parent
        spacing: 8

        Item {
            id: heatBlock
            Layout.fillWidth: true
            Layout.fillHeight: true
            Layout.preferredWidth: 3

            readonly property int labelWidth: 72
            // The positions the heatmap spans: the whole run, or the shared chart zoom.
            readonly property int fromPosition: view.run && ChartZoom.active
                ? view.run.positionAtX(ChartZoom.visibleMin(view.run.xAt(0), view.run.xAt(view.run.steps))) : 0
            readonly property int toPosition: view.run
                ? (ChartZoom.active ? view.run.positionAtX(ChartZoom.visibleMax(view.run.xAt(0), view.run.xAt(view.run.steps)))
                                    : view.run.steps) : 0
            readonly property real cursorShare: (view.position - fromPosition) / Math.max(1, toPosition - fromPosition)

            Text {
                id: heatTitle
                x: heatBlock.labelWidth
                text: qsTr("Expected fragmentation per node")
                color: ThemePalette.text
                font.pixelSize: 14
                font.bold: true
            }

            HeatmapItem {
                id: heat
                x: heatBlock.labelWidth
                y: heatTitle.height + 6
                width: heatBlock.width - x - 8
                height: Math.max(40, heatBlock.height - y - axis.height - legend.height - 12)
                run: view.run
                from: heatBlock.fromPosition
                to: heatBlock.toPosition
                columns: Math.max(50, Math.min(Math.round(width), 600))
            }

            // GPU-model bands: a label left of each and a separator line across.
            Repeater {
                model: heat.bands
                delegate: Item {
                    y: heat.y + modelData.y
                    width: heatBlock.labelWidth
                    height: modelData.height
                    Text {
                        visible: parent.height >= 9
                        anchors.right: parent.right
                        anchors.rightMargin: 4
                        anchors.verticalCenter: parent.verticalCenter
                        width: parent.width - 4
                        horizontalAlignment: Text.AlignRight
                        elide: Text.ElideRight
                        text: modelData.label
                        color: ThemePalette.text
                        font.pixelSize: 11
                    }
                    Rectangle {  // separates this band from the one above
                        visible: index > 0
                        x: heat.x
                        width: heat.width
                        height: 1
                        color: ThemePalette.window
                    }
                }
            }

            Rectangle {
                id: heatCursor
                visible: view.run !== null && heatBlock.cursorShare >= 0 && heatBlock.cursorShare <= 1
                x: heat.x + heat.width * heatBlock.cursorShare - 1
                y: heat.y
                width: 2
                height: heat.height
                color: ThemePalette.accent
            }

            // Ctrl+wheel zooms time like every chart (the zoom is shared), Shift+wheel pans.
            WheelHandler {
                target: null
                acceptedModifiers: Qt.ControlModifier
                onWheel: event => {
                    if (!view.run)
                        return
                    const share = Math.max(0, Math.min(1, (point.position.x - heat.x) / Math.max(1, heat.width)))
                    const anchor = view.run.xAt(Math.round(heatBlock.fromPosition
                                                           + share * (heatBlock.toPosition - heatBlock.fromPosition)))
                    ChartZoom.zoom(anchor, event.angleDelta.y > 0 ? 0.8 : 1.25, view.run.xAt(0), view.run.xAt(view.run.steps))
                }
            }
            WheelHandler {
                target: null
                acceptedModifiers: Qt.ShiftModifier
                onWheel: event => {
                    if (view.run)
                        ChartZoom.pan(event.angleDelta.y > 0 ? -0.1 : 0.1, view.run.xAt(0), view.run.xAt(view.run.steps))
                }
            }

            MouseArea {
                id: heatHover
                anchors.fill: heat
                hoverEnabled: true
                acceptedButtons: Qt.NoButton
                ToolTip.visible: containsMouse && heat.ready
                ToolTip.text: containsMouse ? heat.describeAt(mouseX, mouseY) : ""
            }

            Text {
                anchors.centerIn: heat
                visible: heat.busy && !heat.ready
                text: qsTr("Sampling the run…")
                color: ThemePalette.text
            }

            // The x axis: five ticks over the run's range, and its title with the unit.
            Item {
                id: axis
                x: heat.x
                y: heat.y + heat.height + 2
                width: heat.width
                height: 34
                // Simulated time in hours or days past a few hours, as on the charts.
                readonly property real span: view.run ? view.run.xAt(heatBlock.toPosition) - view.run.xAt(heatBlock.fromPosition) : 0
                readonly property real displayScale: !view.run || view.run.xUnit !== "s" ? 1
                                                     : span > 2 * 86400 ? 86400 : span > 2 * 3600 ? 3600 : 1
                readonly property string displayUnit: !view.run ? "" : displayScale === 86400 ? "d"
                                                     : displayScale === 3600 ? "h" : view.run.xUnit
                Repeater {
                    model: 5
                    delegate: Text {
                        readonly property real share: index / 4
                        x: Math.max(0, Math.min(axis.width - width, axis.width * share - width / 2))
                        text: view.run ? (view.run.xAt(Math.round(heatBlock.fromPosition + share * (heatBlock.toPosition - heatBlock.fromPosition)))
                                          / axis.displayScale).toFixed(axis.displayScale === 1 ? 0 : 1) : ""
                        color: ThemePalette.text
                        font.pixelSize: 11
                    }
                }
                Text {
                    anchors.horizontalCenter: parent.horizontalCenter
                    anchors.bottom: parent.bottom
                    text: view.run ? view.run.xLabel + " (" + axis.displayUnit + ")" : ""
                    color: ThemePalette.text
                    font.pixelSize: 12
                }
            }

            ColorLegend {
                id: legend
                x: heat.x
                y: axis.y + axis.height + 4
                colorAt: function(t) { return heat.colorAt(t) }
                minText: heat.legendMin.toFixed(0)
                maxText: heat.legendMax.toFixed(2)
                label: heat.legendLabel
            }
        }

        ChartPanel {
            id: rateChart
            Layout.fillWidth: true
            Layout.fillHeight: true
            Layout.preferredWidth: 2
            title: qsTr("Cluster fragmentation rate")
            titleColor: ThemePalette.text
            run: view.run
            otherRun: view.otherRun
            position: view.position
            yTitle: qsTr("Fragmentation rate (%)")
            cursorText: view.run ? view.run.value("frag_rate_pct", view.position).toFixed(1) + " %" : ""
            onPointBudgetChanged: view.refresh()

            LineSeries {
                id: rateSeries
                name: view.run ? view.run.name : ""
                axisX: rateChart.xAxis
                axisY: rateChart.yAxis
                color: rateChart.runColor(view.run, "#0072B2")
                width: 2
            }
            LineSeries {
                id: otherRateSeries
                name: view.otherRun ? view.otherRun.name : ""
                visible: view.otherRun !== null
                axisX: rateChart.xAxis
                axisY: rateChart.yAxis
                color: rateChart.runColor(view.otherRun, "#D55E00")
                width: 2
            }
        }
    }
}
