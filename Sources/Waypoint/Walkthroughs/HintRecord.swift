import Foundation

/// Everything the hint saga keeps across launches, in one record: progress per walkthrough, the
/// display schedule and the event donations.
///
/// It is saved as the text value of a `Snapshot` (see `HintPersistence`). The text is a small line
/// format rather than nested JSON because restoring 100 walkthroughs must take well under a
/// millisecond, and `JSONDecoder` costs 10–20 µs per object on Linux. Each line stands alone, so a
/// damaged line loses only its own walkthrough (reported in ``Decoded/problems``):
///
/// ```
/// waypoint-hints 1
/// schedule 788918400.0
/// progress layering 2 1 - - 788918400.0 :intro,panel-cell
/// exposures layering layering-copy playful tooltip-position above
/// donations editorOpened 788918400.0 788922000.0
/// ```
///
/// An `exposures` line follows the `progress` line of its walkthrough: the experiments its run was
/// exposed to, each as its experiment and variation (``WalkthroughProgress/exposures``). Progress
/// saved without that line (as before exposures were recorded) loads with `exposures` `nil`.
///
/// Free text (ids, event names) is percent-escaped for `%`, space, comma and line breaks; a missing
/// value is `-`; times are seconds since 2001-01-01 (`timeIntervalSinceReferenceDate`), exact to the bit.
struct HintRecord: Equatable, Sendable {
    static let header = "waypoint-hints 1"

    var progress: [WalkthroughProgress] = []
    var schedule = HintSchedule()
    var donations = EventDonations()

    /// A decoded record and the lines that could not be read.
    struct Decoded {
        var record: HintRecord
        var problems: [String]
    }

    /// An unreadable record (wrong header).
    struct FormatError: Error, CustomStringConvertible {
        var description: String
    }

    func encoded() -> Data {
        var text = Self.header + "\n"
        text += "schedule " + Self.optional(schedule.lastNewStartAt) + "\n"
        for entry in progress {
            text += "progress \(Self.escape(entry.walkthroughId)) \(entry.version) \(entry.displayCount) "
            text += (entry.invalidation?.rawValue ?? "-") + " " + Self.optional(entry.invalidatedAt) + " "
            text += Self.optional(entry.lastStartedAt) + " :" + entry.completedStepIds.map(Self.escape).joined(separator: ",")
            text += "\n"
            if let exposures = entry.exposures {
                text += "exposures " + Self.escape(entry.walkthroughId)
                for exposure in exposures { text += " " + Self.escape(exposure.experiment) + " " + Self.escape(exposure.variation) }
                text += "\n"
            }
        }
        for (event, dates) in donations.dates.sorted(by: { $0.key < $1.key }) {
            text += "donations " + Self.escape(event)
            for date in dates { text += " " + String(date.timeIntervalSinceReferenceDate) }
            text += "\n"
        }
        return Data(text.utf8)
    }

    static func decode(_ data: Data) throws -> Decoded {
        let bytes = [UInt8](data)
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: true)[...]
        guard let first = lines.popFirst(), first.elementsEqual(header.utf8) else {
            let firstLine = bytes.split(separator: 0x0A, maxSplits: 1, omittingEmptySubsequences: false).first ?? []
            throw FormatError(description: "expected the first line '\(header)', found '\(text(firstLine.prefix(40)))'")
        }
        var record = HintRecord()
        var problems: [String] = []
        var donationDates: [String: [Date]] = [:]
        var exposures: [String: [ExperimentAssignment]] = [:]
        for (offset, line) in lines.enumerated() {
            let fields = line.split(separator: 0x20, omittingEmptySubsequences: false)
            let lineNumber = offset + 2
            switch fields.first.map(text) {
            case "schedule":
                guard fields.count == 2, let date = optionalDate(fields[1]) else {
                    problems.append("line \(lineNumber): unreadable schedule"); continue
                }
                record.schedule.lastNewStartAt = date.value
            case "progress":
                guard fields.count == 8, let id = unescape(fields[1]), let version = integer(fields[2]),
                      let count = integer(fields[3]), let invalidatedAt = optionalDate(fields[5]),
                      let lastStartedAt = optionalDate(fields[6]), fields[7].first == 0x3A else {
                    problems.append("line \(lineNumber): unreadable progress"); continue
                }
                let invalidation: InvalidationReason?
                if fields[4].count == 1, fields[4].first == 0x2D {
                    invalidation = nil
                } else if let reason = InvalidationReason(rawValue: text(fields[4])) {
                    invalidation = reason
                } else {
                    problems.append("line \(lineNumber): unknown invalidation reason '\(text(fields[4]))'"); continue
                }
                let stepsField = fields[7].dropFirst()
                let steps = stepsField.isEmpty
                    ? [] : stepsField.split(separator: 0x2C, omittingEmptySubsequences: false).compactMap(unescape)
                record.progress.append(WalkthroughProgress(
                    walkthroughId: id, version: version, completedStepIds: steps, displayCount: count,
                    invalidation: invalidation, invalidatedAt: invalidatedAt.value, lastStartedAt: lastStartedAt.value
                ))
            case "exposures":
                let names = fields.dropFirst().map(unescape)
                guard let id = names.first ?? nil, names.count % 2 == 1, !names.contains(nil) else {
                    problems.append("line \(lineNumber): unreadable exposures"); continue
                }
                guard record.progress.last?.walkthroughId == id else {
                    problems.append("line \(lineNumber): exposures of walkthrough '\(id)' do not follow its progress line"); continue
                }
                let pairs = names.dropFirst().compactMap { $0 }
                exposures[id] = stride(from: 0, to: pairs.count, by: 2).map {
                    ExperimentAssignment(experiment: pairs[$0], variation: pairs[$0 + 1])
                }
            case "donations":
                guard fields.count >= 2, let event = unescape(fields[1]) else {
                    problems.append("line \(lineNumber): unreadable donations"); continue
                }
                let dates = fields.dropFirst(2).compactMap { Double(text($0)).map(Date.init(timeIntervalSinceReferenceDate:)) }
                if dates.count != fields.count - 2 { problems.append("line \(lineNumber): unreadable donation dates") }
                donationDates[event, default: []] += dates
            default:
                problems.append("line \(lineNumber): unknown line '\(text(line.prefix(40)))'")
            }
        }
        if !exposures.isEmpty {
            for index in record.progress.indices {
                if let saved = exposures[record.progress[index].walkthroughId] { record.progress[index].exposures = saved }
            }
        }
        if !donationDates.isEmpty { record.donations = EventDonations(dates: donationDates) }
        return Decoded(record: record, problems: problems)
    }

    /// A decimal integer, without making a `String` first.
    private static func integer(_ bytes: ArraySlice<UInt8>) -> Int? {
        var digits = bytes[...]
        let negative = digits.first == 0x2D
        if negative { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.count <= 18 else { return nil }
        var value = 0
        for byte in digits {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return negative ? -value : value
    }

    private static func text(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    private static func optional(_ date: Date?) -> String {
        date.map { String($0.timeIntervalSinceReferenceDate) } ?? "-"
    }

    /// `.some(nil)` for `-`, `.some(date)` for a number, `nil` when unreadable.
    private static func optionalDate(_ field: ArraySlice<UInt8>) -> (value: Date?, Void)? {
        if field.count == 1, field.first == 0x2D { return (nil, ()) }
        guard let seconds = Double(text(field)) else { return nil }
        return (Date(timeIntervalSinceReferenceDate: seconds), ())
    }

    static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x25 || $0 == 0x20 || $0 == 0x2C || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 })
            || text.isEmpty else { return text }
        if text.isEmpty { return "%00" }
        var escaped = ""
        for character in text {
            switch character {
            case "%": escaped += "%25"
            case " ": escaped += "%20"
            case ",": escaped += "%2C"
            case "\n": escaped += "%0A"
            case "\r": escaped += "%0D"
            case "\r\n": escaped += "%0D%0A"
            case "\t": escaped += "%09"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    static func unescape(_ field: ArraySlice<UInt8>) -> String? {
        guard field.contains(0x25) else { return text(field) }
        if field.elementsEqual("%00".utf8) { return "" }
        return text(field).removingPercentEncoding
    }
}
