import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import TestSupport
@testable import Waypoint
@testable import WaypointTools

/// Documents, reports and an SVG reader for the drawing tests.
enum RenderingFixtures {
    /// `Examples/Documents/waypoint.json`.
    static func exampleDocument() throws -> WaypointDocument {
        try #require(WaypointDocument.validate(try DocumentFixtures.example("waypoint.json")).document)
    }

    /// The graph of `signup` for a variation of `short-signup` (`control` by default, its first).
    static func signup(_ variation: String = "control") throws -> FlowGraph {
        try exampleDocument().flowGraph(id: "signup", forcedVariations: ["short-signup": variation])
    }

    /// 570 events of 80 users played through both variations of `signup` (the CLI tests' fixture,
    /// whose report is `Snapshots/flow-report.json` beside it).
    static let playedEvents = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("WaypointCLITests/Snapshots/flow-report-events.jsonl")

    /// The flow report of ``playedEvents``, by variation, in the document's step order.
    static func playedReport() throws -> FlowReport {
        let document = try exampleDocument()
        let query = FunnelQuery(flowID: "signup", groupByVariation: true, declaredSteps: document.reportedStepIDs(ofFlow: "signup"))
        return try #require(try Funnel.compute(file: playedEvents, query: query).flowReport)
    }

    /// The graph of a document given as JSON text.
    static func graph(_ json: String, flow: String) throws -> FlowGraph {
        let validation = WaypointDocument.validate(json)
        return try #require(validation.document, "\(validation.diagnostics)").flowGraph(id: flow)
    }

    /// The flow report of events in memory.
    static func report(_ events: [OnboardingEvent], flow: String) throws -> FlowReport {
        try #require(try Funnel.compute(events: events, query: FunnelQuery(flowID: flow)).flowReport)
    }

    /// One event of flow `flow`, `seconds` after 2026-01-01.
    static func event(
        _ user: String, _ name: EventName, _ seconds: Int, step: String? = nil, outcome: String? = nil, flow: String = "f"
    ) -> OnboardingEvent {
        OnboardingEvent(
            messageID: "\(user)-\(seconds)-\(name.rawValue)", userID: user, event: name,
            timestamp: Date(timeIntervalSince1970: 1_767_225_600 + Double(seconds)), flowID: flow, flowVersion: 1,
            stepID: step, outcome: outcome)
    }
}

/// The elements of an SVG document, read with an XML parser (which also proves it well-formed).
final class SVGElements: NSObject, XMLParserDelegate {
    /// An element: its name, its attributes, and the text directly inside it.
    struct Element {
        var name: String
        var attributes: [String: String]
        var text = ""

        /// The words of its `class`.
        var classes: Set<String> { Set((attributes["class"] ?? "").split(separator: " ").map(String.init)) }
        /// A numeric attribute.
        func number(_ name: String) -> Double? { attributes[name].flatMap(Double.init) }
    }

    private(set) var elements: [Element] = []
    private var open: [Int] = []

    /// Parses `svg`; fails the test when it is not well-formed XML.
    static func parse(_ svg: String) throws -> [Element] {
        let reader = SVGElements()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = reader
        let parsed = parser.parse()
        try #require(parsed, "not well-formed: \(parser.parserError.map(String.init(describing:)) ?? "")")
        return reader.elements
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        open.append(elements.count)
        elements.append(Element(name: elementName, attributes: attributeDict))
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        open.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if let current = open.last { elements[current].text += string }
    }
}

extension Array where Element == SVGElements.Element {
    /// The elements with `className` among their classes.
    func with(class className: String) -> [SVGElements.Element] { filter { $0.classes.contains(className) } }
}
