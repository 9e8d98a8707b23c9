import Foundation
import Waypoint

/// The client side of the conformance cases, over the core: what `waypoint conformance-client`
/// answers, and what the test suite checks every case with (docs/CLIENTS.md).
enum ConformanceClient {
    /// Why a request cannot be answered: a malformed request or input, said so the case's author can fix it.
    struct RequestError: Error, CustomStringConvertible {
        let description: String
    }

    /// The answer line to a request line: `{"id":…,"output":…}`, or `{"id":…,"error":"…"}` when the
    /// request or its input is not understood.
    static func answer(line: String) -> String {
        let request: JSONValue
        do {
            request = try JSONDecoder().decode(JSONValue.self, from: Data(line.utf8))
        } catch {
            return encode(.object(["id": .null, "error": "the request is not one JSON object on one line"]))
        }
        let id = request["id"] ?? .null
        do {
            guard let name = request["kind"]?.stringValue else { throw RequestError(description: "the request has no string `kind`") }
            guard let kind = ConformanceKind(rawValue: name) else {
                throw RequestError(description: "unknown kind `\(name)`; this client answers "
                    + ConformanceKind.allCases.map(\.rawValue).joined(separator: ", "))
            }
            guard let input = request["input"] else { throw RequestError(description: "the request has no `input`") }
            return encode(.object(["id": id, "output": try output(kind: kind, input: input)]))
        } catch {
            return encode(.object(["id": id, "error": .string(String(describing: error))]))
        }
    }

    /// What the core answers to `input`, a case of `kind`.
    static func output(kind: ConformanceKind, input: JSONValue) throws -> JSONValue {
        switch kind {
        case .text: try text(try decode(TextInput.self, from: input))
        case .documents: try documents(try decode(DocumentsInput.self, from: input))
        case .assignment: try assignment(try decode(AssignmentInput.self, from: input))
        case .walkthroughs: try walkthroughs(try decode(WalkthroughsInput.self, from: input))
        case .delivery: try delivery(try decode(DeliveryInput.self, from: input))
        case .navigation: try navigation(try decode(NavigationInput.self, from: input))
        }
    }

    /// `value` as one line of JSON with sorted keys.
    static func encode(_ value: JSONValue) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(value)) ?? Data("null".utf8), as: UTF8.self)
    }

    /// A case's input as `T`: refused, with the reason, when a required member is missing or of
    /// the wrong type, or when the input has a member `T` does not know.
    static func decode<T: ConformanceInput>(_ type: T.Type, from input: JSONValue) throws -> T {
        if case .object(let members) = input {
            let unknown = Set(members.keys).subtracting(T.keys)
            guard unknown.isEmpty else {
                throw RequestError(description: "the input has the unknown member " + unknown.sorted().map { "`\($0)`" }.joined(separator: ", ")
                    + "; a \(T.self) has " + T.keys.sorted().map { "`\($0)`" }.joined(separator: ", "))
            }
        }
        do {
            return try JSONDecoder().decode(T.self, from: JSONEncoder().encode(input))
        } catch let error as DecodingError {
            throw RequestError(description: "the input is not a \(T.self): " + reason(error))
        }
    }

    private static func reason(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
            return keys.isEmpty ? "the input" : "`input\(keys)`"
        }
        switch error {
        case .keyNotFound(let key, let context): return "\(path(context)) has no `\(key.stringValue)`"
        case .typeMismatch(let type, let context): return "\(path(context)) is not a \(type)"
        case .valueNotFound(let type, let context): return "\(path(context)) is null where a \(type) is needed"
        case .dataCorrupted(let context): return "\(path(context)): \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }
}

/// The input of one kind of case: its members, so that one a client does not know is refused.
protocol ConformanceInput: Decodable {
    /// The names of the input's members.
    static var keys: Set<String> { get }
}
