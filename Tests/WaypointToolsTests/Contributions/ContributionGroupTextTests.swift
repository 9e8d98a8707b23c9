import Foundation
import Testing
@testable import WaypointTools

/// A group's canonical text is written by hand, once per row: these hold it to the bytes that
/// `JSONEncoder` with sorted keys writes, which the stored groups were written with.
@Suite struct ContributionGroupTextTests {
    /// Texts that test escaping and key order: quotes, backslashes, slashes, every control
    /// character, DEL, separators, letters of both cases, digits, one letter written precomposed
    /// and decomposed, and characters whose UTF-8 and UTF-16 orders differ.
    static let texts: [String] = [
        "", "a", "A", "b", "B", "a10", "a9", "_x", "a/b", "say \"hi\"", "back\\slash", "tab\t", "new\nline", "ret\r",
        "bell\u{7}", "bs\u{8}", "ff\u{C}", "del\u{7F}", "ls\u{2028}", "ps\u{2029}", "é", "e\u{301}", "ü", "日本", "😀", "\u{FF01}", "\u{E000}",
        String((0..<32).map { Character(Unicode.Scalar(UInt8($0))) }),
    ]

    static func encoded(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// A map of some of ``texts``, chosen by `seed`.
    static func map(_ seed: Int) -> [String: String] {
        var map: [String: String] = [:]
        for (index, text) in texts.enumerated() where (index + seed) % 3 != 0 { map[text] = texts[(index + seed) % texts.count] }
        return map
    }

    @Test(arguments: 0..<texts.count)
    func flowGroup(seed: Int) throws {
        let text = Self.texts[seed]
        let groups = [
            FlowGroup(appVersion: text, revision: Int64(seed) - 3, variation: Self.texts[(seed + 1) % Self.texts.count],
                      experiments: Array(Self.texts.prefix(seed)), variations: Self.map(seed)),
            FlowGroup(appVersion: nil, revision: nil, variation: nil, experiments: [], variations: [:]),
            FlowGroup(appVersion: nil, revision: .max, variation: text, experiments: [text], variations: [text: text]),
        ]
        for group in groups {
            #expect(group.text == (try Self.encoded(group)))
            #expect(try FlowGroup(text: group.text) == group)
        }
    }

    @Test(arguments: 0..<texts.count)
    func walkthroughAndExperimentGroups(seed: Int) throws {
        let text = Self.texts[seed]
        let walkthroughs = [
            WalkthroughGroup(variation: text, variations: Self.map(seed), experiments: Array(Self.texts.suffix(seed)), appVersion: text),
            WalkthroughGroup(variation: nil, variations: [:], experiments: [], appVersion: nil),
        ]
        for group in walkthroughs { #expect(ContributionGroup.text(group) == (try Self.encoded(group))) }
        let experiments = [
            ExperimentGroup(experiment: text, variation: Self.texts[(seed + 2) % Self.texts.count], seen: Array(Self.texts.prefix(seed)), walkthrough: true),
            ExperimentGroup(experiment: text, variation: text, seen: [], walkthrough: nil),
            ExperimentGroup(experiment: "", variation: "", seen: [text], walkthrough: false),
        ]
        for group in experiments { #expect(ContributionGroup.text(group) == (try Self.encoded(group))) }
    }

    /// Ids compare by their bytes, whatever their storage: equal only when the bytes are, ordered as the stores order them.
    @Test(arguments: 0..<texts.count)
    func exactIDsCompareBytes(seed: Int) {
        let text = Self.texts[seed]
        // A string not stored contiguously (bridged or lazily built) takes the general path.
        let copied = String(decoding: Array(text.utf8), as: UTF8.self)
        #expect(ExactID(text) == ExactID(copied))
        #expect(!(ExactID(text) < ExactID(copied)))
        for other in Self.texts {
            #expect((ExactID(text) == ExactID(other)) == Array(text.utf8).elementsEqual(Array(other.utf8)))
            #expect((ExactID(text) < ExactID(other)) == Array(text.utf8).lexicographicallyPrecedes(Array(other.utf8)))
        }
        #expect(ExactID("e\u{301}") != ExactID("é"))
    }
}
