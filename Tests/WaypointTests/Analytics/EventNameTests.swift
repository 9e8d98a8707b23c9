import Testing
import Waypoint

@Suite("Event names")
struct EventNameTests {
    @Test(arguments: EventName.all)
    func everyNameWaypointReportsIsKnown(name: EventName) {
        #expect(name.isKnown)
        #expect(name.suggestion == name)
    }

    @Test(arguments: [("Flow Strated", "Flow Started"), ("step viewed", "Step Viewed"), ("Hint Shwn", "Hint Shown")])
    func aTypoSuggestsTheName(typo: String, expected: String) {
        #expect(!EventName(typo).isKnown)
        #expect(EventName(typo).suggestion == EventName(expected))
    }

    @Test func anotherNameSuggestsNothing() {
        #expect(!EventName("Purchase").isKnown)
        #expect(EventName("Purchase").suggestion == nil)
    }
}
