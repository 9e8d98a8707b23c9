import Waypoint

/// A flow as the navigator moves through it, for linear-time analysis.
///
/// Each step `i` has two vertices: *arrive* (`2i`, navigation is about to enter the step) and *enter*
/// (`2i + 1`, the step is shown); one more vertex (`2n`) is `$complete`. Arriving at a step enters it
/// when it may be entered and goes on to its skip target when it may be skipped (a step without a
/// condition is always entered; one with a condition either, or as evaluated against attributes);
/// entering it leads, through its outcomes, to arriving at their targets. Edges are stored compactly
/// (offsets into one array), and every algorithm on them is iterative.
package struct NavigationGraph {
    /// The number of vertices: two per step and `$complete`.
    package let vertexCount: Int
    /// The `$complete` vertex.
    package let complete: Int
    /// The vertex navigation starts at.
    package let start: Int
    /// Edges of vertex `v` are `targets[offsets[v]..<offsets[v + 1]]`.
    @usableFromInline package let offsets: [Int32]
    @usableFromInline package let targets: [Int32]

    /// Builds the graph of the flow whose steps lead where `routes` say; `mayEnter` and `maySkip`
    /// say what arriving at each step may do. Targets that name no step lead to `unknownTarget` (a vertex
    /// index; `$complete` for analyses that should not cascade from an error already reported).
    package init(
        _ routes: StepRoutes, mayEnter: (Int) -> Bool, maySkip: (Int) -> Bool,
        unknownTarget: Int? = nil
    ) {
        let steps = routes.count
        vertexCount = 2 * steps + 1
        complete = 2 * steps
        let unknown = unknownTarget ?? 2 * steps
        func vertex(_ destination: StepRoutes.Resolved) -> Int32 {
            switch destination {
            case .step(let position): Int32(2 * position)
            case .complete: Int32(2 * steps)
            case .unknown: Int32(unknown)
            }
        }
        start = Int(vertex(routes.start))
        var offsets: [Int32] = []
        var targets: [Int32] = []
        offsets.reserveCapacity(vertexCount + 1)
        targets.reserveCapacity(4 * steps)
        for step in 0..<steps {
            offsets.append(Int32(targets.count))
            if mayEnter(step) { targets.append(Int32(2 * step + 1)) }
            if maySkip(step) { targets.append(vertex(routes.skips[step].destination)) }
            offsets.append(Int32(targets.count))
            for route in routes.leaving(step) { targets.append(vertex(route.destination)) }
        }
        offsets.append(Int32(targets.count))
        offsets.append(Int32(targets.count))
        self.offsets = offsets
        self.targets = targets
    }

    /// The vertices `vertex` leads to.
    @inlinable @inline(__always)
    package func successors(_ vertex: Int) -> ArraySlice<Int32> {
        targets[Int(offsets[vertex])..<Int(offsets[vertex + 1])]
    }

    /// Whether each vertex can be reached from `from`.
    package func reachable(from: Int) -> [Bool] {
        var seen = [Bool](repeating: false, count: vertexCount)
        guard from >= 0, from < vertexCount else { return seen }
        var stack = [from]
        seen[from] = true
        while let vertex = stack.popLast() {
            for next in successors(vertex) where !seen[Int(next)] {
                seen[Int(next)] = true
                stack.append(Int(next))
            }
        }
        return seen
    }

    /// Whether `$complete` can be reached from each vertex.
    package func canReachComplete() -> [Bool] {
        // Reverse the edges, then search from `$complete`.
        var reverseOffsets = [Int32](repeating: 0, count: vertexCount + 1)
        for target in targets { reverseOffsets[Int(target) + 1] += 1 }
        for index in 0..<vertexCount { reverseOffsets[index + 1] += reverseOffsets[index] }
        var fill = reverseOffsets
        var reverse = [Int32](repeating: 0, count: targets.count)
        for vertex in 0..<vertexCount {
            for target in successors(vertex) {
                reverse[Int(fill[Int(target)])] = Int32(vertex)
                fill[Int(target)] += 1
            }
        }
        var seen = [Bool](repeating: false, count: vertexCount)
        var stack = [complete]
        seen[complete] = true
        while let vertex = stack.popLast() {
            for index in Int(reverseOffsets[vertex])..<Int(reverseOffsets[vertex + 1]) {
                let previous = Int(reverse[index])
                if !seen[previous] {
                    seen[previous] = true
                    stack.append(previous)
                }
            }
        }
        return seen
    }

    /// The strongly connected components (Tarjan's algorithm, iterative): the component of each vertex,
    /// and whether each component contains a cycle (more than one vertex, or an edge to itself).
    package func stronglyConnectedComponents() -> (component: [Int], isCyclic: [Bool]) {
        var index = [Int](repeating: -1, count: vertexCount)
        var lowLink = [Int](repeating: 0, count: vertexCount)
        var onStack = [Bool](repeating: false, count: vertexCount)
        var component = [Int](repeating: -1, count: vertexCount)
        var isCyclic: [Bool] = []
        var stack: [Int] = []
        var counter = 0
        // The call stack of the recursive formulation: a vertex and the position of its next edge.
        var frames: [(vertex: Int, edge: Int)] = []
        for root in 0..<vertexCount where index[root] < 0 {
            frames.append((root, Int(offsets[root])))
            index[root] = counter
            lowLink[root] = counter
            counter += 1
            stack.append(root)
            onStack[root] = true
            while let frame = frames.last {
                let vertex = frame.vertex
                let end = Int(offsets[vertex + 1])
                if frame.edge < end {
                    frames[frames.count - 1].edge += 1
                    let next = Int(targets[frame.edge])
                    if index[next] < 0 {
                        index[next] = counter
                        lowLink[next] = counter
                        counter += 1
                        stack.append(next)
                        onStack[next] = true
                        frames.append((next, Int(offsets[next])))
                    } else if onStack[next] {
                        lowLink[vertex] = min(lowLink[vertex], index[next])
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last {
                    lowLink[parent.vertex] = min(lowLink[parent.vertex], lowLink[vertex])
                }
                guard lowLink[vertex] == index[vertex] else { continue }
                let id = isCyclic.count
                var size = 0
                while let member = stack.popLast() {
                    onStack[member] = false
                    component[member] = id
                    size += 1
                    if member == vertex { break }
                }
                isCyclic.append(size > 1 || successors(vertex).contains(Int32(vertex)))
            }
        }
        return (component, isCyclic)
    }
}
