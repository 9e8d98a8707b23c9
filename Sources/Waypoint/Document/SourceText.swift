/// A position in a text file, for people: 1-based line and column.
///
/// Lines end at a line feed (so `\r\n` files count as expected). Columns count Unicode scalars (code
/// points) from the start of the line, so `é` and `日` are one column each, as most editors show them; a
/// tab is one column. Line 0, column 0 means "unknown" (a document built in code rather than read from text).
package struct SourcePosition: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// The line, from 1.
    package var line: Int
    /// The column, from 1, in Unicode scalars.
    package var column: Int

    /// Creates a location.
    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The location of something that has no place in a text.
    package static let unknown = SourcePosition(line: 0, column: 0)

    package static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    /// `LINE:COLUMN`.
    package var description: String { "\(line):\(column)" }
}

/// Converts byte offsets of a UTF-8 text to lines and columns.
package struct SourceText: Sendable {
    /// The text.
    let bytes: [UInt8]
    /// The offset of the first byte of each line.
    let lineStarts: [Int]

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == 0x0A { starts.append(offset + 1) }
        lineStarts = starts
    }

    /// The line and column of a byte offset (clamped to the text).
    package func location(of offset: Int) -> SourcePosition {
        let offset = max(0, min(offset, bytes.count))
        // The last line start at or before the offset.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return SourcePosition(line: low + 1, column: Self.column(from: lineStarts[low], to: offset, in: bytes))
    }

    /// The lines and columns of many byte offsets (each clamped to the text), in the order given: one
    /// pass over the text however many there are, so a document with thousands of problems on one
    /// long line costs no more than its length and their number.
    package static func locations(of offsets: [Int], in bytes: [UInt8]) -> [SourcePosition] {
        var result = [SourcePosition](repeating: .unknown, count: offsets.count)
        let order = offsets.indices.sorted { offsets[$0] < offsets[$1] }
        bytes.withUnsafeBufferPointer { text in
            var line = 1
            var column = 1
            var index = 0
            for position in order {
                let offset = max(0, min(offsets[position], text.count))
                while index < offset {
                    let byte = text[index]
                    if byte == 0x0A {
                        line += 1
                        column = 1
                    } else if byte & 0xC0 != 0x80 {
                        column += 1
                    }
                    index += 1
                }
                result[position] = SourcePosition(line: line, column: column)
            }
        }
        return result
    }

    /// The line and column of a byte offset, without a prepared line table (for one-off messages).
    package static func location(of offset: Int, in bytes: [UInt8]) -> SourcePosition {
        let offset = max(0, min(offset, bytes.count))
        var line = 1
        var lineStart = 0
        for index in 0..<offset where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return SourcePosition(line: line, column: column(from: lineStart, to: offset, in: bytes))
    }

    /// 1 + the number of Unicode scalars between `start` and `offset`: every byte that does not continue
    /// a UTF-8 sequence starts one (invalid bytes count one each).
    private static func column(from start: Int, to offset: Int, in bytes: [UInt8]) -> Int {
        var column = 1
        var index = start
        while index < offset {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return column
    }
}
