import QtQuick
import QtQuick.Layouts
import QtCharts
import Tessera.Views
import Tessera

// A training-placement run over its rounds: jobs running and queued (the headline), GPU
// utilisation, and preemptions per round. Each draws the plan of the exported chart of the same
// id; an other run (a fork or a compared run) in its colour, dashed. The three share one time
// axis: their plots start at one x (the widest y labels' panel sets it), as in the export.
Item {
    id: view

    property RunHandle run: null
    property RunHandle otherRun: null
    property int position: 0

    // Where each panel's plot would start with its own left margin, and where all start.
    readonly property var panels: [jobsPanel, utilisationPanel, preemptionsPanel]
    readonly property real plotLeft: Math.max(...panels.map(p => p.naturalLeft))

    // A panel whose plot starts at view.plotLeft: its left margin makes up what its y labels
    // leave. naturalLeft is kept by a handler, not bound, since the plot moves with the margin.
    component AlignedPanel: ChartPanel {
        property real naturalLeft: 0
        readonly property real baseMargin: 4
        margins.left: baseMargin + Math.max(0, view.plotLeft - naturalLeft)
        onPlotAreaChanged: area => naturalLeft = area.x - margins.left + baseMargin
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: 0

        AlignedPanel {
            id: jobsPanel
            objectName: "jobsChart"
            Layout.fillWidth: true
            Layout.fillHeight: true
            Layout.preferredHeight: 3
            title: ChartPlans.title(chartId, view.run)
            titleColor: ThemePalette.text
            run: view.run
            otherRun: view.otherRun
            position: view.position
            chartId: "jobs"
            yTitle: ChartPlans.yTitle(chartId, view.run)
            cursorKey: "jobs_running"
            cursorUnit: qsTr(" running")
        }

        AlignedPanel {
            id: utilisationPanel
            objectName: "utilisationChart"
            Layout.fillWidth: true
            Layout.fillHeight: true
            Layout.preferredHeight: 2
            title: ChartPlans.title(chartId, view.run)
            titleColor: ThemePalette.text
            run: view.run
            otherRun: view.otherRun
            position: view.position
            chartId: "utilisation"
            yTitle: ChartPlans.yTitle(chartId, view.run)
            yFixed: 100
            yCap: 100
            cursorKey: "utilisation_pct"
            cursorUnit: " %"
        }

        AlignedPanel {
            id: preemptionsPanel
            objectName: "preemptionsChart"
            Layout.fillWidth: true
            Layout.fillHeight: true
            Layout.preferredHeight: 2
            title: ChartPlans.title(chartId, view.run)
            titleColor: ThemePalette.text
            run: view.run
            otherRun: view.otherRun
            position: view.position
            chartId: "preemptions"
            yTitle: ChartPlans.yTitle(chartId, view.run)
            cursorKey: "preemptions"
            cursorUnit: qsTr(" jobs")
        }
    }
}
