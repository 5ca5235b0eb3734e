import QtQuick
import QtQuick.Controls
import Tessera.Views

// The titles over a part of the Sweep tab's table (SweepTable): a click sorts by the column (again:
// the other way); hovering says what the column's figures are (SweepBrowser.columnTip).
HorizontalHeaderView {
    id: header
    required property SweepBrowser browser
    implicitWidth: 120  // sized by its layout, as its table (SweepTable)
    clip: true
    delegate: Rectangle {
        required property int column
        required property string display
        readonly property string tip: header.browser.columnTip(column)
        implicitWidth: 90
        implicitHeight: 36
        color: Qt.rgba(ThemePalette.mid.r, ThemePalette.mid.g, ThemePalette.mid.b, 0.25)
        border.color: Qt.rgba(ThemePalette.mid.r, ThemePalette.mid.g, ThemePalette.mid.b, 0.6)
        Text {
            anchors.fill: parent
            anchors.margins: 4
            verticalAlignment: Text.AlignVCenter
            horizontalAlignment: column < header.browser.parameterCount ? Text.AlignLeft : Text.AlignRight
            wrapMode: Text.WordWrap
            maximumLineCount: 2
            elide: Text.ElideRight
            font.pixelSize: 12
            font.bold: true
            color: ThemePalette.text
            text: display + (header.browser.sortColumn === column ? (header.browser.sortAscending ? " ▲" : " ▼") : "")
        }
        MouseArea {
            id: titleArea
            anchors.fill: parent
            hoverEnabled: true
            onClicked: header.browser.sortBy(column, header.browser.sortColumn === column ? !header.browser.sortAscending : true)
        }
        ToolTip.visible: titleArea.containsMouse && tip.length > 0
        ToolTip.delay: 500
        ToolTip.text: tip
    }
}
