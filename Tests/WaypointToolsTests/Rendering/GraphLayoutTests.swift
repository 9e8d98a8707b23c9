import Testing
@testable import WaypointTools

/// The layered layout, on small graphs whose layers and orders can be worked out by hand.
@Suite("Graph layout")
struct GraphLayoutTests {
    static func boxes(_ count: Int, width: Double = 80, height: Double = 30) -> [GraphLayout.Size] {
        Array(repeating: GraphLayout.Size(width: width, height: height), count: count)
    }

    static func edges(_ pairs: [(Int, Int)]) -> [GraphLayout.Edge] {
        pairs.map { GraphLayout.Edge(from: $0.0, to: $0.1) }
    }

    /// The boxes as rectangles: (x, y, width, height).
    static func frames(_ layout: GraphLayout, _ sizes: [GraphLayout.Size]) -> [TrafficGraph.Frame] {
        zip(layout.origins, sizes).map { TrafficGraph.Frame(x: $0.x, y: $0.y, width: $1.width, height: $1.height) }
    }

    @Test func aDiamondHasThreeLayersAndNoOverlap() {
        let sizes = Self.boxes(4)
        let layout = GraphLayout(sizes: sizes, edges: Self.edges([(0, 1), (0, 2), (1, 3), (2, 3)]), top: 0)
        #expect(layout.layers == [0, 1, 1, 2])
        let frames = Self.frames(layout, sizes)
        #expect(frames.map(\.y) == [0, 90, 90, 180])  // 30 tall, 60 between layers
        #expect(frames[1].maxX + GraphLayout.nodeGap <= frames[2].x)  // discovery order: 1 left of 2
        // The top and bottom boxes sit centred under the two in the middle.
        #expect(frames[0].centerX == (frames[1].centerX + frames[2].centerX) / 2)
        #expect(frames[3].centerX == frames[0].centerX)
        #expect(layout.size == GraphLayout.Size(width: 192, height: 210))
        #expect(layout.isUpward == [false, false, false, false])
    }

    @Test func aCycleIsLaidOutWithItsClosingEdgeGoingUp() {
        let sizes = Self.boxes(4)
        // 0 → 1 → 2 → 3, and 3 → 1 closes a cycle.
        let layout = GraphLayout(sizes: sizes, edges: Self.edges([(0, 1), (1, 2), (2, 3), (3, 1)]), top: 0)
        #expect(layout.layers == [0, 1, 2, 3])
        #expect(layout.isUpward == [false, false, false, true])
        // It passes layer 2 on the way up: two points, bottom of the layer first.
        let bends = layout.bends[3]
        #expect(bends.map(\.y) == [210, 180])
        let frames = Self.frames(layout, sizes)
        let clearance = GraphLayout.bendGap - 0.001
        #expect(bends.allSatisfy { $0.x >= frames[2].maxX + clearance || $0.x <= frames[2].x - clearance })
    }

    @Test func theBottomNodeGoesToTheLastLayer() {
        // 0 → 1 → 2 → 3 and 0 → 4 (the end): 4 joins 3 in the last layer.
        let layout = GraphLayout(sizes: Self.boxes(5), edges: Self.edges([(0, 1), (1, 2), (2, 3), (0, 4)]), top: 0, bottom: 4)
        #expect(layout.layers == [0, 1, 2, 3, 3])
        #expect(layout.bends[3].count == 4)  // the long edge 0 → 4 passes layers 1 and 2
    }

    @Test func nodesNotReachedFromTheTopStayBelowIt() {
        let layout = GraphLayout(sizes: Self.boxes(3), edges: Self.edges([(0, 1), (2, 1)]), top: 0)
        #expect(layout.layers == [0, 2, 1])
    }

    @Test func sweepsUncrossEdges() {
        // Discovery order puts 3 left of 4 (0 → 1 → 3 first), which crosses 2 → 3 with 1 → 4;
        // 4 hangs under 1 only, 3 under 1 and 2: 4 goes left.
        let sizes = Self.boxes(5)
        let layout = GraphLayout(sizes: sizes, edges: Self.edges([(0, 1), (0, 2), (1, 3), (1, 4), (2, 3)]), top: 0)
        #expect(layout.layers == [0, 1, 1, 2, 2])
        let frames = Self.frames(layout, sizes)
        #expect(frames[4].x < frames[3].x)
        #expect(frames[1].x < frames[2].x)
    }

    @Test func emptyAndBrokenInputLaysOutWithoutTrapping() {
        let empty = GraphLayout(sizes: [], edges: Self.edges([(0, 1)]), top: 0, bottom: 3)
        #expect(empty.origins.isEmpty && empty.size == GraphLayout.Size(width: 0, height: 0))
        let broken = GraphLayout(sizes: Self.boxes(2), edges: Self.edges([(0, 0), (0, 7), (-1, 1), (1, 0)]), top: 9)
        #expect(broken.origins.count == 2 && broken.bends.count == 4)
        #expect(broken.layers == [0, 1] || broken.layers == [1, 0])
    }

    @Test(arguments: [3, 8, 20])
    func aLadderNeverOverlaps(steps: Int) {
        // Each node leads one and two ahead, and every third node back to the first.
        var pairs: [(Int, Int)] = []
        for node in 0..<steps {
            if node + 1 < steps { pairs.append((node, node + 1)) }
            if node + 2 < steps { pairs.append((node, node + 2)) }
            if node % 3 == 2 { pairs.append((node, 0)) }
        }
        let sizes = (0..<steps).map { (node: Int) -> GraphLayout.Size in
            let width: Int = 40 + 17 * (node % 5)
            let height: Int = 20 + 9 * (node % 3)
            return GraphLayout.Size(width: Double(width), height: Double(height))
        }
        let layout = GraphLayout(sizes: sizes, edges: Self.edges(pairs), top: 0)
        let frames = Self.frames(layout, sizes)
        for first in frames.indices {
            for second in frames.indices where second > first {
                #expect(!frames[first].overlaps(frames[second]), "\(first) and \(second)")
            }
        }
        #expect(frames.indices.dropFirst().allSatisfy { frames[0].maxY < frames[$0].y })
        #expect(layout == GraphLayout(sizes: sizes, edges: Self.edges(pairs), top: 0))
    }
}
