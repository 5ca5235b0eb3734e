import QtQuick
import QtQuick.Layouts
import QtCharts
import Tessera.Views

// Cluster power in kW: CPU and GPU stacked as areas under the total, an other run's total in its
// own colour, and below it the GPU power by GPU model when the run's series has those columns
// ("gpu_power_kw:<MODEL>").
Item {
    id: view

    property RunHandle run: null
    property RunHandle otherRun: null
    property int position: 0

    readonly property string modelPrefix: "gpu_power_kw:"
    readonly property var modelKeys: run ? SeriesFeeder.keysWithPrefix(run, modelPrefix) : []
    property var modelSeries: []

    function refresh() {
        refreshPower()
        refreshModels()
    }

    // Each chart refills only its own series when its point budget changes.
    function refreshPower() {
        const budget = powerChart.pointBudget
        SeriesFeeder.fillStacked(cpuArea, run, [], "cpu_power_kw", 0, -1, budget)
        SeriesFeeder.fillStacked(gpuArea, run, ["cpu_power_kw"], "gpu_power_kw", 0, -1, budget)
        SeriesFeeder.fill(totalSeries, run, "power_kw", 0, -1, budget)
        SeriesFeeder.fill(otherTotalSeries, otherRun, "power_kw", 0, -1, budget)
        const top = Math.max(SeriesFeeder.maxValue(run, ["power_kw"]), SeriesFeeder.maxValue(otherRun, ["power_kw"]))
        powerChart.yMax = SeriesFeeder.niceCeiling(Math.max(top, 1))
    }

    function refreshModels() {
        for (const s of modelSeries)
            modelChart.removeSeries(s)
        const created = []
        let top = 0
        modelKeys.forEach((key, i) => {
            const s = modelChart.createSeries(ChartView.SeriesTypeLine, key.substring(modelPrefix.length),
                                              modelChart.xAxis, modelChart.yAxis)
            s.color = modelChart.categoryColors[i % modelChart.categoryColors.length]
            s.width = 2
            SeriesFeeder.fill(s, run, key, 0, -1, modelChart.pointBudget)
            top = Math.max(top, SeriesFeeder.maxValue(run, [key]))
            created.push(s)
        })
        modelSeries = created
        modelChart.yMax = SeriesFeeder.niceCeiling(Math.max(top, 1))
    }

    onRunChanged: refresh()
    onOtherRunChanged: refresh()
    Component.onCompleted: refresh()

    ColumnLayout {
        anchors.fill: parent
        spacing: 0

        ChartPanel {
            id: powerChart
            Layout.fillWidth: true
            Layout.fillHeight: true
            Layout.preferredHeight: 3
            title: qsTr("Cluster power")
            titleColor: ThemePalette.text
            run: view.run
            otherRun: view.otherRun
            position: view.position
            yTitle: qsTr("Power (kW)")
            cursorText: view.run ? view.run.value("power_kw", view.position).toFixed(1) + " kW" : ""
            onPointBudgetChanged: view.refreshPower()

            AreaSeries {
                id: cpuArea
                name: qsTr("CPU power")
                axisX: powerChart.xAxis
                axisY: powerChart.yAxis
                color: Qt.rgba(0.90, 0.62, 0.0, 0.45)  // Okabe-Ito orange
                borderColor: "#E69F00"
                borderWidth: 1
                upperSeries: LineSeries {}
            }
            AreaSeries {
                id: gpuArea
                name: qsTr("GPU power")
                axisX: powerChart.xAxis
                axisY: powerChart.yAxis
                color: Qt.rgba(0.34, 0.71, 0.91, 0.45)  // Okabe-Ito sky blue
                borderColor: "#56B4E9"
                borderWidth: 1
                upperSeries: LineSeries {}
                lowerSeries: LineSeries {}
            }
            LineSeries {
                id: totalSeries
                name: view.run ? qsTr("%1: total").arg(view.run.name) : ""
                axisX: powerChart.xAxis
                axisY: powerChart.yAxis
                color: powerChart.runColor(view.run, "#0072B2")
                width: 2
            }
            LineSeries {
                id: otherTotalSeries
                name: view.otherRun ? qsTr("%1: total").arg(view.otherRun.name) : ""
                visible: view.otherRun !== null
                axisX: powerChart.xAxis
                axisY: powerChart.yAxis
                color: powerChart.runColor(view.otherRun, "#D55E00")
                width: 2
            }
        }

        ChartPanel {
            id: modelChart
            visible: view.modelKeys.length > 0
            Layout.fillWidth: true
            Layout.fillHeight: true
            Layout.preferredHeight: 2
            title: qsTr("GPU power by GPU model")
            titleColor: ThemePalette.text
            run: view.run
            position: view.position
            yTitle: qsTr("GPU power (kW)")
            onPointBudgetChanged: view.refreshModels()
        }
    }
}
