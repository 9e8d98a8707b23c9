import Foundation
import Testing
import TestSupport
@testable import Waypoint
@testable import WaypointTools

/// The preview committed under `docs/` is the one the code draws today.
@Suite("Preview document in docs")
struct PreviewDocumentTests {
    /// The layering walkthrough's introduction on an iPhone-sized screen, its layers button at the top right.
    static func layeringIntroSVG() -> String {
        OverlaySVG.document(step: layeringIntro, index: 0, of: 3, screen: phone,
                   target: OverlayRect(x: 326, y: 56, width: 44, height: 44), safeArea: phoneSafeArea)
    }

    /// The paywall of the example's `upgrade` flow in variation `annual-first`, in German, as `waypoint preview --flow` draws it.
    static func paywallCardSVG() throws -> String {
        let resolution = try RenderingFixtures.exampleDocument().resolve(
            attributes: ["locale": "de"], forcedVariations: ["paywall-copy": "annual-first"], preferredLanguages: [])
        let step = try #require(resolution.flows["upgrade"]?.fixedSteps?.first { $0.id == "paywall" })
        let notes = ["variation annual-first of paywall-copy (forced by --variation)", "locale de"]
        return ContentCardSVG().render(ContentCardSVG.Card(flowID: "upgrade", step: step, notes: notes))
    }

    @Test("docs/preview-upgrade-paywall-annual-first-de.svg is up to date")
    func paywallCardIsUpToDate() throws {
        let file = Repository.root.appendingPathComponent("docs/preview-upgrade-paywall-annual-first-de.svg")
        try assertSnapshot(try Self.paywallCardSVG(), named: "preview-upgrade-paywall-annual-first-de.svg", file: file)
    }

    @Test("docs/preview-layering-intro.svg is up to date")
    func layeringIntroIsUpToDate() throws {
        let file = Repository.root.appendingPathComponent("docs/preview-layering-intro.svg")
        try assertSnapshot(Self.layeringIntroSVG(), named: "preview-layering-intro.svg", file: file)
    }
}
