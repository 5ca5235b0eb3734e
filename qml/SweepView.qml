import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import QtQuick.Dialogs
import Qt.labs.settings
import Tessera.Views

// The sweep of the open study (a merged study, contracts.md 10; issue 15 item 5): a table of
// its runs, one column per parameter that varies and the runs' figures at one arrived-workload
// point, sortable by a click on a title, filtered by the values of any parameter and grouped by
// any; under it a figure against a swept number (the mean over seeds with a min–max band, a
// curve per group), exported as the other charts. A double click, Enter or "Open run" shows
// the run in the other views.
Pane {
    id: view
    objectName: "sweepView"
    required property SweepBrowser browser
    // The row selected in the table (-1: none).
    property int currentRow: -1
    // The run to show: the window opens it from its study and shows it.
    signal runOpenRequested(string studyPath, int runId)
    signal saved(string message, string path)
    signal failed(string message)

    padding: 10

    function openRow(row) {
        if (row >= 0 && row < browser.shownRuns)
            runOpenRequested(browser.studyAt(row), browser.runIdAt(row))
    }
    function openCurrent() { openRow(currentRow) }
    // Export chart… (Ctrl+E on this tab).
    function exportChart() {
        if (chart.emptyText.length === 0)
            exportDialog.ask(qsTr("Export sweep chart"),
                             "tessera-sweep-" + chart.metric + (chart.secondMetric.length > 0 ? "-" + chart.secondMetric : ""),
                             exportFormat.currentText.toLowerCase(),
                             exportFormat.currentText)
    }
    function metricIndex(id) {
        return browser.metrics.findIndex(m => m.id === id)
    }
    function parameterIndex(id) {
        for (let i = 0; i < browser.parameters.length; ++i)
            if (browser.parameters[i].id === id)
                return i
        return -1
    }
    // The numeric parameters, the chart's choices of x.
    readonly property var numericParameters: browser.parameters.filter(p => p.numeric)

    // The chart's choices, kept across restarts as the window's layout is.
    Settings {
        id: chartOptions
        category: "sweepChart"
        property string secondMetric: ""
        property bool bands: true
    }

    Connections {
        target: view.browser
        function onRowsChanged() { view.currentRow = Math.min(view.currentRow, view.browser.shownRuns - 1) }
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: 6

        // Which sweep, and the study buttons.
        RowLayout {
            Layout.fillWidth: true
            Label {
                objectName: "sweepSummary"
                Layout.fillWidth: true
                text: view.browser.summary
                elide: Text.ElideMiddle
                font.bold: true
                ToolTip.visible: summaryHover.hovered
                ToolTip.delay: 400
                ToolTip.text: view.browser.summaryTip
                HoverHandler { id: summaryHover }
            }
            Button {
                objectName: "sweepAddButton"
                text: qsTr("Add sweep…")
                // Not over the dialog it opens (the pointer stays on the button meanwhile).
                ToolTip.visible: hovered && !addDialog.visible
                ToolTip.delay: 400
                ToolTip.text: qsTr("Browse the sweep of another merged study with this one (another trace's sweep, say)")
                onClicked: addDialog.open()
            }
        }
        ErrorBox { Layout.fillWidth: true; text: view.browser.error }

        // Group, figures' point and filters.
        Flow {
            Layout.fillWidth: true
            spacing: 8
            Row {
                spacing: 4
                Label { text: qsTr("Group by"); anchors.verticalCenter: parent.verticalCenter }
                ComboBox {
                    id: groupBox
                    objectName: "sweepGroupBy"
                    width: 150
                    model: [qsTr("(none)")].concat(view.browser.parameters.map(p => p.title))
                    currentIndex: view.parameterIndex(view.browser.groupBy) + 1
                    onActivated: index => view.browser.groupBy = index === 0 ? "" : view.browser.parameters[index - 1].id
                }
            }
            Row {
                spacing: 4
                Label { text: qsTr("Figures at"); anchors.verticalCenter: parent.verticalCenter }
                ComboBox {
                    objectName: "sweepArrived"
                    width: 150
                    model: view.browser.arrivedPoints.map(p => qsTr("%1 % arrived").arg(p))
                    currentIndex: view.browser.arrivedPoints.indexOf(view.browser.arrived)
                    onActivated: index => view.browser.arrived = view.browser.arrivedPoints[index]
                }
            }
            Label { text: qsTr("Filter:"); height: 32; verticalAlignment: Text.AlignVCenter }
            Repeater {
                model: view.browser.parameters
                Button {
                    id: filterButton
                    required property var modelData
                    readonly property var chosen: { void view.browser.shownRuns; return view.browser.filterOf(modelData.id) }
                    objectName: "sweepFilter-" + modelData.id
                    text: modelData.title + ": " + (chosen.length === 0 ? qsTr("all")
                          : chosen.length === 1 ? chosen[0] : qsTr("%1 of %2").arg(chosen.length).arg(modelData.values.length)) + " ▾"
                    onClicked: filterMenu.popup(filterButton, 0, filterButton.height)
                    Menu {
                        id: filterMenu
                        MenuItem {
                            text: qsTr("All")
                            onTriggered: view.browser.setFilter(filterButton.modelData.id, [])
                        }
                        MenuSeparator {}
                        Instantiator {
                            model: filterButton.modelData.values
                            onObjectAdded: (index, object) => filterMenu.insertItem(index + 2, object)
                            onObjectRemoved: (index, object) => filterMenu.removeItem(object)
                            MenuItem {
                                required property string modelData
                                checkable: true
                                checked: filterButton.chosen.indexOf(modelData) >= 0
                                text: modelData
                                // Adds the value to the filter, or takes it out: pick several.
                                onTriggered: {
                                    let values = filterButton.chosen.slice()
                                    const at = values.indexOf(modelData)
                                    if (at >= 0) values.splice(at, 1); else values.push(modelData)
                                    view.browser.setFilter(filterButton.modelData.id, values)
                                }
                            }
                        }
                    }
                }
            }
            Button {
                text: qsTr("Clear filters")
                onClicked: view.browser.clearFilters()
            }
        }

        SplitView {
            Layout.fillWidth: true
            Layout.fillHeight: true
            orientation: Qt.Vertical

            // The runs: the parameter columns (what a run is) stay put on the left while the
            // figures scroll under a scroll bar shown whenever they do not fit.
            ColumnLayout {
                SplitView.preferredHeight: parent.height * 0.5
                SplitView.minimumHeight: 140
                spacing: 2
                Label {
                    Layout.fillWidth: true
                    text: qsTr("%1 of %2 runs · figures at the %3 % arrived grid point · click a title to sort · double-click or Enter opens a run")
                          .arg(view.browser.shownRuns).arg(view.browser.totalRuns).arg(view.browser.arrived)
                    font.pixelSize: 11
                    opacity: 0.75
                    elide: Text.ElideRight
                }
                RowLayout {
                    Layout.fillWidth: true
                    Layout.fillHeight: true
                    spacing: 0
                    ColumnLayout {
                        spacing: 0
                        Layout.fillHeight: true
                        // Its columns' width, up to about half the tab (the figures need room too).
                        readonly property real keyRoom: Math.min(keyTable.keyWidth, Math.max(160, view.width * 0.55))
                        Layout.minimumWidth: keyRoom
                        Layout.preferredWidth: keyRoom
                        Layout.maximumWidth: keyRoom
                        SweepHeader {
                            objectName: "sweepKeyHeader"
                            Layout.fillWidth: true
                            syncView: keyTable
                            browser: view.browser
                        }
                        SweepTable {
                            id: keyTable
                            objectName: "sweepKeyTable"
                            Layout.fillWidth: true
                            Layout.fillHeight: true
                            browser: view.browser
                            sweepView: view
                            firstColumn: 0
                            endColumn: view.browser.parameterCount
                            // Wide enough for its columns, never wider than their natural widths.
                            readonly property real keyWidth: { void view.browser.columnTitles; let w = 0
                                for (let c = 0; c < view.browser.parameterCount; ++c) w += naturalWidth(c)
                                return w }
                            // Scrolls with the figures, which show the scroll bar.
                            verticalBar: false
                            horizontalBar: keyWidth > parent.keyRoom + 1
                            // Its rows level with the figures' down to the last, above their scroll bar.
                            bottomMargin: table.bottomMargin
                        }
                    }
                    Rectangle { Layout.fillHeight: true; Layout.preferredWidth: 2; color: Qt.rgba(ThemePalette.mid.r, ThemePalette.mid.g, ThemePalette.mid.b, 0.8) }
                    ColumnLayout {
                        spacing: 0
                        Layout.fillWidth: true
                        Layout.fillHeight: true
                        SweepHeader {
                            id: header
                            objectName: "sweepHeader"
                            Layout.fillWidth: true
                            syncView: table
                            browser: view.browser
                        }
                        SweepTable {
                            id: table
                            objectName: "sweepTable"
                            Layout.fillWidth: true
                            Layout.fillHeight: true
                            browser: view.browser
                            sweepView: view
                            firstColumn: view.browser.parameterCount
                            endColumn: view.browser.columnTitles.length
                            syncView: keyTable
                            syncDirection: Qt.Vertical
                            focus: true
                        }
                    }
                }
                RowLayout {
                    Layout.fillWidth: true
                    spacing: 8
                    Button {
                        objectName: "sweepOpenRun"
                        text: qsTr("Open run")
                        enabled: view.currentRow >= 0
                        onClicked: view.openCurrent()
                    }
                    // What power saved is measured against: one line, whole in its tooltip.
                    Label {
                        objectName: "sweepBaselineNote"
                        Layout.fillWidth: true
                        text: view.browser.baselineNote
                        font.pixelSize: 11
                        opacity: 0.75
                        elide: Text.ElideRight
                        verticalAlignment: Text.AlignVCenter
                        ToolTip.visible: noteHover.hovered && truncated
                        ToolTip.text: text
                        HoverHandler { id: noteHover }
                    }
                }
            }

            // The figure against a swept number.
            ColumnLayout {
                SplitView.fillHeight: true
                SplitView.minimumHeight: 160
                spacing: 4
                RowLayout {
                    Layout.fillWidth: true
                    Label { text: qsTr("Plot") }
                    ComboBox {
                        id: metricBox
                        objectName: "sweepMetric"
                        Layout.fillWidth: true
                        Layout.minimumWidth: 110
                        Layout.maximumWidth: 230
                        model: view.browser.metrics.map(m => m.label)
                        // Power saved (kW) unless another was chosen (kept with the sweep's view).
                        currentIndex: Math.max(0, view.browser.metrics.findIndex(m => m.id === view.browser.plotMetric))
                        onActivated: index => view.browser.plotMetric = view.browser.metrics[index].id
                        Accessible.name: qsTr("Metric to plot")
                    }
                    // A second metric in a panel of its own, on the same x axis: power saved
                    // and allocation against the weight in one figure (and one export).
                    Label { text: qsTr("and") }
                    ComboBox {
                        id: secondMetricBox
                        objectName: "sweepSecondMetric"
                        Layout.fillWidth: true
                        Layout.minimumWidth: 110
                        Layout.maximumWidth: 230
                        model: [qsTr("(nothing)")].concat(view.browser.metrics.map(m => m.label))
                        currentIndex: view.metricIndex(chartOptions.secondMetric) + 1
                        onActivated: index => chartOptions.secondMetric = index === 0 ? "" : view.browser.metrics[index - 1].id
                        Accessible.name: qsTr("Second metric, plotted in a panel of its own")
                        ToolTip.visible: hovered
                        ToolTip.delay: 400
                        ToolTip.text: qsTr("A second metric in a panel of its own, against the same x axis (beside the first on screen, under it in exports)")
                    }
                    Label { text: qsTr("against") }
                    ComboBox {
                        id: xBox
                        objectName: "sweepX"
                        Layout.fillWidth: true
                        Layout.minimumWidth: 100
                        Layout.maximumWidth: 150
                        model: view.numericParameters.map(p => p.title)
                        // The one chosen (kept with the sweep's view), else the first weight, else the seed.
                        currentIndex: {
                            const chosen = view.numericParameters.findIndex(p => p.id === view.browser.plotX)
                            return chosen >= 0 ? chosen : Math.max(0, view.numericParameters.findIndex(p => p.id.startsWith("weight:")))
                        }
                        onActivated: index => view.browser.plotX = view.numericParameters[index].id
                        Accessible.name: qsTr("Parameter on the x axis")
                    }
                    CheckBox {
                        objectName: "sweepBands"
                        text: qsTr("Bands")
                        checked: chartOptions.bands
                        onToggled: chartOptions.bands = checked
                        ToolTip.visible: hovered
                        ToolTip.delay: 400
                        ToolTip.text: qsTr("Show the min–max band over the runs at each point")
                    }
                    Item { Layout.fillWidth: true }
                    ComboBox {
                        id: exportFormat
                        objectName: "sweepExportFormat"
                        Layout.preferredWidth: 80
                        model: ["SVG", "PDF", "PNG"]
                    }
                    Button {
                        text: qsTr("Export chart…")
                        enabled: chart.emptyText.length === 0
                        ToolTip.visible: hovered
                        ToolTip.delay: 400
                        ToolTip.text: qsTr("Save this chart in the format beside (Ctrl+E)")
                        onClicked: view.exportChart()
                    }
                }
                Item {
                    Layout.fillWidth: true
                    Layout.fillHeight: true
                    SweepChartItem {
                        id: chart
                        objectName: "sweepChart"
                        anchors.fill: parent
                        browser: view.browser
                        dark: ThemePalette.dark
                        metric: view.browser.metrics[metricBox.currentIndex] ? view.browser.metrics[metricBox.currentIndex].id : ""
                        secondMetric: chartOptions.secondMetric
                        bands: chartOptions.bands
                        xParameter: view.numericParameters[xBox.currentIndex] ? view.numericParameters[xBox.currentIndex].id : ""
                    }
                    Label {
                        anchors.centerIn: parent
                        visible: chart.emptyText.length > 0
                        text: chart.emptyText
                        opacity: 0.7
                    }
                }
            }
        }
    }

    // Starts beside the study shown, where a sweep's other studies are, as the Library's
    // "Open study…" starts in the study's folder.
    SaveLocation { id: location }
    FileDialog {
        id: addDialog
        objectName: "sweepAddDialog"
        currentFolder: view.browser.studies.length > 0 ? location.urlOf(location.folderOf(view.browser.studies[0]))
                                                       : location.urlOf(location.startFolder)
        title: qsTr("Add the sweep of another study")
        nameFilters: [qsTr("Tessera studies (*.sqlite *.db)"), qsTr("All files (*)")]
        onAccepted: view.browser.add(selectedFile.toString())
    }
    SaveDialog {
        id: exportDialog
        objectName: "sweepExportDialog"
        onChosen: path => {
            const problem = chart.exportTo(path)
            if (problem.length > 0)
                view.failed(problem)
            else
                view.saved(qsTr("Chart saved to %1").arg(path), path)
        }
    }
}
