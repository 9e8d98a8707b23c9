import Foundation
import Testing
@testable import Waypoint

/// The preview committed under `docs/` is the one the code draws today.
@Suite("Preview document in docs")
struct PreviewDocumentTests {
    /// The layering walkthrough's introduction on an iPhone-sized screen, its layers button at the top right.
    static func layeringIntroSVG() -> String {
        previewSVG(step: layeringIntro, index: 0, of: 3, screen: phone,
                   target: Rect(x: 326, y: 56, width: 44, height: 44), safeArea: phoneSafeArea)
    }

    @Test("docs/preview-layering-intro.svg is up to date")
    func layeringIntroIsUpToDate() throws {
        let file = repositoryRoot().appendingPathComponent("docs/preview-layering-intro.svg")
        try assertOverlaySnapshot(Self.layeringIntroSVG(), named: "preview-layering-intro.svg", file: file)
    }
}
