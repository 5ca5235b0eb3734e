import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import QtCharts
import Tessera.Views
import Tessera

// The renting kind's GPUs: held per job type, stacked (their top is the GPUs rented), with every
// run's total, its average so far (what the budget bounds) and its budget line; below, the jobs
// running and queued. Both draw the plans of the exported charts ("rented-by-type", "jobs"), so
// the screen and the files agree. Instantaneous peaks rise to ten times the budget, which then
// read as a hairline at the bottom: by default the y axis holds three times the budget and says
// how far the peaks it cuts go (chart::BudgetAxis, as the exports); "Whole peaks" shows them.
Item {
    id: view

    property RunHandle run: null
    property RunHandle otherRun: null
    property int position: 0
    // The y axis held to three times the highest budget, and how far the peaks it cuts go: the
    // exported charts' rule (chart::BudgetAxis), so the screen, the files and the report agree.
    readonly property var budgetAxis: SeriesFeeder.budgetAxis(run, otherRun)
    readonly property bool peaksCut: !wholePeaks.checked && budgetAxis.cutsPeaks

    ColumnLayout {
        anchors.fill: parent
        spacing: 0

        ChartPanel {
            id: rentedChart
            objectName: "rentedByTypeChart"
            Layout.fillWidth: true
            Layout.fillHeight: true
            Layout.preferredHeight: 3
            title: qsTr("GPUs rented per job type, stacked, their average so far and the budget")
            titleColor: ThemePalette.text
            run: view.run
            otherRun: view.otherRun
            position: view.position
            chartId: "rented-by-type"
            yTitle: qsTr("GPUs")
            yCap: wholePeaks.checked || view.budgetAxis.top <= 0 ? Infinity : view.budgetAxis.top
            onYCapChanged: refillPlan()
            // The three numbers the lines draw, at the cursor; B's at its matching position.
            cursorText: {
                if (!view.run)
                    return ""
                const one = (r, p) => qsTr("%1 rented · average %2 · budget %3 GPUs").arg(r.valueText("gpus_rented", p))
                    .arg(r.valueText("average_rented_gpus", p)).arg(r.valueText("budget_gpus", p))
                const a = one(view.run, view.position)
                return view.otherRun ? "A " + a + "\nB " + one(view.otherRun, view.otherRun.positionMatching(view.run, view.position))
                                     : a
            }

            // Its own strip above the title (the title is centred across the chart).
            margins.top: peaksRow.height + 4
            Row {
                id: peaksRow
                parent: rentedChart
                anchors.right: parent.right
                anchors.rightMargin: 8
                y: 0
                z: 12
                spacing: 8
                Text {
                    objectName: "rentedPeaksCut"
                    anchors.verticalCenter: parent.verticalCenter
                    visible: view.peaksCut
                    text: view.budgetAxis.note
                    color: ThemePalette.text
                    font.pixelSize: ThemePalette.chartFontPixels
                }
                CheckBox {
                    id: wholePeaks
                    objectName: "rentedWholePeaks"
                    text: qsTr("Whole peaks")
                    checked: false
                    ToolTip.visible: hovered
                    ToolTip.text: qsTr("Scale the y axis to the highest GPUs rented, not to the budget and the average")
                }
            }
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
