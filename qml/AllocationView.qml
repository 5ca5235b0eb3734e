import QtQuick
import QtQuick.Layouts
import QtCharts
import Tessera.Views

// GPU allocation against arrived workload, as in the FGD paper (with the diagonal on which every
// arrived GPU would be allocated), and the failed pods by class below. Both draw the plans of
// the exported charts: an other run (a fork or a compared run) in its colour, dashed, and the
// failed pods of both runs by class.
Item {
    id: view

    property RunHandle run: null
    property RunHandle otherRun: null
    property int position: 0

    readonly property bool arrivedAxis: run !== null && !run.xStepped

    function refreshIdeal() {
        idealSeries.clear()
        if (arrivedAxis) {
            const top = Math.min(100, allocChart.xMax)
            idealSeries.append(0, 0)
            idealSeries.append(top, top)
        }
    }

    onRunChanged: refreshIdeal()
    onOtherRunChanged: refreshIdeal()
    Component.onCompleted: refreshIdeal()

    ColumnLayout {
        anchors.fill: parent
        spacing: 0

        ChartPanel {
            id: allocChart
            objectName: "allocationChart"
            Layout.fillWidth: true
            Layout.fillHeight: true
            Layout.preferredHeight: 3
            title: qsTr("GPU allocation")
            titleColor: ThemePalette.text
            run: view.run
            otherRun: view.otherRun
            position: view.position
            chartId: "allocation"
            yTitle: qsTr("GPU allocation (%)")
            // The FGD paper's 0-100 % in the experiment; in replay, allocation stays low and the
            // axis follows the data.
            yFixed: view.arrivedAxis || !view.run ? 100 : NaN
            yCap: 100
            cursorKey: "alloc_pct"
            cursorUnit: " %"

            LineSeries {
                id: idealSeries
                name: qsTr("every arrived GPU allocated")
                axisX: allocChart.xAxis
                axisY: allocChart.yAxis
                visible: view.arrivedAxis
                color: ThemePalette.mid
                width: 1
                style: Qt.DashLine
            }
        }

        ChartPanel {
            id: failedChart
            objectName: "failedChart"
            Layout.fillWidth: true
            Layout.fillHeight: true
            Layout.preferredHeight: 2
            title: qsTr("Failed pods by class")
            titleColor: ThemePalette.text
            run: view.run
            otherRun: view.otherRun
            position: view.position
            chartId: "failed-pods"
            yTitle: qsTr("Failed pods (pods)")
            yFloor: 5  // whole pods per tick
            cursorKey: "failed_pods"
            cursorUnit: qsTr(" failed")
        }
    }
}
