/// The distinct `revision`s of a report's events, numbered 0, 1, 2… in order of first appearance,
/// so that a ``FlowRecord`` keeps one in two bytes.
///
/// Events of one upload mostly carry the same revision, so the last one looked up is answered
/// without hashing.
struct RevisionNumbers {
    /// The revisions, by number.
    private(set) var values: [Int64] = []
    private var numbers: [Int64: Int] = [:]
    private var last: (value: Int64, number: Int)?

    /// How many distinct revisions were numbered.
    var count: Int { values.count }

    /// The number of `value`, numbering it when it is new.
    @inline(__always)
    mutating func number(of value: Int64) -> Int {
        if let last, last.value == value { return last.number }
        let number: Int
        if let found = numbers[value] {
            number = found
        } else {
            number = values.count
            values.append(value)
            numbers[value] = number
        }
        last = (value, number)
        return number
    }

    /// The revisions as decimal names in a table, with the same numbers: the names of the report's
    /// `byRevision` groups.
    var names: ByteStringTable {
        var table = ByteStringTable(capacity: max(values.count, 16))
        for value in values { _ = table.index(of: Array(String(value).utf8)) }
        return table
    }
}
