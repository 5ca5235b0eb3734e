import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Tessera.Views
import Tessera

// The renting kind's cost-vs-JCT frontier: each open policy's mean JCT over a budget sweep, the
// open runs on the same workload marked (the current one larger), drawn by the exported chart's
// painter. The sweep runs in the background (progress, Cancel, Resume) and is cached, so a
// point is simulated once. x is what each run spent (GPUs rented on average), one colour per
// policy, each run a shape of its own. Hover a point for its budget, JCT and cost; click it to
// show that run, or to run the policy at that budget (reopened when the study holds it).
Item {
    id: view

    property RunHandle run: null
    property RunHandle otherRun: null
    property int position: 0
    // The open runs (Main.qml sets it): their marks, their policies' curves, and new runs.
    property RunManager runs: null
    // Asks the window to show an open run.
    signal runSelected(RunHandle run)

    Rectangle {
        anchors.fill: parent
        color: ThemePalette.window
    }

    RowLayout {
        id: sweepBar
        anchors.left: parent.left
        anchors.right: parent.right
        anchors.top: parent.top
        anchors.margins: 8
        spacing: 8
        Label {
            objectName: "frontierStatus"
            Layout.fillWidth: true
            text: frontier.status
            color: ThemePalette.text
            elide: Text.ElideRight
        }
        CheckBox {
            objectName: "frontierLogJct"
            text: qsTr("Log JCT axis")
            // What is drawn: log by default when the JCTs span more than a decade; a click
            // chooses for this view.
            checked: frontier.logJctShown
            onToggled: ChartZoom.logarithmicY = checked  // shared with the export
            ToolTip.visible: hovered
            ToolTip.delay: 500
            ToolTip.text: qsTr("Mean JCT on a logarithmic axis (the default when the JCTs span more than a decade)")
        }
        ProgressBar {
            objectName: "frontierProgress"
            Layout.preferredWidth: 160
            visible: frontier.busy
            value: frontier.progress
        }
        Button {
            objectName: "frontierCancel"
            visible: frontier.busy
            text: qsTr("Cancel")
            onClicked: frontier.cancel()
            ToolTip.visible: hovered
            ToolTip.delay: 500
            ToolTip.text: qsTr("Stop the sweep; the budgets run so far stay drawn (Esc)")
        }
        Button {
            objectName: "frontierResume"
            visible: !frontier.busy && !frontier.complete && frontier.markCount > 0
            text: qsTr("Resume")
            onClicked: frontier.refresh()
        }
    }

    Shortcut {
        sequence: "Esc"
        enabled: view.visible && frontier.busy
        onActivated: frontier.cancel()
    }

    RentalFrontierItem {
        id: frontier
        objectName: "frontierChart"
        anchors.fill: parent
        anchors.margins: 8
        anchors.topMargin: sweepBar.height + 12
        run: view.run
        runs: view.runs
        dark: ThemePalette.dark
        logJct: ChartZoom.logarithmicY  // the user's choice, shared with the export
        onRunChosen: chosen => view.runSelected(chosen)

        ToolTip {
            id: tip
            objectName: "frontierTip"
            visible: frontier.hoveredIndex >= 0
            text: frontier.hoverText
            // Its lines unwrapped: as wide as the longest, not as the chart.
            contentItem: Text {
                text: frontier.hoverText
                color: tip.palette.toolTipText
                font: tip.font
            }
            x: Math.min(frontier.hoverPosition.x + 14, frontier.width - width)
            y: Math.max(0, frontier.hoverPosition.y - height - 10)
        }
    }

    Text {
        anchors.centerIn: parent
        visible: frontier.markCount === 0
        text: frontier.emptyText
        color: ThemePalette.text
        font.pixelSize: 14
        width: Math.min(implicitWidth, parent.width - 32)
        wrapMode: Text.Wrap
    }
}
