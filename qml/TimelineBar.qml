import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Tessera.Views

// The shared cursor: a slider over the run's decisions labelled in arrived % or time, play
// and pause at a chosen speed, step buttons and a jump-to field. Its keys (Space, ←/→,
// Shift+←/→, Home, End) work anywhere in the window while shortcutsEnabled is true.
Pane {
    id: bar
    required property TimelineController timeline
    property bool shortcutsEnabled: true

    padding: 8

    RowLayout {
        anchors.fill: parent
        spacing: 6

        ToolButton {
            text: "⇤"
            onClicked: bar.timeline.home()
            ToolTip.visible: hovered
            ToolTip.text: qsTr("Start (Home)")
        }
        ToolButton {
            text: "−1"
            onClicked: bar.timeline.step(-1)
            ToolTip.visible: hovered
            ToolTip.text: qsTr("One decision back (←)")
        }
        ToolButton {
            text: bar.timeline.playing ? "❚❚" : "▶"
            enabled: bar.timeline.steps > 0
            onClicked: bar.timeline.toggle()
            ToolTip.visible: hovered
            ToolTip.text: qsTr("Play or pause (Space)")
        }
        ToolButton {
            text: "+1"
            onClicked: bar.timeline.step(1)
            ToolTip.visible: hovered
            ToolTip.text: qsTr("One decision on (→)")
        }
        ToolButton {
            text: "⇥"
            onClicked: bar.timeline.end()
            ToolTip.visible: hovered
            ToolTip.text: qsTr("End (End)")
        }

        Slider {
            id: slider
            objectName: "timelineSlider"
            Layout.fillWidth: true
            Layout.minimumWidth: 160
            from: 0
            to: Math.max(1, bar.timeline.steps)
            stepSize: 1
            snapMode: Slider.SnapAlways
            enabled: bar.timeline.steps > 0
            value: bar.timeline.position
            onMoved: bar.timeline.position = Math.round(value)
        }

        ColumnLayout {
            spacing: 0
            Layout.minimumWidth: 150
            Label {
                text: bar.timeline.steps > 0 ? bar.timeline.label : "—"
                font.bold: true
            }
            Label {
                text: bar.timeline.steps > 0
                      ? qsTr("%1 · decision %2 of %3").arg(bar.timeline.xLabel).arg(bar.timeline.position).arg(bar.timeline.steps)
                      : qsTr("no run")
                color: ThemePalette.text; opacity: 0.7
                font.pixelSize: 11
            }
        }

        Label { text: qsTr("Speed") }
        ComboBox {
            id: speedBox
            readonly property var speeds: [10, 50, 200, 1000, 5000, 20000]
            model: speeds.map(s => s + qsTr("/s"))
            currentIndex: Math.max(0, speeds.indexOf(bar.timeline.speed))
            onActivated: bar.timeline.speed = speeds[currentIndex]
            ToolTip.visible: hovered
            ToolTip.text: qsTr("Decisions per second while playing")
        }

        TextField {
            id: jumpField
            objectName: "jumpField"
            Layout.preferredWidth: 150
            // The axes' units: 130d, 4h, 95%; JumpParser reads it and says what it cannot.
            placeholderText: bar.timeline.jumpHint
            enabled: bar.timeline.steps > 0
            onTextEdited: bar.timeline.clearJumpError()
            onAccepted: {
                if (bar.timeline.jumpTo(text))
                    text = ""
            }
            ToolTip.visible: hovered && bar.timeline.jumpError.length === 0
            ToolTip.text: qsTr("Jump to a time (130d, 4h, 2d 6h), a share of the run (95%) or a number in the axis's unit")
        }
        Label {
            objectName: "jumpError"
            visible: bar.timeline.jumpError.length > 0
            Layout.maximumWidth: 320
            text: bar.timeline.jumpError
            color: ThemePalette.dark ? "#ff9d8a" : "#b3261e"
            wrapMode: Text.Wrap
            font.pixelSize: 11
        }
    }

    Shortcut { enabled: bar.shortcutsEnabled; sequence: "Space"; onActivated: bar.timeline.toggle() }
    Shortcut { enabled: bar.shortcutsEnabled; sequence: "Left"; onActivated: bar.timeline.step(-1) }
    Shortcut { enabled: bar.shortcutsEnabled; sequence: "Right"; onActivated: bar.timeline.step(1) }
    Shortcut { enabled: bar.shortcutsEnabled; sequence: "Shift+Left"; onActivated: bar.timeline.step(-100) }
    Shortcut { enabled: bar.shortcutsEnabled; sequence: "Shift+Right"; onActivated: bar.timeline.step(100) }
    Shortcut { enabled: bar.shortcutsEnabled; sequence: "Home"; onActivated: bar.timeline.home() }
    Shortcut { enabled: bar.shortcutsEnabled; sequence: "End"; onActivated: bar.timeline.end() }
}
