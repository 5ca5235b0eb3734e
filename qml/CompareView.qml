import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import QtCharts
import Tessera.Views

// Two runs side by side on one shared timeline: a bar to choose them among the open runs; each
// side has its own occupancy grid (both scroll together) and allocation chart; below, the
// differences B − A over the whole run and a table of both runs' values and their deltas at the
// cursor and at the end.
Item {
    id: view

    property RunHandle runA: null
    property RunHandle runB: null
    property int position: 0      // runA's position
    property int positionB: 0     // runB's position at the same x
    // The open runs to choose from (a RunManager).
    property var runs: null
    // The one scroll position of both occupancy grids, so that A and B show the same GPU models.
    property real gridScroll: 0

    readonly property bool ready: runA !== null && runB !== null && runA !== runB && comparison.problem.length === 0
    // The open runs B may be: of A's kind (RunHandle.comparisonProblem), other than A.
    readonly property int comparableRuns: {
        void (runs ? runs.count : 0)
        let n = 0
        for (let i = 0; runA && runs && i < runs.count; ++i) {
            const run = runs.runAt(i)
            if (run && run !== runA && runA.comparisonProblem(run).length === 0)
                ++n
        }
        return n
    }
    // The differences' names and colours: the plan the exported "Differences B − A" draws
    // (ChartPlans "difference": allocation, fragmentation rate, power), one panel each there.
    readonly property var deltaPlan: {
        void (runA ? runA.name + runA.color : "")
        void (runB ? runB.name + runB.color : "")
        return ready ? ChartPlans.series("difference", runA, runB) : []
    }
    // One y axis per unit: the plan's first unit on the left (two slots), its second on the
    // right (two slots), as the export draws one panel per unit. deltaSlots[i] is the plan entry
    // slot i draws: for pods allocation and fragmentation rate (pp) left, power (kW) right; for
    // MIG inference GPUs used left, SLO attainment (pp) right.
    readonly property var deltaUnits: {
        const units = []
        for (const p of deltaPlan)
            if (units.indexOf(p.unit) < 0)
                units.push(p.unit)
        return units
    }
    readonly property var deltaSlots: {
        const slots = [null, null, null, null]
        for (const p of deltaPlan) {
            const side = deltaUnits.indexOf(p.unit)  // 0 left, 1 right (the plan has two units at most)
            const at = side === 0 ? (slots[0] ? 1 : 0) : (slots[2] ? 3 : 2)
            if (side >= 0 && side < 2 && !slots[at])
                slots[at] = p
        }
        return slots
    }
    function deltaName(i) {
        const p = deltaSlots[i]
        return p ? ChartPlans.unitTitle(p.name, p.unit) : ""
    }
    function deltaColor(i) {
        return deltaSlots[i] ? deltaSlots[i].color : ThemePalette.text
    }
    // An axis's title: its one series' name, or what its unit is.
    function axisTitle(first, second) {
        const a = deltaSlots[first], b = deltaSlots[second]
        if (!a)
            return ""
        if (a.unit === "pp")
            return qsTr("Δ percentage points (pp)")
        return b ? qsTr("Δ B − A (%1)").arg(a.unit) : deltaName(first)
    }

    signal runAChosen(RunHandle run)
    signal runBChosen(RunHandle run)
    signal forkRequested()
    signal runPanelRequested()

    // Refills the differences from runA and runB as they are now. Not from `ready`: a handler of
    // runA or runB may run before that binding follows them, and the chart would then be
    // cleared for a pair that is ready (or filled with a run against itself).
    function refreshDifferences() {
        // The chart's width, not its plot area: the axes' labels change with the data.
        const budget = Math.max(100, Math.round(deltaChart.width))
        const slots = [deltaAlloc, deltaFrag, deltaPower, deltaRight]
        if (!runA || !runB || runA === runB) {
            for (const s of slots)
                s.clear()
            return
        }
        // Each unit on its own axis (deltaSlots): the left one's, then the right one's.
        const plan = deltaSlots
        for (let i = 0; i < slots.length; ++i) {
            if (plan[i])
                SeriesFeeder.fillDifference(slots[i], runA, runB, plan[i].key, budget)
            else
                slots[i].clear()
        }
        let top = 0.5, topPower = 0.5
        for (const s of [deltaAlloc, deltaFrag])
            for (let i = 0; i < s.count; ++i)
                top = Math.max(top, Math.abs(s.at(i).y))
        for (const s of [deltaPower, deltaRight])
            for (let i = 0; i < s.count; ++i)
                topPower = Math.max(topPower, Math.abs(s.at(i).y))
        deltaChart.yAxis.labelFormat = "%.1f"
        // A step to the largest difference stays inside the plot, not on its frame.
        deltaChart.yAxis.max = SeriesFeeder.niceCeiling(top * 1.05)
        deltaChart.yAxis.min = -deltaChart.yAxis.max
        powerAxis.max = SeriesFeeder.niceCeiling(topPower * 1.05)
        powerAxis.min = -powerAxis.max
    }

    // Once per change of the pair, when all of it has changed: a swap changes both runs.
    onRunAChanged: Qt.callLater(refreshDifferences)
    onRunBChanged: Qt.callLater(refreshDifferences)

    RunComparisonModel {
        id: comparison
        runA: view.runA
        runB: view.runB
        positionA: view.position
        positionB: view.positionB
    }

    // The choice of A and B, here rather than only in the Run panel, which compare hides.
    RowLayout {
        id: pickers
        objectName: "comparePickers"
        anchors.left: parent.left
        anchors.right: parent.right
        anchors.margins: 6
        spacing: 8
        Repeater {
            model: 2
            RowLayout {
                id: picker
                required property int index
                readonly property RunHandle chosen: index === 0 ? view.runA : view.runB
                Layout.fillWidth: true
                Layout.preferredWidth: 1
                spacing: 6
                Label {
                    text: picker.index === 0 ? "A" : "B"
                    font.bold: true
                    color: ThemePalette.text
                }
                Rectangle {
                    width: 12; height: 12; radius: 2
                    color: picker.chosen ? picker.chosen.color : "transparent"
                    border.color: ThemePalette.mid
                }
                ComboBox {
                    id: runBox
                    objectName: picker.index === 0 ? "compareRunA" : "compareRunB"
                    Layout.fillWidth: true
                    model: view.runs
                    textRole: "name"
                    // The menu as wide as the longest run name (within the view), the chosen one
                    // whole in the tooltip.
                    popup.width: Math.max(width, Math.min(view.width / 2 - 24, runNameWidth.advanceWidth + leftPadding + rightPadding + 24))
                    TextMetrics {
                        id: runNameWidth
                        font: runBox.font
                        text: {
                            let longest = ""
                            for (let i = 0; view.runs && i < view.runs.count; ++i) {
                                const run = view.runs.runAt(i)
                                if (run && run.name.length > longest.length)
                                    longest = run.name
                            }
                            return longest
                        }
                    }
                    ToolTip.visible: hovered && picker.chosen !== null
                    ToolTip.text: picker.chosen ? picker.chosen.name : ""
                    displayText: picker.chosen ? picker.chosen.name
                                               : (picker.index === 0 ? qsTr("Choose run A") : qsTr("Choose a run to compare"))
                    currentIndex: view.runs && picker.chosen ? view.runs.indexOf(picker.chosen) : -1
                    // B's menu lists A itself and runs of another kind than A disabled, with the
                    // reason under it: only runs of one kind compare.
                    delegate: ItemDelegate {
                        id: runEntry
                        required property int index
                        required property string name
                        readonly property RunHandle entryRun: view.runs ? view.runs.runAt(index) : null
                        // A itself is no B either (walk14b N5): every difference would be zero.
                        readonly property string problem: picker.index !== 1 || !view.runA || !entryRun ? ""
                                                          : entryRun === view.runA ? qsTr("This is run A: choose another run")
                                                          : view.runA.comparisonProblem(entryRun)
                        objectName: "compareEntry" + picker.index + "-" + index
                        width: runBox.popup.width - runBox.popup.leftPadding - runBox.popup.rightPadding
                        enabled: problem.length === 0
                        highlighted: runBox.highlightedIndex === index
                        contentItem: ColumnLayout {
                            spacing: 2
                            Label {
                                Layout.fillWidth: true
                                text: runEntry.name
                                elide: Text.ElideRight
                                color: ThemePalette.text
                                opacity: runEntry.enabled ? 1 : 0.5
                            }
                            Label {
                                Layout.fillWidth: true
                                visible: !runEntry.enabled
                                wrapMode: Text.WordWrap
                                font.pixelSize: 11
                                color: ThemePalette.text
                                opacity: 0.6
                                text: runEntry.problem
                            }
                        }
                    }
                    onActivated: index => {
                        const run = view.runs.runAt(index)
                        if (picker.index === 0)
                            view.runAChosen(run)
                        else
                            view.runBChosen(run)
                    }
                }
            }
        }
        Button {
            objectName: "swapButton"
            text: qsTr("Swap")
            enabled: view.ready
            // B chosen as A trades places with it, in one step.
            onClicked: view.runAChosen(view.runB)
            ToolTip.visible: hovered
            ToolTip.text: qsTr("Swap A and B")
        }
    }

    ColumnLayout {
        anchors.top: pickers.bottom
        anchors.topMargin: 40
        anchors.horizontalCenter: parent.horizontalCenter
        width: Math.min(parent.width - 40, 560)
        visible: !view.ready
        spacing: 12
        Label {
            objectName: "compareHint"
            Layout.fillWidth: true
            wrapMode: Text.WordWrap
            horizontalAlignment: Text.AlignHCenter
            color: ThemePalette.text
            text: !view.runA
                  ? qsTr("Compare needs two runs, and no run is shown: run a policy, or reopen saved runs "
                         + "from the Library.")
                  : !view.runs || view.runs.count < 2
                  ? qsTr("Compare needs two runs. Fork the current run at the cursor to try another policy "
                         + "from there, or set up another run.")
                  : view.comparableRuns === 0
                  ? qsTr("Compare needs two runs of the same kind, and no other open run is of A's kind: the "
                         + "others cannot be drawn on A's axes. Fork A at the cursor, or set up another run "
                         + "of its kind.")
                  : qsTr("Choose the run to compare with above: B is drawn beside A on one timeline.")
        }
        RowLayout {
            Layout.alignment: Qt.AlignHCenter
            spacing: 12
            Button {
                visible: view.runA !== null
                text: qsTr("Fork at the cursor… (Ctrl+F)")
                onClicked: view.forkRequested()
            }
            Button {
                text: qsTr("Set up another run…")
                onClicked: view.runPanelRequested()
            }
        }
    }

    SplitView {
        anchors.top: pickers.bottom
        anchors.topMargin: 4
        anchors.left: parent.left
        anchors.right: parent.right
        anchors.bottom: parent.bottom
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
                    OccupancyView {
                        id: sideGrid
                        objectName: "compareGrid" + side.label
                        Layout.fillWidth: true
                        Layout.fillHeight: true
                        Layout.leftMargin: 6
                        compact: true
                        run: side.run
                        position: side.position
                        // One scroll position for both sides: a scroll on either moves the other.
                        onContentYChanged: if (Math.abs(contentY - view.gridScroll) > 0.5) view.gridScroll = contentY
                        Connections {
                            target: view
                            function onGridScrollChanged() {
                                if (Math.abs(sideGrid.contentY - view.gridScroll) > 0.5)
                                    sideGrid.contentY = view.gridScroll
                            }
                        }
                    }
                    ChartPanel {
                        id: sideChart
                        objectName: "compareChart" + side.label
                        // One x range on both sides: the longer run's, so that the cursor and
                        // the runs' ends line up across the panes and the difference chart.
                        spanRun: side.index === 0 ? view.runB : view.runA
                        Layout.fillWidth: true
                        // Below 210 px the axis labels and titles are cut ("…"); the grid takes the rest.
                        Layout.preferredHeight: Math.max(210, side.height * 0.45)
                        run: side.run
                        position: side.position
                        // The run's first two headline metrics (for pods GPU allocation and
                        // fragmentation rate; for MIG inference GPUs used and SLO attainment), one
                        // axis per unit: the second on a right axis when its unit differs.
                        // Percentages on a 0-100 axis.
                        readonly property var shown: side.run ? side.run.metrics().filter(m => m.headline).slice(0, 2) : []
                        readonly property bool split: shown.length > 1 && shown[1].unit !== shown[0].unit
                        readonly property bool percent: shown.length > 0 && shown[0].unit === "%" && !split
                                                        && shown.every(m => m.unit === "%")
                        function nameOf(m) { return m ? ChartPlans.unitTitle(m.label, m.unit) : "" }
                        // With an axis each, an axis says its unit only ("GPUs", "%"): the legend
                        // names the metrics, and the chart is too low for "GPUs used (GPUs)".
                        function axisOf(m) { return m ? (split ? m.unit : nameOf(m)) : "" }
                        function topOf(keys, unit) {
                            return unit === "%" ? 100 : SeriesFeeder.niceCeiling(Math.max(1, SeriesFeeder.maxValue(side.run, keys)))
                        }
                        yTitle: percent ? qsTr("Percent (%)") : axisOf(shown[0])
                        function refresh() {
                            const lines = [sideAlloc, split ? sideFragRight : sideFrag]
                            sideFrag.clear(); sideFragRight.clear()
                            for (let i = 0; i < lines.length; ++i) {
                                if (shown[i])
                                    SeriesFeeder.fill(lines[i], side.run, shown[i].key, 0, -1, pointBudget)
                                else
                                    lines[i].clear()
                            }
                            if (!side.run) {
                                yMax = 100
                                return
                            }
                            yMax = topOf(split ? [shown[0].key] : shown.map(m => m.key), shown.length ? shown[0].unit : "%")
                            if (split) {
                                sideRightAxis.max = topOf([shown[1].key], shown[1].unit)
                                sideRightAxis.tickInterval = SeriesFeeder.niceCeiling(sideRightAxis.max / 5)
                            }
                        }
                        ValueAxis {
                            id: sideRightAxis
                            visible: sideChart.split
                            min: 0
                            max: 100
                            titleText: sideChart.split ? sideChart.axisOf(sideChart.shown[1]) : ""
                            tickType: ValueAxis.TicksDynamic
                            tickAnchor: 0
                            tickInterval: 20
                            labelFormat: Number.isInteger(tickInterval) ? "%.0f" : "%.1f"
                            labelsColor: ThemePalette.text
                            gridVisible: false
                        }
                        onPointBudgetChanged: refresh()
                        onRunChanged: refresh()
                        onShownChanged: refresh()
                        Component.onCompleted: refresh()
                        LineSeries {
                            id: sideAlloc
                            name: sideChart.nameOf(sideChart.shown[0])
                            axisX: sideChart.xAxis
                            axisY: sideChart.yAxis
                            color: side.run ? side.run.color : "#0072B2"
                            width: 2
                        }
                        LineSeries {
                            id: sideFrag
                            visible: !sideChart.split
                            name: sideChart.nameOf(sideChart.shown[1])
                            axisX: sideChart.xAxis
                            axisY: sideChart.yAxis
                            color: ThemePalette.mid
                            width: 2
                            style: Qt.DashLine
                        }
                        LineSeries {
                            id: sideFragRight
                            objectName: "compareSideRight" + side.label
                            visible: sideChart.split
                            name: sideChart.nameOf(sideChart.shown[1])
                            axisX: sideChart.xAxis
                            axisYRight: sideRightAxis
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
                objectName: "compareDeltaChart"
                Layout.fillWidth: true
                Layout.fillHeight: true
                Layout.preferredWidth: view.width * 0.5
                title: qsTr("Differences B − A")
                titleColor: ThemePalette.text
                run: view.runA
                otherRun: view.runB
                position: view.position
                // One axis per unit: the plan's first unit left, its second (power, for pods) right.
                yTitle: view.deltaSlots[0] ? view.axisTitle(0, 1) : qsTr("Δ percentage points (pp)")
                onWidthChanged: Qt.callLater(view.refreshDifferences)
                ValueAxis {
                    id: powerAxis
                    visible: view.deltaSlots[2] !== null
                    titleText: view.axisTitle(2, 3)
                    labelFormat: "%.1f"
                    labelsColor: ThemePalette.text
                    tickCount: 5
                }
                LineSeries {
                    id: deltaAlloc
                    objectName: "deltaAlloc"
                    name: view.deltaName(0)
                    axisX: deltaChart.xAxis
                    axisY: deltaChart.yAxis
                    color: view.deltaColor(0)
                    width: 2
                }
                LineSeries {
                    id: deltaFrag
                    objectName: "deltaFrag"
                    visible: view.deltaSlots[1] !== null
                    name: view.deltaName(1)
                    axisX: deltaChart.xAxis
                    axisY: deltaChart.yAxis
                    color: view.deltaColor(1)
                    width: 2
                }
                LineSeries {
                    id: deltaPower
                    objectName: "deltaPower"
                    visible: view.deltaSlots[2] !== null
                    name: view.deltaName(2)
                    axisX: deltaChart.xAxis
                    axisYRight: powerAxis
                    color: view.deltaColor(2)
                    width: 2
                    style: view.deltaSlots[2] && view.deltaSlots[2].dashed ? Qt.DashLine : Qt.SolidLine
                }
                LineSeries {
                    id: deltaRight
                    objectName: "deltaRight"
                    visible: view.deltaSlots[3] !== null
                    name: view.deltaName(3)
                    axisX: deltaChart.xAxis
                    axisYRight: powerAxis
                    color: view.deltaColor(3)
                    width: 2
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
                    // "A at cursor", "B at cursor", "Δ at cursor": on two lines ("A" over "at
                    // cursor") rather than shrunk into each other, with a rule between columns.
                    delegate: Rectangle {
                        required property string display
                        required property int column
                        implicitHeight: 38
                        color: Qt.rgba(ThemePalette.mid.r, ThemePalette.mid.g, ThemePalette.mid.b, 0.25)
                        Rectangle {
                            visible: column > 0
                            width: 1
                            height: parent.height - 8
                            anchors.verticalCenter: parent.verticalCenter
                            color: Qt.rgba(ThemePalette.mid.r, ThemePalette.mid.g, ThemePalette.mid.b, 0.6)
                        }
                        Label {
                            objectName: "compareHeader" + column
                            anchors.fill: parent
                            anchors.leftMargin: 6
                            anchors.rightMargin: 6
                            verticalAlignment: Text.AlignVCenter
                            horizontalAlignment: column === 0 ? Text.AlignLeft : Text.AlignRight
                            wrapMode: Text.WordWrap
                            maximumLineCount: 2
                            elide: Text.ElideRight
                            font.bold: true
                            font.pixelSize: 12
                            text: column === 0 ? display : display.replace(" ", "\n")
                            color: ThemePalette.text
                        }
                    }
                }
                TableView {
                    id: table
                    objectName: "comparisonTable"
                    Layout.fillWidth: true
                    Layout.fillHeight: true
                    clip: true
                    model: comparison
                    // Not every row fits at 1280 × 800: a scroll bar that stays in view says there
                    // are more, and the columns keep clear of it.
                    ScrollBar.vertical: ScrollBar {
                        id: tableBar
                        objectName: "comparisonScrollBar"
                        policy: table.contentHeight > table.height + 1 ? ScrollBar.AlwaysOn : ScrollBar.AsNeeded
                    }
                    readonly property real columnsWidth: table.width - (tableBar.policy === ScrollBar.AlwaysOn ? tableBar.width : 0)
                    // Six number columns wide enough for "−12,345.67" and the rest for the names,
                    // which wrap rather than cut: every column is seen whole at 1280 × 800.
                    readonly property int numberWidth: Math.max(62, Math.min(90, (columnsWidth - 150) / 6))
                    columnWidthProvider: column => column === 0 ? Math.max(140, columnsWidth - 6 * numberWidth - 1)
                                                                : numberWidth
                    onColumnsWidthChanged: Qt.callLater(forceLayout)
                    delegate: Rectangle {
                        required property string display
                        required property var deltaSign
                        required property int row
                        required property int column
                        implicitHeight: Math.max(24, cellText.implicitHeight + 6)
                        color: row % 2 ? Qt.rgba(ThemePalette.mid.r, ThemePalette.mid.g, ThemePalette.mid.b, 0.12)
                                       : "transparent"
                        Label {
                            id: cellText
                            anchors.fill: parent
                            anchors.leftMargin: column === 0 ? 6 : 2
                            anchors.rightMargin: 6
                            verticalAlignment: Text.AlignVCenter
                            horizontalAlignment: column === 0 ? Text.AlignLeft : Text.AlignRight
                            wrapMode: column === 0 ? Text.Wrap : Text.NoWrap
                            fontSizeMode: column === 0 ? Text.FixedSize : Text.HorizontalFit
                            minimumPixelSize: 9
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
