import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import QtCharts
import Tessera.Views

// The run's summary figures at the top (RunSummaryStrip), then any metric of the run's series
// over its x axis, with the other run's dashed beside it (the
// "metric" plan of ChartPlans, styled as every exported chart): the view
// that works for every run kind, whatever metrics it records (the other views know the
// pod-scheduling metrics by name).
Item {
    id: view

    property RunHandle run: null
    property RunHandle otherRun: null
    property int position: 0

    readonly property var metrics: run ? run.metrics().slice(1) : []  // column 0 is the x axis
    readonly property var metric: metrics.length > 0 ? metrics[Math.min(metricBox.currentIndex, metrics.length - 1)] : null

    ColumnLayout {
        anchors.fill: parent
        spacing: 4

        Label {
            Layout.leftMargin: 8
            Layout.topMargin: 4
            visible: summary.visible
            text: qsTr("Whole run")
            font.bold: true
            color: ThemePalette.text
        }
        RunSummaryStrip {
            id: summary
            objectName: "runSummary"
            Layout.fillWidth: true
            Layout.leftMargin: 8
            Layout.rightMargin: 8
            run: view.run
        }

        RowLayout {
            Layout.fillWidth: true
            Layout.leftMargin: 8
            Label { text: qsTr("Metric"); color: ThemePalette.text }
            ComboBox {
                id: metricBox
                objectName: "metricBox"
                Layout.preferredWidth: 320
                model: view.metrics.map(m => ChartPlans.unitTitle(m.label, m.unit))
            }
            Label {
                objectName: "metricCursorText"
                Layout.fillWidth: true
                color: ThemePalette.text
                // The chart's own cursor text: the metric's unit and, with a second run, both runs'.
                text: chart.cursorValues.length > 0 ? qsTr("%1 at the cursor").arg(chart.cursorValues) : ""
            }
        }

        ChartPanel {
            id: chart
            Layout.fillWidth: true
            Layout.fillHeight: true
            title: view.metric ? view.metric.label : ""
            titleColor: ThemePalette.text
            run: view.run
            otherRun: view.otherRun
            position: view.position
            yTitle: view.metric ? ChartPlans.unitTitle(view.metric.label, view.metric.unit) : ""
            chartId: "metric"
            metricKey: view.metric ? view.metric.key : ""
            cursorKey: view.metric ? view.metric.key : ""
            cursorUnit: view.metric && view.metric.unit.length > 0 ? " " + view.metric.unit : ""
        }
    }
}
