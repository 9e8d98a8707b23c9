import Waypoint

/// Counting and listing the paths of a flow.
///
/// A path is the sequence of steps entered from the start to `$complete`; two outcomes that lead to the same
/// step give the same path, and steps of a subflow appear inlined as `subflowStep/innerStep`. Without
/// attributes, a step with a `when` condition may be entered or skipped (both are explored); with attributes,
/// conditions are evaluated against them (as they stand: attributes do not change along a path).
extension FlowGraph {
    /// The exact number of distinct paths, as an arbitrary-precision count (it can exceed 2⁶⁴).
    ///
    /// Linear in the size of the flow in practice: paths are counted, not enumerated.
    /// - Throws: ``FlowGraphError`` when a cycle can be reached (naming it), when flows run each other as
    ///   subflows in a circle, or when a reachable outcome or subflow names something that does not exist.
    public func countPaths(attributes: Attributes? = nil, savedGroups: SavedGroups = [:]) throws(FlowGraphError) -> PathCount {
        var counts: [String: PathCount] = [:]
        for flow in try flowsInDependencyOrder() {
            let model = PathModel(flow, attributes: attributes, savedGroups: savedGroups)
            counts[flow.id] = try model.count(subflowCounts: counts, knownFlows: subflows)
        }
        return counts[root.id] ?? .zero
    }

    /// The distinct paths, each step entered at most `maxVisits` times per path (at least 1), in a stable
    /// order (outcomes in declaration order, entering a conditional step before skipping it).
    ///
    /// - Parameter limit: stop after this many paths (`nil`: all of them; their number can grow
    ///   exponentially with the size of the flow).
    public func listPaths(
        maxVisits: Int = 1, attributes: Attributes? = nil, savedGroups: SavedGroups = [:], limit: Int? = nil
    ) throws(FlowGraphError) -> [[String]] {
        var lists: [String: [[String]]] = [:]
        for flow in try flowsInDependencyOrder() {
            let model = PathModel(flow, attributes: attributes, savedGroups: savedGroups)
            let flowLimit = flow.id == root.id ? limit : nil
            lists[flow.id] = try model.list(maxVisits: max(1, maxVisits), limit: flowLimit, subflowPaths: lists, knownFlows: subflows)
        }
        return lists[root.id] ?? []
    }

    /// The root and the flows it runs, each after the flows it runs itself.
    private func flowsInDependencyOrder() throws(FlowGraphError) -> [Subgraph] {
        func flow(_ id: String) -> Subgraph? { id == root.id ? root : subflows[id] }
        var order: [Subgraph] = []
        var state: [String: Bool] = [:]  // false: open, true: done
        var stack: [(flow: Subgraph, pending: [String])] = [(root, root.nodes.compactMap(\.subflow).reversed())]
        state[root.id] = false
        while var top = stack.popLast() {
            if let next = top.pending.popLast() {
                stack.append(top)
                switch state[next] {
                case false?:
                    let open = stack.map(\.flow.id)
                    throw FlowGraphError.subflowCycle(Array(open.drop { $0 != next }) + [next])
                case true?:
                    continue
                case nil:
                    guard let child = flow(next) else { continue }
                    state[next] = false
                    stack.append((child, child.nodes.compactMap(\.subflow).reversed()))
                }
                continue
            }
            state[top.flow.id] = true
            order.append(top.flow)
        }
        return order
    }
}

/// One flow with its conditions decided (or left open), ready for counting and listing.
private struct PathModel {
    let flow: FlowGraph.Subgraph
    let mayEnter: [Bool]
    let maySkip: [Bool]
    let graph: NavigationGraph

    init(_ flow: FlowGraph.Subgraph, attributes: Attributes?, savedGroups: SavedGroups) {
        self.flow = flow
        var mayEnter: [Bool] = []
        var maySkip: [Bool] = []
        mayEnter.reserveCapacity(flow.nodes.count)
        maySkip.reserveCapacity(flow.nodes.count)
        for node in flow.nodes {
            if node.isSkipped {
                mayEnter.append(false)
                maySkip.append(true)
            } else if let condition = node.condition {
                if let attributes {
                    let holds = condition.evaluate(attributes, savedGroups: savedGroups)
                    mayEnter.append(holds)
                    maySkip.append(!holds)
                } else {
                    mayEnter.append(true)
                    maySkip.append(true)
                }
            } else {
                mayEnter.append(true)
                maySkip.append(false)
            }
        }
        self.mayEnter = mayEnter
        self.maySkip = maySkip
        let enter = mayEnter, skip = maySkip
        graph = NavigationGraph(flow.routes, mayEnter: { enter[$0] }, maySkip: { skip[$0] })
    }

    private var complete: Int { graph.complete }

    /// The vertex of a target index (arrive at a step, or `$complete`).
    private func vertex(_ target: Int) -> Int {
        target == FlowGraph.completeIndex ? complete : 2 * target
    }

    /// Throws when what the navigator can do from `vertex` names a step or flow that does not exist.
    private func checkReferences(_ vertex: Int, knownFlows: [String: FlowGraph.Subgraph]) throws(FlowGraphError) {
        guard vertex != complete else { return }
        let step = vertex / 2
        let node = flow.nodes[step]
        if vertex % 2 == 0 {
            if maySkip[step], flow.skipTargets[step] == FlowGraph.unknownIndex {
                throw FlowGraphError.unknownTarget(flow: flow.id, step: node.id, target: skipTargetName(step))
            }
            return
        }
        if let subflow = node.subflow, knownFlows[subflow] == nil, subflow != flow.id {
            throw FlowGraphError.unknownSubflow(flow: flow.id, step: node.id, subflow: subflow)
        }
        if flow.routes.leaving(step).contains(where: \.isUnknown) {
            let edge = flow.edges.first { $0.from == node.id && $0.kind != .skip && !$0.isKnownTarget }
            throw FlowGraphError.unknownTarget(flow: flow.id, step: node.id, target: edge?.to.description ?? "")
        }
    }

    private func skipTargetName(_ step: Int) -> String {
        flow.edges.first { $0.from == flow.nodes[step].id && $0.kind == .skip }?.to.description ?? ""
    }

    private func checkStart() throws(FlowGraphError) {
        if flow.startIndex == FlowGraph.unknownIndex {
            throw FlowGraphError.unknownTarget(flow: flow.id, step: nil, target: flow.start ?? "")
        }
    }

    // MARK: Counting

    /// The vertices reachable from the start, children before parents; throws on a reachable cycle.
    private func postOrder(knownFlows: [String: FlowGraph.Subgraph]) throws(FlowGraphError) -> [Int] {
        try checkStart()
        var color = [UInt8](repeating: 0, count: graph.vertexCount)  // 0 new, 1 open, 2 done
        var order: [Int] = []
        var frames: [(vertex: Int, edge: Int)] = []
        let start = graph.start
        color[start] = 1
        try checkReferences(start, knownFlows: knownFlows)
        frames.append((start, Int(graph.offsets[start])))
        while let frame = frames.last {
            let end = Int(graph.offsets[frame.vertex + 1])
            if frame.edge < end {
                frames[frames.count - 1].edge += 1
                let next = Int(graph.targets[frame.edge])
                switch color[next] {
                case 0:
                    color[next] = 1
                    try checkReferences(next, knownFlows: knownFlows)
                    frames.append((next, Int(graph.offsets[next])))
                case 1:
                    let open = frames.map(\.vertex)
                    let loop = Array(open.drop { $0 != next })
                    throw FlowGraphError.cycle(flow: flow.id, steps: cycleNames(loop))
                default:
                    break
                }
                continue
            }
            frames.removeLast()
            color[frame.vertex] = 2
            order.append(frame.vertex)
        }
        return order
    }

    /// The step ids of a loop of vertices, each step once in a row, the first repeated at the end.
    private func cycleNames(_ vertices: [Int]) -> [String] {
        var names: [String] = []
        for vertex in vertices where vertex != complete {
            let name = flow.nodes[vertex / 2].id
            if names.last != name { names.append(name) }
        }
        if names.count > 1, names.first == names.last { names.removeLast() }
        if let first = names.first { names.append(first) }
        return names
    }

    // Counting takes two passes over the post-order (children before parents).
    //
    // The first pass (`countPlan`) works with integers only. It decides which counts make up each vertex's
    // count, its *terms*: arriving at a step adds the counts of entering it and of its skip target; entering
    // a step adds, for each distinct target, the target's count less the count of the first vertex where the
    // target's skip chain meets an earlier target's (the paths from there on were counted already). It also
    // notes, for each vertex, the position in the order of the last vertex whose terms read its count.
    //
    // The second pass computes the counts in the order and, once a vertex's count is made, sets every count
    // it read for the last time to zero, which frees its digits. So only the counts still to be read are
    // held at any time, instead of one count per vertex until the end: for a flow whose steps lead a few
    // steps ahead, that is a handful of counts, and memory is the flow's size plus the count's digits.

    /// What each vertex's count is made of, and when each count is read for the last time.
    private struct CountPlan {
        /// The vertices reachable from the start, children before parents.
        let order: [Int]
        /// The terms of `order[p]` are the positions `termStart[p]..<termStart[p + 1]` of `added` and
        /// `subtracted`: each adds the count of vertex `added[t]`, less that of `subtracted[t]` when it is
        /// not -1 (the difference is at least zero: the paths subtracted are among those added).
        var termStart: [Int32] = [0]
        var added: [Int32] = []
        var subtracted: [Int32] = []
        /// For each vertex, the position in `order` of the last vertex that reads its count (-1: none).
        var lastRead: [Int32]

        init(order: [Int], vertexCount: Int) {
            self.order = order
            lastRead = [Int32](repeating: -1, count: vertexCount)
            termStart.reserveCapacity(order.count + 1)
        }

        /// Adds a term to the vertex at `position`, the last one so far.
        mutating func read(_ vertex: Int, less subtracted: Int = -1, at position: Int) {
            added.append(Int32(vertex))
            self.subtracted.append(Int32(subtracted))
            lastRead[vertex] = Int32(position)
            if subtracted >= 0 { lastRead[subtracted] = Int32(position) }
        }
    }

    /// The first pass: the terms of every vertex and the last read of every count.
    ///
    /// Linear in the edges when targets do not share skip chains: a step's targets are made
    /// distinct with marks (not by searching the ones listed), and two targets are compared only
    /// when their skip chains end at the same vertex (`root`), the only way they can meet. A step
    /// with a thousand outcomes thus costs a thousand, not a million.
    private func countPlan(order: [Int]) -> CountPlan {
        var plan = CountPlan(order: order, vertexCount: graph.vertexCount)
        // The skip forest: arriving at a step that may be skipped continues to its skip target.
        var parent = [Int](repeating: -1, count: graph.vertexCount)
        var depth = [Int](repeating: 0, count: graph.vertexCount)
        // The last vertex of each vertex's skip chain (itself when it cannot be skipped).
        var root = Array(0..<graph.vertexCount)
        // The position in `order` whose targets a vertex was last listed among.
        var listed = [Int32](repeating: -1, count: graph.vertexCount)
        // The targets listed so far at this position, by the root of their skip chains: a list for
        // each root, in the order listed, kept in arrays by vertex (a root's list is empty unless it
        // was started at this position).
        var rootListed = [Int32](repeating: -1, count: graph.vertexCount)
        var rootFirst = [Int](repeating: -1, count: graph.vertexCount)
        var rootLast = [Int](repeating: -1, count: graph.vertexCount)
        var sameRootNext = [Int](repeating: -1, count: graph.vertexCount)
        var targets: [Int] = []
        for (position, vertex) in order.enumerated() {
            defer { plan.termStart.append(Int32(plan.added.count)) }
            if vertex == complete { continue }
            let step = vertex / 2
            if vertex % 2 == 0 {
                if mayEnter[step] { plan.read(vertex + 1, at: position) }
                if maySkip[step] {
                    let next = self.vertex(flow.skipTargets[step])
                    parent[vertex] = next
                    depth[vertex] = depth[next] + 1
                    root[vertex] = root[next]
                    plan.read(next, at: position)
                }
                continue
            }
            // Entering the step: the distinct steps entered next are the union of the skip chains of its targets.
            targets.removeAll(keepingCapacity: true)
            for target in graph.successors(vertex) where listed[Int(target)] != Int32(position) {
                listed[Int(target)] = Int32(position)
                targets.append(Int(target))
            }
            let stamp = Int32(position)
            for target in targets {
                var meeting = -1
                let targetRoot = root[target]
                // Only the earlier targets whose skip chains end where this one's does can meet it.
                var earlier = rootListed[targetRoot] == stamp ? rootFirst[targetRoot] : -1
                while earlier >= 0 {
                    let point = Self.meet(target, earlier, parent: parent, depth: depth)
                    if point >= 0, meeting < 0 || depth[point] > depth[meeting] { meeting = point }
                    earlier = sameRootNext[earlier]
                }
                if targets.count > 1 {
                    sameRootNext[target] = -1
                    if rootListed[targetRoot] == stamp {
                        sameRootNext[rootLast[targetRoot]] = target
                    } else {
                        rootListed[targetRoot] = stamp
                        rootFirst[targetRoot] = target
                    }
                    rootLast[targetRoot] = target
                }
                plan.read(target, less: meeting, at: position)
            }
        }
        return plan
    }

    func count(subflowCounts: [String: PathCount], knownFlows: [String: FlowGraph.Subgraph]) throws(FlowGraphError) -> PathCount {
        guard !flow.nodes.isEmpty else { return .one }
        let plan = countPlan(order: try postOrder(knownFlows: knownFlows))
        // The second pass: counts in the order, each freed after its last read.
        var value = [PathCount](repeating: .zero, count: graph.vertexCount)
        for (position, vertex) in plan.order.enumerated() {
            let terms = Int(plan.termStart[position])..<Int(plan.termStart[position + 1])
            var total = vertex == complete ? PathCount.one : .zero
            for term in terms {
                let added = Int(plan.added[term]), subtracted = Int(plan.subtracted[term])
                if total.isZero { total = value[added] } else { total += value[added] }  // the first term is shared, not copied
                // Never below zero: the paths subtracted are among those just added.
                if subtracted >= 0 { total -= value[subtracted] }
            }
            if vertex % 2 == 1, let subflow = flow.nodes[vertex / 2].subflow {
                total = (subflowCounts[subflow] ?? .zero) * total
            }
            value[vertex] = total
            for term in terms {
                let added = Int(plan.added[term]), subtracted = Int(plan.subtracted[term])
                if plan.lastRead[added] == position { value[added] = .zero }
                if subtracted >= 0, plan.lastRead[subtracted] == position { value[subtracted] = .zero }
            }
        }
        return value[graph.start]
    }

    /// The first vertex common to the skip chains of `a` and `b`, or -1 when they do not meet.
    private static func meet(_ a: Int, _ b: Int, parent: [Int], depth: [Int]) -> Int {
        var a = a, b = b
        while depth[a] > depth[b] { a = parent[a] }
        while depth[b] > depth[a] { b = parent[b] }
        while a != b {
            guard parent[a] >= 0, parent[b] >= 0 else { return -1 }
            a = parent[a]
            b = parent[b]
        }
        return a
    }

    // MARK: Listing

    /// The steps (indices, or -1 for `$complete`) that can be entered next after arriving at `vertices`,
    /// each once, in order: a step before its skip target.
    private func entered(after vertices: [Int], knownFlows: [String: FlowGraph.Subgraph]) throws(FlowGraphError) -> [Int] {
        var result: [Int] = []
        var added = Set<Int>()
        for start in vertices {
            var vertex = start
            var walked = Set<Int>()
            while walked.insert(vertex).inserted {
                if vertex == complete {
                    if added.insert(-1).inserted { result.append(-1) }
                    break
                }
                let step = vertex / 2
                if mayEnter[step], added.insert(step).inserted { result.append(step) }
                guard maySkip[step] else { break }
                try checkReferences(vertex, knownFlows: knownFlows)
                vertex = self.vertex(flow.skipTargets[step])
            }
        }
        return result
    }

    func list(
        maxVisits: Int, limit: Int?, subflowPaths: [String: [[String]]], knownFlows: [String: FlowGraph.Subgraph]
    ) throws(FlowGraphError) -> [[String]] {
        guard !flow.nodes.isEmpty else { return [[]] }
        try checkStart()
        var next: [[Int]?] = Array(repeating: nil, count: flow.nodes.count)
        func options(after step: Int) throws(FlowGraphError) -> [Int] {
            if let known = next[step] { return known }
            try checkReferences(2 * step + 1, knownFlows: knownFlows)
            var vertices: [Int] = []
            for target in graph.successors(2 * step + 1) where !vertices.contains(Int(target)) { vertices.append(Int(target)) }
            let computed = try entered(after: vertices, knownFlows: knownFlows)
            next[step] = computed
            return computed
        }
        func variants(_ step: Int) -> [[String]]? {
            guard let subflow = flow.nodes[step].subflow else { return nil }
            let id = flow.nodes[step].id
            return (subflowPaths[subflow] ?? []).map { inner in inner.map { id + "/" + $0 } }
        }

        struct Frame {
            let step: Int
            let restoreLength: Int
            let options: [Int]
            var option = 0
            var variant = 0
        }
        var paths: [[String]] = []
        var path: [String] = []
        var visits = [Int](repeating: 0, count: flow.nodes.count)
        var inner: [Int: [[String]]] = [:]
        var frames = [Frame(step: -1, restoreLength: 0, options: try entered(after: [graph.start], knownFlows: knownFlows))]
        while var frame = frames.popLast() {
            if let limit, paths.count >= limit { break }
            guard frame.option < frame.options.count else {
                if frame.step >= 0 { visits[frame.step] -= 1 }
                path.removeSubrange(frame.restoreLength...)
                continue
            }
            let target = frame.options[frame.option]
            if target < 0 {
                frame.option += 1
                frames.append(frame)
                paths.append(path)
                continue
            }
            let innerPaths: [[String]]?
            if let cached = inner[target] {
                innerPaths = cached
            } else {
                try checkReferences(2 * target + 1, knownFlows: knownFlows)
                innerPaths = variants(target)
                if let innerPaths { inner[target] = innerPaths }
            }
            let variantCount = innerPaths?.count ?? 1
            let variant = frame.variant
            if variant + 1 < variantCount {
                frame.variant += 1
            } else {
                frame.option += 1
                frame.variant = 0
            }
            frames.append(frame)
            guard variant < variantCount, visits[target] < maxVisits else { continue }
            visits[target] += 1
            let restore = path.count
            if let innerPaths { path.append(contentsOf: innerPaths[variant]) } else { path.append(flow.nodes[target].id) }
            frames.append(Frame(step: target, restoreLength: restore, options: try options(after: target)))
        }
        return paths
    }
}
