import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Tessera.Views

// Over the views while no run is shown: what to do to see one, instead of empty 0–1 axes.
// Opaque, and it takes the mouse, so that nothing of the empty views shows through.
Rectangle {
    id: hint

    required property TraceSession session
    required property RunManager runs
    required property StudyLibrary library
    property bool canRun: false

    signal runRequested()
    signal libraryRequested()
    signal runPanelRequested()

    color: ThemePalette.window

    // The kind's inputs are open: the trace for the pod kind, the kind's own files for the others
    // (whose trace session stays empty: a restart into renting said "Open the job file" with the
    // workload open, walk14b N1).
    readonly property bool inputsOpen: hint.runs.kind.usesTraceSession ? hint.session.loaded : hint.runs.inputsReady
    readonly property string openInputs: hint.runs.kind.usesTraceSession ? qsTr("the open trace") : qsTr("the open inputs")

    MouseArea {
        anchors.fill: parent
        acceptedButtons: Qt.AllButtons
    }

    ColumnLayout {
        anchors.centerIn: parent
        width: Math.min(parent.width - 40, 560)
        spacing: 12
        Label {
            Layout.fillWidth: true
            horizontalAlignment: Text.AlignHCenter
            text: qsTr("No run shown")
            font.bold: true
            font.pixelSize: 18
            color: ThemePalette.text
        }
        Label {
            objectName: "noRunHintText"
            Layout.fillWidth: true
            horizontalAlignment: Text.AlignHCenter
            wrapMode: Text.WordWrap
            color: ThemePalette.text
            text: {
                if (hint.runs.busy)
                    return qsTr("%1… The views show the run when it is done.").arg(hint.runs.status)
                if (!hint.inputsOpen)
                    return hint.runs.kind.usesTraceSession
                           ? qsTr("Open %1 (Ctrl+O), then run a policy on it.").arg(hint.runs.kind.inputsName)
                           : qsTr("Open %1 (Ctrl+O), then run a policy on them.").arg(hint.runs.kind.inputsName)
                if (hint.runs.count > 0)
                    return qsTr("Click one of the open runs in the Run panel to show it, or run the Run panel's "
                                + "policy on %1 (Ctrl+R).").arg(hint.openInputs)
                if (hint.library.count > 0)
                    return qsTr("Reopen one of the %n runs saved in the study from the Library, or run the Run "
                                + "panel's policy on %1 (Ctrl+R).", "", hint.library.count).arg(hint.openInputs)
                return hint.runs.kind.usesTraceSession ? qsTr("Run the Run panel's policy on the open trace (Ctrl+R).")
                                                       : qsTr("Inputs open: choose a policy in the Run panel and Run (Ctrl+R).")
            }
        }
        RowLayout {
            Layout.alignment: Qt.AlignHCenter
            spacing: 12
            Button {
                visible: hint.runs.count > 0
                text: qsTr("Open runs…")
                onClicked: hint.runPanelRequested()
            }
            Button {
                objectName: "noRunLibraryButton"
                visible: hint.runs.count === 0 && hint.library.count > 0
                text: qsTr("Library…")
                onClicked: hint.libraryRequested()
            }
            Button {
                visible: hint.inputsOpen
                enabled: hint.canRun
                text: qsTr("Run (Ctrl+R)")
                highlighted: true
                onClicked: hint.runRequested()
            }
        }
    }
}
