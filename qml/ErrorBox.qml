import QtQuick
import QtQuick.Controls
import Tessera.Views

// An error the user must see (contracts.md 4: FILE:LINE: column NAME: problem), selectable so
// that the path and line can be copied. Hidden while there is no error.
Rectangle {
    id: box
    property string text
    visible: text.length > 0
    implicitHeight: message.implicitHeight + 16
    implicitWidth: 320
    radius: 4
    color: Qt.rgba(0.835, 0.369, 0, ThemePalette.dark ? 0.28 : 0.12)  // Okabe–Ito vermillion
    border.color: "#D55E00"
    border.width: 1

    TextEdit {
        id: message
        anchors.fill: parent
        anchors.margins: 8
        text: box.text
        readOnly: true
        selectByMouse: true
        wrapMode: TextEdit.Wrap
        textFormat: TextEdit.PlainText
        color: ThemePalette.text
        font.family: "monospace"
    }
}
