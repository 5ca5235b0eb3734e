import QtQuick
import Tessera.Views

// A horizontal colour-scale legend: the ramp from `colorAt(0)` to `colorAt(1)` between its
// minimum and maximum labels, and the quantity it encodes with its unit.
Row {
    id: legend

    // function(share in [0, 1]) -> color, e.g. an item's colorAt
    property var colorAt: function(t) { return Qt.rgba(t, t, t, 1) }
    property string minText: "0"
    property string maxText: "1"
    property string label: ""
    property int rampWidth: 160
    // A value drawn off the ramp (a heatmap's 0: the empty cell), keyed by a swatch before it;
    // none while emptyText is empty.
    property color emptyColor: "transparent"
    property string emptyText: ""

    spacing: 6

    Rectangle {
        objectName: "legendEmptySwatch"
        visible: legend.emptyText.length > 0
        anchors.verticalCenter: parent.verticalCenter
        width: 12
        height: 12
        color: legend.emptyColor
        border.color: ThemePalette.mid
        border.width: 1
    }
    Text {
        visible: legend.emptyText.length > 0
        anchors.verticalCenter: parent.verticalCenter
        text: legend.emptyText
        color: ThemePalette.text
        font.pixelSize: 11
        rightPadding: 6
    }
    Text {
        visible: legend.minText.length > 0
        anchors.verticalCenter: parent.verticalCenter
        text: legend.minText
        color: ThemePalette.text
        font.pixelSize: 11
    }
    Rectangle {
        anchors.verticalCenter: parent.verticalCenter
        width: legend.rampWidth
        height: 12
        border.color: ThemePalette.mid
        border.width: 1
        gradient: Gradient {
            orientation: Gradient.Horizontal
            GradientStop { position: 0.0; color: legend.colorAt(0.0) }
            GradientStop { position: 0.25; color: legend.colorAt(0.25) }
            GradientStop { position: 0.5; color: legend.colorAt(0.5) }
            GradientStop { position: 0.75; color: legend.colorAt(0.75) }
            GradientStop { position: 1.0; color: legend.colorAt(1.0) }
        }
    }
    Text {
        anchors.verticalCenter: parent.verticalCenter
        text: legend.maxText
        color: ThemePalette.text
        font.pixelSize: 11
    }
    Text {
        anchors.verticalCenter: parent.verticalCenter
        text: legend.label
        color: ThemePalette.text
        font.pixelSize: 11
    }
}
