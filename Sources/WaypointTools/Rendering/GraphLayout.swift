/// A layered, top-to-bottom layout of a directed graph of boxes (Sugiyama style, kept small).
///
/// 1. Cycles: a depth-first search from the `top` node (then from every node not reached, in
///    index order) marks the edges that close a cycle; they are laid out reversed and drawn upward.
/// 2. Layers: longest path from the sources, `top` alone in the first layer, `bottom` (when it has no
///    way out) in the last.
/// 3. Edges that span several layers pass through a point in each layer between, so they go
///    around boxes instead of through them.
/// 4. Order within layers: a few barycenter sweeps, down and up, keeping the order with the
///    fewest crossings.
/// 5. Horizontal places: each box moves towards the mean of its neighbours in the layer above,
///    then below, never closer to its neighbour in the layer than ``nodeGap``, so boxes never overlap.
///
/// Every step is deterministic: the same graph gives the same numbers.
struct GraphLayout: Sendable, Hashable {
    /// A point, in the layout's units.
    struct Point: Sendable, Hashable {
        var x: Double
        var y: Double
    }

    /// The size of a box.
    struct Size: Sendable, Hashable {
        var width: Double
        var height: Double
    }

    /// An edge between two boxes, by index.
    struct Edge: Sendable, Hashable {
        var from: Int
        var to: Int
    }

    /// The horizontal space between two boxes of a layer.
    static let nodeGap = 32.0
    /// The horizontal space next to a point an edge passes through.
    static let bendGap = 14.0
    /// The vertical space between two layers (edge labels go there).
    static let layerGap = 60.0

    /// The top-left corner of each box; the leftmost box is at x 0, the first layer at y 0.
    let origins: [Point]
    /// The layer of each box, from 0.
    let layers: [Int]
    /// For each edge, the points it passes through in the layers between its ends, from `from` to `to`.
    let bends: [[Point]]
    /// For each edge, whether it closes a cycle and therefore goes up, from its source's top to its target's bottom.
    let isUpward: [Bool]
    /// The size of the whole layout.
    let size: Size

    /// Lays out boxes of `sizes` joined by `edges`; edges from a box to itself, or naming no box, are ignored.
    init(sizes: [Size], edges: [Edge], top: Int? = nil, bottom: Int? = nil) {
        let count = sizes.count
        let isValid = edges.map { $0.from != $0.to && sizes.indices.contains($0.from) && sizes.indices.contains($0.to) }
        var outgoing = [[Int]](repeating: [], count: count)
        for (index, edge) in edges.enumerated() where isValid[index] { outgoing[edge.from].append(index) }

        // 1. Depth-first search: back edges, discovery order, and finish order (reversed: a topological order).
        var state = [UInt8](repeating: 0, count: count)  // 0 new, 1 on the stack, 2 done
        var reversed = [Bool](repeating: false, count: edges.count)
        var discovered: [Int] = []
        var finished: [Int] = []
        let top = top.flatMap { sizes.indices.contains($0) ? $0 : nil }
        for root in (top.map { [$0] } ?? []) + Array(0..<count) where state[root] == 0 {
            state[root] = 1
            discovered.append(root)
            var stack: [(node: Int, next: Int)] = [(root, 0)]
            while let last = stack.last {
                let (node, next) = last
                guard next < outgoing[node].count else {
                    state[node] = 2
                    finished.append(node)
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].next += 1
                let edge = outgoing[node][next]
                let target = edges[edge].to
                if state[target] == 1 {
                    reversed[edge] = true
                } else if state[target] == 0 {
                    state[target] = 1
                    discovered.append(target)
                    stack.append((target, 0))
                }
            }
        }
        let acyclic: [(from: Int, to: Int)?] = edges.indices.map { index in
            guard isValid[index] else { return nil }
            let edge = edges[index]
            return reversed[index] ? (edge.to, edge.from) : (edge.from, edge.to)
        }

        // 2. Longest-path layers.
        var successors = [[Int]](repeating: [], count: count)
        for case let (from, to)? in acyclic { successors[from].append(to) }
        var layer = (0..<count).map { top != nil && $0 != top ? 1 : 0 }
        for node in finished.reversed() {
            for next in successors[node] { layer[next] = max(layer[next], layer[node] + 1) }
        }
        if let bottom, sizes.indices.contains(bottom), successors[bottom].isEmpty, let deepest = layer.max() {
            layer[bottom] = deepest
        }
        let layerCount = (layer.max() ?? -1) + 1

        // 3. Points for long edges: virtual nodes (index ≥ count) of zero size.
        var layerOf = layer
        var width = sizes.map(\.width)
        var down = successors.map { _ in [Int]() }
        var up = down
        var chains = [[Int]](repeating: [], count: edges.count)
        func link(_ from: Int, _ to: Int) {
            down[from].append(to)
            up[to].append(from)
        }
        for (index, pair) in acyclic.enumerated() {
            guard let (from, to) = pair else { continue }
            var previous = from
            for level in stride(from: layer[from] + 1, to: layer[to], by: 1) {
                let point = layerOf.count
                layerOf.append(level)
                width.append(0)
                down.append([])
                up.append([])
                chains[index].append(point)
                link(previous, point)
                previous = point
            }
            link(previous, to)
        }

        // 4. Order within layers: discovery order first, then barycenter sweeps.
        var rows = [[Int]](repeating: [], count: layerCount)
        for node in discovered + Array(count..<layerOf.count) { rows[layerOf[node]].append(node) }
        var position = [Int](repeating: 0, count: layerOf.count)
        func index(_ rows: [[Int]]) {
            for row in rows { for (place, node) in row.enumerated() { position[node] = place } }
        }
        func crossings(_ rows: [[Int]]) -> Int {
            // Pairs (place above, place below) sorted; each pair crosses the earlier ones that end further right.
            var total = 0
            for (level, row) in rows.enumerated() where level + 1 < rows.count {
                let pairs = row.flatMap { node in down[node].map { (position[node], position[$0]) } }.sorted { $0 < $1 }
                var tree = [Int](repeating: 0, count: rows[level + 1].count + 1)  // a Fenwick tree of ends so far
                for (seen, pair) in pairs.enumerated() {
                    var atOrLeft = 0
                    var index = pair.1 + 1
                    while index > 0 { atOrLeft += tree[index]; index -= index & -index }
                    total += seen - atOrLeft
                    index = pair.1 + 1
                    while index < tree.count { tree[index] += 1; index += index & -index }
                }
            }
            return total
        }
        index(rows)
        var best = (rows: rows, crossings: crossings(rows))
        for sweep in 0..<8 where best.crossings > 0 {
            let goingDown = sweep % 2 == 0
            for level in goingDown ? Array(1..<max(layerCount, 1)) : Array((0..<max(layerCount - 1, 0)).reversed()) {
                let keys = rows[level].map { node -> Double in
                    let neighbours = goingDown ? up[node] : down[node]
                    guard !neighbours.isEmpty else { return Double(position[node]) }
                    return Double(neighbours.reduce(0) { $0 + position[$1] }) / Double(neighbours.count)
                }
                rows[level] = rows[level].indices
                    .sorted { (keys[$0], $0) < (keys[$1], $1) }
                    .map { rows[level][$0] }
                for (place, node) in rows[level].enumerated() { position[node] = place }
            }
            let count = crossings(rows)
            if count < best.crossings { best = (rows, count) }
        }
        rows = best.rows
        index(rows)

        // 5. Horizontal centres: packed and centred, then pulled towards neighbours.
        var center = [Double](repeating: 0, count: layerOf.count)
        func gap(_ left: Int, _ right: Int) -> Double {
            (width[left] + width[right]) / 2 + (left < count && right < count ? Self.nodeGap : Self.bendGap)
        }
        func place(_ row: [Int], wanted: [Double]) {
            guard !row.isEmpty else { return }
            var fromLeft = wanted
            var fromRight = wanted
            for place in row.indices.dropFirst() {
                fromLeft[place] = max(wanted[place], fromLeft[place - 1] + gap(row[place - 1], row[place]))
            }
            for place in row.indices.dropLast().reversed() {
                fromRight[place] = min(wanted[place], fromRight[place + 1] - gap(row[place], row[place + 1]))
            }
            for place in row.indices { center[row[place]] = (fromLeft[place] + fromRight[place]) / 2 }
        }
        for row in rows {
            var x = 0.0
            place(row, wanted: row.map { node in
                defer { x += width[node] + Self.nodeGap }
                return x + width[node] / 2
            })
        }
        for pass in 0..<8 {
            let goingDown = pass % 2 == 0
            for level in goingDown ? Array(0..<layerCount) : Array((0..<layerCount).reversed()) {
                let row = rows[level]
                place(row, wanted: row.map { node in
                    let neighbours = goingDown ? up[node] : down[node]
                    guard !neighbours.isEmpty else { return center[node] }
                    return neighbours.reduce(0) { $0 + center[$1] } / Double(neighbours.count)
                })
            }
        }

        // Coordinates: boxes at the top of their layer; a layer is as tall as its tallest box.
        let left = (0..<layerOf.count).map { center[$0] - width[$0] / 2 }.min() ?? 0
        let right = (0..<layerOf.count).map { center[$0] + width[$0] / 2 }.max() ?? 0
        var heights = [Double](repeating: 0, count: layerCount)
        for node in 0..<count { heights[layer[node]] = max(heights[layer[node]], sizes[node].height) }
        var tops = [Double](repeating: 0, count: layerCount)
        for level in heights.indices.dropFirst() { tops[level] = tops[level - 1] + heights[level - 1] + Self.layerGap }
        origins = (0..<count).map { Point(x: center[$0] - width[$0] / 2 - left, y: tops[layer[$0]]) }
        layers = layer
        bends = edges.indices.map { index in
            let points = chains[index].flatMap { point -> [Point] in
                let level = layerOf[point]
                let x = center[point] - left
                return heights[level] > 0 ? [Point(x: x, y: tops[level]), Point(x: x, y: tops[level] + heights[level])]
                    : [Point(x: x, y: tops[level])]
            }
            return reversed[index] ? points.reversed() : points
        }
        isUpward = reversed
        size = Size(width: max(0, right - left), height: (tops.last ?? 0) + (heights.last ?? 0))
    }
}
