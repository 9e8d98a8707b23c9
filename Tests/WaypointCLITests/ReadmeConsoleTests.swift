import Foundation
import Testing
import TestSupport
@testable import WaypointCLI

/// The README's `console` examples, run as written from the repository's root: each command prints
/// exactly what the README shows.
@Suite("README console examples")
struct ReadmeConsoleTests {
    /// One `$ swift run waypoint …` line of the README and the lines shown after it.
    struct Example: CustomStringConvertible {
        let command: String
        let output: String
        var description: String { command }
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let examples: [Example] = {
        guard let readme = try? String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8) else { return [] }
        var examples: [Example] = []
        var inConsole = false
        var command: String?
        var output: [String] = []
        func finish() {
            if let command { examples.append(Example(command: command, output: output.joined(separator: "\n"))) }
            command = nil
            output = []
        }
        for line in readme.components(separatedBy: "\n") {
            if line.hasPrefix("```console") {
                inConsole = true
            } else if inConsole, line.hasPrefix("```") {
                finish()
                inConsole = false
            } else if inConsole, line.hasPrefix("$ ") {
                finish()
                command = String(line.dropFirst(2))
            } else if inConsole, command != nil {
                output.append(line)
            }
        }
        return examples
    }()

    @Test func theReadmeHasConsoleExamples() {
        #expect(Self.examples.count >= 8)
        #expect(Self.examples.allSatisfy { $0.command.hasPrefix("swift run waypoint ") })
    }

    @Test(arguments: examples)
    func printsWhatTheReadmeShows(example: Example) throws {
        let folder = try TemporaryFiles.directory("readme")
        defer { try? FileManager.default.removeItem(at: folder) }
        var words = Self.split(String(example.command.dropFirst("swift run waypoint ".count)))
        // A redirect writes the output to a file: compare nothing, but the command must succeed.
        let redirected = words.firstIndex(of: ">").map { index in
            defer { words.removeSubrange(index...) }
            return true
        } ?? false
        // Paths in the repository are relative to its root; files written go to a temporary folder.
        var written: [String] = []
        for index in words.indices {
            if index > 0, ["--out", "--events"].contains(words[index - 1]) {
                written.append(words[index])
                words[index] = folder.appendingPathComponent(words[index]).path
            } else if words[index].hasPrefix("Examples/") || words[index].hasPrefix("Tests/") {
                words[index] = Self.root.appendingPathComponent(words[index]).path
            }
        }
        let result = CommandRunner.run(words, cleaned: false)
        var shown = result.output
        for name in written { shown = shown.replacingOccurrences(of: folder.appendingPathComponent(name).path, with: name) }
        shown = shown.replacingOccurrences(of: Self.root.path + "/", with: "")
        if redirected {
            #expect(result.status == 0, "\(result)")
            return
        }
        #expect(shown.trimmingCharacters(in: .newlines) == example.output.trimmingCharacters(in: .newlines))
        for name in written { #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path), "\(name)") }
    }

    /// Splits a command line into words as a shell does for these examples: spaces separate words,
    /// single and double quotes group them.
    static func split(_ line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quote: Character?
        var inWord = false
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == " " {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }
}
