import QtQuick
import Tessera.Views

// The legend of a categorical colouring: a swatch and a name per category ({name, color}), then
// the marks that are not categories (free, stranded, draining), which are shown only when asked.
Flow {
    id: legend

    property var categories: []
    property string title: ""
    property color freeColor: "transparent"
    property bool showFree: true
    property color strandedColor: "red"
    property bool showStranded: false
    property bool showDraining: false

    spacing: 10

    component Swatch: Row {
        id: swatch
        property color color: "gray"
        property string text: ""
        property bool hatched: false
        property color hatchUnder: legend.freeColor
        spacing: 4
        Rectangle {
            anchors.verticalCenter: parent.verticalCenter
            width: 12
            height: 12
            color: swatch.hatched ? swatch.hatchUnder : swatch.color
            border.color: ThemePalette.mid
            border.width: 1
            clip: true
            // Stripes as the items draw them: a hatched slot is free or draining, not in use.
            Repeater {
                model: swatch.hatched ? 6 : 0
                Rectangle {
                    x: index * 4 - 8
                    y: -4
                    width: 2
                    height: 22
                    rotation: 45
                    color: swatch.color
                }
            }
        }
        Text {
            anchors.verticalCenter: parent.verticalCenter
            text: swatch.text
            color: ThemePalette.text
            font.pixelSize: 11
        }
    }

    Text {
        visible: legend.title.length > 0
        text: legend.title
        color: ThemePalette.text
        font.pixelSize: 11
        font.bold: true
    }
    Repeater {
        model: legend.categories
        Swatch { objectName: "categorySwatch"; color: modelData.color; text: modelData.name }
    }
    Swatch { visible: legend.showFree; color: legend.freeColor; text: qsTr("free") }
    Swatch { visible: legend.showStranded; color: legend.strandedColor; hatched: true; text: qsTr("stranded (unusable)") }
    Swatch { visible: legend.showDraining; color: ThemePalette.text; hatched: true; text: qsTr("draining (hatched in its colour)") }
}
