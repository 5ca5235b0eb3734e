import QtQuick
import QtQuick.Layouts
import QtCharts
import Tessera.Views
import Tessera

// The renting kind's GPUs: held per job type, stacked (their top is the GPUs rented), with every
// run's total and its budget line; below, the jobs running and queued. Both draw the plans of
// the exported charts ("rented-by-type", "jobs"), so the screen and the files agree.
Item {
    id: view

    property RunHandle run: null
    property RunHandle otherRun: null
    property int position: 0

    ColumnLayout {
        anchors.fill: parent
        spacing: 0

        ChartPanel {
            id: rentedChart
            objectName: "rentedByTypeChart"
            Layout.fillWidth: true
            Layout.fillHeight: true
            Layout.preferredHeight: 3
            title: qsTr("GPUs rented per job type, stacked, and the budget")
            titleColor: ThemePalette.text
            run: view.run
            otherRun: view.otherRun
            position: view.position
            chartId: "rented-by-type"
            yTitle: qsTr("GPUs")
            cursorKey: "gpus_rented"
            cursorUnit: " GPUs"
        }

        ChartPanel {
            objectName: "rentalJobsChart"
            Layout.fillWidth: true
            Layout.fillHeight: true
            Layout.preferredHeight: 2
            title: qsTr("Jobs running and queued")
            titleColor: ThemePalette.text
            run: view.run
            otherRun: view.otherRun
            position: view.position
            chartId: "jobs"
            yTitle: qsTr("Jobs")
            cursorKey: "jobs_running"
            cursorUnit: " jobs"
        }
    }
}
