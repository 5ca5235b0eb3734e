import QtQuick
import QtQuick.Layouts
import QtCharts
import Tessera.Views
import Tessera

// A MIG inference run's fleet over time: GPUs used (the headline) and GPU instances, and below
// it the slice utilisation, Σg / (7 × GPUs used). Both draw the plans of the exported charts:
// an other run (a fork or a compared run) in its colour, dashed.
Item {
    id: view

    property RunHandle run: null
    property RunHandle otherRun: null
    property int position: 0

    ColumnLayout {
        anchors.fill: parent
        spacing: 0

        ChartPanel {
            objectName: "fleetChart"
            Layout.fillWidth: true
            Layout.fillHeight: true
            Layout.preferredHeight: 3
            title: qsTr("GPUs used and GPU instances")
            titleColor: ThemePalette.text
            run: view.run
            otherRun: view.otherRun
            position: view.position
            chartId: "fleet"
            yTitle: qsTr("GPUs, instances (count)")
            cursorKey: "gpus_used"
            cursorUnit: " GPUs"
        }

        ChartPanel {
            objectName: "sliceUtilisationChart"
            Layout.fillWidth: true
            Layout.fillHeight: true
            Layout.preferredHeight: 2
            title: qsTr("Slice utilisation: compute slices allocated / (7 × GPUs used)")
            titleColor: ThemePalette.text
            run: view.run
            otherRun: view.otherRun
            position: view.position
            chartId: "slice-utilisation"
            yTitle: qsTr("Slice utilisation (%)")
            yFixed: 100
            yCap: 100
            cursorKey: "slice_util_pct"
            cursorUnit: " %"
        }
    }
}
