import Testing
@testable import WaypointServer

/// What the dashboard's editing pages share: reading a submitted form, placing its problems, and the
/// refusal of one edit in the words of a page whose user made no numbered edits.
@Suite("Form fields and their problems")
struct FormFieldsTests {
    @Test func aFormKeepsItsOrderAndRepeatedNamesAndTheFirstValueWins() {
        let fields = FormFields(urlEncoded: "csrf=t&guardrail=a&headline+%28de%29=Hol+dir%21&guardrail=b&variation-1-name=x&variation-0-weight=5&empty")
        #expect(fields["guardrail"] == "a")
        #expect(fields.values("guardrail") == ["a", "b"])
        #expect(fields["headline (de)"] == "Hol dir!")
        #expect(fields["empty"] == "")
        #expect(fields["missing"] == nil)
        #expect(fields.rowNumbers(prefix: "variation") == [0, 1])
    }

    @Test func problemsStandBesideTheirFieldOrAboveTheForm() {
        var problems = FieldProblems("Not a number.", field: "coverage")
        problems.add(FieldProblem(severity: "warning", message: "Unused.", code: "unused-goal"), field: nil)
        #expect(problems.of("coverage") == [FieldProblem(message: "Not a number.")])
        #expect(problems.of("goal").isEmpty)
        #expect(problems.top == [FieldProblem(severity: "warning", message: "Unused.", code: "unused-goal")])
        #expect(!problems.isEmpty && FieldProblems().isEmpty)
    }

    @Test func aRefusedEditIsSaidWithoutItsNumber() {
        #expect(DashboardController.withoutEditNumber("Edit 0 (`add-experiment`): the document already has it.") == "The document already has it.")
        #expect(DashboardController.withoutEditNumber("Edit 12: no such step.") == "No such step.")
        // Not an edit's label: kept as it is.
        #expect(DashboardController.withoutEditNumber("Edit 0 (`set-step`) makes a document that cannot be read: x") == "Edit 0 (`set-step`) makes a document that cannot be read: x")
        #expect(DashboardController.withoutEditNumber("Editing failed: x") == "Editing failed: x")
    }
}
