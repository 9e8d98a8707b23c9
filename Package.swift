// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Waypoint",
    defaultLocalization: "en",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "Waypoint", targets: ["Waypoint"]),
        .library(name: "WaypointTesting", targets: ["WaypointTesting"]),
        .library(name: "WaypointUI", targets: ["WaypointUI"]),
        .library(name: "WaypointTools", targets: ["WaypointTools"]),
        .executable(name: "waypoint", targets: ["WaypointCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // The core: Foundation only. Its resources are the overlay's built-in labels, one
        // `<language>.lproj/Localizable.strings` per language (SwiftPM compiles no String Catalog on Linux).
        .target(name: "Waypoint", resources: [.process("Resources")]),
        .target(name: "WaypointTesting", dependencies: ["Waypoint"]),
        .target(name: "WaypointUI", dependencies: ["Waypoint"]),
        // What tools need and apps do not: fast event-file reading, funnels, path counting, graph rendering.
        // Imports say what the code uses (MemberImportVisibility), here and in the CLI and the server.
        .target(name: "WaypointTools", dependencies: ["Waypoint"], swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]),
        // The bundled examples, one folder per pattern; run by `waypoint demo` and by ExamplesTests.
        // Examples/Documents holds example JSON documents, read by tests and tools from the file system.
        .target(name: "WaypointExamples", dependencies: ["Waypoint", "WaypointTesting"], path: "Examples", exclude: ["Documents"]),
        .executableTarget(
            name: "WaypointCLI",
            dependencies: [
                "Waypoint", "WaypointTools", "WaypointExamples",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]
        ),
        .executableTarget(
            name: "WaypointBenchmarks",
            dependencies: ["Waypoint", "WaypointTools"],
            path: "Benchmarks/Sources"
        ),
        // Writes to an event queue until killed; the queue's crash test runs it as a child process.
        .executableTarget(name: "QueueCrashWriter", dependencies: ["Waypoint"], path: "Tests/QueueCrashWriter"),
        // Stubs holds stub SwiftUI, UIKit, AppKit, CoreGraphics, QuartzCore, Accessibility, os and ObjectiveC modules that the UI adapters are type-checked against.
        .testTarget(
            name: "WaypointTests", dependencies: ["Waypoint", "WaypointTesting", "QueueCrashWriter", "TestSupport"],
            exclude: ["Stubs"]),
        .testTarget(name: "WaypointToolsTests", dependencies: ["Waypoint", "WaypointTools", "TestSupport"], exclude: ["Rendering/Snapshots", "Statistics/reference.py"]),
        // Helpers the test targets share: a seeded generator, the example documents and walkthrough steps,
        // byte corruption, a scripted HTTP peer, snapshots, temporary files and `eventually`.
        .target(name: "TestSupport", dependencies: ["Waypoint", "WaypointTools"], path: "Tests/TestSupport"),
        .testTarget(name: "WaypointTestingTests", dependencies: ["Waypoint", "WaypointTesting"]),
        .testTarget(name: "ExamplesTests", dependencies: ["Waypoint", "WaypointTesting", "WaypointExamples"]),
        // The README's example as a program; SnippetTests runs it twice and checks that it resumes.
        .executableTarget(name: "ReadmeExample", dependencies: ["Waypoint"], path: "Snippets/ReadmeExample"),
        // Every Swift snippet of README.md and the DocC articles, compiled, and a test that they match the docs.
        .testTarget(
            name: "SnippetTests", dependencies: ["Waypoint", "WaypointTools", "WaypointTesting", "ReadmeExample", "TestSupport"]),
        .testTarget(name: "WaypointCLITests", dependencies: ["WaypointCLI", "WaypointTools", "WaypointExamples", "TestSupport"], exclude: ["Snapshots", "Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
