import Foundation
import Testing
import TestSupport
import Waypoint
@testable import WaypointCLI

/// Every case of `spec/` answered by the core, the case files' rules, and the harness run end to end
/// against `waypoint conformance-client` (docs/CLIENTS.md).
@Suite("Conformance cases")
struct ConformanceSpecTests {
    static let spec = Repository.root.appendingPathComponent("spec").path

    /// Every case of the suite, loaded once.
    static let cases: [ConformanceCase] = (try? ConformanceSuite.load(directory: spec).flatMap(\.cases)) ?? []

    @Test func theSuiteLoads() throws {
        let files = try ConformanceSuite.load(directory: Self.spec)
        #expect(!files.isEmpty)
        #expect(Self.cases.count == files.reduce(0) { $0 + $1.cases.count })
    }

    @Test(arguments: cases)
    func theCoreAnswersTheCase(_ item: ConformanceCase) async throws {
        // Off the pool: a delivery case blocks its thread while the queue and the sink run as tasks.
        let output = try await OffThePool.run { try ConformanceClient.output(kind: item.kind, input: item.input) }
        #expect(item.isExpected(output), "\(ConformanceMismatch(case: item, answer: .output(output)).text)")
    }

    /// Every JSON file under `spec/` is a case file the suite reads, or a schema; every kind has cases
    /// and a schema; every folder is a kind's or the schemas'.
    @Test func everyCaseFileIsUsed() throws {
        let root = URL(fileURLWithPath: Self.spec)
        let loaded = Set(try ConformanceSuite.load(directory: Self.spec).map(\.path))
        let folders = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { name in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: root.appendingPathComponent(name).path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
        for folder in folders.sorted() where folder != "schemas" {
            #expect(ConformanceKind(rawValue: folder) != nil, "spec/\(folder) is not the folder of a kind")
            for name in try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path).sorted() {
                #expect(name.hasSuffix(".json") && loaded.contains(Self.spec + "/" + folder + "/" + name), "spec/\(folder)/\(name) is not read")
            }
        }
        let schemas = Set(try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("schemas").path))
        for kind in ConformanceKind.allCases {
            #expect(Self.cases.contains { $0.kind == kind }, "no case of kind \(kind.rawValue)")
            #expect(schemas.contains("\(kind.rawValue).schema.json"), "no spec/schemas/\(kind.rawValue).schema.json")
        }
    }

    /// The `waypoint` executable, built next to the test bundle.
    static func waypoint() throws -> String {
        try BuiltExecutable.path("waypoint")
    }

    /// Runs `waypoint conformance DIRECTORY --client CLIENT` (by default `waypoint conformance-client`)
    /// as a process: what it printed (both outputs) and its exit status.
    static func harness(_ directory: String, client: String? = nil, extra: [String] = []) async throws -> (text: String, status: Int32?) {
        let waypoint = try waypoint()
        return try await OffThePool.run {
            let child = try ChildProcess(
                waypoint, arguments: ["conformance", directory] + extra + ["--client", client ?? "\(waypoint) conformance-client"],
                mergeStandardError: true)
            let data = child.output.readDataToEndOfFile()
            return (String(decoding: data, as: UTF8.self), child.wait().exitStatus)
        }
    }

    @Test func theHarnessPassesTheCoreThroughARealProcess() async throws {
        let (text, status) = try await Self.harness(Self.spec)
        #expect(status == 0, "\(text)")
        #expect(text.hasSuffix("\(Self.cases.count) passed, 0 failed\n"), "\(text)")
    }

    /// A wrong expected answer planted in a copy of the cases fails with the case's file, line and id and a diff.
    @Test func aPlantedWrongAnswerFailsWithTheCaseIDAndADiff() async throws {
        let copy = try TemporaryFiles.directory("conformance")
        defer { try? FileManager.default.removeItem(at: copy) }
        let folder = copy.appendingPathComponent("text")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let original = try String(contentsOfFile: Self.spec + "/text/fallback.json", encoding: .utf8)
        let planted = original.replacingOccurrences(of: "\"locale\": \"pt\",", with: "\"locale\": \"pt-PT\",")
        #expect(planted != original)
        try planted.write(to: folder.appendingPathComponent("fallback.json"), atomically: true, encoding: .utf8)
        let (text, status) = try await Self.harness(copy.path)
        let total = try ConformanceSuite.load(directory: copy.path).flatMap(\.cases).count
        let line = ConformanceSuite.line(of: "text/language-of-a-regional-locale", in: planted)
        #expect(status == 1)
        #expect(text.contains("text/fallback.json:\(line): error: text/language-of-a-regional-locale: the answer differs from the expected (- expected, + answer)\n"), "\(text)")
        #expect(text.contains("-   \"locale\" : \"pt-PT\",\n+   \"locale\" : \"pt\",\n"), "\(text)")
        #expect(text.hasSuffix("\(total - 1) passed, 1 failed\n"), "\(text)")
    }

    @Test func aClientThatAnswersNothingFailsEveryCaseWithTheReason() async throws {
        let (text, status) = try await Self.harness(Self.spec, client: "cat > /dev/null", extra: ["--kind", "text", "--timeout", "1"])
        let count = Self.cases.filter { $0.kind == .text }.count
        #expect(status == 1)
        #expect(text.contains("error: text/exact-locale: the client `cat > /dev/null` gave no answer within 1.0 seconds"), "\(text)")
        #expect(text.hasSuffix("0 passed, \(count) failed\n"), "\(text)")
    }

    @Test(arguments: [
        (#"{"version": 2, "kind": "text", "cases": []}"#, "`version` must be 1"),
        (#"{"version": 1, "kind": "navigation", "cases": []}"#, "`kind` must be \"text\", the name of the folder the file is in."),
        (#"{"version": 1, "kind": "text", "cases": [{"id": "text/a", "description": "", "input": {}, "expected": {}, "extra": 1}]}"#,
         "case `text/a` has the unknown key `extra`."),
        (#"{"version": 1, "kind": "text", "cases": [{"id": "other/a", "description": "", "input": {}, "expected": {}}]}"#,
         "case `other/a`: ids start with `text/`"),
        (#"{"version": 1, "kind": "text", "cases": [{"id": "text/a"}]}"#, "case 1 needs a string `id`, a `description`, an `input` and an `expected`."),
        ("[", "not valid JSON"),
    ])
    func aCaseFileThatCannotBeReadIsRefusedWithTheReason(_ contents: String, _ message: String) throws {
        let copy = try TemporaryFiles.directory("conformance")
        defer { try? FileManager.default.removeItem(at: copy) }
        let folder = copy.appendingPathComponent("text")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try contents.write(to: folder.appendingPathComponent("bad.json"), atomically: true, encoding: .utf8)
        #expect {
            _ = try ConformanceSuite.load(directory: copy.path)
        } throws: { error in
            "\(error)".hasPrefix(copy.path + "/text/bad.json: ") && "\(error)".contains(message)
        }
    }

    @Test func stringsCompareByTheirBytesAndNumbersByValue() {
        let item = ConformanceCase(
            id: "text/x", kind: .text, description: "", input: [:], expected: ["text": .string("cafe\u{301}"), "count": 1], file: "f", line: 1)
        #expect(item.isExpected(["count": 1.0, "text": .string("cafe\u{301}")]))
        #expect(!item.isExpected(["count": 1, "text": .string("caf\u{E9}")]))
        #expect(!item.isExpected(["count": 2, "text": .string("cafe\u{301}")]))
    }

    @Test func anInputWithAnUnknownMemberIsRefused() throws {
        let answer = ConformanceClient.answer(
            line: #"{"id": "text/x", "kind": "text", "input": {"preferredLocales": [], "defaultLocale": null, "translations": {}, "fallback": "en"}}"#)
        #expect(answer == #"{"error":"the input has the unknown member `fallback`; a TextInput has `defaultLocale`, `preferredLocales`, `translations`","id":"text/x"}"#)
        #expect(ConformanceClient.answer(line: #"{"id": "x/1", "kind": "teleport", "input": {}}"#).contains("unknown kind `teleport`"))
    }
}

extension ConformanceCase: CustomTestStringConvertible {
    public var testDescription: String { id }
}
