import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Tessera.Views

// Says where a saved file went, the moment it is written, with a way to its folder; or why it
// was not written. One for the window, over any dialog that is open.
Popup {
    id: notice

    property string text: ""
    property string path: ""
    property bool failed: false

    // `message` says what went where; `path` is the file, whose folder can be opened.
    function saved(message, path) {
        notice.text = message
        notice.path = path
        notice.failed = false
        open()
        hide.restart()
    }
    function fail(message) {
        notice.text = message
        notice.path = ""
        notice.failed = true
        hide.stop()
        open()
    }

    SaveLocation { id: location }
    // A confirmation goes away by itself; an error stays until dismissed.
    Timer { id: hide; interval: 15000; onTriggered: notice.close() }

    // The free room the notice lies over: the tool bar's middle (MainToolBar.noticeRoom), so
    // that it neither moves the views nor covers them (a click aimed at a view lands there).
    // Without one, over the window's bottom.
    property Item room: null

    parent: room ? room : Overlay.overlay
    x: room ? 0 : Math.round((parent.width - width) / 2)
    // Centred on the bar; an error's longer text grows down from the window's top.
    y: room ? Math.max(Math.round((room.height - height) / 2), -room.mapToItem(null, 0, 0).y)
            : parent.height - height - 72
    // Into the room; at least a file name's width, over whatever is beside it when it is narrow.
    width: Math.min(implicitWidth, room ? Math.max(room.width, 420) : parent.width - 48)
    modal: false
    focus: false
    closePolicy: Popup.NoAutoClose
    padding: 2
    leftPadding: 10

    background: Rectangle {
        radius: 6
        color: ThemePalette.dark ? "#2b3440" : "#eef3fb"
        border.color: notice.failed ? (ThemePalette.dark ? "#ff9d8a" : "#b3261e") : ThemePalette.accent
    }

    contentItem: RowLayout {
        spacing: 8
        Label {
            objectName: "saveNoticeText"
            Layout.fillWidth: true
            Layout.maximumWidth: 760
            text: notice.text
            // A confirmation on one line in the bar, cut in the middle (a path's folder), whole in
            // its tooltip; an error whole, on up to four lines, until dismissed.
            elide: notice.failed ? Text.ElideRight : Text.ElideMiddle
            wrapMode: notice.failed ? Text.Wrap : Text.NoWrap
            maximumLineCount: notice.failed ? 4 : 1
            ToolTip.visible: textHover.hovered && truncated
            ToolTip.text: notice.text
            HoverHandler { id: textHover }
            color: notice.failed ? (ThemePalette.dark ? "#ff9d8a" : "#b3261e") : ThemePalette.text
        }
        ToolButton {
            text: qsTr("Open folder")
            visible: notice.path.length > 0
            onClicked: location.openFolder(notice.path)
        }
        ToolButton {
            text: "✕"
            onClicked: notice.close()
            ToolTip.visible: hovered
            ToolTip.text: qsTr("Dismiss")
        }
    }
}
