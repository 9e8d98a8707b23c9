/// A JSON path inside a document, as a list of keys and indices; rendered `flows[0].steps[3].on.next`.
package struct DocumentPath: Sendable, Hashable, CustomStringConvertible {
    /// One step of a path.
    package enum Component: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    /// The components from the root.
    var components: [Component]

    package init(_ components: [Component] = []) { self.components = components }

    /// The path with `key` appended.
    package func appending(_ key: String) -> DocumentPath {
        var copy = self
        copy.components.append(.key(key))
        return copy
    }

    /// The path with `index` appended.
    package func appending(_ index: Int) -> DocumentPath {
        var copy = self
        copy.components.append(.index(index))
        return copy
    }

    /// `flows[0].steps[3].on.next`; keys that are not plain names are quoted: `when["father.age"]`.
    package var description: String {
        var text = ""
        for component in components {
            switch component {
            case .key(let key): ConditionPath.append(key, to: &text)
            case .index(let index): ConditionPath.append(index: index, to: &text)
            }
        }
        return text
    }

    /// Appends a path in the notation of ``ConditionError/path`` (`$and[1].country.$in`, `["father.age"].$gt`).
    ///
    /// Returns `nil` when the text is not in that notation.
    package func appending(conditionPath text: String) -> DocumentPath? {
        var copy = self
        let scalars = Array(text.unicodeScalars)
        var index = 0
        var expectsName = true
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "[" {
                index += 1
                guard index < scalars.count else { return nil }
                if scalars[index] == "\"" {
                    // A JSON string up to the closing quote.
                    var end = index + 1
                    while end < scalars.count, scalars[end] != "\"" { end += scalars[end] == "\\" ? 2 : 1 }
                    guard end < scalars.count, end + 1 < scalars.count, scalars[end + 1] == "]" else { return nil }
                    var literal = String.UnicodeScalarView()
                    literal.append(contentsOf: scalars[index...end])
                    guard case .string(let key)? = try? JSONValue(parsing: String(literal)) else { return nil }
                    copy.components.append(.key(key))
                    index = end + 2
                } else {
                    var end = index
                    while end < scalars.count, scalars[end] != "]" { end += 1 }
                    var digits = String.UnicodeScalarView()
                    digits.append(contentsOf: scalars[index..<min(end, scalars.count)])
                    guard end < scalars.count, let number = Int(String(digits)) else { return nil }
                    copy.components.append(.index(number))
                    index = end + 1
                }
                expectsName = false
            } else if scalar == "." {
                index += 1
                expectsName = true
            } else {
                guard expectsName else { return nil }
                var end = index
                while end < scalars.count, scalars[end] != ".", scalars[end] != "[" { end += 1 }
                var name = String.UnicodeScalarView()
                name.append(contentsOf: scalars[index..<end])
                copy.components.append(.key(String(name)))
                index = end
                expectsName = false
            }
        }
        return copy
    }
}
