import Foundation
import Testing
import TestSupport
import Waypoint
import WaypointTools
@testable import WaypointCLI

/// `waypoint edit` and `waypoint ship` on files: the result linted, written to standard output or
/// atomically with --out, and refused on a lint error.
@Suite("waypoint edit and ship")
struct EditShipCommandTests {
    static let document = CommandRunner.fixture("step-changes.json")

    /// A copy of the step-changes fixture in a folder of its own, and that folder.
    static func copy() throws -> (file: String, folder: URL) {
        let folder = try TemporaryFiles.directory("edit")
        let file = folder.appendingPathComponent("waypoint.json")
        try Data(StepChangesFixture.text.utf8).write(to: file)
        return (file.path, folder)
    }

    @Test func editWritesTheCanonicalResultToStandardOutput() throws {
        let edits = #"{"edits": [{"op": "set-text", "flow": "onboarding", "step": "paywall", "field": "headline", "locale": "es", "text": "Hazte premium"}]}"#
        let result = CommandRunner.run(["edit", Self.document, "--edits", edits])
        #expect(result.status == 0, "\(result.error ?? "")")
        let expected = try DocumentEdits.apply(Data(edits.utf8), to: StepChangesFixture.document()).text
        #expect(result.output == expected)
        #expect(result.output.contains(#""es": "Hazte premium""#))
    }

    @Test func editWithOutReplacesTheFileAtomicallyAndSaysWhatChanged() throws {
        let (file, folder) = try Self.copy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let editsFile = folder.appendingPathComponent("edits.json")
        try Data(#"{"edits": [{"op": "set-content", "flow": "onboarding", "step": "paywall", "field": "trialDays", "value": 14}, {"op": "stop-experiment", "key": "paywall-copy"}]}"#.utf8)
            .write(to: editsFile)
        let result = CommandRunner.run(["edit", file, "--edits", editsFile.path, "--out", file])
        #expect(result.status == 0, "\(result.error ?? "")")
        #expect(result.output.hasSuffix("Wrote \(file) (2 edits)\n  paywall · trialDays = 14\n  paywall-copy: stopped, everyone gets the control\n"), "\(result.output)")
        let written = try String(contentsOfFile: file, encoding: .utf8)
        let document = try WaypointDocument(validating: Data(written.utf8))
        #expect(document.experiments.isEmpty)
        #expect(document.flows[0].steps[2].content?["trialDays"] == .number(14))
        #expect(written == CanonicalDocument.text(document))
        // Nothing but the file is left in the folder: the temporary file was renamed.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["edits.json", "waypoint.json"])
    }

    @Test func shipWritesTheShippedDocument() throws {
        let (file, folder) = try Self.copy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("shipped.json").path
        let result = CommandRunner.run(["ship", file, "--experiment", "paywall-copy", "--variation", "annual-first", "--out", out])
        #expect(result.status == 0, "\(result.error ?? "")")
        #expect(result.output.contains("Wrote \(out) (1 edit)\n  paywall-copy: annual-first shipped to everyone\n"), "\(result.output)")
        let shipped = try WaypointDocument(validating: Data(contentsOf: URL(fileURLWithPath: out)))
        let expected = try DocumentEdits.ship("annual-first", of: "paywall-copy", in: StepChangesFixture.document()).document
        #expect(shipped == expected)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == StepChangesFixture.text, "the input is left as it was")
    }

    @Test func aLintErrorRefusesTheWriteAndPrintsTheDiagnostics() throws {
        let (file, folder) = try Self.copy()
        defer { try? FileManager.default.removeItem(at: folder) }
        // An outcome that leads to no step of the flow: the format reads it, lint refuses it.
        let edits = #"{"edits": [{"op": "set-step", "flow": "onboarding", "step": "goals", "set": {"on": {"sleep": "paywal"}}}]}"#
        let result = CommandRunner.run(["edit", file, "--edits", edits, "--out", file])
        #expect(result.status == 1)
        #expect(result.output.contains("error: "), "\(result.output)")
        #expect(result.output.contains("[unknown-target]"))
        #expect(result.output.hasSuffix("Nothing written: the edited document has errors; change the edits and run again.\n"))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == StepChangesFixture.text)
    }

    @Test(arguments: [
        (["edit", document, "--edits", #"{"edits": [{"op": "stop-experiment", "key": "paywall-cpy"}]}"#],
         "Edit 0 (`stop-experiment`): the document has no experiment `paywall-cpy`; did you mean `paywall-copy`?"),
        (["ship", document, "--experiment", "paywall-copy", "--variation", "anual-first"],
         "Experiment `paywall-copy` has no variation `anual-first`; did you mean `annual-first`?"),
        (["edit", document, "--edits", "missing-edits.json"], "No edits at missing-edits.json."),
    ])
    func aBadEditIsAnErrorThatNamesIt(arguments: [String], message: String) {
        let result = CommandRunner.run(arguments)
        #expect(result.status == 1)
        #expect(result.error?.hasPrefix(message) == true, "\(result.error ?? "")")
        #expect(result.output.isEmpty)
    }
}

/// `resolve` and `play` on an experiment that says what it is for and whose variation merges content.
@Suite("resolve and play with goals and merged content")
struct PurposeAndMergeCommandTests {
    static let text = #"""
        {"schemaVersion": 1,
         "flows": [{"id": "onboarding", "steps": [
           {"id": "paywall", "screen": "Paywall", "content": {"headline": "Go premium", "button": "Continue", "badge": "New"}}]}],
         "experiments": [{"key": "paywall-copy", "variations": ["control", "annual"],
           "goal": "paywall:next", "guardrails": ["$complete"], "minimumDetectableEffect": 0.05, "hypothesis": "Shorter copy sells",
           "changes": {"annual": [{"flow": "onboarding", "step": "paywall", "set": {"content": {"headline": "Save 40%", "badge": null}}}]}}]}
        """#

    static func file() throws -> (path: String, folder: URL) {
        let folder = try TemporaryFiles.directory("purpose")
        let file = folder.appendingPathComponent("waypoint.json")
        try Data(text.utf8).write(to: file)
        return (file.path, folder)
    }

    @Test func resolveShowsWhatTheExperimentIsFor() throws {
        let (file, folder) = try Self.file()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = CommandRunner.run(["resolve", file, "--attributes", #"{"id":"u-1"}"#])
        #expect(result.status == 0)
        #expect(result.output.contains(
            "Experiments\n  paywall-copy  goal paywall:next, guardrails $complete, minimum detectable effect 5%  hypothesis: Shorter copy sells\n"),
            "\(result.output)")
        let json = CommandRunner.run(["resolve", file, "--attributes", #"{"id":"u-1"}"#, "--format", "json"])
        #expect(json.output.contains(
            #""experiments":{"paywall-copy":{"goal":"paywall:next","guardrails":["$complete"],"hypothesis":"Shorter copy sells","minimumDetectableEffect":0.05}}"#),
            "\(json.output)")
    }

    @Test func playShowsTheMergedContentWithoutTheRemovedKey() throws {
        let (file, folder) = try Self.file()
        defer { try? FileManager.default.removeItem(at: folder) }
        let annual = CommandRunner.run(["play", file, "--flow", "onboarding", "--variation", "annual", "--script", "next"])
        #expect(annual.status == 0, "\(annual.error ?? "")")
        #expect(annual.output.contains(#"    content: button "Continue", headline "Save 40%""#), "\(annual.output)")
        let control = CommandRunner.run(["play", file, "--flow", "onboarding", "--variation", "control", "--script", "next"])
        #expect(control.output.contains(#"    content: badge "New", button "Continue", headline "Go premium""#), "\(control.output)")
        // Lint warns of the removal.
        let lint = CommandRunner.run(["lint", file])
        #expect(lint.status == 0)
        #expect(lint.output.contains("the change removes `badge` from the content of step `paywall` of flow `onboarding`"), "\(lint.output)")
        #expect(lint.output.contains("[removed-content]"))
    }
}
