/// The levels from the top-level flow down to the current step, without a heap allocation for
/// the common case of a step at the top level.
@usableFromInline
struct LevelStack<Context>: Sendable {
    /// The top-level flow's level.
    @usableFromInline var base: FlowLevel<Context>
    /// The subflows' levels below it, outermost first.
    @usableFromInline var nested: [FlowLevel<Context>]

    @inlinable
    init(_ base: FlowLevel<Context>) {
        self.base = base
        self.nested = []
    }

    @inlinable var count: Int { 1 + nested.count }

    @inlinable var last: FlowLevel<Context> { nested.last ?? base }

    @inlinable
    subscript(index: Int) -> FlowLevel<Context> {
        get { index == 0 ? base : nested[index - 1] }
        set {
            if index == 0 { base = newValue } else { nested[index - 1] = newValue }
        }
    }

    @inlinable
    mutating func append(_ level: FlowLevel<Context>) {
        nested.append(level)
    }

    /// Removes the innermost level; the top-level flow's level is never removed.
    @inlinable
    mutating func removeLast() {
        if !nested.isEmpty { nested.removeLast() }
    }

    /// Keeps the first `count` levels (at least one).
    @inlinable
    mutating func keepFirst(_ count: Int) {
        let keepNested = max(0, count - 1)
        if nested.count > keepNested { nested.removeSubrange(keepNested...) }
    }

    @inlinable
    func lastIndex(where predicate: (FlowLevel<Context>) -> Bool) -> Int? {
        for index in stride(from: count - 1, through: 0, by: -1) where predicate(self[index]) {
            return index
        }
        return nil
    }

    /// A copy with `level` appended.
    @inlinable
    func appending(_ level: FlowLevel<Context>) -> LevelStack {
        var copy = self
        copy.append(level)
        return copy
    }
}
