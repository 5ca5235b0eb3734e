import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import QtCharts
import Tessera.Views

// Nodes (grouped by GPU model) against the timeline, coloured by each node's expected
// fragmentation, one heatmap per run (the other run, a fork or a compared run, below), and
// beside them the cluster's fragmentation rate of both runs. The heatmaps' x axis is linear in
// time or arrived %, as the chart's, so the cursor sits at the same share of both.
Item {
    id: view

    property RunHandle run: null
    property RunHandle otherRun: null
    property int position: 0
    // Both runs' heatmaps on one colour scale, the larger of their own (as the exports).
    readonly property real sharedScaleMax: otherRun
        ? Math.max(heatBlock.heat.naturalMax, otherHeatBlock.heat.naturalMax) : 0

    // One run's heatmap with its GPU-model bands, x axis, cursor and colour legend.
    component HeatBlock: Item {
        id: block

        property RunHandle run: null
        property bool showName: false
        // One colour scale for the heatmaps shown together (0: this run's own).
        property real scaleMax: 0
        readonly property alias heat: heat

        readonly property int labelWidth: 72
        // The positions the heatmap spans: the whole run, or the shared chart zoom.
        readonly property real xFirst: run ? run.xAt(0) : 0
        readonly property real xLast: run ? run.xAt(run.steps) : 1
        readonly property int fromPosition: run && ChartZoom.active
            ? run.positionAtX(ChartZoom.visibleMin(xFirst, xLast)) : 0
        readonly property int toPosition: run
            ? (ChartZoom.active ? run.positionAtX(ChartZoom.visibleMax(xFirst, xLast)) : run.steps) : 0
        readonly property real xFrom: run ? run.xAt(fromPosition) : 0
        readonly property real xTo: run ? run.xAt(toPosition) : 1

        Row {
            id: heatTitle
            x: block.labelWidth
            spacing: 6
            Rectangle {
                visible: block.showName
                anchors.verticalCenter: parent.verticalCenter
                width: 12; height: 12; radius: 2
                color: block.run ? block.run.color : "transparent"
            }
            Text {
                objectName: "heatTitle"
                // Wrapped within the block, never cut: a fork's name ends with what differs.
                width: block.width - block.labelWidth - 26
                wrapMode: Text.Wrap
                text: block.showName && block.run ? qsTr("Expected fragmentation per node · %1").arg(block.run.name)
                                                  : qsTr("Expected fragmentation per node")
                color: ThemePalette.text
                font.pixelSize: 14
                font.bold: true
            }
        }

        HeatmapItem {
            id: heat
            x: block.labelWidth
            y: heatTitle.height + 6
            width: block.width - x - 8
            height: Math.max(40, block.height - y - axis.height - legend.height - 12)
            run: block.run
            from: block.fromPosition
            to: block.toPosition
            columns: Math.max(50, Math.min(Math.round(width), 600))
            scaleMax: block.scaleMax
            darkBackground: ThemePalette.dark
            // This run's position at the timeline's cursor: the same decision for a fork, else
            // the same x (RunHandle.positionMatching, as the exports).
            cursor: !block.run || !view.run ? -1
                    : block.run === view.run ? view.position : block.run.positionMatching(view.run, view.position)
        }

        ErrorBox {
            objectName: "heatmapError"
            x: heat.x
            y: heat.y
            width: heat.width
            text: heat.error
        }

        // GPU-model bands: a separator line across each, and every band named left of the
        // heatmap: a band too thin for its label (32 A10 nodes among 19,000) has the label
        // pushed off it as far as its neighbours need (HeatmapItem.bands: labelY), with a
        // leader to its middle, as in the exported heatmap.
        Repeater {
            model: heat.bands
            delegate: Item {
                y: heat.y
                width: block.labelWidth
                height: heat.height
                readonly property real middle: modelData.y + modelData.height / 2
                readonly property bool moved: Math.abs(modelData.labelY - middle) > 0.5
                Text {
                    objectName: "heatBandLabel"
                    y: modelData.labelY - height / 2
                    height: modelData.labelHeight
                    anchors.right: parent.right
                    anchors.rightMargin: 8
                    width: parent.width - 8
                    horizontalAlignment: Text.AlignRight
                    verticalAlignment: Text.AlignVCenter
                    elide: Text.ElideRight
                    text: modelData.label
                    color: ThemePalette.text
                    // Smaller when there are more bands than lines of text (never hidden).
                    font.pixelSize: Math.max(6, Math.min(11, Math.floor(modelData.labelHeight - 2)))
                }
                Rectangle {  // the leader, from the label's end to the band's middle
                    objectName: "heatBandLeader"
                    visible: parent.moved
                    readonly property real dx: 7
                    readonly property real dy: middle - modelData.labelY
                    x: block.labelWidth - dx
                    y: modelData.labelY
                    width: Math.sqrt(dx * dx + dy * dy)
                    height: 1
                    transformOrigin: Item.TopLeft
                    rotation: Math.atan2(dy, dx) * 180 / Math.PI
                    color: ThemePalette.mid
                }
                Rectangle {  // separates this band from the one above
                    visible: index > 0
                    x: heat.x
                    y: modelData.y
                    width: heat.width
                    height: 1
                    color: ThemePalette.window
                }
            }
        }

        Rectangle {
            objectName: "heatCursor"
            visible: !isNaN(heat.cursorPixel)
            x: heat.x + (isNaN(heat.cursorPixel) ? 0 : Math.round(heat.cursorPixel)) - 1
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
                if (!block.run)
                    return
                const share = Math.max(0, Math.min(1, (point.position.x - heat.x) / Math.max(1, heat.width)))
                ChartZoom.zoom(block.xFrom + share * (block.xTo - block.xFrom), event.angleDelta.y > 0 ? 0.8 : 1.25,
                               block.xFirst, block.xLast)
            }
        }
        WheelHandler {
            target: null
            acceptedModifiers: Qt.ShiftModifier
            onWheel: event => {
                if (block.run)
                    ChartZoom.pan(event.angleDelta.y > 0 ? -0.1 : 0.1, block.xFirst, block.xLast)
            }
        }

        MouseArea {
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

        // The x axis: five ticks, linear in x like the chart beside it, and its title with the unit.
        Item {
            id: axis
            objectName: "heatAxis"
            x: heat.x
            y: heat.y + heat.height + 2
            width: heat.width
            height: 34
            // Simulated time in hours or days past a few hours, by the charts' rule.
            readonly property var display: ChartPlans.xUnit(block.run, block.xTo - block.xFrom)
            // Round ticks in the shown unit, placed linearly in x, at the step of the chart beside
            // (ChartPanel's x axis: a nice step over a sixth of the range), so that both read
            // 0, 25, 50 … rather than 0, 20, 40 … beside 0, 25, 50 ….
            readonly property var ticks: {
                if (!block.run || !(block.xTo > block.xFrom))
                    return []
                const lo = block.xFrom / display.perUnit, hi = block.xTo / display.perUnit
                const step = SeriesFeeder.niceCeiling(Math.max(1e-6, (hi - lo) / 6))
                const decimals = Number.isInteger(step) ? 0 : Number.isInteger(step * 10) ? 1 : 2
                const list = []
                for (let v = Math.ceil(lo / step - 1e-9) * step; v <= hi + step * 1e-6; v += step)
                    list.push({ value: v, label: v.toFixed(decimals) })
                return list
            }
            Repeater {
                model: axis.ticks
                delegate: Text {
                    readonly property real share: (modelData.value * axis.display.perUnit - block.xFrom)
                                                  / Math.max(1e-9, block.xTo - block.xFrom)
                    x: Math.max(0, Math.min(axis.width - width, axis.width * share - width / 2))
                    text: modelData.label
                    color: ThemePalette.text
                    font.pixelSize: 11
                }
            }
            Text {
                anchors.horizontalCenter: parent.horizontalCenter
                anchors.bottom: parent.bottom
                text: block.run ? block.run.xLabel + " (" + axis.display.unit + ")" : ""
                color: ThemePalette.text
                font.pixelSize: 12
            }
        }

        ColorLegend {
            id: legend
            x: heat.x
            y: axis.y + axis.height + 4
            colorAt: function(t) { void heat.darkBackground; return heat.colorAt(t) }
            // 0 is the empty cell (a row of full nodes), the ramp what lies above it.
            emptyColor: heat.emptyColor
            emptyText: qsTr("0")
            minText: ""
            maxText: heat.legendMax.toFixed(2)
            label: heat.legendLabel
        }
    }

    RowLayout {
        anchors.fill: parent
        spacing: 8

        // The heatmaps one above the other, placed by their own bindings rather than by a
        // ColumnLayout: a layout misses a child's visibility that changes while the layout is
        // hidden (another tab, or compare), and then stacks both blocks at the top, the second
        // a few pixels high, its axis drawn over the side panel.
        Item {
            id: heats
            Layout.fillWidth: true
            Layout.fillHeight: true
            Layout.preferredWidth: 3
            readonly property int gap: 4
            readonly property bool both: view.otherRun !== null

            HeatBlock {
                id: heatBlock
                objectName: "heatBlock"
                width: heats.width
                height: heats.both ? Math.floor((heats.height - heats.gap) / 2) : heats.height
                run: view.run
                showName: heats.both
                scaleMax: view.sharedScaleMax
            }
            HeatBlock {
                id: otherHeatBlock
                objectName: "otherHeatBlock"
                visible: heats.both
                y: heats.height - height
                width: heats.width
                height: Math.floor((heats.height - heats.gap) / 2)
                run: view.otherRun
                showName: true
                scaleMax: view.sharedScaleMax
            }
        }

        ChartPanel {
            id: rateChart
            objectName: "fragmentationRateChart"
            Layout.fillWidth: true
            Layout.fillHeight: true
            Layout.preferredWidth: 2
            title: qsTr("Cluster fragmentation rate")
            titleColor: ThemePalette.text
            run: view.run
            otherRun: view.otherRun
            position: view.position
            chartId: "fragmentation-rate"
            yTitle: qsTr("Fragmentation rate (%)")
            yCap: 100
            cursorKey: "frag_rate_pct"
            cursorUnit: " %"
        }
    }
}
