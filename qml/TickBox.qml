import QtQuick
import QtQuick.Controls
import Tessera.Views

// A check box whose tick is drawn, not the style's bitmap: Fusion's 8-pixel checkmark.png, shown
// unscaled in a 16-pixel box, read as a "√" beside the text (walk14 W18). Two strokes in the
// accent colour, sized with the box, so it reads as a tick at every window size.
CheckBox {
    id: box
    indicator: Rectangle {
        objectName: "tickBoxIndicator"
        implicitWidth: Math.round(box.font.pixelSize > 0 ? box.font.pixelSize * 1.3 : 16)
        implicitHeight: implicitWidth
        x: box.leftPadding
        y: box.topPadding + (box.availableHeight - height) / 2
        radius: 3
        color: box.checked ? ThemePalette.accent : "transparent"
        border.color: box.checked ? ThemePalette.accent : ThemePalette.mid
        border.width: 1
        opacity: box.enabled ? 1 : 0.5
        // The tick: a short stroke down to the right, a long one up to the right, meeting at
        // (40 %, 72 %) of the box.
        Item {
            objectName: "tick"
            anchors.fill: parent
            visible: box.checked
            readonly property real s: width
            Rectangle {
                color: "white"; antialiasing: true
                width: 0.36 * parent.s; height: Math.max(2, 0.13 * parent.s); radius: height / 2
                x: 0.18 * parent.s; y: 0.52 * parent.s
                transformOrigin: Item.Right
                rotation: 45
            }
            Rectangle {
                color: "white"; antialiasing: true
                width: 0.62 * parent.s; height: Math.max(2, 0.13 * parent.s); radius: height / 2
                x: 0.32 * parent.s; y: 0.52 * parent.s
                transformOrigin: Item.Left
                rotation: -50
            }
        }
    }
}
