import Foundation
import Waypoint

/// The differences between two JSON documents (two revisions of a Waypoint document, or any JSON), as a
/// list of changes at readable JSON paths.
///
/// ```swift
/// let diff = try DocumentDiff(before: publishedBytes, after: candidateBytes)
/// for change in diff.changes { print(change.kind, change.path, change.before ?? "", change.after ?? "") }
/// // changed flows[signup].steps[registration].on.newUser "personalization" "shared-end"
/// ```
///
/// Values are compared as JSON values: object members in any order, `1` and `1.0` equal, `true` never `1`.
/// Paths are addressed so that a change reads as what changed, not where it moved:
/// - Elements of an array whose elements are all objects with an `id` (a string of letters, digits, `.`,
///   `_`, `-`, not only digits) are addressed by that id and matched by it: `steps[registration]`. An id
///   that appears more than once in either array (the variations of an experiment) is told apart by the
///   element's `variation`: `flows[signup:short]`. When that is not enough to tell the elements apart,
///   the array is addressed by index. When the common elements of such an array are in another order,
///   the array itself is reported `changed`, its `before` and `after` being the lists of addresses.
/// - Elements of other arrays are addressed by index (`variations[2]`); elements past the shorter array are
///   added or removed.
/// - Object keys that are not plain names are quoted, as in diagnostics: `when["father.age"]`. The whole
///   document is the empty path.
///
/// The order is deterministic: depth first; object keys in sorted order; elements addressed by id in the
/// first document's order, then those only in the second, in its order; a changed value is reported once,
/// at the deepest path where both documents still have it (an object replaced by a string is one change).
public struct DocumentDiff: Sendable, Hashable, Codable {
    /// The changes, in the order described above; empty when the documents are equal as JSON.
    public var changes: [DocumentChange]

    /// Whether the documents are equal as JSON values.
    public var isEmpty: Bool { changes.isEmpty }

    /// Compares two JSON texts (UTF-8).
    ///
    /// - Throws: ``DocumentDiffError`` when either text is not JSON.
    public init(before: Data, after: Data) throws(DocumentDiffError) {
        let first: JSONValue
        let second: JSONValue
        do throws(JSONParseError) { first = try JSONValue(parsing: before) } catch { throw .notJSON(side: "first", error) }
        do throws(JSONParseError) { second = try JSONValue(parsing: after) } catch { throw .notJSON(side: "second", error) }
        self.init(before: first, after: second)
    }

    /// Compares two JSON values.
    public init(before: JSONValue, after: JSONValue) {
        var differ = Differ()
        differ.compare(before, after, at: "")
        changes = differ.changes
    }

    /// Creates a diff from its changes.
    public init(changes: [DocumentChange]) {
        self.changes = changes
    }

    /// The diff as JSON, keys sorted, on one line: `{"changes":[{"kind":"changed","path":"…","before":"…","after":"…"}]}`.
    public func jsonData() -> Data {
        ReportJSON.data(self, fallback: #"{"changes":[]}"#)
    }
}

/// Walks two values side by side and collects their differences.
private struct Differ {
    var changes: [DocumentChange] = []

    mutating func compare(_ before: JSONValue, _ after: JSONValue, at path: String) {
        switch (before, after) {
        case (.object(let first), .object(let second)):
            for key in Set(first.keys).union(second.keys).sorted() {
                pair(first[key], second[key], at: ConditionPath.appending(key, to: path))
            }
        case (.array(let first), .array(let second)):
            if let (firstKeys, secondKeys) = Self.addresses(first, second) {
                compareByAddress(first, firstKeys, second, secondKeys, at: path)
            } else {
                for index in 0..<max(first.count, second.count) {
                    // `Optional` spelled out: `nil` alone would be JSON's null.
                    let before: JSONValue? = first.indices.contains(index) ? .some(first[index]) : .none
                    let after: JSONValue? = second.indices.contains(index) ? .some(second[index]) : .none
                    pair(before, after, at: ConditionPath.appending(index: index, to: path))
                }
            }
        default:
            if before != after {
                changes.append(DocumentChange(
                    kind: .changed, path: path, before: DocumentChange.shortText(before), after: DocumentChange.shortText(after)))
            }
        }
    }

    /// Compares a value that may be missing on either side.
    private mutating func pair(_ before: JSONValue?, _ after: JSONValue?, at path: String) {
        switch (before, after) {
        case (let first?, let second?): compare(first, second, at: path)
        case (let first?, .none): changes.append(DocumentChange(kind: .removed, path: path, before: DocumentChange.shortText(first)))
        case (.none, let second?): changes.append(DocumentChange(kind: .added, path: path, after: DocumentChange.shortText(second)))
        case (.none, .none): break
        }
    }

    private mutating func compareByAddress(
        _ first: [JSONValue], _ firstKeys: [String], _ second: [JSONValue], _ secondKeys: [String], at path: String
    ) {
        var secondPositions: [String: Int] = [:]
        for (index, key) in secondKeys.enumerated() { secondPositions[key] = index }
        let firstSet = Set(firstKeys)
        let commonInFirst = firstKeys.filter { secondPositions[$0] != nil }
        let commonInSecond = secondKeys.filter { firstSet.contains($0) }
        if commonInFirst != commonInSecond {
            changes.append(DocumentChange(
                kind: .changed, path: path,
                before: DocumentChange.shortText(.array(firstKeys.map(JSONValue.string))),
                after: DocumentChange.shortText(.array(secondKeys.map(JSONValue.string)))))
        }
        for (index, key) in firstKeys.enumerated() {
            pair(first[index], secondPositions[key].map { second[$0] }, at: path + "[" + key + "]")
        }
        for (index, key) in secondKeys.enumerated() where !firstSet.contains(key) {
            pair(.none, second[index], at: path + "[" + key + "]")
        }
    }

    /// The address of each element of two arrays compared together, when every element of both is an
    /// object with an addressable `id` and the addresses tell the elements of each array apart.
    static func addresses(_ first: [JSONValue], _ second: [JSONValue]) -> ([String], [String])? {
        func ids(_ elements: [JSONValue]) -> [String]? {
            var ids: [String] = []
            ids.reserveCapacity(elements.count)
            for element in elements {
                guard case .string(let id)? = element["id"], isAddressable(id) else { return nil }
                ids.append(id)
            }
            return ids
        }
        guard let firstIDs = ids(first), let secondIDs = ids(second), !(firstIDs.isEmpty && secondIDs.isEmpty) else { return nil }
        var repeated: Set<String> = []
        for list in [firstIDs, secondIDs] {
            var seen: Set<String> = []
            for id in list where !seen.insert(id).inserted { repeated.insert(id) }
        }
        func keys(_ elements: [JSONValue], _ ids: [String]) -> [String]? {
            var keys: [String] = []
            var seen: Set<String> = []
            for (element, id) in zip(elements, ids) {
                var key = id
                if repeated.contains(id) {
                    guard case .string(let variation)? = element["variation"], isAddressable(variation) else { return nil }
                    key += ":" + variation
                }
                guard seen.insert(key).inserted else { return nil }
                keys.append(key)
            }
            return keys
        }
        guard let firstKeys = keys(first, firstIDs), let secondKeys = keys(second, secondIDs) else { return nil }
        return (firstKeys, secondKeys)
    }

    /// Whether a value can address an element: an id as documents write them (letters, digits, `.`, `_`, `-`),
    /// not only digits (which would read as an index).
    private static func isAddressable(_ id: String) -> Bool {
        var hasNonDigit = false
        for byte in id.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): continue
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
                hasNonDigit = true
            default:
                return false
            }
        }
        return hasNonDigit
    }
}
