import Waypoint

extension TrafficGraph {
    /// A rectangle of the drawing.
    struct Frame: Sendable, Hashable {
        var x: Double
        var y: Double
        var width: Double
        var height: Double

        var centerX: Double { x + width / 2 }
        var maxX: Double { x + width }
        var maxY: Double { y + height }

        /// Whether the two rectangles share any area.
        func overlaps(_ other: Frame) -> Bool {
            x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
        }
    }

    /// One line of text in a node's box.
    struct TextLine: Sendable, Hashable {
        var text: String
        var isTitle: Bool

        var fontSize: Double { isTitle ? 13 : 11 }
        var height: Double { isTitle ? 17 : 15 }
    }

    /// Where everything of the drawing goes, in SVG units, margins included.
    struct Geometry: Sendable, Hashable {
        /// The box of each node, in ``TrafficGraph/nodes`` order.
        var nodes: [Frame]
        /// The box of each group, in ``TrafficGraph/groups`` order.
        var groups: [Frame]
        /// For each edge, the points its line passes through, from the port it leaves to the port it
        /// enters; empty for an edge from a node to itself (drawn as a loop beside the node).
        var edges: [[GraphLayout.Point]]
        /// The size of the drawing.
        var width: Double
        var height: Double
    }

    static let margin = 16.0
    static let groupPadding = 14.0
    static let groupHeader = 24.0
    /// The room at a node's right for a loop back to itself.
    static let loopRoom = 56.0
    /// The longest text a line of a box shows; the node's `<title>` has it all.
    static let lineLimit = 40

    /// The lines of text a node's box shows.
    func lines(of node: Node) -> [TextLine] {
        func line(_ text: String, title: Bool = false) -> TextLine {
            TextLine(text: SVGMarkup.truncated(text, to: Self.lineLimit), isTitle: title)
        }
        switch node.kind {
        case .start, .subflowComplete, .missing:
            return [line(node.label, title: node.kind == .start)]
        case .complete:
            return [line(node.label, title: true), line("completed \(completed)")]
        case .step:
            var traffic = "viewed \(node.viewed) · dropped \(node.droppedHere)"
            // The drop rate of the step's viewers, as the funnel bars say it.
            if let rate = ReportRates.dropRate(droppedHere: node.droppedHere, viewed: node.viewed) { traffic += " (\(ReportText.percent(rate)))" }
            if node.isConditional || node.skipped > 0 { traffic += " · skipped \(node.skipped)" }
            return [line(node.label, title: true)] + (node.screen.map { [line($0)] } ?? [])
                + [line(traffic)] + (node.condition.map { [line("when " + $0)] } ?? [])
        case .subflow:
            var result = [line(node.label, title: true), line("runs " + (node.subflow ?? ""))]
            if node.isConditional || node.skipped > 0 { result.append(line("skipped \(node.skipped)")) }
            return result
        }
    }

    /// The size of a node's box, from its text.
    func boxSize(of node: Node) -> GraphLayout.Size {
        let lines = lines(of: node)
        let textWidth = lines.map { SVGMarkup.textWidth($0.text, fontSize: $0.fontSize) }.max() ?? 0
        let textHeight = lines.reduce(0) { $0 + $1.height }
        switch node.kind {
        case .start, .complete, .subflowComplete:
            return GraphLayout.Size(width: textWidth + 28, height: textHeight + 10)
        case .step, .subflow, .missing:
            return GraphLayout.Size(width: max(textWidth + 20, 72), height: textHeight + 14)
        }
    }

    /// The layout of the whole drawing: each flow laid out in layers, each group inside the layer
    /// of the flow that runs it, as one box.
    func geometry() -> Geometry {
        let nodeIndex = Dictionary(nodes.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        let groupIndex = Dictionary(groups.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        let boxes = nodes.map(boxSize(of:))
        let loops = Set(edges.filter { $0.from == $0.to }.compactMap { nodeIndex[$0.from] })
        // An edge leaving a subflow step that runs a group is drawn from the group's `$complete`.
        let sources = edges.map { edge -> Int? in
            let leavesGroup = edge.kind == .outcome || edge.kind == .documentOrder
            let group = leavesGroup ? groupIndex[edge.from].map { groups[$0] } : nil
            return nodeIndex[group?.end ?? edge.from]
        }
        let targets = edges.map { nodeIndex[$0.to] }

        // Scopes: 0 is the root flow, 1 + g is group g. Each node's chain lists the scopes it is
        // drawn in, from the root down; an edge is laid out in the deepest scope its two ends share.
        let parentScope = groups.map { $0.parent.flatMap { groupIndex[$0] }.map { $0 + 1 } ?? 0 }
        let scopeCount = groups.count + 1
        let chains = nodes.map { node -> [Int] in
            var scope = node.group.flatMap { groupIndex[$0] }.map { $0 + 1 } ?? 0
            var chain: [Int] = []
            while scope != 0, chain.count < scopeCount {
                chain.append(scope)
                scope = parentScope[scope - 1]
            }
            return [0] + chain.reversed()
        }
        /// A scope's items: its own nodes, then the groups drawn in it, each a box.
        enum Item: Hashable { case node(Int), group(Int) }
        var items = [[Item]](repeating: [], count: scopeCount)
        var nodePlace = [Int](repeating: 0, count: nodes.count)
        var groupPlace = [Int](repeating: 0, count: groups.count)
        for (index, chain) in chains.enumerated() {
            nodePlace[index] = items[chain[chain.count - 1]].count
            items[chain[chain.count - 1]].append(.node(index))
        }
        for (index, parent) in parentScope.enumerated() {
            groupPlace[index] = items[parent].count
            items[parent].append(.group(index))
        }
        /// The place, among `scope`'s items, of the item that holds `node`.
        func place(of node: Int, in scope: Int) -> Int? {
            let chain = chains[node]
            guard let depth = chain.firstIndex(of: scope) else { return nil }
            return depth + 1 < chain.count ? groupPlace[chain[depth + 1] - 1] : nodePlace[node]
        }
        var laid = [[(edge: Int, pair: GraphLayout.Edge)]](repeating: [], count: scopeCount)
        for edge in edges.indices {
            guard let source = sources[edge], let target = targets[edge] else { continue }
            let (from, to) = (chains[source], chains[target])
            var shared = 1
            while shared < min(from.count, to.count), from[shared] == to[shared] { shared += 1 }
            let scope = from[shared - 1]
            guard let first = place(of: source, in: scope), let second = place(of: target, in: scope), first != second else { continue }
            laid[scope].append((edge, GraphLayout.Edge(from: first, to: second)))
        }

        var layouts = [GraphLayout?](repeating: nil, count: scopeCount)
        var groupSizes = [GraphLayout.Size](repeating: GraphLayout.Size(width: 0, height: 0), count: groups.count)
        /// Lays out a scope's groups, then the scope.
        func lay(_ scope: Int, depth: Int) {
            guard depth <= scopeCount else { return }
            for case .group(let child) in items[scope] { lay(child + 1, depth: depth + 1) }
            let sizes = items[scope].map { item -> GraphLayout.Size in
                switch item {
                case .node(let index):
                    GraphLayout.Size(width: boxes[index].width + (loops.contains(index) ? Self.loopRoom : 0), height: boxes[index].height)
                case .group(let index): groupSizes[index]
                }
            }
            let group = scope == 0 ? nil : groups[scope - 1]
            func position(_ id: String) -> Int? { nodeIndex[id].flatMap { place(of: $0, in: scope) } }
            let layout = GraphLayout(
                sizes: sizes, edges: laid[scope].map(\.pair),
                top: position(group?.start ?? "$start"), bottom: position(group?.end ?? Destination.completeToken))
            layouts[scope] = layout
            if let group {
                let header = SVGMarkup.textWidth(groupTitle(group), fontSize: 11)
                groupSizes[scope - 1] = GraphLayout.Size(
                    width: max(layout.size.width, header) + 2 * Self.groupPadding,
                    height: layout.size.height + Self.groupHeader + Self.groupPadding)
            }
        }
        lay(0, depth: 0)

        var nodeFrames = boxes.map { Frame(x: 0, y: 0, width: $0.width, height: $0.height) }
        var groupFrames = groupSizes.map { Frame(x: 0, y: 0, width: $0.width, height: $0.height) }
        var bends = [[GraphLayout.Point]](repeating: [], count: edges.count)
        var upward = [Bool](repeating: false, count: edges.count)
        /// Places a scope's items with its top-left corner at (x, y).
        func arrange(_ scope: Int, x: Double, y: Double, depth: Int) {
            guard depth <= scopeCount, let layout = layouts[scope] else { return }
            for (position, item) in items[scope].enumerated() {
                let origin = layout.origins[position]
                switch item {
                case .node(let index):
                    nodeFrames[index].x = x + origin.x
                    nodeFrames[index].y = y + origin.y
                case .group(let index):
                    groupFrames[index].x = x + origin.x
                    groupFrames[index].y = y + origin.y
                    let inner = layouts[index + 1]?.size.width ?? 0
                    arrange(index + 1, x: x + origin.x + (groupFrames[index].width - inner) / 2,
                          y: y + origin.y + Self.groupHeader, depth: depth + 1)
                }
            }
            for (position, entry) in laid[scope].enumerated() {
                bends[entry.edge] = layout.bends[position].map { GraphLayout.Point(x: $0.x + x, y: $0.y + y) }
                upward[entry.edge] = layout.isUpward[position]
            }
        }
        arrange(0, x: Self.margin, y: Self.margin, depth: 0)
        let size = layouts[0]?.size ?? GraphLayout.Size(width: 0, height: 0)
        let paths = ports(nodeFrames: nodeFrames, sources: sources, targets: targets, bends: bends, upward: upward)
        return Geometry(nodes: nodeFrames, groups: groupFrames, edges: paths,
                        width: size.width + 2 * Self.margin, height: size.height + 2 * Self.margin)
    }

    /// The heading of a group's box.
    func groupTitle(_ group: Group) -> String {
        "subflow " + SVGMarkup.truncated(group.flowID, to: Self.lineLimit)
    }

    /// Each edge's line: from a port on its source's bottom (top, going up), through its bends, to a
    /// port on its target's top (bottom, going up); the ports of a side spread along it, in the
    /// order of where their lines go, so that parallel edges stay apart.
    private func ports(
        nodeFrames: [Frame], sources: [Int?], targets: [Int?], bends: [[GraphLayout.Point]], upward: [Bool]
    ) -> [[GraphLayout.Point]] {
        struct Side: Hashable { var node: Int; var top: Bool }
        var attached: [Side: [(edge: Int, towards: Double, leaving: Bool)]] = [:]
        var sides: [Side] = []
        for edge in edges.indices {
            guard let source = sources[edge], let target = targets[edge], source != target else { continue }
            let out = Side(node: source, top: upward[edge])
            let into = Side(node: target, top: !upward[edge])
            if attached[out] == nil { sides.append(out) }
            attached[out, default: []].append((edge, bends[edge].first?.x ?? nodeFrames[target].centerX, true))
            if attached[into] == nil { sides.append(into) }
            attached[into, default: []].append((edge, bends[edge].last?.x ?? nodeFrames[source].centerX, false))
        }
        var start = [GraphLayout.Point?](repeating: nil, count: edges.count)
        var end = start
        for side in sides {
            let frame = nodeFrames[side.node]
            let ends = (attached[side] ?? []).sorted {
                ($0.towards, $0.edge, $0.leaving ? 0 : 1) < ($1.towards, $1.edge, $1.leaving ? 0 : 1)
            }
            for (place, attachment) in ends.enumerated() {
                let x = frame.x + frame.width * Double(place + 1) / Double(ends.count + 1)
                let point = GraphLayout.Point(x: x, y: side.top ? frame.y : frame.maxY)
                if attachment.leaving { start[attachment.edge] = point } else { end[attachment.edge] = point }
            }
        }
        return edges.indices.map { edge in
            guard let first = start[edge], let last = end[edge] else { return [] }
            return [first] + bends[edge] + [last]
        }
    }
}
