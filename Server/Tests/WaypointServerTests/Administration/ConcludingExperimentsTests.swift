import Foundation
import Testing
import Waypoint
@testable import WaypointServer

/// The decision a publish records: `shipped` when the revision published was made, since the
/// revision the environment served, through `ship-variation` of the experiment.
@Suite("Concluding experiments: the decision")
struct ConcludingExperimentsTests {
    static let document = #"{"schemaVersion": 1, "experiments": [{"key": "paywall-copy", "variations": ["control", "annual-first"]}]}"#
    static let ship = #"{"edits": [{"op": "ship-variation", "experiment": "paywall-copy", "variation": "annual-first"}]}"#
    static let text = #"{"edits": [{"op": "set-text", "flow": "upgrade", "step": "paywall", "field": "headline", "locale": "es", "text": "Hola"}]}"#

    /// Revisions 1 and 2 uploaded, 3 ships annual-first from 2, 4 edits text from 3, 5 ships another experiment from 1.
    static let summaries: [RevisionSummary] = [
        RevisionSummary(revision: 1, sha256: "1", createdAt: Date(), publishedTo: []),
        RevisionSummary(revision: 2, sha256: "2", createdAt: Date(), publishedTo: []),
        RevisionSummary(revision: 3, sha256: "3", createdAt: Date(), publishedTo: [], base: 2, edits: ship),
        RevisionSummary(revision: 4, sha256: "4", createdAt: Date(), publishedTo: [], base: 3, edits: text),
        RevisionSummary(
            revision: 5, sha256: "5", createdAt: Date(), publishedTo: [], base: 1,
            edits: #"{"edits": [{"op": "ship-variation", "experiment": "short-signup", "variation": "short"}]}"#),
    ]

    @Test(arguments: [
        (3, 2, "annual-first"),  // made by the ship from the revision served
        (4, 2, "annual-first"),  // a later edit of the shipped revision
        (4, 1, "annual-first"),  // the chain reaches past revision 2, made after the one served
        (4, 3, nil),  // the ship was in the revision served already
        (2, 4, nil),  // a rollback
        (5, 1, nil),  // another experiment shipped
        (2, 1, nil),  // an upload
    ] as [(Int, Int, String?)])
    func theShipIsFoundAlongTheBases(publishing: Int, served: Int, shipped: String?) throws {
        let experiment = try #require(try WaypointDocument(validating: Data(Self.document.utf8)).experiments.first)
        #expect(ConcludingExperiments.shippedVariation(of: experiment, publishing: publishing, previous: served, summaries: Self.summaries) == shipped)
    }
}
