import QtQuick
import QtQuick.Layouts
import QtCharts
import Tessera.Views
import Tessera

// What a MIG inference run's services got, per step: the share of requests within their latency
// SLO, overall and per model, and the p99 latency, overall and per model. The model names tell
// the series apart, so a legend below each chart wraps them whole.
Item {
    id: view

    property RunHandle run: null
    property RunHandle otherRun: null
    property int position: 0

    ColumnLayout {
        anchors.fill: parent
        spacing: 0

        ChartPanel {
            id: sloChart
            objectName: "sloChart"
            Layout.fillWidth: true
            Layout.fillHeight: true
            Layout.preferredHeight: 3
            title: qsTr("SLO attainment per step, all and per model")
            titleColor: ThemePalette.text
            run: view.run
            otherRun: view.otherRun
            position: view.position
            chartId: "slo"
            yTitle: qsTr("SLO attainment (%)")
            yCap: 100
            cursorKey: "slo_attainment_pct"
            cursorUnit: " %"
            showLegend: false
        }

        SeriesLegend {
            Layout.fillWidth: true
            Layout.leftMargin: 8
            Layout.rightMargin: 8
            plan: sloChart.plan
        }

        ChartPanel {
            id: latencyChart
            objectName: "latencyChart"
            Layout.fillWidth: true
            Layout.fillHeight: true
            Layout.preferredHeight: 3
            title: qsTr("p99 latency per step, all and per model")
            titleColor: ThemePalette.text
            run: view.run
            otherRun: view.otherRun
            position: view.position
            chartId: "latency"
            yTitle: qsTr("p99 latency (ms)")
            cursorKey: "p99_ms"
            cursorUnit: " ms"
            showLegend: false
        }

        SeriesLegend {
            Layout.fillWidth: true
            Layout.leftMargin: 8
            Layout.rightMargin: 8
            plan: latencyChart.plan
        }
    }
}
