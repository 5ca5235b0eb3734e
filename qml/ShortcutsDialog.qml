import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Tessera.Views

// Every keyboard shortcut of the app ("?" opens it).
Dialog {
    id: dialog

    // The shown run's words (RunWords: what a step is) and what Open opens for the chosen kind.
    property var words: ({ step: "decision", steps: "decisions" })
    property string inputs: qsTr("a trace")
    property var tabs: []  // the window's tab titles, for Ctrl+1 … Ctrl+N

    readonly property var shortcuts: [
        { keys: "Space", action: qsTr("Play or pause the timeline") },
        { keys: "← / →", action: qsTr("One %1 back or on").arg(dialog.words.step) },
        { keys: "Shift+← / Shift+→", action: qsTr("100 %1 back or on").arg(dialog.words.steps) },
        { keys: "Home", action: qsTr("Go to the start") },
        { keys: "End", action: qsTr("Go to the end") },
        { keys: "Esc / Enter", action: qsTr("In a text field: give these keys back to the timeline (so does a click elsewhere)") },
        { keys: "?", action: qsTr("Show this list") },
        { keys: "Ctrl+O", action: qsTr("Open %1").arg(dialog.inputs) },
        { keys: "Ctrl+Q", action: qsTr("Quit") },
        { keys: "Ctrl+R", action: qsTr("Run the chosen policy") },
        { keys: "Ctrl+E", action: qsTr("Export the chart or report") },
        { keys: "Ctrl+F", action: qsTr("Fork the run at the cursor") },
        { keys: "Ctrl+D", action: qsTr("Compare two runs side by side") },
        { keys: "Ctrl+1 … Ctrl+" + Math.min(9, dialog.tabs.length), action: dialog.tabs.slice(0, 9).join(", ") },
        { keys: "W / S", action: qsTr("Zoom every chart's time axis in or out at the cursor") },
        { keys: "A / D", action: qsTr("Pan the zoomed charts left or right") },
        { keys: "Ctrl+wheel / Shift+wheel", action: qsTr("Zoom or pan at the pointer") },
        { keys: "0", action: qsTr("Show the whole run again") }
    ]

    title: qsTr("Keyboard shortcuts")
    modal: true
    anchors.centerIn: Overlay.overlay
    standardButtons: Dialog.Close

    GridLayout {
        columns: 2
        columnSpacing: 24
        rowSpacing: 6
        Repeater {
            model: dialog.shortcuts
            delegate: Label {
                required property var modelData
                required property int index
                Layout.row: index
                Layout.column: 0
                text: modelData.keys
                font.family: "monospace"
                font.bold: true
            }
        }
        Repeater {
            model: dialog.shortcuts
            delegate: Label {
                required property var modelData
                required property int index
                Layout.row: index
                Layout.column: 1
                text: modelData.action
            }
        }
    }
}
