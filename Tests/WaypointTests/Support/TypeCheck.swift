import Foundation
import TestSupport

/// Runs the compiler on test sources against the built `Waypoint` module, to check what apps can write.
enum TypeCheck {
    /// The folder of built modules next to the test binary, when the tests run from a build folder.
    static let modules: URL? = {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let modules = folder.appendingPathComponent("Modules")
            if FileManager.default.fileExists(atPath: modules.appendingPathComponent("Waypoint.swiftmodule").path) {
                return modules
            }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }()

    /// What the compiler said.
    struct Result: Sendable {
        let succeeded: Bool
        let output: String
    }

    /// Type-checks `source` in Swift 6 mode, finding modules in the built modules and in `searchPaths`.
    static func typecheck(_ source: String, searchPaths: [URL] = []) async throws -> Result {
        let file = TemporaryFiles.file("typecheck", pathExtension: "swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let paths = ([modules].compactMap { $0 } + searchPaths).flatMap { ["-I", $0.path] }
        return try await run(["-typecheck", "-swift-version", "6"] + paths + [file.path])
    }

    /// Type-checks `files` together as the module `moduleName`, in Swift 6 mode, finding modules in
    /// the built modules and in `searchPaths`; with `inPackage`, as a module of this package, so that
    /// it sees the core's `package` declarations as the package's own targets do.
    static func typecheck(files: [URL], moduleName: String, searchPaths: [URL] = [], inPackage: Bool = false) async throws -> Result {
        let paths = ([modules].compactMap { $0 } + searchPaths).flatMap { ["-I", $0.path] }
        let package = inPackage ? ["-package-name", packageName] : []
        return try await run(["-typecheck", "-swift-version", "6", "-module-name", moduleName] + package + paths + files.map(\.path))
    }

    /// The name SwiftPM gives this package's modules with `-package-name`: the root package's
    /// identity (its folder's name, lowercased) as a C identifier.
    static let packageName: String = {
        let identity = Repository.root.lastPathComponent.lowercased()
        var name = String(identity.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && !(CharacterSet.alphanumerics.contains(scalar) || scalar == "_") ? "_" : Character(scalar)
        })
        if name.first?.isNumber == true { name = "_" + name }
        return name
    }()

    /// Compiles `source` into the module `name` in `folder`, for a later ``typecheck(_:searchPaths:)``;
    /// it finds the modules already emitted there.
    static func emitModule(named name: String, source: String, into folder: URL) async throws -> Result {
        let file = folder.appendingPathComponent("\(name).swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        return try await run([
            "-emit-module", "-parse-as-library", "-swift-version", "6", "-module-name", name, "-I", folder.path,
            "-emit-module-path", folder.appendingPathComponent("\(name).swiftmodule").path, file.path,
        ])
    }

    /// Runs `swiftc` off the pool (``OffThePool``): a compile takes seconds.
    private static func run(_ arguments: [String]) async throws -> Result {
        try await OffThePool.run {
            let child = try ChildProcess("swiftc", arguments: arguments, mergeStandardError: true)
            let output = String(decoding: child.output.readDataToEndOfFile(), as: UTF8.self)
            return Result(succeeded: child.wait().exitStatus == 0, output: output)
        }
    }
}
