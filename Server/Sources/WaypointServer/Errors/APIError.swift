import Foundation
import HTTPTypes
import Hummingbird
import Waypoint

/// An error answered to a client: a status and `{"error":{"code":"…","message":"…"}}`, plus the
/// diagnostics of a refused document and `Retry-After` when rate limited.
public struct APIError: Error, Sendable, HTTPResponseError {
    private enum Reason: Sendable {
        case badRequest(code: String, message: String)
        case badEdit(index: Int?, message: String, diagnostics: [Diagnostic])
        case unauthorized(String)
        case forbidden(String)
        case notFound(code: String, message: String)
        case conflict(String)
        case tooLarge(String)
        case requestTimeout(String)
        case invalidDocument(String, [Diagnostic])
        case rateLimited(retryAfter: Int)
        case tooManyAttempts(String, retryAfter: Int)
        case unavailable(String)
        case storage(code: String, message: String, retryAfter: Int)
        case internalError
    }

    private let reason: Reason

    private init(_ reason: Reason) { self.reason = reason }

    static func badRequest(_ message: String, code: String = "bad-request") -> APIError { APIError(.badRequest(code: code, message: message)) }
    /// Edits refused (400 `bad-edit`): `index` is the edit's (from 0), answered as `error.edit`; nil
    /// when the list of edits itself is wrong. `diagnostics` are the format errors of the document the
    /// edit made, when that is why (located in that document, for the dashboard's fields; not in the body).
    static func badEdit(_ message: String, index: Int?, diagnostics: [Diagnostic] = []) -> APIError {
        APIError(.badEdit(index: index, message: message, diagnostics: diagnostics))
    }
    static func unauthorized(_ message: String) -> APIError { APIError(.unauthorized(message)) }
    static func forbidden(_ message: String) -> APIError { APIError(.forbidden(message)) }
    static func notFound(_ message: String, code: String = "not-found") -> APIError { APIError(.notFound(code: code, message: message)) }
    static func conflict(_ message: String) -> APIError { APIError(.conflict(message)) }
    static func tooLarge(_ message: String) -> APIError { APIError(.tooLarge(message)) }
    /// The request's body did not arrive in time (``RequestBodyTimeoutHandler``).
    static func requestTimeout(_ message: String) -> APIError { APIError(.requestTimeout(message)) }
    static func invalidDocument(_ message: String, diagnostics: [Diagnostic]) -> APIError { APIError(.invalidDocument(message, diagnostics)) }
    static func rateLimited(retryAfter: Int) -> APIError { APIError(.rateLimited(retryAfter: retryAfter)) }
    /// Too many failed or simultaneous password checks (``SignInLimits``): 429 with `Retry-After`.
    static func tooManyAttempts(_ message: String, retryAfter: Int) -> APIError { APIError(.tooManyAttempts(message, retryAfter: retryAfter)) }
    static func unavailable(_ message: String) -> APIError { APIError(.unavailable(message)) }
    /// Nothing can be stored now (503 with `Retry-After`): `storage-full`, `storage-unavailable` or `reports-rebuilding`.
    static func storage(code: String, message: String, retryAfter: Int) -> APIError {
        APIError(.storage(code: code, message: message, retryAfter: retryAfter))
    }
    static var internalError: APIError { APIError(.internalError) }

    public var status: HTTPResponse.Status {
        switch reason {
        case .badRequest, .badEdit: .badRequest
        case .unauthorized: .unauthorized
        case .forbidden: .forbidden
        case .notFound: .notFound
        case .conflict: .conflict
        case .tooLarge: .contentTooLarge
        case .requestTimeout: .requestTimeout
        case .invalidDocument: .unprocessableContent
        case .rateLimited, .tooManyAttempts: .tooManyRequests
        case .unavailable, .storage: .serviceUnavailable
        case .internalError: .internalServerError
        }
    }

    /// The stable machine-readable code.
    public var code: String {
        switch reason {
        case .badRequest(let code, _): code
        case .badEdit: "bad-edit"
        case .unauthorized: "unauthorized"
        case .forbidden: "forbidden"
        case .notFound(let code, _): code
        case .conflict: "conflict"
        case .tooLarge: "too-large"
        case .requestTimeout: "request-timeout"
        case .invalidDocument: "invalid-document"
        case .rateLimited, .tooManyAttempts: "rate-limited"
        case .unavailable: "unavailable"
        case .storage(let code, _, _): code
        case .internalError: "internal"
        }
    }

    /// What went wrong and how to fix it.
    public var message: String {
        switch reason {
        case .badRequest(_, let message), .badEdit(_, let message, _), .unauthorized(let message), .forbidden(let message), .notFound(_, let message), .conflict(let message),
            .tooLarge(let message), .requestTimeout(let message), .invalidDocument(let message, _), .unavailable(let message), .storage(_, let message, _),
            .tooManyAttempts(let message, _):
            message
        case .internalError:
            "The server failed to answer; the error is in its log. Retry later."
        case .rateLimited(let seconds):
            "Too many requests with this key; retry after \(seconds) second\(seconds == 1 ? "" : "s")."
        }
    }

    /// The diagnostics of a refused document, or of the document a refused edit made (empty for other errors).
    var diagnostics: [Diagnostic] {
        switch reason {
        case .invalidDocument(_, let list), .badEdit(_, _, let list): list
        default: []
        }
    }

    /// The index of the edit refused (from 0) of a `bad-edit` error; nil for other errors.
    var editIndex: Int? {
        if case .badEdit(let index, _, _) = reason { index } else { nil }
    }

    /// The seconds a client should wait before retrying (`Retry-After`): on 429, and on every 503.
    var retryAfter: Int? {
        switch reason {
        case .rateLimited(let seconds), .storage(_, _, let seconds), .tooManyAttempts(_, let seconds): seconds
        case .unavailable: Self.unavailableRetryAfter
        default: nil
        }
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]
        if let retryAfter {
            headers[.retryAfter] = String(retryAfter)
        }
        if status == .unauthorized {
            headers[.wwwAuthenticate] = "Bearer"
        }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: try body())))
    }

    /// The JSON body: `{"error":{"code","message"}}`, with the index of a refused edit (`error.edit`)
    /// and the diagnostics of a refused document.
    func body() throws -> [UInt8] {
        let diagnostics: [Diagnostic]? = if case .invalidDocument(_, let list) = reason { list } else { nil }
        let edit: Int? = if case .badEdit(let index, _, _) = reason { index } else { nil }
        return try JSONBody.encode(Body(error: .init(code: code, message: message, edit: edit), diagnostics: diagnostics))
    }

    private struct Body: Encodable {
        struct Detail: Encodable {
            let code: String
            let message: String
            /// The index of the edit refused, for `bad-edit`.
            let edit: Int?
        }

        let error: Detail
        let diagnostics: [Diagnostic]?
    }
}

extension APIError {
    /// `Retry-After` of a store that cannot store now: a full disk waits for someone to free space;
    /// a lost database is often back within seconds.
    static let storageFullRetryAfter = 60
    static let unavailableRetryAfter = 10
    /// `Retry-After` while the report ledger is rebuilt: minutes for a large store.
    static let reportsRebuildingRetryAfter = 30

    /// The answer to a store error.
    static func from(_ error: StoreError) -> APIError {
        if error.isConflict { return .conflict(error.description) }
        if error.isNotFound { return .notFound(error.description) }
        if error.isStorageFull {
            return .storage(code: "storage-full", message: error.description, retryAfter: storageFullRetryAfter)
        }
        if error.isReportsNotReady {
            return .storage(code: "reports-rebuilding", message: error.description, retryAfter: reportsRebuildingRetryAfter)
        }
        if error.isStorageUnavailable {
            return .storage(code: "storage-unavailable", message: error.description, retryAfter: unavailableRetryAfter)
        }
        return .unavailable(error.description)
    }

    /// The answer to `error` when it is a ``StoreError`` or says that nothing can be stored now
    /// (see ``StoreError/init(storageFailure:)``); nil for other errors, which stay a 500.
    static func storageFailure(_ error: any Error) -> APIError? {
        StoreError(storageFailure: error).map(from)
    }
}
