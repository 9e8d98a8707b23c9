// A stub of the unified logging API (`os.Logger`), with Apple's signatures: the message is an
// `OSLogMessage`, written as a string literal whose interpolations take a privacy level
// (`"\(id, privacy: .public)"`). Logger: iOS 14, macOS 11, tvOS 14, watchOS 7, visionOS 1 (Apple's
// documentation), so every platform run has this module.
@_exported import Foundation

public struct OSLogType: Equatable, RawRepresentable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let `default` = OSLogType(rawValue: 0), info = OSLogType(rawValue: 1), debug = OSLogType(rawValue: 2)
    public static let error = OSLogType(rawValue: 16), fault = OSLogType(rawValue: 17)
}

public struct OSLogPrivacy: Equatable, Sendable {
    public static var auto: OSLogPrivacy { OSLogPrivacy() }
    public static var `public`: OSLogPrivacy { OSLogPrivacy() }
    public static var `private`: OSLogPrivacy { OSLogPrivacy() }
    public static var sensitive: OSLogPrivacy { OSLogPrivacy() }
}
public struct OSLogStringAlignment: Sendable { public static var none: OSLogStringAlignment { OSLogStringAlignment() } }
public struct OSLogIntegerAlignment: Sendable { public static var none: OSLogIntegerAlignment { OSLogIntegerAlignment() } }
public struct OSLogFloatFormatting: Sendable { public static var fixed: OSLogFloatFormatting { OSLogFloatFormatting() } }
public struct OSLogIntegerFormatting: Sendable { public static var decimal: OSLogIntegerFormatting { OSLogIntegerFormatting() } }

public struct OSLogInterpolation: StringInterpolationProtocol {
    public init(literalCapacity: Int, interpolationCount: Int) {}
    public mutating func appendLiteral(_ literal: String) {}
    public mutating func appendInterpolation(
        _ argumentString: @autoclosure @escaping () -> String, align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto) {}
    public mutating func appendInterpolation<T: FixedWidthInteger>(
        _ number: @autoclosure @escaping () -> T, format: OSLogIntegerFormatting = .decimal,
        align: OSLogIntegerAlignment = .none, privacy: OSLogPrivacy = .auto) {}
    public mutating func appendInterpolation(
        _ number: @autoclosure @escaping () -> Double, format: OSLogFloatFormatting = .fixed,
        align: OSLogIntegerAlignment = .none, privacy: OSLogPrivacy = .auto) {}
    public mutating func appendInterpolation(_ boolean: @autoclosure @escaping () -> Bool, privacy: OSLogPrivacy = .auto) {}
    public mutating func appendInterpolation<T: CustomStringConvertible>(
        _ value: @autoclosure @escaping () -> T, align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto) {}
}

public struct OSLogMessage: ExpressibleByStringInterpolation, ExpressibleByStringLiteral {
    public init(stringInterpolation: OSLogInterpolation) {}
    public init(stringLiteral value: String) {}
}

public struct Logger: @unchecked Sendable {
    public init() {}
    public init(subsystem: String, category: String) {}
    public func log(_ message: OSLogMessage) {}
    public func log(level: OSLogType, _ message: OSLogMessage) {}
    public func trace(_ message: OSLogMessage) {}
    public func debug(_ message: OSLogMessage) {}
    public func info(_ message: OSLogMessage) {}
    public func notice(_ message: OSLogMessage) {}
    public func warning(_ message: OSLogMessage) {}
    public func error(_ message: OSLogMessage) {}
    public func critical(_ message: OSLogMessage) {}
    public func fault(_ message: OSLogMessage) {}
}
