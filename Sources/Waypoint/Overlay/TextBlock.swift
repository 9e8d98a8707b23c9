import Foundation

/// Text broken into lines by ``TextMeasurer/wrap(_:role:maxWidth:)``, with the size it takes.
public struct TextBlock: Sendable, Hashable {
    /// The lines, top to bottom.
    public var lines: [String]
    /// The width of each line, in points.
    public var widths: [Double]
    /// The distance from one line's top to the next line's top.
    public var lineHeight: Double

    /// Creates a block of lines.
    public init(lines: [String], widths: [Double], lineHeight: Double) {
        self.lines = lines
        self.widths = widths
        self.lineHeight = lineHeight
    }

    /// The width of the widest line and the height of all lines.
    public var size: Size {
        Size(width: widths.max() ?? 0, height: Double(lines.count) * lineHeight)
    }

    /// Whether there is no line.
    public var isEmpty: Bool { lines.isEmpty }
}
