// A stub of the Accessibility notifications the adapters post, with Apple's signatures.
public protocol AccessibilityNotificationProtocol { func post() }
public enum AccessibilityNotification {
    public struct Announcement { public init(_ announcement: String) {} ; public func post() {} }
    public struct ScreenChanged { public init(_ element: Any?) {} ; public func post() {} }
}
