import Foundation
import Testing
@testable import Waypoint

/// Step ids, outcomes and custom steps are held without references so that visits and effects copy
/// as plain bytes; what users read back must be exactly what they gave.
@Suite("Compact step ids, departures and visits")
struct CompactStringTests {
    static let texts = [
        "", "a", "welcome", "personalization", // 15 bytes: the longest inline
        "personalizations", // 16 bytes: interned
        "shared-end/notifications", "état-civil", "e\u{301}tat", "👋🏽", "健康データ",
        String(repeating: "long-step-id-", count: 20),
    ]

    @Test(arguments: texts)
    func textRoundTripsExactly(text: String) {
        let compact = CompactString(text)
        #expect(compact.string == text)
        #expect(Array(compact.string.utf8) == Array(text.utf8))
        #expect(compact.isInline == (text.utf8.count <= 15))
        #expect(compact == CompactString(text))
        #expect(compact.firstByte == text.utf8.first)
    }

    @Test(arguments: texts)
    func bytesRoundTrip(text: String) {
        let compact = CompactString(text)
        let bytes = compact.withBytes { Array($0) }
        #expect(bytes == Array(text.utf8))
        #expect(bytes.withUnsafeBufferPointer(CompactString.init(bytes:)) == compact)
    }

    @Test(arguments: [
        ("shared-end", "done"), ("a", "b"), ("shared-end", "notifications"), ("ab", "cdefghijklm"),
        ("ab", "cdefghijklmn"), (String(repeating: "x", count: 30), "y"), ("état", "étape"), ("", ""),
    ])
    func joiningIsTheTextWithASlash(prefix: String, component: String) {
        let joined = CompactString.joining(CompactString(prefix), component)
        #expect(joined == CompactString(prefix + "/" + component))
        #expect(joined.string == prefix + "/" + component)
        #expect(StepPath(prefix).appending(component) == StepPath(prefix + "/" + component))
    }

    @Test func distinctTextsStayDistinct() {
        let compacts = Self.texts.map(CompactString.init)
        #expect(Set(compacts).count == Self.texts.count)
        #expect(!Self.texts.map(CompactString.init).contains(.absent))
    }

    @Test func canonicallyEquivalentTextsAreDifferentIDs() {
        // "é" precomposed and "e" + combining accent are equal Strings but different ids.
        #expect("\u{e9}" == "e\u{301}")
        #expect(StepPath("\u{e9}tape") != StepPath("e\u{301}tape"))
        #expect(StepPath("\u{e9}tape").rawValue.unicodeScalars.count == 5)
    }

    @Test func theReservedBackOutcomeIsPackedAsTheTextBack() {
        #expect(CompactString.backOutcome == CompactString(Outcome.back))
        #expect(CompactString.backOutcome.string == "back")
    }

    @Test func stepPathsKeepTheirParts() {
        let path = StepPath("onboarding-shared-end/notifications")
        #expect(path.isNested)
        #expect(path.rawValue == "onboarding-shared-end/notifications")
        #expect(path.stepID == "notifications")
        #expect(path.parent == StepPath("onboarding-shared-end"))
        #expect(path.components == ["onboarding-shared-end", "notifications"])
        #expect(StepPath("splash").appending("x") == StepPath("splash/x"))
    }

    @Test func departuresKeepTheirOutcome() {
        #expect(Departure.outcome("register").outcome == "register")
        #expect(Departure.outcome("a-rather-long-outcome-name").rawValue == "a-rather-long-outcome-name")
        #expect(Departure.jump.outcome == nil)
        #expect(Departure.completedFlow.rawValue == "$complete")
        #expect(Departure.outcome("").outcome == "")
    }

    @Test func visitsKeepCustomStepsAndDepartures() throws {
        let custom = CustomStep("promo-with-a-long-identifier", screen: "PromoScreen")
        let visit = Visit(path: "splash", custom: custom, departure: .outcome("dismissed"))
        #expect(visit.custom == custom)
        #expect(visit.stepID == "promo-with-a-long-identifier")
        #expect(visit.departure == .outcome("dismissed"))
        #expect(visit.isCustom)
        #expect(visit == Visit(path: "splash", custom: CustomStep("promo-with-a-long-identifier", screen: "PromoScreen"), departure: .outcome("dismissed")))
        #expect(visit != Visit(path: "splash", custom: CustomStep("promo-with-a-long-identifier"), departure: .outcome("dismissed")))
        #expect(visit.hashValue == Visit(path: "splash", custom: custom, departure: .outcome("dismissed")).hashValue)
        let plain = Visit(path: "shared-end/notifications")
        #expect(plain.custom == nil && plain.departure == nil && !plain.isCustom)

        let data = try JSONEncoder().encode([visit, plain])
        #expect(try JSONDecoder().decode([Visit].self, from: data) == [visit, plain])
    }

    @Test func aSavedStateKeepsItsFormat() throws {
        var state = FlowState(flowID: "signup", flowVersion: 2)
        state.visits = [Visit(path: "splash", departure: .outcome("register")), Visit(path: "registration")]
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(state), as: UTF8.self)
        #expect(json == #"{"flowID":"signup","flowVersion":2,"isCompleted":false,"path":[{"departure":"register","path":"splash"},{"path":"registration"}]}"#)
        #expect(try JSONDecoder().decode(FlowState.self, from: Data(json.utf8)) == state)
    }

    @Test func internedTextsAreSharedAcrossThreads() async {
        let ids = (0..<200).map { "a-step-id-long-enough-to-intern-\($0 % 50)" }
        let compacts = await withTaskGroup(of: [CompactString].self) { group in
            for _ in 0..<4 { group.addTask { ids.map(CompactString.init) } }
            return await group.reduce(into: []) { $0.append(contentsOf: $1) }
        }
        #expect(Set(compacts).count == 50)
        #expect(compacts.allSatisfy { ids.contains($0.string) })
    }
}
