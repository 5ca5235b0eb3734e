import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
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

    // A file this dialog asked for was written (or not): the window confirms it at once.
    signal saved(string message, string path)
    signal failed(string message)

    title: qsTr("Export")
    modal: true
    anchors.centerIn: Overlay.overlay
    // Not closed by clicks in the save dialog it opens over itself.
    closePolicy: Popup.CloseOnEscape
    standardButtons: Dialog.Close

    // The charts of runA's kind (ExportController::charts).
    readonly property var charts: exporter.charts(runA)

    onOpened: chartBox.currentIndex = Math.max(0, charts.indexOf(preferredChart))

    // What is being exported and the path asked for, until the exporter answers.
    property string kind: "chart"
    property string pendingPath: ""
    readonly property var kindNames: ({ chart: qsTr("Chart"), csv: qsTr("CSV data"), report: qsTr("Report") })
    readonly property var kindTitles: ({ chart: qsTr("Save the chart"), csv: qsTr("Save the CSV data"), report: qsTr("Save the report") })

    // Asks where to save `kind` ("chart", "csv" or "report"), then writes it there.
    function pick(kind) {
        dialog.kind = kind
        const chart = dialog.charts[chartBox.currentIndex]
        const format = kind === "report" ? "PDF" : kind === "csv" ? "CSV" : formatBox.currentText
        const name = kind === "report" ? "tessera-report" : "tessera-" + chart
        saveDialog.ask(kindTitles[kind], name, format.toLowerCase(), format)
    }

    function write(path) {
        const chart = dialog.charts[chartBox.currentIndex]
        dialog.pendingPath = path
        let started
        if (dialog.kind === "report")
            started = exporter.exportReport(runA, runB, path, position)
        else if (dialog.kind === "csv")
            started = exporter.exportCsv(chart, runA, runB, from, to, path)
        else
            started = exporter.exportChart(chart, runA, runB, from, to, position, path, formatBox.currentText.toLowerCase(),
                                           widthBox.value, heightBox.value)
        if (!started) {
            dialog.pendingPath = ""
            dialog.failed(exporter.error)
        }
    }

    Connections {
        target: dialog.exporter
        function onExported(path) {
            if (path === dialog.pendingPath) {
                dialog.pendingPath = ""
                dialog.saved(qsTr("%1 saved to %2").arg(dialog.kindNames[dialog.kind]).arg(path), path)
            }
        }
        function onFailed(message) {
            if (dialog.pendingPath.length > 0) {
                dialog.pendingPath = ""
                dialog.failed(message)
            }
        }
    }

    SaveDialog {
        id: saveDialog
        objectName: "exportSaveDialog"
        onChosen: path => dialog.write(path)
    }

    GridLayout {
        columns: 2
        rowSpacing: 8
        columnSpacing: 12

        Label { text: qsTr("Chart"); color: ThemePalette.text }
        ComboBox {
            id: chartBox
            Layout.fillWidth: true
            model: dialog.charts.map(c => dialog.exporter.chartTitle(c, dialog.runA))
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
            Button {
                text: qsTr("Open folder")
                visible: dialog.exporter.error.length === 0 && dialog.exporter.lastPath.length > 0
                onClicked: saveDialog.location.openFolder(dialog.exporter.lastPath)
            }
        }
    }
}
