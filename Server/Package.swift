// swift-tools-version: 6.1
import PackageDescription

// The self-hosted server: a separate package, so an app that adds Waypoint never resolves
// Hummingbird, GRDB or PostgresNIO. Its benchmarks are a package of their own (Benchmarks/), so
// building the server never builds them.
let package = Package(
    name: "WaypointServer",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "waypoint-server", targets: ["WaypointServerCommand"]),
        .library(name: "WaypointServer", targets: ["WaypointServer"]),
    ],
    dependencies: [
        // Named, so the root package's identity does not depend on the checkout's folder name.
        .package(name: "Waypoint", path: ".."),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.34.1"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        // bcrypt for account passwords (HummingbirdBcrypt only; nothing else of the package is used).
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
    ],
    targets: [
        // The HTTP application, its stores and its routes; `buildApplication(_:)` is what the tests run.
        .target(
            name: "WaypointServer",
            dependencies: [
                "SystemCalls",
                .product(name: "Waypoint", package: "Waypoint"),
                .product(name: "WaypointTools", package: "Waypoint"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
            ],
            // The API's description, Server/openapi.json (linked here: a resource must be inside its
            // target), compiled into the program so `GET /openapi.json` needs no file at run time; and the
            // commonest passwords, which the password policy refuses.
            resources: [.embedInCode("OpenAPI/openapi.json"), .embedInCode("People/common-passwords.txt")]
        ),
        // The server's calls into the C library (stat, open, fsync, rename, mkdir, statvfs, poll,
        // getrlimit, localtime_r, a socket address's bytes) behind a narrow Swift API: the only code
        // that touches C structures, and it imports nothing but Glibc (Darwin). Where NIO or Foundation
        // is imported too, a structure such as `stat` or `sockaddr_in` belongs to whichever Clang module
        // loaded it first (CNIOLinux, CDispatch or SwiftGlibc), which differs between debug and release
        // builds, so MemberImportVisibility would refuse its members in one of the two
        // (docs/ARCHITECTURE.md, "Modules").
        .target(name: "SystemCalls"),
        // `waypoint-server serve`.
        .executableTarget(
            name: "WaypointServerCommand",
            dependencies: [
                "WaypointServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        // Posts batches until told to stop; the crash test runs it as a child process.
        // Foundation only: building this package builds no HTTP client library.
        .executableTarget(name: "EventSender", path: "Tests/EventSender"),
        .testTarget(
            name: "WaypointServerTests",
            dependencies: [
                "WaypointServer", "WaypointServerCommand", "EventSender", "SystemCalls",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// Imports say what the code uses (MemberImportVisibility), in every target, as in the root
// package's WaypointTools and CLI. C structures are used only in SystemCalls, above, for that reason.
for target in package.targets {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("MemberImportVisibility")]
}
