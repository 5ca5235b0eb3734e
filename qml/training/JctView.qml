import QtQuick
import Tessera.Views
import Tessera

// The job completion times of a training-placement run as a cumulative distribution, with the
// compared or forked run's over it: drawn by the exported chart's painter (RegisteredChartItem),
// so that the tab and its file are one drawing. Not over rounds: the cursor does not move it.
Item {
    id: view

    property RunHandle run: null
    property RunHandle otherRun: null
    property int position: 0

    Rectangle {
        anchors.fill: parent
        color: ThemePalette.window
    }

    RegisteredChartItem {
        id: cdf
        objectName: "jctCdfChart"
        anchors.fill: parent
        anchors.margins: 8
        run: view.run
        otherRun: view.otherRun
        chartId: "jct-cdf"
        dark: ThemePalette.dark
    }

    Text {
        anchors.centerIn: parent
        visible: cdf.panelCount === 0
        text: cdf.emptyText
        color: ThemePalette.text
        font.pixelSize: 14
    }
}
