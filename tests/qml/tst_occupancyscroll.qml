import QtQuick
import QtQuick.Controls
import QtTest
import Tessera

// Walk15 (issue 16): every GPU cell of 100,000 scrolls, but the style's scroll bar showed only
// while scrolling, so nothing said there was more below. The grid's bar stays shown whenever
// the grid is taller than the view, and only then.
TestCase {
    name: "OccupancyScroll"
    when: windowShown
    width: 800
    height: 600
    visible: true  // (a TestCase is hidden by default: so would the view be, and its bar)

    Component {
        id: occupancy
        OccupancyView { width: 800; height: 600 }
    }

    function test_barShownWhileTheGridIsTaller() {
        const view = createTemporaryObject(occupancy, this)
        verify(view)
        const bar = findChild(view, "occupancyScrollBar")
        verify(bar)
        const flick = view.flickable
        tryVerify(() => flick.height > 100, 2000, "the grid has no height: " + flick.height)
        flick.contentHeight = flick.height * 20  // (as every cell of a large cluster)
        compare(bar.policy, ScrollBar.AlwaysOn)
        tryVerify(() => bar.visible && bar.opacity > 0 && bar.size < 0.1 && bar.width > 0)
        flick.contentHeight = flick.height - 10  // a grid that fits
        compare(bar.policy, ScrollBar.AsNeeded)
        tryVerify(() => !bar.visible || bar.opacity === 0 || bar.size >= 1)
    }
}
