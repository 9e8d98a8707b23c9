import Waypoint

/// A non-negative whole number of any size, for counting the paths of a flow (which can exceed 2⁶⁴).
///
/// Stored in base 10⁹, so that printing it in decimal is direct. Only what counting needs: addition,
/// subtraction of a smaller number, multiplication and comparison.
public struct PathCount: Sendable, Hashable, Comparable, CustomStringConvertible, ExpressibleByIntegerLiteral {
    /// Base-10⁹ digits, least significant first, without leading zeros (zero has none).
    private var limbs: [UInt32]

    private static let base: UInt64 = 1_000_000_000

    /// Zero.
    public static let zero = PathCount(limbs: [])
    /// One.
    public static let one = PathCount(1)

    private init(limbs: [UInt32]) {
        self.limbs = limbs
    }

    /// Creates a count from an integer (negative values count as zero).
    public init(_ value: Int) {
        var remaining = UInt64(max(0, value))
        var limbs: [UInt32] = []
        while remaining > 0 {
            limbs.append(UInt32(remaining % Self.base))
            remaining /= Self.base
        }
        self.limbs = limbs
    }

    /// Creates a count from an integer literal.
    public init(integerLiteral value: Int) {
        self.init(value)
    }

    /// Parses a decimal string of digits; `nil` for anything else.
    public init?(_ text: String) {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        let digits = Array(text.utf8)
        var limbs: [UInt32] = []
        var end = digits.count
        while end > 0 {
            let start = max(0, end - 9)
            var value: UInt32 = 0
            for digit in digits[start..<end] { value = value * 10 + UInt32(digit - UInt8(ascii: "0")) }
            limbs.append(value)
            end = start
        }
        while limbs.last == 0 { limbs.removeLast() }
        self.limbs = limbs
    }

    /// Whether the count is zero.
    public var isZero: Bool { limbs.isEmpty }

    /// The count as an `Int`, when it fits.
    public var intValue: Int? {
        var value = 0
        for limb in limbs.reversed() {
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: Int(Self.base))
            let (sum, overflow2) = shifted.addingReportingOverflow(Int(limb))
            if overflow1 || overflow2 { return nil }
            value = sum
        }
        return value
    }

    /// The decimal digits.
    public var description: String {
        guard let last = limbs.last else { return "0" }
        var text = String(last)
        for limb in limbs.dropLast().reversed() {
            let digits = String(limb)
            text += String(repeating: "0", count: 9 - digits.count) + digits
        }
        return text
    }

    /// The sum.
    public static func + (lhs: PathCount, rhs: PathCount) -> PathCount {
        var result = lhs
        result += rhs
        return result
    }

    /// Adds `rhs`.
    public static func += (lhs: inout PathCount, rhs: PathCount) {
        if rhs.limbs.count > lhs.limbs.count {
            lhs.limbs.append(contentsOf: repeatElement(0, count: rhs.limbs.count - lhs.limbs.count))
        }
        // One pass over raw buffers: a limb sum is below 2 × 10⁹ + 1, so it fits in 32 bits and the carry
        // is one comparison (no division, and no uniqueness check per limb).
        let base = UInt32(Self.base)
        let carry = lhs.limbs.withUnsafeMutableBufferPointer { sum in
            rhs.limbs.withUnsafeBufferPointer { added in
                var carry: UInt32 = 0
                var index = 0
                while index < added.count || (carry > 0 && index < sum.count) {
                    var limb = sum[index] &+ (index < added.count ? added[index] : 0) &+ carry
                    carry = limb >= base ? 1 : 0
                    if carry > 0 { limb -= base }
                    sum[index] = limb
                    index += 1
                }
                return carry
            }
        }
        if carry > 0 { lhs.limbs.append(carry) }
    }

    /// The difference, or zero when `rhs` is larger.
    public static func - (lhs: PathCount, rhs: PathCount) -> PathCount {
        var result = lhs
        result -= rhs
        return result
    }

    /// Subtracts `rhs`, in place (zero when `rhs` is larger): counting subtracts the paths already
    /// counted from a sum without making a third number.
    public static func -= (lhs: inout PathCount, rhs: PathCount) {
        guard lhs > rhs else {
            lhs = .zero
            return
        }
        let base = UInt32(Self.base)
        lhs.limbs.withUnsafeMutableBufferPointer { difference in
            rhs.limbs.withUnsafeBufferPointer { subtracted in
                var borrow: UInt32 = 0
                var index = 0
                while index < subtracted.count || (borrow > 0 && index < difference.count) {
                    let taken = (index < subtracted.count ? subtracted[index] : 0) + borrow  // at most 10⁹
                    let limb = difference[index]
                    borrow = limb < taken ? 1 : 0
                    difference[index] = borrow > 0 ? limb &+ base &- taken : limb - taken
                    index += 1
                }
            }
        }
        while lhs.limbs.last == 0 { lhs.limbs.removeLast() }
    }

    /// The product.
    public static func * (lhs: PathCount, rhs: PathCount) -> PathCount {
        guard !lhs.isZero, !rhs.isZero else { return .zero }
        if lhs.limbs == [1] { return rhs }
        if rhs.limbs == [1] { return lhs }
        var result = [UInt64](repeating: 0, count: lhs.limbs.count + rhs.limbs.count + 1)
        for (i, left) in lhs.limbs.enumerated() {
            var carry: UInt64 = 0
            for (j, right) in rhs.limbs.enumerated() {
                let product = UInt64(left) * UInt64(right) + result[i + j] + carry
                result[i + j] = product % base
                carry = product / base
            }
            var position = i + rhs.limbs.count
            while carry > 0 {
                let sum = result[position] + carry
                result[position] = sum % base
                carry = sum / base
                position += 1
            }
        }
        var limbs = result.map { UInt32($0) }
        while limbs.last == 0 { limbs.removeLast() }
        return PathCount(limbs: limbs)
    }

    public static func < (lhs: PathCount, rhs: PathCount) -> Bool {
        if lhs.limbs.count != rhs.limbs.count { return lhs.limbs.count < rhs.limbs.count }
        return lhs.limbs.withUnsafeBufferPointer { left in
            rhs.limbs.withUnsafeBufferPointer { right in
                var index = left.count - 1
                while index >= 0 {
                    if left[index] != right[index] { return left[index] < right[index] }
                    index -= 1
                }
                return false
            }
        }
    }
}
