import QtQuick
import QtQuick.Controls
import Tessera.Views

ApplicationWindow {
    id: window
    width: 1400
    height: 900
    visible: true
    title: qsTr("Tessera")
    color: ThemePalette.window

    Label {
        anchors.centerIn: parent
        text: qsTr("Tessera")
    }
}
