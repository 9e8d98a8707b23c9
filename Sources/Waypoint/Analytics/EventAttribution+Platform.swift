import Foundation

extension EventAttribution {
    /// The platform this build runs on, as events name it: `iOS`, `iPadOS` (an iOS app on an
    /// iPad), `macOS`, `tvOS`, `watchOS` or `visionOS`; `nil` elsewhere (such as Linux).
    ///
    /// The operating system is known when the app is compiled; an iPad is told from an iPhone at run
    /// time, by the device's model identifier (`hw.machine`, or the simulated device's).
    public static let currentPlatform: String? = {
        #if os(visionOS)
        return "visionOS"
        #elseif os(iOS)
        return isPad ? "iPadOS" : "iOS"
        #elseif os(macOS)
        return "macOS"
        #elseif os(tvOS)
        return "tvOS"
        #elseif os(watchOS)
        return "watchOS"
        #else
        return nil
        #endif
    }()

    #if os(iOS) && !os(visionOS)
    /// Whether the device is an iPad: its model identifier (`iPad13,1`) starts with `iPad`.
    private static var isPad: Bool {
        if let simulated = ProcessInfo.processInfo.environment["SIMULATOR_MODEL_IDENTIFIER"] {
            return simulated.hasPrefix("iPad")
        }
        var size = 0
        guard sysctlbyname("hw.machine", nil, &size, nil, 0) == 0, size > 0 else { return false }
        var machine = [CChar](repeating: 0, count: size)
        guard sysctlbyname("hw.machine", &machine, &size, nil, 0) == 0 else { return false }
        return String(decoding: machine.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).hasPrefix("iPad")
    }
    #endif
}
