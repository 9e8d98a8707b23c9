import Testing
@testable import WaypointTools

@Suite("SVG markup")
struct SVGMarkupTests {
    @Test("XML escaping covers the five special characters and drops characters XML forbids")
    func escaping() {
        #expect(SVGMarkup.escape(#"a < b && "c" > 'd'"#) == "a &lt; b &amp;&amp; &quot;c&quot; &gt; &apos;d&apos;")
        #expect(SVGMarkup.escape("bell\u{7}\u{0}tab\tline\nend") == "belltab line end")
        #expect(SVGMarkup.escape("図層 🎨") == "図層 🎨")
    }
}
