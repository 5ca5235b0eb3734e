import QtQuick
import QtQuick.Controls
import QtTest
import Tessera

// Every attached tool tip is as wide as its text up to ToolTipWidth's maximum, and wraps beyond
// (walk15: the styles sized a tool tip to its text unwrapped, so a long one spanned the whole
// 1280 or 2560 px window; a short one must stay short).
TestCase {
    name: "ToolTipWidth"
    when: windowShown
    width: 1280
    height: 800

    ToolTipWidth { id: cap }
    Item { id: anchor; x: 600; y: 400; width: 100; height: 20 }

    function shown(text) {
        anchor.ToolTip.show(text)
        const tip = anchor.ToolTip.toolTip
        tryVerify(() => tip.opened && tip.width > 0)
        wait(50)
        return tip
    }

    function test_longTextWrapsAtTheMaximum() {
        const tip = shown("A long explanation of a column's figures, said in words. ".repeat(12))
        const room = cap.maximum + tip.leftPadding + tip.rightPadding
        verify(tip.width <= room + 1, "tool tip " + tip.width + " px wide, more than " + room)
        verify(tip.width >= room - 40, "tool tip " + tip.width + " px: not using its width")
        verify(tip.contentItem.lineCount > 3, "not wrapped: " + tip.contentItem.lineCount + " lines")
        anchor.ToolTip.hide()
    }

    function test_shortTextStaysShort() {
        const tip = shown("Dismiss")
        verify(tip.width < 120, "a one-word tool tip is " + tip.width + " px wide")
        compare(tip.contentItem.lineCount, 1)
        anchor.ToolTip.hide()
    }
}
