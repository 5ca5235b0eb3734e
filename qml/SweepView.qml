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
        property string metric: "powerSaved"
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
                ToolTip.text: view.browser.studies.join("\n")
                HoverHandler { id: summaryHover }
            }
            Button {
                text: qsTr("Add sweep…")
                ToolTip.visible: hovered
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

            // The runs.
            ColumnLayout {
                SplitView.preferredHeight: parent.height * 0.45
                SplitView.minimumHeight: 120
                spacing: 2
                Label {
                    Layout.fillWidth: true
                    text: qsTr("%1 of %2 runs · figures at %3 % arrived workload · click a title to sort · double-click or Enter opens a run")
                          .arg(view.browser.shownRuns).arg(view.browser.totalRuns).arg(view.browser.arrived)
                    font.pixelSize: 11
                    opacity: 0.75
                    elide: Text.ElideRight
                }
                HorizontalHeaderView {
                    id: header
                    objectName: "sweepHeader"
                    Layout.fillWidth: true
                    syncView: table
                    clip: true
                    delegate: Rectangle {
                        required property int column
                        required property string display
                        implicitWidth: 90
                        implicitHeight: 36
                        color: Qt.rgba(ThemePalette.mid.r, ThemePalette.mid.g, ThemePalette.mid.b, 0.25)
                        border.color: Qt.rgba(ThemePalette.mid.r, ThemePalette.mid.g, ThemePalette.mid.b, 0.6)
                        Text {
                            anchors.fill: parent
                            anchors.margins: 4
                            verticalAlignment: Text.AlignVCenter
                            horizontalAlignment: column < view.browser.parameterCount ? Text.AlignLeft : Text.AlignRight
                            wrapMode: Text.WordWrap
                            maximumLineCount: 2
                            elide: Text.ElideRight
                            font.pixelSize: 12
                            font.bold: true
                            color: ThemePalette.text
                            text: display + (view.browser.sortColumn === column ? (view.browser.sortAscending ? " ▲" : " ▼") : "")
                        }
                        MouseArea {
                            anchors.fill: parent
                            onClicked: view.browser.sortBy(column, view.browser.sortColumn === column ? !view.browser.sortAscending : true)
                        }
                    }
                }
                TableView {
                    id: table
                    objectName: "sweepTable"
                    Layout.fillWidth: true
                    Layout.fillHeight: true
                    clip: true
                    model: view.browser
                    boundsBehavior: Flickable.StopAtBounds
                    focus: true
                    ScrollBar.vertical: ScrollBar {}
                    ScrollBar.horizontal: ScrollBar {}
                    FontMetrics { id: cellMetrics; font.pixelSize: 12; font.bold: true }
                    // Each column as wide as its title on at most two lines (at least a name's or a
                    // spec's room for text), the width left over shared out so the table spans its room.
                    columnWidthProvider: column => {
                        const widths = view.browser.columnTitles.map((t, c) => naturalWidth(c))
                        const spare = Math.max(0, width - widths.reduce((a, b) => a + b, 0))
                        return widths[column] + Math.floor(spare / Math.max(1, widths.length))
                    }
                    onWidthChanged: Qt.callLater(forceLayout)
                    function naturalWidth(column) {
                        const title = view.browser.columnTitles[column] || ""
                        const words = title.split(" ")
                        let best = cellMetrics.advanceWidth(title)
                        for (let i = 1; i < words.length; ++i)
                            best = Math.min(best, Math.max(cellMetrics.advanceWidth(words.slice(0, i).join(" ")),
                                                           cellMetrics.advanceWidth(words.slice(i).join(" "))))
                        const id = column < view.browser.parameterCount ? view.browser.parameters[column].id : ""
                        // Figures to the third decimal (a cluster's kW) whole, never cut.
                        const least = id === "policy" ? 150 : id === "trace" || id === "study" ? 170
                                    : column >= view.browser.parameterCount ? 88 : 70
                        return Math.max(least, Math.ceil(best) + 22)
                    }
                    delegate: Rectangle {
                        required property int row
                        required property int column
                        required property string display
                        required property color groupColor
                        implicitHeight: 24
                        color: row === view.currentRow ? Qt.rgba(ThemePalette.accent.r, ThemePalette.accent.g, ThemePalette.accent.b, 0.25)
                               : row % 2 ? Qt.rgba(ThemePalette.mid.r, ThemePalette.mid.g, ThemePalette.mid.b, 0.08) : "transparent"
                        // The group's colour, as its curve's, at the start of the row.
                        Rectangle {
                            visible: column === 0 && groupColor.a > 0
                            width: 4
                            anchors.top: parent.top; anchors.bottom: parent.bottom
                            color: groupColor
                        }
                        Text {
                            anchors.fill: parent
                            anchors.leftMargin: 8
                            anchors.rightMargin: 6
                            verticalAlignment: Text.AlignVCenter
                            horizontalAlignment: column < view.browser.parameterCount ? Text.AlignLeft : Text.AlignRight
                            elide: Text.ElideMiddle
                            font.pixelSize: 12
                            color: ThemePalette.text
                            text: display
                        }
                        TapHandler {
                            onTapped: { view.currentRow = row; table.forceActiveFocus() }
                            onDoubleTapped: { view.currentRow = row; view.openRow(row) }
                        }
                    }
                    Keys.onUpPressed: { view.currentRow = Math.max(0, view.currentRow - 1); positionViewAtRow(view.currentRow, TableView.Contain) }
                    Keys.onDownPressed: { view.currentRow = Math.min(view.browser.shownRuns - 1, view.currentRow + 1); positionViewAtRow(view.currentRow, TableView.Contain) }
                    Keys.onReturnPressed: view.openCurrent()
                    Keys.onEnterPressed: view.openCurrent()
                }
                RowLayout {
                    Layout.fillWidth: true
                    Button {
                        objectName: "sweepOpenRun"
                        text: qsTr("Open run")
                        enabled: view.currentRow >= 0
                        onClicked: view.openCurrent()
                    }
                    Label {
                        Layout.fillWidth: true
                        text: view.browser.baselineNote
                        font.pixelSize: 11
                        opacity: 0.75
                        wrapMode: Text.Wrap
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
                        currentIndex: Math.max(0, view.metricIndex(chartOptions.metric))
                        onActivated: index => chartOptions.metric = view.browser.metrics[index].id
                        Accessible.name: qsTr("Metric to plot")
                    }
                    // A second metric in a panel under the first, on the same x axis: power saved
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
                        Accessible.name: qsTr("Second metric, plotted under the first")
                        ToolTip.visible: hovered
                        ToolTip.delay: 400
                        ToolTip.text: qsTr("A second metric in a panel under the first, against the same axis")
                    }
                    Label { text: qsTr("against") }
                    ComboBox {
                        id: xBox
                        objectName: "sweepX"
                        Layout.fillWidth: true
                        Layout.minimumWidth: 100
                        Layout.maximumWidth: 150
                        model: view.numericParameters.map(p => p.title)
                        // The first weight, else the seed.
                        currentIndex: Math.max(0, view.numericParameters.findIndex(p => p.id.startsWith("weight:")))
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

    FileDialog {
        id: addDialog
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
