import Foundation
import HTTPTypes
import Hummingbird
import Waypoint

/// An error answered to a client: a status and `{"error":{"code":"…","message":"…"}}`, plus the
/// diagnostics of a refused document and `Retry-After` when rate limited.
public struct APIError: Error, Sendable, HTTPResponseError {
    private enum Reason: Sendable {
        case badRequest(code: String, message: String)
        case unauthorized(String)
        case forbidden(String)
        case notFound(String)
        case conflict(String)
        case tooLarge(String)
        case invalidDocument(String, [Diagnostic])
        case rateLimited(retryAfter: Int)
        case unavailable(String)
        case internalError
    }

    private let reason: Reason

    private init(_ reason: Reason) { self.reason = reason }

    static func badRequest(_ message: String, code: String = "bad-request") -> APIError { APIError(.badRequest(code: code, message: message)) }
    static func unauthorized(_ message: String) -> APIError { APIError(.unauthorized(message)) }
    static func forbidden(_ message: String) -> APIError { APIError(.forbidden(message)) }
    static func notFound(_ message: String) -> APIError { APIError(.notFound(message)) }
    static func conflict(_ message: String) -> APIError { APIError(.conflict(message)) }
    static func tooLarge(_ message: String) -> APIError { APIError(.tooLarge(message)) }
    static func invalidDocument(_ message: String, diagnostics: [Diagnostic]) -> APIError { APIError(.invalidDocument(message, diagnostics)) }
    static func rateLimited(retryAfter: Int) -> APIError { APIError(.rateLimited(retryAfter: retryAfter)) }
    static func unavailable(_ message: String) -> APIError { APIError(.unavailable(message)) }
    static var internalError: APIError { APIError(.internalError) }

    public var status: HTTPResponse.Status {
        switch reason {
        case .badRequest: .badRequest
        case .unauthorized: .unauthorized
        case .forbidden: .forbidden
        case .notFound: .notFound
        case .conflict: .conflict
        case .tooLarge: .contentTooLarge
        case .invalidDocument: .unprocessableContent
        case .rateLimited: .tooManyRequests
        case .unavailable: .serviceUnavailable
        case .internalError: .internalServerError
        }
    }

    /// The stable machine-readable code.
    public var code: String {
        switch reason {
        case .badRequest(let code, _): code
        case .unauthorized: "unauthorized"
        case .forbidden: "forbidden"
        case .notFound: "not-found"
        case .conflict: "conflict"
        case .tooLarge: "too-large"
        case .invalidDocument: "invalid-document"
        case .rateLimited: "rate-limited"
        case .unavailable: "unavailable"
        case .internalError: "internal"
        }
    }

    /// What went wrong and how to fix it.
    public var message: String {
        switch reason {
        case .badRequest(_, let message), .unauthorized(let message), .forbidden(let message), .notFound(let message), .conflict(let message),
            .tooLarge(let message), .invalidDocument(let message, _), .unavailable(let message):
            message
        case .internalError:
            "The server failed to answer; the error is in its log. Retry later."
        case .rateLimited(let seconds):
            "Too many requests with this key; retry after \(seconds) second\(seconds == 1 ? "" : "s")."
        }
    }

    /// The diagnostics of a refused document (empty for other errors).
    var diagnostics: [Diagnostic] {
        if case .invalidDocument(_, let list) = reason { list } else { [] }
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]
        if case .rateLimited(let seconds) = reason {
            headers[.retryAfter] = String(seconds)
        }
        if status == .unauthorized {
            headers[.wwwAuthenticate] = "Bearer"
        }
        let diagnostics: [Diagnostic]? = if case .invalidDocument(_, let list) = reason { list } else { nil }
        let body = Body(error: .init(code: code, message: message), diagnostics: diagnostics)
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: try JSONBody.encode(body))))
    }

    private struct Body: Encodable {
        struct Detail: Encodable {
            let code: String
            let message: String
        }

        let error: Detail
        let diagnostics: [Diagnostic]?
    }
}

extension APIError {
    /// The answer to a store error.
    static func from(_ error: StoreError) -> APIError {
        if error.isConflict { return .conflict(error.description) }
        if error.isNotFound { return .notFound(error.description) }
        return .unavailable(error.description)
    }
}
