import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Tessera.Views

// "Fork with policy X": re-run from the state at the cursor with another policy (or other
// weights) and the parameters the run's kind lets a fork change (a load scale, an SLO), as
// that kind lists them. Both branches are then drawn on every chart, marked where they diverge.
Dialog {
    id: dialog

    required property RunManager runs
    property RunHandle run: null
    property int position: 0

    title: qsTr("Fork at the cursor")
    modal: true
    anchors.centerIn: Overlay.overlay
    standardButtons: Dialog.Ok | Dialog.Cancel
    // The kind of the run being forked, which may differ from the kind new runs are of.
    RunKindModel {
        id: forkKind
        kindId: dialog.run ? dialog.run.kind : ""
    }
    // Parameter name -> value for the fork's changes; only those the user set.
    property var values: ({})
    property real parameterLabelWidth: 0  // the widest parameter label, and range
    property real parameterRangeWidth: 0
    // The values in force at the cursor, which a parameter left empty keeps.
    readonly property var runValues: run ? runs.valuesAt(run, position) : ({})
    // The kind's policies, each with the reason a fork of this run cannot switch to it (the
    // kind's own rule), so that a refused fork is greyed out before OK, not refused after it.
    // forkKind's calls below are read again once it is the run's kind (kindReady): the calls
    // alone would keep the answers of the kind the last run was of (a pod run's "fgd is no
    // rental policy" when a rental run is chosen after it).
    readonly property bool kindReady: run !== null && forkKind.kindId === run.kind
    readonly property var entries: kindReady ? forkKind.forkPolicyEntries(run, position) : forkKind.policyEntries
    readonly property var refusedEntries: entries.filter(e => e.problem && e.problem.length > 0)
    readonly property string targetProblem: kindReady && specField.text.length > 0
                                            ? forkKind.forkTargetProblem(run, position, specField.text) : ""
    readonly property string problem: specField.text.length === 0 ? qsTr("Enter a policy spec")
                                      : targetProblem.length > 0 ? targetProblem
                                      : kindReady ? (forkKind.validate(specField.text, values, true)
                                                     || forkKind.forkValuesProblem(run, specField.text, values)) : ""

    // Each fork starts from the run as it is at the cursor: its own policy (not the last fork's
    // choice, nor another kind's: an edited spec no longer follows the run), and no parameter
    // change carried over (a load scale left in its field would silently join an SLO fork).
    onAboutToShow: {
        values = ({})
        specField.text = run ? run.policy : ""
    }
    onOpened: {
        if (specField.editable)
            specField.contentItem.selectAll()
        specField.forceActiveFocus()
    }
    onAccepted: {
        if (run && problem.length === 0)
            runs.forkRequest(run, position, specField.text, values)
    }
    Component.onCompleted: standardButton(Dialog.Ok).enabled = Qt.binding(() => run !== null && problem.length === 0)

    ColumnLayout {
        spacing: 8
        Label {
            Layout.maximumWidth: 460
            wrapMode: Text.WordWrap
            color: ThemePalette.text
            text: dialog.run
                  ? qsTr("Keep the first %1 %2 of “%3” (up to %4) and schedule the rest with:")
                        .arg(dialog.position).arg(dialog.run.words.steps).arg(dialog.run.name)
                        .arg(dialog.run.xText(dialog.position))
                  : qsTr("Run a simulation first.")
        }
        // The policy: a menu of the kind's policies (no typo can name another); a kind whose
        // policies combine into weighted specs takes a typed spec too. `text` is the spec.
        ComboBox {
            id: specField
            objectName: "forkSpec"
            Layout.fillWidth: true
            property string text: dialog.run ? dialog.run.policy : ""
            editable: forkKind.combinesPolicies
            model: dialog.entries
            textRole: editable ? "spec" : "label"
            valueRole: "spec"
            // A spec the menu does not list ("fgd:1000") leaves no entry current, which empties
            // editText, which writes back into `text`: the spec wanted is kept and put back.
            // The entry of `spec`: its own, else its family's (fixed:12 under Fixed 4's entry).
            function entryIndexOf(spec) {
                const exact = indexOfValue(spec)
                if (exact >= 0 || spec.length === 0)
                    return exact
                return dialog.entries.findIndex(e => e.argumentPrefix.length > 0 && spec.startsWith(e.argumentPrefix))
            }
            readonly property var family: currentIndex >= 0 && currentIndex < dialog.entries.length
                                          && dialog.entries[currentIndex].argumentPrefix.length > 0
                                          ? dialog.entries[currentIndex] : null
            // A family's entry reads as the family, its number in the box below.
            displayText: family ? family.family : currentText
            function showText() {
                const wanted = text
                const index = entryIndexOf(wanted)
                if (index !== currentIndex)
                    currentIndex = index
                if (editable && editText !== wanted)
                    editText = wanted
                if (text !== wanted)
                    text = wanted
            }
            onTextChanged: showText()
            onModelChanged: showText()
            Component.onCompleted: showText()
            onActivated: text = currentValue
            onEditTextChanged: if (editable) text = editText
            onAccepted: if (dialog.problem.length === 0) dialog.accept()
            ToolTip.visible: hovered && currentIndex >= 0
            ToolTip.text: currentIndex >= 0 ? dialog.entries[currentIndex].description : ""
            // A policy the run cannot be forked to is listed, disabled, with the reason under it.
            delegate: ItemDelegate {
                id: entry
                required property var modelData
                required property int index
                objectName: "forkPolicy-" + modelData.spec
                width: specField.popup.width - specField.popup.leftPadding - specField.popup.rightPadding
                enabled: !modelData.problem || modelData.problem.length === 0
                highlighted: specField.highlightedIndex === index
                contentItem: ColumnLayout {
                    spacing: 2
                    Label {
                        Layout.fillWidth: true
                        text: entry.modelData.label
                        color: ThemePalette.text
                        opacity: entry.enabled ? 1 : 0.5
                    }
                    Label {
                        Layout.fillWidth: true
                        Layout.maximumWidth: 440
                        visible: !entry.enabled
                        wrapMode: Text.WordWrap
                        font.pixelSize: 11
                        color: ThemePalette.text
                        opacity: 0.6
                        text: entry.enabled ? "" : qsTr("Cannot be forked to: %1").arg(entry.modelData.problem)
                    }
                }
                ToolTip.visible: hovered
                ToolTip.text: entry.enabled ? entry.modelData.description : entry.modelData.problem
            }
        }
        // The number of a policy family (fixed:K's K), in the range the kind takes.
        RowLayout {
            visible: specField.family !== null
            Label {
                color: ThemePalette.text
                text: specField.family ? specField.family.argumentLabel : ""
            }
            SpinBox {
                objectName: "forkPolicyArgument"
                Layout.fillWidth: true
                editable: true
                from: specField.family ? specField.family.argumentMin : 0
                to: specField.family ? specField.family.argumentMax : 0
                value: specField.family ? Number(specField.text.slice(specField.family.argumentPrefix.length)) : 0
                onValueModified: specField.text = specField.family.argumentPrefix + value
            }
        }
        // Upfront: which policies this run cannot be forked to, and why (one line per reason).
        Label {
            objectName: "forkRefusedPolicies"
            Layout.maximumWidth: 460
            wrapMode: Text.WordWrap
            color: ThemePalette.text
            opacity: 0.8
            visible: dialog.refusedEntries.length > 0
            text: {
                const refused = dialog.refusedEntries
                if (refused.length === 0)
                    return ""
                const names = refused.map(e => e.label).join(", ")
                return refused.length === dialog.entries.length - 1
                       ? qsTr("This run can be forked only with its own policy (another budget): %1")
                             .arg(refused[0].problem)
                       : qsTr("Not available for this run: %1. %2").arg(names).arg(refused[0].problem)
            }
        }
        // The problem with what was entered. Its room is kept while there is none, so that the
        // fields and OK do not move under the pointer as it comes and goes.
        Label {
            objectName: "forkProblem"
            Layout.maximumWidth: 460
            Layout.preferredWidth: 460
            Layout.minimumHeight: 2 * problemMetrics.height
            wrapMode: Text.WordWrap
            color: ThemePalette.dark ? "#ff9d8a" : "#b3261e"
            text: dialog.problem.length > 0 && specField.text.length > 0 ? dialog.problem : ""
            FontMetrics { id: problemMetrics }
        }
        Label {
            Layout.maximumWidth: 460
            wrapMode: Text.WordWrap
            color: ThemePalette.text
            opacity: 0.7
            font.pixelSize: 11
            visible: forkKind.combinesPolicies  // else the menu lists them
            text: forkKind.combinesPolicies
                  ? qsTr("Policies: %1. Weights are positive integers; a bare name weighs 1000.")
                        .arg(forkKind.policies.join(", "))
                  : qsTr("Policies: %1.").arg(forkKind.policies.join(", "))
        }
        // What else a fork of this kind may change: one row each, the fields aligned.
        Repeater {
            model: forkKind.forkParameters
            delegate: ColumnLayout {
                id: parameter
                required property var modelData
                readonly property string note: dialog.run ? forkKind.forkParameterNote(dialog.run, dialog.position,
                                                                                      modelData.name) : ""
                spacing: 4
                RowLayout {
                    Label {
                        Layout.preferredWidth: dialog.parameterLabelWidth
                        onImplicitWidthChanged: dialog.parameterLabelWidth = Math.max(dialog.parameterLabelWidth, implicitWidth)
                        color: ThemePalette.text
                        text: parameter.modelData.unit.length > 0
                              ? qsTr("%1 (%2)").arg(parameter.modelData.label).arg(parameter.modelData.unit)
                              : parameter.modelData.label
                    }
                    TextField {
                        id: parameterField
                        objectName: "forkParameter-" + parameter.modelData.name
                        Layout.fillWidth: true
                        Connections {
                            target: dialog
                            function onAboutToShow() { parameterField.clear() }
                        }
                        // Empty keeps the value in force at the cursor (not the kind's default).
                        placeholderText: dialog.runValues[parameter.modelData.name] !== undefined
                                         ? qsTr("%1 (as the run)").arg(dialog.runValues[parameter.modelData.name])
                                         : qsTr("as the run")
                        onTextEdited: {
                            let next = Object.assign({}, dialog.values)
                            if (text.length > 0)
                                next[parameter.modelData.name] = text
                            else
                                delete next[parameter.modelData.name]
                            dialog.values = next
                        }
                        ToolTip.visible: hovered && parameter.modelData.help.length > 0
                        ToolTip.text: parameter.modelData.help
                    }
                    // The values the kind accepts, so that a number out of range is no surprise.
                    Label {
                        objectName: "forkRange-" + parameter.modelData.name
                        Layout.preferredWidth: dialog.parameterRangeWidth
                        onImplicitWidthChanged: dialog.parameterRangeWidth = Math.max(dialog.parameterRangeWidth, implicitWidth)
                        visible: parameter.modelData.type !== "choice"
                        color: ThemePalette.text
                        opacity: 0.7
                        text: parameter.modelData.rangeText
                    }
                }
                // What the value means for a fork (a budget averaged over the whole run).
                Label {
                    objectName: "forkNote-" + parameter.modelData.name
                    Layout.maximumWidth: 460
                    visible: parameter.note.length > 0
                    wrapMode: Text.WordWrap
                    color: ThemePalette.text
                    opacity: 0.8
                    text: parameter.note
                }
            }
        }
    }
}
