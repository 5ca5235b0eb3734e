import QtQuick
import QtQuick.Controls
import Tessera.Views
import Tessera

// The job completion times of a training-placement run as a cumulative distribution, with the
// compared or forked run's over it: drawn by the exported chart's painter (RegisteredChartItem),
// so that the tab and its file are one drawing. Not over rounds: the cursor does not move it.
// JCTs span decades (minutes to weeks): the time axis is logarithmic when they do, as in the
// exports, and the box switches it.
Item {
    id: view

    property RunHandle run: null
    property RunHandle otherRun: null
    property int position: 0

    Rectangle {
        anchors.fill: parent
        color: ThemePalette.window
    }

    TickBox {
        id: logAxis
        objectName: "jctLogAxis"
        anchors.left: parent.left
        anchors.top: parent.top
        anchors.leftMargin: 8
        enabled: cdf.panelCount > 0
        text: qsTr("Log time axis")
        checked: cdf.xLogarithmic
        onToggled: ChartZoom.logarithmicX = checked
        ToolTip.visible: hovered
        ToolTip.delay: 500
        ToolTip.text: qsTr("Job completion time on a logarithmic axis: chosen when the longest JCT is over 100 times the shortest")
    }

    RegisteredChartItem {
        id: cdf
        objectName: "jctCdfChart"
        anchors.fill: parent
        anchors.margins: 8
        anchors.topMargin: logAxis.height
        run: view.run
        otherRun: view.otherRun
        chartId: "jct-cdf"
        dark: ThemePalette.dark
        logarithmicX: ChartZoom.logarithmicX  // shared with the export
    }

    Text {
        anchors.centerIn: parent
        visible: cdf.panelCount === 0
        text: cdf.emptyText
        color: ThemePalette.text
        font.pixelSize: 14
    }
}
