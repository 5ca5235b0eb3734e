import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Tessera.Views

// The main actions, each with its shortcut in the tooltip, and what is loaded and running.
ToolBar {
    id: bar

    required property TraceSession session
    required property RunManager runs
    property RunHandle currentRun: null
    property RunHandle otherRun: null
    property bool compareMode: false
    // What can be done now, from the window, which gives its shortcuts the same rules.
    property bool canRun: false
    property bool canFork: false
    property bool canCompare: false
    property bool canExport: false

    // Where the save notice lies: over the bar's free middle, so it moves nothing and covers
    // no view (walk15: a strip of its own shifted the views while it showed).
    readonly property Item noticeRoom: spacer

    signal openRequested()
    signal runRequested()
    signal forkRequested()
    signal compareToggled()
    signal exportRequested()
    signal shortcutsRequested()

    component Action: ToolButton {
        property string tip
        ToolTip.visible: hovered
        ToolTip.delay: 500
        ToolTip.text: tip
    }

    RowLayout {
        anchors.fill: parent
        spacing: 2
        Action {
            objectName: "openAction"
            text: qsTr("Open…")
            tip: qsTr("Open %1 (Ctrl+O)").arg(bar.runs.kind.inputsName)
            onClicked: bar.openRequested()
        }
        Action {
            text: qsTr("Run")
            tip: qsTr("Run the policy of the Run panel (Ctrl+R)")
            enabled: bar.canRun
            onClicked: bar.runRequested()
        }
        Action {
            text: qsTr("Fork…")
            tip: qsTr("Re-run from the cursor with another policy (Ctrl+F)")
            enabled: bar.canFork
            onClicked: bar.forkRequested()
        }
        Action {
            text: qsTr("Compare")
            tip: qsTr("Two runs of the same kind side by side on one timeline (Ctrl+D)")
            checkable: true
            checked: bar.compareMode
            enabled: bar.canCompare
            onClicked: bar.compareToggled()
        }
        Action {
            text: qsTr("Export…")
            tip: qsTr("Charts as PNG, SVG or PDF, data as CSV, a PDF report (Ctrl+E)")
            enabled: bar.canExport
            onClicked: bar.exportRequested()
        }
        // The free middle of the bar; the window's save notice shows here (SaveNotice.room).
        Item { id: spacer; Layout.fillWidth: true; Layout.fillHeight: true }
        Action {
            visible: ChartZoom.active
            text: qsTr("Zoom %1 · reset").arg(ChartPlans.xRangeText(bar.currentRun, ChartZoom.minX, ChartZoom.maxX))
            tip: qsTr("Every chart shows this x range; CSV export keeps to it. Reset: 0")
            onClicked: ChartZoom.reset()
        }
        Label {
            Layout.maximumWidth: bar.width * 0.5
            elide: Text.ElideMiddle
            color: ThemePalette.text
            text: {
                if (bar.runs.busy)
                    return bar.runs.status
                if (!bar.currentRun)
                    return bar.session.loaded ? bar.session.summary : ""
                return bar.otherRun ? qsTr("%1  vs  %2").arg(bar.currentRun.name).arg(bar.otherRun.name)
                                    : bar.currentRun.name
            }
        }
        Action { text: qsTr("Shortcuts ?"); tip: qsTr("Every keyboard shortcut (?)"); onClicked: bar.shortcutsRequested() }
    }
}
