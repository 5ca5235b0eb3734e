import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import QtCharts
import Tessera.Views

// Two runs side by side on one shared timeline: each side has its own occupancy grid and
// allocation chart; below, the differences B − A over the whole run and a table of both runs'
// values and their deltas at the cursor and at the end.
Item {
    id: view

    property RunHandle runA: null
    property RunHandle runB: null
    property int position: 0      // runA's position
    property int positionB: 0     // runB's position at the same x

    readonly property bool ready: runA !== null && runB !== null

    function refreshDifferences() {
        // The chart's width, not its plot area: the axes' labels change with the data.
        const budget = Math.max(100, Math.round(deltaChart.width))
        if (!ready) {
            deltaAlloc.clear(); deltaFrag.clear(); deltaPower.clear()
            return
        }
        SeriesFeeder.fillDifference(deltaAlloc, runA, runB, "alloc_pct", budget)
        SeriesFeeder.fillDifference(deltaFrag, runA, runB, "frag_rate_pct", budget)
        SeriesFeeder.fillDifference(deltaPower, runA, runB, "power_kw", budget)
        let top = 0.5, topPower = 0.5
        for (const s of [deltaAlloc, deltaFrag])
            for (let i = 0; i < s.count; ++i)
                top = Math.max(top, Math.abs(s.at(i).y))
        for (let i = 0; i < deltaPower.count; ++i)
            topPower = Math.max(topPower, Math.abs(deltaPower.at(i).y))
        deltaChart.yAxis.labelFormat = "%.1f"
        deltaChart.yAxis.max = SeriesFeeder.niceCeiling(top)
        deltaChart.yAxis.min = -deltaChart.yAxis.max
        powerAxis.max = SeriesFeeder.niceCeiling(topPower)
        powerAxis.min = -powerAxis.max
    }

    onRunAChanged: refreshDifferences()
    onRunBChanged: refreshDifferences()

    RunComparisonModel {
        id: comparison
        runA: view.runA
        runB: view.runB
        positionA: view.position
        positionB: view.positionB
    }

    Label {
        anchors.centerIn: parent
        visible: !view.ready
        width: Math.min(parent.width - 40, 520)
        wrapMode: Text.WordWrap
        horizontalAlignment: Text.AlignHCenter
        color: ThemePalette.text
        text: qsTr("Compare needs two runs. Fork the current run at the cursor (Ctrl+F), or choose "
                   + "“Compare with current” on another run in the Run panel or the Library.")
    }

    SplitView {
        anchors.fill: parent
        orientation: Qt.Vertical
        visible: view.ready

        SplitView {
            SplitView.fillHeight: true
            SplitView.preferredHeight: parent.height * 0.55
            orientation: Qt.Horizontal
            // A count, not an array of {run, position}: an array binding would be rebuilt at every
            // cursor move and the Repeater would recreate both sides with it.
            Repeater {
                model: 2
                ColumnLayout {
                    id: side
                    required property int index
                    readonly property RunHandle run: index === 0 ? view.runA : view.runB
                    readonly property int position: index === 0 ? view.position : view.positionB
                    readonly property string label: index === 0 ? "A" : "B"
                    SplitView.fillWidth: true
                    SplitView.preferredWidth: view.width / 2
                    spacing: 2
                    RowLayout {
                        Layout.fillWidth: true
                        Layout.leftMargin: 8
                        Rectangle { width: 12; height: 12; radius: 2; color: side.run ? side.run.color : "grey" }
                        Label {
                            Layout.fillWidth: true
                            elide: Text.ElideRight
                            font.bold: true
                            color: ThemePalette.text
                            text: side.run
                                  ? qsTr("%1  %2 · %3").arg(side.label).arg(side.run.name)
                                        .arg(side.run.xText(side.position))
                                  : ""
                        }
                    }
                    OccupancyView {
                        Layout.fillWidth: true
                        Layout.fillHeight: true
                        Layout.preferredHeight: 1
                        Layout.leftMargin: 6
                        compact: true
                        run: side.run
                        position: side.position
                        cellSize: 5
                    }
                    ChartPanel {
                        id: sideChart
                        Layout.fillWidth: true
                        Layout.fillHeight: true
                        Layout.preferredHeight: 1
                        run: side.run
                        position: side.position
                        yTitle: qsTr("Percent (%)")
                        yMax: 100
                        legend.visible: true
                        function refresh() {
                            SeriesFeeder.fill(sideAlloc, side.run, "alloc_pct", 0, -1, pointBudget)
                            SeriesFeeder.fill(sideFrag, side.run, "frag_rate_pct", 0, -1, pointBudget)
                        }
                        onPointBudgetChanged: refresh()
                        onRunChanged: refresh()
                        Component.onCompleted: refresh()
                        LineSeries {
                            id: sideAlloc
                            name: qsTr("GPU allocation (%)")
                            axisX: sideChart.xAxis
                            axisY: sideChart.yAxis
                            color: side.run ? side.run.color : "#0072B2"
                            width: 2
                        }
                        LineSeries {
                            id: sideFrag
                            name: qsTr("Fragmentation rate (%)")
                            axisX: sideChart.xAxis
                            axisY: sideChart.yAxis
                            color: ThemePalette.mid
                            width: 2
                            style: Qt.DashLine
                        }
                    }
                }
            }
        }

        RowLayout {
            SplitView.preferredHeight: parent.height * 0.45
            spacing: 0
            ChartPanel {
                id: deltaChart
                Layout.fillWidth: true
                Layout.fillHeight: true
                Layout.preferredWidth: view.width * 0.5
                title: qsTr("Differences B − A")
                titleColor: ThemePalette.text
                run: view.runA
                otherRun: view.runB
                position: view.position
                yTitle: qsTr("Δ percentage points (pp)")
                onWidthChanged: view.refreshDifferences()
                ValueAxis {
                    id: powerAxis
                    titleText: qsTr("Δ cluster power (kW)")
                    labelFormat: "%.1f"
                    labelsColor: ThemePalette.text
                    tickCount: 5
                }
                LineSeries {
                    id: deltaAlloc
                    name: qsTr("Δ GPU allocation (pp)")
                    axisX: deltaChart.xAxis
                    axisY: deltaChart.yAxis
                    color: "#0072B2"
                    width: 2
                }
                LineSeries {
                    id: deltaFrag
                    name: qsTr("Δ fragmentation rate (pp)")
                    axisX: deltaChart.xAxis
                    axisY: deltaChart.yAxis
                    color: "#E69F00"
                    width: 2
                }
                LineSeries {
                    id: deltaPower
                    name: qsTr("Δ cluster power (kW)")
                    axisX: deltaChart.xAxis
                    axisYRight: powerAxis
                    color: "#009E73"
                    width: 2
                    style: Qt.DashLine
                }
            }
            ColumnLayout {
                Layout.fillHeight: true
                Layout.preferredWidth: view.width * 0.5
                Layout.fillWidth: true
                Layout.margins: 6
                spacing: 0
                HorizontalHeaderView {
                    syncView: table
                    Layout.fillWidth: true
                    clip: true
                }
                TableView {
                    id: table
                    objectName: "comparisonTable"
                    Layout.fillWidth: true
                    Layout.fillHeight: true
                    clip: true
                    model: comparison
                    columnWidthProvider: column => column === 0 ? Math.max(160, table.width - 6 * 84) : 84
                    delegate: Rectangle {
                        required property string display
                        required property var deltaSign
                        required property int row
                        implicitHeight: 24
                        color: row % 2 ? Qt.rgba(ThemePalette.mid.r, ThemePalette.mid.g, ThemePalette.mid.b, 0.12)
                                       : "transparent"
                        Label {
                            anchors.fill: parent
                            anchors.leftMargin: 6
                            anchors.rightMargin: 6
                            verticalAlignment: Text.AlignVCenter
                            horizontalAlignment: column === 0 ? Text.AlignLeft : Text.AlignRight
                            elide: Text.ElideRight
                            text: display
                            color: ThemePalette.text
                            font.bold: deltaSign !== undefined && deltaSign !== 0
                        }
                    }
                }
            }
        }
    }
}
