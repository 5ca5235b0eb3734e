import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Tessera.Views
import "TextBreaks.js" as TextBreaks

// Start a run of the current run kind: one of its policies (for pods, a plugin or a weighted
// sum of plugins, kube-scheduler style, e.g. pwr:100,fgd:900) and its parameters, both listed
// by the kind (RunManager.kind), so a new kind needs no edit here. Shows the worker's progress
// with Cancel, a bad request before it starts, and the open runs with their colours.
Pane {
    id: panel
    required property RunManager runs
    // The run the views show and the one drawn with it; a click on an open run shows it, the
    // "vs" button draws it beside the shown run.
    property RunHandle currentRun: null
    property RunHandle otherRun: null
    signal runSelected(RunHandle run)
    signal compareSelected(RunHandle run)
    signal libraryRequested()
    // Runs saved in the study, to say where they are when none is open.
    readonly property int savedCount: runs.study ? runs.study.count : 0

    readonly property RunKindModel kind: runs.kind
    readonly property bool weighted: kind.combinesPolicies && policyBox.currentIndex === policyBox.count - 1
    // Kept up to date from the terms model: a binding cannot see inside ListModel.get().
    property string weightedText: weightedSpec()
    // The chosen menu entry (the kind's policy), and its number for a family such as fixed:K.
    readonly property var policyEntry: weighted ? undefined : kind.policyEntries[policyBox.currentIndex]
    readonly property bool takesArgument: policyEntry !== undefined && policyEntry.argumentPrefix.length > 0
    property int argument: 1
    readonly property string policySpec: weighted ? weightedText
                                         : takesArgument ? policyEntry.argumentPrefix + argument
                                         : policyEntry !== undefined ? policyEntry.spec : ""
    // Shows the menu entry of `spec` (a family's member by its number); false when none fits.
    function choosePolicy(spec) {
        const index = kind.policies.indexOf(spec)
        if (index >= 0) {
            policyBox.currentIndex = index
            const entry = kind.policyEntries[index]
            if (entry.argumentPrefix.length > 0)
                argument = Number(spec.slice(entry.argumentPrefix.length))
            return true
        }
        const family = kind.policyEntries.findIndex(e => e.argumentPrefix.length > 0 && spec.startsWith(e.argumentPrefix))
        if (family < 0)
            return chooseWeighted(spec)
        policyBox.currentIndex = family
        argument = Number(spec.slice(kind.policyEntries[family].argumentPrefix.length))
        return true
    }
    // A weighted spec ("pwr:100,fgd:900", a sweep's point) in the weighted editor, one term per
    // plugin; false when the kind combines no policies or a term is none of its plugins.
    function chooseWeighted(spec) {
        if (!kind.combinesPolicies)
            return false
        const terms = spec.split(",").map(t => t.split(":"))
        if (terms.some(t => t.length !== 2 || kind.policies.indexOf(t[0]) < 0 || !(Number(t[1]) >= 1)))
            return false
        terms_.clear()
        for (const t of terms)
            terms_.append({ plugin: t[0], weight: Number(t[1]) })
        policyBox.currentIndex = policyBox.count - 1
        return true
    }
    // Parameter name -> value, set by the parameter controls (replaced, never changed in
    // place, so that bindings see every change).
    property var values: ({})
    // The kind's checks of the request, and of the request on the open inputs (a budget below
    // the workload's floor): read again when the kind or its inputs change.
    readonly property string specProblem: {
        void kind.kindId
        void runs.inputsReady
        return runs.requestProblem(policySpec, values)
    }

    // Another kind has other parameters: start again from its defaults. The kind menu follows
    // a kind chosen elsewhere (a scripted start's --kind).
    Connections {
        target: panel.kind
        function onKindChanged() {
            let defaults = {}
            for (const p of panel.kind.parameters)
                defaults[p.name] = panel.startValue(p)
            panel.values = defaults
            kindBox.currentIndex = Math.max(0, kindBox.indexOfValue(panel.kind.kindId))
        }
    }
    // A run reopened from the study: its kind, policy and parameters, to run it again with a
    // change (its inputs are opened too when its kind has none open).
    Connections {
        target: panel.runs
        function onSavedRunOpened(run) {
            const request = panel.runs.recallRequest(run)
            if (request.values === undefined)
                return
            panel.values = Object.assign({}, panel.values, request.values)
            panel.choosePolicy(request.policy)
        }
    }

    function labelOf(parameter) {
        return parameter.unit.length > 0 ? qsTr("%1 (%2)").arg(parameter.label).arg(parameter.unit) : parameter.label
    }
    // The label column: as wide as the kind's widest label (at least 80 px), at most 45 % of
    // the panel, beyond which a label wraps at its spaces.
    FontMetrics { id: labelMetrics }
    readonly property real labelWidth: Math.min(Math.max(80, ...kind.parameters.map(p => Math.ceil(labelMetrics.advanceWidth(labelOf(p))) + 2)),
                                                Math.max(80, 0.45 * (panel.availableWidth)))

    function setValue(name, value) {
        let next = Object.assign({}, values)
        next[name] = value
        values = next
    }

    function weightedSpec() {
        let terms = []
        for (let i = 0; i < terms_.count; ++i)
            terms.push(terms_.get(i).plugin + ":" + terms_.get(i).weight)
        return terms.join(",")
    }
    function start() {
        return runs.startRequest(policySpec, values)
    }

    // Where parameter `p` of the kind starts: its value in the kind's last run started, kept
    // across restarts (a restart into renting started from a budget of 16 again, not the 24 last
    // run, walk14b N1), else the value advised for the open inputs (a budget the workload's floor
    // allows), else the default.
    function startValue(p) {
        const last = runs.lastValues()[p.name]
        if (last !== undefined)
            return String(last)
        const advised = runs.parameterAdvice(p.name).value
        return advised !== undefined ? advised : p.defaultText
    }

    padding: 12

    ListModel {
        id: terms_
        ListElement { plugin: "pwr"; weight: 100 }
        ListElement { plugin: "fgd"; weight: 900 }
        onDataChanged: panel.weightedText = panel.weightedSpec()
        onCountChanged: panel.weightedText = panel.weightedSpec()
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: 8

        Label {
            text: qsTr("Run")
            font.bold: true
            font.pixelSize: 16
        }

        // The kind of run, once there is more than one to choose from: on a row of its own, the
        // width of the panel, so that its name reads whole ("MIG inference (SLO-bound batch
        // serving)"), and outside the grid below, whose cells shifted when this row appeared.
        RowLayout {
            Layout.fillWidth: true
            spacing: 8
            visible: kindBox.count > 1
            Label {
                text: qsTr("Kind")
            }
            ComboBox {
                id: kindBox
                objectName: "kindBox"
                Layout.fillWidth: true
                textRole: "name"
                valueRole: "id"
                model: panel.kind.kindEntries
                Component.onCompleted: currentIndex = Math.max(0, indexOfValue(panel.kind.kindId))
                onActivated: panel.kind.kindId = currentValue
                // The menu as wide as its longest entry; the name, whole, in the tooltip when
                // the box itself is narrower.
                popup.width: Math.max(width, contentWidthOf.advanceWidth + leftPadding + rightPadding + 24)
                TextMetrics {
                    id: contentWidthOf
                    font: kindBox.font
                    text: panel.kind.kindEntries.reduce((w, e) => e.name.length > w.length ? e.name : w, "")
                }
                ToolTip.visible: hovered && contentWidthOf.advanceWidth > availableWidth
                ToolTip.text: displayText
            }
        }

        GridLayout {
            Layout.fillWidth: true
            columns: 2
            columnSpacing: 8

            Label { id: policyLabel; text: qsTr("Policy"); Layout.preferredWidth: panel.labelWidth }
            ComboBox {
                id: policyBox
                objectName: "policyBox"
                Layout.fillWidth: true
                // The kind's policies by their names (the kind's labels, as the Fork dialog and the
                // charts name them), its default first.
                model: panel.kind.policyEntries.map(e => e.label).concat(panel.kind.combinesPolicies ? [qsTr("weighted…")] : [])
                // A family's entry (Fixed 4) reads as the family, its number in the box beside.
                displayText: panel.takesArgument ? panel.policyEntry.family : currentText
                onActivated: index => {
                    const entry = panel.kind.policyEntries[index]
                    if (entry && entry.argumentPrefix.length > 0)
                        panel.argument = Number(entry.spec.slice(entry.argumentPrefix.length))
                }
                // The menu as wide as its longest entry (a static layout's spec), the box as the panel.
                popup.width: Math.max(width, policyWidthOf.advanceWidth + leftPadding + rightPadding + 24)
                TextMetrics {
                    id: policyWidthOf
                    font: policyBox.font
                    text: policyBox.model.reduce((w, p) => p.length > w.length ? p : w, "")
                }
                // The policy's full name (ElasticBatch-like's "reconstructed from the published
                // abstract") and what it does.
                readonly property var entry: panel.policyEntry
                ToolTip.visible: hovered && entry !== undefined
                ToolTip.text: entry ? (entry.description.length > 0 ? entry.description : entry.label) : ""
            }
            // The number of a policy family (fixed:K's K), in the range the kind takes.
            Label {
                visible: panel.takesArgument
                text: panel.takesArgument ? panel.policyEntry.argumentLabel : ""
                Layout.preferredWidth: panel.labelWidth
                wrapMode: Text.WordWrap
            }
            SpinBox {
                objectName: "policyArgument"
                visible: panel.takesArgument
                Layout.fillWidth: true
                from: panel.takesArgument ? panel.policyEntry.argumentMin : 0
                to: panel.takesArgument ? panel.policyEntry.argumentMax : 0
                value: panel.argument
                editable: true
                onValueModified: panel.argument = value
                ToolTip.visible: hovered
                ToolTip.text: panel.takesArgument ? qsTr("%1: %2 to %3").arg(panel.policyEntry.argumentLabel)
                                                        .arg(from).arg(to) : ""
            }

        }

        // One row per parameter of the kind: a menu for a choice, a spin box for a whole
        // number, a field for a real number, each labelled with its unit and with its help. A
        // menu whose longest choice would be cut beside its label goes under it, the panel's
        // width ("Independent per class (PAL's)" was cut at 1280 px).
        Repeater {
            model: panel.kind.parameters
            delegate: GridLayout {
                id: parameter
                required property var modelData
                objectName: "parameter-" + modelData.name
                readonly property string type: modelData.type
                readonly property bool stacked: type === "choice"
                                                && Math.ceil(choiceMetrics.advanceWidth) + 48 > width - panel.labelWidth - columnSpacing
                columns: stacked ? 1 : 2
                Layout.fillWidth: true
                columnSpacing: 8
                rowSpacing: 2
                // A parameter that applies only with another's value (tune: the experiment).
                enabled: modelData.onlyWhenParameter.length === 0
                         || panel.values[modelData.onlyWhenParameter] === modelData.onlyWhenValue
                // What the kind says of this parameter on the open inputs (the renting budget's
                // floor on the workload), and the value to start from on them.
                // (A change of kind makes the rows anew: only the inputs are followed here.)
                readonly property var advice: {
                    void panel.runs.inputsReady
                    return panel.runs.parameterAdvice(modelData.name)
                }
                // The default where it suits the inputs, else the advised value; a value the user
                // chose stays.
                onAdviceChanged: if (advice.value !== undefined && panel.values[modelData.name] === modelData.defaultText)
                                     panel.setValue(modelData.name, advice.value)
                Component.onCompleted: panel.setValue(modelData.name, panel.startValue(modelData))
                Label {
                    objectName: "parameterLabel"
                    Layout.preferredWidth: parameter.stacked ? -1 : panel.labelWidth
                    text: panel.labelOf(parameter.modelData)
                    wrapMode: Text.WordWrap
                }
                ComboBox {
                    id: choiceBox
                    objectName: "parameterChoice"
                    Layout.fillWidth: true
                    visible: parameter.type === "choice"
                    textRole: "text"
                    valueRole: "value"
                    model: parameter.modelData.choices
                    currentIndex: Math.max(0, parameter.modelData.choices.findIndex(
                                               c => c.value === panel.values[parameter.modelData.name]))
                    onActivated: panel.setValue(parameter.modelData.name, currentValue)
                    // A label wider than the panel is cut in the box: the whole of it in the
                    // tooltip, and a menu as wide as its longest label.
                    ToolTip.visible: hovered
                    ToolTip.text: displayText + (parameter.modelData.help.length > 0 ? "\n" + parameter.modelData.help : "")
                    popup.width: Math.max(width, Math.ceil(choiceMetrics.advanceWidth) + 48)
                    TextMetrics {
                        id: choiceMetrics
                        font: choiceBox.font
                        text: parameter.modelData.choices.reduce((w, c) => c.text.length > w.length ? c.text : w, "")
                    }
                }
                SpinBox {
                    Layout.fillWidth: true
                    visible: parameter.type === "integer"
                    from: Math.max(parameter.modelData.min, -2147483647)
                    to: Math.min(parameter.modelData.max, 2147483647)
                    value: panel.values[parameter.modelData.name] !== undefined
                           ? Number(panel.values[parameter.modelData.name]) : parameter.modelData.defaultValue
                    editable: true
                    onValueModified: panel.setValue(parameter.modelData.name, String(value))
                    ToolTip.visible: hovered && parameter.modelData.help.length > 0
                    ToolTip.text: parameter.modelData.help
                }
                TextField {
                    Layout.fillWidth: true
                    visible: parameter.type === "real"
                    text: panel.values[parameter.modelData.name] !== undefined
                          ? panel.values[parameter.modelData.name] : parameter.modelData.defaultText
                    validator: DoubleValidator { bottom: parameter.modelData.min; top: parameter.modelData.max }
                    onTextEdited: panel.setValue(parameter.modelData.name, text)
                    ToolTip.visible: hovered && parameter.modelData.help.length > 0
                    ToolTip.text: parameter.modelData.help
                }
                Label {
                    objectName: "parameterNote"
                    Layout.columnSpan: parameter.columns
                    Layout.fillWidth: true
                    visible: text.length > 0
                    text: parameter.advice.note !== undefined ? parameter.advice.note : ""
                    wrapMode: Text.WordWrap
                    opacity: 0.8
                }
            }
        }

        // The weighted editor: one row per plugin term.
        ColumnLayout {
            Layout.fillWidth: true
            visible: panel.weighted
            spacing: 4
            Repeater {
                model: terms_
                delegate: RowLayout {
                    id: term
                    required property int index
                    required property string plugin
                    required property int weight
                    Layout.fillWidth: true
                    ComboBox {
                        Layout.fillWidth: true
                        model: panel.kind.policies
                        currentIndex: Math.max(0, panel.kind.policies.indexOf(term.plugin))
                        onActivated: terms_.setProperty(term.index, "plugin", currentText)
                    }
                    SpinBox {
                        from: 1
                        to: 100000
                        editable: true
                        value: term.weight
                        onValueModified: terms_.setProperty(term.index, "weight", value)
                    }
                    ToolButton {
                        text: "✕"
                        enabled: terms_.count > 1
                        onClicked: terms_.remove(term.index)
                        ToolTip.visible: hovered
                        ToolTip.text: qsTr("Remove this term")
                    }
                }
            }
            Button {
                text: qsTr("Add term")
                onClicked: terms_.append({ plugin: "bestfit", weight: 100 })
            }
        }

        Label {
            Layout.fillWidth: true
            text: qsTr("Spec: %1").arg(panel.policySpec)
            font.family: "monospace"
            elide: Text.ElideRight
        }
        Label {
            Layout.fillWidth: true
            visible: panel.specProblem.length > 0
            text: panel.specProblem
            color: "#D55E00"
            wrapMode: Text.Wrap
        }

        RowLayout {
            Button {
                objectName: "runButton"
                text: qsTr("Run")
                highlighted: true
                enabled: !panel.runs.busy && panel.specProblem.length === 0 && panel.runs.inputsReady
                onClicked: panel.start()
            }
            Label {
                visible: !panel.runs.inputsReady
                text: panel.kind.usesTraceSession ? qsTr("Open a trace first") : qsTr("Open the inputs first")
                color: ThemePalette.text; opacity: 0.7
            }
        }

        RowLayout {
            Layout.fillWidth: true
            visible: panel.runs.busy
            ProgressBar {
                Layout.fillWidth: true
                value: panel.runs.progress
            }
            Button {
                text: qsTr("Cancel")
                onClicked: panel.runs.cancel()
            }
        }
        Label {
            Layout.fillWidth: true
            visible: panel.runs.busy
            text: panel.runs.status
            elide: Text.ElideRight
            color: ThemePalette.text; opacity: 0.7
        }

        ErrorBox {
            Layout.fillWidth: true
            text: panel.runs.error
        }

        // A cancelled run stays said until dismissed or the next run starts: the progress bar
        // alone vanished, and a cancel read as a failure to whoever looked away.
        Rectangle {
            objectName: "runNotice"
            Layout.fillWidth: true
            visible: panel.runs.notice.length > 0
            implicitHeight: noticeRow.implicitHeight + 12
            radius: 4
            color: "transparent"
            border.color: ThemePalette.accent
            border.width: 1
            RowLayout {
                id: noticeRow
                anchors.fill: parent
                anchors.margins: 6
                spacing: 6
                Label {
                    objectName: "runNoticeText"
                    Layout.fillWidth: true
                    text: panel.runs.notice
                    wrapMode: Text.Wrap
                    color: ThemePalette.text
                }
                ToolButton {
                    objectName: "runNoticeDismiss"
                    text: "✕"
                    onClicked: panel.runs.dismissNotice()
                    ToolTip.visible: hovered
                    ToolTip.text: qsTr("Dismiss")
                }
            }
        }

        Label {
            text: qsTr("Open runs")
            font.bold: true
        }
        ListView {
            id: openRuns
            Layout.fillWidth: true
            Layout.fillHeight: true
            Layout.minimumHeight: 80
            clip: true
            model: panel.runs
            delegate: RowLayout {
                id: row
                required property int index
                required property string name
                required property color color
                required property int steps
                required property bool isFork
                required property var storedId
                required property RunHandle run
                readonly property bool shown: row.run === panel.currentRun
                width: openRuns.width
                spacing: 6
                TapHandler { onTapped: panel.runSelected(row.run) }
                Rectangle {
                    width: 14
                    height: 14
                    radius: 3
                    color: row.color
                }
                Label {
                    Layout.fillWidth: true
                    text: (row.isFork ? "↳ " : "") + TextBreaks.atSeparators(row.name)
                    font.bold: row.shown
                    wrapMode: Text.WrapAtWordBoundaryOrAnywhere
                    ToolTip.visible: hoverArea.hovered
                    ToolTip.text: qsTr("%1 steps · %2").arg(row.steps)
                                  .arg(row.storedId >= 0 ? qsTr("saved as run %1").arg(row.storedId) : qsTr("not saved"))
                    HoverHandler { id: hoverArea }
                }
                // Disabled, with the reason in its tooltip, for a run of another kind than the
                // shown one: they cannot be compared. The hover is the holder's, since a disabled
                // button gets none.
                Item {
                    id: vsHolder
                    objectName: "vsButton"
                    readonly property string problem: panel.currentRun ? panel.currentRun.comparisonProblem(row.run) : ""
                    visible: !row.shown && panel.currentRun !== null
                    implicitWidth: vsButton.implicitWidth
                    implicitHeight: vsButton.implicitHeight
                    HoverHandler { id: vsHover }
                    ToolButton {
                        id: vsButton
                        anchors.fill: parent
                        text: qsTr("vs")
                        enabled: vsHolder.problem.length === 0
                        checkable: true
                        checked: row.run === panel.otherRun
                        onClicked: panel.compareSelected(checked ? row.run : null)
                    }
                    ToolTip.visible: vsHover.hovered
                    ToolTip.text: vsHolder.problem.length > 0
                                  ? vsHolder.problem
                                  : qsTr("Draw this run with the shown one, and compare them side by side (Ctrl+D)")
                }
                ToolButton {
                    text: "✕"
                    onClicked: panel.runs.remove(row.index)
                    ToolTip.visible: hovered
                    ToolTip.text: qsTr("Close this run (it stays in the study)")
                }
            }
            // None open: say so, and where the saved ones are.
            Column {
                anchors.centerIn: parent
                width: parent.width - 16
                visible: openRuns.count === 0
                spacing: 8
                Label {
                    objectName: "noOpenRunsText"
                    width: parent.width
                    horizontalAlignment: Text.AlignHCenter
                    wrapMode: Text.WordWrap
                    text: panel.savedCount > 0 ? qsTr("No runs open. %n saved in the study: reopen them from the Library.",
                                                      "", panel.savedCount)
                                               : qsTr("No runs yet")
                    color: ThemePalette.text; opacity: 0.7
                }
                Button {
                    anchors.horizontalCenter: parent.horizontalCenter
                    visible: panel.savedCount > 0
                    text: qsTr("Library…")
                    onClicked: panel.libraryRequested()
                }
            }
        }
    }
}
