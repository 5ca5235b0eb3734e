import QtQuick
import QtQuick.Controls

// Sizes a tooltip to its longest line, at most maxWidth (longer lines wrap). Qt 6.4's wrapping
// Text, the style's tooltip content, measures a text of several lines as if its lines were
// joined into one: a node's seven short lines made a tooltip as wide as the window, covering
// the grid and the side panel. This gives the tooltip a content whose implicit width is its
// longest line's, so that the style sizes and centres it right, also when the attached
// tooltip resets its size on every show (a width bound from outside was reset).
// Main.qml fits the shared attached tooltip (every `ToolTip.text` of the app) once; a view
// with a ToolTip of its own fits it with one of these too.
Item {
    id: fit

    // The tooltip to fit: by default the shared one of the attached `ToolTip.text`s.
    property ToolTip toolTip: ToolTip.toolTip
    property real maxWidth: 480

    visible: false

    FontMetrics {
        id: metrics
        font: fit.toolTip ? fit.toolTip.font : Qt.application.font
    }

    // The advance of the widest line of `text` (FontMetrics' method: no property to loop on).
    function longestLine(text) {
        let widest = 0
        for (const line of String(text).split("\n"))
            widest = Math.max(widest, metrics.advanceWidth(line))
        return widest
    }

    Component {
        id: fittedContent
        Item {
            id: box
            property ToolTip tip: null
            implicitWidth: tip ? Math.min(fit.maxWidth, Math.ceil(fit.longestLine(tip.text)) + 1) : 0
            implicitHeight: label.implicitHeight
            Text {
                id: label
                objectName: "toolTipFitText"
                width: parent.width
                text: box.tip ? box.tip.text : ""
                font: box.tip ? box.tip.font : Qt.application.font
                wrapMode: Text.Wrap
                color: box.tip ? box.tip.palette.toolTipText : "black"
            }
        }
    }

    onToolTipChanged: {
        if (toolTip)
            toolTip.contentItem = fittedContent.createObject(toolTip.contentItem ? toolTip.contentItem.parent : null,
                                                             { tip: toolTip })
    }
}
