import Foundation

/// The executables this package builds, found next to the running test bundle.
package enum BuiltExecutable {
    /// The path of the product `name` (such as `waypoint`), built next to the test bundle.
    package static func path(_ name: String) throws -> String {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL.deletingLastPathComponent(),
            Bundle.main.bundleURL,
        ]
        for directory in candidates {
            let url = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url.path }
        }
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "\(name) next to \(CommandLine.arguments[0])"])
    }
}
