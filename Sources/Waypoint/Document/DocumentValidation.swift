import Foundation

/// The result of reading a document: the model when it is valid, and every problem found.
public struct DocumentValidation: Sendable {
    /// The document, when it has no error (warnings do not prevent it).
    public let document: WaypointDocument?
    /// Every problem of the text and the format, sorted by line and column.
    public let diagnostics: [Diagnostic]
    /// The parsed text, for locating paths; `nil` when the text is not valid JSON.
    package let source: DocumentSource?

    /// Whether the document could be read without error.
    package var isValid: Bool { document != nil }

}

extension WaypointDocument {
    /// Reads a document strictly and reports every problem in one pass, each with its JSON path, line and column.
    ///
    /// Unknown keys, values of the wrong type, values outside their enumeration or range, bad ids, negative
    /// durations, conditions GrowthBook cannot evaluate, repeated keys and a `schemaVersion` other than 1 are
    /// errors. A syntax error stops the reading (its line and column are reported); any other problem does not.
    public static func validate(_ data: Data) -> DocumentValidation {
        validate(bytes: [UInt8](data))
    }

    /// Reads a document from text; see ``validate(_:)-(Data)``.
    package static func validate(_ text: String) -> DocumentValidation {
        validate(bytes: Array(text.utf8))
    }

    /// Reads a document as ``validate(_:)-(Data)`` does, with unknown keys reported at `unknownKeys` severity.
    ///
    /// An app reading a document published after it was built passes `.warning`: a newer document that
    /// only adds keys is then used, with a warning for each key this version does not know. Every other
    /// problem, including a `schemaVersion` this version does not read, is still an error.
    package static func validate(_ data: Data, unknownKeys: Diagnostic.Severity) -> DocumentValidation {
        validate(bytes: [UInt8](data), unknownKeys: unknownKeys)
    }

    /// Reads a document and throws when it has any error; the error lists every diagnostic.
    public init(validating data: Data) throws(DocumentError) {
        let validation = WaypointDocument.validate(data)
        guard let document = validation.document else {
            throw DocumentError.invalid(validation.diagnostics)
        }
        self = document
    }

    static func validate(bytes: [UInt8], unknownKeys: Diagnostic.Severity = .error) -> DocumentValidation {
        switch JSONTapeParser.parse(bytes) {
        case .failure(let failure):
            let location = SourceText.location(of: failure.offset, in: bytes)
            let diagnostic = Diagnostic(.error, failure.code, path: "", at: location, failure.message)
            return DocumentValidation(document: nil, diagnostics: [diagnostic], source: nil)
        case .success(let tape):
            var decoder = DocumentDecoder(tape: tape, unknownKeySeverity: unknownKeys)
            let document = decoder.decodeDocument()
            var diagnostics: [Diagnostic] = []
            if !decoder.problems.isEmpty {
                let locations = SourceText.locations(of: decoder.problems.map(\.offset), in: bytes)
                diagnostics = zip(decoder.problems, locations).map { problem, location in
                    Diagnostic(problem.severity, problem.code, path: problem.path, at: location, problem.message)
                }.sortedByLocation()
            }
            return DocumentValidation(document: document, diagnostics: diagnostics, source: DocumentSource(tape: tape))
        }
    }
}
