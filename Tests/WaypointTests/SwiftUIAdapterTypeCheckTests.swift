import Foundation
import Testing
import TestSupport

/// The SwiftUI adapters (`Sources/WaypointUI`) type-check in Swift 6 mode against stub SwiftUI,
/// CoreGraphics and Accessibility modules and the built `Waypoint` module.
///
/// SwiftUI does not exist here. `Tests/WaypointTests/Stubs` declares the parts of it the adapters
/// use, with Apple's signatures and empty bodies; extend them when an adapter uses a new API, and
/// keep each declaration as Apple declares it. The check is repeated with each platform's
/// `os(…)` condition taken as true, so platform-specific branches are checked too. Files that need
/// UIKit or AppKit (which need the Objective-C runtime) are skipped by their `canImport` and are
/// only syntax-checked; nothing here runs the adapters.
@Suite("SwiftUI adapters type-check against stub modules")
struct SwiftUIAdapterTypeCheckTests {
    static let stubs = Repository.root.appendingPathComponent("Tests/WaypointTests/Stubs")
    static let adapters = Repository.root.appendingPathComponent("Sources/WaypointUI")

    /// The stub modules, emitted once into `folder` (CoreGraphics first: SwiftUI imports it).
    static func emitStubs(into folder: URL) async throws {
        for name in ["CoreGraphics", "SwiftUI", "Accessibility"] {
            let source = try String(contentsOf: stubs.appendingPathComponent("\(name).swift"), encoding: .utf8)
            let result = try await TypeCheck.emitModule(named: name, source: source, into: folder)
            #expect(result.succeeded, "stub \(name): \(result.output)")
        }
    }

    @Test("Every adapter file type-checks, on each platform's branches", .enabled(if: TypeCheck.modules != nil),
          arguments: ["", "iOS", "macOS", "tvOS", "watchOS", "visionOS"])
    func adaptersTypeCheck(platform: String) async throws {
        let folder = try TemporaryFiles.directory("swiftui-adapters")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await Self.emitStubs(into: folder)
        let sources = folder.appendingPathComponent("Sources")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.adapters.path).filter { $0.hasSuffix(".swift") }.sorted()
        #expect(names.count >= 9)
        var files: [URL] = []
        for name in names {
            var text = try String(contentsOf: Self.adapters.appendingPathComponent(name), encoding: .utf8)
            if !platform.isEmpty { text = text.replacingOccurrences(of: "os(\(platform))", with: "true") }
            let file = sources.appendingPathComponent(name)
            try text.write(to: file, atomically: true, encoding: .utf8)
            files.append(file)
        }
        let result = try await TypeCheck.typecheck(files: files, moduleName: "WaypointUI", searchPaths: [folder])
        #expect(result.succeeded, "\(result.output)")
        #expect(!result.output.contains("warning:"), "\(result.output)")
    }

    @Test("The check fails on a call the stubs do not declare", .enabled(if: TypeCheck.modules != nil))
    func unknownAPIFails() async throws {
        let folder = try TemporaryFiles.directory("swiftui-adapters")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await Self.emitStubs(into: folder)
        let file = folder.appendingPathComponent("Wrong.swift")
        try "import SwiftUI\nstruct Wrong: View { var body: some View { Text(verbatim: \"x\").notASwiftUIModifier() } }\n"
            .write(to: file, atomically: true, encoding: .utf8)
        let result = try await TypeCheck.typecheck(files: [file], moduleName: "Wrong", searchPaths: [folder])
        #expect(!result.succeeded)
        #expect(result.output.contains("notASwiftUIModifier"), "\(result.output)")
    }
}
