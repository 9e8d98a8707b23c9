import Foundation
import Testing

/// Every ```swift block of README.md and the DocC articles is code that compiles: the README example is
/// `Snippets/ReadmeExample/main.swift`, the others are marked regions of `DocCSnippets.swift`.
@Suite struct SnippetSyncTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let catalogs = ["Sources/Waypoint/Documentation.docc", "Sources/WaypointTesting/Documentation.docc"]

    static let documents: [String] = ["README.md"] + catalogs.flatMap { catalog in
        let articles = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(catalog).path)) ?? []
        return articles.filter { $0.hasSuffix(".md") }.sorted().map { catalog + "/" + $0 }
    }

    /// The ```swift blocks of a Markdown file.
    static func swiftBlocks(_ path: String) throws -> [String] {
        let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        var blocks: [String] = []
        var current: [String]?
        for line in text.components(separatedBy: "\n") {
            if current == nil, line.trimmingCharacters(in: .whitespaces) == "```swift" {
                current = []
            } else if let lines = current, line.trimmingCharacters(in: .whitespaces) == "```" {
                blocks.append(lines.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// The compiled snippets: the README program, and each marked region with its indentation removed.
    static func compiledSnippets() throws -> [String] {
        let program = try String(contentsOf: root.appendingPathComponent("Snippets/ReadmeExample/main.swift"), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("DocCSnippets.swift"), encoding: .utf8)
        var regions: [String] = []
        var current: [String]?
        for line in source.components(separatedBy: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed == "// snippet:begin" { current = [] } else if trimmed == "// snippet:end", let lines = current {
                let indent = lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
                    .map { $0.prefix { $0 == " " }.count }.min() ?? 0
                regions.append(lines.map { String($0.dropFirst(min(indent, $0.count))) }.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        let readme = program.hasSuffix("\n") ? String(program.dropLast()) : program
        return [readme, readme + "\n"] + regions
    }

    @Test(arguments: documents)
    func everySwiftSnippetIsCompiled(_ document: String) throws {
        let compiled = try Self.compiledSnippets()
        for block in try Self.swiftBlocks(document) {
            #expect(compiled.contains(block), "a Swift snippet of \(document) is not in Snippets/ or Tests/SnippetTests/DocCSnippets.swift verbatim:\n\(block)")
        }
    }

    @Test func everyCompiledSnippetIsInTheDocs() throws {
        let blocks = Set(try Self.documents.flatMap(Self.swiftBlocks))
        for snippet in try Self.compiledSnippets().dropFirst(2) {
            #expect(blocks.contains(snippet), "a snippet of DocCSnippets.swift appears in no document:\n\(snippet)")
        }
        #expect(try Self.swiftBlocks("README.md").first == (try Self.compiledSnippets()).first)
    }
}
