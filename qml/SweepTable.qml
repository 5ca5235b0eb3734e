import QtQuick
import QtQuick.Controls
import Tessera.Views

// A part of the Sweep tab's table: the browser's columns firstColumn .. endColumn − 1, the others
// hidden (width 0), so that the parameter columns stay put while the figures scroll beside them.
// Each column as wide as its title on at most two lines (at least a name's or a figure's room);
// the width left over is shared out among the shown columns so the part spans its room.
TableView {
    id: table
    required property SweepBrowser browser
    required property var sweepView  // the SweepView: its currentRow, openRow(), openCurrent()
    property int firstColumn: 0
    property int endColumn: 0
    // A part that scrolls with another (syncView) leaves the vertical scroll bar to it; one as
    // wide as its columns needs no horizontal one.
    property bool verticalBar: true
    property bool horizontalBar: true

    // Sized by its layout, not by its columns (contentWidth): the part beside it keeps its width,
    // and a width that follows the columns that follow the width would be a polish loop.
    implicitWidth: 120
    implicitHeight: 120
    clip: true
    model: browser
    boundsBehavior: Flickable.StopAtBounds
    ScrollBar.vertical: ScrollBar {
        objectName: table.objectName + "VerticalBar"
        policy: !table.verticalBar ? ScrollBar.AlwaysOff
              : table.contentHeight > table.height + 1 ? ScrollBar.AlwaysOn : ScrollBar.AsNeeded
    }
    ScrollBar.horizontal: ScrollBar {
        id: horizontalScrollBar
        objectName: table.objectName + "HorizontalBar"
        policy: !table.horizontalBar ? ScrollBar.AlwaysOff
              : table.contentWidth > table.width + 1 ? ScrollBar.AlwaysOn : ScrollBar.AsNeeded
    }
    // The last column and row clear of the bars shown over them.
    rightMargin: ScrollBar.vertical && ScrollBar.vertical.policy === ScrollBar.AlwaysOn ? ScrollBar.vertical.width : 0
    bottomMargin: horizontalScrollBar.policy === ScrollBar.AlwaysOn ? horizontalScrollBar.height : 0
    FontMetrics { id: cellMetrics; font.pixelSize: 12; font.bold: true }

    function shows(column) { return column >= firstColumn && column < endColumn }
    columnWidthProvider: column => {
        if (!shows(column))
            return 0
        let total = 0
        for (let c = firstColumn; c < endColumn; ++c)
            total += naturalWidth(c)
        const spare = Math.max(0, width - rightMargin - total)
        return naturalWidth(column) + Math.floor(spare / Math.max(1, endColumn - firstColumn))
    }
    onWidthChanged: Qt.callLater(forceLayout)
    onFirstColumnChanged: Qt.callLater(forceLayout)
    onEndColumnChanged: Qt.callLater(forceLayout)
    function naturalWidth(column) {
        const title = browser.columnTitles[column] || ""
        const words = title.split(" ")
        let best = cellMetrics.advanceWidth(title)
        for (let i = 1; i < words.length; ++i)
            best = Math.min(best, Math.max(cellMetrics.advanceWidth(words.slice(0, i).join(" ")),
                                           cellMetrics.advanceWidth(words.slice(i).join(" "))))
        const id = column < browser.parameterCount ? browser.parameters[column].id : ""
        // Figures to the third decimal (a cluster's kW) whole, never cut; a trace by what tells
        // it apart (SweepBrowser.textAt), its path in the cell's tooltip.
        const least = id === "policy" ? 130 : id === "trace" || id === "study" ? 110
                    : column >= browser.parameterCount ? 88 : 64
        return Math.max(least, Math.ceil(best) + 22)
    }
    delegate: Rectangle {
        required property int row
        required property int column
        required property string display
        required property string toolTip
        required property color groupColor
        implicitHeight: 24
        color: row === table.sweepView.currentRow ? Qt.rgba(ThemePalette.accent.r, ThemePalette.accent.g, ThemePalette.accent.b, 0.25)
               : row % 2 ? Qt.rgba(ThemePalette.mid.r, ThemePalette.mid.g, ThemePalette.mid.b, 0.08) : "transparent"
        // The group's colour, as its curve's, at the start of the row.
        Rectangle {
            visible: column === 0 && groupColor.a > 0
            width: 4
            anchors.top: parent.top; anchors.bottom: parent.bottom
            color: groupColor
        }
        Text {
            id: cellText
            anchors.fill: parent
            anchors.leftMargin: 8
            anchors.rightMargin: 6
            verticalAlignment: Text.AlignVCenter
            horizontalAlignment: column < table.browser.parameterCount ? Text.AlignLeft : Text.AlignRight
            elide: Text.ElideMiddle
            font.pixelSize: 12
            color: ThemePalette.text
            text: display
        }
        HoverHandler { id: cellHover }
        ToolTip.visible: cellHover.hovered && (toolTip.length > 0 || cellText.truncated)
        ToolTip.delay: 500
        ToolTip.text: toolTip.length > 0 ? toolTip : display
        TapHandler {
            onTapped: { table.sweepView.currentRow = row; table.forceActiveFocus() }
            onDoubleTapped: { table.sweepView.currentRow = row; table.sweepView.openRow(row) }
        }
    }
    Keys.onUpPressed: { sweepView.currentRow = Math.max(0, sweepView.currentRow - 1); positionViewAtRow(sweepView.currentRow, TableView.Contain) }
    Keys.onDownPressed: { sweepView.currentRow = Math.min(browser.shownRuns - 1, sweepView.currentRow + 1); positionViewAtRow(sweepView.currentRow, TableView.Contain) }
    Keys.onReturnPressed: sweepView.openCurrent()
    Keys.onEnterPressed: sweepView.openCurrent()
}
