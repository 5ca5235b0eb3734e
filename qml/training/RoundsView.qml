import QtQuick
import QtQuick.Layouts
import QtCharts
import Tessera.Views
import Tessera

// A training-placement run over its rounds: jobs running and queued (the headline), GPU
// utilisation, and preemptions per round. Each draws the plan of the exported chart of the same
// id; an other run (a fork or a compared run) in its colour, dashed.
Item {
    id: view

    property RunHandle run: null
    property RunHandle otherRun: null
    property int position: 0

    ColumnLayout {
        anchors.fill: parent
        spacing: 0

        ChartPanel {
            objectName: "jobsChart"
            Layout.fillWidth: true
            Layout.fillHeight: true
            Layout.preferredHeight: 3
            title: qsTr("Jobs running and queued per round")
            titleColor: ThemePalette.text
            run: view.run
            otherRun: view.otherRun
            position: view.position
            chartId: "jobs"
            yTitle: qsTr("Jobs (count)")
            cursorKey: "jobs_running"
            cursorUnit: qsTr(" running")
        }

        ChartPanel {
            objectName: "utilisationChart"
            Layout.fillWidth: true
            Layout.fillHeight: true
            Layout.preferredHeight: 2
            title: qsTr("GPU utilisation per round: busy GPUs / all GPUs")
            titleColor: ThemePalette.text
            run: view.run
            otherRun: view.otherRun
            position: view.position
            chartId: "utilisation"
            yTitle: qsTr("Busy (%)")  // short: the panel is low at 1280x800; the title says what
            yFixed: 100
            yCap: 100
            cursorKey: "utilisation_pct"
            cursorUnit: " %"
        }

        ChartPanel {
            objectName: "preemptionsChart"
            Layout.fillWidth: true
            Layout.fillHeight: true
            Layout.preferredHeight: 2
            title: qsTr("Preemptions per round: running jobs moved or stopped")
            titleColor: ThemePalette.text
            run: view.run
            otherRun: view.otherRun
            position: view.position
            chartId: "preemptions"
            yTitle: qsTr("Jobs")
            cursorKey: "preemptions"
            cursorUnit: qsTr(" jobs")
        }
    }
}
