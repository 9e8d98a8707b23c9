import Foundation

/// What completes a walkthrough step and moves the walkthrough on.
///
/// In the document: `{"type":"tap","elementId":ID}`, `{"type":"swipe","direction":"left"}`,
/// `{"type":"timer","seconds":N}`, `{"type":"event","name":NAME}` or `{"type":"button"}` (the default).
public enum CompletionTrigger: Sendable, Hashable {
    /// The user taps the element with this id (usually the target itself).
    case tap(elementId: String)
    /// The user swipes in this direction.
    case swipe(SwipeDirection)
    /// The hint completes by itself after being on screen for this many seconds.
    case timer(seconds: Double)
    /// The app reports the named event (see ``HintCoordinator/event(_:)``).
    case event(name: String)
    /// The user presses the tooltip's own "Next" button.
    case button

    /// Whether completing the step needs the user to reach an element behind the overlay (a tap):
    /// where the overlay holds the focus (tvOS), it must then leave the content behind it usable.
    package var needsTarget: Bool {
        if case .tap = self { return true }
        return false
    }

    /// The trigger's name as reported in analytics events: `tap`, `swipe`, `timer`, `event` or `button`.
    public var analyticsName: String {
        switch self {
        case .tap: "tap"
        case .swipe: "swipe"
        case .timer: "timer"
        case .event: "event"
        case .button: "button"
        }
    }
}

extension CompletionTrigger: Codable {
    private enum CodingKeys: String, CodingKey { case type, elementId, direction, seconds, name }

    /// Decodes the document form, for example `{"type":"tap","elementId":"editor.layersButton"}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "tap": self = .tap(elementId: try container.decode(String.self, forKey: .elementId))
        case "swipe": self = .swipe(try container.decode(SwipeDirection.self, forKey: .direction))
        case "timer": self = .timer(seconds: try container.decode(Double.self, forKey: .seconds))
        case "event": self = .event(name: try container.decode(String.self, forKey: .name))
        case "button": self = .button
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container,
                debugDescription: "Unknown completion trigger '\(type)'; use tap, swipe, timer, event or button."
            )
        }
    }

    /// Encodes the document form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(analyticsName, forKey: .type)
        switch self {
        case .tap(let elementId): try container.encode(elementId, forKey: .elementId)
        case .swipe(let direction): try container.encode(direction, forKey: .direction)
        case .timer(let seconds): try container.encode(seconds, forKey: .seconds)
        case .event(let name): try container.encode(name, forKey: .name)
        case .button: break
        }
    }
}

extension CompletionTrigger: CustomStringConvertible {
    /// For example `a tap on "editor.layersButton"` or `a 4-second timer`.
    public var description: String {
        switch self {
        case .tap(let elementId): "a tap on \"\(elementId)\""
        case .swipe(let direction): "a swipe \(direction.rawValue)"
        case .timer(let seconds):
            "a \(seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int(seconds)) : String(seconds))-second timer"
        case .event(let name): "the event \"\(name)\""
        case .button: "the Next button"
        }
    }
}
