import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Tessera.Views

// "Fork with policy X": re-run from the state at the cursor with another policy or other
// weights. Both branches are then drawn on every chart, marked where they diverge.
Dialog {
    id: dialog

    required property RunManager runs
    property RunHandle run: null
    property int position: 0

    title: qsTr("Fork at the cursor")
    modal: true
    anchors.centerIn: Overlay.overlay
    standardButtons: Dialog.Ok | Dialog.Cancel
    readonly property string problem: specField.text.length === 0 ? qsTr("Enter a policy spec")
                                                                    : runs.validate(specField.text)

    onOpened: { specField.selectAll(); specField.forceActiveFocus() }
    onAccepted: {
        if (run && problem.length === 0)
            runs.fork(run, position, specField.text)
    }
    Component.onCompleted: standardButton(Dialog.Ok).enabled = Qt.binding(() => run !== null && problem.length === 0)

    ColumnLayout {
        spacing: 8
        Label {
            Layout.maximumWidth: 460
            wrapMode: Text.WordWrap
            color: ThemePalette.text
            text: dialog.run
                  ? qsTr("Keep the first %1 decisions of “%2” (up to %3) and schedule the rest with:")
                        .arg(dialog.position).arg(dialog.run.name).arg(dialog.run.xText(dialog.position))
                  : qsTr("Run a simulation first.")
        }
        TextField {
            id: specField
            objectName: "forkSpec"
            Layout.fillWidth: true
            text: "pwr:100,fgd:900"
            placeholderText: qsTr("e.g. fgd, bestfit, pwr:100,fgd:900")
            onAccepted: if (dialog.problem.length === 0) dialog.accept()
        }
        Label {
            Layout.maximumWidth: 460
            wrapMode: Text.WordWrap
            color: ThemePalette.dark ? "#ff9d8a" : "#b3261e"
            visible: dialog.problem.length > 0 && specField.text.length > 0
            text: dialog.problem
        }
        Label {
            Layout.maximumWidth: 460
            wrapMode: Text.WordWrap
            color: ThemePalette.text
            opacity: 0.7
            font.pixelSize: 11
            text: qsTr("Plugins: %1. Weights are positive integers; a bare name weighs 1000.")
                      .arg(dialog.runs.plugins.join(", "))
        }
    }
}
