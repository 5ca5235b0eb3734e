import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Tessera.Views

// The shared cursor: a slider linear in the run's x (arrived % or time, as every chart's x
// axis, so its handle sits at the cursor's share of every axis) labelled in that x, play
// and pause at a chosen speed, step buttons and a jump-to field. Its keys (Space, ←/→,
// Shift+←/→, Home, End) work anywhere in the window while shortcutsEnabled is true.
Pane {
    id: bar
    required property TimelineController timeline
    property bool shortcutsEnabled: true

    padding: 8
    // The row's size: the jump message above it is a second child, which a Pane does not size from.
    contentWidth: row.implicitWidth
    contentHeight: row.implicitHeight

    RowLayout {
        id: row
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
            ToolTip.text: qsTr("One %1 back (←)").arg(bar.timeline.words.step)
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
            ToolTip.text: qsTr("One %1 on (→)").arg(bar.timeline.words.step)
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
            from: bar.timeline.xStart
            to: bar.timeline.xEnd > bar.timeline.xStart ? bar.timeline.xEnd : bar.timeline.xStart + 1
            enabled: bar.timeline.steps > 0
            value: bar.timeline.x
            // The first step at or after the x under the handle; the handle then sits at its x.
            onMoved: bar.timeline.scrubToX(value)
        }

        ColumnLayout {
            spacing: 0
            // A fixed width: the fields right of it stay put while the cursor's text changes.
            Layout.preferredWidth: Math.max(widest.width, widestDetail.width) + 2
            TextMetrics {
                id: widest
                font.bold: true
                text: bar.timeline.xUnit === "s" ? "000 d 00:00:00 (00000000 s)" : "000.00 " + bar.timeline.xUnit
            }
            TextMetrics {
                id: widestDetail
                font.pixelSize: 11
                text: qsTr("%1 · %2 %3 of %3").arg(bar.timeline.xLabel).arg(bar.timeline.words.step).arg(bar.timeline.steps)
            }
            Label {
                text: bar.timeline.steps > 0 ? bar.timeline.label : "—"
                font.bold: true
            }
            Label {
                text: bar.timeline.steps > 0
                      ? qsTr("%1 · %2 %3 of %4").arg(bar.timeline.xLabel).arg(bar.timeline.words.step)
                            .arg(bar.timeline.position).arg(bar.timeline.steps)
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
            ToolTip.text: qsTr("%1 per second while playing").arg(bar.timeline.words.Steps)
        }

        TextField {
            id: jumpField
            objectName: "jumpField"
            // Wide enough for its examples ("jump to: 3min, 90s, 95%"), never narrower than before.
            Layout.preferredWidth: Math.max(150, hintWidth.advanceWidth + leftPadding + rightPadding + 4)
            TextMetrics {
                id: hintWidth
                font: jumpField.font
                text: jumpField.placeholderText
            }
            // The axes' units, by example inside the run; JumpParser reads it and says what it cannot.
            placeholderText: bar.timeline.jumpHint
            enabled: bar.timeline.steps > 0
            onTextEdited: bar.timeline.clearJumpError()
            // Leaving the box (Esc, a click elsewhere) drops what was typed and never jumped to,
            // so that the next visit starts empty instead of appending to it ("1", Esc, "50"
            // read "150", past the run's end); a refused text stays to be mended.
            onActiveFocusChanged: if (!activeFocus && bar.timeline.jumpError.length === 0) text = ""
            onAccepted: {
                if (bar.timeline.jumpTo(text))
                    text = ""
            }
            ToolTip.visible: hovered && !jumpMessage.visible
            ToolTip.text: bar.timeline.xUnit === "s"
                ? qsTr("Jump to a time or a share of the run's time (%1), or a number in the axis's unit").arg(bar.timeline.jumpExamples)
                : qsTr("Jump to a point of the x axis, in %1").arg(bar.timeline.xUnit)
        }
    }

    // Why the text was refused, or where the jump landed when no event is where it was asked:
    // just above the box, right-aligned with it, over the bottom of the views and outside the
    // row's layout, so that showing it moves nothing (the box stays under the pointer) and
    // covers none of the bar's own controls or its position text. Whole, never elided.
    Rectangle {
        id: jumpMessage
        readonly property bool isError: bar.timeline.jumpError.length > 0
        visible: isError || bar.timeline.jumpNote.length > 0
        z: 100
        width: Math.min(420, messageWidth.width + 18)
        height: message.implicitHeight + 6
        x: jumpField.x + jumpField.width - width  // the row fills the same parent
        y: -height - 2 - bar.topPadding  // above the Pane itself, not just its padded content
        color: ThemePalette.window
        border.color: jumpMessage.isError ? message.color : ThemePalette.mid
        radius: 3
        TextMetrics {
            id: messageWidth
            font.pixelSize: 11
            text: message.text
        }
        Label {
            id: message
            objectName: "jumpError"
            anchors.fill: parent
            anchors.margins: 3
            leftPadding: 5
            rightPadding: 5
            verticalAlignment: Text.AlignVCenter
            text: jumpMessage.isError ? bar.timeline.jumpError : bar.timeline.jumpNote
            color: jumpMessage.isError ? (ThemePalette.dark ? "#ff9d8a" : "#b3261e") : ThemePalette.text
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
