/// The fields of one stored event line that decide which contribution rows it feeds, read with
/// the scanner the reports read files with (docs/ARCHITECTURE.md, "Reports at scale").
struct ContributionLine {
    /// The line as stored.
    let line: String
    let userID: String
    let event: String
    let flowID: String?
    let walkthroughID: String?
    /// `revision`, when it fits a whole number (a row of another number could never be asked for).
    let revision: Int?
    let experiment: String?
    let variation: String?
    let stepID: String?
    let outcome: String?
    let trigger: String?

    /// The fields of `line`; `nil` when it is not a valid event (no report reads it).
    init?(_ line: String) {
        var text = line
        let read = text.withUTF8 { buffer -> ContributionLine.Fields? in
            guard let base = buffer.baseAddress, let fields = EventLineScanner.scan(base, count: buffer.count) else { return nil }
            func string(_ field: EventLineScanner.Field) -> String? {
                guard field.isPresent else { return nil }
                if field.escaped { return String(decoding: EventLineScanner.decode(field, in: base), as: UTF8.self) }
                return String(decoding: UnsafeBufferPointer(start: base + field.start, count: field.count), as: UTF8.self)
            }
            return Fields(
                userID: string(fields.userID) ?? "", event: string(fields.event) ?? "", flowID: string(fields.flowID), walkthroughID: string(fields.walkthroughID),
                revision: fields.revision, experiment: string(fields.experiment), variation: string(fields.variation),
                stepID: string(fields.stepID), outcome: string(fields.outcome), trigger: string(fields.trigger))
        }
        guard let read else { return nil }
        self.line = line
        userID = read.userID
        event = read.event
        flowID = read.flowID
        walkthroughID = read.walkthroughID
        revision = read.revision.flatMap { Int(exactly: $0) }
        experiment = read.experiment
        variation = read.variation
        stepID = read.stepID
        outcome = read.outcome
        trigger = read.trigger
    }

    private struct Fields {
        var userID: String
        var event: String
        var flowID: String?
        var walkthroughID: String?
        var revision: Int64?
        var experiment: String?
        var variation: String?
        var stepID: String?
        var outcome: String?
        var trigger: String?
    }

    /// `lines` split by user, each user's in their order, users in order of first line.
    static func byUser(_ lines: [ContributionLine]) -> [[ContributionLine]] {
        var index: [String: Int] = [:]
        var users: [[ContributionLine]] = []
        for line in lines {
            if let number = index[line.userID] {
                users[number].append(line)
            } else {
                index[line.userID] = users.count
                users.append([line])
            }
        }
        return users
    }

    /// The revisions among `lines`, ascending: a row each, besides the row over every line.
    static func revisions(of lines: [ContributionLine]) -> [Int] {
        Set(lines.compactMap(\.revision)).sorted()
    }

    /// `lines` of the revision `revision` (all of them for `nil`).
    static func lines(_ lines: [ContributionLine], ofRevision revision: Int?) -> [ContributionLine] {
        guard let revision else { return lines }
        return lines.filter { $0.revision == revision }
    }
}
