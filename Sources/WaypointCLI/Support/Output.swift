import ArgumentParser
import Foundation

/// Where a command writes what it prints: standard output, or a buffer in tests; warnings go to
/// standard error, or to a second buffer.
final class Output {
    private let sink: (String) -> Void
    private let flusher: () -> Void
    private let warningSink: (String) -> Void

    /// An output that hands each piece of text to `sink`, and each warning to `warnings` (by default
    /// standard error).
    init(
        flush: @escaping () -> Void = {},
        warnings: @escaping (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) },
        _ sink: @escaping (String) -> Void
    ) {
        self.sink = sink
        self.flusher = flush
        self.warningSink = warnings
    }

    /// Standard output (buffered; ``flush()`` before waiting for input).
    static var standard: Output {
        Output(flush: { fflush(nil) }) { text in print(text, terminator: "") }
    }

    /// Makes what was written visible now (before a prompt waits for input).
    func flush() {
        flusher()
    }

    /// Writes `text` as is.
    func write(_ text: String) {
        sink(text)
    }

    /// Writes `text` and a newline.
    func line(_ text: String = "") {
        sink(text + "\n")
    }

    /// Writes "warning: ", `text` and a newline to the warnings: something the user should know that
    /// does not stop the command.
    func warning(_ text: String) {
        warningSink("warning: " + text + "\n")
    }
}

/// An output that keeps what is written, for tests and for writing files.
final class CapturedOutput {
    /// Everything written so far.
    private(set) var text = ""
    /// Every warning written so far.
    private(set) var warnings = ""

    /// The output that appends to ``text``, and its warnings to ``warnings``.
    lazy var output = Output(warnings: { [unowned self] in self.warnings += $0 }) { [unowned self] in self.text += $0 }
}

/// Where an interactive command reads its lines: standard input, or a list in tests.
struct Input {
    /// The next line without its newline, or `nil` at the end of the input.
    let readLine: () -> String?
    /// Whether a person types the lines (so they need not be echoed).
    var isTerminal = false

    /// Standard input.
    static var standard: Input {
        Input(readLine: { Swift.readLine(strippingNewline: true) }, isTerminal: isatty(STDIN_FILENO) == 1)
    }

    /// The given lines, then the end of the input.
    static func lines(_ lines: [String]) -> Input {
        final class Cursor { var remaining: ArraySlice<String>; init(_ lines: [String]) { remaining = lines[...] } }
        let cursor = Cursor(lines)
        return Input(readLine: { cursor.remaining.popFirst() })
    }
}

/// A command that writes to an ``Output``, so that tests capture what it prints.
protocol OutputCommand: ParsableCommand {
    /// Runs the command, writing to `output`; throws `ExitCode(1)` after printing problems.
    func run(output: Output) throws
}

extension OutputCommand {
    func run() throws {
        try run(output: .standard)
    }
}

/// A command that also reads lines (`waypoint play`).
protocol InteractiveCommand: ParsableCommand {
    /// Runs the command, reading from `input` and writing to `output`.
    func run(output: Output, input: Input) throws
}

extension InteractiveCommand {
    func run() throws {
        try run(output: .standard, input: .standard)
    }
}
