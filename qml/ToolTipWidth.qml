import QtQuick
import QtQuick.Controls

// Every attached tool tip (ToolTip.text on any item: one instance shared by the window) is as
// wide as its text, up to `maximum`, and wraps beyond: the styles size a tool tip to its text
// unwrapped, so a long one spanned the whole window (walk15). One of these in the window.
Item {
    id: root
    property real maximum: 480
    // The shared instance, read through this item (the attached property needs an Item).
    readonly property ToolTip shared: ToolTip.toolTip
    Binding {
        target: root.shared
        property: "contentWidth"
        value: Math.min(root.shared.contentItem ? Math.ceil(root.shared.contentItem.implicitWidth) : 0, root.maximum)
    }
}
