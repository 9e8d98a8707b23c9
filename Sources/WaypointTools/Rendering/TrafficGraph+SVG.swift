import Waypoint

extension TrafficGraph {
    /// Colours of the drawing, each with at least 4.5:1 contrast on white (graphics 3:1).
    enum Palette {
        static let ink = "#111827"
        static let line = "#4b5563"
        static let detail = "#374151"
        static let untaken = "#b91c1c"
        static let groupFill = "#f3f4f6"
        static let groupLine = "#6b7280"
        static let paper = "#ffffff"
    }

    /// The graph as inline SVG for an HTML page: no script, no external reference, scaled to the
    /// width of its container.
    ///
    /// Steps are boxes with their id, screen, and `viewed N · dropped N (R%)`, R the drop rate of the
    /// step's viewers (and `skipped N` when they
    /// have a condition, in which case the box is dashed); subflow steps have a double border and
    /// their subflow is a grey box. Each edge is labelled `outcome · users`, its width growing with
    /// its users; skip edges are dashed, and edges nobody took are dotted red (dashed red for
    /// skips). Every element has a `wp-` class for a page's CSS, and presentation attributes so that it
    /// looks right without any. It is an image (`role="img"`) named by its `<title>` and described
    /// by its `<desc>`; each node and edge has its own `<title>`. A page should also show
    /// ``edges`` as a table.
    ///
    /// - Parameters:
    ///   - idPrefix: starts every `id` in the SVG, so that several drawings can share a page
    ///     (characters other than ASCII letters, digits, `-` and `_` become `_`).
    ///   - title: the accessible name; by default `Flow <id> (variation <v>): users per edge`.
    public func svg(idPrefix: String = "wp-traffic", title: String? = nil) -> String {
        let prefix = SVGMarkup.idPrefix(idPrefix)
        let geometry = geometry()
        let heaviest = max(edges.map(\.users).max() ?? 0, 1)
        var out = ""
        let number = SVGMarkup.number
        let escape = SVGMarkup.escape
        out += #"<svg xmlns="http://www.w3.org/2000/svg" class="wp-traffic-graph" role="img""#
        out += #" aria-labelledby="\#(prefix)-title \#(prefix)-desc""#
        // Drawn at its natural width: a page shrinks it to fit (`max-width: 100%; height: auto`) but
        // a small graph is not blown up.
        out += #" viewBox="0 0 \#(number(geometry.width)) \#(number(geometry.height))""#
        out += #" width="\#(number(geometry.width))" height="\#(number(geometry.height))""#
        out += #" preserveAspectRatio="xMidYMin meet" font-family="\#(SVGMarkup.fontFamily)" font-size="11">"#
        out += "\n<title id=\"\(prefix)-title\">\(escape(title ?? defaultTitle))</title>\n"
        out += "<desc id=\"\(prefix)-desc\">\(escape(summary))</desc>\n<defs>\n"
        for (suffix, colour) in [("arrow", Palette.line), ("arrow-untaken", Palette.untaken)] {
            out += #"<marker id="\#(prefix)-\#(suffix)" class="wp-\#(suffix)" viewBox="0 0 10 10" refX="10" refY="5""#
            out += #" markerWidth="9" markerHeight="9" markerUnits="userSpaceOnUse" orient="auto">"#
            out += #"<path d="M0,0L10,5L0,10z" fill="\#(colour)"/></marker>"# + "\n"
        }
        out += "</defs>\n"
        out += #"<rect class="wp-background" width="100%" height="100%" fill="\#(Palette.paper)"/>"# + "\n"

        out += "<g class=\"wp-groups\">\n"
        for (index, group) in groups.enumerated() {
            let frame = geometry.groups[index]
            out += #"<g class="wp-group"><title>\#(escape("subflow \(group.flowID), run by \(group.id)"))</title>"#
            out += #"<rect class="wp-group-box" x="\#(number(frame.x))" y="\#(number(frame.y))" width="\#(number(frame.width))""#
            out += #" height="\#(number(frame.height))" rx="8" fill="\#(Palette.groupFill)" stroke="\#(Palette.groupLine)""#
            out += #" stroke-dasharray="4 3"/></g>"# + "\n"
        }
        out += "</g>\n<g class=\"wp-edges\" fill=\"none\">\n"
        let byID = Dictionary(nodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var labels: [(frame: Frame, edge: Edge)] = []
        for (index, edge) in edges.enumerated() {
            let from = byID[edge.from]
            let to = byID[edge.to]
            let (d, anchor) = pathData(index, edge: edge, geometry: geometry)
            var classes = "wp-edge wp-edge-\(Self.className(edge.kind.rawValue))"
            if edge.isUntaken { classes += " wp-untaken" }
            let width = edge.isUntaken ? 2 : 1.5 + 3 * Double(edge.users) / Double(heaviest)
            var dash = ""
            if edge.kind == .skip { dash = #" stroke-dasharray="6 4""# } else if edge.isUntaken { dash = #" stroke-dasharray="3 3""# }
            let colour = edge.isUntaken ? Palette.untaken : Palette.line
            let name = "\(from?.label ?? edge.from) → \(to?.label ?? edge.to) (\(edge.outcome)): "
                + (edge.isUntaken ? "nobody took it" : "\(edge.users) user\(edge.users == 1 ? "" : "s")")
            out += #"<g class="\#(classes)"><title>\#(escape(name))</title>"#
            out += #"<path class="wp-edge-line" d="\#(d)" stroke="\#(colour)" stroke-width="\#(number(width))"\#(dash)"#
            out += #" marker-end="url(#\#(prefix)-\#(edge.isUntaken ? "arrow-untaken" : "arrow"))"/></g>"# + "\n"
            let text = edgeLabel(edge)
            let size = GraphLayout.Size(width: SVGMarkup.textWidth(text, fontSize: 11) + 4, height: 14)
            let place = labelFrame(anchor: anchor, size: size, avoiding: geometry.nodes + labels.map(\.frame))
            labels.append((place, edge))
        }
        // Group headings over the lines that enter the groups, with a halo of the groups' colour.
        out += "</g>\n<g class=\"wp-group-labels\" stroke=\"\(Palette.groupFill)\" stroke-width=\"4\""
        out += " stroke-linejoin=\"round\" paint-order=\"stroke\">\n"
        for (index, group) in groups.enumerated() {
            let frame = geometry.groups[index]
            out += #"<text class="wp-group-label" x="\#(number(frame.x + 10))" y="\#(number(frame.y + 16))" fill="\#(Palette.detail)">"#
            out += "\(escape(groupTitle(group)))</text>\n"
        }
        out += "</g>\n<g class=\"wp-nodes\">\n"
        for (index, node) in nodes.enumerated() {
            out += nodeMarkup(node, frame: geometry.nodes[index])
        }
        out += "</g>\n<g class=\"wp-edge-labels\" text-anchor=\"middle\" stroke=\"\(Palette.paper)\" stroke-width=\"4\""
        out += " stroke-linejoin=\"round\" paint-order=\"stroke\">\n"
        for (frame, edge) in labels {
            out += #"<text class="wp-edge-label\#(edge.isUntaken ? " wp-untaken" : "")" x="\#(number(frame.centerX))""#
            out += #" y="\#(number(frame.maxY - 3))" fill="\#(edge.isUntaken ? Palette.untaken : Palette.ink)""#
            out += (edge.isUntaken ? #" font-weight="bold""# : "") + ">\(escape(edgeLabel(edge)))</text>\n"
        }
        out += "</g>\n</svg>\n"
        return out
    }

    /// `Flow <id> (variation <v>): users per edge`.
    private var defaultTitle: String {
        "Flow \(flowID)" + (variation.map { " (variation \($0))" } ?? "") + ": users per edge"
    }

    /// The description for assistive technology: the totals, then the edges nobody took.
    private var summary: String {
        var text = "\(started) users started the flow and \(completed) completed it. "
        text += "Boxes are steps, with the users who viewed each and dropped off there; arrows are outcomes, with the users who took each. "
        let untaken = untakenEdges
        text += "\(edges.count) edges; nobody took \(untaken.count)"
        if !untaken.isEmpty {
            let listed = untaken.prefix(20).map { "\(node($0.from)?.label ?? $0.from) → \(node($0.to)?.label ?? $0.to) (\($0.outcome))" }
            text += ": " + listed.joined(separator: "; ") + (untaken.count > 20 ? "; and \(untaken.count - 20) more" : "")
        }
        return text + "."
    }

    /// `outcome · users`.
    private func edgeLabel(_ edge: Edge) -> String {
        SVGMarkup.truncated(edge.outcome, to: 24) + " · \(edge.users)"
    }

    /// The `d` of an edge's line, and the segment its label goes on.
    private func pathData(_ index: Int, edge: Edge, geometry: Geometry) -> (String, (GraphLayout.Point, GraphLayout.Point)) {
        let number = SVGMarkup.number
        let points = geometry.edges[index]
        guard let first = points.first, points.count > 1 else {
            // A loop from a node to itself, on its right.
            let frame = nodes.firstIndex { $0.id == edge.from }.map { geometry.nodes[$0] } ?? Frame(x: 0, y: 0, width: 0, height: 0)
            let (top, bottom) = (frame.y + frame.height * 0.3, frame.y + frame.height * 0.7)
            let out = frame.maxX + 36
            let (right, reach) = (number(frame.maxX), number(out))
            let d = "M\(right),\(number(top))C\(reach),\(number(top)) \(reach),\(number(bottom)) \(right),\(number(bottom))"
            let middle = GraphLayout.Point(x: frame.maxX + 28, y: (top + bottom) / 2)
            return (d, (middle, middle))
        }
        var d = "M\(number(first.x)),\(number(first.y))"
        for (a, b) in zip(points, points.dropFirst()) {
            let middle = number((a.y + b.y) / 2)
            d += "C\(number(a.x)),\(middle) \(number(b.x)),\(middle) \(number(b.x)),\(number(b.y))"
        }
        return (d, (first, points[1]))
    }

    /// Where an edge's label goes: on its first segment, at the first of a few places that covers
    /// no box and no label already placed (else half-way).
    private func labelFrame(anchor: (GraphLayout.Point, GraphLayout.Point), size: GraphLayout.Size, avoiding: [Frame]) -> Frame {
        let (a, b) = anchor
        func frame(at t: Double) -> Frame {
            // The point at t of the segment's curve (vertical tangents at both ends).
            let u = 1 - t
            let x = a.x * (u * u * u + 3 * u * u * t) + b.x * (3 * u * t * t + t * t * t)
            let y = a.y + (b.y - a.y) * t
            return Frame(x: x - size.width / 2, y: y - size.height / 2, width: size.width, height: size.height)
        }
        for t in [0.5, 0.3, 0.7, 0.2, 0.8] {
            let candidate = frame(at: t)
            let clearance = Frame(x: candidate.x - 3, y: candidate.y - 2, width: candidate.width + 6, height: candidate.height + 4)
            if !avoiding.contains(where: { $0.overlaps(clearance) }) { return candidate }
        }
        return frame(at: 0.5)
    }

    /// A node's `<g>`: its box (a pill for start and ends), its lines of text and its `<title>`.
    private func nodeMarkup(_ node: Node, frame: Frame) -> String {
        let number = SVGMarkup.number
        let escape = SVGMarkup.escape
        var classes = "wp-node wp-node-\(Self.className(node.kind.rawValue))"
        if node.isConditional { classes += " wp-conditional" }
        var out = #"<g class="\#(classes)"><title>\#(escape(nodeDescription(node)))</title>"#
        let isPill = node.kind == .start || node.kind == .complete || node.kind == .subflowComplete
        let radius = isPill ? frame.height / 2 : 6
        var stroke = node.kind == .missing ? Palette.untaken : Palette.detail
        let fill = node.kind == .start ? Palette.ink : Palette.paper
        if node.kind == .start { stroke = Palette.ink }
        var dash = ""
        if node.isConditional { dash = #" stroke-dasharray="6 3""# } else if node.kind == .missing { dash = #" stroke-dasharray="4 3""# }
        func rect(_ inset: Double, _ className: String) -> String {
            #"<rect class="\#(className)" x="\#(number(frame.x + inset))" y="\#(number(frame.y + inset))""#
                + #" width="\#(number(frame.width - 2 * inset))" height="\#(number(frame.height - 2 * inset))""#
                + #" rx="\#(number(max(radius - inset, 0)))" fill="\#(fill)" stroke="\#(stroke)" stroke-width="1.5"\#(dash)/>"#
        }
        out += rect(0, "wp-node-box")
        if node.kind == .subflow || node.kind == .complete { out += rect(3.5, "wp-node-inner-box") }
        var y = frame.y + (isPill ? 5 : 7)
        for line in lines(of: node) {
            y += line.height
            let colour = node.kind == .start ? Palette.paper
                : node.kind == .missing ? Palette.untaken : line.isTitle ? Palette.ink : Palette.detail
            out += #"<text class="\#(line.isTitle ? "wp-node-title" : "wp-node-detail")" x="\#(number(frame.centerX))""#
            out += #" y="\#(number(y - 4))" text-anchor="middle" font-size="\#(number(line.fontSize))" fill="\#(colour)""#
            out += (line.isTitle ? #" font-weight="bold""# : "") + ">\(escape(line.text))</text>"
        }
        return out + "</g>\n"
    }

    /// A node's `<title>`: everything its box shows, untruncated.
    private func nodeDescription(_ node: Node) -> String {
        switch node.kind {
        case .start: return "start: \(started) users started the flow"
        case .complete: return "\(Destination.completeToken): \(completed) users completed the flow"
        case .subflowComplete: return "return from subflow run by \(node.group ?? "")"
        case .missing: return "\(node.label): an outcome leads to a step the flow does not have"
        case .step, .subflow:
            var text = node.id
            if let screen = node.screen { text += " (screen \(screen))" }
            if let subflow = node.subflow { text += ", runs subflow \(subflow)" }
            if let condition = node.condition { text += ", when \(condition)" }
            if node.kind == .step {
                text += ": viewed by \(node.viewed), dropped off by \(node.droppedHere)"
                if let rate = ReportRates.dropRate(droppedHere: node.droppedHere, viewed: node.viewed) {
                    text += " (\(ReportText.percent(rate)) of its viewers)"
                }
            }
            if node.isConditional || node.skipped > 0 { text += (node.kind == .step ? ", " : ": ") + "skipped by \(node.skipped)" }
            return text
        }
    }

    /// A kind's raw value as a CSS class word: `documentOrder` → `document-order`.
    static func className(_ camelCase: String) -> String {
        camelCase.reduce(into: "") { result, character in
            if character.isUppercase { result += "-" + character.lowercased() } else { result.append(character) }
        }
    }
}
