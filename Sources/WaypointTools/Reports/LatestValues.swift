import Waypoint

/// By user, the value of one attribute (app version, locale or platform, ``ReportDimension``) on
/// their latest event that has one, in report order (``EventOrder``): the user's group when a report
/// splits by it. Merged across the parts of a file read in parallel, whatever order they come in.
struct LatestValues {
    /// A user's latest event with a value, and the value's number in ``values``.
    struct Entry {
        var order: EventOrder
        var value: UInt32
    }

    /// The attribute read.
    let dimension: ReportDimension
    /// The values read, numbered as read.
    var values = ByteStringTable(capacity: 16)
    /// By user number; `nil`: no event with a value.
    private var latest: [Entry?] = []

    init(_ dimension: ReportDimension) {
        self.dimension = dimension
    }

    /// Notes the value of the event at `order` of `user`, scanned from the line `p`.
    @inline(__always)
    mutating func note(user: Int, order: EventOrder, fields: EventLineScanner.Fields, _ p: UnsafePointer<UInt8>) {
        let field = dimension.field(of: fields)
        guard field.isPresent, isLater(order, user: user), let number = field.intern(in: &values, p) else { return }
        latest[user] = Entry(order: order, value: UInt32(truncatingIfNeeded: number))
    }

    /// Notes the value of a decoded event at `order` of `user`.
    mutating func note(user: Int, order: EventOrder, event: OnboardingEvent) {
        guard let value = dimension.value(of: event), isLater(order, user: user),
              let number = values.index(of: Array(value.utf8)) else { return }
        latest[user] = Entry(order: order, value: UInt32(truncatingIfNeeded: number))
    }

    /// Whether `order` is after `user`'s latest event with a value (growing the table to hold them).
    @inline(__always)
    private mutating func isLater(_ order: EventOrder, user: Int) -> Bool {
        if user >= latest.count { latest += repeatElement(nil, count: user + 1 - latest.count) }
        return latest[user].map { $0.order < order } ?? true
    }

    /// The number in ``values`` of `user`'s value; `nil` when none of their events has one.
    func value(of user: Int) -> Int? {
        user < latest.count ? latest[user].map { Int($0.value) } : nil
    }

    /// `user`'s value; `nil` when none of their events has one.
    func name(of user: Int) -> String? {
        value(of: user).map { values.string(at: $0) }
    }

    /// The group number of `user` (their value's number + 1; 0: none), as the report builders number groups.
    func group(of user: Int) -> UInt16 {
        value(of: user).map { UInt16(truncatingIfNeeded: min($0 + 1, Int(UInt16.max))) } ?? 0
    }

    /// Adds `other`'s users (their numbers here given by `userMap`), read from another part of the input.
    mutating func merge(_ other: LatestValues, userMap: [UInt32]) {
        for (index, entry) in other.latest.enumerated() {
            guard let entry else { continue }
            let user = Int(userMap[index])
            guard isLater(entry.order, user: user), let number = values.index(of: other.values.bytes(at: Int(entry.value))) else { continue }
            latest[user] = Entry(order: entry.order, value: UInt32(truncatingIfNeeded: number))
        }
    }
}
