import Foundation
import Testing

/// The Markdown the repository ships (the READMEs and `docs/`): every relative link and image
/// names a file that exists, so a renamed page or screenshot is caught here, not by a reader.
@Suite("Documentation links")
struct DocumentationLinksTests {
    static let root = ReadmeConsoleTests.root

    /// The Markdown files checked, relative to the repository's root.
    static let files: [String] = {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)) ?? []
        return ["README.md", "Server/README.md", "deploy/README.md", "Benchmarks/README.md"]
            + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }()

    /// The targets of `[text](target)` and `![alt](target)` in `text` that are paths in the repository.
    static func relativeTargets(_ text: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: #"\]\(([^)\s]+)\)"#)
        let range = NSRange(text.startIndex..., in: text)
        return pattern.matches(in: text, range: range).compactMap { match in
            guard let found = Range(match.range(at: 1), in: text) else { return nil }
            let target = String(text[found])
            if target.hasPrefix("http://") || target.hasPrefix("https://") || target.hasPrefix("#") || target.hasPrefix("mailto:") { return nil }
            return String(target.split(separator: "#", maxSplits: 1)[0])
        }
    }

    @Test func thereAreFilesToCheck() {
        #expect(Self.files.contains("docs/CONSOLE.md"))
        #expect(Self.relativeTargets("see [a](docs/A.md#part), ![b](b.png), [c](https://x.y) and [d](#top)") == ["docs/A.md", "b.png"])
    }

    @Test(arguments: files)
    func everyRelativeLinkNamesAFile(_ file: String) throws {
        let url = Self.root.appendingPathComponent(file)
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        let text = try String(contentsOf: url, encoding: .utf8)
        let folder = url.deletingLastPathComponent()
        for target in Self.relativeTargets(text) {
            let path = folder.appendingPathComponent(target.removingPercentEncoding ?? target).standardizedFileURL.path
            #expect(FileManager.default.fileExists(atPath: path), "\(file) links to \(target), which does not exist")
        }
    }
}
