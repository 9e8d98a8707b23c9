import Foundation
import Waypoint

/// A client's answer that is not the expected one, printed like a compiler's error: the case's file,
/// line and id, then the difference of the two as pretty JSON with sorted keys.
struct ConformanceMismatch: Sendable {
    let `case`: ConformanceCase
    /// What the client answered: an output, or why there is none.
    let answer: Answer

    enum Answer: Sendable {
        case output(JSONValue)
        case failure(String)
    }

    /// `FILE:LINE: error: ID: …`, then the diff (`-` expected, `+` answered) with two lines of context.
    var text: String {
        let head = "\(`case`.file):\(`case`.line): error: \(`case`.id): "
        switch answer {
        case .failure(let reason):
            return head + reason + "\n"
        case .output(let output):
            return head + "the answer differs from the expected (- expected, + answer)\n"
                + Self.diff(expected: Self.lines(`case`.expected), actual: Self.lines(output))
        }
    }

    /// A value as pretty JSON with sorted keys, one line per member: the form both sides are compared in.
    static func lines(_ value: JSONValue) -> [String] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(value)) ?? Data("null".utf8)
        return String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The lines that differ, marked `-` (expected only) and `+` (actual only), with `context` lines
    /// around each change, and `…` where lines are left out.
    static func diff(expected: [String], actual: [String], context: Int = 2) -> String {
        let difference = actual.difference(from: expected)
        var removed = Set<Int>(), inserted: [Int: String] = [:]
        for change in difference {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, let element, _): inserted[offset] = element
            }
        }
        // Insertions are at offsets of the answer, removals at offsets of the expected lines: walk
        // both, the answer's position moving with every line kept or inserted; a change shows its
        // removed lines before its inserted ones.
        var rows: [(mark: Character, text: String)] = []
        var answerIndex = 0
        func insertions() {
            while let line = inserted[answerIndex] {
                rows.append(("+", line))
                answerIndex += 1
            }
        }
        for (index, line) in expected.enumerated() {
            if removed.contains(index) {
                rows.append(("-", line))
            } else {
                insertions()
                rows.append((" ", line))
                answerIndex += 1
            }
        }
        insertions()
        let changed = rows.indices.filter { rows[$0].mark != " " }
        var shown = Set<Int>()
        for index in changed { shown.formUnion(max(0, index - context)...min(rows.count - 1, index + context)) }
        var text = ""
        var last = -1
        for index in shown.sorted() {
            if index > last + 1 { text += "  …\n" }
            text += "\(rows[index].mark) \(rows[index].text)\n"
            last = index
        }
        return text
    }
}
