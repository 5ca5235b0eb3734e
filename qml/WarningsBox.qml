import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Tessera.Views

// What a load accepted but noticed (an interrupted final line, an unknown model), one
// `FILE:LINE: ...` line each, under "Warnings:": the app's counterpart of the CLI's `warning:`
// lines, selectable so that a path and line can be copied. Hidden while there is none.
ColumnLayout {
    id: box
    property string text
    visible: text.length > 0
    spacing: 2

    Label {
        text: qsTr("Warnings:")
        color: ThemePalette.text; opacity: 0.7
    }
    TextEdit {
        objectName: "warningsText"
        Layout.fillWidth: true
        text: box.text
        readOnly: true
        selectByMouse: true
        wrapMode: TextEdit.Wrap
        textFormat: TextEdit.PlainText
        color: ThemePalette.text; opacity: 0.7
    }
}
