import QtQuick
import QtQuick.Controls
import QtTest
import Tessera

// A tooltip of several short lines is as wide as its longest line, not as the window (walk15,
// issue 16: the occupancy grid's node tooltip, seven short lines, was 1270 px wide at 1280,
// because Qt 6.4's wrapping Text measures the lines as if joined into one); a line longer than
// maxWidth wraps within it.
TestCase {
    id: test
    name: "ToolTipFit"
    when: windowShown
    width: 1280
    height: 800

    Item { id: anchor; x: 600; y: 400; width: 10; height: 10 }
    ToolTipFit { id: fit }  // (the shared tooltip, as Main.qml's)
    FontMetrics { id: metrics; font: anchor.ToolTip.toolTip.font }
    // What the style's tooltip content alone makes of several lines (Qt 6.4): their joined width.
    Text { id: probe; visible: false; wrapMode: Text.Wrap; font: metrics.font; text: test.nodeText }

    readonly property string nodeText: "This square: one node, drawn in the mean of its 8 GPUs: 95.3 %\n\n"
        + "openb-node-10527 · G2 · 8 GPUs\nnode CPU 2.487/96 vCPU free\n\nGPU 0 · 970 milli used\n"
        + "GPU 1 · 995 milli used\nGPU 2 · 1000 milli used\n\nPods on its GPUs:\nopenb-pod-051070: 810 milli GPU, 4.152 vCPU"

    function show(text) {
        anchor.ToolTip.text = text
        anchor.ToolTip.visible = true
        const tip = anchor.ToolTip.toolTip
        tryVerify(() => tip.opened)
        return tip
    }

    function cleanup() { anchor.ToolTip.visible = false }

    function test_severalShortLinesAreAsWideAsTheLongest() {
        const tip = show(nodeText)
        const longest = metrics.advanceWidth("This square: one node, drawn in the mean of its 8 GPUs: 95.3 %")
        const padding = tip.leftPadding + tip.rightPadding
        verify(tip.width >= longest + padding, tip.width + " < " + longest)
        verify(tip.width <= longest + padding + 4, tip.width + " wider than its longest line " + longest)
        // (What the style alone made of it: the lines joined, far wider.)
        verify(probe.implicitWidth > 2 * longest, "the Qt defect this works around is gone?")
        // Every line shows whole: none wrapped.
        const label = findChild(tip.contentItem, "toolTipFitText")
        verify(label)
        compare(label.lineCount, nodeText.split("\n").length)
        // Centred on what it explains, inside the window.
        const centre = tip.contentItem.mapToItem(null, tip.contentItem.width / 2, 0).x
        verify(Math.abs(centre - (anchor.x + anchor.width / 2)) <= 2, "centred at " + centre)
        verify(tip.height >= label.lineCount * metrics.height, "every line shown")
    }

    function test_aLongLineWrapsWithinTheMaximum() {
        const text = "Too many GPUs for cells of 4 px here: each node is one square in its GPUs' mean colour. "
                   + "Hover a square for the node, its GPUs and pods; untick to draw every GPU, scrolling."
        const tip = show(text)
        verify(metrics.advanceWidth(text) > fit.maxWidth)
        compare(tip.width, fit.maxWidth + tip.leftPadding + tip.rightPadding + 0)
        const label = findChild(tip.contentItem, "toolTipFitText")
        verify(label.lineCount >= 2)
        verify(tip.height >= label.lineCount * metrics.height - 1)
        // The next, short text: small again.
        anchor.ToolTip.text = "Swap A and B"
        tryVerify(() => tip.width <= metrics.advanceWidth("Swap A and B") + tip.leftPadding + tip.rightPadding + 2)
    }
}
