import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import QtQuick.Dialogs
import Tessera.Views

// Export for reports: one chart as PNG, SVG or PDF at a chosen size, the data behind it as CSV
// (the visible range), or a PDF report with every chart, the parameters and the summaries.
Dialog {
    id: dialog

    required property ExportController exporter
    property RunHandle runA: null
    property RunHandle runB: null
    property int position: 0
    property int from: 0
    property int to: -1
    // The chart to preselect, e.g. the one of the current view.
    property string preferredChart: "allocation"

    title: qsTr("Export")
    modal: true
    anchors.centerIn: Overlay.overlay
    standardButtons: Dialog.Close

    onOpened: chartBox.currentIndex = Math.max(0, exporter.charts.indexOf(preferredChart))

    function pick(kind) {
        fileDialog.kind = kind
        const chart = exporter.charts[chartBox.currentIndex]
        const suffix = kind === "report" ? "pdf" : kind === "csv" ? "csv" : formatBox.currentText.toLowerCase()
        fileDialog.nameFilters = [suffix.toUpperCase() + " (*." + suffix + ")"]
        fileDialog.defaultSuffix = suffix
        fileDialog.selectedFile = "file:///" + (kind === "report" ? "tessera-report" : "tessera-" + chart) + "." + suffix
        fileDialog.open()
    }

    function write(path) {
        const chart = exporter.charts[chartBox.currentIndex]
        if (fileDialog.kind === "report")
            exporter.exportReport(runA, runB, path, position)
        else if (fileDialog.kind === "csv")
            exporter.exportCsv(chart, runA, runB, from, to, path)
        else
            exporter.exportChart(chart, runA, runB, from, to, position, path, formatBox.currentText.toLowerCase(),
                                 widthBox.value, heightBox.value)
    }

    FileDialog {
        id: fileDialog
        property string kind: "chart"
        fileMode: FileDialog.SaveFile
        onAccepted: dialog.write(selectedFile)
    }

    GridLayout {
        columns: 2
        rowSpacing: 8
        columnSpacing: 12

        Label { text: qsTr("Chart"); color: ThemePalette.text }
        ComboBox {
            id: chartBox
            Layout.fillWidth: true
            model: dialog.exporter.charts.map(c => dialog.exporter.chartTitle(c))
        }
        Label { text: qsTr("Format"); color: ThemePalette.text }
        ComboBox { id: formatBox; model: ["PNG", "SVG", "PDF"] }
        Label { text: qsTr("Size (px)"); color: ThemePalette.text }
        RowLayout {
            SpinBox { id: widthBox; from: 64; to: 16384; value: 1600; editable: true }
            Label { text: "×"; color: ThemePalette.text }
            SpinBox { id: heightBox; from: 64; to: 16384; value: 1000; editable: true }
        }
        Item { width: 1; height: 1 }
        RowLayout {
            Button { text: qsTr("Export chart…"); enabled: dialog.runA !== null && !dialog.exporter.busy; onClicked: dialog.pick("chart") }
            Button { text: qsTr("Export CSV…"); enabled: dialog.runA !== null && !dialog.exporter.busy; onClicked: dialog.pick("csv") }
            Button { text: qsTr("Export report…"); enabled: dialog.runA !== null && !dialog.exporter.busy; onClicked: dialog.pick("report") }
        }
        Item { width: 1; height: 1 }
        ColumnLayout {
            Layout.maximumWidth: 420
            ProgressBar { Layout.fillWidth: true; visible: dialog.exporter.busy; value: dialog.exporter.progress }
            Label {
                Layout.fillWidth: true
                wrapMode: Text.WrapAnywhere
                color: dialog.exporter.error.length > 0 ? (ThemePalette.dark ? "#ff9d8a" : "#b3261e") : ThemePalette.text
                text: dialog.exporter.error.length > 0 ? dialog.exporter.error
                      : dialog.exporter.lastPath.length > 0 ? qsTr("Saved %1").arg(dialog.exporter.lastPath) : ""
            }
        }
    }
}
