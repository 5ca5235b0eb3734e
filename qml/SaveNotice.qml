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

    // The strip the window keeps free for the notice while it shows, above the timeline: the
    // notice covers nothing. Without one, over the window's bottom.
    property Item room: null

    parent: room ? room : Overlay.overlay
    x: Math.round((parent.width - width) / 2)
    y: room ? 4 : parent.height - height - 72
    width: Math.min(parent.width - 48, implicitWidth)
    modal: false
    focus: false
    closePolicy: Popup.NoAutoClose
    padding: 10

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
            wrapMode: Text.WrapAnywhere
            color: notice.failed ? (ThemePalette.dark ? "#ff9d8a" : "#b3261e") : ThemePalette.text
        }
        Button {
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
