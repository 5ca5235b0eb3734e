import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Qt.labs.settings
import Tessera.Views

// What to do first, shown until dismissed (remembered in the settings): open a trace, run a
// policy, scrub the timeline, inspect a decision, and where the keyboard shortcuts are.
Pane {
    id: hint

    signal shortcutsRequested()
    // The registered kinds of run, by name, for the first step.
    property string kindNames: ""

    readonly property var steps: [
        { title: qsTr("Open a trace or a workload"),
          text: qsTr("Open… (Ctrl+O), or drop a file on the window: a node or pod list schedules pods (a bundled sample is open now); "
                     + "a training job file, such as a Pollux workload, switches to the training kind that reads it. "
                     + "The Kind menu in the Run panel lists every kind: %1.").arg(hint.kindNames) },
        { title: qsTr("Run a policy"),
          text: qsTr("Choose it in the Run panel and press Run (Ctrl+R). The first trace runs with FGD by itself.") },
        { title: qsTr("Scrub the timeline"),
          text: qsTr("← / → one decision, Shift+← / → a hundred, Space plays, Home and End jump. Every view follows.") },
        { title: qsTr("Inspect a decision"),
          text: qsTr("The Decision inspector (Ctrl+5) shows why the pod at the cursor went where it did. Fork (Ctrl+F) tries another policy from there.") }
    ]

    visible: !settings.dismissed
    padding: 14
    width: Math.min(440, parent ? parent.width - 32 : 440)

    Settings {
        id: settings
        category: "hints"
        property bool dismissed: false
    }

    function dismiss() { settings.dismissed = true }

    background: Rectangle {
        radius: 8
        color: ThemePalette.dark ? "#26303b" : "#f4f7fc"
        border.color: ThemePalette.accent
        border.width: 1
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: 8
        Label {
            Layout.fillWidth: true
            text: qsTr("Getting started")
            font.bold: true
            font.pixelSize: 15
        }
        Repeater {
            model: hint.steps
            delegate: RowLayout {
                required property var modelData
                required property int index
                Layout.fillWidth: true
                spacing: 8
                Label {
                    Layout.alignment: Qt.AlignTop
                    text: (index + 1) + "."
                    font.bold: true
                }
                Label {
                    Layout.fillWidth: true
                    text: "<b>" + modelData.title + "</b> — " + modelData.text
                    textFormat: Text.StyledText
                    wrapMode: Text.Wrap
                }
            }
        }
        RowLayout {
            Layout.fillWidth: true
            Label {
                Layout.fillWidth: true
                text: qsTr("Every shortcut: press ? or “Shortcuts ?” at the top right")
                wrapMode: Text.Wrap
                color: ThemePalette.text; opacity: 0.75
            }
            Button { text: qsTr("Shortcuts"); onClicked: hint.shortcutsRequested() }
            Button {
                objectName: "dismissHintButton"
                text: qsTr("Got it")
                highlighted: true
                onClicked: hint.dismiss()
            }
        }
    }
}
