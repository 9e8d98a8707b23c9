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

    @Test("docs/preview-layering-intro.svg is up to date")
    func layeringIntroIsUpToDate() throws {
        let file = Repository.root.appendingPathComponent("docs/preview-layering-intro.svg")
        try assertSnapshot(Self.layeringIntroSVG(), named: "preview-layering-intro.svg", file: file)
    }
}
