import QtQuick
import QtQuick.Layouts
import QtCharts
import Tessera.Views

// Cluster power in kW: CPU and GPU stacked as areas under the total, an other run's total dashed
// in its colour, and below it the GPU power by GPU model of both runs when the run's series has
// those columns (the GPU-power-by-model family). Both draw the plans of the exported charts.
Item {
    id: view

    property RunHandle run: null
    property RunHandle otherRun: null
    property int position: 0

    readonly property bool hasModels: run !== null && ChartPlans.series("power-by-model", run, null).length > 0

    ColumnLayout {
        anchors.fill: parent
        spacing: 0

        ChartPanel {
            id: powerChart
            objectName: "powerChart"
            Layout.fillWidth: true
            Layout.fillHeight: true
            Layout.preferredHeight: 3
            title: qsTr("Cluster power, CPU and GPU stacked")
            titleColor: ThemePalette.text
            run: view.run
            otherRun: view.otherRun
            position: view.position
            chartId: "power"
            yTitle: qsTr("Power (kW)")
            cursorKey: "power_kw"
            cursorUnit: " kW"
            // Which decision the value is (its index and exact arrived %): a sweep's table gives
            // the grid point's mean over the decisions that round to it (contracts.md 3.1), so
            // "130 %" here and there may differ in the last digits (walk15).
            cursorText: view.run && !view.otherRun
                        ? qsTr("%1 kW · %2 %3, %4").arg(view.run.valueText("power_kw", view.position))
                              .arg(view.run.words.step).arg(view.position).arg(view.run.positionText(view.position))
                        : ""
        }

        ChartPanel {
            id: modelChart
            objectName: "powerByModelChart"
            visible: view.hasModels
            Layout.fillWidth: true
            Layout.fillHeight: true
            Layout.preferredHeight: 2
            title: qsTr("GPU power by GPU model")
            titleColor: ThemePalette.text
            run: view.run
            otherRun: view.otherRun
            position: view.position
            chartId: "power-by-model"
            yTitle: qsTr("GPU power (kW)")
            // Model names are what tell the series apart: our legend below wraps them whole.
            showLegend: false
        }

        SeriesLegend {
            objectName: "powerByModelLegend"
            visible: view.hasModels
            Layout.fillWidth: true
            Layout.leftMargin: 8
            Layout.rightMargin: 8
            plan: modelChart.plan
        }
    }
}
