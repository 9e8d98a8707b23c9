/// The text a document was read from, parsed, so that any JSON path can be turned into a line and column.
///
/// ``DocumentValidation`` keeps it so that graph analysis (`WaypointDocument.lint(source:)`) can point at
/// the exact place of each problem.
package struct DocumentSource: Sendable {
    let tape: JSONTape

    init(tape: JSONTape) {
        self.tape = tape
    }

    /// The text's UTF-8 bytes.
    package var bytes: [UInt8] { tape.bytes }

    /// The line and column of the value at a JSON path such as `flows[0].steps[2].on.next`, or `nil` when
    /// the document has no such value. For an object key, the location is that of its value.
    package func location(ofPath path: String) -> SourcePosition? {
        guard let parsed = DocumentPath().appending(conditionPath: path),
              let node = tape.locate(parsed.components, from: 0) else { return nil }
        return SourceText(tape.bytes).location(of: Int(tape[node].offset))
    }

    /// The byte offsets of the values at `paths` (the nearest existing parent's when a path does not exist).
    ///
    /// Linear in the text and the paths: each array's elements are listed once, the first time a
    /// path goes into it, so thousands of paths into a long list of steps do not each walk it.
    package func offsets(of paths: [DocumentPath]) -> [Int] {
        var elements: [Int: [Int]] = [:]
        func locate(_ components: ArraySlice<DocumentPath.Component>) -> Int? {
            var current = 0
            for component in components {
                switch component {
                case .key(let key):
                    guard let next = tape.member(current, key) else { return nil }
                    current = next
                case .index(let position):
                    guard tape.kind(current) == .array else { return nil }
                    let list = elements[current] ?? tape.elements(current)
                    elements[current] = list
                    guard position >= 0, position < list.count else { return nil }
                    current = list[position]
                }
            }
            return current
        }
        return paths.map { path in
            var components = path.components[...]
            while true {
                if let node = locate(components) { return Int(tape[node].offset) }
                guard !components.isEmpty else { return 0 }
                components = components.dropLast()
            }
        }
    }
}
