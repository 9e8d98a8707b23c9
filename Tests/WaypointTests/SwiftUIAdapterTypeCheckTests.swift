import Foundation
import Testing
import TestSupport

/// The UI adapters (`Sources/WaypointUI`) type-check in Swift 6 mode against stub SwiftUI,
/// UIKit, AppKit, QuartzCore, CoreGraphics, Accessibility, `os` and Objective-C modules and the
/// built `Waypoint` module, once per platform.
///
/// None of those frameworks exist here. `Tests/WaypointTests/Stubs` declares the parts of them the
/// adapters use, with Apple's signatures, isolation (`@MainActor` views and controllers), Sendable
/// conformances and optionality, and empty bodies; extend them when an adapter uses a new API, and
/// keep each declaration as Apple declares it.
///
/// What is checked, per run:
/// - Each platform's `os(…)` condition is taken as true in a copy of the adapters, and the stub
///   modules are emitted with `-D STUB_<PLATFORM>`, so that an API the platform lacks (at the
///   package's deployment targets) is missing from that run: an ungated `DragGesture` fails the tvOS
///   run, an ungated `onExitCommand` the iOS run (see ``plantedAvailabilityMistakeFails``).
/// - The iOS, tvOS, visionOS and watchOS runs see UIKit (watchOS's without views, windows, scenes,
///   controls or gesture recognizers); the macOS run sees AppKit and no UIKit; all five see `os`,
///   so `Logger` and its `privacy:` interpolations are checked. The run without a platform (`""`)
///   sees neither UIKit, AppKit nor `os`, as on Linux.
/// - So `WalkthroughOverlayController.swift` and `WalkthroughOverlayUIView.swift` are really
///   type-checked in the iOS and visionOS runs (``aWrongUIKitCallFails``), and the UIKit and AppKit
///   branches of `SystemFontTextMeasurer.swift` in the runs that see those modules.
/// - `@objc` and `#selector` need the Objective-C runtime: the copy drops `@objc ` and rewrites
///   `#selector(method)` to `Selector(stubMethod: method)` (a stub initializer taking the method
///   itself, with no argument or one), and the test checks that every method a `#selector` names
///   is declared `@objc` in the same file.
///
/// What is not: nothing runs, and nothing is compiled against Apple's SDKs. The stubs are only as
/// right as their declarations (availability was read from Apple's documentation, not from the
/// SDKs' interfaces). An API introduced after the deployment targets is caught only where the
/// stubs leave it out (as `ContentShapeKinds.hoverEffect`, tvOS 18, on tvOS); deprecations,
/// Objective-C selector signatures and what UIKit does at run time are not checked.
@Suite("UI adapters type-check against stub modules")
struct SwiftUIAdapterTypeCheckTests {
    static let stubs = Repository.root.appendingPathComponent("Tests/WaypointTests/Stubs")
    static let adapters = Repository.root.appendingPathComponent("Sources/WaypointUI")

    /// The stub modules a platform's run sees, in the order they are emitted (each imports some
    /// of the earlier ones), and its `-D` flag.
    static func stubModules(for platform: String) -> (modules: [String], flag: String?) {
        switch platform {
        case "": (["CoreGraphics", "SwiftUI", "Accessibility"], nil)
        case "macOS": (["CoreGraphics", "ObjectiveC", "os", "QuartzCore", "AppKit", "SwiftUI", "Accessibility"], "STUB_MACOS")
        case "watchOS": (["CoreGraphics", "ObjectiveC", "os", "UIKit", "SwiftUI", "Accessibility"], "STUB_WATCHOS")
        default: (["CoreGraphics", "ObjectiveC", "os", "QuartzCore", "UIKit", "SwiftUI", "Accessibility"], "STUB_\(platform.uppercased())")
        }
    }

    /// The stub modules of `platform`, emitted into `folder`.
    static func emitStubs(for platform: String, into folder: URL) async throws {
        let (modules, flag) = stubModules(for: platform)
        for name in modules {
            let source = try String(contentsOf: stubs.appendingPathComponent("\(name).swift"), encoding: .utf8)
            let file = folder.appendingPathComponent("\(name).swift")
            try source.write(to: file, atomically: true, encoding: .utf8)
            let result = try await swiftc([
                "-emit-module", "-parse-as-library", "-swift-version", "6", "-module-name", name, "-I", folder.path,
                "-emit-module-path", folder.appendingPathComponent("\(name).swiftmodule").path, file.path,
            ] + (flag.map { ["-D", $0] } ?? []))
            #expect(result.succeeded, "stub \(name) for \(platform.isEmpty ? "no platform" : platform): \(result.output)")
        }
    }

    /// Runs `swiftc` off the pool.
    static func swiftc(_ arguments: [String]) async throws -> TypeCheck.Result {
        try await OffThePool.run {
            let child = try ChildProcess("swiftc", arguments: arguments, mergeStandardError: true)
            let output = String(decoding: child.output.readDataToEndOfFile(), as: UTF8.self)
            return TypeCheck.Result(succeeded: child.wait().exitStatus == 0, output: output)
        }
    }

    /// The names of the methods `text` names in `#selector(…)`.
    static func selectorNames(in text: String) throws -> [String] {
        text.matches(of: try Regex(#"#selector\((\w+)"#)).compactMap { $0.output[1].substring.map(String.init) }
    }

    /// `text` as the stub modules can check it: `os(platform)` taken as true, `@objc` dropped and
    /// `#selector(method)` rewritten to `Selector(stubMethod: method)`.
    static func prepared(_ text: String, platform: String) throws -> String {
        var text = text
        if !platform.isEmpty { text = text.replacingOccurrences(of: "os(\(platform))", with: "true") }
        text = text.replacing(try Regex(#"@objc(\(\w+(:\w*)*\))? "#), with: "")
        text = text.replacing(try Regex(#"#selector\(((?:[^()]|\([^()]*\))*)\)"#)) { "Selector(stubMethod: \($0.output[1].substring ?? ""))" }
        return text
    }

    /// Copies the adapters, changed by `edit` (file name, text), for `platform` and type-checks them.
    static func typecheckAdapters(
        platform: String, edit: (String, String) -> String = { $1 }, extraFiles: [String: String] = [:]
    ) async throws -> TypeCheck.Result {
        let folder = try TemporaryFiles.directory("ui-adapters")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await emitStubs(for: platform, into: folder)
        let sources = folder.appendingPathComponent("Sources")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        let names = try FileManager.default.contentsOfDirectory(atPath: adapters.path).filter { $0.hasSuffix(".swift") }.sorted()
        #expect(names.count >= 9)
        var files: [URL] = []
        for name in names {
            let text = edit(name, try String(contentsOf: adapters.appendingPathComponent(name), encoding: .utf8))
            let file = sources.appendingPathComponent(name)
            try prepared(text, platform: platform).write(to: file, atomically: true, encoding: .utf8)
            files.append(file)
        }
        for (name, text) in extraFiles {
            let file = sources.appendingPathComponent(name)
            try prepared(text, platform: platform).write(to: file, atomically: true, encoding: .utf8)
            files.append(file)
        }
        return try await TypeCheck.typecheck(files: files, moduleName: "WaypointUI", searchPaths: [folder], inPackage: true)
    }

    @Test("Every adapter file type-checks, on each platform's branches", .enabled(if: TypeCheck.modules != nil),
          arguments: ["", "iOS", "macOS", "tvOS", "watchOS", "visionOS"])
    func adaptersTypeCheck(platform: String) async throws {
        let result = try await Self.typecheckAdapters(platform: platform)
        #expect(result.succeeded, "\(result.output)")
        #expect(!result.output.contains("warning:"), "\(result.output)")
    }

    @Test("Every method a #selector names is declared @objc in its file")
    func selectorsNameObjCMethods() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.adapters.path).filter { $0.hasSuffix(".swift") }
        var selectors = 0
        for name in names {
            let text = try String(contentsOf: Self.adapters.appendingPathComponent(name), encoding: .utf8)
            for method in try Self.selectorNames(in: text) {
                selectors += 1
                let declaration = try Regex(#"@objc(\([^)]*\))? (\w+ )*func \#(method)\b"#)
                #expect(text.contains(declaration), "\(name): #selector(\(method)) names no @objc method")
            }
        }
        #expect(selectors >= 4)
    }

    @Test("The UIKit files are type-checked in the iOS and visionOS runs, not where UIKit is absent",
          .enabled(if: TypeCheck.modules != nil),
          arguments: ["iOS", "visionOS", ""], ["WalkthroughOverlayController.swift", "WalkthroughOverlayUIView.swift"])
    func aWrongUIKitCallFails(platform: String, file: String) async throws {
        var planted = false
        let result = try await Self.typecheckAdapters(platform: platform) { name, text in
            guard name == file, let end = text.range(of: "#endif", options: .backwards) else { return text }
            planted = true
            // Inside the file's `#if canImport(UIKit) && (os(iOS) || os(visionOS))`.
            return text.replacingCharacters(
                in: end, with: "@MainActor func plantedCall(_ view: UIView) { view.notAUIKitMethod() }\n#endif")
        }
        #expect(planted)
        if platform.isEmpty {
            #expect(result.succeeded, "without UIKit the UIKit files are skipped: \(result.output)")
        } else {
            #expect(!result.succeeded)
            #expect(result.output.contains("\(file):") && result.output.contains("notAUIKitMethod"), "\(result.output)")
        }
    }

    /// An availability mistake (`code`, planted at the end of `file`, inside its platform
    /// condition), the platform whose run must fail on it, naming `api`, and one whose run passes.
    struct PlantedMistake: Sendable, CustomTestStringConvertible {
        var file = "WalkthroughOverlayView.swift"
        let code: String
        let api: String
        let failing: String
        let passing: String
        var testDescription: String { "\(api) fails \(failing), passes \(passing)" }
    }

    static let mistakes = [
        PlantedMistake(code: "extension WalkthroughOverlayView { var planted: some View { body.onExitCommand { onEscape() } } }",
                       api: "onExitCommand", failing: "iOS", passing: "tvOS"),
        PlantedMistake(code: "extension WalkthroughOverlayView { var planted: some View { body.gesture(DragGesture().onEnded { _ in }) } }",
                       api: "DragGesture", failing: "tvOS", passing: "iOS"),
        PlantedMistake(code: "extension WalkthroughOverlayView { var planted: some View { body.hoverEffect() } }",
                       api: "hoverEffect", failing: "macOS", passing: "visionOS"),
        PlantedMistake(
            code: "extension WalkthroughOverlayView { var planted: some View { body.background { Color(uiColor: .secondarySystemGroupedBackground) } } }",
            api: "secondarySystemGroupedBackground", failing: "tvOS", passing: "iOS"),
        PlantedMistake(
            file: "WalkthroughOverlayUIView.swift",
            code: "extension WalkthroughOverlayUIView { var plantedScreen: CGRect { window?.screen.bounds ?? .zero } }",
            api: "screen", failing: "visionOS", passing: "iOS"),
    ]

    @Test("An ungated API fails exactly the run of the platform that lacks it", .enabled(if: TypeCheck.modules != nil),
          arguments: mistakes)
    func plantedAvailabilityMistakeFails(mistake: PlantedMistake) async throws {
        let edit = { (name: String, text: String) -> String in
            guard name == mistake.file, let end = text.range(of: "#endif", options: .backwards) else { return text }
            return text.replacingCharacters(in: end, with: "\(mistake.code)\n#endif")
        }
        let failing = try await Self.typecheckAdapters(platform: mistake.failing, edit: edit)
        #expect(!failing.succeeded, "\(mistake.failing) should lack \(mistake.api)")
        #expect(failing.output.contains("'\(mistake.api)'"), "\(failing.output)")
        #expect(failing.output.contains("\(mistake.file):"), "\(failing.output)")
        let passing = try await Self.typecheckAdapters(platform: mistake.passing, edit: edit)
        #expect(passing.succeeded, "\(mistake.passing) has \(mistake.api): \(passing.output)")
    }

    @Test("The check fails on a call the stubs do not declare", .enabled(if: TypeCheck.modules != nil))
    func unknownAPIFails() async throws {
        let folder = try TemporaryFiles.directory("swiftui-adapters")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await Self.emitStubs(for: "", into: folder)
        let file = folder.appendingPathComponent("Wrong.swift")
        try "import SwiftUI\nstruct Wrong: View { var body: some View { Text(verbatim: \"x\").notASwiftUIModifier() } }\n"
            .write(to: file, atomically: true, encoding: .utf8)
        let result = try await TypeCheck.typecheck(files: [file], moduleName: "Wrong", searchPaths: [folder])
        #expect(!result.succeeded)
        #expect(result.output.contains("notASwiftUIModifier"), "\(result.output)")
    }

    @Test("A Logger message takes privacy levels and no plain String", .enabled(if: TypeCheck.modules != nil))
    func loggerMessagesAreChecked() async throws {
        let folder = try TemporaryFiles.directory("os-stub")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await Self.emitStubs(for: "iOS", into: folder)
        let good = folder.appendingPathComponent("Good.swift")
        try """
            import os
            func log(_ id: String, count: Int) {
                Logger(subsystem: "s", category: "c").warning("Anchor '\\(id, privacy: .public)' is used by \\(count) views")
            }
            """.write(to: good, atomically: true, encoding: .utf8)
        let accepted = try await TypeCheck.typecheck(files: [good], moduleName: "Good", searchPaths: [folder])
        #expect(accepted.succeeded, "\(accepted.output)")
        let bad = folder.appendingPathComponent("Bad.swift")
        try """
            import os
            func log(_ message: String) { Logger(subsystem: "s", category: "c").warning(message) }
            """.write(to: bad, atomically: true, encoding: .utf8)
        let rejected = try await TypeCheck.typecheck(files: [bad], moduleName: "Bad", searchPaths: [folder])
        #expect(!rejected.succeeded, "Apple's Logger takes an OSLogMessage, not a String")
    }
}
