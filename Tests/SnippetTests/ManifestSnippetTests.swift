import Foundation
import Testing
import TestSupport

/// The integration guide's "Add the package" lines are a manifest that SwiftPM loads, and each product
/// they link is one this package declares.
@Suite struct ManifestSnippetTests {
    static let guide = "Sources/Waypoint/Documentation.docc/AddingWaypointToAnApp.md"

    /// The first fenced block under the guide's "### Add the package" heading, line by line.
    static func addThePackageLines() throws -> [String] {
        let text = try String(contentsOf: SnippetSyncTests.root.appendingPathComponent(guide), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        let heading = try #require(lines.firstIndex(of: "### Add the package"), "\(guide) has no \"### Add the package\"")
        let open = try #require(lines[heading...].firstIndex { $0.hasPrefix("```") })
        let close = try #require(lines[(open + 1)...].firstIndex { $0.hasPrefix("```") })
        return Array(lines[(open + 1)..<close])
    }

    /// Runs `swift package dump-package` in `folder`; its JSON, or what SwiftPM said. The scratch folder is a
    /// temporary one, so the package's own build folder (locked while its tests run) is never waited on.
    static func dumpPackage(in folder: URL) async throws -> (json: [String: Any]?, output: String) {
        // SwiftPM takes seconds: it runs off the pool (``OffThePool``).
        let (data, status) = try await OffThePool.run { () throws -> (Data, Int32) in
            let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("dump-package-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: scratch) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["swift", "package", "--scratch-path", scratch.path, "dump-package"]
            process.currentDirectoryURL = folder
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (data, process.terminationStatus)
        }
        let json = status == 0 ? try JSONSerialization.jsonObject(with: data) as? [String: Any] : nil
        return (json, String(decoding: data, as: UTF8.self))
    }

    @Test func theGuidesManifestLinesLoadAndNameThisPackagesProducts() async throws {
        let lines = try Self.addThePackageLines()
        let dependencies = lines.filter { $0.hasPrefix(".package(") }
        let products = lines.filter { $0.hasPrefix(".product(") }
        #expect(dependencies.count == 1 && products.count >= 1, "unexpected lines: \(lines)")

        // An app beside a checkout named Waypoint, as the guide's comment says.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-snippet-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = folder.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: app.appendingPathComponent("Sources/App"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("Waypoint"), withDestinationURL: SnippetSyncTests.root)
        try "print(\"app\")\n".write(to: app.appendingPathComponent("Sources/App/main.swift"), atomically: true, encoding: .utf8)
        let manifest = """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "App",
                dependencies: [
            \(dependencies.joined(separator: "\n"))
                ],
                targets: [
                    .executableTarget(name: "App", dependencies: [
            \(products.joined(separator: "\n"))
                    ]),
                ]
            )
            """
        try manifest.write(to: app.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let loaded = try await Self.dumpPackage(in: app)
        let json = try #require(loaded.json, "SwiftPM could not load the guide's lines:\n\(loaded.output)")
        let dependency = try #require((json["dependencies"] as? [[String: Any]])?.first?["fileSystem"] as? [[String: Any]])
        #expect(dependency.first?["nameForTargetDependencyResolutionOnly"] as? String == "Waypoint")

        // Every product the lines link is declared by this package.
        let own = try #require(await Self.dumpPackage(in: SnippetSyncTests.root).json)
        let declared = Set((own["products"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String })
        let linked = products.compactMap { line -> String? in
            guard let start = line.range(of: "name: \"")?.upperBound, let end = line[start...].firstIndex(of: "\"") else { return nil }
            return String(line[start..<end])
        }
        #expect(linked.count == products.count)
        for product in linked {
            #expect(declared.contains(product), "the guide links \(product), which Package.swift does not declare (it declares \(declared.sorted()))")
        }
    }
}
