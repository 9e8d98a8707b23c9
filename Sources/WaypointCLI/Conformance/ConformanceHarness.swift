import Foundation
import Waypoint

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the conformance cases against a client process: each case goes to the client's standard
/// input as one JSON line, and one JSON line comes back (docs/CLIENTS.md, "Running the harness").
struct ConformanceHarness {
    /// The shell command that starts the client, such as `waypoint conformance-client`.
    let command: String
    /// How long the client may take to answer one case.
    let timeout: Duration

    /// What a run found.
    struct Outcome {
        var passed = 0
        var mismatches: [ConformanceMismatch] = []
    }

    /// Why the client could not be run at all.
    struct RunError: Error, CustomStringConvertible {
        let description: String
    }

    /// Sends every case to one client process, in order, and compares each answer with the expected one.
    func run(_ cases: [ConformanceCase]) throws -> Outcome {
        // A client that exits early must not end the harness with SIGPIPE; the write then fails instead.
        signal(SIGPIPE, SIG_IGN)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            throw RunError(description: "cannot start the client `\(command)`: \(error.localizedDescription)")
        }
        var reader = LineReader(descriptor: output.fileHandleForReading.fileDescriptor)
        var outcome = Outcome()
        var stopped: String?
        for item in cases {
            if let stopped {
                outcome.mismatches.append(ConformanceMismatch(case: item, answer: .failure(stopped)))
                continue
            }
            let request = ConformanceClient.encode(item.request) + "\n"
            do {
                try input.fileHandleForWriting.write(contentsOf: Data(request.utf8))
            } catch {
                stopped = "the client `\(command)` stopped reading its input (it exited?)"
                outcome.mismatches.append(ConformanceMismatch(case: item, answer: .failure(stopped!)))
                continue
            }
            switch reader.line(timeout: timeout) {
            case .line(let line):
                outcome.record(item, answerLine: line)
            case .end:
                stopped = "the client `\(command)` ended its output without answering"
                outcome.mismatches.append(ConformanceMismatch(case: item, answer: .failure(stopped!)))
            case .timedOut:
                stopped = "the client `\(command)` gave no answer within \(timeout) (each case gets --timeout)"
                outcome.mismatches.append(ConformanceMismatch(case: item, answer: .failure(stopped!)))
                process.terminate()
            }
        }
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        return outcome
    }
}

extension ConformanceHarness.Outcome {
    /// Compares the client's answer line to `item` with the expected output.
    mutating func record(_ item: ConformanceCase, answerLine: String) {
        guard let answer = try? JSONDecoder().decode(JSONValue.self, from: Data(answerLine.utf8)), case .object = answer else {
            mismatches.append(ConformanceMismatch(case: item, answer: .failure("the answer is not a JSON object on one line: \(answerLine.prefix(200))")))
            return
        }
        guard answer["id"]?.stringValue == item.id else {
            mismatches.append(ConformanceMismatch(
                case: item, answer: .failure("the answer's `id` is \(answer["id"].map(ConformanceClient.encode) ?? "missing"), not \"\(item.id)\"")))
            return
        }
        if let error = answer["error"] {
            mismatches.append(ConformanceMismatch(case: item, answer: .failure("the client answered an error: \(error.stringValue ?? ConformanceClient.encode(error))")))
        } else if let output = answer["output"] {
            if item.isExpected(output) { passed += 1 } else { mismatches.append(ConformanceMismatch(case: item, answer: .output(output))) }
        } else {
            mismatches.append(ConformanceMismatch(case: item, answer: .failure("the answer has neither `output` nor `error`")))
        }
    }
}

/// Lines read from a file descriptor, waiting at most a given time for each.
struct LineReader {
    let descriptor: Int32
    private var buffer: [UInt8] = []

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    enum Result {
        case line(String)
        case end
        case timedOut
    }

    /// The next line without its newline.
    mutating func line(timeout: Duration) -> Result {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return .line(line)
            }
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return .timedOut }
            let milliseconds = Int32(clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, milliseconds)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = read(descriptor, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                if buffer.isEmpty { return .end }
                let line = String(decoding: buffer, as: UTF8.self)
                buffer = []
                return .line(line)
            }
            buffer += chunk[..<count]
        }
    }
}
