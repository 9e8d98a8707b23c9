// swift-tools-version: 6.1
import PackageDescription

// The server's performance targets against nginx, SQLite and the CLI's funnel, measured in one run
// (`swift run -c release --package-path Server/Benchmarks`). A package of its own, so that building
// or testing the server never builds the benchmarks or the HTTP client they load the server with.
let package = Package(
    name: "WaypointServerBenchmarks",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "waypoint-server-benchmarks", targets: ["WaypointServerBenchmarks"]),
        .executable(name: "waypoint-document-ceiling", targets: ["DocumentCeiling"]),
    ],
    dependencies: [
        // Named, as the server names the root package, so identities do not depend on folder names.
        .package(name: "Waypoint", path: "../.."),
        .package(name: "WaypointServer", path: ".."),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
        // The server's own Hummingbird (one version in one package graph), for the ceiling.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // The server's SQLite library: the storage limit ingestion is measured against.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // The server's PostgreSQL library: the storage limit with --database.
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    ],
    targets: [
        .executableTarget(
            name: "WaypointServerBenchmarks",
            dependencies: [
                .product(name: "WaypointServer", package: "WaypointServer"),
                // Built beside the benchmarks, which start it as a process.
                .product(name: "waypoint-server", package: "WaypointServer"),
                // Built beside the benchmarks too: the ceiling document serving is measured against.
                "DocumentCeiling",
                .product(name: "Waypoint", package: "Waypoint"),
                .product(name: "WaypointTools", package: "Waypoint"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources"
        ),
        // A minimal Hummingbird application serving the document: what the framework can do at most.
        .executableTarget(
            name: "DocumentCeiling",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Ceiling"
        ),
    ],
    swiftLanguageModes: [.v6]
)

// Imports say what the code uses (MemberImportVisibility), in every target, as in the server's package.
for target in package.targets {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("MemberImportVisibility")]
}
