// WaypointTools: what the `waypoint` command-line tool and the server need and an app does not.
//
// The core library `Waypoint` is what apps link, so it holds only what runs in an app: flows,
// walkthroughs, rules, the document with its validation, progress, the event model and its durable
// queue. This module builds on it for tools (docs/ARCHITECTURE.md, "Modules"):
//
// - Document/: lint, the graph problems of a document (`WaypointDocument.lint(source:)`,
//   `DocumentValidation.allDiagnostics`), over a `NavigationGraph` of each flow.
// - Events/: `EventIngestion` gives a receiver the core's checks of an event, the line it stores and
//   the receipt it answers (`EventIngestion.receipt(accepted:duplicates:rejected:)`);
//   `EventLineScanner` reads JSON Lines event files without decoding whole events;
//   `EventFileReader` reads a file in parallel ranges into a report's `EventLineCollector`.
// - Reports/: `Funnel` computes the two drop-off reports from events or event files: the flow
//   report (`FlowReport`) and the sequential funnel (`FunnelReport`), as a `FunnelResult`, from a
//   `FunnelQuery`; `WalkthroughReport` computes a walkthrough's report per hint from a
//   `WalkthroughQuery`; `ReportError` says what to fix.
// - Paths/: `FlowGraph` (a flow and its subflows as nodes and edges, from
//   `WaypointDocument.flowGraph(id:attributes:savedGroups:)`), path counting (`PathCount`) and
//   listing, `FlowGraphError`.
// - Rendering/: `GraphRenderer` draws a `FlowGraph` as Mermaid or Graphviz DOT; `TrafficGraph`
//   joins a `FlowGraph` to a `FlowReport` (users per edge) and draws it as inline SVG, laid out by
//   `GraphLayout`; `FunnelBars` draws a flow report as SVG bars; `OverlaySVG` draws a walkthrough
//   step's overlay (`waypoint preview`).
// - Formatting/: `ReportText`, how every tool prints counts, rates and durations; `WaypointJSON` and
//   `WaypointTime`, the core's one JSON form and one conversion of times, for the server.
// - Schema/: `DocumentSchema`, the JSON Schema of the document format.
// - Revisions/: before a revision is published, `RevisionPreview` (per flow, a `FlowPreview`: path
//   counts on both revisions, and where users mid-flow would land, `InFlightUsers`, replayed with the
//   core's restore rules) and `DocumentDiff` (the changes between two revisions as JSON paths).
//
// It reads the core's navigation rules (`StepRoutes`), entry selection and event files through
// `package` declarations, which apps cannot see.
