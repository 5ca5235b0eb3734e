import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import QtQuick.Dialogs
import Qt.labs.settings
import Tessera.Views

// The main window: trace, run and library panels on the left, the views of the current run
// (or the compare view) in the middle, the timeline at the bottom. Every view follows the
// timeline cursor.
ApplicationWindow {
    id: window
    width: 1440
    height: 900
    minimumWidth: 1024
    minimumHeight: 640
    visible: true
    title: currentRun ? qsTr("%1 — %2 — Tessera").arg(currentRun.name).arg(session.summary)
                      : session.loaded ? qsTr("%1 — Tessera").arg(session.summary) : qsTr("Tessera")
    color: ThemePalette.window

    // The run the views show, and a second run drawn with it: a fork of it, or any run chosen
    // to compare.
    property RunHandle currentRun: null
    // The kind whose views the tabs show (the current run's, else the kind chosen for new runs): a
    // string, so that switching between runs of one kind
    // keeps the views (and what they hold) rather than making them anew.
    readonly property string viewKind: currentRun ? currentRun.kind : runs.kind.kindId
    readonly property var kindViews: ChartPlans.views(viewKind)
    // The tabs: the shared occupancy grid, the run kind's own views (ChartPlans), then the shared
    // inspector and metrics; named in the shown run's words (timeline.words).
    readonly property var viewTabTitles: [viewWords.occupancy].concat(kindViews.map(v => v.title))
                                         .concat([viewWords.inspector, qsTr("Metrics")])
                                         .concat(sweeps.hasSweep ? [qsTr("Sweep")] : [])
    // The shown run's words, else its kind's: no run shown after a kind switch or a restart
    // still names the tabs as the kind's runs will ("GPUs rented", not "GPU occupancy").
    readonly property var viewWords: currentRun ? timeline.words : runs.kind.words
    // The Sweep tab, last, while the open study holds a sweep (SweepView); -1 otherwise.
    readonly property int sweepTab: sweeps.hasSweep ? kindViews.length + 3 : -1
    property RunHandle otherRun: null
    property bool compareMode: false
    // The other run's position at the cursor: one rule with the exports (RunHandle.positionMatching).
    readonly property int otherPosition: otherRun && currentRun ? positionAtCursor(otherRun) : 0

    // What can be done now: the toolbar's buttons and the shortcuts follow these (a shortcut
    // must not do what its greyed button says cannot be done). Compare can always be left.
    // The current kind's inputs are open (for pods: a trace).
    readonly property bool canRun: runs.inputsReady && !runs.busy
    readonly property bool canFork: currentRun !== null && !runs.busy
    readonly property bool canCompare: currentRun !== null || compareMode
    readonly property bool canExport: currentRun !== null

    // Set by a scripted start (tessera --open, --study, --kind; app/gui/ScriptedStart): it opens
    // and runs what it was asked to, so the window neither opens a trace nor runs one itself.
    property bool scripted: false

    property alias viewIndex: viewTabs.currentIndex
    property alias panelIndex: panelTabs.currentIndex

    TraceSession { id: session; objectName: "traceSession" }
    StudyLibrary { id: library; objectName: "studyLibrary" }
    // The sweep of the open study, for the Sweep tab. A study opened that holds one shows it
    // (the tab comes up); opening a run of the sweeps shown keeps them.
    SweepBrowser { id: sweeps; objectName: "sweepBrowser" }
    Connections {
        target: library
        function onPathChanged() {
            if (sweeps.shows(library.path))
                return
            if (sweeps.open(library.path))
                viewTabs.currentIndex = window.sweepTab
            else if (viewTabs.currentIndex >= window.viewTabTitles.length)
                viewTabs.currentIndex = 0  // the Sweep tab, gone with its study
        }
    }
    // A run of the Sweep tab: opened from its study (made the library's study first) and shown
    // in the views.
    function openSweepRun(studyPath, runId) {
        if (library.path !== studyPath && !library.open(studyPath))
            return
        runs.openSaved(runId)
        viewTabs.currentIndex = 0
    }
    // A file chosen with Open… (Ctrl+O) or dropped: a study opens as the library's study (its
    // sweep in the Sweep tab); any other file is asked of the run kinds (RunManager.openFile).
    function openPath(urlOrPath) {
        if (/\.(sqlite|db)$/i.test(urlOrPath)) {
            if (library.open(urlOrPath) && !sweeps.hasSweep)
                panelTabs.currentIndex = 2
            return
        }
        runs.openFile(urlOrPath)
    }
    RunManager {
        id: runs
        objectName: "runManager"
        traceSession: session
        study: library
        // A new result is shown whole, at its last moment with a GPU in use (the end of a run
        // whose GPUs stay busy; not a training run's end, with every GPU free: the CLI's rule,
        // RunHandle.lastInUsePosition); a reopened run (open already or not) is shown as a click
        // on it in the Run panel would.
        onRunFinished: run => { window.show(run, null); timeline.position = run.lastInUsePosition() }
        onSavedRunOpened: run => window.select(run)
        onForkFinished: run => window.show(window.currentRun, run)
    }

    // The first trace of a session is run at once with the Run panel's policy (FGD unless the
    // user chose another), so the views have something to show; later traces wait for Run.
    Connections {
        target: session
        function onTraceLoaded() {
            if (!window.currentRun && !runs.busy && !window.scripted)
                window.startRun()
        }
    }

    // A kind chosen (in the Run panel, or by Open… on a file of another kind) hides a run of
    // another kind: the views, their tabs and the empty state then speak of the chosen kind and
    // its inputs, not of the pod run still shown after a workload was opened (walk14b N1). The
    // run stays open in the Run panel, its cursor kept for when it is shown again.
    Connections {
        target: runs.kind
        function onKindChanged() {
            if (window.currentRun && window.currentRun.kind !== runs.kind.kindId) {
                window.keptCursors.set(window.currentRun, timeline.position)
                window.otherRun = null
                window.currentRun = null
            }
        }
    }

    // Where `run` is at the cursor: the same step in a fork of the shown run, else the step at
    // the cursor's x (arrived % or time); with no run shown yet, its end. A run of another kind
    // has no "same x" (5.03 h read as 5.03 % of a pod trace, walk14b N2): it returns to where
    // its cursor was when it was last shown (a round trip comes back to the same event), or opens
    // where a new result does.
    function positionAtCursor(run) {
        if (!currentRun)
            return run.steps
        if (run === currentRun)
            return timeline.position
        if (!comparable(currentRun, run))
            return keptCursors.has(run) ? keptCursors.get(run) : run.lastInUsePosition()
        return run.positionMatching(currentRun, timeline.position)
    }
    // The cursor of each run when another run took its place (run -> position).
    property var keptCursors: new Map()
    // Whether `other` may be drawn beside `run` and compared with it: runs of one kind only
    // (RunHandle.comparisonProblem, the core's rule, which compare and the exports keep too).
    function comparable(run, other) {
        return !run || !other || run.comparisonProblem(other).length === 0
    }
    // Shows `run`, with `other` drawn beside it; the cursor stays at the same x. A pairing kept
    // from a run of another kind is dropped: a pod run is not drawn against a rental run.
    function show(run, other) {
        const at = positionAtCursor(run)
        if (currentRun && run !== currentRun)
            keptCursors.set(currentRun, timeline.position)
        otherRun = null  // never one run on both sides, not even between two assignments
        currentRun = run
        otherRun = comparable(run, other) ? other : null
        timeline.position = at
    }
    // Shows `run` and keeps the pairing: the run drawn beside stays, or, when it is `run`
    // itself, the two trade places.
    function select(run) {
        if (run !== currentRun)
            show(run, run === otherRun ? currentRun : otherRun)
    }
    // Draws `run` beside the shown run (none: null); choosing the shown run itself swaps them.
    function pair(run) {
        if (run && run === currentRun)
            select(otherRun)
        else if (comparable(currentRun, run))
            otherRun = run
    }
    TimelineController { id: timeline; objectName: "timeline"; run: window.currentRun }
    // Esc, Enter or a click elsewhere takes the keys from a text field back to the timeline.
    FocusReturn { window: window }
    ExportController {
        id: exporter
        objectName: "exporter"
        logarithmicX: ChartZoom.logarithmicX  // the JCT CDF's scale, as its tab shows it
        logarithmicY: ChartZoom.logarithmicY  // the frontier's JCT scale, likewise
    }

    Settings {
        id: layout
        category: "window"
        property alias x: window.x
        property alias y: window.y
        property alias width: window.width
        property alias height: window.height
        property alias view: viewTabs.currentIndex
        property alias panel: panelTabs.currentIndex
        property real panelWidth: 340
    }
    Component.onDestruction: if (sidePanel.visible) layout.panelWidth = sidePanel.width

    // A trace file or folder dropped anywhere on the window opens with its pair.
    DropArea {
        anchors.fill: parent
        z: 100
        onDropped: event => {
            if (event.hasUrls && event.urls.length > 0) {
                panelTabs.currentIndex = 0
                window.openPath(event.urls[0].toString())
            }
        }
    }

    // First start opens the bundled default; later starts reopen the last kind chosen and its
    // inputs, or, for pods, the last trace.
    // The sweep shown when the app was left comes back in its tab, as it was (SweepViewState).
    Component.onCompleted: {
        library.openDefault()
        if (!window.scripted)
            sweeps.reopenLast()
        if (window.scripted || runs.reopenLastKind())
            return
        if (session.recentTraces.length > 0)
            session.openRecent(0)
        else
            session.loadDefault()
    }

    // Ctrl+O and Open…: one file dialog for any kind's file; the kind that reads the picked file
    // opens it (a Pollux workload switches to renting). A kind's other inputs (folders) are in
    // its Inputs panel, shown meanwhile.
    function openTrace() {
        panelTabs.currentIndex = 0
        openPanel.openAny()
    }
    function startRun() { panelTabs.currentIndex = 1; runPanel.start() }

    header: MainToolBar {
        id: toolBar
        session: session
        runs: runs
        currentRun: window.currentRun
        otherRun: window.otherRun
        compareMode: window.compareMode
        canRun: window.canRun
        canFork: window.canFork
        canCompare: window.canCompare
        canExport: window.canExport
        onOpenRequested: window.openTrace()
        onRunRequested: window.startRun()
        onForkRequested: forkDialog.open()
        onCompareToggled: window.compareMode = !window.compareMode
        onExportRequested: exportDialog.open()
        onShortcutsRequested: shortcuts.open()
    }

    SplitView {
        anchors.fill: parent
        orientation: Qt.Horizontal

        ColumnLayout {
            id: sidePanel
            // Compare needs the width; the panels come back when it ends.
            visible: !window.compareMode
            SplitView.preferredWidth: layout.panelWidth
            SplitView.minimumWidth: 260
            spacing: 0
            TabBar {
                id: panelTabs
                Layout.fillWidth: true
                TabButton { text: runs.kind.usesTraceSession ? qsTr("Trace") : qsTr("Inputs") }
                TabButton { text: qsTr("Run") }
                TabButton { text: qsTr("Library") }
            }
            StackLayout {
                Layout.fillWidth: true
                Layout.fillHeight: true
                currentIndex: panelTabs.currentIndex
                // The trace session opens node and pod lists; another kind's inputs have their panel.
                StackLayout {
                    currentIndex: runs.kind.usesTraceSession ? 0 : 1
                    OpenPanel { id: openPanel; session: session; onFileChosen: path => window.openPath(path) }
                    KindInputsPanel { runs: runs; session: session }
                }
                RunPanel {
                    id: runPanel
                    objectName: "runPanel"
                    runs: runs
                    currentRun: window.currentRun
                    otherRun: window.otherRun
                    onRunSelected: run => window.select(run)
                    onCompareSelected: run => window.pair(run)
                    onLibraryRequested: panelTabs.currentIndex = 2
                }
                RunLibrary {
                    study: library
                    runs: runs
                    onSaved: (message, path) => saveNotice.saved(message, path)
                }
            }
        }

        StackLayout {
            SplitView.fillWidth: true
            currentIndex: window.compareMode ? 1 : 0
            ColumnLayout {
                spacing: 0
                TabBar {
                    id: viewTabs
                    Layout.fillWidth: true
                    // The shared occupancy grid, the run kind's own views (ChartRegistry), then the
                    // shared inspector and metrics.
                    Repeater {
                        model: window.viewTabTitles
                        TabButton { required property string modelData; text: modelData }
                    }
                }
                Item {
                    Layout.fillWidth: true
                    Layout.fillHeight: true
                    // The view of the current tab alone is drawn; the others stay alive, hidden.
                    // Not a StackLayout: that shows its children by their order at each
                    // insertion, and the kind's views, made anew by the Repeater when the kind
                    // changes, are inserted last and moved into place after; a tab change then
                    // hid only the view it left, and another stayed painted over the current one.
                    Item {
                        id: views
                        objectName: "viewStack"
                        anchors.fill: parent
                        readonly property int current: viewTabs.currentIndex
                        OccupancyView {
                            id: occupancyView; objectName: "occupancyView"
                            anchors.fill: parent; visible: views.current === 0
                            run: window.currentRun; position: timeline.position
                        }
                        Repeater {
                            model: window.kindViews
                            Loader {
                                id: kindView
                                required property var modelData
                                required property int index
                                anchors.fill: parent
                                visible: views.current === index + 1
                                source: modelData.qml
                                objectName: modelData.id + "ViewLoader"
                                onLoaded: item.objectName = modelData.id + "View"
                                Binding { target: kindView.item; property: "run"; value: window.currentRun }
                                Binding { target: kindView.item; property: "otherRun"; value: window.otherRun }
                                Binding { target: kindView.item; property: "position"; value: timeline.position }
                                // Views that list or start runs (the renting frontier) get the manager,
                                // and may ask for a run to be shown.
                                Binding {
                                    target: kindView.item; property: "runs"; value: runs
                                    when: kindView.item !== null && kindView.item.hasOwnProperty("runs")
                                }
                                Connections {
                                    target: kindView.item
                                    ignoreUnknownSignals: true
                                    function onRunSelected(run) { window.select(run) }
                                }
                            }
                        }
                        DecisionInspector {
                            objectName: "decisionInspector"
                            anchors.fill: parent; visible: views.current === window.kindViews.length + 1
                            run: window.currentRun; position: timeline.position
                            chartId: exporter.inspectorChart(window.currentRun)
                            onNodeSelected: node => occupancyView.selectNode(node)
                        }
                        MetricsView {
                            objectName: "metricsView"
                            anchors.fill: parent; visible: views.current === window.kindViews.length + 2
                            run: window.currentRun; otherRun: window.otherRun; position: timeline.position
                        }
                        Loader {
                            id: sweepViewLoader
                            objectName: "sweepViewLoader"
                            anchors.fill: parent
                            active: sweeps.hasSweep
                            visible: active && views.current === window.sweepTab
                            sourceComponent: SweepView {
                                browser: sweeps
                                onRunOpenRequested: (studyPath, runId) => window.openSweepRun(studyPath, runId)
                                onSaved: (message, path) => saveNotice.saved(message, path)
                                onFailed: message => saveNotice.fail(message)
                            }
                        }
                    }
                    NoRunHint {
                        objectName: "noRunHint"
                        anchors.fill: parent
                        visible: window.currentRun === null && views.current !== window.sweepTab
                        session: session
                        runs: runs
                        library: library
                        canRun: window.canRun
                        onRunRequested: window.startRun()
                        onLibraryRequested: panelTabs.currentIndex = 2
                        onRunPanelRequested: panelTabs.currentIndex = 1
                    }
                }
            }
            CompareView {
                objectName: "compareView"
                runA: window.currentRun
                runB: window.otherRun
                position: timeline.position
                positionB: window.otherPosition
                runs: runs
                onRunAChosen: run => window.select(run)
                onRunBChosen: run => window.pair(run)
                onForkRequested: forkDialog.open()
                onRunPanelRequested: { window.compareMode = false; panelTabs.currentIndex = 1 }
            }
        }
    }

    // The timeline; the save notice lies over the tool bar (SaveNotice.room), moving nothing.
    footer: Column {
        TimelineBar { width: parent.width; timeline: timeline }
    }

    ForkDialog {
        id: forkDialog
        objectName: "forkDialog"
        runs: runs
        run: window.currentRun
        position: timeline.position
    }
    ExportDialog {
        id: exportDialog
        objectName: "exportDialog"
        exporter: exporter
        runA: window.currentRun
        runB: window.otherRun
        position: timeline.position
        // The visible (zoomed) range of the shown run, for CSV and chart export.
        from: window.currentRun && ChartZoom.active
              ? window.currentRun.positionAtX(ChartZoom.visibleMin(window.currentRun.xAt(0), window.currentRun.xAt(window.currentRun.steps))) : 0
        to: window.currentRun && ChartZoom.active
            ? window.currentRun.positionAtX(ChartZoom.visibleMax(window.currentRun.xAt(0), window.currentRun.xAt(window.currentRun.steps))) : -1
        preferredChart: {
            const i = viewTabs.currentIndex
            if (i <= 0)  // (-1 while the tabs are made anew for another kind's views)
                // The occupancy tab's Gantt mode exports the Gantt, where the kind has one.
                return occupancyView.mode === "gantt" && exporter.charts(window.currentRun).indexOf("gantt") >= 0
                       ? "gantt" : "occupancy"
            if (i <= window.kindViews.length)
                return window.kindViews[i - 1].preferred
            // The inspector's tab exports the chart under its table, where the kind has one.
            if (i === window.kindViews.length + 1 && exporter.inspectorChart(window.currentRun) !== "")
                return exporter.inspectorChart(window.currentRun)
            return exporter.charts(window.currentRun)[0]  // the inspector's and the metrics' tab
        }
        onSaved: (message, path) => saveNotice.saved(message, path)
        onFailed: message => saveNotice.fail(message)
    }
    SaveNotice { id: saveNotice; objectName: "saveNotice"; room: toolBar.noticeRoom }
    // Every attached `ToolTip.text` of the app shares one tooltip: sized to its longest line.
    ToolTipFit { objectName: "sharedToolTipFit" }

    // What to do first, until dismissed; over the views' bottom right corner.
    FirstStartHint {
        objectName: "firstStartHint"
        parent: window.contentItem
        anchors.right: parent.right
        anchors.bottom: parent.bottom
        anchors.margins: 16
        z: 50
        kindNames: runs.kind.kindEntries.map(e => e.name).join("; ")
        onShortcutsRequested: shortcuts.open()
    }
    ShortcutsDialog {
        id: shortcuts
        objectName: "shortcutsDialog"
        words: window.currentRun ? window.currentRun.words : ({ step: "decision", steps: "decisions" })
        inputs: runs.kind.inputsName
        tabs: window.viewTabTitles
    }

    // Space, arrows, Home and End belong to the TimelineBar.
    Shortcut { sequence: "?"; onActivated: shortcuts.open() }
    Shortcut { sequence: StandardKey.Open; onActivated: window.openTrace() }
    // Quit as every desktop tool does (walk14b N3). "Ctrl+Q", not StandardKey.Quit: the offscreen and
    // some other platform themes bind nothing to Quit. close() takes the path of the
    // window's close button.
    Shortcut { sequence: "Ctrl+Q"; context: Qt.ApplicationShortcut; onActivated: window.close() }
    Shortcut { sequence: "Ctrl+R"; enabled: window.canRun; onActivated: window.startRun() }
    Shortcut { sequence: "Ctrl+F"; enabled: window.canFork; onActivated: forkDialog.open() }
    // On the Sweep tab, the sweep's chart; elsewhere the shown run's.
    Shortcut {
        sequence: "Ctrl+E"
        enabled: window.canExport || viewTabs.currentIndex === window.sweepTab
        onActivated: viewTabs.currentIndex === window.sweepTab ? sweepViewLoader.item.exportChart() : exportDialog.open()
    }
    Shortcut { sequence: "Ctrl+D"; enabled: window.canCompare; onActivated: window.compareMode = !window.compareMode }
    // Zoom the time axis of every chart around the cursor, pan it, reset it (Perfetto's keys).
    function zoomBy(factor) {
        if (currentRun)
            ChartZoom.zoom(currentRun.xAt(timeline.position), factor, currentRun.xAt(0), currentRun.xAt(currentRun.steps))
    }
    function panBy(share) {
        if (currentRun)
            ChartZoom.pan(share, currentRun.xAt(0), currentRun.xAt(currentRun.steps))
    }
    Shortcut { sequence: "W"; onActivated: window.zoomBy(0.8) }
    Shortcut { sequence: "S"; onActivated: window.zoomBy(1.25) }
    Shortcut { sequence: "A"; onActivated: window.panBy(-0.1) }
    Shortcut { sequence: "D"; onActivated: window.panBy(0.1) }
    function resetZoom() { ChartZoom.reset() }
    Shortcut { sequence: "0"; onActivated: window.resetZoom() }
    // Ctrl+N shows the N-th tab, for as many tabs as the kind has (up to nine).
    Repeater {
        model: Math.min(9, window.viewTabTitles.length)
        Item {
            required property int index
            Shortcut { sequence: "Ctrl+" + (index + 1); onActivated: viewTabs.currentIndex = index }
        }
    }
}
