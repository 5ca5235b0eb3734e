import QtQuick
import QtQuick.Layouts
import QtCharts
import Tessera.Views

// GPU allocation against arrived workload, as in the FGD paper (with the diagonal on which every
// arrived GPU would be allocated), and the failed pods by class below. An other run (a fork or a
// compared run) is drawn in its own colour on both charts.
Item {
    id: view

    property RunHandle run: null
    property RunHandle otherRun: null
    property int position: 0

    readonly property bool arrivedAxis: run !== null && run.xKey === "arrived_pct"
    property var classSeries: []

    function refresh() {
        refreshAllocation()
        refreshFailed()
    }

    // Each chart refills only its own series when its point budget changes.
    function refreshAllocation() {
        const budget = allocChart.pointBudget
        SeriesFeeder.fill(allocSeries, run, "alloc_pct", 0, -1, budget)
        SeriesFeeder.fill(otherAllocSeries, otherRun, "alloc_pct", 0, -1, budget)
        idealSeries.clear()
        if (arrivedAxis) {
            const top = Math.min(100, allocChart.xMax)
            idealSeries.append(0, 0)
            idealSeries.append(top, top)
        }
    }

    function refreshFailed() {
        for (const s of classSeries)
            failedChart.removeSeries(s)
        const created = []
        const keys = run ? SeriesFeeder.keysWithPrefix(run, "failed_").filter(k => k !== "failed_pods") : []
        let top = 0
        keys.forEach((key, i) => {
            const s = failedChart.createSeries(ChartView.SeriesTypeLine, key.substring("failed_".length),
                                               failedChart.xAxis, failedChart.yAxis)
            s.color = failedChart.categoryColors[i % failedChart.categoryColors.length]
            s.width = 2
            SeriesFeeder.fill(s, run, key, 0, -1, failedChart.pointBudget)
            top = Math.max(top, SeriesFeeder.maxValue(run, [key]))
            created.push(s)
        })
        SeriesFeeder.fill(otherFailedSeries, otherRun, "failed_pods", 0, -1, failedChart.pointBudget)
        top = Math.max(top, SeriesFeeder.maxValue(otherRun, ["failed_pods"]))
        classSeries = created
        failedChart.yMax = SeriesFeeder.niceCeiling(Math.max(top, 5))  // whole pods per tick
    }

    onRunChanged: refresh()
    onOtherRunChanged: refresh()
    Component.onCompleted: refresh()

    ColumnLayout {
        anchors.fill: parent
        spacing: 0

        ChartPanel {
            id: allocChart
            Layout.fillWidth: true
            Layout.fillHeight: true
            Layout.preferredHeight: 3
            title: qsTr("GPU allocation")
            titleColor: ThemePalette.text
            run: view.run
            otherRun: view.otherRun
            position: view.position
            yTitle: qsTr("GPU allocation (%)")
            // The FGD paper's 0-100 % in the experiment; in replay, allocation stays low and the
            // axis follows the data.
            yMax: view.arrivedAxis || !view.run ? 100
                  : SeriesFeeder.niceCeiling(Math.max(1, SeriesFeeder.maxValue(view.run, ["alloc_pct"]),
                                                      SeriesFeeder.maxValue(view.otherRun, ["alloc_pct"])))
            cursorText: view.run ? view.run.value("alloc_pct", view.position).toFixed(1) + " %" : ""
            onPointBudgetChanged: view.refreshAllocation()

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
            LineSeries {
                id: allocSeries
                name: view.run ? view.run.name : ""
                axisX: allocChart.xAxis
                axisY: allocChart.yAxis
                color: allocChart.runColor(view.run, "#0072B2")
                width: 2
            }
            LineSeries {
                id: otherAllocSeries
                name: view.otherRun ? view.otherRun.name : ""
                visible: view.otherRun !== null
                axisX: allocChart.xAxis
                axisY: allocChart.yAxis
                color: allocChart.runColor(view.otherRun, "#D55E00")
                width: 2
            }
        }

        ChartPanel {
            id: failedChart
            Layout.fillWidth: true
            Layout.fillHeight: true
            Layout.preferredHeight: 2
            title: qsTr("Failed pods by class")
            titleColor: ThemePalette.text
            run: view.run
            otherRun: view.otherRun
            position: view.position
            yTitle: qsTr("Failed pods (pods)")
            cursorText: view.run ? view.run.valueText("failed_pods", view.position) + qsTr(" failed") : ""
            onPointBudgetChanged: view.refreshFailed()

            LineSeries {
                id: otherFailedSeries
                name: view.otherRun ? qsTr("%1: all failed pods").arg(view.otherRun.name) : ""
                visible: view.otherRun !== null
                axisX: failedChart.xAxis
                axisY: failedChart.yAxis
                color: failedChart.runColor(view.otherRun, "#D55E00")
                width: 2
                style: Qt.DashLine
            }
        }
    }
}
