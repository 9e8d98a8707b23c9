import Foundation

/// The shape cut out of the dimmed overlay around a hint's target.
///
/// In the document: `{"type":"circle"}` or `{"type":"rectangle","cornerRadius":8}`, with an optional
/// `"padding"` (points between the target's frame and the cutout, default 8).
public struct HighlightShape: Sendable, Hashable, Codable {
    /// The outline of a cutout.
    public enum Kind: Sendable, Hashable {
        /// A circle around the target.
        case circle
        /// A rectangle around the target, its corners rounded by `cornerRadius` points.
        case rectangle(cornerRadius: Double)
    }

    /// The outline of the cutout.
    public var kind: Kind
    /// Space in points between the target's frame and the cutout.
    public var padding: Double

    /// The padding used when none is given: 8 points.
    package static let defaultPadding: Double = 8

    /// Creates a shape of `kind` with `padding` points around the target.
    package init(_ kind: Kind, padding: Double = HighlightShape.defaultPadding) {
        self.kind = kind
        self.padding = padding
    }

    /// A circle around the target.
    public static func circle(padding: Double = 8) -> HighlightShape {
        HighlightShape(.circle, padding: padding)
    }

    /// A rectangle around the target with rounded corners.
    public static func rectangle(cornerRadius: Double = 0, padding: Double = 8) -> HighlightShape {
        HighlightShape(.rectangle(cornerRadius: cornerRadius), padding: padding)
    }

    private enum CodingKeys: String, CodingKey { case type, cornerRadius, padding }

    /// Decodes the document form, `{"type":"circle"|"rectangle","cornerRadius":N,"padding":N}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        let padding = try container.decodeIfPresent(Double.self, forKey: .padding) ?? Self.defaultPadding
        switch type {
        case "circle":
            self.init(.circle, padding: padding)
        case "rectangle":
            let radius = try container.decodeIfPresent(Double.self, forKey: .cornerRadius) ?? 0
            self.init(.rectangle(cornerRadius: radius), padding: padding)
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container,
                debugDescription: "Unknown highlight shape '\(type)'; use \"circle\" or \"rectangle\"."
            )
        }
    }

    /// Encodes the document form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch kind {
        case .circle:
            try container.encode("circle", forKey: .type)
        case .rectangle(let radius):
            try container.encode("rectangle", forKey: .type)
            try container.encode(radius, forKey: .cornerRadius)
        }
        try container.encode(padding, forKey: .padding)
    }
}
