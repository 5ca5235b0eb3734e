import QtQuick
import QtQuick.Controls
import Tessera.Views

// Why the decision at the cursor went where it went: every feasible node, best first, with what
// each plugin measured and scored, the weighted total and the tie rank (click a header to sort),
// the winner highlighted with the reason it won, and the filtered-out nodes grouped by reason,
// with a search. Clicking a node selects it, here and in the GPU occupancy view.
Item {
    id: view

    property RunHandle run: null
    property RunHandle otherRun: null  // unused: one decision of one run at a time
    property int position: 0
    readonly property alias model: decisions
    // The node last clicked, by name; it stays selected across decisions while it is listed.
    property string selectedNode: ""
    signal nodeSelected(string node)
    // Room between the view's edges and its text, as the other views' charts keep.
    readonly property int padding: 8
    // The kind's chart under the table (ChartRegistry's inspector chart: the renting kind's
    // speedup curves), empty for none; the table then keeps the height of its rows.
    property string chartId: ""
    readonly property bool chartShown: chartId !== "" && decisionsShown && decisions.shownStep >= 0

    // A run reopened from a study keeps its metrics, not its decisions: they are made again from
    // its recipe when this view is shown (RunHandle.requestDecisions), with progress; until then,
    // or when they cannot be, the view says so instead of an empty round.
    readonly property bool decisionsShown: run === null || run.decisionsReady
    readonly property bool wantsDecisions: visible && !decisionsShown
    onWantsDecisionsChanged: if (wantsDecisions) run.requestDecisions()
    Component.onCompleted: if (wantsDecisions) run.requestDecisions()

    // `node` is the row's candidate (highlighted); `target` the group the click selects in the
    // occupancy grid (DecisionModel.selectionOf: a training job's node), when it is not the candidate.
    function select(node, target) {
        selectedNode = node
        nodeSelected(target ? target : node)
    }

    DecisionModel {
        id: decisions
        objectName: "decisionModel"
        run: view.run
        // Explaining rebuilds the cluster at the step, on a worker: not at every cursor move
        // while another view is shown (the main window keeps this one alive, hidden).
        step: view.visible ? view.position - 1 : -1
    }

    Column {
        id: summary
        anchors.left: parent.left
        anchors.right: parent.right
        anchors.top: parent.top
        anchors.margins: view.padding
        spacing: 4

        // The run kind's explain() failed: its message, instead of an abort.
        ErrorBox {
            objectName: "explainError"
            width: summary.width
            text: decisions.error
        }

        Text {
            objectName: "inspectorTitle"
            width: summary.width
            text: decisions.shownStep >= 0 ? qsTr("%1 %2: %3").arg(decisions.words.Step).arg(decisions.shownStep + 1).arg(decisions.subject)
                  : decisions.busy ? qsTr("Explaining %1 %2…").arg(decisions.words.step).arg(view.position)
                  : qsTr("No %1 at this position: move the cursor past the start.").arg(decisions.words.step)
            color: ThemePalette.text
            font.pixelSize: 14
            font.bold: true
            wrapMode: Text.Wrap
        }
        Text {
            objectName: "decisionsNotice"
            width: summary.width
            visible: !view.decisionsShown
            text: view.run === null || view.decisionsShown ? ""
                  : view.run.decisionsProblem !== ""
                    ? qsTr("This run was reopened from a study, which keeps its metrics but not its decisions, and it cannot be made again to explain them: %1").arg(view.run.decisionsProblem)
                    : qsTr("This run was reopened from a study, which keeps its metrics but not its decisions: making it again from its recipe to explain this %1… %2 %")
                      .arg(decisions.words.step).arg(Math.round(Math.max(0, view.run.decisionsProgress) * 100))
            color: ThemePalette.text
            font.pixelSize: 12
            wrapMode: Text.Wrap
        }
        Text {
            width: summary.width
            visible: decisions.shownStep >= 0 && view.decisionsShown
            text: qsTr("Outcome: %1").arg(decisions.outcome)
            color: ThemePalette.text
            font.pixelSize: 12
            wrapMode: Text.Wrap
        }
        Text {
            width: summary.width
            visible: decisions.shownStep >= 0 && view.decisionsShown
            objectName: "whyText"
            text: qsTr("Why: %1 · %2 %3, %4 %5").arg(decisions.why)
                      .arg(decisions.candidateCount).arg(decisions.words.feasible)
                      .arg(decisions.filteredCount).arg(decisions.words.filtered)
                  + (decisions.winnerRow >= 0 ? qsTr(" · ★ marks the winner")
                     : decisions.chosenCount > 0 ? qsTr(" · ★ marks each chosen step; greyed steps were never reached; hover a header for its meaning")
                     : "")
                  + (decisions.candidateCount > 0 ? qsTr(" · click a %1 to select it in the %2 view").arg(decisions.words.candidate).arg(decisions.words.occupancy) : "")
            color: ThemePalette.text
            font.pixelSize: 12
            wrapMode: Text.Wrap
        }
    }

    HorizontalHeaderView {
        id: header
        objectName: "decisionHeader"
        anchors.top: summary.bottom
        anchors.topMargin: 8
        anchors.left: parent.left
        anchors.leftMargin: view.padding
        anchors.right: parent.right
        anchors.rightMargin: view.padding + (filteredPanel.visible && filteredPanel.beside ? filteredPanel.width + 8 : 0)
        syncView: table
        clip: true
        // The header's row is laid out once per model: its height follows the titles' lines only
        // when asked again (it stayed one line tall, the titles cut, when they needed two).
        rowHeightProvider: row => table.headerLines > 1 ? 40 : 26
        Connections {
            target: table
            function onHeaderLinesChanged() { header.forceLayout() }
        }
        delegate: Rectangle {
            id: headerCell
            required property int column
            required property string display
            readonly property string help: {
                void decisions.shownStep  // read again for each step's table
                return decisions.columnHelp(column)
            }
            implicitWidth: 100
            // Two lines when a title wraps ("pm / penalty"), so that number columns stay narrow.
            implicitHeight: table.headerLines > 1 ? 40 : 26
            HoverHandler { id: headerHover }
            ToolTip.visible: headerHover.hovered && help !== ""
            ToolTip.text: help
            ToolTip.delay: 400
            color: Qt.rgba(ThemePalette.mid.r, ThemePalette.mid.g, ThemePalette.mid.b, 0.25)
            border.color: Qt.rgba(ThemePalette.mid.r, ThemePalette.mid.g, ThemePalette.mid.b, 0.6)
            border.width: 1
            Text {
                anchors.fill: parent
                anchors.margins: 4
                verticalAlignment: Text.AlignVCenter
                // Over text cells (names, GPU sets) from the left, over numbers from the right.
                horizontalAlignment: {
                    void decisions.shownStep  // read again for each round's table
                    return decisions.isTextColumn(column) ? Text.AlignLeft : Text.AlignRight
                }
                elide: Text.ElideRight
                wrapMode: Text.WordWrap
                maximumLineCount: 2
                font.pixelSize: 12
                font.bold: true
                color: ThemePalette.text
                text: display + (decisions.sortColumn === column
                                 ? (decisions.sortOrder === Qt.AscendingOrder ? " ▲" : " ▼") : "")
            }
            MouseArea {
                anchors.fill: parent
                onClicked: decisions.toggleSort(column)
            }
        }
    }

    TableView {
        id: table
        objectName: "decisionTable"
        anchors.top: header.bottom
        anchors.left: header.left
        anchors.right: header.right
        anchors.bottom: inspectorChart.top
        anchors.bottomMargin: (view.chartShown ? 8 : 0) + (filteredPanel.visible && !filteredPanel.beside ? filteredPanel.height + 8 : 0)
        clip: true
        model: decisions
        boundsBehavior: Flickable.StopAtBounds
        // Every column as wide as the longest word of its bold title (a title wraps to two
        // lines) and its values (a training round's GPU sets and notes); the candidate column for
        // the longest name with the winner's star, in bold. When they do not all fit, the widest
        // text columns (GPU sets, notes) give way first, down to a floor, their cells cut with the
        // whole text on hover; numbers and names never shrink. Width left over is shared out, so
        // that the table spans its room. The bar scrolls the columns only when even the floors do
        // not fit.
        readonly property int titleRoom: 22  // the margins and the sort arrow
        // The least width at which the title wraps onto the header's two lines: the best break
        // between its words (the longest word alone was not enough: "narrower: JCT h lost per
        // GPU-h" took three lines there and was cut).
        function titleWidth(column) {
            const words = decisions.columnTitle(column).split(" ")
            let best = headerMetrics.advanceWidth(words.join(" "))
            for (let i = 1; i < words.length; ++i)
                best = Math.min(best, Math.max(headerMetrics.advanceWidth(words.slice(0, i).join(" ")),
                                               headerMetrics.advanceWidth(words.slice(i).join(" "))))
            return Math.ceil(best) + titleRoom
        }
        function fullTitleWidth(column) {
            return Math.ceil(headerMetrics.advanceWidth(decisions.columnTitle(column))) + titleRoom
        }
        // wholeTitles: the title on one line (when the room allows), else its longest word.
        function naturalWidth(column, wholeTitles) {
            const title = wholeTitles ? fullTitleWidth(column) : titleWidth(column)
            if (column === 0)
                return Math.max(120, title, Math.ceil(longestName.advanceWidth) + 12)
            return Math.max(52, title, Math.ceil(cellMetrics.advanceWidth(decisions.longestText(column))) + 12)
        }
        function shrinks(column) { return column > 0 && decisions.isTextColumn(column) }
        function floorWidth(column, natural) {
            return shrinks(column) ? Math.min(natural, Math.max(titleWidth(column), 110)) : natural
        }
        // Fitted widths for the current table at `room` px, the least total the columns need and
        // the header's lines.
        function fit(room) {
            let wholeTitles = 0
            for (let c = 0; c < columns; ++c)
                wholeTitles += naturalWidth(c, true)
            wholeTitles = wholeTitles <= room
            const natural = [], floors = []
            let total = 0, least = 0
            for (let c = 0; c < columns; ++c) {
                natural.push(naturalWidth(c, wholeTitles))
                // From the titles' longest words whatever the room: `least` does not move with it.
                floors.push(floorWidth(c, naturalWidth(c, false)))
                total += natural[c]
                least += floors[c]
            }
            const widths = natural.slice()
            if (total <= room) {
                const spare = columns > 0 ? Math.floor((room - total) / columns) : 0
                for (let c = 0; c < columns; ++c)
                    widths[c] += spare
            } else {
                // The largest cap on the text columns at which the total fits (binary search); the
                // last column (a round's note, the why) may take twice the cap.
                const capped = (c, cap) => Math.max(floors[c], Math.min(natural[c], c === columns - 1 ? 2 * cap : cap))
                const totalAt = cap => {
                    let t = 0
                    for (let c = 0; c < columns; ++c)
                        t += shrinks(c) ? capped(c, cap) : natural[c]
                    return t
                }
                let lo = 0, hi = Math.max(...natural)
                while (hi - lo > 1) {
                    const mid = Math.floor((lo + hi) / 2)
                    if (totalAt(mid) <= room) lo = mid; else hi = mid
                }
                for (let c = 0; c < columns; ++c)
                    if (shrinks(c))
                        widths[c] = capped(c, lo)
                const left = room - totalAt(lo)  // the last few px, to the widest column
                if (left > 0 && columns > 0)
                    widths[widths.indexOf(Math.max(...widths))] += left
            }
            let lines = 1
            for (let c = 0; c < columns; ++c)
                if (widths[c] < fullTitleWidth(c))
                    lines = 2
            // Rows whose cut text cells (a note, a long GPU set) wrap onto up to three lines.
            const heights = []
            for (let r = 0; r < rows; ++r) {
                let rowLines = 1
                for (let c = 0; c < columns; ++c)
                    if (shrinks(c) && widths[c] < natural[c])
                        rowLines = Math.max(rowLines, Math.min(maxLines, decisions.wrappedLines(r, c, widths[c] - 8)))
                heights.push(rowLines === 1 ? 22 : 6 + rowLines * lineHeight)
            }
            return { widths: widths, least: least, headerLines: lines, heights: heights }
        }
        readonly property int maxLines: 3
        readonly property int lineHeight: Math.ceil(cellMetrics.lineSpacing)
        // The fitted widths and heights for the current table and width, made when the layout
        // asks (synchronously, so that the columns always match the width), kept until either
        // changes; a plain object, so that filling it notifies nothing during the layout.
        property int tableVersion: 0  // counts the explanations and sorts shown
        property var cache: ({ key: "", fitted: null })
        function fitted() {
            const key = [width, tableVersion, columns, rows].join(":")
            if (cache.key !== key) {
                cache.fitted = fit(width - 14)  // room for the vertical scroll bar
                cache.key = key
            }
            return cache.fitted
        }
        // The header's lines and the least width the columns need (for placing the list of
        // filtered candidates), read after each layout; the latter changes with the table only,
        // not with the room, so there is no binding loop through the panel.
        property int headerLines: 1
        property int leastWidth: 0
        function noteFit() {
            const f = fitted()
            headerLines = f.headerLines
            leastWidth = f.least
        }
        function relayout() {
            forceLayout()
            Qt.callLater(noteFit)
        }
        columnWidthProvider: column => { const f = fitted(); return column < f.widths.length ? f.widths[column] : 64 }
        rowHeightProvider: row => { const f = fitted(); return row < f.heights.length ? f.heights[row] : 22 }
        onWidthChanged: relayout()
        onRowsChanged: Qt.callLater(noteFit)
        onColumnsChanged: Qt.callLater(noteFit)
        Connections {
            target: decisions
            function onExplanationChanged() { ++table.tableVersion; table.relayout() }
            function onSortChanged() { ++table.tableVersion; table.relayout() }  // the rows' heights move with them
        }
        FontMetrics {
            id: headerMetrics
            font.pixelSize: 12
            font.bold: true
        }
        FontMetrics {
            id: cellMetrics
            font.pixelSize: 12
            font.bold: true  // the winner's row
        }
        TextMetrics {
            id: longestName
            font.pixelSize: 12
            font.bold: true
            text: "★ " + decisions.longestCandidate
        }
        ScrollBar.vertical: ScrollBar {}
        // Columns wider than the room (a training round's eight columns at 1280 px) scroll with
        // their headers; the bar stays shown then, so that the columns past the edge are found.
        ScrollBar.horizontal: ScrollBar {
            objectName: "decisionColumnsScroll"
            policy: table.contentWidth > table.width + 1 ? ScrollBar.AlwaysOn : ScrollBar.AsNeeded
        }

        delegate: Rectangle {
            id: cell
            required property bool isWinner
            required property bool isNumeric
            required property bool isGreyed
            required property string display
            required property int row
            required property int column
            readonly property string node: decisions.data(decisions.index(row, 0))
            readonly property bool selected: view.selectedNode !== "" && node === view.selectedNode
            implicitHeight: 22
            color: isWinner ? Qt.rgba(ThemePalette.accent.r, ThemePalette.accent.g, ThemePalette.accent.b, 0.35)
                            : (row % 2 ? Qt.rgba(ThemePalette.mid.r, ThemePalette.mid.g, ThemePalette.mid.b, 0.12)
                                       : "transparent")
            border.color: ThemePalette.text
            border.width: selected ? 1 : 0
            TapHandler { onTapped: view.select(cell.node, decisions.selectionOf(cell.row)) }
            HoverHandler { id: cellHover }
            ToolTip.visible: cellHover.hovered && cellText.truncated
            ToolTip.text: display
            ToolTip.delay: 300
            Text {
                id: cellText
                anchors.fill: parent
                anchors.leftMargin: 4
                anchors.rightMargin: 4
                verticalAlignment: Text.AlignVCenter
                horizontalAlignment: isNumeric ? Text.AlignRight : Text.AlignLeft
                // A text cut by its column wraps (the row is as tall as table.fitted() says), up
                // to three lines; beyond, it is cut and shown whole on hover.
                wrapMode: isNumeric ? Text.NoWrap : Text.WordWrap
                maximumLineCount: table.maxLines
                elide: Text.ElideRight
                font.pixelSize: 12
                font.bold: isWinner
                // A step never reached: greyed, so that the steps tried read first.
                color: isGreyed ? Qt.rgba(ThemePalette.text.r, ThemePalette.text.g, ThemePalette.text.b, 0.45)
                                : ThemePalette.text
                font.italic: isGreyed
                text: (isWinner && column === 0 ? "★ " : "") + display
            }
        }
    }

    // Under the table: as tall as the room its rows leave, at least 40% of the room below the
    // header (the table scrolls then); height 0 for a kind without one, the table to the bottom.
    RegisteredChartItem {
        id: inspectorChart
        objectName: "inspectorChart"
        anchors.left: header.left
        anchors.right: header.right
        anchors.bottom: parent.bottom
        anchors.bottomMargin: view.padding
        readonly property real room: view.height - header.y - header.height - view.padding
        height: view.chartShown ? Math.max(0.4 * room, room - table.contentHeight - 16) : 0
        visible: view.chartShown
        run: view.chartId !== "" ? view.run : null
        chartId: view.chartId
        explaining: true
        dark: ThemePalette.dark
    }
    Text {
        anchors.centerIn: inspectorChart
        visible: view.chartShown && inspectorChart.panelCount === 0
        text: inspectorChart.emptyText
        width: inspectorChart.width - 16
        horizontalAlignment: Text.AlignHCenter
        wrapMode: Text.Wrap
        color: ThemePalette.text
        font.pixelSize: 12
    }

    Text {
        anchors.top: header.bottom
        anchors.topMargin: 12
        anchors.left: header.left
        anchors.leftMargin: 4
        anchors.right: header.right
        visible: decisions.shownStep >= 0 && !decisions.busy && decisions.candidateCount === 0 && view.decisionsShown
        text: decisions.filteredCount > 0 ? qsTr("No %1 %2: every %2 was %3 (see the reasons on the right).")
                                            .arg(decisions.words.feasible).arg(decisions.words.candidate).arg(decisions.words.filtered)
                                          : qsTr("Nothing was scheduled at this step.")
        color: ThemePalette.text
        font.pixelSize: 12
        wrapMode: Text.Wrap
    }

    Rectangle {
        id: filteredPanel
        objectName: "filteredPanel"
        // Beside the table when the table's columns still fit next to it; else below the table,
        // across the view, so that the table keeps the width for its columns (a training round's
        // notes at 1280x800).
        readonly property int besideWidth: Math.min(340, view.width * 0.35)
        readonly property bool beside: view.width - 2 * view.padding - besideWidth - 8 - 14 >= table.leastWidth
        x: beside ? view.width - view.padding - width : view.padding
        readonly property real topBeside: summary.y + summary.height + 8
        y: beside ? topBeside : view.height - view.padding - height
        // Nothing filtered out (an inference plan serves every class): the table takes the room.
        width: decisions.filteredCount > 0 ? (beside ? besideWidth : view.width - 2 * view.padding) : 0
        // Below the table, as tall as its entries (about a line each) up to a third of the room.
        height: beside ? view.height - view.padding - topBeside
                       : Math.max(90, Math.min(220, (view.height - topBeside) * 0.35, 76 + 18 * decisions.filteredCount))
        visible: width > 0
        color: "transparent"
        border.color: Qt.rgba(ThemePalette.mid.r, ThemePalette.mid.g, ThemePalette.mid.b, 0.6)
        radius: 3

        Text {
            id: filteredTitle
            x: 8
            y: 6
            text: qsTr("%1 (%2)").arg(decisions.words.Filtered).arg(decisions.filteredCount)
            color: ThemePalette.text
            font.pixelSize: 12
            font.bold: true
        }
        TextField {
            id: filterSearch
            objectName: "filteredSearch"
            anchors.top: filteredTitle.bottom
            anchors.topMargin: 4
            anchors.left: parent.left
            anchors.leftMargin: 8
            anchors.right: parent.right
            anchors.rightMargin: 8
            visible: decisions.filteredCount > 0
            placeholderText: qsTr("Search %1 or reasons").arg(decisions.words.candidates)
            selectByMouse: true
            onTextChanged: decisions.filtered.search = text
            Keys.onEscapePressed: text = ""
        }
        Text {
            id: noMatch
            anchors.top: filterSearch.bottom
            anchors.topMargin: 4
            x: 8
            visible: decisions.filteredCount > 0 && decisions.filtered.matchCount === 0
            text: qsTr("No filtered %1 matches “%2”.").arg(decisions.words.candidate).arg(decisions.filtered.search)
            color: ThemePalette.text
            font.pixelSize: 11
        }
        ListView {
            id: filteredList
            objectName: "filteredList"
            anchors.top: filterSearch.bottom
            anchors.topMargin: 4
            anchors.left: parent.left
            anchors.leftMargin: 8
            anchors.right: parent.right
            anchors.bottom: parent.bottom
            anchors.bottomMargin: 4
            clip: true
            model: decisions.filtered
            ScrollBar.vertical: ScrollBar {}
            delegate: Rectangle {
                id: entry
                required property int index
                required property bool isGroup
                required property bool expanded
                required property string display
                required property string candidate
                required property string reason
                width: ListView.view.width - 12
                height: label.implicitHeight + 4
                color: entry.isGroup ? Qt.rgba(ThemePalette.mid.r, ThemePalette.mid.g, ThemePalette.mid.b, 0.18)
                                     : "transparent"
                border.color: ThemePalette.text
                border.width: !entry.isGroup && view.selectedNode !== "" && entry.candidate === view.selectedNode ? 1 : 0
                Text {
                    id: label
                    anchors.left: parent.left
                    anchors.right: parent.right
                    anchors.leftMargin: entry.isGroup ? 2 : 14
                    anchors.verticalCenter: parent.verticalCenter
                    text: entry.isGroup ? (entry.expanded ? "▾ " : "▸ ") + entry.display
                                        : "<b>" + entry.candidate + "</b> " + entry.reason
                    textFormat: entry.isGroup ? Text.PlainText : Text.StyledText
                    color: ThemePalette.text
                    font.pixelSize: entry.isGroup ? 12 : 11
                    font.bold: entry.isGroup
                    wrapMode: Text.Wrap
                }
                TapHandler {
                    onTapped: entry.isGroup ? decisions.filtered.toggleGroup(entry.index) : view.select(entry.candidate)
                }
            }
        }
    }

    BusyIndicator {
        anchors.centerIn: parent
        running: decisions.busy
        visible: running
    }
}
