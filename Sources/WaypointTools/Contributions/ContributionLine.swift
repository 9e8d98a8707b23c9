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
}

extension ContributionLine {
    /// The fields of `line`; `nil` when it is not a valid event (no report reads it).
    init?(_ line: String) {
        var text = line
        let read = text.withUTF8 { buffer -> ContributionLine? in
            guard let base = buffer.baseAddress, let fields = EventLineScanner.scan(base, count: buffer.count) else { return nil }
            func string(_ field: EventLineScanner.Field) -> String? {
                guard field.isPresent else { return nil }
                if field.escaped { return String(decoding: EventLineScanner.decode(field, in: base), as: UTF8.self) }
                return String(decoding: UnsafeBufferPointer(start: base + field.start, count: field.count), as: UTF8.self)
            }
            return ContributionLine(
                line: line, userID: string(fields.userID) ?? "", event: string(fields.event) ?? "", flowID: string(fields.flowID),
                walkthroughID: string(fields.walkthroughID), revision: fields.revision.flatMap { Int(exactly: $0) },
                experiment: string(fields.experiment), variation: string(fields.variation), stepID: string(fields.stepID),
                outcome: string(fields.outcome), trigger: string(fields.trigger))
        }
        guard let read else { return nil }
        self = read
    }

    /// `lines` split by user, each user's in their order, users in order of first line. Users are
    /// told apart by the bytes of their ids (``ExactID``), as the stores and the reports over a file tell them.
    static func byUser(_ lines: [ContributionLine]) -> [[ContributionLine]] {
        var index: [ExactID: Int] = [:]
        var users: [[ContributionLine]] = []
        for line in lines {
            let user = ExactID(line.userID)
            if let number = index[user] {
                users[number].append(line)
            } else {
                index[user] = users.count
                users.append([line])
            }
        }
        return users
    }
}
