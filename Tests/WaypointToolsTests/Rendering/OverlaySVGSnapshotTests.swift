import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import TestSupport
@testable import Waypoint
@testable import WaypointTools

/// One preview to draw and compare with its snapshot.
struct SVGCase: Sendable, CustomTestStringConvertible {
    var name: String
    var step: WalkthroughStep<Void>
    var index: Int
    var count: Int
    var target: OverlayRect
    var screen: OverlaySize = phone
    var safeArea: Insets = phoneSafeArea

    var svg: String {
        OverlaySVG.document(step: step, index: index, of: count, screen: screen, target: target, safeArea: safeArea)
    }

    var testDescription: String { name }
}

@Suite("SVG previews of steps")
struct OverlaySVGSnapshotTests {
    static let escapingStep = WalkthroughStep<Void>(
        id: "quote", targetElementId: "a<b>&c", highlightShape: .rectangle(cornerRadius: 4),
        tooltipText: #"Tap <Layers> & drag "them" — it's <b>easy</b>"#, tooltipPosition: .auto,
        completionTrigger: .event(name: "<export & share>"), canSkip: true)

    static let cases: [SVGCase] = [
        SVGCase(name: "circle-below", step: layeringIntro, index: 0, count: 3, target: OverlayRect(x: 326, y: 56, width: 44, height: 44)),
        SVGCase(name: "rounded-rectangle-auto", step: layeringPanelCell, index: 1, count: 3, target: OverlayRect(x: 16, y: 300, width: 358, height: 56)),
        SVGCase(name: "rounded-rectangle-above", step: layeringToolbar, index: 2, count: 3, target: OverlayRect(x: 0, y: 760, width: 390, height: 50)),
        SVGCase(name: "above-flipped-below", step: layeringToolbar, index: 0, count: 3, target: OverlayRect(x: 120, y: 60, width: 150, height: 44)),
        SVGCase(name: "edge-left", step: layeringIntro, index: 0, count: 3, target: OverlayRect(x: 0, y: 400, width: 44, height: 44)),
        SVGCase(name: "edge-right", step: layeringPanelCell, index: 1, count: 3, target: OverlayRect(x: 346, y: 400, width: 44, height: 44)),
        SVGCase(name: "edge-top", step: layeringIntro, index: 0, count: 3, target: OverlayRect(x: 173, y: 0, width: 44, height: 30)),
        SVGCase(name: "edge-bottom", step: layeringPanelCell, index: 1, count: 3, target: OverlayRect(x: 173, y: 814, width: 44, height: 30)),
        SVGCase(name: "off-screen", step: layeringPanelCell, index: 1, count: 3, target: OverlayRect(x: 16, y: 1_200, width: 358, height: 56)),
        SVGCase(name: "too-large", step: layeringToolbar, index: 2, count: 3, target: OverlayRect(x: 0, y: 60, width: 390, height: 700)),
        SVGCase(name: "landscape-auto", step: layeringToolbar, index: 1, count: 3, target: OverlayRect(x: 400, y: 250, width: 200, height: 44),
                screen: OverlaySize(width: 844, height: 390), safeArea: Insets(left: 47, bottom: 21, right: 47)),
        SVGCase(name: "escaping", step: escapingStep, index: 3, count: 5, target: OverlayRect(x: 40, y: 500, width: 120, height: 40)),
    ]

    @Test("Each preview matches its snapshot", arguments: cases)
    func snapshot(_ svgCase: SVGCase) throws {
        try assertSnapshot(svgCase.svg, named: "\(svgCase.name).svg")
    }

    @Test("Each preview is well-formed XML with an svg root", arguments: cases)
    func wellFormed(_ svgCase: SVGCase) throws {
        let delegate = RootCollector()
        let parser = XMLParser(data: Data(svgCase.svg.utf8))
        parser.delegate = delegate
        #expect(parser.parse(), "\(parser.parserError.map(String.init(describing:)) ?? "")")
        #expect(delegate.elements.first == "svg")
        #expect(delegate.text.contains(svgCase.step.tooltipText.split(separator: " ").first.map(String.init) ?? ""))
    }

    @Test("Text is escaped: tooltip, instruction and target label read back unchanged")
    func escaping() throws {
        let svg = SVGCase(name: "escaping", step: Self.escapingStep, index: 3, count: 5, target: OverlayRect(x: 40, y: 500, width: 120, height: 40)).svg
        #expect(!svg.contains("<Layers>") && !svg.contains("<b>") && !svg.contains("& "))
        #expect(svg.contains("Tap &lt;Layers&gt; &amp; drag &quot;them&quot;"))
        #expect(svg.contains("it&apos;s &lt;b&gt;easy&lt;/b&gt;"))
        #expect(svg.contains("Waiting for “&lt;export &amp; share&gt;”"))
        let delegate = RootCollector()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = delegate
        #expect(parser.parse())
        #expect(delegate.text.contains(#"Tap <Layers> & drag "them""#))
        #expect(delegate.text.contains("a<b>&c"), "the target's label")
    }

    @Test("The preview shows Skip only when the step can be skipped, Next only for the button trigger, Back after the first step")
    func buttons() {
        let intro = SVGCase(name: "", step: layeringIntro, index: 0, count: 3, target: OverlayRect(x: 326, y: 56, width: 44, height: 44)).svg
        #expect(intro.contains(">Skip</text>") && !intro.contains(">Next</text>") && !intro.contains(">Back</text>"))
        #expect(intro.contains("Tap the highlighted element") && intro.contains(">1 of 3<"))
        let cell = SVGCase(name: "", step: layeringPanelCell, index: 1, count: 3, target: OverlayRect(x: 16, y: 300, width: 358, height: 56)).svg
        #expect(!cell.contains(">Skip</text>") && cell.contains(">Back</text>") && cell.contains("Continues in 4 s"))
        let toolbar = SVGCase(name: "", step: layeringToolbar, index: 2, count: 3, target: OverlayRect(x: 0, y: 760, width: 390, height: 50)).svg
        #expect(toolbar.contains(">Done</text>") && toolbar.contains(">Back</text>") && toolbar.contains(">3 of 3<"))
    }

    @Test("The preview's overlay is filled even-odd with the cutout; an off-screen target has none")
    func overlayPath() {
        let intro = SVGCase(name: "", step: layeringIntro, index: 0, count: 3, target: OverlayRect(x: 326, y: 56, width: 44, height: 44))
        let layout = OverlayLayout(step: intro.step, index: 0, of: 3, target: intro.target, screen: phone, safeArea: phoneSafeArea)
        #expect(intro.svg.contains("<path d=\"\(layout.cutout.svgPathData)\" fill=\"#000000\" fill-opacity=\"0.6\" fill-rule=\"evenodd\"/>"))
        let away = SVGCase(name: "", step: layeringIntro, index: 0, count: 3, target: OverlayRect(x: 326, y: -400, width: 44, height: 44)).svg
        #expect(away.contains("<path d=\"M0 0H390V844H0Z\""))
        #expect(!away.contains("<polygon"))
    }

    @Test("Previews by step id report unknown steps and unusable sizes in words")
    func previewErrors() throws {
        let walkthrough = Walkthrough<Void>(id: "layering", steps: [layeringIntro, layeringPanelCell, layeringToolbar])
        let svg = try OverlaySVG.document(walkthrough: walkthrough, stepId: "panel-cell", screen: phone, target: OverlayRect(x: 16, y: 300, width: 358, height: 56))
        #expect(svg.contains(">2 of 3<"))
        let unknown = #expect(throws: OverlayPreviewError.self) {
            try OverlaySVG.document(walkthrough: walkthrough, stepId: "nope", screen: phone, target: .zero)
        }
        #expect(unknown?.description == "Walkthrough 'layering' has no step 'nope'; its steps are intro, panel-cell, toolbar.")
        let flat = #expect(throws: OverlayPreviewError.self) {
            try OverlaySVG.document(walkthrough: walkthrough, stepId: "intro", screen: OverlaySize(width: 0, height: 844), target: .zero)
        }
        #expect(flat?.description == "The screen size 0x844 is not usable; give a width and a height greater than 0, such as 390x844.")
        let broken = #expect(throws: OverlayPreviewError.self) {
            try OverlaySVG.document(walkthrough: walkthrough, stepId: "intro", screen: phone, target: OverlayRect(x: 1, y: .nan, width: -3, height: 4))
        }
        #expect(broken?.description == "The target frame 1,0,-3,4 is not usable; give X,Y,W,H as finite numbers with W and H not negative, such as 320,60,44,44.")
    }
}

/// Collects element names and text while parsing.
final class RootCollector: NSObject, XMLParserDelegate {
    var elements: [String] = []
    var text = ""

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        elements.append(elementName)
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
    }
}
